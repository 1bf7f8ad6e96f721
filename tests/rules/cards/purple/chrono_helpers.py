"""Shared by tests/rules/cards/purple/test_present.py and test_future.py:
scenarios seating Max Geiger or Vir Garbarean."""

from tests.rules.helpers import ALL_TECH, hero_scenario


def purple_game(hero_id, seat0=None, seat1=None, level=1, hero_tag="hero", mode_heroes=None, **kw):
    """A scenario: seat 0 has ``hero_id`` in play (level ``level``, tag
    ``hero_tag``; no hero with ``level=None``) and all tech buildings unless
    ``seat0`` names its buildings; seat 1 plays Troq Bashar (not in play)."""
    seat0 = dict(seat0 or {})
    seat0.setdefault("buildings", dict(ALL_TECH))
    hero = None if level is None else {"card": hero_id, "level": level, "id": hero_tag}
    return hero_scenario(hero, mode_heroes or (hero_id, "troq_bashar"), seat0, seat1, **kw)
