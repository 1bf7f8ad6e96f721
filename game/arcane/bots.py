"""Two Arcane Codex bots that play through the public interface
(legal_actions, apply_action_in_place), for tests, benchmarks and empty
seats; game.codex.bots' classes hand an Arcane state to them.

- :class:`RandomBot`: any legal action, uniformly, never conceding nor
  offering a draw; it ends its turn (or closes its attack, or its blocks)
  with a fixed probability when that is one option among others.
- :class:`GreedyBot`: plays its land, then the most valuable card it can
  (a spell at its best target), then its sages' abilities (A3: after the
  plays), attacks with every creature that may, blocks where the trade is
  good or its life is in danger, and discards its cheapest cards.
"""

import random

from game.kernel import bots as shared_bots

from . import cards
from .moves import apply_action_in_place, copy_state, legal_actions, waiting_on
from .setup import new_game
from .state import other, power, toughness

ENDINGS = ("end_turn", "fight", "done_blocking")
QUIET = ("concede", "offer_draw")


class RandomBot(shared_bots.RandomBot):
    """A random legal player (game.kernel.bots.RandomBot): never concedes
    nor offers a draw; ends a step with the chance ``end_bias`` when that is
    one option among others. ``seed`` seeds its own generator."""

    endings = ENDINGS
    quiet = QUIET
    legal = staticmethod(legal_actions)


class GreedyBot:
    """A simple greedy player (see the module docstring)."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, state: dict, seat: int):
        """Return an action dict for ``seat``, or None when it has none."""
        actions = [a for a in legal_actions(state, seat) if a["type"] not in QUIET]
        if not actions:
            return None
        by_type = {}
        for a in actions:
            by_type.setdefault(a["type"], []).append(a)
        if "discard" in by_type:
            return min(by_type["discard"], key=lambda a: (self._keep_value(state, a["card"]), a["card"]))
        if "done_blocking" in by_type:
            return self._block(state, seat, by_type)
        plays = by_type.get("play", [])
        lands = [a for a in plays if cards.kind(state["cards"][a["card"]]["card"]) == "land"]
        if lands:
            return lands[0]
        scored = [(self._play_value(state, seat, a), a) for a in plays]
        scored = [(v, a) for v, a in scored if v > 0]
        if scored:
            return max(scored, key=lambda va: (va[0], self.rng.random()))[1]
        if "sage" in by_type:
            return max(by_type["sage"], key=lambda a: self._sage_value(state, a))
        if "attack" in by_type:
            return by_type["attack"][0]  # "player" is listed first for each attacker
        if "fight" in by_type:
            return by_type["fight"][0]
        return by_type.get("end_turn", actions)[0]

    @staticmethod
    def _keep_value(state: dict, cid: str) -> int:
        code = state["cards"][cid]["card"]
        return 12 if cards.kind(code) == "land" else cards.cost(code)

    @staticmethod
    def _left(state: dict, cid: str) -> int:
        return toughness(state, cid) - state["cards"][cid]["damage"]

    def _play_value(self, state: dict, seat: int, action: dict) -> float:
        code = state["cards"][action["card"]]["card"]
        kind = cards.kind(code)
        opp = state["players"][other(seat)]
        if kind != "spell":
            return cards.cost(code) + (0 if kind != "creature" else 1)
        rank = cards.split(code)[0]
        target = action.get("target")
        if rank == "2":
            if target == "player":
                return 3
            card = state["cards"][target]
            if card["zone"] == "sages":
                return 4 if card["essence"] <= 2 else 1
            return 2 + power(state, target) * 2 if self._left(state, target) <= 2 else 0
        if rank in ("4", "10"):
            card = state["cards"][target]
            if card["zone"] == "creatures":
                return 3 + power(state, target) * 2
            return {"lands": 2, "sages": 6, "relics": 4, "charms": 4}[card["zone"]]
        if rank == "8":
            return 3 if len(opp["hand"]) >= 2 else 0
        return 5  # Revelation

    @staticmethod
    def _sage_value(state: dict, action: dict) -> float:
        if action["ability"] == "minus5":
            return 100
        if action["ability"] == "minus2":
            return 2 + power(state, action["target"])
        return 1

    def _block(self, state: dict, seat: int, by_type: dict) -> dict:
        incoming = sum(power(state, a["attacker"]) for a in state["attacks"] if not a["blockers"])
        danger = state["players"][seat]["life"] - incoming <= 5
        best = None
        for a in by_type.get("block", []):
            attacker, blocker = a["attacker"], a["blocker"]
            kills = power(state, blocker) >= self._left(state, attacker)
            survives = power(state, attacker) < self._left(state, blocker)
            score = (2 if kills else 0) + (2 if survives else 0) + (1 if danger else 0)
            if (kills or survives or danger) and (best is None or score > best[0]):
                best = (score, a)
        return best[1] if best else by_type["done_blocking"][0]


def play_game(config: dict, bots: list, max_actions: int = 5000, on_action=None):
    """Play a whole Arcane game with one bot per seat; return ``(state,
    actions)`` (``actions``: the ``(seat, action)`` applied). The seat the
    game waits on acts each step; ``on_action(state, seat, action)`` is
    called after each (the one state object, changed in place)."""
    state = copy_state(new_game(config))
    return state, shared_bots.play_out(
        state, bots, apply_action_in_place, lambda s, _step: waiting_on(s)[0], max_actions, on_action
    )
