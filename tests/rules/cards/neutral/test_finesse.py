"""Scenario tests for the Finesse codex and the Dancer tokens (Starter set):
each card is played through real actions and its outcome checked, with the
official rulings (reference/codex-cards/rulings.json, "Neutral") named where
they decide something.

Here seat 0 plays River Montoya (Finesse) and seat 1 Troq Bashar (Bashing).
"""

from game.codex import stats
from tests.rules.helpers import (
    assert_refused,
    atk_hp,
    attack,
    base_damage,
    cards_in,
    choose,
    end_turn,
    find,
    hand_ids,
    in_play,
    legal_of,
    one,
    play_card,
    prompt_options,
    scenario_game,
    use_ability,
)

HEROES = ("river_montoya", "troq_bashar")
RIVER = {"card": "river_montoya", "id": "river"}
RIVER_MAX = {"card": "river_montoya", "level": 5, "id": "river"}
TROQ = {"card": "troq_bashar", "id": "troq"}
ALL_TECH = {"tech_1": True, "tech_2": True, "tech_3": True}


def game(seat0=None, seat1=None, **kw):
    """A scenario with River's player in seat 0 (active unless told)."""
    return scenario_game([seat0 or {}, seat1 or {}], heroes=HEROES, **kw)


def dancers(state, seat):
    """``(Dancers, Angry Dancers)`` that ``seat`` controls."""
    return in_play(state, seat, "dancer"), in_play(state, seat, "angry_dancer")


# ---- Harmony -----------------------------------------------------------------


def test_harmony_stays_in_play_and_does_not_trigger_on_itself():
    """Harmony ruling: it does not trigger on itself; the first Dancer comes
    with the next spell you play."""
    s = game(
        {"hand": ["harmony", "spark"], "gold": 3, "play": [RIVER]},
        {"play": [{"card": "tenderfoot", "patrol": "elite", "id": "foot"}]},
    )
    s = play_card(s, 0, "harmony")
    assert len(in_play(s, 0, "harmony")) == 1
    assert dancers(s, 0) == ([], [])
    s = play_card(s, 0, "spark", [find(s, "foot")])
    (dancer,), angry = dancers(s, 0)
    assert angry == []
    assert atk_hp(s, dancer) == (0, 1)
    assert s["cards"][dancer]["arrived"] == s["turn"]
    assert s["players"][0]["gold"] == 0


def test_harmony_dancer_is_not_there_until_the_spell_fully_resolves():
    """Harmony ruling: the Dancer can't be targeted by the spell that made
    it; the spell resolves completely first. While Appel Stomp still waits
    for its last choice there is no Dancer; it comes after."""
    s = game(
        {"hand": ["appel_stomp"], "deck": ["older_brother"], "gold": 1, "play": [RIVER_MAX, {"card": "harmony"}]},
        {"play": [{"card": "iron_man", "patrol": "squad_leader", "id": "sl"}]},
    )
    s = play_card(s, 0, "appel_stomp", [find(s, "sl")])
    assert prompt_options(s) == ["top", "discard"]
    assert dancers(s, 0) == ([], [])
    s = choose(s, 0, "discard")
    assert len(dancers(s, 0)[0]) == 1


def test_harmony_dancer_made_by_bloom_does_not_get_blooms_rune():
    """Harmony ruling (Bloom example): Bloom's target is chosen and its rune
    placed before the Dancer exists; the new Dancer has no rune."""
    s = game({"hand": ["bloom"], "gold": 2, "play": [RIVER, {"card": "harmony"}]})
    river = find(s, "river")
    bloom = hand_ids(s, 0, "bloom")[0]
    assert {a["targets"][0] for a in legal_of(s, 0, "play", card=bloom)} == {river}
    s = play_card(s, 0, "bloom", [river])
    (dancer,), _ = dancers(s, 0)
    assert s["cards"][river]["plus"] == 1
    assert s["cards"][dancer]["plus"] == 0


def test_harmony_makes_at_most_3_dancers_and_angry_dancers_together():
    """Harmony: the limit is 3 Dancers and Angry Dancers combined."""
    s = game(
        {
            "hand": ["wither", "wither"],
            "gold": 4,
            "play": [RIVER, {"card": "harmony"}, {"card": "dancer"}, {"card": "angry_dancer"}],
        },
        {"play": [{"card": "iron_man", "id": "iron"}]},
    )
    s = play_card(s, 0, "wither", [find(s, "iron")])
    assert [len(x) for x in dancers(s, 0)] == [2, 1]
    s = play_card(s, 0, "wither", [find(s, "iron")])
    assert [len(x) for x in dancers(s, 0)] == [2, 1]


def test_harmony_only_counts_its_controllers_spells():
    """Harmony: "whenever you play a spell": the opponent's spells make no
    Dancer."""
    s = game({"play": [RIVER, {"card": "harmony"}]}, {"hand": ["wrecking_ball"], "play": [TROQ]}, active=1)
    s = play_card(s, 1, "wrecking_ball", ["base:0"])
    assert base_damage(s, 0) == 2
    assert dancers(s, 0) == ([], [])


def test_stop_the_music_flips_dancers_keeping_runes_and_damage_without_arriving():
    """Harmony's sacrifice, "stop the music": every Dancer flips into an
    Angry Dancer (Dancer ruling: the same card, keeping its +1/+1 rune and
    damage, and flipping is not arriving, so one from an earlier turn
    attacks at once, unstoppable past the squad leader)."""
    s = game(
        {
            "play": [
                RIVER,
                {"card": "harmony", "id": "harmony"},
                {"card": "dancer", "plus": 1, "damage": 1, "id": "d1"},
                {"card": "dancer", "id": "d2"},
            ]
        },
        {"play": [{"card": "iron_man", "patrol": "squad_leader", "id": "sl"}]},
    )
    d1, d2 = find(s, "d1"), find(s, "d2")
    harmony = find(s, "harmony")
    assert [a["ability"] for a in legal_of(s, 0, "ability", card=harmony)] == [0]
    s = use_ability(s, 0, harmony)
    assert in_play(s, 0, "harmony") == []
    assert cards_in(s, 0, "discard") == ["harmony"]
    assert sorted(dancers(s, 0)[1]) == sorted([d1, d2])
    assert s["cards"][d1]["card"] == "angry_dancer"
    assert (s["cards"][d1]["plus"], s["cards"][d1]["damage"]) == (1, 1)
    assert atk_hp(s, d1) == (3, 2)
    assert stats.kw(s, d2, "unstoppable")
    assert "base:1" in {a["target"] for a in legal_of(s, 0, "attack", attacker=d2)}
    s = attack(s, 0, d2, "base:1")
    assert base_damage(s, 1) == 2


def test_losing_river_sacrifices_harmony_and_the_dancers_do_not_flip():
    """Harmony ruling: losing your Finesse hero forces Harmony's sacrifice
    (channeling), which is not "stopping the music": the Dancers stay
    Dancers."""
    s = game(
        {"play": [RIVER, {"card": "harmony"}, {"card": "dancer", "id": "d"}]},
        {"play": [{"card": "iron_man", "patrol": "squad_leader", "id": "sl"}]},
    )
    s = attack(s, 0, find(s, "river"), find(s, "sl"))  # 3 damage kills River (2/3)
    assert in_play(s, 0, "river_montoya") == []
    assert in_play(s, 0, "harmony") == []
    assert cards_in(s, 0, "discard") == ["harmony"]
    assert s["cards"][find(s, "d")]["card"] == "dancer"


# ---- Dancer and Angry Dancer ----------------------------------------------------


def test_dancer_token_is_a_0_1_tech_0_unit_that_vanishes_when_it_leaves_play():
    """Dancer: a 0/1 tech 0 token; a token leaving play ceases to exist
    (rulebook "Tokens"): The Boot destroys it and nothing reaches the
    discard pile."""
    s = game(
        {"play": [RIVER, {"card": "dancer", "id": "d"}]}, {"hand": ["the_boot"], "gold": 3, "play": [TROQ]}, active=1
    )
    d = find(s, "d")
    assert atk_hp(s, d) == (0, 1)
    assert stats.tech_level(s, d) == 0
    s = play_card(s, 1, "the_boot", [d])
    assert d not in s["cards"]
    assert s["players"][0]["discard"] == []


def test_angry_dancer_is_a_2_1_unstoppable_token():
    """Angry Dancer: 2/1, unstoppable: it ignores the squad leader."""
    s = game(
        {"play": [{"card": "angry_dancer", "id": "a"}]},
        {"play": [{"card": "iron_man", "patrol": "squad_leader", "id": "sl"}]},
    )
    a = find(s, "a")
    assert atk_hp(s, a) == (2, 1)
    targets = {t["target"] for t in legal_of(s, 0, "attack", attacker=a)}
    assert {"base:1", find(s, "sl")} <= targets
    s = attack(s, 0, a, "base:1")
    assert base_damage(s, 1) == 2


# ---- Discord -----------------------------------------------------------------


def test_discord_gives_an_opponents_tech_0_and_1_units_minus_2_minus_1_this_turn():
    """Discord: every tech 0 and tech I unit of one opponent gets -2/-1 until
    the end of the turn; tech II units, heroes and your own units are not
    affected."""
    s = game(
        {"hand": ["discord"], "gold": 2, "play": [RIVER, {"card": "older_brother", "id": "mine"}]},
        {
            "play": [
                TROQ,
                {"card": "iron_man", "id": "iron"},
                {"card": "older_brother", "id": "ob"},
                {"card": "regular_sized_rhinoceros", "id": "rhino"},
            ]
        },
    )
    s = play_card(s, 0, "discord")
    assert s["players"][0]["gold"] == 0
    assert atk_hp(s, find(s, "iron")) == (1, 3)
    assert atk_hp(s, find(s, "ob")) == (0, 1)
    assert atk_hp(s, find(s, "rhino")) == (5, 6)
    assert atk_hp(s, find(s, "troq")) == (2, 3)
    assert atk_hp(s, find(s, "mine")) == (2, 2)
    s = end_turn(s, 0)
    assert atk_hp(s, find(s, "iron")) == (3, 4)


def test_discord_kills_1_hp_units_even_through_armor_and_ignores_resist():
    """Discord ruling: a unit with 1 HP dies (0 HP) even with armor (the
    squad leader's, house rule R6). Discord does not target, so a Brick
    Thief's resist costs nothing."""
    s = game(
        {"hand": ["discord"], "gold": 2, "play": [RIVER]},
        {
            "play": [
                {"card": "timely_messenger", "patrol": "squad_leader", "id": "sl"},
                {"card": "brick_thief", "id": "thief"},
                {"card": "older_brother", "damage": 1, "id": "hurt"},
            ]
        },
    )
    s = play_card(s, 0, "discord")
    assert in_play(s, 1, "timely_messenger") == []
    assert in_play(s, 1, "brick_thief") == []
    assert in_play(s, 1, "older_brother") == []
    assert s["players"][0]["gold"] == 0


# ---- Two Step ----------------------------------------------------------------


def test_two_step_gives_two_partners_plus_2_plus_2():
    """Two Step: two of your units become dance partners, +2/+2 each."""
    s = game(
        {
            "hand": ["two_step"],
            "gold": 2,
            "play": [RIVER, {"card": "tenderfoot", "id": "a"}, {"card": "older_brother", "id": "b"}],
        },
        {"play": [{"card": "iron_man", "id": "foe"}]},
    )
    step = hand_ids(s, 0, "two_step")[0]
    offered = {tuple(sorted(x["targets"])) for x in legal_of(s, 0, "play", card=step)}
    assert offered == {tuple(sorted([find(s, "a"), find(s, "b")]))}
    s = play_card(s, 0, "two_step", [find(s, "a"), find(s, "b")])
    assert atk_hp(s, find(s, "a")) == (3, 4)
    assert atk_hp(s, find(s, "b")) == (4, 4)
    assert len(in_play(s, 0, "two_step")) == 1


def test_two_step_cannot_take_a_unit_that_is_already_a_partner():
    """Two Step ruling: a unit already partnered by a Two Step is no legal
    target for another Two Step."""
    s = game(
        {
            "hand": ["two_step", "two_step"],
            "gold": 4,
            "play": [
                RIVER,
                {"card": "tenderfoot", "id": "a"},
                {"card": "older_brother", "id": "b"},
                {"card": "fruit_ninja", "id": "c"},
                {"card": "helpful_turtle", "id": "d"},
            ],
        }
    )
    a, b, c, d = (find(s, t) for t in "abcd")
    s = play_card(s, 0, "two_step", [a, b])
    second = hand_ids(s, 0, "two_step")[0]
    assert_refused(s, 0, {"type": "play", "card": second, "targets": [a, c]}, "bad_targets")
    offered = {tuple(sorted(x["targets"])) for x in legal_of(s, 0, "play", card=second)}
    assert offered == {tuple(sorted([c, d]))}
    s = play_card(s, 0, "two_step", [c, d])
    assert atk_hp(s, c) == (5, 4)  # 2/2 +2/+2, frenzy on its own turn


def test_two_step_is_sacrificed_when_a_partner_dies_and_the_other_loses_the_bonus():
    """Two Step ruling: losing a partner (it leaves play) sacrifices Two
    Step; the other partner loses +2/+2 and, with 3 damage on a 1/2, dies."""
    s = game(
        {
            "hand": ["two_step"],
            "gold": 2,
            "play": [RIVER, {"card": "tenderfoot", "id": "a"}, {"card": "older_brother", "id": "b"}],
        },
        {"hand": ["the_boot"], "gold": 3, "play": [TROQ, {"card": "iron_man", "patrol": "squad_leader", "id": "sl"}]},
    )
    a, b = find(s, "a"), find(s, "b")
    s = play_card(s, 0, "two_step", [a, b])
    s = attack(s, 0, a, find(s, "sl"))
    assert s["cards"][a]["damage"] == 3 and atk_hp(s, a) == (3, 4)
    s = end_turn(s, 0)
    s = play_card(s, 1, "the_boot", [b])
    assert in_play(s, 0, "two_step") == []
    assert in_play(s, 0, "tenderfoot") == []
    assert {"older_brother", "tenderfoot", "two_step"} <= set(cards_in(s, 0, "discard"))


def test_two_step_is_sacrificed_when_a_partner_changes_control():
    """Two Step ruling: losing a partner includes it leaving your control:
    Final Smash takes the Maestro partner, and Two Step goes."""
    s = game(
        {
            "hand": ["two_step"],
            "gold": 2,
            "play": [RIVER, {"card": "maestro", "id": "a"}, {"card": "older_brother", "id": "b"}],
        },
        {"hand": ["final_smash"], "gold": 6, "play": [{"card": "troq_bashar", "level": 8}]},
    )
    a, b = find(s, "a"), find(s, "b")
    s = play_card(s, 0, "two_step", [a, b])
    s = end_turn(s, 0)
    s = play_card(s, 1, "final_smash")
    # Older Brother (tech 0) destroyed, no tech I, Maestro (tech II) taken.
    assert s["prompt"] is None
    assert s["cards"][a]["controller"] == 1
    assert atk_hp(s, a) == (3, 5)
    assert in_play(s, 0, "two_step") == []
    assert "two_step" in cards_in(s, 0, "discard")


def test_two_step_is_sacrificed_when_river_is_lost():
    """Two Step, channeling: without a Finesse hero it is sacrificed."""
    s = game(
        {
            "hand": ["two_step"],
            "gold": 2,
            "play": [RIVER, {"card": "tenderfoot", "id": "a"}, {"card": "older_brother", "id": "b"}],
        },
        {"play": [{"card": "iron_man", "patrol": "squad_leader", "id": "sl"}]},
    )
    s = play_card(s, 0, "two_step", [find(s, "a"), find(s, "b")])
    s = attack(s, 0, find(s, "river"), find(s, "sl"))
    assert in_play(s, 0, "two_step") == []
    assert atk_hp(s, find(s, "a")) == (1, 2)


# ---- Appel Stomp -------------------------------------------------------------


def test_appel_stomp_sidelines_a_patroller_draws_and_may_go_on_top_of_the_deck():
    """Appel Stomp (ultimate, 1 gold): sideline a patroller (it stays in play
    but leaves the patrol zone), draw a card, then you may put Appel Stomp
    on top of your draw pile."""
    s = game(
        {
            "hand": ["appel_stomp"],
            "deck": ["older_brother", "spark"],
            "gold": 1,
            "play": [RIVER_MAX, {"card": "older_brother", "id": "ob"}],
        },
        {"play": [{"card": "iron_man", "patrol": "squad_leader", "id": "sl"}]},
    )
    sl = find(s, "sl")
    s = play_card(s, 0, "appel_stomp", [sl])
    assert s["players"][1]["patrol"]["squad_leader"] is None
    assert sl in s["players"][1]["play"]
    assert cards_in(s, 0, "hand") == ["older_brother"]
    s = choose(s, 0, "top")
    top = s["players"][0]["deck"][0]
    assert s["cards"][top]["card"] == "appel_stomp"
    assert cards_in(s, 0, "discard") == []
    assert "base:1" in {a["target"] for a in legal_of(s, 0, "attack", attacker=find(s, "ob"))}


def test_appel_stomp_not_put_on_top_goes_to_the_discard_pile():
    """Appel Stomp ruling: if you don't put it on top of your draw pile, it
    goes to your discard pile."""
    s = game(
        {"hand": ["appel_stomp"], "deck": ["older_brother"], "gold": 1, "play": [RIVER_MAX]},
        {"play": [{"card": "iron_man", "patrol": "elite", "id": "p"}]},
    )
    s = play_card(s, 0, "appel_stomp", [find(s, "p")])
    s = choose(s, 0, "discard")
    assert cards_in(s, 0, "discard") == ["appel_stomp"]
    assert s["players"][0]["deck"] == []


def test_appel_stomp_needs_river_at_max_level_since_the_start_of_the_turn():
    """Appel Stomp is an ultimate (house rule R7): River at level 3 can't
    play it."""
    s = game(
        {"hand": ["appel_stomp"], "gold": 1, "play": [{"card": "river_montoya", "level": 3}]},
        {"play": [{"card": "iron_man", "patrol": "elite", "id": "p"}]},
    )
    stomp = hand_ids(s, 0, "appel_stomp")[0]
    assert_refused(s, 0, {"type": "play", "card": stomp, "targets": [find(s, "p")]}, "needs_max_hero")


# ---- Nimble Fencer -----------------------------------------------------------


def test_nimble_fencer_gives_virtuosos_haste_herself_included():
    """Nimble Fencer ruling: she is a Virtuoso, so she has haste herself; a
    Tenderfoot played the same turn has it too, an Older Brother not."""
    s = game({"hand": ["nimble_fencer", "tenderfoot", "older_brother"], "gold": 5, "buildings": {"tech_1": True}})
    s = play_card(s, 0, "nimble_fencer")
    s = play_card(s, 0, "tenderfoot")
    s = play_card(s, 0, "older_brother")
    fencer, foot = one(s, 0, "nimble_fencer"), one(s, 0, "tenderfoot")
    assert atk_hp(s, fencer) == (2, 3)
    assert not legal_of(s, 0, "attack", attacker=one(s, 0, "older_brother"))
    s = attack(s, 0, fencer, "base:1")
    s = attack(s, 0, foot, "base:1")
    assert base_damage(s, 1) == 3


# ---- Star-Crossed Starlet ------------------------------------------------------


def starlet_turn(plus=0, damage=0, extra=()):
    """Seat 1's turn ends; seat 0's upkeep runs with a Starlet in play."""
    s = game(
        {"play": [{"card": "star_crossed_starlet", "plus": plus, "damage": damage, "id": "star"}] + list(extra)},
        active=1,
    )
    return end_turn(s, 1)


def test_star_crossed_starlet_takes_1_damage_each_upkeep_and_gains_atk_from_it():
    """Star-Crossed Starlet: upkeep: she takes 1 damage; +1 ATK for each
    damage on her. 3/2 becomes 4 ATK with 1 damage; the next upkeep kills
    her."""
    s = starlet_turn()
    star = find(s, "star")
    assert s["cards"][star]["damage"] == 1
    assert atk_hp(s, star) == (4, 2)
    s = end_turn(s, 0)
    s = end_turn(s, 1)
    assert in_play(s, 0, "star_crossed_starlet") == []


def test_star_crossed_starlet_with_a_plus_rune_survives_2_damage():
    """Star-Crossed Starlet ruling: with a +1/+1 rune she has 3 HP, so 2
    damage doesn't kill her, and she has +2 ATK from it: 3+1+2 = 6 ATK."""
    s = starlet_turn(plus=1, damage=1)
    star = find(s, "star")
    assert s["cards"][star]["damage"] == 2
    assert atk_hp(s, star) == (6, 3)


def test_starlet_owner_may_heal_her_before_her_upkeep_damage():
    """Star-Crossed Starlet ruling: with Helpful Turtle in play the active
    player orders the upkeep effects; healing first takes her from 1 damage
    to 0, then her ability gives 1 again: she lives with 4 ATK."""
    s = starlet_turn(damage=1, extra=[{"card": "helpful_turtle"}])
    assert s["prompt"]["seat"] == 0
    assert prompt_options(s) == ["healing first", "abilities first"]
    s = choose(s, 0, "healing first")
    star = find(s, "star")
    assert s["cards"][star]["damage"] == 1
    assert atk_hp(s, star) == (4, 2)
    assert s["phase"] == "main"


def test_starlet_owner_may_take_her_upkeep_damage_before_the_healing():
    """Star-Crossed Starlet ruling, the other order: her damage first, then
    the Turtle heals it, so an undamaged Starlet stays undamaged (3 ATK);
    with 1 damage already she would reach 2 and die before the healing."""
    s = starlet_turn(extra=[{"card": "helpful_turtle"}])
    s = choose(s, 0, "abilities first")
    star = find(s, "star")
    assert s["cards"][star]["damage"] == 0
    assert atk_hp(s, star) == (3, 2)

    s = starlet_turn(damage=1, extra=[{"card": "helpful_turtle"}])
    s = choose(s, 0, "abilities first")
    assert in_play(s, 0, "star_crossed_starlet") == []


def test_upkeep_asks_for_no_order_without_both_healing_and_upkeep_abilities():
    """The upkeep order is asked only when both kinds of effect happen: a
    Starlet alone (no healing) just takes her damage."""
    s = starlet_turn()
    assert s["prompt"] is None and s["phase"] == "main"


# ---- Grounded Guide ----------------------------------------------------------


def test_grounded_guide_gives_other_units_plus_1_atk_and_virtuosos_plus_2_plus_1():
    """Grounded Guide: your other units +1 ATK; your Virtuosos +2/+1
    instead. Not the Guide itself, not heroes, not the opponent's units."""
    s = game(
        {
            "hand": ["grounded_guide"],
            "gold": 5,
            "buildings": ALL_TECH,
            "play": [RIVER, {"card": "tenderfoot", "id": "foot"}, {"card": "older_brother", "id": "ob"}],
        },
        {"play": [{"card": "iron_man", "id": "foe"}]},
    )
    s = play_card(s, 0, "grounded_guide")
    assert atk_hp(s, one(s, 0, "grounded_guide")) == (4, 4)
    assert atk_hp(s, find(s, "foot")) == (3, 3)
    assert atk_hp(s, find(s, "ob")) == (3, 2)
    assert atk_hp(s, find(s, "river")) == (2, 3)
    assert atk_hp(s, find(s, "foe")) == (3, 4)


def test_two_grounded_guides_stack():
    """Grounded Guide ruling: two of them stack: Virtuosos +4/+2, other
    units +2 ATK, and each Guide gets +1 ATK from the other."""
    s = game(
        {
            "play": [
                {"card": "grounded_guide", "id": "g1"},
                {"card": "grounded_guide"},
                {"card": "tenderfoot", "id": "foot"},
                {"card": "older_brother", "id": "ob"},
            ]
        }
    )
    assert atk_hp(s, find(s, "foot")) == (5, 4)
    assert atk_hp(s, find(s, "ob")) == (4, 2)
    assert atk_hp(s, find(s, "g1")) == (5, 4)


# ---- Maestro -----------------------------------------------------------------


def test_maestro_makes_your_virtuosos_cost_0():
    """Maestro: your Virtuosos cost 0 gold (Tenderfoot, Nimble Fencer,
    Starlet, even Blademaster); other units cost as usual."""
    s = game(
        {
            "hand": ["tenderfoot", "nimble_fencer", "star_crossed_starlet", "blademaster", "older_brother"],
            "gold": 2,
            "buildings": ALL_TECH,
            "play": [{"card": "maestro"}],
        }
    )
    for card in ("tenderfoot", "nimble_fencer", "star_crossed_starlet", "blademaster"):
        s = play_card(s, 0, card)
    assert s["players"][0]["gold"] == 2
    s = play_card(s, 0, "older_brother")
    assert s["players"][0]["gold"] == 0


def test_maestro_does_not_discount_the_opponents_virtuosos():
    """Maestro: "your" Virtuosos only."""
    s = game({"play": [{"card": "maestro"}]}, {"hand": ["tenderfoot"], "gold": 1}, active=1)
    s = play_card(s, 1, "tenderfoot")
    assert s["players"][1]["gold"] == 0


def test_maestro_grants_virtuosos_exhaust_2_damage_to_a_building():
    """Maestro: your Virtuosos gain "exhaust: 2 damage to a building"; the
    Maestro itself (a Thespian) does not; Maestro arriving this turn doesn't
    matter (ruling)."""
    s = game(
        {"hand": ["maestro"], "gold": 3, "buildings": ALL_TECH, "play": [{"card": "tenderfoot", "id": "foot"}]},
        {"buildings": {"tech_1": True}},
    )
    foot = find(s, "foot")
    assert not legal_of(s, 0, "ability", card=foot)
    s = play_card(s, 0, "maestro")
    assert not legal_of(s, 0, "ability", card=one(s, 0, "maestro"))
    offered = {a["targets"][0] for a in legal_of(s, 0, "ability", card=foot)}
    assert offered == {"base:0", "base:1", "bld:0:tech_1", "bld:0:tech_2", "bld:0:tech_3", "bld:1:tech_1"}
    s = use_ability(s, 0, foot, 0, ["bld:1:tech_1"])
    assert s["players"][1]["buildings"]["tech_1"]["damage"] == 2
    assert s["cards"][foot]["exhausted"]
    assert_refused(s, 0, {"type": "ability", "card": foot, "ability": 0, "targets": ["base:1"]}, "exhausted")


def test_maestro_ability_needs_the_virtuoso_since_the_start_of_the_turn_or_haste():
    """Maestro ruling: exhausting a Virtuoso for the ability needs it under
    your control since the start of the turn, or haste: a Tenderfoot played
    this turn can't (arrival_fatigue); with Nimble Fencer's haste it can."""
    s = game({"hand": ["tenderfoot"], "gold": 0, "play": [{"card": "maestro"}]})
    s = play_card(s, 0, "tenderfoot")
    foot = one(s, 0, "tenderfoot")
    assert not legal_of(s, 0, "ability", card=foot)
    assert_refused(s, 0, {"type": "ability", "card": foot, "ability": 0, "targets": ["base:1"]}, "arrival_fatigue")

    s = game({"hand": ["tenderfoot"], "gold": 0, "play": [{"card": "maestro"}, {"card": "nimble_fencer"}]})
    s = play_card(s, 0, "tenderfoot")
    s = use_ability(s, 0, one(s, 0, "tenderfoot"), 0, ["base:1"])
    assert base_damage(s, 1) == 2


# ---- Backstabber -------------------------------------------------------------


def test_backstabber_cannot_be_targeted_or_attacked_by_an_opponent_without_detector():
    """Backstabber, invisible: the opponent can't target it (Wither is
    refused, bad_targets) nor attack it while it is not patrolling."""
    s = game(
        {"play": [{"card": "backstabber", "id": "stab"}]}, {"hand": ["wither"], "gold": 2, "play": [TROQ]}, active=1
    )
    stab = find(s, "stab")
    wither = hand_ids(s, 1, "wither")[0]
    assert_refused(s, 1, {"type": "play", "card": wither, "targets": [stab]}, "bad_targets")
    assert_refused(s, 1, {"type": "attack", "attacker": find(s, "troq"), "target": stab}, "bad_target")


def test_backstabber_can_be_attacked_while_patrolling_but_still_not_targeted():
    """Backstabber, invisible: while patrolling it is attackable (and as
    squad leader must be attacked), yet still untargetable."""
    s = game(
        {"play": [{"card": "backstabber", "patrol": "squad_leader", "id": "stab"}]},
        {"hand": ["spark"], "gold": 1, "play": [TROQ]},
        active=1,
    )
    stab, troq = find(s, "stab"), find(s, "troq")
    assert [a["target"] for a in legal_of(s, 1, "attack", attacker=troq)] == [stab]
    spark = hand_ids(s, 1, "spark")[0]
    assert_refused(s, 1, {"type": "play", "card": spark, "targets": [stab]}, "bad_targets")
    s = attack(s, 1, troq, stab)
    assert s["cards"][stab]["damage"] == 1  # 2 ATK, 1 absorbed by squad leader armor


def test_backstabber_sneaks_past_patrollers_and_the_defender_strikes_back():
    """Backstabber, invisible: it may ignore the squad leader; attacking a
    unit, that unit still deals its combat damage back (invisible ruling)."""
    s = game(
        {"play": [{"card": "backstabber", "id": "stab"}]},
        {"play": [{"card": "iron_man", "patrol": "squad_leader", "id": "sl"}, {"card": "older_brother", "id": "ob"}]},
    )
    stab = find(s, "stab")
    targets = {a["target"] for a in legal_of(s, 0, "attack", attacker=stab)}
    assert {"base:1", find(s, "sl"), find(s, "ob")} <= targets
    ob = find(s, "ob")
    s = attack(s, 0, stab, ob)
    assert ob not in s["cards"]
    assert s["cards"][stab]["damage"] == 2


def test_backstabber_is_seen_by_a_tower_that_has_its_detect():
    """Backstabber against a Tower (house rule R10): the Tower detects it,
    so it can't ignore the squad leader, and it takes the Tower's 1 damage."""
    s = game(
        {"play": [{"card": "backstabber", "id": "stab"}]},
        {"buildings": {"addon": "tower"}, "play": [{"card": "tenderfoot", "patrol": "squad_leader", "id": "sl"}]},
    )
    stab = find(s, "stab")
    assert [a["target"] for a in legal_of(s, 0, "attack", attacker=stab)] == [find(s, "sl")]
    s = attack(s, 0, stab, find(s, "sl"))
    assert s["cards"][stab]["damage"] == 2


# ---- Cloud Sprite ------------------------------------------------------------


def test_cloud_sprite_flies_over_ground_patrollers_but_must_fight_flying_ones():
    """Cloud Sprite, flying: a ground squad leader doesn't stop it; a flying
    squad leader does (flying ruling: fliers can't ignore flying
    patrollers)."""
    s = game(
        {
            "hand": ["cloud_sprite"],
            "gold": 2,
            "buildings": ALL_TECH,
            "play": [{"card": "cloud_sprite", "id": "sprite"}],
        },
        {"play": [{"card": "iron_man", "patrol": "squad_leader", "id": "sl"}]},
    )
    sprite = find(s, "sprite")
    s = play_card(s, 0, "cloud_sprite")
    assert atk_hp(s, [i for i in in_play(s, 0, "cloud_sprite") if i != sprite][0]) == (3, 2)
    s = attack(s, 0, sprite, "base:1")
    assert base_damage(s, 1) == 3
    assert s["cards"][sprite]["damage"] == 0

    s = game(
        {"play": [{"card": "cloud_sprite", "id": "sprite"}]},
        {"play": [{"card": "eggship", "patrol": "squad_leader", "id": "sl"}]},
    )
    sprite = find(s, "sprite")
    assert [a["target"] for a in legal_of(s, 0, "attack", attacker=sprite)] == [find(s, "sl")]


# ---- Leaping Lizard ----------------------------------------------------------


def test_leaping_lizard_hits_a_flier_that_flies_over_it():
    """Leaping Lizard, anti-air: patrolling, it deals its combat damage to a
    flier that flies over it, at the same time as the flier hits its
    target."""
    s = game(
        {"play": [{"card": "leaping_lizard", "patrol": "elite", "id": "lizard"}]},
        {"play": [{"card": "eggship", "id": "egg"}]},
        active=1,
    )
    egg = find(s, "egg")
    s = attack(s, 1, egg, "base:0")
    assert base_damage(s, 0) == 4
    assert egg not in s["cards"]  # 3 ATK + 1 elite = 4 on a 4/3


def test_leaping_lizard_can_attack_fliers_and_may_ignore_a_patrolling_one():
    """Leaping Lizard: anti-air may attack fliers, and a patrolling flier
    does not stop it (anti-air ruling: it may ignore it)."""
    s = game(
        {
            "hand": ["leaping_lizard"],
            "gold": 1,
            "buildings": ALL_TECH,
            "play": [{"card": "leaping_lizard", "id": "lizard"}],
        },
        {"play": [{"card": "eggship", "patrol": "squad_leader", "id": "sl"}, {"card": "eggship", "id": "egg"}]},
    )
    s = play_card(s, 0, "leaping_lizard")
    assert s["players"][0]["gold"] == 0
    lizard = find(s, "lizard")
    assert atk_hp(s, lizard) == (3, 5)
    targets = {a["target"] for a in legal_of(s, 0, "attack", attacker=lizard)}
    assert {"base:1", find(s, "sl"), find(s, "egg")} <= targets
    egg = find(s, "egg")
    s = attack(s, 0, lizard, egg)
    assert egg not in s["cards"]  # 3 damage on a 4/3
    assert s["cards"][lizard]["damage"] == 4


# ---- Blademaster -------------------------------------------------------------


def test_blademaster_gives_your_units_and_heroes_swift_strike():
    """Blademaster: your units and heroes have swift strike, so an Older
    Brother kills a 2/2 patroller before it can strike back."""
    s = game(
        {"play": [RIVER, {"card": "blademaster", "id": "blade"}, {"card": "older_brother", "id": "ob"}]},
        {"play": [TROQ, {"card": "older_brother", "patrol": "elite", "id": "foe"}]},
    )
    ob, foe = find(s, "ob"), find(s, "foe")
    for tag in ("blade", "ob", "river"):
        assert stats.kw(s, find(s, tag), "swift_strike")
    assert not stats.kw(s, find(s, "troq"), "swift_strike")
    s = attack(s, 0, ob, foe)
    assert foe not in s["cards"]
    assert s["cards"][ob]["damage"] == 0


def test_blademaster_swift_strike_ends_when_he_leaves_play():
    """Blademaster ruling: the swift strike lasts only while he is in play
    under your control: once Wither finishes him, it is gone."""
    s = game(
        {"play": [RIVER, {"card": "blademaster", "damage": 4, "id": "blade"}, {"card": "older_brother", "id": "ob"}]},
        {"hand": ["wither"], "gold": 2, "play": [TROQ]},
        active=1,
    )
    ob = find(s, "ob")
    assert stats.kw(s, ob, "swift_strike")
    s = play_card(s, 1, "wither", [find(s, "blade")])
    assert in_play(s, 0, "blademaster") == []
    assert not stats.kw(s, ob, "swift_strike")
    assert not stats.kw(s, find(s, "river"), "swift_strike")


def test_the_upkeep_order_question_names_what_heals_and_what_acts():
    """Trial 14: "Upkeep: heal first, or use upkeep abilities first?" left a
    newcomer guessing which healing and which ability; the question names
    the healer and the card with the upkeep effect, and what each order does."""
    s = starlet_turn(damage=1, extra=[{"card": "helpful_turtle"}])
    text = s["prompt"]["text"]
    assert "Helpful Turtle" in text and "Star-Crossed Starlet" in text
    assert "first" in text and "damage" in text
    assert prompt_options(s) == ["healing first", "abilities first"]
