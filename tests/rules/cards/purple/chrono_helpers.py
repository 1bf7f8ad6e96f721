"""Shared by tests/rules/cards/purple/test_present.py and test_future.py:
scenarios seating Max Geiger or Vir Garbarean.

Until the purple starting deck works (another branch), catalog.hero_playable
doesn't offer the purple heroes; ``purple_heroes_pickable`` (imported as an
autouse fixture by those modules) lets scenarios seat them. Kept out of a
conftest.py so that the purple test folder's conftest (if the deck's branch
adds one) merges without a clash."""

import pytest

from game.codex import catalog
from tests.rules.helpers import scenario_game

TECH = {"tech_1": True, "tech_2": True, "tech_3": True}


@pytest.fixture(autouse=True)
def purple_heroes_pickable(monkeypatch):
    """Let scenarios seat Max Geiger and Vir Garbarean."""
    real = catalog.hero_playable
    mine = {"max_geiger", "vir_garbarean"}
    monkeypatch.setattr(catalog, "hero_playable", lambda hero_id: hero_id in mine or real(hero_id))


def purple_game(hero_id, seat0=None, seat1=None, level=1, hero_tag="hero", mode_heroes=None, **kw):
    """A scenario: seat 0 has ``hero_id`` in play (level ``level``, tag
    ``hero_tag``; no hero with ``level=None``) and all tech buildings unless
    ``seat0`` names its buildings; seat 1 plays Troq Bashar (not in play)."""
    seat0 = dict(seat0 or {})
    seat0.setdefault("buildings", dict(TECH))
    if level is not None:
        seat0["play"] = [{"card": hero_id, "level": level, "id": hero_tag}] + list(seat0.get("play", []))
    return scenario_game([seat0, seat1 or {}], heroes=mode_heroes or (hero_id, "troq_bashar"), **kw)
