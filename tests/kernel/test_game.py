"""The kernel's Game and MoveTable (game.kernel.game) on a toy game:
apply and apply in place agree, the envelope's refusals come first and
in their order, an engine bug in place is an EngineFault, listing
follows the table and its ``who``, and the registry."""

import pytest

from game.kernel import game as kernel
from game.kernel.errors import EngineFault, RulesError
from game.kernel.game import Game, Move, MoveTable

from .toy import LOG, RULES, TOY


def _code(state, seat, action):
    with pytest.raises(RulesError) as err:
        TOY.apply_action(state, seat, action)
    return err.value.code


def test_apply_returns_a_new_state_and_the_events_and_leaves_the_old_one():
    state = TOY.new_game({"seed": 1})
    new, events = TOY.apply_action(state, 0, {"type": "add", "n": 2})
    assert state["total"] == 0 and new["total"] == 2 and new["active"] == 1
    assert events == [{"n": 1, "text": "Seat 0 adds 2."}]


def test_apply_in_place_gives_the_same_state_and_events():
    copied, events = TOY.apply_action(TOY.new_game({"seed": 1}), 0, {"type": "add", "n": 1})
    state = TOY.copy_state(TOY.new_game({"seed": 1}))
    assert TOY.apply_action_in_place(state, 0, {"type": "add", "n": 1}) == events
    assert state == copied


def test_the_envelope_refuses_first_in_its_order():
    state = TOY.new_game({})
    assert _code(state, 0, ["add"]) == "bad_action"
    assert _code(state, 0, {"type": "jump"}) == "unknown_action"
    assert _code(state, 5, {"type": "add", "n": 1}) == "bad_seat"
    assert _code(state, 0, {"type": "add", "n": 1, "pad": "x" * 300}) == "bad_action"
    finished = dict(state, status="finished")
    assert _code(finished, 1, {"type": "add", "n": 7}) == "game_over"


def test_the_move_check_refuses_with_the_game_code_and_changes_nothing():
    state = TOY.copy_state(TOY.new_game({}))
    before = TOY.copy_state(state)
    assert _code(state, 1, {"type": "add", "n": 1}) == "not_your_turn"
    with pytest.raises(RulesError, match="bad_amount"):
        TOY.apply_action_in_place(state, 0, {"type": "add", "n": 3})
    assert state == before


def test_a_failure_after_the_checks_is_an_engine_fault_in_place_and_raw_on_a_copy():
    state = TOY.copy_state(TOY.new_game({}))
    with pytest.raises(EngineFault) as fault:
        TOY.apply_action_in_place(state, 0, {"type": "peek", "boom": True})
    assert isinstance(fault.value.__cause__, ValueError)
    with pytest.raises(ValueError):
        TOY.apply_action(TOY.new_game({}), 0, {"type": "peek", "boom": True})


def test_is_legal_follows_the_envelope_and_the_check():
    state = TOY.new_game({})
    assert TOY.is_legal(state, 0, {"type": "add", "n": 2})
    assert not TOY.is_legal(state, 1, {"type": "add", "n": 2})
    assert not TOY.is_legal(state, 0, {"type": "fly"})
    assert not TOY.is_legal(state, True, {"type": "concede"})


def test_legal_actions_are_the_moves_options_in_table_order_for_who_may():
    state = TOY.new_game({})
    add = [{"type": "add", "n": 1}, {"type": "add", "n": 2}]
    assert TOY.legal_actions(state, 0) == add + [{"type": "concede"}]
    assert TOY.legal_actions(state, 1) == [{"type": "concede"}]  # not its turn: no add
    assert TOY.legal_actions(state, 2) == [] and TOY.legal_actions(state, True) == []
    assert TOY.legal_actions(dict(state, status="finished"), 0) == []
    assert all(TOY.is_legal(state, 0, a) for a in TOY.legal_actions(state, 0))


def test_a_lister_and_a_reading_context_replace_the_options():
    seen = []

    class Reading:
        def __init__(self, state, memo):
            seen.append(memo)

        def __enter__(self):
            return None

        def __exit__(self, *exc):
            return False

    table = MoveTable(
        moves=RULES.moves, log=LOG, max_action_bytes=200, lister=lambda s, seat: [{"type": "concede"}], reading=Reading
    )
    state = TOY.new_game({})
    assert table.legal_actions(state, 0) == [{"type": "concede"}]
    assert seen == [None]
    with table.read(state, {"memo": 1}):
        pass
    assert seen == [None, {"memo": 1}]


def test_action_keys_and_types_come_from_the_table():
    assert TOY.action_keys == {"add": ("n",), "peek": ("boom",), "concede": ()}
    assert list(RULES.by_type) == ["add", "peek", "concede"]


def test_two_moves_of_one_type_are_refused():
    move = RULES.moves[0]
    with pytest.raises(ValueError):
        MoveTable(moves=(move, move), log=LOG, max_action_bytes=10)


def test_prepare_and_settle_run_around_the_change_only_once_the_checks_passed():
    calls = []
    table = MoveTable(
        moves=RULES.moves,
        log=LOG,
        max_action_bytes=200,
        prepare=lambda s, seat: calls.append(("prepare", seat)),
        settle=lambda s: calls.append(("settle", s["total"])),
    )
    state = TOY.copy_state(TOY.new_game({}))
    with pytest.raises(RulesError):
        table.apply_action_in_place(state, 1, {"type": "add", "n": 1})
    assert calls == []
    table.apply_action_in_place(state, 0, {"type": "add", "n": 2})
    assert calls == [("prepare", 0), ("settle", 2)]


def test_a_custom_envelope_replaces_the_standard_one():
    def envelope(state, seat, action):
        if seat == 1:
            raise RulesError("resting", "Seat 1 rests.")
        return RULES.standard_envelope(state, seat, action)

    table = MoveTable(moves=RULES.moves, log=LOG, max_action_bytes=200, envelope=envelope)
    with pytest.raises(RulesError, match="resting"):
        table.apply_action(TOY.new_game({}), 1, {"type": "concede"})
    assert not table.is_legal(TOY.new_game({}), 1, {"type": "concede"})


def test_the_seat_to_ask_is_the_first_waited_on_unless_the_game_says():
    state = TOY.new_game({})
    assert TOY.seat_to_ask(state, 3) == 0
    other = Game(name="toy2", new_game=TOY.new_game, moves=RULES, view=TOY.view, waiting_on=TOY.waiting_on)
    assert other.seat_to_ask(state, 0) == 0
    custom = Game(
        name="toy3",
        new_game=TOY.new_game,
        moves=RULES,
        view=TOY.view,
        waiting_on=TOY.waiting_on,
        next_seat=lambda s, step: step % 2,
    )
    assert custom.seat_to_ask(state, 3) == 1


def test_the_registry_holds_each_game_once_by_name():
    assert kernel.register(TOY) is TOY
    assert kernel.register(TOY) is TOY  # the same object again: nothing
    assert kernel.get("toy") is TOY and "toy" in kernel.names()
    impostor = Game(name="toy", new_game=TOY.new_game, moves=RULES, view=TOY.view, waiting_on=TOY.waiting_on)
    with pytest.raises(ValueError):
        kernel.register(impostor)
    with pytest.raises(KeyError):
        kernel.get("no such game")


def test_the_three_games_are_registered_and_game_rules_dispatches_to_them():
    from game import rules

    assert set(rules.GAMES) <= set(kernel.names())
    for name in rules.GAMES:
        game = kernel.get(name)
        assert isinstance(game, Game) and game.name == name
        assert set(game.bots) == {"greedy", "random"}
        assert all(isinstance(m, Move) for m in game.moves.moves)
