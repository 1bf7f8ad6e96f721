"""Scenario tests for the Law codex and its hero Bigby Hayes: each card is
played through real actions and its outcome checked, with the official
rulings (reference/codex-cards/rulings.json, "Blue" and "Heroes") named
where they decide something.

Seat 0 plays Bigby Hayes (Law), seat 1 Troq Bashar (Bashing).
"""

from game.rules import legal_actions
from tests.rules.helpers import (
    act,
    assert_refused,
    attack,
    cards_in,
    choose,
    end_turn,
    find,
    gone,
    hand_ids,
    in_play,
    legal_of,
    one,
    play_card,
    prompt_options,
    scenario_game,
    use_ability,
)

HEROES = ("bigby_hayes", "troq_bashar")
BIGBY = {"card": "bigby_hayes", "id": "bigby"}
BIGBY_MAX = {"card": "bigby_hayes", "level": 5, "id": "bigby"}
TROQ = {"card": "troq_bashar", "id": "troq"}
TECH = {"tech_1": True, "tech_2": True, "tech_3": True}
DECK = ["tenderfoot", "older_brother", "iron_man", "spark", "wither", "bloom"]


def game(seat0=None, seat1=None, **kw):
    """A scenario with Bigby's player in seat 0 (active unless told)."""
    return scenario_game([seat0 or {}, seat1 or {}], heroes=HEROES, **kw)


def view_log(state, seat):
    """The log lines ``seat`` may read (game.codex.view)."""
    from game.rules import view

    return [e["text"] for e in view(state, seat)["log"]]


def next_turn(state, seat):
    """``seat`` ends its turn (tech choices made); the next seat's main phase."""
    return end_turn(state, seat)


# ---- Scribe, Tax Collector ------------------------------------------------------


def test_scribe_draws_a_card_when_it_arrives():
    s = game({"hand": ["scribe"], "deck": ["spark"], "gold": 2, "buildings": TECH, "play": [BIGBY]})
    s = play_card(s, 0, "scribe")
    assert cards_in(s, 0, "hand") == ["spark"]
    assert len(in_play(s, 0, "scribe")) == 1


def test_tax_collector_steals_one_gold():
    s = game({"hand": ["tax_collector"], "gold": 2, "buildings": TECH, "play": [BIGBY]}, {"gold": 3})
    s = play_card(s, 0, "tax_collector")
    assert (s["players"][0]["gold"], s["players"][1]["gold"]) == (1, 2)


def test_tax_collector_gets_nothing_from_an_opponent_without_gold():
    """Tax Collector ruling: nothing happens against an opponent with no gold."""
    s = game({"hand": ["tax_collector"], "gold": 2, "buildings": TECH, "play": [BIGBY]}, {"gold": 0})
    s = play_card(s, 0, "tax_collector")
    assert (s["players"][0]["gold"], s["players"][1]["gold"]) == (0, 0)
    assert s["prompt"] is None


# ---- Guardian of the Gates --------------------------------------------------------


def test_guardian_of_the_gates_cannot_attack():
    s = game({"play": [BIGBY, {"card": "guardian_of_the_gates", "id": "g"}]})
    assert_refused(s, 0, {"type": "attack", "attacker": find(s, "g"), "target": "base:1"}, "cannot_attack")


def _guardian_defends(granted=None):
    """Seat 1 attacks seat 0's patrolling Guardian with an Iron Man."""
    s = game(
        {"play": [BIGBY, {"card": "guardian_of_the_gates", "patrol": "elite", "id": "g"}]},
        {"play": [TROQ, {"card": "iron_man", "id": "man", "granted": granted or {}}]},
        active=1,
    )
    return attack(s, 1, find(s, "man"), find(s, "g"))


def test_guardian_of_the_gates_disables_the_unit_he_damages_not_himself():
    """Guardian of the Gates ruling: he disables the unit he deals combat
    damage to, not himself. Disabled: it stays exhausted through its next
    ready step, and readies at the one after."""
    s = _guardian_defends()
    man, guardian = find(s, "man"), find(s, "g")
    assert s["cards"][man]["marks"].get("disabled") and s["cards"][man]["exhausted"]
    assert not s["cards"][guardian]["marks"].get("disabled")
    s = next_turn(s, 1)
    s = next_turn(s, 0)  # seat 1's ready step: Iron Man skips it
    assert s["cards"][man]["exhausted"]
    s = next_turn(s, 1)
    s = next_turn(s, 0)
    assert not s["cards"][man]["exhausted"]


def test_guardian_of_the_gates_disables_even_when_armor_absorbs_the_damage():
    """Guardian of the Gates ruling: armor that takes all his damage still
    lets his ability trigger."""
    s = _guardian_defends({"armor": 2})  # the elite slot makes his 1 ATK 2
    man = find(s, "man")
    assert s["cards"][man]["damage"] == 0
    assert s["cards"][man]["marks"].get("disabled")


# ---- Insurance Agent --------------------------------------------------------------


def _insured(extra0=(), extra1=()):
    s = game(
        {"hand": ["insurance_agent"], "gold": 1, "buildings": TECH, "deck": ["spark"], "play": [BIGBY, *extra0]},
        {"play": [TROQ, {"card": "iron_man", "id": "man"}, *extra1]},
    )
    return play_card(s, 0, "insurance_agent")


def test_insurance_agent_pays_its_cost_and_a_card_when_the_insured_unit_dies():
    s = _insured()
    man = find(s, "man")
    assert man in prompt_options(s)
    s = choose(s, 0, man)
    assert s["cards"][man]["marks"]["runes"] == {"insurance": 1}
    from game.codex.checks import run
    from game.codex.effects import destroy

    destroy(s, man)
    run(s)
    assert gone(s, "man")
    assert s["players"][0]["gold"] == 3  # Iron Man costs 3
    assert cards_in(s, 0, "hand") == ["spark"]


def test_insurance_agent_insures_nothing_once_he_has_died():
    """Insurance Agent ruling: once he dies his effect is over; the rune
    does nothing."""
    s = _insured()
    s = choose(s, 0, find(s, "man"))
    from game.codex.checks import run
    from game.codex.effects import destroy

    agent = one(s, 0, "insurance_agent")
    destroy(s, agent)
    run(s)
    destroy(s, find(s, "man"))
    run(s)
    assert s["players"][0]["gold"] == 0 and cards_in(s, 0, "hand") == []


def test_insurance_agent_targeting_an_illusion_kills_it_uninsured():
    """Insurance Agent ruling: an Illusion dies when targeted, never gets
    the rune, and pays nothing."""
    s = game(
        {"hand": ["insurance_agent"], "gold": 1, "buildings": TECH, "deck": ["spark"], "play": [BIGBY]},
        {"play": [TROQ, {"card": "spectral_aven", "id": "aven"}]},
    )
    s = play_card(s, 0, "insurance_agent")
    options = prompt_options(s)
    s = choose(s, 0, find(s, "aven"))
    assert len(options) == 2 and gone(s, "aven")
    assert s["players"][0]["gold"] == 0 and cards_in(s, 0, "hand") == []


# ---- Justice Juggernaut ------------------------------------------------------------


def test_justice_juggernaut_cannot_patrol_and_ignores_patrollers():
    s = game(
        {"play": [BIGBY, {"card": "justice_juggernaut", "id": "jj"}]},
        {"play": [TROQ, {"card": "iron_man", "patrol": "squad_leader"}]},
    )
    jj = find(s, "jj")
    assert_refused(s, 0, {"type": "patrol", "card": jj, "slot": "elite"}, "cannot_patrol")
    s = attack(s, 0, jj, "base:1")
    assert s["teams"][1]["damage"] == 4


def test_justice_juggernaut_has_two_lives():
    """Justice Juggernaut ruling: the first death only puts a crumbling rune on it."""
    s = game({"play": [BIGBY, {"card": "justice_juggernaut", "id": "jj"}]})
    from game.codex.checks import run
    from game.codex.effects import destroy

    destroy(s, find(s, "jj"))
    run(s)
    assert s["cards"][find(s, "jj")]["marks"].get("crumbling")
    destroy(s, find(s, "jj"))
    run(s)
    assert gone(s, "jj")


# ---- Arresting Constable -----------------------------------------------------------


def test_arresting_constable_disables_and_sidelines_a_tech_2_patroller():
    s = game(
        {"play": [BIGBY, {"card": "arresting_constable", "id": "ac"}]},
        {
            "play": [
                TROQ,
                {"card": "hired_stomper", "patrol": "elite", "id": "hs"},
                {"card": "trojan_duck", "id": "duck"},
            ]
        },
    )
    options = {a["targets"][0] for a in legal_of(s, 0, "ability", card=find(s, "ac"))}
    assert find(s, "hs") in options and find(s, "duck") not in options  # tech III: no
    s = use_ability(s, 0, find(s, "ac"), targets=[find(s, "hs")])
    hs = find(s, "hs")
    assert s["cards"][hs]["exhausted"] and s["cards"][hs]["marks"]["disabled"]
    assert s["players"][1]["patrol"]["elite"] is None
    assert s["cards"][find(s, "ac")]["exhausted"]


# ---- Censorship Council ------------------------------------------------------------


def test_censorship_council_lets_opponents_play_one_card_from_hand_a_turn():
    """Censorship Council: one card from hand per turn; hiring a worker is
    not playing a card."""
    s = game(
        {"play": [BIGBY, {"card": "censorship_council"}]},
        {"hand": ["tenderfoot", "older_brother", "spark"], "gold": 6, "play": [TROQ]},
        active=1,
    )
    s = play_card(s, 1, "tenderfoot")
    second = hand_ids(s, 1, "older_brother")[0]
    err = assert_refused(s, 1, {"type": "play", "card": second, "targets": []}, "forbidden")
    assert "Censorship Council" in err.message
    assert not legal_of(s, 1, "play", card=second)
    s = act(s, 1, {"type": "hire", "card": second})
    assert s["players"][1]["hired_this_turn"]


def test_censorship_council_does_not_limit_its_controller():
    s = game({"hand": ["tenderfoot", "older_brother"], "gold": 6, "play": [BIGBY, {"card": "censorship_council"}]})
    s = play_card(s, 0, "tenderfoot")
    s = play_card(s, 0, "older_brother")
    assert len(in_play(s, 0, "older_brother")) == 1


# ---- Lawbringer Gryphon ------------------------------------------------------------


def test_lawbringer_gryphon_gives_its_base_flying():
    """Lawbringer Gryphon: ground attackers without anti-air can't attack
    the base; fliers can; the base is no longer flying once the Gryphon is
    gone (ruling)."""
    s = game(
        {"play": [BIGBY, {"card": "lawbringer_gryphon", "id": "gryph"}]},
        {"play": [TROQ, {"card": "iron_man", "id": "man"}, {"card": "eggship", "id": "egg"}]},
        active=1,
    )
    targets = {a["target"] for a in legal_of(s, 1, "attack", attacker=find(s, "man"))}
    assert "base:0" not in targets
    assert "base:0" in {a["target"] for a in legal_of(s, 1, "attack", attacker=find(s, "egg"))}
    assert_refused(s, 1, {"type": "attack", "attacker": find(s, "man"), "target": "base:0"}, "bad_target")
    from game.codex.checks import run
    from game.codex.effects import destroy

    destroy(s, find(s, "gryph"))
    run(s)
    assert "base:0" in {a["target"] for a in legal_of(s, 1, "attack", attacker=find(s, "man"))}


def test_lawbringer_gryphon_obliterates_four():
    s = game(
        {"play": [BIGBY, {"card": "lawbringer_gryphon", "id": "gryph"}]},
        {"play": [TROQ] + [{"card": "tenderfoot"}] * 4 + [{"card": "iron_man", "id": "man"}]},
    )
    s = attack(s, 0, find(s, "gryph"), "base:1")
    assert in_play(s, 1, "tenderfoot") == [] and not gone(s, "man")


# ---- Injunction --------------------------------------------------------------------


def _enjoined():
    s = game(
        {"hand": ["injunction"], "gold": 3, "play": [BIGBY]},
        {
            "buildings": {"tech_1": True, "tech_2": True},
            "workers": 10,
            "gold": 10,
            "hand": ["hired_stomper", "iron_man"],
            "play": [TROQ, {"card": "hired_stomper", "patrol": "elite", "id": "hs"}, {"card": "iron_man", "id": "man"}],
        },
    )
    return play_card(s, 0, "injunction", ["bld:1:tech_2"])


def test_injunction_disables_the_tech_2_units_and_shuts_the_building_next_turn():
    """Injunction: that player's tech II units are disabled (sidelined if
    patrolling); their Tech II building makes no tech II cards next turn and
    doesn't count for building Tech III (ruling); the turn after it works."""
    s = _enjoined()
    hs, man = find(s, "hs"), find(s, "man")
    assert s["cards"][hs]["marks"].get("disabled") and s["players"][1]["patrol"]["elite"] is None
    assert not s["cards"][man]["marks"].get("disabled")
    from game.rules import view

    assert view(s, None)["players"][1]["buildings"]["tech_2"]["disabled"] is True
    assert "disabled" not in view(s, None)["players"][1]["buildings"]["tech_1"]
    s = next_turn(s, 0)
    assert s["cards"][hs]["exhausted"]  # skipped its ready step
    stomper = hand_ids(s, 1, "hired_stomper")[0]
    assert_refused(s, 1, {"type": "play", "card": stomper, "targets": []}, "needs_tech")
    assert_refused(s, 1, {"type": "build", "building": "tech_3"}, "needs_building")
    s = play_card(s, 1, "iron_man")  # Tech I still works
    s = next_turn(s, 1)
    assert "disabled" not in view(s, None)["players"][1]["buildings"]["tech_2"]
    s = next_turn(s, 0)
    assert legal_of(s, 1, "play", card=hand_ids(s, 1, "hired_stomper")[0])


def test_injunction_needs_the_tech_building_of_that_level():
    """Injunction ruling: without a Tech II building its tech II units
    can't be disabled with it."""
    s = game(
        {"hand": ["injunction"], "gold": 3, "play": [BIGBY]},
        {"buildings": {"tech_1": True}, "play": [TROQ, {"card": "hired_stomper"}]},
    )
    targets = {a["targets"][0] for a in legal_of(s, 0, "play", card=hand_ids(s, 0, "injunction")[0])}
    assert "bld:1:tech_2" not in targets and "bld:1:tech_1" in targets


def test_injunction_disables_units_of_that_tech_level_of_any_spec():
    """Injunction ruling: every tech II unit of that player, whatever its spec."""
    s = game(
        {"hand": ["injunction"], "gold": 3, "play": [BIGBY]},
        {"buildings": {"tech_1": True, "tech_2": True}, "play": [TROQ, {"card": "cloud_sprite", "id": "sprite"}]},
    )
    s = play_card(s, 0, "injunction", ["bld:1:tech_2"])
    assert s["cards"][find(s, "sprite")]["marks"].get("disabled")


# ---- Community Service ---------------------------------------------------------------


def test_community_service_takes_a_unit_from_a_discard_pile():
    """Community Service: look at the pile (only the caster's side and the
    pile's owner read what is in it), then put a tech I or II unit from it into play under your control,
    free and without its tech building (ruling)."""
    s = game(
        {"hand": ["community_service"], "gold": 5, "play": [BIGBY]},
        {"discard": ["regular_sized_rhinoceros", "tenderfoot", "trojan_duck"], "hand": ["iron_man"], "play": [TROQ]},
    )
    s = play_card(s, 0, "community_service")
    assert sorted(prompt_options(s)) == ["discard:1", "hand:1"]
    s = choose(s, 0, "discard:1")
    assert prompt_options(s) == ["regular_sized_rhinoceros"]  # tech 0 and III aren't offered
    seen = [t for t in view_log(s, 0) if "saw" in t]
    assert seen and "Regular-sized Rhinoceros" in seen[-1] and "Trojan Duck" in seen[-1]
    assert not any("Trojan Duck" in t for t in view_log(s, None))
    assert any("looked at" in t for t in view_log(s, None))
    s = choose(s, 0, "regular_sized_rhinoceros")
    rhino = one(s, 0, "regular_sized_rhinoceros")
    assert s["cards"][rhino]["owner"] == 1 and s["cards"][rhino]["controller"] == 0
    assert s["cards"][rhino]["arrived"] == s["turn"]
    assert cards_in(s, 1, "discard") == ["tenderfoot", "trojan_duck"]
    assert s["players"][0]["gold"] == 0


def test_community_service_may_take_nothing():
    s = game({"hand": ["community_service"], "gold": 5, "play": [BIGBY]}, {"hand": ["iron_man"], "play": [TROQ]})
    s = play_card(s, 0, "community_service")
    s = choose(s, 0, "hand:1")
    s = choose(s, 0)
    assert cards_in(s, 1, "hand") == ["iron_man"] and in_play(s, 0, "iron_man") == []


# ---- Jurisdiction ---------------------------------------------------------------------


def test_jurisdiction_plays_a_spell_from_the_codex_paying_its_cost():
    s = game(
        {"hand": ["jurisdiction"], "gold": 5, "play": [BIGBY], "codex": {"injunction": 1, "judgment_day": 1}},
        {"buildings": {"tech_1": True}, "play": [TROQ, {"card": "iron_man", "id": "man"}]},
    )
    s = play_card(s, 0, "jurisdiction")
    assert prompt_options(s) == ["injunction"]  # never an ultimate
    s = choose(s, 0, "injunction")  # its only building to pick is chosen at once
    assert s["players"][0]["gold"] == 0
    assert s["cards"][find(s, "man")]["marks"].get("disabled")
    assert s["players"][0]["codex"] == {"judgment_day": 1}
    assert cards_in(s, 0, "discard") == ["injunction", "jurisdiction"]


def test_jurisdiction_offers_the_boost_of_the_spell_it_plays():
    """Boost ruling: Jurisdiction plays a spell from the codex, and it may
    be boosted too: Murkwood Allies (5, boost 4) brings both the Beast and
    the four Frogs."""
    s = game({"hand": ["jurisdiction"], "gold": 11, "play": [BIGBY], "codex": {"murkwood_allies": 1}})
    s = play_card(s, 0, "jurisdiction")
    s = choose(s, 0, "murkwood_allies")
    assert prompt_options(s) == ["boost", "no boost"]
    s = choose(s, 0, "boost")
    assert len(in_play(s, 0, "beast")) == 1 and len(in_play(s, 0, "frog")) == 4
    assert s["players"][0]["gold"] == 0 and s["players"][0]["codex"] == {}


def test_jurisdiction_channeling_spell_without_its_hero_is_discarded():
    """Jurisdiction ruling: a channeling spell whose hero you don't control
    is discarded at once."""
    s = game({"hand": ["jurisdiction"], "gold": 5, "play": [BIGBY], "codex": {"harmony": 1}})
    s = play_card(s, 0, "jurisdiction")
    s = choose(s, 0, "harmony")
    assert in_play(s, 0, "harmony") == []
    assert cards_in(s, 0, "discard") == ["harmony", "jurisdiction"]


def test_jurisdiction_offers_only_affordable_spells():
    s = game({"hand": ["jurisdiction"], "gold": 4, "play": [BIGBY], "codex": {"community_service": 1}})
    s = play_card(s, 0, "jurisdiction")
    assert s["prompt"] is None and s["players"][0]["codex"] == {"community_service": 1}


# ---- Judgment Day ------------------------------------------------------------------------


def test_judgment_day_destroys_tech_0_to_2_units_only():
    """Judgment Day: tokens and tech 0-II units die (scavenger bonus too,
    ruling); heroes and tech III units stay."""
    s = game(
        {
            "hand": ["judgment_day"],
            "gold": 4,
            "play": [BIGBY_MAX, {"card": "scribe"}, {"card": "lawbringer_gryphon", "id": "gryph"}],
        },
        {
            "play": [
                TROQ,
                {"card": "mercenary"},
                {"card": "hired_stomper", "patrol": "scavenger"},
                {"card": "trojan_duck", "id": "duck"},
            ]
        },
    )
    s = play_card(s, 0, "judgment_day")
    assert [s["cards"][i]["card"] for i in s["players"][0]["play"]] == ["bigby_hayes", "lawbringer_gryphon"]
    assert sorted(s["cards"][i]["card"] for i in s["players"][1]["play"]) == ["trojan_duck", "troq_bashar"]
    assert s["players"][1]["gold"] == 1


def test_judgment_day_castable_the_turn_bigby_reached_max():
    """Judgment Day: your max-level Law hero casts it however recently he
    arrived or reached max level (otherwise an ultimate waits a turn)."""
    s = game({"hand": ["judgment_day"], "gold": 4, "play": [{**BIGBY_MAX, "fresh": True}]})
    s["cards"][find(s, "bigby")]["marks"]["max_turn"] = s["turn"]
    assert legal_of(s, 0, "play", card=hand_ids(s, 0, "judgment_day")[0])
    low = game({"hand": ["judgment_day"], "gold": 4, "play": [{**BIGBY, "level": 4}]})
    assert_refused(
        low, 0, {"type": "play", "card": hand_ids(low, 0, "judgment_day")[0], "targets": []}, "needs_max_hero"
    )


# ---- Bigby Hayes -----------------------------------------------------------------------


def test_bigby_hayes_base_band_has_stash_and_no_ability():
    s = game({"hand": ["bloom"], "deck": DECK, "play": [BIGBY]})
    assert not legal_of(s, 0, "ability", card=find(s, "bigby"))
    keep = s["players"][0]["hand"][0]
    assert {"type": "end_main", "stash": keep} in legal_actions(s, 0)


def test_bigby_hayes_mid_band_sidelines_a_tech_0_or_1_patroller():
    s = game(
        {"play": [{**BIGBY, "level": 3}]},
        {
            "play": [
                TROQ,
                {"card": "iron_man", "patrol": "squad_leader", "id": "man"},
                {"card": "hired_stomper", "patrol": "elite", "id": "hs"},
                {"card": "tenderfoot", "id": "foot"},
            ]
        },
    )
    bigby = find(s, "bigby")
    options = {a["targets"][0] for a in legal_of(s, 0, "ability", card=bigby)}
    assert options == {find(s, "man")}  # tech II and non-patrollers aren't offered
    s = use_ability(s, 0, bigby, targets=[find(s, "man")])
    assert s["players"][1]["patrol"]["squad_leader"] is None
    assert not s["cards"][find(s, "man")]["exhausted"] and s["cards"][bigby]["exhausted"]


def test_bigby_hayes_max_band_draws_a_card():
    s = game({"deck": ["spark"], "play": [BIGBY_MAX]})
    bigby = find(s, "bigby")
    abilities = legal_of(s, 0, "ability", card=bigby)
    assert {a["ability"] for a in abilities} == {1}  # no patroller to sideline: only the draw
    s = use_ability(s, 0, bigby, index=1)
    assert cards_in(s, 0, "hand") == ["spark"] and s["cards"][bigby]["exhausted"]


def test_insurance_agent_pays_nothing_when_the_unit_leaves_without_dying():
    """Insurance Agent ruling: returned to hand (or trashed) is not dying."""
    s = _insured()
    s = choose(s, 0, find(s, "man"))
    from game.codex.checks import run
    from game.codex.effects import return_to_hand

    return_to_hand(s, find(s, "man"))
    run(s)
    assert s["players"][0]["gold"] == 0 and cards_in(s, 0, "hand") == []


def test_two_insurance_agents_on_one_unit_both_pay():
    """Insurance Agent ruling: two agents insuring the same unit pay twice."""
    s = game(
        {
            "hand": ["insurance_agent", "insurance_agent"],
            "gold": 2,
            "buildings": TECH,
            "deck": ["spark", "wither"],
            "play": [BIGBY],
        },
        {"play": [TROQ, {"card": "iron_man", "id": "man"}]},
    )
    for _ in range(2):
        s = play_card(s, 0, "insurance_agent")
        s = choose(s, 0, find(s, "man"))
    from game.codex.checks import run
    from game.codex.effects import destroy

    destroy(s, find(s, "man"))
    run(s)
    assert s["players"][0]["gold"] == 6 and cards_in(s, 0, "hand") == ["spark", "wither"]


def test_injunction_on_tech_2_leaves_a_standing_tech_3_working():
    """Injunction ruling: a Tech III building already there keeps working."""
    s = game(
        {"hand": ["injunction"], "gold": 3, "play": [BIGBY]},
        {"buildings": TECH, "gold": 10, "hand": ["trojan_duck"], "play": [TROQ]},
    )
    s = play_card(s, 0, "injunction", ["bld:1:tech_2"])
    s = next_turn(s, 0)
    assert legal_of(s, 1, "play", card=hand_ids(s, 1, "trojan_duck")[0])
