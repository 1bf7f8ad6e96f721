"""The view shows a card's public marks by their declaration (issue 28):
each mark of marks.MARKS says whether every viewer sees it, in which field
of the card in play and in which form (marks.FORMS); game.codex.view
renders the forms, so a new card's public mark needs no view edit.
"""

import pytest

from game.codex import marks
from game.codex.marks import FORMS, MARKS, Mark, Shown
from game.codex.view import view
from tests.rules.helpers import find, scenario_game


def shown(state, iid, viewer=None):
    """Card ``iid`` in play as ``viewer`` (default: a spectator) sees it."""
    return next(c for p in view(state, viewer)["players"] for c in p["play"] if c["iid"] == iid)


@pytest.fixture
def declared(monkeypatch):
    """Two marks a new card's module writes, declared public for one test:
    a turn mark and the cards it holds."""
    monkeypatch.setitem(
        MARKS, "test_rest_turn", Mark(int, "turn it rested", "card: Test", Shown("rested", "this_turn"))
    )
    monkeypatch.setitem(
        MARKS, "test_held", Mark(list[str], "ids it holds", "card: Test", Shown("holding", "held_list"))
    )


def test_a_newly_declared_public_mark_shows_in_every_view(declared):
    s = scenario_game([{"play": [{"card": "iron_man", "id": "im"}, {"card": "older_brother", "id": "ob"}]}])
    im, ob = find(s, "im"), find(s, "ob")
    assert "rested" not in shown(s, im) and "holding" not in shown(s, im)
    s["cards"][im]["marks"].update(test_rest_turn=s["turn"], test_held=[ob])
    marks.check(im, s["cards"][im]["marks"])  # declared and of its type
    for viewer in (None, 0, 1):
        card = shown(s, im, viewer)
        assert card["rested"] is True
        assert card["holding"] == [{"iid": ob, "card": "older_brother", "name": "Older Brother"}]
    s["cards"][im]["marks"]["test_rest_turn"] = s["turn"] - 1  # a turn mark shows in its turn only
    assert "rested" not in shown(s, im)


def test_an_undeclared_or_private_mark_is_not_shown():
    s = scenario_game([{"play": [{"card": "iron_man", "id": "im"}]}])
    im = find(s, "im")
    s["cards"][im]["marks"]["looked_at"] = im  # declared, not public
    assert MARKS["looked_at"].shown is None
    card = shown(s, im)
    assert im not in [v for k, v in card.items() if k not in ("iid",)]


def test_every_public_mark_has_a_form_the_view_renders_and_a_field_of_its_own():
    public = {key: m.shown for key, m in MARKS.items() if m.shown}
    assert {"prisoner", "buried", "demon", "spar_turn", "no_levels_turn", "warlocks", "crumbling"} <= set(public)
    assert {s.form for s in public.values()} <= set(FORMS)
    fields = [s.field for s in public.values()]
    assert len(fields) == len(set(fields))
