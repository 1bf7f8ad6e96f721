"""The 3-hero game (Deluxe rulebook "Codex 3-Hero Game"; issue 6): hero
picks, hero limit, minor and spec spells, Tech I colour tax, Tech II spec,
Tech Lab and Heroes' Hall."""

from game.rules import legal_actions, new_game

from .helpers import act, assert_refused, find, hand_ids, in_play, legal_of

TRIO_A = ["troq_bashar", "drakk_ramhorn", "master_midori"]  # neutral, red, green
TRIO_B = ["river_montoya", "captain_zane", "argagarg_garg"]


def three_hero(seats=None, active=0, turn=3, seed=1, a=TRIO_A, b=TRIO_B):
    """A 3-hero game; with ``seats`` a scenario."""
    config = {
        "mode": "3hero",
        "seed": seed,
        "seats": [{"name": "Ana", "heroes": list(a)}, {"name": "Bo", "heroes": list(b)}],
    }
    if seats is not None:
        config["scenario"] = {"turn": turn, "active": active, "seats": list(seats) + [{}] * (2 - len(seats))}
    return new_game(config)


def test_setup_three_heroes_main_colour_deck_and_72_card_codex():
    """Three different heroes in the command zone; the main (first) hero's
    colour gives the starting deck; the codex holds 2 of each card of the
    three specs."""
    s = three_hero(a=["drakk_ramhorn", "troq_bashar", "master_midori"])
    p = s["players"][0]
    assert sorted(s["cards"][i]["card"] for i in p["command"]) == sorted(
        ["drakk_ramhorn", "troq_bashar", "master_midori"]
    )
    assert sum(p["codex"].values()) == 72 and "iron_man" in p["codex"]
    colours = {s["cards"][i]["card"] for i in p["hand"] + p["deck"]}
    from game.codex import catalog

    assert {catalog.card(c)["color"] for c in colours} == {"red"}


def test_the_same_hero_twice_is_refused():
    """Pick 3 different heroes."""
    from game.rules import RulesError

    try:
        three_hero(a=["troq_bashar", "troq_bashar", "drakk_ramhorn"])
    except RulesError as err:
        assert err.code == "bad_config"
    else:
        raise AssertionError("two copies of one hero were accepted")


def test_hero_limit_grows_with_tech_ii_tech_iii_and_heroes_hall():
    """Hero limit: 1; 2 with a Tech II; 3 with a Tech III; a Heroes' Hall
    adds one; checked when summoning only (Heroes' Hall ruling)."""
    s = three_hero([{"gold": 20, "workers": 10, "play": [{"card": "troq_bashar"}]}])
    drakk = next(i for i in s["players"][0]["command"] if s["cards"][i]["card"] == "drakk_ramhorn")
    assert_refused(s, 0, {"type": "summon", "hero": drakk}, "hero_limit")
    s2 = three_hero(
        [{"gold": 20, "workers": 10, "buildings": {"tech_1": True, "tech_2": True}, "play": [{"card": "troq_bashar"}]}]
    )
    s2 = act(s2, 0, {"type": "summon", "hero": drakk})
    midori = next(i for i in s2["players"][0]["command"] if s2["cards"][i]["card"] == "master_midori")
    assert_refused(s2, 0, {"type": "summon", "hero": midori}, "hero_limit")
    s3 = three_hero(
        [
            {
                "gold": 20,
                "workers": 10,
                "buildings": {"tech_1": True, "addon": "heroes_hall"},
                "play": [{"card": "troq_bashar"}],
            }
        ]
    )
    assert act(s3, 0, {"type": "summon", "hero": drakk})["cards"][drakk]["zone"] == "play"
    s4 = three_hero(
        [
            {
                "gold": 20,
                "workers": 10,
                "buildings": {"tech_1": True, "tech_2": True, "tech_3": True},
                "play": [{"card": "troq_bashar"}, {"card": "drakk_ramhorn"}],
            }
        ]
    )
    assert act(s4, 0, {"type": "summon", "hero": midori})["cards"][midori]["zone"] == "play"


def test_tech_ii_declares_a_spec_locked_for_the_game():
    """Building Tech II declares one of your specs; Tech II and III make only
    that spec's tech II and III cards; the spec stays locked."""
    s = three_hero([{"gold": 20, "workers": 10, "buildings": {"tech_1": True}}])
    specs = {a.get("spec") for a in legal_of(s, 0, "build", building="tech_2")}
    assert specs == {"bashing", "blood", "balance"}
    assert_refused(s, 0, {"type": "build", "building": "tech_2", "spec": "finesse"}, "bad_spec")
    s = act(s, 0, {"type": "build", "building": "tech_2", "spec": "bashing"})
    assert s["players"][0]["tech2_spec"] == "bashing"
    s = three_hero([{"gold": 20, "workers": 10, "hand": ["regular_sized_rhinoceros"], "buildings": {"tech_1": True}}])
    s = act(s, 0, {"type": "build", "building": "tech_2", "spec": "blood"})
    s["players"][0]["buildings"]["tech_2"]["done"] = True
    rhino = hand_ids(s, 0, "regular_sized_rhinoceros")[0]
    assert_refused(s, 0, {"type": "play", "card": rhino, "targets": []}, "needs_tech")


def test_tech_lab_unlocks_another_spec():
    """Tech Lab: one more spec for tech II and III while it stands; chosen
    with the Tech II (Tech Lab rulings)."""
    s = three_hero([{"gold": 20, "workers": 10, "hand": ["regular_sized_rhinoceros"], "buildings": {"tech_1": True}}])
    s = act(s, 0, {"type": "build", "building": "tech_2", "spec": "blood"})
    s = act(s, 0, {"type": "build", "building": "tech_lab", "spec": "bashing"})
    for slot in ("tech_2", "addon"):
        s["players"][0]["buildings"][slot]["done"] = True
    rhino = hand_ids(s, 0, "regular_sized_rhinoceros")[0]
    s = act(s, 0, {"type": "play", "card": rhino, "targets": []})
    assert in_play(s, 0, "regular_sized_rhinoceros")


def test_tech_lab_built_before_tech_ii_gets_its_spec_with_the_tech_ii():
    """Tech Lab ruling: with no Tech II yet, the Tech Lab has no spec; when
    the Tech II is built, its spec and the Lab's are chosen."""
    s = three_hero([{"gold": 20, "workers": 10, "buildings": {"tech_1": True}}])
    assert_refused(s, 0, {"type": "build", "building": "tech_lab", "spec": "blood"}, "bad_spec")
    s = act(s, 0, {"type": "build", "building": "tech_lab"})
    s = act(s, 0, {"type": "build", "building": "tech_2", "spec": "blood"})
    assert s["prompt"]["options"] == ["bashing", "balance"]
    s = act(s, 0, {"type": "choose", "choice": ["balance"]})
    assert s["players"][0]["buildings"]["addon"]["spec"] == "balance"
    # Both choices are told to everyone, by the spec's name.
    said = [e["text"] for e in s["log"] if "to" not in e]
    assert any(t.endswith("Tech II Building: Blood (Drakk Ramhorn).") for t in said), said
    assert any(t.endswith("Tech Lab unlocks Balance (Master Midori).") for t in said), said


def test_first_tech_building_costs_one_more_with_heroes_of_two_colours():
    """With heroes of more than one colour (neutral aside), the first tech
    building or add-on costs 1 extra gold; later ones don't."""
    s = three_hero([{"gold": 3, "workers": 6}])  # red + green heroes
    s = act(s, 0, {"type": "build", "building": "tech_1"})
    assert s["players"][0]["gold"] == 1
    mono = three_hero(
        [{"gold": 3, "workers": 6}], a=["troq_bashar", "river_montoya", "drakk_ramhorn"]
    )  # neutral + red only
    assert act(mono, 0, {"type": "build", "building": "tech_1"})["players"][0]["gold"] == 2


def test_coloured_minor_spell_costs_one_more_without_a_hero_of_its_colour():
    """A minor spell of another colour than your heroes in play costs 1
    extra; neutral minor spells never do."""
    s = three_hero(
        [
            {"gold": 5, "hand": ["spark"], "play": [{"card": "troq_bashar"}]},
            {"play": [{"card": "tenderfoot", "patrol": "elite", "id": "t"}]},
        ]
    )
    s = act(s, 0, {"type": "play", "card": hand_ids(s, 0, "spark")[0], "targets": [find(s, "t")]})
    assert s["players"][0]["gold"] == 4
    from game.codex import catalog
    from game.codex.specs import minor_spell_tax

    red_minor = catalog.card("pillage")
    assert red_minor["spell_kind"] == "minor" and red_minor["color"] == "red"
    without = three_hero([{"play": [{"card": "troq_bashar"}]}])
    with_red = three_hero([{"play": [{"card": "drakk_ramhorn"}]}])
    assert minor_spell_tax(without, 0, red_minor) == 1
    assert minor_spell_tax(with_red, 0, red_minor) == 0
    assert minor_spell_tax(without, 0, catalog.card("spark")) == 0


def test_spec_spells_need_their_heroes_spec_in_play():
    """Spec spells need that spec's hero in play: gold can't replace it."""
    s = three_hero(
        [{"gold": 20, "hand": ["wrecking_ball"], "play": [{"card": "drakk_ramhorn"}]}, {"buildings": {"tech_1": True}}]
    )
    assert_refused(
        s, 0, {"type": "play", "card": hand_ids(s, 0, "wrecking_ball")[0], "targets": ["bld:1:tech_1"]}, "needs_hero"
    )


def test_legal_actions_offer_every_spec_choice_and_the_3hero_addons():
    """The 3-hero game offers the Tech Lab and Heroes' Hall add-ons."""
    s = three_hero([{"gold": 20, "workers": 10, "buildings": {"tech_1": True}}])
    buildings = {a["building"] for a in legal_actions(s, 0) if a["type"] == "build"}
    assert {"tech_lab", "heroes_hall", "tower", "surplus", "tech_2"} <= buildings
