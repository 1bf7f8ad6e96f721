"""Shared builders of the red card tests (tests/rules/cards/red/): the red
heroes' seats and small state readers."""

from tests.rules.helpers import ALL_TECH as ALL_TECH  # the scenario tests import it from here too

ZANE = ("captain_zane", "troq_bashar")
DRAKK = ("drakk_ramhorn", "troq_bashar")


JAINA = ("jaina_stormborne", "troq_bashar")


def zane(level=1, **extra):
    return dict({"card": "captain_zane", "level": level, "id": "zane"}, **extra)


def drakk(level=1, **extra):
    return dict({"card": "drakk_ramhorn", "level": level, "id": "drakk"}, **extra)


def jaina(level=1, **extra):
    return dict({"card": "jaina_stormborne", "level": level, "id": "jaina"}, **extra)


def damage(state, iid):
    return state["cards"][iid]["damage"]


def gold(state, seat):
    return state["players"][seat]["gold"]


def workers(state, seat):
    p = state["players"][seat]
    return p["base_workers"] + len(p["workers"])
