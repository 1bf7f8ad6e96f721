"""Black scenario fixtures: the black heroes may be picked in these
scenarios whether or not catalog.hero_playable offers them to players yet
(a hero becomes playable once its spec and the whole black deck work)."""

import pytest

from game.codex import catalog

BLACK = {"vandy_anadrose", "orpal_gloor", "garth_torken"}


@pytest.fixture(autouse=True)
def black_heroes_pickable(monkeypatch):
    """Let scenarios seat Vandy Anadrose, Orpal Gloor and Garth Torken."""
    real = catalog.hero_playable
    monkeypatch.setattr(catalog, "hero_playable", lambda hero_id: hero_id in BLACK or real(hero_id))
