"""White scenario fixtures: the white heroes may be picked in these
scenarios although catalog.hero_playable may not offer them yet (a hero
becomes playable once its spec and the whole white deck work)."""

import pytest

from game.codex import catalog


@pytest.fixture(autouse=True)
def white_heroes_pickable(monkeypatch):
    """Let scenarios seat Grave Stormborne, Setsuki Hiruki and Garus Rook."""
    real = catalog.hero_playable
    white = {"grave_stormborne", "setsuki_hiruki", "garus_rook"}
    monkeypatch.setattr(catalog, "hero_playable", lambda hero_id: hero_id in white or real(hero_id))
