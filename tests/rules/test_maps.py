"""Map cards (issue 16; Deluxe rulebook "Map Cards"; game/codex/maps.py):
each of the 12 maps changes one rule for every player, in every mode. The
decisions tested here are in docs/RULINGS.md, "Maps"."""

import re

import pytest

from game.codex import effects, maps, stats
from game.rules import legal_actions, new_game, view

from .helpers import (
    act,
    assert_refused,
    attack,
    base_damage,
    choose,
    end_turn,
    find,
    hand_ids,
    legal_of,
    play_card,
    prompt_options,
)

MODES = ("1hero", "3hero", "2hg", "ffa")
HEROES = {
    "1hero": (["troq_bashar"], ["river_montoya"]),
    "3hero": (["troq_bashar", "captain_zane", "drakk_ramhorn"], ["river_montoya", "master_midori", "calamandra_moss"]),
    "2hg": (["troq_bashar"], ["captain_zane"], ["river_montoya"], ["master_midori"]),
    "ffa": (["troq_bashar"], ["river_montoya"], ["master_midori"]),
}
FOE = {"1hero": 1, "3hero": 1, "2hg": 2, "ffa": 1}  # seat 0's first opponent


def game(map_id, mode="1hero", seats=None, active=0, turn=3, seed=1, heroes=None):
    """A scenario game of ``mode`` on ``map_id`` (None: no map) starting in
    ``active``'s main phase; ``seats`` as in docs/ENGINE.md "Scenarios";
    ``heroes`` one list per seat (default :data:`HEROES`)."""
    heroes = heroes or HEROES[mode]
    seats = list(seats or []) + [{}] * (len(heroes) - len(seats or []))
    config = {
        "mode": mode,
        "seed": seed,
        "seats": [{"name": f"P{i}", "heroes": list(h)} for i, h in enumerate(heroes)],
        "scenario": {"turn": turn, "active": active, "seats": seats},
    }
    if map_id is not None:
        config["map"] = map_id
    return new_game(config)


def normal(map_id, mode="1hero", seed=1):
    """A game of ``mode`` set up the normal way on ``map_id``."""
    config = {
        "mode": mode,
        "seed": seed,
        "seats": [{"name": f"P{i}", "heroes": list(h)} for i, h in enumerate(HEROES[mode])],
    }
    if map_id is not None:
        config["map"] = map_id
    return new_game(config)


def end_team_turn(state):
    """End the turn of the active player (both teammates in Two-Headed
    Dragon), teching as needed; return the state."""
    for seat in [p["seat"] for p in state["players"] if p["team"] == state["players"][state["active"]]["team"]]:
        if state["status"] == "playing" and not state["players"][seat]["ended_main"]:
            state = end_turn(state, seat)
            if state["phase"] == "lend":  # free-for-all lending (R26): lend nothing
                state = act(state, seat, {"type": "end_lending"})
    for p in state["players"]:  # a teammate's owed tech too (R11)
        techs = [a for a in legal_actions(state, p["seat"]) if a["type"] == "tech"]
        if techs and state["prompt"] is None:
            state = act(state, p["seat"], techs[0])
    return state


def seats_with(mode, mine, foe=None):
    """Scenario seats: ``mine`` for seat 0, ``foe`` for seat 0's first opponent."""
    out = [{} for _ in HEROES[mode]]
    out[0] = mine
    if foe is not None:
        out[FOE[mode]] = foe
    return out


# ---- the config and the view ------------------------------------------------


def test_the_twelve_maps_are_named_by_their_names_in_snake_case():
    names = [maps.map_info(m)["name"] for m in maps.map_ids()]
    assert len(names) == 12
    assert [re.sub(r"[^a-z0-9]+", "_", n.lower()).strip("_") for n in names] == maps.map_ids()
    assert "no_rush_15_minutes" in maps.map_ids() and "fury_road" in maps.map_ids()


@pytest.mark.parametrize("bad", ["mars", "", 7, ["fury_road"], {"id": "fury_road"}])
def test_an_unknown_map_is_refused_with_bad_config(bad):
    from game.rules import RulesError

    with pytest.raises(RulesError) as err:
        new_game(
            {
                "mode": "1hero",
                "seed": 1,
                "map": bad,
                "seats": [{"name": "A", "hero": "troq_bashar"}, {"name": "B", "hero": "river_montoya"}],
            }
        )
    assert err.value.code == "bad_config"


@pytest.mark.parametrize("mode", MODES)
def test_every_viewer_sees_the_map_and_no_map_shows_nothing(mode):
    state = normal("pinnacle", mode)
    for viewer in [*range(len(state["players"])), None]:
        seen = view(state, viewer)["map"]
        assert seen["id"] == "pinnacle" and seen["name"] == "Pinnacle" and seen["rule"]
    plain = normal(None, mode)
    assert "map" not in plain and "map" not in view(plain, 0)


# ---- Fury Road ---------------------------------------------------------------


@pytest.mark.parametrize("mode", MODES)
def test_fury_road_allows_one_patroller_swaps_and_moves_included(mode):
    state = game(
        "fury_road",
        mode,
        seats_with(
            mode,
            {
                "play": [
                    {"card": "older_brother", "id": "a", "patrol": "squad_leader"},
                    {"card": "tenderfoot", "id": "b"},
                ]
            },
        ),
    )
    a, b = find(state, "a"), find(state, "b")
    assert_refused(state, 0, {"type": "patrol", "card": b, "slot": "elite"}, "one_patroller")
    assert [x["slot"] for x in legal_of(state, 0, "patrol", card=b)] == ["squad_leader"]
    moved = act(state, 0, {"type": "patrol", "card": a, "slot": "elite"})  # the patroller itself moves
    assert moved["players"][0]["patrol"]["elite"] == a
    swapped = act(state, 0, {"type": "patrol", "card": b, "slot": "squad_leader"})
    assert swapped["players"][0]["patrol"]["squad_leader"] == b
    assert [s for s, i in swapped["players"][0]["patrol"].items() if i] == ["squad_leader"]
    plain = game(
        None,
        mode,
        seats_with(
            mode,
            {
                "play": [
                    {"card": "older_brother", "id": "a", "patrol": "squad_leader"},
                    {"card": "tenderfoot", "id": "b"},
                ]
            },
        ),
    )
    act(plain, 0, {"type": "patrol", "card": find(plain, "b"), "slot": "elite"})


def test_fury_road_gives_each_two_headed_dragon_teammate_one_patroller():
    state = game(
        "fury_road",
        "2hg",
        [
            {"play": [{"card": "older_brother", "id": "a", "patrol": "squad_leader"}]},
            {"play": [{"card": "tenderfoot", "id": "b"}]},
        ],
    )
    state = act(state, 1, {"type": "patrol", "card": find(state, "b"), "slot": "squad_leader"})
    assert state["players"][0]["patrol"]["squad_leader"] and state["players"][1]["patrol"]["squad_leader"]


def test_fury_road_lends_only_into_an_empty_patrol_zone():
    """Free-for-all lending (R26) puts a card into another player's zone: on
    Fury Road only a player without a patroller may borrow one."""
    state = game(
        "fury_road",
        "ffa",
        [
            {"play": [{"card": "older_brother", "id": "a"}, {"card": "tenderfoot", "id": "b"}]},
            {"play": [{"card": "iron_man", "id": "guard", "patrol": "squad_leader"}]},
            {},
        ],
    )
    state = act(state, 0, {"type": "end_main"})
    assert state["phase"] == "lend"
    lends = legal_of(state, 0, "lend")
    assert lends and {a["to"] for a in lends} == {2}
    assert_refused(state, 0, {"type": "lend", "card": find(state, "a"), "to": 1, "slot": "elite"}, "one_patroller")
    state = act(state, 0, {"type": "lend", "card": find(state, "a"), "to": 2, "slot": "elite"})
    assert_refused(state, 0, {"type": "lend", "card": find(state, "b"), "to": 2, "slot": "lookout"}, "one_patroller")


# ---- workers: Flagstone Mines, Hard Times Mill, Daggerfall Prison Camp --------


@pytest.mark.parametrize("mode", MODES)
def test_flagstone_mines_lets_a_player_hire_again_and_again(mode):
    mine = {"hand": ["spark", "bloom", "wither"], "gold": 5, "workers": 5}
    state = game("flagstone_mines", mode, seats_with(mode, mine))
    for _ in range(3):
        state = act(state, 0, {"type": "hire", "card": state["players"][0]["hand"][0]})
    assert view(state, 0)["players"][0]["workers"] == 8 and state["players"][0]["gold"] == 2
    plain = game(None, mode, seats_with(mode, mine))
    plain = act(plain, 0, {"type": "hire", "card": plain["players"][0]["hand"][0]})
    assert_refused(plain, 0, {"type": "hire", "card": plain["players"][0]["hand"][0]}, "already_hired")


@pytest.mark.parametrize("mode", MODES)
def test_hard_times_mill_makes_a_worker_cost_2(mode):
    state = game("hard_times_mill", mode, seats_with(mode, {"hand": ["spark"], "gold": 1}))
    assert_refused(state, 0, {"type": "hire", "card": hand_ids(state, 0)[0]}, "not_enough_gold")
    assert "2 gold" in view(state, 0)["players"][0]["reasons"]["hire"]
    assert view(state, 0)["players"][0]["hire_cost"] == 2  # the Hire button says it (trial 14, finding 6)
    assert view(game(None, mode, seats_with(mode, {"hand": ["spark"]})), 0)["players"][0]["hire_cost"] == 1
    assert "hire_cost" not in view(state, 1)["players"][0] and "hire_cost" not in view(state, None)["players"][0]
    state = game("hard_times_mill", mode, seats_with(mode, {"hand": ["spark"], "gold": 3}))
    state = act(state, 0, {"type": "hire", "card": hand_ids(state, 0)[0]})
    assert state["players"][0]["gold"] == 1


@pytest.mark.parametrize("mode", MODES)
def test_daggerfall_prison_camp_hires_without_a_card(mode):
    state = game(
        "daggerfall_prison_camp", mode, seats_with(mode, {"hand": ["spark", "bloom"], "gold": 3, "workers": 5})
    )
    assert legal_of(state, 0, "hire") == [{"type": "hire"}]
    assert_refused(state, 0, {"type": "hire", "card": hand_ids(state, 0)[0]}, "bad_action")
    state = act(state, 0, {"type": "hire"})
    p = state["players"][0]
    assert len(p["hand"]) == 2 and p["workers"] == [] and p["gold"] == 2
    assert view(state, 0)["players"][0]["workers"] == 6
    assert_refused(state, 0, {"type": "hire"}, "already_hired")  # still once a turn
    assert "already" in view(state, 0)["players"][0]["reasons"]["hire"]


def test_daggerfall_prison_camp_hires_with_an_empty_hand_and_still_feeds_upkeep():
    state = game("daggerfall_prison_camp", "1hero", [{"hand": [], "deck": [], "gold": 1, "workers": 4}])
    state = act(state, 0, {"type": "hire"})
    state = end_turn(state, 0)
    state = end_turn(state, 1)
    assert state["active"] == 0 and state["players"][0]["gold"] == 5  # 5 workers


# ---- Big Game Hunters ----------------------------------------------------------


@pytest.mark.parametrize("mode", MODES)
def test_big_game_hunters_adds_2_gold_to_every_upkeep(mode):
    hunted, plain = normal("big_game_hunters", mode), normal(None, mode)
    for seat in (s for s in range(len(plain["players"])) if plain["players"][s]["team"] == 0):
        assert hunted["players"][seat]["gold"] == plain["players"][seat]["gold"] + 2
    hunted, plain = end_turn(hunted, 0), end_turn(plain, 0)
    if mode == "2hg":
        hunted, plain = end_turn(hunted, 1), end_turn(plain, 1)
    nxt = hunted["active"]
    assert hunted["players"][nxt]["gold"] == plain["players"][nxt]["gold"] + 2 == 7


def test_big_game_hunters_gold_stays_within_the_cap_of_20():
    state = game("big_game_hunters", "1hero", [{}, {"gold": 16, "workers": 5}])
    state = end_turn(state, 0)
    assert state["players"][1]["gold"] == 20


# ---- No Rush 15 Minutes ----------------------------------------------------------


def _no_rush(mode, turns_ended, foe_hero_patrols=False):
    seats = [{"turns_ended": n} for n in turns_ended]
    seats[0].update(hand=["spark"], gold=5, play=[{"card": "iron_man", "id": "hitter"}, {"card": HEROES[mode][0][0]}])
    seats[FOE[mode]]["play"] = [{"card": "older_brother", "id": "guard", "patrol": "elite"}]
    return game("no_rush_15_minutes", mode, seats)


@pytest.mark.parametrize(
    "mode,early,late",
    [
        ("1hero", [4, 3], [4, 4]),
        ("3hero", [5, 3], [5, 4]),
        ("2hg", [4, 4, 3, 3], [4, 4, 4, 4]),
        ("ffa", [4, 4, 3], [4, 4, 4]),
    ],
)
def test_no_rush_prevents_all_damage_until_every_player_finished_4_turns(mode, early, late):
    """ "Each player has taken 4 turns" counts each player's finished turns
    (turns_ended): a Two-Headed Dragon team turn counts for both teammates,
    a free-for-all needs 4 full rounds (docs/RULINGS.md "Maps")."""
    foe = FOE[mode]
    state = _no_rush(mode, early)
    guard = find(state, "guard")
    state = play_card(state, 0, "spark", [guard])
    assert state["cards"][guard]["damage"] == 0
    state = attack(state, 0, find(state, "hitter"), guard)
    assert state["cards"][guard]["zone"] == "play" and state["cards"][guard]["damage"] == 0
    assert state["cards"][find(state, "hitter")]["damage"] == 0  # its defender's damage too
    state = _no_rush(mode, late)
    guard = find(state, "guard")
    state = attack(state, 0, find(state, "hitter"), guard)
    assert guard not in state["cards"] or state["cards"][guard]["zone"] != "play"
    assert state["players"][foe]["discard"]


def test_no_rush_keeps_bases_whole_and_lets_runes_through():
    """Bases and buildings take no damage either; a -1/-1 rune is no damage."""
    state = game(
        "no_rush_15_minutes",
        "1hero",
        [
            {
                "hand": ["wither", "scorch"],
                "gold": 9,
                "turns_ended": 1,
                "play": [{"card": "timely_messenger", "id": "m"}, {"card": "troq_bashar"}],
            },
            {"turns_ended": 1, "buildings": {"tech_1": True}, "play": [{"card": "tenderfoot", "id": "t"}]},
        ],
        turn=3,
    )
    state = attack(state, 0, find(state, "m"), "base:1")
    assert base_damage(state, 1) == 0
    state = play_card(state, 0, "scorch", ["bld:1:tech_1"])
    assert state["players"][1]["buildings"]["tech_1"]["damage"] == 0
    state = play_card(state, 0, "wither", [find(state, "t")])
    assert state["cards"][find(state, "t")]["minus"] == 1


@pytest.mark.parametrize("turns_ended,dealt", [(1, 0), (4, 1)])
def test_no_rush_prevented_combat_damage_triggers_nothing(turns_ended, dealt):
    """Predator Tiger trashes a worker when it deals combat damage to a
    base: prevented damage is not dealt, so it does nothing."""
    state = game(
        "no_rush_15_minutes",
        "1hero",
        [
            {"turns_ended": turns_ended, "play": [{"card": "predator_tiger", "id": "tiger"}]},
            {"turns_ended": turns_ended, "workers": 5},
        ],
    )
    state = attack(state, 0, find(state, "tiger"), "base:1")
    assert base_damage(state, 1) == 4 * dealt
    assert view(state, 0)["players"][1]["workers"] == 5 - dealt


@pytest.mark.parametrize("mode,turns", [("1hero", 8), ("3hero", 8), ("2hg", 8), ("ffa", 12)])
def test_no_rush_lifts_from_the_first_players_fifth_turn_in_a_real_game(mode, turns):
    """Four turns of every player: 8 turns in a duel, 8 team turns in
    Two-Headed Dragon, 4 rounds of 3 turns in a 3-player free-for-all."""
    state = normal("no_rush_15_minutes", mode)
    for _ in range(turns):
        assert effects.damage_prevented(state)
        state = end_team_turn(state)
    assert state["active"] == 0 and state["players"][0]["turns_ended"] == 4
    assert not effects.damage_prevented(state)


def test_no_rush_does_not_wait_for_a_free_for_all_player_who_conceded():
    state = normal("no_rush_15_minutes", "ffa")
    state = act(state, 2, {"type": "concede"})  # the final rounds begin (R28), tied at 20 HP
    for _ in range(12):
        if state["status"] != "playing" or not effects.damage_prevented(state):
            break
        state = end_team_turn(state)
    assert state["status"] == "playing" and not effects.damage_prevented(state)
    assert [p["turns_ended"] for p in state["players"]][:2] == [4, 4]
    assert state["players"][2]["turns_ended"] < 4


# ---- Mystical Forest ---------------------------------------------------------------


def _forest(mode, map_id="mystical_forest"):
    mine = {
        "play": [
            {"card": "older_brother", "id": "tired", "exhausted": True},
            {"card": "troq_bashar", "exhausted": True},
            {"card": "tenderfoot", "id": "fresh"},
        ]
    }
    seats = seats_with(mode, mine)
    # The turn before seat 0's: the last seat (the other team in 2v2) is active.
    last = len(seats) - 1 if mode != "2hg" else 2
    state = game(map_id, mode, seats, active=last)
    for seat in [2, 3] if mode == "2hg" else [last]:
        state = end_turn(state, seat)
    return state


@pytest.mark.parametrize("mode", MODES)
def test_mystical_forest_asks_which_exhausted_ones_take_a_rune_instead_of_readying(mode):
    state = _forest(mode)
    tired = find(state, "tired")
    hero = next(i for i in state["players"][0]["play"] if state["cards"][i]["card"] == "troq_bashar")
    assert state["active"] == 0 and state["prompt"]["seat"] == 0
    assert sorted(prompt_options(state)) == sorted([tired, hero])  # the ready one is not asked about
    state = choose(state, 0, tired)
    assert state["cards"][tired]["plus"] == 1 and state["cards"][tired]["exhausted"]
    assert prompt_options(state) == [hero]
    state = choose(state, 0)  # none: the rest readies
    assert not state["cards"][hero]["exhausted"] and state["cards"][hero]["plus"] == 0
    assert state["phase"] == "main" and state["prompt"] is None
    assert stats.atk(state, tired) == 3


def test_without_mystical_forest_everything_readies_without_a_question():
    state = _forest("1hero", map_id=None)
    assert state["prompt"] is None and not state["cards"][find(state, "tired")]["exhausted"]


def test_mystical_forest_asks_each_two_headed_dragon_teammate_about_their_own_cards():
    seats = [
        {"play": [{"card": "older_brother", "id": "mine", "exhausted": True}]},
        {"play": [{"card": "tenderfoot", "id": "mate", "exhausted": True}]},
        {},
        {},
    ]
    state = game("mystical_forest", "2hg", seats, active=2)
    state = end_turn(end_turn(state, 2), 3)
    assert state["prompt"]["seat"] == 0 and prompt_options(state) == [find(state, "mine")]
    state = choose(state, 0)
    assert state["prompt"]["seat"] == 1 and prompt_options(state) == [find(state, "mate")]
    state = choose(state, 1, find(state, "mate"))
    assert state["cards"][find(state, "mate")]["plus"] == 1 and not state["cards"][find(state, "mine")]["exhausted"]


# ---- Burial Grounds ------------------------------------------------------------------


@pytest.mark.parametrize("mode", MODES)
def test_burial_grounds_a_dead_hero_is_gone_for_good_in_every_mode(mode):
    foe = FOE[mode]
    victim_hero = HEROES[mode][foe][0]
    state = game(
        "burial_grounds",
        mode,
        seats_with(
            mode,
            {"play": [{"card": "iron_man", "id": "hitter"}, {"card": HEROES[mode][0][0], "level": 2}]},
            {"play": [{"card": victim_hero, "id": "victim"}]},
        ),
    )
    victim = find(state, "victim")
    state = attack(state, 0, find(state, "hitter"), victim)
    while state["prompt"] is not None:  # the two levels for the killer's side (R14)
        state = choose(state, state["prompt"]["seat"], prompt_options(state)[0])
    assert state["cards"][victim]["zone"] == "command"
    assert state["players"][foe]["gone_heroes"] == [victim_hero]
    entry = next(h for h in view(state, None)["players"][foe]["command"] if h["card"] == victim_hero)
    assert entry["gone"] is True
    mine = next(i for i in state["players"][0]["play"] if state["cards"][i]["card"] == HEROES[mode][0][0])
    assert state["cards"][mine]["level"] == 4  # a hero death still levels the other side's hero
    # Long after any cooldown, the hero still can't come back.
    for _ in range(6):
        state = end_team_turn(state)
        if state["phase"] == "main" and state["active"] == foe:
            state["players"][foe]["gold"] = 10
            assert_refused(state, foe, {"type": "summon", "hero": victim}, "hero_gone")
            assert not legal_of(state, foe, "summon", hero=victim)


def test_burial_grounds_leaves_the_other_heroes_of_a_3_hero_player_summonable():
    state = game(
        "burial_grounds",
        "3hero",
        [{"play": [{"card": "iron_man", "id": "hitter"}]}, {"play": [{"card": "river_montoya", "id": "victim"}]}],
    )
    state = attack(state, 0, find(state, "hitter"), find(state, "victim"))
    state = end_turn(state, 0)
    state["players"][1]["gold"] = 10
    summons = legal_of(state, 1, "summon")
    names = {state["cards"][a["hero"]]["card"] for a in summons}
    assert names == {"master_midori", "calamandra_moss"}


@pytest.mark.parametrize("map_id", ["burial_grounds", None])
def test_burial_grounds_keeps_a_gone_hero_from_blackhand_resurrector(map_id):
    state = game(
        map_id,
        "1hero",
        [
            {
                "hand": ["wither"],
                "gold": 5,
                "play": [
                    {"card": "blackhand_resurrector", "id": "res"},
                    {"card": "garth_torken", "id": "garth", "minus": 2},
                ],
            }
        ],
        heroes=(["garth_torken"], ["river_montoya"]),
    )
    garth = find(state, "garth")  # a hero keeps its id in the command zone
    state = play_card(state, 0, "wither", [garth])
    assert state["cards"][garth]["zone"] == "command"
    use = {"type": "ability", "card": find(state, "res"), "ability": 0, "targets": []}
    if map_id is not None:  # no hero it may bring back: the ability can't be used
        assert_refused(state, 0, use, "bad_ability")
        return
    state = act(state, 0, use)
    assert state["cards"][garth]["zone"] == "play"


@pytest.mark.parametrize("map_id", ["burial_grounds", None])
def test_burial_grounds_keeps_a_gone_hero_from_coming_in_by_snapback(map_id):
    state = game(
        map_id,
        "3hero",
        [
            {"hand": ["snapback"], "gold": 9, "play": [{"card": "iron_man", "id": "hitter"}, {"card": "troq_bashar"}]},
            {"play": [{"card": "river_montoya", "id": "river"}, {"card": "master_midori", "id": "midori"}]},
        ],
    )
    state = attack(state, 0, find(state, "hitter"), find(state, "midori"))  # Midori dies
    while state["prompt"] is not None:
        state = choose(state, state["prompt"]["seat"], prompt_options(state)[0])
    state = play_card(state, 0, "snapback", [find(state, "river")])
    if map_id is None:  # Midori or Calamandra: the caster picks
        assert len(prompt_options(state)) == 2
    else:  # only Calamandra may come in: no question
        assert state["prompt"] is None
        heroes = {state["cards"][i]["card"] for i in state["players"][1]["play"]}
        assert "calamandra_moss" in heroes and "master_midori" not in heroes


def test_without_burial_grounds_a_dead_hero_only_waits():
    state = game(
        None,
        "1hero",
        [{"play": [{"card": "iron_man", "id": "hitter"}]}, {"play": [{"card": "river_montoya", "id": "victim"}]}],
    )
    state = attack(state, 0, find(state, "hitter"), find(state, "victim"))
    assert "gone_heroes" not in state["players"][1]
    assert "gone" not in view(state, 1)["players"][1]["command"][0]


# ---- Pinnacle ------------------------------------------------------------------------


@pytest.mark.parametrize("mode", MODES)
def test_pinnacle_lets_a_fresh_level_1_hero_cast_its_ultimate(mode):
    mine = {"hand": ["appel_stomp", "final_smash"], "gold": 10, "play": [{"card": HEROES[mode][0][0], "fresh": True}]}
    foe = {"play": [{"card": "older_brother", "id": "guard", "patrol": "squad_leader"}]}
    state = game("pinnacle", mode, seats_with(mode, mine, foe))
    final = hand_ids(state, 0, "final_smash")[0]
    assert legal_of(state, 0, "play", card=final)  # Troq's (Bashing) ultimate
    stomp = hand_ids(state, 0, "appel_stomp")[0]
    assert_refused(
        state, 0, {"type": "play", "card": stomp, "targets": [find(state, "guard")]}, "needs_hero"
    )  # a Finesse ultimate still needs the Finesse hero
    plain = game(None, mode, seats_with(mode, mine, foe))
    assert_refused(
        plain, 0, {"type": "play", "card": hand_ids(plain, 0, "final_smash")[0], "targets": []}, "needs_max_hero"
    )


@pytest.mark.parametrize("map_id,on_their_turn,on_own_turn", [(None, 1, 2), ("pinnacle", 2, 3)])
def test_pinnacle_makes_a_dead_hero_wait_one_turn_more(map_id, on_their_turn, on_own_turn):
    state = game(
        map_id,
        "1hero",
        [{"play": [{"card": "iron_man", "id": "hitter"}]}, {"play": [{"card": "river_montoya", "id": "victim"}]}],
    )
    state = attack(state, 0, find(state, "hitter"), find(state, "victim"))
    assert view(state, 1)["players"][1]["command"][0]["cooldown_turns"] == on_their_turn
    state = game(
        map_id, "1hero", [{"hand": ["wither"], "gold": 5, "play": [{"card": "troq_bashar", "id": "mine", "minus": 2}]}]
    )
    state = play_card(state, 0, "wither", [find(state, "mine")])
    assert view(state, 0)["players"][0]["command"][0]["cooldown_turns"] == on_own_turn


# ---- Vortoss Ruins ---------------------------------------------------------------------


def test_vortoss_ruins_3_hero_no_lab_or_hall_to_build_but_their_effects():
    state = game(
        "vortoss_ruins",
        "3hero",
        [{"gold": 20, "workers": 8, "buildings": {"tech_1": True}, "play": [{"card": "troq_bashar"}]}],
    )
    for addon in ("tech_lab", "heroes_hall"):
        assert_refused(state, 0, {"type": "build", "building": addon}, "bad_building")
        assert not legal_of(state, 0, "build", building=addon)
    assert view(state, 0)["players"][0]["hero_limit"] == 2  # a Heroes' Hall's +1 without one
    assert legal_of(state, 0, "summon")  # a second hero without Tech II
    state = act(state, 0, {"type": "build", "building": "tech_2", "spec": "bashing"})
    assert state["prompt"]["seat"] == 0 and sorted(prompt_options(state)) == ["anarchy", "blood"]
    state = choose(state, 0, "anarchy")
    assert view(state, 1)["players"][0]["tech_lab_spec"] == "anarchy"


def test_vortoss_ruins_lab_spec_unlocks_that_specs_tech_2_cards():
    state = game(
        "vortoss_ruins",
        "3hero",
        [
            {
                "gold": 20,
                "workers": 8,
                "buildings": {"tech_1": True},
                "hand": ["disguised_monkey"],
                "play": [{"card": "troq_bashar"}],
            }
        ],
    )
    state = act(state, 0, {"type": "build", "building": "tech_2", "spec": "bashing"})
    state = choose(state, 0, "anarchy")
    state["players"][0]["buildings"]["tech_2"]["done"] = True  # as at the end of the turn
    assert legal_of(state, 0, "play", card=hand_ids(state, 0, "disguised_monkey")[0])
    plain = game(
        None,
        "3hero",
        [
            {
                "gold": 20,
                "workers": 8,
                "buildings": {"tech_1": True},
                "hand": ["disguised_monkey"],
                "play": [{"card": "troq_bashar"}],
            }
        ],
    )
    plain = act(plain, 0, {"type": "build", "building": "tech_2", "spec": "bashing"})
    assert plain["prompt"] is None
    plain["players"][0]["buildings"]["tech_2"]["done"] = True
    assert_refused(
        plain, 0, {"type": "play", "card": hand_ids(plain, 0, "disguised_monkey")[0], "targets": []}, "needs_tech"
    )


@pytest.mark.parametrize("mode", ["1hero", "2hg", "ffa"])
def test_vortoss_ruins_in_the_one_hero_modes_changes_only_the_shown_hero_limit(mode):
    """No Tech Lab or Heroes' Hall exists in these modes: the ruins give
    their effects, which change nothing with one hero of one spec
    (docs/RULINGS.md "Maps")."""
    ruins, plain = normal("vortoss_ruins", mode), normal(None, mode)
    assert view(ruins, 0)["players"][0]["hero_limit"] == 2
    assert sorted(map(str, legal_actions(ruins, 0))) == sorted(map(str, legal_actions(plain, 0)))


# ---- Bloodbowl -----------------------------------------------------------------------


@pytest.mark.parametrize("mode", MODES)
def test_bloodbowl_gives_every_unit_1_atk_and_haste(mode):
    state = game(
        "bloodbowl",
        mode,
        seats_with(
            mode,
            {
                "play": [
                    {"card": "older_brother", "id": "new", "fresh": True},
                    {"card": HEROES[mode][0][0], "id": "hero", "fresh": True},
                ]
            },
            {"play": [{"card": "tenderfoot", "id": "theirs"}]},
        ),
    )
    new, hero, theirs = find(state, "new"), find(state, "hero"), find(state, "theirs")
    assert stats.atk(state, new) == 3 and stats.kw(state, new, "haste")
    assert stats.atk(state, theirs) == 2  # an opponent's unit too
    assert legal_of(state, 0, "attack", attacker=new)  # arrived this turn, attacks anyway
    assert not legal_of(state, 0, "attack", attacker=hero)  # heroes are no units
    assert stats.atk(state, hero) == 2


# ---- Lost Temple -----------------------------------------------------------------------


@pytest.mark.parametrize("mode", MODES)
def test_lost_temple_needs_no_tech_building_and_no_hero(mode):
    mine = {"hand": ["regular_sized_rhinoceros", "spark", "scorch"], "gold": 20}
    foe = {"play": [{"card": "older_brother", "id": "guard", "patrol": "elite"}]}
    state = game("lost_temple", mode, seats_with(mode, mine, foe))
    state = play_card(state, 0, "regular_sized_rhinoceros")  # tech II, no building at all
    assert any(state["cards"][i]["card"] == "regular_sized_rhinoceros" for i in state["players"][0]["play"])
    guard = find(state, "guard")
    state = play_card(state, 0, "spark", [guard])  # no hero in play
    assert state["cards"][guard]["damage"] == 1
    assert view(state, 0)["players"][0]["hand"][0]["tax"] == 0  # a red minor spell, no red hero
    plain = game(None, mode, seats_with(mode, mine, foe))
    assert_refused(
        plain,
        0,
        {"type": "play", "card": hand_ids(plain, 0, "regular_sized_rhinoceros")[0], "targets": []},
        "needs_tech",
    )
    assert_refused(
        plain,
        0,
        {"type": "play", "card": hand_ids(plain, 0, "spark")[0], "targets": [find(plain, "guard")]},
        "needs_hero",
    )


def test_lost_temple_keeps_a_channeling_spell_without_its_hero():
    state = game("lost_temple", "1hero", [{"hand": ["war_drums"], "gold": 5, "play": [{"card": "older_brother"}]}])
    state = play_card(state, 0, "war_drums")
    drums = [i for i in state["players"][0]["play"] if state["cards"][i]["card"] == "war_drums"]
    assert drums and state["cards"][drums[0]]["zone"] == "play"


# ---- the invariants the property games check on every map -----------------------------


def test_the_map_invariants_catch_a_broken_rule():
    from game.codex.invariants import check_map

    crowded = game(
        "fury_road",
        "1hero",
        [{"play": [{"card": "older_brother", "patrol": "squad_leader"}, {"card": "tenderfoot", "patrol": "elite"}]}],
    )
    with pytest.raises(AssertionError, match="Fury Road"):
        check_map(crowded)
    ruins = game("vortoss_ruins", "3hero", [{"buildings": {"addon": "heroes_hall"}}])
    with pytest.raises(AssertionError, match="Vortoss"):
        check_map(ruins)
    check_map(
        game(
            None,
            "1hero",
            [
                {
                    "play": [
                        {"card": "older_brother", "patrol": "squad_leader"},
                        {"card": "tenderfoot", "patrol": "elite"},
                    ]
                }
            ],
        )
    )
