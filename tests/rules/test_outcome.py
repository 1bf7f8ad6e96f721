"""game.rules.outcome for Codex, in every mode (issue 28 point 3): the one
source of a match's result that the server, the lobby and the pages read."""

from game.rules import outcome

from .helpers import act, attack, find, new_normal_game, scenario_game
from .test_free_for_all import ffa, pass_turn, techs_done
from .test_two_headed_dragon import two_headed as hg


def test_a_game_in_play_has_no_result_yet():
    end = outcome(new_normal_game())
    assert end == {
        "over": False,
        "winners": [],
        "losers": [],
        "draw": False,
        "shared": False,
        "reason": None,
        "fallen": [],
        "conceded": [],
        "conceded_by": None,
        "sides": [[0], [1]],
    }


def test_a_destroyed_base_in_a_one_hero_game():
    s = scenario_game([{"play": [{"card": "iron_man", "id": "a"}]}, {"base_damage": 18}])
    s = attack(s, 0, find(s, "a"), "base:1")
    end = outcome(s)
    assert (end["over"], end["winners"], end["losers"], end["reason"]) == (True, [0], [1], "base destroyed")
    assert end["fallen"] == [1] and end["conceded"] == [] and end["conceded_by"] is None
    assert not end["draw"] and not end["shared"]


def test_a_concession_in_a_one_hero_game_names_the_conceder():
    s = act(new_normal_game(), 1, {"type": "concede"})
    end = outcome(s)
    assert (end["winners"], end["losers"], end["reason"]) == ([0], [1], "concession")
    assert end["conceded"] == [1] and end["conceded_by"] == 1 and end["fallen"] == []


def test_a_one_hero_concession_stored_before_concessions_were_recorded():
    """A state finished by a concession before the engine recorded who
    conceded: the one seat that lost conceded."""
    s = act(new_normal_game(), 1, {"type": "concede"})
    del s["concessions"], s["ended_by_concession"]
    assert outcome(s)["conceded_by"] == 1 and outcome(s)["conceded"] == [1]


def test_a_two_headed_dragon_concession_names_the_teammate_who_conceded():
    """The engine's result names the winning team only; the outcome says
    which player of the other team conceded, and both seats of a team
    share a base (R21)."""
    s = act(hg(), 3, {"type": "concede"})
    end = outcome(s)
    assert end["winners"] == [0, 1] and end["losers"] == [2, 3] and not end["shared"]
    assert end["conceded"] == [3] and end["conceded_by"] == 3
    assert end["sides"] == [[0, 1], [2, 3]]


def test_a_two_headed_dragon_base_falls_for_both_its_players():
    s = hg()
    s["teams"][1]["damage"] = s["teams"][1]["hp"]
    assert outcome(s)["fallen"] == [2, 3]


def test_a_free_for_all_concession_that_ends_the_game_is_told_as_one():
    """The engine ends it as the conceder's base falling (R28): reason
    "base destroyed", and the outcome says whose concession ended it."""
    s = act(ffa([{}, {"base_damage": 3}, {}]), 2, {"type": "concede"})
    end = outcome(s)
    assert (end["winners"], end["reason"], end["fallen"]) == ([0], "base destroyed", [2])
    assert end["losers"] == [1, 2] and end["conceded"] == [2] and end["conceded_by"] == 2


def test_an_earlier_free_for_all_concession_did_not_end_the_game():
    """Seat 2 concedes; the final rounds (R28) are played and seat 0's
    highest base wins: seat 2 conceded, but no concession ended the game."""
    s = act(ffa([{"play": [{"card": "iron_man", "id": "a"}]}, {}, {}]), 2, {"type": "concede"})
    assert s["status"] == "playing"
    s = techs_done(s)
    while s["status"] == "playing":
        s = pass_turn(s, s["active"])
    end = outcome(s)
    assert end["over"] and end["conceded"] == [2] and end["conceded_by"] is None
    assert 2 in end["fallen"] and 2 in end["losers"]


def test_free_for_all_tied_leaders_share_the_win():
    """R28: after the bound of final rounds the tied leaders share the win:
    several teams won (``shared``), the fallen base is the attacked one."""
    s = ffa([{"play": [{"card": "iron_man", "id": "a"}]}, {}, {"base_damage": 18}])
    s = attack(s, 0, find(s, "a"), "base:2")
    s = techs_done(s)
    while s["status"] == "playing":
        s = pass_turn(s, s["active"])
    end = outcome(s)
    assert end["winners"] == [0, 1] and end["shared"] and end["reason"] == "tied bases"
    assert end["losers"] == [2] and end["fallen"] == [2] and end["conceded_by"] is None


def test_free_for_all_concessions_are_listed_in_order():
    """Every tied leader concedes in turn (seats 2, 1, 0): the last
    concession ends the game with the tied bases sharing the win."""
    s = ffa([{"base_damage": 20}, {"base_damage": 20}, {"base_damage": 20}])
    s = act(s, 2, {"type": "concede"})
    s = act(s, 1, {"type": "concede"})
    s = act(techs_done(s), 0, {"type": "concede"})
    end = outcome(s)
    assert end["conceded"] == [2, 1, 0] and end["conceded_by"] == 0
    assert end["winners"] == [0, 1, 2] and end["shared"] and end["losers"] == []


def test_both_bases_destroyed_at_once_is_a_draw():
    """Rulebook "Winning": both bases at 0 HP at once, nobody wins."""
    end = outcome(scenario_game([{"base_damage": 20}, {"base_damage": 20}]))
    assert end["over"] and end["draw"] and end["winners"] == [] and end["losers"] == []
    assert end["fallen"] == [0, 1] and end["reason"] == "base destroyed"
