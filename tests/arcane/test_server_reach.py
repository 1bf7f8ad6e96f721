"""The server's game-blind code handles an Arcane state through game.rules
alone (issue 17, "Nothing in consumers, services, patches, stand-ins ...
knows a rule of either game"): the turn clock's waiting seats and key, the
stand-in and table bots, the replay's visible seats. No database needed."""

from game import rules, standins, turnclock
from tests.arcane.helpers import act, config, position


def test_the_turn_clock_waits_on_the_arcane_seat_that_must_answer():
    """The clock (game/turnclock.py) reads waiting_on through the dispatch: the defender while
    Mind Drain's prompt is open (A28, "the game waits only on whoever must answer")."""
    state = position([{"hand": ["8S"]}, {"hand": ["2H", "4H"]}], round=20)
    assert turnclock.waiting_seats(state) == [0]
    state = act(state, 0, "play", card="8S")
    assert turnclock.waiting_seats(state) == [1]
    assert turnclock.waiting_seats(act(state, 0, "concede")) == []


def test_stand_in_and_table_bots_play_an_arcane_seat(settings):
    """game/standins.py's bots (every table kind, and the stand-in's level)
    choose a legal Arcane action."""
    settings.CODEX_BOT_THINK_MS = 0  # a search level stops after one iteration: the test is about legality
    state = rules.new_game(config(seed=11))
    seat = state["active"]
    for kind in {*standins.BOT_KINDS, standins.STAND_IN}:
        action = standins.bot_for(kind, 5).choose(state, seat)
        assert action in rules.legal_actions(state, seat), kind


def test_a_replay_shows_an_arcane_seat_its_own_actions_only():
    """game.rules' one visibility policy (replays, the action log): a seat
    sees its own actions in full (its team is itself), a spectator none."""
    state = rules.new_game(config(seed=11))
    assert rules.sees_actions_of(state, 0) == {0} and rules.sees_actions_of(state, None) == set()
