"""The one parser of the REST API: JSON bodies (issue 27, point 3).

Every write of the API reads its body through this parser (settings
REST_FRAMEWORK ``DEFAULT_PARSER_CLASSES``), so each bad body of any kind is
refused the same way: a 400 ParseError with a sentence (``code``
``bad_json``), never a server error. Form and multipart bodies are refused
with 415 (the API's bodies hold lists and objects a form cannot carry).
"""

import re

from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

# No request of the API nests deeper than a few levels (a deck's cards, a
# table's options); deeper bodies are refused before any view reads them.
MAX_DEPTH = 32


# A UTF-16 surrogate code point: JSON's \uXXXX escapes can name one alone,
# which is no character (UTF-8 cannot encode it, nor can the database store it).
SURROGATE = re.compile("[\ud800-\udfff]")


def walk(value):
    """Yield ``(item, depth)`` for ``value`` (parsed JSON) and everything in
    it, an object's keys included (as scalars inside the object): depth 0
    for ``value`` itself. Iterative, so no depth overflows the stack."""
    stack = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        yield item, depth
        if isinstance(item, dict):
            stack.extend((child, depth + 1) for pair in item.items() for child in pair)
        elif isinstance(item, list):
            stack.extend((child, depth + 1) for child in item)


def nesting_depth(value) -> int:
    """How deep ``value`` (parsed JSON) nests: 0 for a scalar, 1 for a flat
    list or object, and so on."""
    return max(depth + isinstance(item, (dict, list)) for item, depth in walk(value))


def holds_surrogate(value) -> bool:
    """Whether a string in ``value`` (parsed JSON), key or value, holds a lone surrogate."""
    return any(isinstance(item, str) and SURROGATE.search(item) for item, _ in walk(value))


class JSONBodyParser(JSONParser):
    """DRF's JSON parser (strict: no NaN or Infinity) whose every refusal is
    a ParseError with a sentence: text that is not JSON or not UTF-8, and
    JSON nested deeper than MAX_DEPTH (Python's parser raises RecursionError
    on very deep input, which DRF's own parser lets escape as a 500), and a
    string holding a lone surrogate (``"\\ud800"``: no character, so no
    field could take it)."""

    def parse(self, stream, media_type=None, parser_context=None):
        """Return the parsed body; raise ParseError (400, ``bad_json``) with a sentence."""
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError(f"The request body nests deeper than {MAX_DEPTH} levels.", code="bad_json") from None
        except ParseError as err:
            reason = str(err.detail).removeprefix("JSON parse error - ")
            raise ParseError(f"The request body is not valid JSON ({reason}).", code="bad_json") from None
        if nesting_depth(data) > MAX_DEPTH:
            raise ParseError(f"The request body nests deeper than {MAX_DEPTH} levels.", code="bad_json")
        if holds_surrogate(data):
            raise ParseError(
                "The request body holds a \\u escape that is half of a character (a lone "
                "surrogate): send text as UTF-8.",
                code="bad_json",
            )
        return data
