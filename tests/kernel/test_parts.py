"""The kernel's shared parts on their own: the log with an audience per
line, instance ids, the hidden-id check of views, bots and replay."""

import pytest

from game.kernel import bots, hidden, ids, rng
from game.kernel.errors import RulesError
from game.kernel.log import LogBook, audience
from game.kernel.replay import replay, replay_steps

from .toy import TOY


def _state():
    return {"log": [], "seq": 0}


def test_audience_is_the_seats_that_see_every_named_card():
    assert audience([]) is None
    assert audience([None, None]) is None
    assert audience([None, {0, 1}, {1, 2}]) == {1}
    assert audience([{0}, {1}]) == set()


def test_a_public_line_a_private_line_and_its_veiled_twin():
    book = LogBook(seq_key="seq", keep=10, veiled_key="not_to")
    state = _state()
    book.write(state, "All see this.")
    book.write(state, "You draw X.", {1}, veiled="Bo draws a card.")
    assert state["log"] == [
        {"n": 1, "text": "All see this."},
        {"n": 2, "text": "You draw X.", "to": [1]},
        {"n": 3, "text": "Bo draws a card.", "not_to": [1]},
    ]


def test_a_line_nobody_may_read_is_dropped_but_its_veiled_twin_is_public():
    book = LogBook(seq_key="seq", veiled_key="hide")
    state = _state()
    book.write(state, "The deck's top is X.", set())
    book.write(state, "The deck's top is X.", set(), veiled="A card is milled.")
    assert state["log"] == [{"n": 1, "text": "A card is milled."}]


def test_the_log_keeps_its_last_lines_and_since_finds_the_new_ones():
    book = LogBook(seq_key="seq", keep=3)
    state = _state()
    for i in range(5):
        book.write(state, f"line {i}")
    assert [line["n"] for line in state["log"]] == [3, 4, 5]
    assert book.since(state, 3) == state["log"][1:]
    assert book.since(state, 5) == []
    assert book.since(state, 0) == state["log"]


def test_counted_ids_never_repeat_and_drawn_ids_avoid_the_taken_ones():
    state = {"next": 7, "rng": rng.seed_state(3)}
    assert [ids.counted_id(state, "next", "c") for _ in range(3)] == ["c7", "c8", "c9"]
    first = ids.drawn_id(dict(state, rng=rng.seed_state(3)), "k", ())
    assert len(first) == 11 and first.startswith("k")
    again = ids.drawn_id(state, "k", {first})
    assert again != first and len(again) == 11


def test_the_hidden_id_check_finds_a_leak_and_a_secret():
    state = TOY.new_game({"seed": 2})

    def hidden_from(s, viewer):
        return [p["card"] for p in s["players"] if p["seat"] != viewer]

    hidden.check_views(state, TOY.view, (0, 1), hidden_from, secrets=[state["rng"]["key"]])
    with pytest.raises(AssertionError):
        hidden.check_views(state, TOY.view, (None,), lambda s, v: ["tota"], quoted=False)  # inside "total"
    with pytest.raises(AssertionError):
        hidden.check_views(state, lambda s, v: {"leak": s["players"][1]["card"]}, (0,), hidden_from)
    with pytest.raises(AssertionError):
        hidden.check_views(state, lambda s, v: {"k": s["rng"]["key"]}, (0,), hidden_from, [state["rng"]["key"]])
    assert hidden.leaks('{"a": "t12"}', ["t1"]) == []
    assert hidden.leaks('{"a": "t12"}', ["t1"], quoted=False) == ["t1"]


class ToyRandom(bots.RandomBot):
    legal = staticmethod(TOY.legal_actions)


def test_a_random_bot_plays_legal_actions_to_the_end_and_never_concedes():
    state, actions = bots.play_game(TOY, {"seed": 4, "goal": 9}, [ToyRandom(1), ToyRandom(2)])
    assert state["status"] == "finished" and state["total"] >= 9
    assert all(a["type"] == "add" for _, a in actions)
    assert replay(TOY, {"seed": 4, "goal": 9}, actions) == state


def test_a_scripted_bot_plays_its_script_then_stops():
    script = [{"type": "add", "n": 1}, {"type": "add", "n": 2}]
    bot = bots.ScriptedBot(script)
    state, actions = bots.play_game(TOY, {"goal": 50}, [bot, bot])
    assert actions == [(0, script[0]), (1, script[1])]
    assert state["total"] == 3 and state["status"] == "playing"


def test_play_out_stops_at_max_actions_and_reports_each_action():
    seen = []
    _, actions = bots.play_game(
        TOY, {"goal": 50}, [ToyRandom(1), ToyRandom(2)], max_actions=4, on_action=lambda s, seat, a: seen.append(seat)
    )
    assert len(actions) == 4 and seen == [0, 1, 0, 1]


def test_replay_steps_give_each_state_and_its_events_and_refuse_an_illegal_action():
    actions = [(0, {"type": "add", "n": 2}), (1, {"type": "peek"})]
    steps = list(replay_steps(TOY, {"seed": 1}, actions))
    assert [s["total"] for s, _ in steps] == [0, 2, 2]
    assert steps[2][1] == [
        {"n": 2, "text": f"Seat 1 sees {steps[0][0]['players'][1]['card']}.", "to": [1]},
        {"n": 3, "text": "Seat 1 peeks.", "hide": [1]},
    ]
    with pytest.raises(RulesError, match="not_your_turn"):
        replay(TOY, {}, [(1, {"type": "add", "n": 1})])
