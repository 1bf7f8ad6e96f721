"""The JSON text of what the server writes: states, results and frames.

The server encodes a match's state once per version (stored and
broadcast), each viewer class's frame once per version, and parses a state
read from the database or from another worker's event. Those texts are
made here with msgspec, about 8x faster to write and 2x faster to read than
the standard ``json`` module for a match state (docs/BENCHMARKS.md, issue
13). The text is the same compact JSON ``json.dumps(obj, separators=(",",
":"))`` writes for the engine's data (key order kept, integers of any size:
a match seed has 256 bits), except that characters outside ASCII are
written as UTF-8, not ``\\u`` escapes; either reads back to equal values.

Only for data the server made: messages from a client are still read with
``json`` by the consumer, whose refusals of malformed input are specified
there (docs/PROTOCOL.md).
"""

import msgspec

_encoder = msgspec.json.Encoder()
_decoder = msgspec.json.Decoder()


def dumps(obj) -> str:
    """The compact JSON text of ``obj`` (dicts, lists, str, int of any size,
    float, bool, None; dict keys str or int; a tuple or a set is written as
    an array). Raises TypeError for anything else, like ``json.dumps``."""
    try:
        return _encoder.encode(obj).decode()
    except msgspec.EncodeError as err:
        raise TypeError(str(err)) from None


def loads(text: str | bytes):
    """The value of JSON ``text`` the server wrote. Raises ValueError when
    it is not JSON."""
    try:
        return _decoder.decode(text)
    except msgspec.DecodeError as err:
        raise ValueError(str(err)) from None
