"""The server's JSON texts (game/jsontext.py) and the engine memo shared by
the renders of one version (rules.reading, game/fanout.py; issue 13).

- A state, a result and a frame read back equal to what was written, also
  with a 256-bit seed and names outside ASCII; the text is the compact
  text ``json.dumps`` writes for ASCII data; what is not JSON data (but a set or a tuple:
  an array) is a TypeError, what is not JSON text a ValueError.
- Rendering every viewer of a version with one shared memo gives each of
  them exactly the message a render of its own gives, in every mode.
"""

import json
import random

import pytest

from game import jsontext, rules
from game.codex import catalog
from game.services import render_for
from game.statereads import Snapshot
from tests.server.matchkit import playable


def test_texts_read_back_equal_with_big_seeds_and_any_names():
    state = rules.new_game(
        {
            "mode": "1hero",
            "seed": 2**255 + 12345,
            "seats": [{"name": "Zoë 🐉", "hero": "troq_bashar"}, {"name": "Ана", "hero": "river_montoya"}],
        }
    )
    text = jsontext.dumps(state)
    assert jsontext.loads(text) == state == json.loads(text)
    assert jsontext.loads(text)["seed"] == 2**255 + 12345
    plain = {"a": [1, 2, {"b": None, "c": True}], "d": "x"}
    assert jsontext.dumps(plain) == json.dumps(plain, separators=(",", ":"))
    assert jsontext.dumps({1: "one"}) == '{"1":"one"}'  # int keys as json.dumps writes them


def test_what_is_not_json_is_refused():
    with pytest.raises(TypeError):
        jsontext.dumps({"when": object()})
    with pytest.raises(ValueError):
        jsontext.loads('{"version": 3')


def strict(doc) -> str:
    """A JSON text that tells true from 1."""
    return json.dumps(doc, sort_keys=True)


@pytest.mark.parametrize("mode,seats", [("1hero", 2), ("3hero", 2), ("2hg", 4), ("ffa", 3)])
def test_renders_sharing_one_memo_are_each_viewers_own(mode, seats):
    heroes = catalog.playable_heroes()
    picker = random.Random(7)
    per_seat = 3 if mode == "3hero" else 1
    config = {
        "mode": mode,
        "seed": 11,
        "seats": [
            {
                "name": f"P{i}",
                **({"heroes": picker.sample(heroes, 3)} if per_seat == 3 else {"hero": picker.choice(heroes)}),
            }
            for i in range(seats)
        ],
    }
    state = rules.new_game(config)
    rng = random.Random(3)
    kept = 0
    for version in range(150):
        snapshot = Snapshot(version, state, "playing", None)
        memo = {}
        for viewer in [*range(seats), None]:
            shared = render_for(snapshot, viewer, memo)
            alone = render_for(snapshot, viewer)
            assert strict(shared) == strict(alone), (mode, version, viewer)
        kept += bool(memo)
        movers = [s for s in range(seats) if playable(state, s)]
        if state["status"] != "playing" or not movers:
            break
        seat = rng.choice(movers)
        state, _ = rules.apply_action(state, seat, rng.choice(playable(state, seat)))
    assert kept > 20, "the renders shared nothing"
