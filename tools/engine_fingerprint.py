"""One hash of everything the Codex engine answers over many bot games, to
show that a change made for speed leaves its results byte for byte the same
(issue 13, "What must not change").

Wider than the behaviour corpus (tools/behaviour_corpus.py, which hashes
views, events and final states): before every action of 5 modes (1-hero,
3-hero, Two-Headed Dragon, free-for-all of 3 and of 5) x 8 seeds x the
random and greedy bots, it hashes every seat's legal actions and view, the
spectators' view and the refusal (code and sentence) of a few probe
actions for every seat; then the action, its events and the state after
it, applying with ``apply_action`` and ``apply_action_in_place`` in turn.
Every 7th step the frames are also rendered inside one shared memo
(``rules.reading``, as the server renders a version) and must equal the
plain ones.

Run from the root of the tree to check (``python -m tools.engine_fingerprint``,
about 2 minutes) on the commit before a change and after it: the two lines
printed (the sha256 and the number of actions) must be the same. A change
of the rules or of a log sentence changes it on purpose.
"""

import hashlib
import json

from game.codex.bots import _next_to_act
from game.rules import RulesError, apply_action, apply_action_in_place, legal_actions, new_game, reading, view
from tools.behaviour_corpus import BOTS, _config

ROWS = ("1hero", "3hero", "2hg", "ffa-3", "ffa-5")
SEEDS = range(8)
MAX_ACTIONS = 800
# Actions that are often refused, asked of every seat before each step.
PROBES = (
    {"type": "end_main"},
    {"type": "attack", "attacker": "c1", "target": "base:0"},
    {"type": "play", "card": "c5"},
    {"type": "level_up", "hero": "c2"},
)


def _canon(value) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":")).encode()


def _frames(state: dict, seats: int) -> list:
    """Each seat's legal actions and view, then the spectators' view."""
    out = []
    for seat in range(seats):
        out += [legal_actions(state, seat), view(state, seat)]
    return out + [view(state, None)]


def fingerprint() -> tuple[str, int]:
    """``(sha256 hex, actions played)`` over every game described above.
    Raises AssertionError when frames rendered inside a shared memo differ
    from the same frames rendered alone."""
    digest = hashlib.sha256()
    total = 0
    for row in ROWS:
        for seed in SEEDS:
            for bot in ("random", "greedy"):
                config = _config(row, seed)
                seats = len(config["seats"])
                bots = [BOTS[bot](seed * 10 + i) for i in range(seats)]
                state = new_game(config)
                step = 0
                while state["status"] == "playing" and step < MAX_ACTIONS:
                    frames = _frames(state, seats)
                    for frame in frames:
                        digest.update(_canon(frame))
                    if step % 7 == 0:
                        with reading(state):
                            shared = _frames(state, seats)
                        assert _canon(shared) == _canon(frames), (row, seed, bot, step)
                    for probe in PROBES:
                        for seat in range(seats):
                            try:
                                apply_action(state, seat, dict(probe))
                                digest.update(b"ok")
                            except RulesError as err:
                                digest.update(_canon([err.code, str(err)]))
                    seat = _next_to_act(state, step)
                    action = bots[seat].choose(state, seat)
                    if action is None:
                        break
                    if step % 2:
                        state, events = apply_action(state, seat, action)
                    else:
                        events = apply_action_in_place(state, seat, action)
                    digest.update(_canon(action) + _canon(events) + _canon(state))
                    step += 1
                total += step
    return digest.hexdigest(), total


if __name__ == "__main__":
    print(*fingerprint())
