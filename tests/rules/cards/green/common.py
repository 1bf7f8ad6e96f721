"""Shared builders of the green card tests (tests/rules/cards/green/): the
green heroes' seats and small state readers."""

from game.codex import stats
from tests.rules.helpers import ALL_TECH as ALL_TECH  # the scenario tests import it from here too
from tests.rules.helpers import end_turn, scenario_game

MIDORI = ("master_midori", "troq_bashar")
CALAMANDRA = ("calamandra_moss", "troq_bashar")


GARG = ("argagarg_garg", "troq_bashar")


TROQ = {"card": "troq_bashar", "id": "troq"}


def midori(level=1, **extra):
    return dict({"card": "master_midori", "level": level, "id": "midori"}, **extra)


def calamandra(level=1, **extra):
    return dict({"card": "calamandra_moss", "level": level, "id": "cala"}, **extra)


def garg(level=1, **extra):
    return dict({"card": "argagarg_garg", "level": level, "id": "garg"}, **extra)


def game(seat0=None, seat1=None, heroes=MIDORI, **kw):
    """A scenario with the green player in seat 0 (active unless told)."""
    return scenario_game([seat0 or {}, seat1 or {}], heroes=heroes, **kw)


def kw(state, iid, keyword):
    return stats.kw(state, iid, keyword)


def gold(state, seat=0):
    return state["players"][seat]["gold"]


def workers(state, seat):
    p = state["players"][seat]
    return p["base_workers"] + len(p["workers"])


def pass_turns(state, count=2):
    """End ``count`` main phases in a row (seat 0 first), teching as
    needed; returns the state."""
    for _ in range(count):
        state = end_turn(state, state["active"])
    return state
