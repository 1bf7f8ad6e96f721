"""Blue scenario fixtures: the blue heroes may be picked in these scenarios
although catalog.hero_playable doesn't offer them to players yet (the lead
makes them playable once Law, Peace, Truth and the whole blue deck work)."""

import pytest

from game.codex import catalog


@pytest.fixture(autouse=True)
def blue_heroes_pickable(monkeypatch):
    """Let scenarios seat Bigby Hayes, General Onimaru and Sirus Quince."""
    real = catalog.hero_playable
    blue = {"bigby_hayes", "general_onimaru", "sirus_quince"}
    monkeypatch.setattr(catalog, "hero_playable", lambda hero_id: hero_id in blue or real(hero_id))
