"""What the published OpenAPI schema says about refusals (issue 27, point 12).

The views name the refusals each operation answers with
(``extend_schema(responses={..., **refusals(400, 404)})``); the schema hook
``add_common_refusals`` adds those every operation may answer: 403 (not
logged in, no CSRF token, not allowed), 429 (the API throttle, settings
``API_RATE``), 413 on a write whose body is over the size Django reads
(codexsite.apierrors) and, where a body is read, 400 for a body that is
not JSON and 415 for one that is not sent as JSON (codexsite.apiparsers). The bodies
are the components ``Error``, ``FieldErrors`` and ``DeckError``
(codexsite.apierrors says when each is used).

The hook ``add_csrf_security`` says what a write needs besides the session
cookie: the CSRF token, as cookie and as header (Django's CSRF check, which
DRF's session authentication runs on every write).
"""

from typing import Any

from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers

# A refusal of single fields: each field's sentences (a list or an object
# field: per item, or per key).
FIELD_ERRORS = {
    "type": "object",
    "description": "The fields that are wrong, each with its sentences (a list or object field: per item).",
    "additionalProperties": {
        "anyOf": [{"type": "array", "items": {"type": "string"}}, {"type": "object"}],
    },
}
ERROR: dict[str, Any] = {
    "type": "object",
    "description": "A refusal: a stable code and a sentence for a player.",
    "properties": {
        "code": {"type": "string", "description": "Stable and machine-readable: no_table, seat_taken, bad_json..."},
        "detail": {"type": "string", "description": "What went wrong, as a sentence for a player."},
    },
    "required": ["code", "detail"],
}
DECK_ERROR = {
    "type": "object",
    "description": "A refusal of the deck builder; problems: the K1 problems of an illegal deck "
    "(a refusal before the deck builder reads the request has none).",
    "properties": {
        **ERROR["properties"],
        "problems": {"type": "array", "items": {"$ref": "#/components/schemas/DeckProblem"}},
    },
    "required": ["code", "detail"],
}
DECK_PROBLEM = {
    "type": "object",
    "description": "One way a deck breaks house rule K1 (game.c23.validate_deck).",
    "properties": {"code": {"type": "string"}, "message": {"type": "string"}},
    "required": ["code", "message"],
}
COMPONENTS = {"Error": ERROR, "FieldErrors": FIELD_ERRORS, "DeckError": DECK_ERROR, "DeckProblem": DECK_PROBLEM}

WHY = {
    400: "The request is refused as it stands (the sentence says why).",
    403: "Not logged in, no CSRF token on a write, or not allowed.",
    404: "No such thing, or nothing the caller may see (the same answer).",
    409: "It conflicts with how things stand now (taken, started, a limit reached).",
    413: "The body is larger than the server reads (DATA_UPLOAD_MAX_MEMORY_SIZE).",
    415: "The body is not sent as JSON.",
    429: "Too many requests: the API throttle (Retry-After says when to try again).",
}


def exact_text(**kwargs) -> serializers.CharField:
    """A CharField (``kwargs`` as CharField takes them) that checks the text
    as sent, spaces around it included: the lengths the schema publishes are
    the ones checked (DRF's default trims first, so a string longer than
    ``maxLength`` was accepted)."""
    return serializers.CharField(trim_whitespace=False, **kwargs)


class ChoiceOf(serializers.ChoiceField):
    """DRF's ChoiceField (same arguments) whose refusal names the choices,
    never the value sent (DRF's sentence repeats it whole: a 2 MB answer
    to a 2 MB value)."""

    def __init__(self, choices, **kwargs):
        super().__init__(choices, **kwargs)
        self.error_messages["invalid_choice"] = f"Pick one of: {', '.join(map(str, self.choices))}."


def _ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


def refusals(*statuses: int, fields: bool = False, deck: bool = False) -> dict:
    """``{status: OpenApiResponse}`` for ``extend_schema(responses=...)``:
    the refusals ``statuses`` of an operation, each an ``Error`` body
    (``deck``: a ``DeckError``); ``fields``: its 400 may also be
    ``FieldErrors`` (a body checked by a serializer)."""
    body = _ref("DeckError") if deck else _ref("Error")
    out = {}
    for status in statuses:
        schema = {"anyOf": [body, _ref("FieldErrors")]} if status == 400 and fields else body
        out[status] = OpenApiResponse(response=schema, description=WHY[status])
    return out


def add_common_refusals(result, generator, request, public):
    """drf-spectacular postprocessing hook: add the error components and, to
    every operation, the refusals any call may meet (403, 429; 413 on a
    write; 400 and 415 where a request body is read). Returns the schema."""
    result.setdefault("components", {}).setdefault("schemas", {}).update(COMPONENTS)
    for operations in result.get("paths", {}).values():
        for method, operation in operations.items():
            responses = operation["responses"]
            common = (
                [403, 429] + ([413] if method in WRITES else []) + ([400, 415] if "requestBody" in operation else [])
            )
            for status in common:
                responses.setdefault(
                    str(status),
                    {"description": WHY[status], "content": {"application/json": {"schema": _ref("Error")}}},
                )
            responses["429"]["headers"] = {
                "Retry-After": {
                    "description": "Seconds to wait before the next request.",
                    "schema": {"type": "string", "pattern": "^[0-9]+$"},
                }
            }
    return result


WRITES = ("post", "put", "patch", "delete")
CSRF_SCHEMES = {
    "csrfCookie": {
        "type": "apiKey",
        "in": "cookie",
        "name": "csrftoken",
        "description": "The CSRF token cookie the pages get (every write).",
    },
    "csrfHeader": {
        "type": "apiKey",
        "in": "header",
        "name": "X-CSRFToken",
        "description": "The csrftoken cookie's value, sent again as this header (every write).",
    },
}


def add_csrf_security(result, generator, request, public):
    """drf-spectacular postprocessing hook: every write needs the session
    cookie and the CSRF token as cookie and header (settings
    CSRF_COOKIE_HTTPONLY False: the pages' script reads it). Returns the schema."""
    result.setdefault("components", {}).setdefault("securitySchemes", {}).update(CSRF_SCHEMES)
    for operations in result.get("paths", {}).values():
        for method, operation in operations.items():
            if method in WRITES:
                operation["security"] = [
                    {**requirement, **{name: [] for name in CSRF_SCHEMES}}
                    for requirement in operation.get("security", [])
                ]
    return result
