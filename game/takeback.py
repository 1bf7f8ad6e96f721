"""Taking back a seat's last action in a match against bots (issue 34 point 2;
docs/LEARN.md "Take back"; the policy of who may: game.assist).

The action log stays append-only and versions only grow: a take-back is a
new version whose state is the state before the seat's last action, rebuilt
by replaying the log from the match's config (the engines are
deterministic). Its log entry is a marker, ``{"type": "take_back", "undo":
n}``: the last ``n`` actions of the log as it then stood are undone (the
seat's action and the bots' after it). The row stores the rebuilt state as a
snapshot of that version, so nothing replays a marker into the engine;
:func:`effective` turns a log with markers into the actions that made its
state (replays, game.replays).

Nothing hidden may have been revealed since the action (no draw, no reveal,
no random outcome), else the seat would take back with knowledge it did not
have: :func:`revealed_since` decides from the engine, by trying the undone
actions again in worlds the seat cannot tell from the real one.
"""

import json
import random
from dataclasses import dataclass

from game import rules

TAKE_BACK = "take_back"

# Worlds tried by revealed_since: a draw or a reveal shows in nearly every
# one (each deals the hidden cards anew); four miss one only when the
# hidden cards it could have shown were all alike, and then it showed nothing.
WORLDS = 4


class TakeBackRefused(Exception):
    """Nothing can be taken back; ``code`` and ``reason`` say why (a
    sentence for the player)."""

    def __init__(self, code: str, reason: str):
        super().__init__(f"{code}: {reason}")
        self.code = code
        self.reason = reason


@dataclass(frozen=True)
class Plan:
    """A take-back worked out: ``state`` is the state to go back to (the
    state before the seat's last action), ``undo`` how many actions of the
    effective log it drops, ``version`` the match version it was worked
    out at (it is written only while the match is still there)."""

    state: dict
    undo: int
    version: int


def effective(entries) -> list:
    """The ``(seat, action)`` pairs that made a match's state, from its log
    ``entries`` (``(seat, action)`` in order): each take-back marker drops
    the ``undo`` actions before it (earlier markers already applied)."""
    out: list = []
    for seat, action in entries:
        if action.get("type") == TAKE_BACK:
            del out[len(out) - int(action.get("undo", 0)) :]
        else:
            out.append((seat, action))
    return out


def state_after(config: dict, actions) -> dict:
    """The state of the game ``config`` makes after ``actions`` (``(seat,
    action)`` pairs, no markers), replayed by the engine. Raises
    rules.RulesError or rules.EngineFault when they do not replay."""
    state = rules.new_game(config)
    for seat, action in actions:
        rules.apply_action_in_place(state, seat, action)
    return state


def _view_text(state: dict, seat: int) -> str:
    with rules.reading(state):
        return json.dumps(rules.view(state, seat), sort_keys=True)


def revealed_since(before: dict, now: dict, undone, seat: int, seed: int = 0) -> bool:
    """True when ``seat`` learned something hidden between ``before`` and
    ``now`` (``undone``: the ``(seat, action)`` pairs that led from one to
    the other). A random outcome counts (the game's generator drew: a
    shuffle, a random pick). Otherwise the undone actions are applied again
    in :data:`WORLDS` worlds the seat cannot tell from ``before`` (the
    game's determinize: every card hidden from it dealt anew): if the seat's
    view at the end differs from its real view ``now`` in any, or an action
    does not apply there, what it sees now depends on a card it could not
    see (a draw, a reveal, an opponent's choice from a hidden hand)."""
    if before.get("rng") != now.get("rng"):
        return True
    real = _view_text(now, seat)
    rng = random.Random(seed)
    for _ in range(WORLDS):
        world = rules.determinize(before, seat, rng)
        if world is None:  # a game that deals no worlds: nothing shows it was not revealed
            return True
        try:
            for actor, action in undone:
                rules.apply_action_in_place(world, actor, action)
        except (rules.RulesError, rules.EngineFault):
            return True
        if _view_text(world, seat) != real:
            return True
    return False


def plan(config: dict, entries, now: dict, seat: int, version: int) -> Plan:
    """Work out the take-back of ``seat``'s last action: ``entries`` is the
    match's whole log (``(seat, action)``, markers included), ``now`` its
    state at ``version``. Returns the Plan. Raises TakeBackRefused
    ``nothing_to_take_back`` (the seat has not acted, or its actions were
    all taken back) or ``revealed`` (something hidden was revealed since,
    or the game's dice rolled)."""
    actions = effective(entries)
    last = next((i for i in range(len(actions) - 1, -1, -1) if actions[i][0] == seat), None)
    if last is None:
        raise TakeBackRefused("nothing_to_take_back", "You have no action left to take back.")
    before = state_after(config, actions[:last])
    if revealed_since(before, now, actions[last:], seat, seed=version):
        raise TakeBackRefused(
            "revealed",
            "That can't be taken back: since it, a card was drawn or revealed or something was left to chance.",
        )
    return Plan(state=before, undo=len(actions) - last, version=version)
