"""A round of state-based checks with nothing to do only checks the end of
the game (checks._settled, issue 13): a quiet board is settled, and a
fallen base still ends the game; a thing that is doomed, or damaged to its
HP, is not settled and dies."""

from game.codex import checks

from .helpers import find, scenario_game


def _board():
    return scenario_game(
        [{"play": [{"card": "older_brother", "id": "ob"}]}, {"play": [{"card": "iron_man", "id": "iron"}]}]
    )


def test_a_quiet_board_is_settled_and_stays_as_it_is():
    state = _board()
    before = dict(state["cards"])
    assert checks._settled(state)
    checks.state_based_checks(state)
    assert state["status"] == "playing" and state["cards"] == before


def test_a_fallen_base_on_a_settled_board_ends_the_game():
    state = _board()
    team = state["teams"][1]
    team["damage"] = team["hp"]
    assert checks._settled(state)
    checks.state_based_checks(state)
    assert state["status"] != "playing" and state["winner_team"] == 0


def test_a_unit_damaged_to_its_hp_is_not_settled_and_dies():
    state = _board()
    ob = find(state, "ob")
    state["cards"][ob]["damage"] = 2  # Older Brother: 2/2
    assert not checks._settled(state)
    checks.state_based_checks(state)
    assert ob not in state["players"][0]["play"]


def test_a_doomed_unit_is_not_settled_and_dies():
    state = _board()
    iron = find(state, "iron")
    state["cards"][iron]["marks"]["doomed"] = True
    assert not checks._settled(state)
    checks.state_based_checks(state)
    assert iron not in state["players"][1]["play"]
