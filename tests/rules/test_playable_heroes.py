"""Which heroes a seat may pick: those whose hero card, spec cards and
colour's starting deck the engine plays in full (issue 6: every hero and
card works in every mode; catalog.playable_heroes)."""

import pytest

from game.codex import catalog
from game.codex.cards import REGISTRY, Hooks
from game.rules import RulesError, new_game

STARTER_RED_GREEN = {
    "troq_bashar",
    "river_montoya",  # Starter set
    "captain_zane",
    "drakk_ramhorn",
    "jaina_stormborne",  # red
    "master_midori",
    "calamandra_moss",
    "argagarg_garg",  # green
}
BLUE = {"bigby_hayes", "general_onimaru", "sirus_quince"}  # issue 12
BLACK = {"garth_torken", "orpal_gloor", "vandy_anadrose"}  # issue 15
WHITE = {"setsuki_hiruki", "grave_stormborne", "garus_rook"}  # issue 15
PURPLE = {"prynn_pasternaak", "max_geiger", "vir_garbarean"}  # issue 16


def test_playable_heroes_are_the_starter_red_green_blue_black_white_and_purple_heroes():
    assert set(catalog.playable_heroes()) == STARTER_RED_GREEN | BLUE | BLACK | WHITE | PURPLE
    assert len(catalog.playable_heroes()) == 20


def test_keyword_only_cards_work_without_hooks():
    """A card whose text only names its keywords needs no hooks."""
    for card_id in ("iron_man", "pirate_gunship", "barkcoat_bear", "chameleon", "revolver_ocelot"):
        assert card_id not in REGISTRY
        assert catalog.works(card_id), card_id


def test_hotter_fire_works_through_another_hook():
    """Hotter Fire does nothing itself (red.burn counts it): it registers
    empty hooks, which is how a card says the engine plays it."""
    assert REGISTRY["hotter_fire"] == Hooks() and catalog.works("hotter_fire")


def test_a_card_with_text_and_no_hooks_does_not_work(monkeypatch):
    """Snapback (white deck) says more than keywords: without its hooks it
    doesn't work, and no white hero is playable; Flying Fox is keyword-only
    and works without hooks."""
    monkeypatch.delitem(REGISTRY, "snapback")
    assert not catalog.works("snapback")
    assert catalog.works("flying_fox") and "flying_fox" not in REGISTRY
    assert not catalog.hero_playable("setsuki_hiruki")


def test_a_hero_stops_being_playable_when_one_of_its_cards_loses_its_hooks(monkeypatch):
    anarchy_with_hooks = next(c for c in catalog.spec_cards("anarchy") if c in REGISTRY)
    monkeypatch.delitem(REGISTRY, anarchy_with_hooks)
    assert not catalog.hero_playable("captain_zane")
    assert "captain_zane" not in catalog.playable_heroes()
    assert catalog.hero_playable("drakk_ramhorn")


def test_a_starting_deck_card_without_behaviour_blocks_its_colour(monkeypatch):
    red_deck_card = next(c for c in catalog.starting_deck("red") if c in REGISTRY)
    monkeypatch.delitem(REGISTRY, red_deck_card)
    assert not {"captain_zane", "drakk_ramhorn", "jaina_stormborne"} & set(catalog.playable_heroes())


def test_not_a_hero_is_not_playable():
    assert not catalog.hero_playable("iron_man")
    assert not catalog.hero_playable("no_such_card")


@pytest.mark.parametrize(
    "mode, seats",
    [
        ("1hero", [{"name": "Ana", "hero": "max_geiger"}, {"name": "Bo", "hero": "troq_bashar"}]),
        (
            "2hg",
            [
                {"name": n, "hero": h}
                for n, h in (
                    ("A", "troq_bashar"),
                    ("B", "vir_garbarean"),
                    ("C", "river_montoya"),
                    ("D", "captain_zane"),
                )
            ],
        ),
        (
            "3hero",
            [
                {"name": "Ana", "heroes": ["troq_bashar", "drakk_ramhorn", "max_geiger"]},
                {"name": "Bo", "heroes": ["river_montoya", "captain_zane", "master_midori"]},
            ],
        ),
    ],
)
def test_new_game_refuses_a_hero_that_is_not_playable(mode, seats, monkeypatch):
    # Every hero works now: a Present and a Future card lose their behaviour
    # here, so Max Geiger and Vir Garbarean are not playable for this test.
    monkeypatch.delitem(REGISTRY, "now")
    monkeypatch.delitem(REGISTRY, "unphase")
    with pytest.raises(RulesError) as err:
        new_game({"mode": mode, "seed": 1, "seats": seats})
    assert err.value.code == "bad_config"
    assert "cannot be played yet" in err.value.message


def test_new_game_takes_every_playable_hero_in_every_mode():
    heroes = catalog.playable_heroes()
    for i, hero in enumerate(heroes):
        other = heroes[(i + 1) % len(heroes)]
        assert new_game(
            {"mode": "1hero", "seed": i, "seats": [{"name": "A", "hero": hero}, {"name": "B", "hero": other}]}
        )
    trio_a, trio_b = heroes[:3], heroes[3:6]
    state = new_game(
        {"mode": "3hero", "seed": 3, "seats": [{"name": "A", "heroes": trio_a}, {"name": "B", "heroes": trio_b}]}
    )
    assert state["players"][0]["heroes"] == trio_a


def test_every_card_record_of_the_catalog_works():
    """Issue 16, done when: every card record reports that it works: the
    base, the tech buildings and the add-ons are played by the engine
    itself (specs, effects), the Dancer token by Stop the Music (finesse)."""
    assert [c["id"] for c in catalog.all_cards() if not catalog.works(c["id"])] == []
