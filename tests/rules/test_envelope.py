"""The envelope's plain-JSON check (game.kernel.envelope.require_plain_json):
its shortcut for actions of the usual shape must refuse exactly what
writing the action out with json.dumps refuses, at the size limit too."""

import enum
import json

import pytest

from game.kernel.envelope import _size_bound, require_plain_json
from game.kernel.errors import RulesError

SMALL = 64
LIMITS = (SMALL, 4096)  # the shortcut never fits 64 bytes; at 4096 it takes the usual actions


class _Name(str):
    pass


class _Level(enum.IntEnum):
    TWO = 2


def _circular():
    items = ["c1"]
    items.append(items)
    return {"type": "choose", "choice": items}


CASES = [
    {"type": "attack", "attacker": "c17", "target": "c33"},
    {"type": "choose", "choice": ["c12", "c14", 3, True, None]},
    {"type": "x" * (SMALL - 12)},  # {"type": "..."} is exactly SMALL long
    {"type": "x" * (SMALL - 11)},  # one over
    {"type": "\U0001f600" * 5},  # 60 characters once escaped
    {"type": "\U0001f600" * 6},  # 72
    {"type": "\n" * 24},
    {"type": "play", "level": 10**5000},  # too many digits: json.dumps refuses it
    {"type": "play", "choice": [10**5000]},
    {"type": "play", "level": 1 << 63},
    {"type": "play", "level": -(1 << 63) + 1},
    {"type": "play", "level": float("nan")},
    {"type": "play", "level": _Level.TWO},
    {"type": _Name("play")},
    {"type": "play", 7: "key"},
    {"type": "play", True: "key"},
    {"type": "play", (1, 2): "key"},
    {"type": "play", "targets": ("c1", "c2")},
    {"type": "play", "targets": [["c1"]]},
    {"type": "play", "targets": [{"c1": 1}]},
    {"type": "play", "card": {"id": "c1"}},
    {"type": "play", "card": object()},
    {"type": "play", "targets": [object()]},
    {"type": "play", "card": b"c1"},
    _circular(),
    ["type", "play"],
    "play",
]


def _written_out(action, limit: int) -> str | None:
    """What the check must say: the refusal's message, or None to pass."""
    try:
        size = len(json.dumps(action))
    except (TypeError, ValueError, RecursionError):
        return "An action must be plain JSON."
    return "That action is too large." if size > limit else None


@pytest.mark.parametrize("limit", LIMITS)
@pytest.mark.parametrize("action", CASES, ids=range(len(CASES)))
def test_plain_json_check_refuses_what_json_dumps_refuses(action, limit):
    expected = _written_out(action, limit)
    if expected is None:
        require_plain_json(action, limit)
        return
    with pytest.raises(RulesError) as info:
        require_plain_json(action, limit)
    assert (info.value.code, info.value.message) == ("bad_action", expected)


def test_cases_cover_passes_and_both_refusals():
    verdicts = {_written_out(a, LIMITS[0]) for a in CASES}
    assert verdicts == {None, "An action must be plain JSON.", "That action is too large."}


def test_shortcut_bound_is_never_below_the_written_size():
    bounded = [(a, _size_bound(a)) for a in CASES if _size_bound(a) is not None]
    assert len(bounded) >= 8  # the shortcut does take the usual shapes
    for action, bound in bounded:
        assert bound >= len(json.dumps(action)), action
