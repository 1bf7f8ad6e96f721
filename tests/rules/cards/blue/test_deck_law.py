"""Scenario tests for the Law part of the blue starting deck: Porkhand
Magistrate, Arrest, Building Inspector, Jail, Lawful Search and Reputable
Newsman, with the official rulings (reference/codex-cards/rulings.json,
"Blue") named where they decide something.

Seat 0 plays Bigby Hayes (blue), seat 1 Troq Bashar.
"""

from game.rules import view
from tests.rules.helpers import (
    act,
    assert_refused,
    cards_in,
    choose,
    end_turn,
    find,
    hand_ids,
    in_play,
    legal_of,
    play_card,
    prompt_options,
    scenario_game,
    use_ability,
)

HEROES = ("bigby_hayes", "troq_bashar")
BIGBY = {"card": "bigby_hayes", "id": "bigby"}
TROQ = {"card": "troq_bashar", "id": "troq"}


def game(seat0=None, seat1=None, **kw):
    """A scenario with the blue player in seat 0 (active unless told)."""
    return scenario_game([seat0 or {}, seat1 or {}], heroes=HEROES, **kw)


def view_log(state, seat):
    return [e["text"] for e in view(state, seat)["log"]]


# ---- Porkhand Magistrate ----------------------------------------------------------


def test_porkhand_magistrate_disables_and_its_controller_draws():
    s = game(
        {"gold": 1, "play": [BIGBY, {"card": "porkhand_magistrate", "id": "pm"}]},
        {"deck": ["iron_man"], "hand": [], "play": [TROQ, {"card": "tenderfoot", "patrol": "elite", "id": "foot"}]},
    )
    pm, foot = find(s, "pm"), find(s, "foot")
    s = use_ability(s, 0, pm, targets=[foot])
    assert s["cards"][foot]["marks"]["disabled"] and s["cards"][foot]["exhausted"]
    assert s["players"][1]["patrol"]["elite"] is None
    assert cards_in(s, 1, "hand") == ["iron_man"]
    assert s["players"][0]["gold"] == 0 and s["cards"][pm]["exhausted"]


def test_porkhand_magistrate_targets_own_and_exhausted_cards_but_not_himself():
    """Porkhand Magistrate rulings: not on himself; on an exhausted unit or
    hero, and on your own, yes."""
    s = game(
        {
            "gold": 1,
            "deck": ["spark"],
            "play": [BIGBY, {"card": "porkhand_magistrate", "id": "pm"}, {"card": "scribe", "id": "mine"}],
        },
        {"play": [TROQ, {"card": "tenderfoot", "exhausted": True, "id": "tired"}]},
    )
    pm = find(s, "pm")
    options = {a["targets"][0] for a in legal_of(s, 0, "ability", card=pm)}
    assert pm not in options
    assert {find(s, "mine"), find(s, "tired"), find(s, "bigby"), find(s, "troq")} <= options
    s = use_ability(s, 0, pm, targets=[find(s, "mine")])
    assert s["cards"][find(s, "mine")]["marks"]["disabled"]
    assert cards_in(s, 0, "hand") == ["spark"]


def test_porkhand_magistrate_needs_its_gold():
    s = game({"gold": 0, "play": [BIGBY, {"card": "porkhand_magistrate", "id": "pm"}]}, {"play": [TROQ]})
    assert_refused(
        s, 0, {"type": "ability", "card": find(s, "pm"), "ability": 0, "targets": [find(s, "troq")]}, "not_enough_gold"
    )


# ---- Arrest -------------------------------------------------------------------------


def test_arrest_disables_a_patrolling_unit_only():
    s = game(
        {"hand": ["arrest"], "gold": 2, "play": [BIGBY]},
        {
            "play": [
                TROQ,
                {"card": "iron_man", "patrol": "squad_leader", "id": "man"},
                {"card": "tenderfoot", "id": "idle"},
            ]
        },
    )
    arrest = hand_ids(s, 0, "arrest")[0]
    assert {a["targets"][0] for a in legal_of(s, 0, "play", card=arrest)} == {find(s, "man")}
    s = play_card(s, 0, "arrest", [find(s, "man")])
    man = find(s, "man")
    assert s["cards"][man]["marks"]["disabled"] and s["players"][1]["patrol"]["squad_leader"] is None


def test_arrest_does_not_kill_a_patrolling_illusion_it_picks_without_targeting():
    """Illusion rulings: an Illusion dies only when a spell or ability
    targets it (◎). Arrest disables a patrolling unit without the icon, so a
    Spectral Hound it picks stays in play, disabled and sidelined."""
    s = game(
        {"hand": ["arrest"], "gold": 2, "play": [BIGBY]},
        {"play": [TROQ, {"card": "spectral_hound", "patrol": "squad_leader", "id": "hound"}]},
    )
    hound = find(s, "hound")
    s = play_card(s, 0, "arrest", [hound])
    assert in_play(s, 1, "spectral_hound") == [hound]
    assert s["cards"][hound]["marks"]["disabled"] and s["cards"][hound]["exhausted"]
    assert s["players"][1]["patrol"]["squad_leader"] is None
    assert cards_in(s, 1, "discard") == []


# ---- Building Inspector ----------------------------------------------------------------


def test_building_inspector_taxes_an_opponents_first_building_a_turn():
    """Building Inspector rulings: add-ons and tech buildings too; a free
    rebuild then costs 1; only the first building of the turn."""
    s = game({"play": [BIGBY, {"card": "building_inspector"}]}, {"gold": 6, "workers": 10, "play": [TROQ]}, active=1)
    s["players"][1]["free_rebuild"] = {"tech_1": True}
    s = act(s, 1, {"type": "build", "building": "tech_1"})
    assert s["players"][1]["gold"] == 5  # free rebuild, +1
    s = act(s, 1, {"type": "build", "building": "surplus"})
    assert s["players"][1]["gold"] == 0  # the second building: no tax (a Surplus costs 5)


def test_building_inspector_taxes_a_building_card_and_not_its_controller():
    s = game({"play": [BIGBY, {"card": "building_inspector"}]}, {"gold": 4, "hand": ["jail"], "play": [TROQ]}, active=1)
    s = play_card(s, 1, "jail")
    assert s["players"][1]["gold"] == 0  # Jail costs 3, +1
    own = game({"gold": 1, "workers": 6, "play": [BIGBY, {"card": "building_inspector"}]})
    own = act(own, 0, {"type": "build", "building": "tech_1"})
    assert own["players"][0]["gold"] == 0


# ---- Lawful Search -----------------------------------------------------------------------


def test_lawful_search_draws_then_looks_at_a_hand():
    s = game(
        {"hand": ["lawful_search"], "deck": ["spark"], "gold": 1, "play": [BIGBY]},
        {"hand": ["iron_man", "wither"], "play": [TROQ]},
    )
    s = play_card(s, 0, "lawful_search")
    assert cards_in(s, 0, "hand") == ["spark"]
    assert sorted(prompt_options(s)) == ["discard:1", "hand:1"]
    s = choose(s, 0, "hand:1")
    assert any("Iron Man" in t and "Wither" in t for t in view_log(s, 0))
    assert any("Iron Man" in t for t in view_log(s, 1))  # its own hand: nothing hidden from it
    assert not any("Iron Man" in t for t in view_log(s, None))
    assert any("looked at P1's hand" in t for t in view_log(s, None))


def test_lawful_search_can_look_at_a_discard_pile():
    s = game(
        {"hand": ["lawful_search"], "deck": ["spark"], "gold": 1, "play": [BIGBY]},
        {"discard": ["bloom"], "play": [TROQ]},
    )
    s = play_card(s, 0, "lawful_search")
    s = choose(s, 0, "discard:1")
    assert any("discard pile: Bloom" in t for t in view_log(s, 0))


# ---- Reputable Newsman -------------------------------------------------------------------


def _newsman(number):
    s = game({"hand": ["reputable_newsman"], "gold": 2, "play": [BIGBY]}, {"play": [TROQ]})
    s = play_card(s, 0, "reputable_newsman")
    assert 0 in prompt_options(s) and 8 in prompt_options(s)
    return choose(s, 0, number)


def _their_turn_with(s, cards):
    """End seat 0's turn; seat 1 then holds ``cards`` and 5 gold."""
    from game.codex.state import make_instance

    s = end_turn(s, 0)
    for cid in cards:
        make_instance(s, cid, 1, "hand")
    s["players"][1]["gold"] = 5
    return s


def test_reputable_newsman_forbids_opponents_spells_of_the_named_cost():
    """Reputable Newsman: spells (and upgrades) of the named cost; units of
    that cost are still played."""
    s = _their_turn_with(_newsman(2), ["wither", "older_brother", "spark"])
    wither = hand_ids(s, 1, "wither")[0]
    err = assert_refused(s, 1, {"type": "play", "card": wither, "targets": [find(s, "bigby")]}, "forbidden")
    assert "Reputable Newsman" in err.message
    assert not legal_of(s, 1, "play", card=wither)
    assert legal_of(s, 1, "play", card=hand_ids(s, 1, "older_brother")[0])  # a unit costing 2
    hand = view(s, 1)["players"][1]["hand"]
    assert "Reputable Newsman" in next(c for c in hand if c["card"] == "wither")["why_not"]


def test_reputable_newsman_does_not_bind_his_controller():
    s = _newsman(2)
    from game.codex.state import make_instance

    make_instance(s, "wither", 0, "hand")
    s["players"][0]["gold"] = 2
    assert legal_of(s, 0, "play", card=hand_ids(s, 0, "wither")[0])


def test_reputable_newsman_effect_ends_when_he_leaves_play():
    """Reputable Newsman ruling: his effect ends when he leaves play."""
    s = _newsman(2)
    from game.codex.checks import run
    from game.codex.effects import destroy

    destroy(s, in_play(s, 0, "reputable_newsman")[0])
    run(s)
    s = _their_turn_with(s, ["wither"])
    assert legal_of(s, 1, "play", card=hand_ids(s, 1, "wither")[0])


# ---- Jail -------------------------------------------------------------------------------


def _jailed(hand=("iron_man", "tenderfoot")):
    s = game(
        {"play": [BIGBY, {"card": "jail", "id": "jail"}]},
        {"hand": list(hand), "gold": 10, "buildings": {"tech_1": True}, "deck": ["spark"], "play": [TROQ]},
        active=1,
    )
    return play_card(s, 1, hand[0])


def test_jail_takes_an_opposing_unit_played_from_hand():
    """Jail ruling: the unit doesn't enter play or arrive; it sits in jail,
    face up in the Jail's view entry."""
    s = _jailed()
    assert in_play(s, 1, "iron_man") == []
    jail = find(s, "jail")
    prisoner = s["cards"][jail]["marks"]["prisoner"]
    assert s["cards"][prisoner]["zone"] == "jail" and s["cards"][prisoner]["card"] == "iron_man"
    shown = next(c for c in view(s, None)["players"][0]["play"] if c["iid"] == jail)
    assert shown["prisoner"]["name"] == "Iron Man"


def test_jail_releases_its_prisoner_when_the_next_unit_comes_in():
    """Jail ruling: the released unit arrives then, under its owner's
    control, and its arrive trigger runs then (the Scribe draws only when
    released)."""
    s = _jailed(("scribe", "iron_man"))
    assert cards_in(s, 1, "hand") == ["iron_man"]  # no draw while jailed
    s = play_card(s, 1, "iron_man")
    scribe = in_play(s, 1, "scribe")[0]
    assert s["cards"][scribe]["arrived"] == s["turn"] and s["cards"][scribe]["controller"] == 1
    assert cards_in(s, 1, "hand") == ["spark"]
    prisoner = s["cards"][find(s, "jail")]["marks"]["prisoner"]
    assert s["cards"][prisoner]["card"] == "iron_man"


def test_jail_lets_its_own_players_units_arrive():
    s = game({"hand": ["tenderfoot"], "gold": 1, "play": [BIGBY, {"card": "jail"}]})
    s = play_card(s, 0, "tenderfoot")
    assert len(in_play(s, 0, "tenderfoot")) == 1


def test_jail_discards_its_prisoner_when_destroyed():
    s = _jailed()
    s = act(s, 1, {"type": "end_main"})
    from game.codex.checks import run
    from game.codex.effects import damage_target

    damage_target(s, find(s, "jail"), 3, by="a test")
    run(s)
    assert "iron_man" in cards_in(s, 1, "discard")
    assert not any(c["zone"] == "jail" for c in s["cards"].values())


def test_jail_does_not_take_forecast_units():
    """Jail ruling: a forecast unit goes to the future, not to jail, and
    later arrives normally."""
    from game.codex import catalog

    forecast = next(
        c["id"] for c in catalog.all_cards() if c["kind"] == "unit" and c["keywords"].get("forecast") and not c["tech"]
    )
    s = _jailed((forecast,))
    assert not s["cards"][find(s, "jail")]["marks"].get("prisoner")
    assert [s["cards"][i]["card"] for i in s["players"][1]["future"]] == [forecast]


def test_jail_does_not_take_units_played_from_other_zones_than_the_hand():
    """Jail: "opposing units played from hand" (Jail ruling: a unit that
    goes from hand to Jail): a unit played from a Graveyard arrives."""
    from game.codex.state import make_instance

    s = game(
        {"play": [BIGBY, {"card": "jail", "id": "jail"}]},
        {"gold": 5, "buildings": {"tech_1": True}, "play": [TROQ, {"card": "graveyard", "id": "g"}]},
        active=1,
    )
    g = find(s, "g")
    s["cards"][g]["marks"]["buried"] = [make_instance(s, "iron_man", 1, "buried")]
    s = use_ability(s, 1, g)
    assert in_play(s, 1, "iron_man") and not s["cards"][find(s, "jail")]["marks"].get("prisoner")


def test_a_boost_paid_for_a_unit_jail_takes_happens_as_it_is_played_and_never_again():
    """Boost ruling (Jail): the boost is paid and takes effect as the unit
    is played from hand, then it goes to jail; released, it arrives with
    no second boost. Hooded Executioner's boost destroys the weakest
    opposing unit: Older Brother at once, nothing when it is released."""
    s = game(
        {
            "play": [
                BIGBY,
                {"card": "jail", "id": "jail"},
                {"card": "older_brother", "id": "ob"},
                {"card": "iron_man", "id": "iron"},
            ]
        },
        {"hand": ["hooded_executioner", "tenderfoot"], "gold": 10, "buildings": {"tech_1": True}, "play": [TROQ]},
        active=1,
    )
    executioner = hand_ids(s, 1, "hooded_executioner")[0]
    s = act(s, 1, {"type": "play", "card": executioner, "targets": [], "boost": True})
    prisoner = s["cards"][find(s, "jail")]["marks"]["prisoner"]
    assert s["cards"][prisoner]["card"] == "hooded_executioner" and s["players"][1]["gold"] == 5
    assert "ob" not in [c["marks"].get("tag") for c in s["cards"].values()]
    assert "boosted" not in s["cards"][prisoner]["marks"]
    s = play_card(s, 1, "tenderfoot")
    assert in_play(s, 1, "hooded_executioner") and s["prompt"] is None
    assert find(s, "iron") in s["players"][0]["play"]


def test_reputable_newsman_shows_the_named_cost_to_everyone():
    """The cost Reputable Newsman named is public (view: ``named_cost``);
    none before it is named."""
    s = game({"hand": ["reputable_newsman"], "gold": 2, "play": [BIGBY]}, {"play": [TROQ]})
    s = play_card(s, 0, "reputable_newsman")
    shown = [c for c in view(s, 0)["players"][0]["play"] if c["card"] == "reputable_newsman"]
    assert shown and "named_cost" not in shown[0]
    s = choose(s, 0, 3)
    for viewer in (0, 1, None):
        shown = [c for c in view(s, viewer)["players"][0]["play"] if c["card"] == "reputable_newsman"]
        assert shown[0]["named_cost"] == 3
