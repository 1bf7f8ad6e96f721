"""Two bots that play through the public interface (legal_actions and
apply_action_in_place: a bot game's state is its own), for tests,
benchmarks and empty seats.

- :class:`RandomBot`: any legal action, uniformly, except conceding; it ends
  its main phase with a fixed probability so games move on.
- :class:`GreedyBot`: hires workers, builds tech, summons and levels its
  hero, plays the most expensive card it can, and attacks when the trade is
  good. In a free-for-all it also repairs its base (house rule R24) and,
  while it is not the only leader, lends a patroller to the opponent whose
  base is closest to falling (R26), since the first fallen base ends the
  game (R28).
"""

import random

from game.kernel import bots as shared_bots

from . import catalog, stats
from .engine import RULES, apply_action_in_place, copy_state, legal_actions
from .freeforall import base_hp_left, leaders
from .setup import new_game
from .state import acting_seats, patrol_slot, player

# GreedyBot repairs its base (free-for-all, R24) once this few HP are left.
REPAIR_BELOW = 15


# Actions that end a step of the turn (the main phase; a free-for-all
# lending step, house rule R26).
ENDINGS = ("end_main", "end_lending")


def rearranges(state: dict, action: dict) -> bool:
    """True when ``action`` only rearranges the patrol zone its seat
    already arranged this turn: a patrol move that takes a card off patrol,
    moves a card already in a slot, or puts one into a taken slot. The
    zone only counts once the main phase ends (house rule R11; the zone is
    empty when a turn begins), so such a move is never worth a bot's
    action, and bots that made them moved the same cards back and forth
    (tester, match 14: 35 patrol moves in a row). Placing a card that is
    off patrol into an empty slot is not a rearrangement: each card is
    placed at most once a turn. For game.kernel.search (``Game.rearranges``)."""
    if action["type"] != "patrol":
        return False
    slot = action.get("slot")
    if slot is None or patrol_slot(state, action["card"]) is not None:
        return True
    return player(state, state["cards"][action["card"]]["controller"])["patrol"].get(slot) is not None


class RandomBot(shared_bots.RandomBot):
    """A random legal player (game.kernel.bots.RandomBot): never concedes;
    ends its main phase (or the lending step) with the chance ``end_bias``
    when that is one option among others. ``seed`` seeds its own generator."""

    endings = ENDINGS
    legal = staticmethod(legal_actions)


class GreedyBot:
    """A simple greedy player (see the module docstring)."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, state: dict, seat: int):
        """Return an action dict for ``seat``, or None when it has none."""
        actions = [a for a in legal_actions(state, seat) if a["type"] != "concede"]
        if not actions:
            return None
        by_type = {}
        for a in actions:
            by_type.setdefault(a["type"], []).append(a)
        for kind in ("choose", "tech"):
            if kind in by_type:
                return max(by_type[kind], key=lambda a: self._value_of_choice(state, seat, a))
        if "end_lending" in by_type:
            return self._lend_or_end(state, seat, by_type)
        p = player(state, seat)
        if "hire" in by_type and len(p["workers"]) + p["base_workers"] < 10:
            # A hire names no card when the map takes none (restricts hire_card).
            return min(by_type["hire"], key=lambda a: self._card_value(state, a["card"]) if "card" in a else 0)
        for building in ("tech_1", "tech_2", "tech_3"):
            for a in by_type.get("build", []):
                if a["building"] == building:
                    return a
        if "summon" in by_type:
            return by_type["summon"][0]
        plays = by_type.get("play", [])
        if plays:
            return max(plays, key=lambda a: (self._card_value(state, a["card"]), self.rng.random()))
        attacks = [a for a in by_type.get("attack", []) if self._good_attack(state, a)]
        if attacks:
            return max(attacks, key=lambda a: self._attack_value(state, a))
        if "repair" in by_type and base_hp_left(state, seat) <= REPAIR_BELOW:
            return by_type["repair"][0]
        if "level_up" in by_type:
            return max(by_type["level_up"], key=lambda a: a["levels"])
        if "ability" in by_type:
            return self.rng.choice(by_type["ability"])
        patrols = [a for a in by_type.get("patrol", []) if a["slot"] == "squad_leader"]
        if patrols and player(state, seat)["patrol"]["squad_leader"] is None:
            return max(patrols, key=lambda a: stats.hp(state, a["card"]))
        if "end_main" in by_type:
            return by_type["end_main"][0]
        return self.rng.choice(actions)

    @staticmethod
    def _lend_or_end(state: dict, seat: int, by_type: dict) -> dict:
        """The lending step (R26): unless it alone leads, lend its toughest
        lendable card as squad leader of the opponent whose base has the
        least HP left, if that slot is free; otherwise finish lending."""
        if leaders(state) != [seat]:
            weakest = min(
                (p["seat"] for p in state["players"] if p["seat"] != seat), key=lambda s: (base_hp_left(state, s), s)
            )
            lends = [a for a in by_type.get("lend", []) if a["to"] == weakest and a["slot"] == "squad_leader"]
            if lends:
                return max(lends, key=lambda a: (stats.hp(state, a["card"]), a["card"]))
        return by_type["end_lending"][0]

    @staticmethod
    def _card_value(state: dict, iid: str) -> int:
        return catalog.card(state["cards"][iid]["card"])["cost"] or 0

    def _value_of_choice(self, state: dict, seat: int, action: dict) -> float:
        if action["type"] == "tech":
            return sum(catalog.card(c)["cost"] or 0 for c in action["cards"]) + self.rng.random()
        values = []
        for option in action["choice"]:
            inst = state["cards"].get(option) if isinstance(option, str) else None
            if inst is None:
                values.append(0)
            else:
                mine = inst["controller"] == seat
                values.append(-stats.atk(state, option) if mine else stats.atk(state, option))
        return sum(values) + self.rng.random()

    @staticmethod
    def _good_attack(state: dict, action: dict) -> bool:
        attacker, target = action["attacker"], action["target"]
        if target.startswith(("base:", "bld:")):
            return True
        a_atk, a_left = stats.atk(state, attacker), stats.hp(state, attacker) - state["cards"][attacker]["damage"]
        t_atk, t_left = stats.atk(state, target), stats.hp(state, target) - state["cards"][target]["damage"]
        return a_atk >= t_left or t_atk < a_left

    @staticmethod
    def _attack_value(state: dict, action: dict) -> int:
        target = action["target"]
        if target.startswith("base:"):  # the most damaged base first
            return 100 + state["teams"][int(target[5:])]["damage"]
        if target.startswith("bld:"):
            return 50
        return stats.atk(state, target) + (catalog.card(state["cards"][target]["card"]).get("cost") or 0)


def play_game(config: dict, bots: list, max_actions: int = 5000, on_action=None):
    """Play a whole game with one bot per seat; return ``(state, actions)``.

    ``actions`` is the list of ``(seat, action)`` applied. At each step the
    bot of a seat with a prompt or an owed choice acts first, then the
    active seat. Stops at the end of the game or after ``max_actions``.
    ``on_action(state, seat, action)`` is called after each applied action,
    with the game's one state object (changed in place from action to
    action: copy it, engine.copy_state, to keep it as it is then).
    """
    state = copy_state(new_game(config))  # shares nothing with the config
    return state, shared_bots.play_out(
        state, bots, apply_action_in_place, _next_to_act, max_actions, on_action, RULES.read
    )


def _next_to_act(state: dict, step: int) -> int:
    """Who acts next: the prompted seat, else a seat that owes tech, else one
    of the acting seats still in their main phase (teammates in Two-Headed
    Dragon take turns action by action, so their actions interleave)."""
    if state["prompt"] is not None:
        return state["prompt"]["seat"]
    for p in state["players"]:
        if p["tech_owed"]:
            return p["seat"]
    acting = [s for s in acting_seats(state) if not state["players"][s]["ended_main"]]
    return acting[step % len(acting)] if acting else state["active"]
