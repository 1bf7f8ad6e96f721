"""Bots for C-23: a random legal player and a greedy one, and a loop that
plays a whole game (game.kernel.bots). Each bot has its own generator
(Python's random, seeded), never the game's: a bot's choice takes nothing
from the state's secret generator, so replays from the action log are exact.
"""

from collections.abc import Callable
from typing import Any

from game.kernel import bots as kit
from game.kernel.copying import copy_sharing_log

from .engine import apply_action_in_place, legal_actions
from .setup import new_game
from .state import Action, State, cdef, left_of, power


class RandomBot(kit.RandomBot):
    """Picks uniformly among the legal actions (never conceding: it is
    never listed); C-23 has no step ending to favour."""

    legal = staticmethod(legal_actions)


class GreedyBot(RandomBot):
    """A simple plan: always play a resource; play the dearest card it can
    afford (characters first); attack with every ready character when it
    has at least as much power as the defender's untapped characters, else
    with none; block an attacker only with a stronger or equal character;
    play a +power combat card on its own side, a -power one on the other."""

    def choose(self, state: State, seat: int) -> Action | None:
        actions = legal_actions(state, seat)
        if not actions:
            return None
        kinds: dict[str, list[Action]] = {}
        for a in actions:
            kinds.setdefault(a["type"], []).append(a)
        if "play_resource" in kinds:
            return kinds["play_resource"][0]
        if "play" in kinds:

            def worth(a: Action) -> tuple[int, bool, int]:
                c = cdef(state, a["card"])
                good = 1
                if "target" in a:
                    t = state["cards"][a["target"]]
                    mine = t["owner"] == seat
                    op = c["effects"][0]["op"]
                    good = 1 if (op in ("untap", "return_to_hand", "return_to_play")) == mine else -1
                return (good, c["type"] == "character", c["cost"])

            best = max(kinds["play"], key=worth)
            if worth(best)[0] > 0:
                return best
        if "attack" in kinds:
            everyone = max(kinds["attack"], key=lambda a: len(a["attackers"]))
            mine = sum(power(state, i) for i in everyone["attackers"])
            defender = state["players"][left_of(state, seat)]
            theirs = sum(power(state, i) for i in defender["characters"] if not state["cards"][i]["tapped"])
            if mine >= theirs or self.rng.random() < 0.3:
                return everyone
        if "block" in kinds:

            def value(a: Action) -> int:
                score = 0
                for b, t in a["blocks"].items():
                    score += 2 if power(state, b) >= power(state, t) else -1
                return score

            return max(kinds["block"], key=value)
        if "combat_card" in kinds:
            for a in kinds["combat_card"]:
                n = cdef(state, a["card"])["effects"][0]["n"]
                mine = state["cards"][a["target"]]["owner"] == seat
                if (n > 0) == mine:
                    return a
            return {"type": "pass"}
        if "assign" in kinds:
            return max(kinds["assign"], key=lambda a: sum(power(state, b) for b in a["discard"]))
        if "pass" in kinds:
            return kinds["pass"][0]
        return kinds.get("end_turn", actions)[0]


def next_to_act(state: State) -> int:
    """The seat that acts now: the prompted one, else the active player."""
    seat: int = state["prompt"]["seat"] if state["prompt"] is not None else state["active"]
    return seat


def play_game(
    config: dict[str, Any],
    bots: list[Any],
    max_actions: int = 3000,
    on_action: Callable[[State, int, Action], None] | None = None,
) -> tuple[State, list[tuple[int, Action]]]:
    """Play a whole game, one bot per seat; return ``(state, actions)``
    (``actions``: the ``(seat, action)`` applied). ``on_action(state,
    seat, action)`` runs after each one, on the game's one state object."""
    state = copy_sharing_log(new_game(config))
    return state, kit.play_out(
        state, bots, apply_action_in_place, lambda s, _step: next_to_act(s), max_actions, on_action
    )
