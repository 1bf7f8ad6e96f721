"""Purple scenario fixtures: the purple heroes may be picked in these
scenarios although catalog.hero_playable may not offer them yet (a hero
becomes playable once its spec and the whole purple deck work)."""

import pytest

from game.codex import catalog


@pytest.fixture(autouse=True)
def purple_heroes_pickable(monkeypatch):
    """Let scenarios seat Prynn Pasternaak, Max Geiger and Vir Garbarean."""
    real = catalog.hero_playable
    purple = {"prynn_pasternaak", "max_geiger", "vir_garbarean"}
    monkeypatch.setattr(catalog, "hero_playable", lambda hero_id: hero_id in purple or real(hero_id))
