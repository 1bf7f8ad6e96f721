"""Shared builders of the black card tests (tests/rules/cards/black/)."""

from tests.rules.helpers import ALL_TECH as ALL_TECH  # the scenario tests import it from here too
from tests.rules.helpers import scenario_game

GARTH = ("garth_torken", "troq_bashar")
ORPAL = ("orpal_gloor", "troq_bashar")
VANDY = ("vandy_anadrose", "troq_bashar")
TROQ = {"card": "troq_bashar", "id": "troq"}


def game(seat0=None, seat1=None, heroes=GARTH, **kw):
    """A two-player scenario, the black player in seat 0 (active unless told)."""
    return scenario_game([seat0 or {}, seat1 or {}], heroes=heroes, **kw)


def hero(card_id, level=1, **extra):
    """A hero entry for a scenario seat, tagged with its card id."""
    return dict({"card": card_id, "level": level, "id": card_id}, **extra)
