"""Scenario tests for the Feral spec and Calamandra Moss
(game/codex/cards/green/feral.py): each card is played through real actions
and its outcome checked; the official rulings (reference/codex-
cards/rulings.json, "Green" and "Heroes") are named where they decide
something, and docs/RULINGS.md ("Green cards") records the engine's
decisions."""

import pytest

from game.rules import new_game
from tests.rules.cards.green.common import ALL_TECH, CALAMANDRA, TROQ, calamandra, game, gold, kw, midori, workers
from tests.rules.helpers import (
    act,
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
    use_ability,
)

# ---- Feral ---------------------------------------------------------------------


def test_ferocity_lasts_until_your_next_upkeep_for_the_units_you_had():
    """Ferocity: your units get armor piercing and swift strike until your
    next upkeep (through the opponent's turn); a unit arriving later does
    not get them (docs/RULINGS.md, "your units" now in play)."""
    s = game(
        {"gold": 4, "hand": ["ferocity", "tiger_cub"], "play": [calamandra(), {"card": "tiger_cub", "id": "cub"}]},
        {"play": [TROQ, {"card": "older_brother", "id": "ob"}]},
        heroes=CALAMANDRA,
    )
    cub = find(s, "cub")
    s = play_card(s, 0, "ferocity")
    s = play_card(s, 0, "tiger_cub")
    late = [i for i in in_play(s, 0, "tiger_cub") if i != cub][0]
    assert kw(s, cub, "swift_strike") == 1 and kw(s, cub, "armor_piercing") == 1
    assert kw(s, late, "swift_strike") == 0 and kw(s, find(s, "cala"), "swift_strike") == 0
    s = attack(s, 0, cub, find(s, "ob"))  # 2/2 against 2/2: swift strike wins
    assert in_play(s, 1, "older_brother") == [] and s["cards"][cub]["damage"] == 0
    s = end_turn(s, 0)
    assert kw(s, cub, "swift_strike") == 1
    s = end_turn(s, 1)
    assert kw(s, cub, "swift_strike") == 0 and kw(s, cub, "armor_piercing") == 0


def test_ferocity_armor_piercing_ignores_the_squad_leader_armor():
    """Ferocity: armor piercing: the squad leader's armor absorbs nothing."""
    s = game(
        {"gold": 2, "hand": ["ferocity"], "play": [calamandra(), {"card": "tiger_cub", "id": "cub"}]},
        {"play": [TROQ, {"card": "iron_man", "id": "iron", "patrol": "squad_leader"}]},
        heroes=CALAMANDRA,
    )
    s = play_card(s, 0, "ferocity")
    s = attack(s, 0, find(s, "cub"), find(s, "iron"))
    assert s["cards"][find(s, "iron")]["damage"] == 2


def test_behind_the_ferns_gives_stealth_to_your_units_with_3_atk_or_less():
    """Behind the Ferns: channeling; your units with 3 ATK or less have
    stealth (heroes and bigger units don't); it goes when Calamandra goes."""
    s = game(
        {
            "gold": 2,
            "hand": ["behind_the_ferns"],
            "play": [calamandra(), {"card": "centaur", "id": "c3"}, {"card": "barkcoat_bear", "id": "c5"}],
        },
        {"play": [TROQ, {"card": "older_brother", "patrol": "squad_leader"}]},
        heroes=CALAMANDRA,
    )
    s = play_card(s, 0, "behind_the_ferns")
    assert kw(s, find(s, "c3"), "stealth") == 1 and kw(s, find(s, "c5"), "stealth") == 0
    assert kw(s, find(s, "cala"), "stealth") == 0
    s = attack(s, 0, find(s, "c3"), "base:1")
    assert base_damage(s, 1) == 3
    s = game(
        {"play": [calamandra(damage=2), {"card": "behind_the_ferns"}]},
        {"play": [TROQ, {"card": "iron_man", "id": "iron"}]},
        heroes=CALAMANDRA,
    )
    s = attack(s, 0, find(s, "cala"), find(s, "iron"))
    assert in_play(s, 0, "behind_the_ferns") == [] and cards_in(s, 0, "discard") == ["behind_the_ferns"]


@pytest.mark.parametrize("pick, made", [("beast", ["beast"]), ("frogs", ["frog"] * 4)])
def test_murkwood_allies_makes_a_beast_or_four_frogs(pick, made):
    """Murkwood Allies: a 4/4 Beast or four 1/1 Frogs."""
    s = game({"gold": 5, "hand": ["murkwood_allies"], "play": [calamandra()]}, heroes=CALAMANDRA)
    s = play_card(s, 0, "murkwood_allies")
    assert prompt_options(s) == ["beast", "frogs"]
    s = choose(s, 0, pick)
    assert (
        sorted(s["cards"][i]["card"] for i in s["players"][0]["play"] if s["cards"][i]["card"] != "calamandra_moss")
        == made
    )


def test_murkwood_allies_boosted_makes_both():
    """Murkwood Allies, boost 4: both the Beast and the four Frogs."""
    s = game({"gold": 9, "hand": ["murkwood_allies"], "play": [calamandra()]}, heroes=CALAMANDRA)
    card = hand_ids(s, 0, "murkwood_allies")[0]
    s = act(s, 0, {"type": "play", "card": card, "targets": [], "boost": True})
    assert len(in_play(s, 0, "beast")) == 1 and len(in_play(s, 0, "frog")) == 4 and gold(s) == 0


def test_feral_strike_fetches_up_to_two_units_from_the_codex():
    """Feral Strike (an ultimate, house rule R7): take up to two units from
    your codex into your hand, shown to everyone."""
    s = game({"gold": 4, "hand": ["feral_strike"], "play": [calamandra(5)]}, heroes=CALAMANDRA)
    s = play_card(s, 0, "feral_strike")
    s = choose(s, 0, "fetch")
    assert "huntress" in prompt_options(s) and "ferocity" not in prompt_options(s)
    s = choose(s, 0, "huntress")
    s = choose(s, 0, "moss_ancient")
    assert cards_in(s, 0, "hand") == ["huntress", "moss_ancient"]
    assert s["players"][0]["codex"]["huntress"] == 1 and s["players"][0]["codex"]["moss_ancient"] == 1
    assert any("Moss Ancient" in e["text"] and "to" not in e for e in s["log"])


def test_feral_strike_puts_units_from_hand_into_play_with_a_tech_building_of_their_level():
    """Feral Strike ruling: tech 0 needs nothing, tech I a Tech I building,
    tech II a Tech II building of any spec: a Bashing tech II unit it can't
    make normally comes into play; without Tech III no tech III unit."""
    s = game(
        {
            "gold": 8,
            "hand": ["feral_strike", "tiger_cub", "regular_sized_rhinoceros", "moss_ancient"],
            "buildings": {"tech_1": True, "tech_2": True},
            "play": [calamandra(5)],
        },
        heroes=CALAMANDRA,
    )
    rhino = hand_ids(s, 0, "regular_sized_rhinoceros")[0]
    assert_refused(s, 0, {"type": "play", "card": rhino, "targets": []}, "needs_tech")
    s = play_card(s, 0, "feral_strike")
    s = choose(s, 0, "put")
    assert sorted(s["cards"][i]["card"] for i in prompt_options(s)) == ["regular_sized_rhinoceros", "tiger_cub"]
    s = choose(s, 0, rhino)
    s = choose(s, 0, hand_ids(s, 0, "tiger_cub")[0])
    assert len(in_play(s, 0, "regular_sized_rhinoceros")) == 1 and len(in_play(s, 0, "tiger_cub")) == 1
    assert gold(s) == 4 and cards_in(s, 0, "hand") == ["moss_ancient"]


def test_feral_strike_boosted_fetches_then_puts_into_play():
    """Feral Strike, boost 4: both, in order: a fetched unit may then come
    into play."""
    s = game({"gold": 8, "hand": ["feral_strike"], "buildings": ALL_TECH, "play": [calamandra(5)]}, heroes=CALAMANDRA)
    card = hand_ids(s, 0, "feral_strike")[0]
    s = act(s, 0, {"type": "play", "card": card, "targets": [], "boost": True})
    s = choose(s, 0, "moss_ancient")
    s = choose(s, 0)
    s = choose(s, 0, hand_ids(s, 0, "moss_ancient")[0])
    assert s["prompt"] is None
    assert len(in_play(s, 0, "moss_ancient")) == 1 and len(in_play(s, 0, "squirrel")) == 3


def test_huntress_has_sparkshot_and_anti_air():
    """Huntress: a 3/3 tech I with sparkshot (1 damage to a patroller next
    to the one it attacks) and anti-air (it can attack fliers)."""
    s = game(
        {"play": [calamandra(), {"card": "huntress", "id": "h"}]},
        {
            "play": [
                TROQ,
                {"card": "older_brother", "id": "sl", "patrol": "squad_leader"},
                {"card": "older_brother", "id": "el", "patrol": "elite"},
            ]
        },
        heroes=CALAMANDRA,
    )
    s = attack(s, 0, find(s, "h"), find(s, "sl"))
    assert s["cards"][find(s, "el")]["damage"] == 1 and in_play(s, 1, "older_brother") == [find(s, "el")]
    s = game(
        {"play": [calamandra(), {"card": "huntress", "id": "h"}]},
        {"play": [TROQ, {"card": "eggship", "id": "egg"}]},
        heroes=CALAMANDRA,
    )
    assert find(s, "egg") in {a["target"] for a in legal_of(s, 0, "attack", attacker=find(s, "h"))}


def test_centaur_overpower_spills_its_excess():
    """Centaur: a 3/4 tech I with overpower: 3 damage on a Wisp squad leader
    (1 HP + 1 armor) leaves 1 for something else it could attack."""
    s = game(
        {"play": [calamandra(), {"card": "centaur", "id": "c"}]},
        {"play": [TROQ, {"card": "wisp", "id": "w", "patrol": "squad_leader"}]},
        heroes=CALAMANDRA,
    )
    s = attack(s, 0, find(s, "c"), find(s, "w"))
    assert "base:1" in prompt_options(s)
    s = choose(s, 0, "base:1")
    assert base_damage(s, 1) == 1 and in_play(s, 1, "wisp") == []


def test_barkcoat_bear_has_resist_2_and_overpower():
    """Barkcoat Bear: a 5/5 tech II with resist 2 (opponents pay 2 more to
    target it) and overpower."""
    s = game(
        {"play": [calamandra(), {"card": "barkcoat_bear", "id": "b"}]},
        {"hand": ["intimidate"], "gold": 2, "play": [TROQ]},
        heroes=CALAMANDRA,
        active=1,
    )
    bear = find(s, "b")
    assert kw(s, bear, "resist") == 2 and kw(s, bear, "overpower") == 1
    card = hand_ids(s, 1, "intimidate")[0]
    assert_refused(s, 1, {"type": "play", "card": card, "targets": [bear]}, "not_enough_gold")


def test_stalking_tiger_is_invisible_while_you_have_a_feral_hero():
    """Stalking Tiger: invisible while you have a Feral hero: opponents
    can't target or attack it, and it sneaks past patrollers."""
    s = game(
        {"play": [calamandra(), {"card": "stalking_tiger", "id": "st"}]},
        {"hand": ["intimidate"], "gold": 5, "play": [TROQ]},
        heroes=CALAMANDRA,
        active=1,
    )
    st = find(s, "st")
    assert kw(s, st, "invisible") == 1
    assert st not in {a["target"] for a in legal_of(s, 1, "attack", attacker=find(s, "troq"))}
    card = hand_ids(s, 1, "intimidate")[0]
    assert not [a for a in legal_of(s, 1, "play", card=card) if a["targets"] == [st]]
    s = game(
        {"play": [calamandra(), {"card": "stalking_tiger", "id": "st"}]},
        {"play": [TROQ, {"card": "older_brother", "patrol": "squad_leader"}]},
        heroes=CALAMANDRA,
    )
    s = attack(s, 0, find(s, "st"), "base:1")
    assert base_damage(s, 1) == 4


def test_stalking_tiger_without_feral_hero_has_stealth_only_against_units():
    """Stalking Tiger without a Feral hero: not invisible; stealth while
    attacking a unit lets it pass the squad leader to a unit at home, not
    to the base or a hero; a Tower's unused detect stops it."""
    s = game(
        {"play": [midori(), {"card": "stalking_tiger", "id": "st"}]},
        {
            "play": [
                TROQ,
                {"card": "older_brother", "id": "sl", "patrol": "squad_leader"},
                {"card": "iron_man", "id": "home"},
            ]
        },
    )
    st = find(s, "st")
    assert kw(s, st, "invisible") == 0
    assert {a["target"] for a in legal_of(s, 0, "attack", attacker=st)} == {find(s, "sl"), find(s, "home")}
    s = attack(s, 0, st, find(s, "home"))
    assert in_play(s, 1, "iron_man") == []
    s = game(
        {"play": [midori(), {"card": "stalking_tiger", "id": "st"}]},
        {
            "buildings": {"addon": "tower"},
            "play": [
                TROQ,
                {"card": "older_brother", "id": "sl", "patrol": "squad_leader"},
                {"card": "iron_man", "id": "home"},
            ],
        },
    )
    assert {a["target"] for a in legal_of(s, 0, "attack", attacker=find(s, "st"))} == {find(s, "sl")}


def test_predator_tiger_ignores_tech_0_patrollers_and_trashes_a_worker_on_base_damage():
    """Predator Tiger: unstoppable by tech 0 units; whenever its combat
    damage hits a base, a worker of that base's player is trashed."""
    s = game(
        {"play": [calamandra(), {"card": "predator_tiger", "id": "pt"}]},
        {"workers": 5, "play": [TROQ, {"card": "older_brother", "patrol": "squad_leader"}]},
        heroes=CALAMANDRA,
    )
    s = attack(s, 0, find(s, "pt"), "base:1")
    assert base_damage(s, 1) == 4 and workers(s, 1) == 4
    s = game(
        {"play": [calamandra(), {"card": "predator_tiger", "id": "pt"}]},
        {"play": [TROQ, {"card": "iron_man", "id": "iron", "patrol": "squad_leader"}]},
        heroes=CALAMANDRA,
    )
    assert {a["target"] for a in legal_of(s, 0, "attack", attacker=find(s, "pt"))} == {find(s, "iron")}


def test_rampaging_elephant_attacks_twice_a_turn():
    """Rampaging Elephant: the first time it exhausts each turn it readies,
    so it attacks twice; the second attack leaves it exhausted."""
    s = game({"play": [calamandra(), {"card": "rampaging_elephant", "id": "re"}]}, heroes=CALAMANDRA)
    el = find(s, "re")
    s = attack(s, 0, el, "base:1")
    assert not s["cards"][el]["exhausted"]
    s = attack(s, 0, el, "base:1")
    assert s["cards"][el]["exhausted"] and base_damage(s, 1) == 12
    assert_refused(s, 0, {"type": "attack", "attacker": el, "target": "base:1"}, "exhausted")


def test_gigadon_costs_1_less_per_green_unit_you_control():
    """Gigadon: 9 gold, 1 less per green unit you control (an Older Brother
    is not green), never below 0 (Gigadon rulings)."""
    s = game(
        {
            "gold": 6,
            "hand": ["gigadon"],
            "buildings": ALL_TECH,
            "play": [
                calamandra(),
                {"card": "tiger_cub"},
                {"card": "frog"},
                {"card": "wisp"},
                {"card": "older_brother"},
            ],
        },
        heroes=CALAMANDRA,
    )
    s = play_card(s, 0, "gigadon")
    assert gold(s) == 0 and len(in_play(s, 0, "gigadon")) == 1
    s = game(
        {"gold": 0, "hand": ["gigadon"], "buildings": ALL_TECH, "play": [calamandra()] + [{"card": "frog"}] * 10},
        heroes=CALAMANDRA,
    )
    s = play_card(s, 0, "gigadon")
    assert gold(s) == 0 and len(in_play(s, 0, "gigadon")) == 1


def test_moss_ancient_brings_squirrels_with_haste_and_invisible():
    """Moss Ancient: untargetable; on arrival and each attack three 1/1
    Squirrels; your Squirrels have haste and invisible only while he is in
    play under your control (Moss Ancient ruling)."""
    s = game({"gold": 7, "hand": ["moss_ancient"], "buildings": ALL_TECH, "play": [calamandra()]}, heroes=CALAMANDRA)
    s = play_card(s, 0, "moss_ancient")
    ma = one(s, 0, "moss_ancient")
    squirrels = in_play(s, 0, "squirrel")
    assert len(squirrels) == 3 and kw(s, ma, "untargetable") == 1
    assert all(kw(s, q, "haste") and kw(s, q, "invisible") for q in squirrels)
    s = attack(s, 0, squirrels[0], "base:1")  # haste
    assert base_damage(s, 1) == 1
    s["cards"][ma]["arrived"] = 0
    s = attack(s, 0, ma, "base:1")
    assert len(in_play(s, 0, "squirrel")) == 6
    s = game({"play": [calamandra(), {"card": "squirrel", "id": "q"}]}, heroes=CALAMANDRA)
    assert kw(s, find(s, "q"), "haste") == 0 and kw(s, find(s, "q"), "invisible") == 0


def test_behind_the_ferns_and_midori_read_atk_with_the_bonus():
    """Behind the Ferns with Master Midori (docs/RULINGS.md): a 2/2 with the
    bonus would have 3 ATK and so stealth, an ability: it stays a 2/2 with
    stealth; a plain 3/4 becomes a 4/5, too strong for the Ferns, and keeps
    the bonus with no ability (Behind the Ferns ruling, both already in
    play)."""
    s = game(
        {
            "play": [
                midori(5),
                calamandra(),
                {"card": "behind_the_ferns"},
                {"card": "tiger_cub", "id": "cub"},
                {"card": "iron_man", "id": "iron"},
            ]
        }
    )
    cub, iron = find(s, "cub"), find(s, "iron")
    assert atk_hp(s, cub) == (2, 2) and kw(s, cub, "stealth") == 1
    assert atk_hp(s, iron) == (4, 5) and kw(s, iron, "stealth") == 0


def test_calamandra_max_band_puts_a_tiger_from_the_codex_into_play():
    """Calamandra Moss, level 5: a 4/5; pay 4 and exhaust: a Tiger unit from
    your codex into play, free and without its tech building (Calamandra
    Moss ruling)."""
    s = game({"gold": 4, "play": [calamandra(5)]}, heroes=CALAMANDRA)
    cala = find(s, "cala")
    assert atk_hp(s, cala) == (4, 5)
    s = use_ability(s, 0, cala, 1)
    assert prompt_options(s) == ["predator_tiger", "stalking_tiger"]
    s = choose(s, 0, "predator_tiger")
    assert len(in_play(s, 0, "predator_tiger")) == 1 and gold(s) == 0
    assert s["players"][0]["codex"]["predator_tiger"] == 1 and s["cards"][cala]["exhausted"]


def test_feral_strike_does_not_offer_a_second_legendary():
    """Feral Strike's put-into-play skips a legendary unit you already
    control (the legendary rule; docs/RULINGS.md)."""
    s = game(
        {
            "gold": 4,
            "hand": ["feral_strike", "galina_glimmer"],
            "buildings": ALL_TECH,
            "play": [calamandra(5), {"card": "galina_glimmer"}],
        },
        heroes=CALAMANDRA,
    )
    s = play_card(s, 0, "feral_strike")
    s = choose(s, 0, "put")
    assert s["prompt"] is None and cards_in(s, 0, "hand") == ["galina_glimmer"]


def test_predator_tiger_in_two_headed_dragon_lets_the_attacker_pick_whose_worker():
    """Predator Tiger in 2v2: the base is shared, so the attacking player
    picks which opponent loses a worker (house rule R27; docs/RULINGS.md)."""
    config = {
        "mode": "2hg",
        "seed": 1,
        "seats": [
            {"name": n, "hero": h}
            for n, h in zip("ABCD", ("calamandra_moss", "troq_bashar", "troq_bashar", "river_montoya"), strict=True)
        ],
        "scenario": {
            "turn": 3,
            "active": 0,
            "seats": [
                {"play": [calamandra(), {"card": "predator_tiger", "id": "pt"}]},
                {},
                {"workers": 5},
                {"workers": 5},
            ],
        },
    }
    s = new_game(config)
    s = attack(s, 0, find(s, "pt"), "base:1")
    assert prompt_options(s) == [2, 3]
    s = choose(s, 0, 3)
    assert workers(s, 2) == 5 and workers(s, 3) == 4 and base_damage(s, 2) == 4
