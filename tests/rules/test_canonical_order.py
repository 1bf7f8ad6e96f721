"""engine.canonical_order puts a state's card instances back in number order
(``"c<n>"``, the order they were made in) whatever order its keys came back
in, and leaves a state already in that order as it is (issue 13: the order
is checked without sorting when nothing is out of place)."""

import random

from game.codex.engine import canonical_order

from .helpers import new_normal_game


def _number_order(state: dict) -> list:
    return sorted(state["cards"], key=lambda iid: int(iid[1:]))


def _with_card_order(state: dict, ids: list) -> dict:
    return dict(state, cards={iid: state["cards"][iid] for iid in ids})


def test_cards_shuffled_come_back_in_number_order():
    state = new_normal_game()
    ids = list(state["cards"])
    random.Random(3).shuffle(ids)
    shuffled = _with_card_order(state, ids)
    assert list(canonical_order(shuffled)["cards"]) == _number_order(state)


def test_ids_of_one_length_out_of_text_order_are_put_back():
    """Lengths in order (c9 before c10...) but two ids of one length swapped:
    still out of number order."""
    state = new_normal_game()
    ids = _number_order(state)
    i = next(n for n in range(len(ids) - 1) if len(ids[n]) == len(ids[n + 1]) == 3)
    ids[i], ids[i + 1] = ids[i + 1], ids[i]
    swapped = _with_card_order(state, ids)
    assert list(canonical_order(swapped)["cards"]) == _number_order(state)


def test_ids_longer_before_shorter_are_put_back():
    state = new_normal_game()
    ids = _number_order(state)
    short = next(iid for iid in ids if len(iid) == 2)
    ids.remove(short)
    ids.append(short)  # c1 after c99...
    moved = _with_card_order(state, ids)
    assert list(canonical_order(moved)["cards"]) == _number_order(state)


def test_a_state_in_number_order_keeps_its_own_cards_dict():
    state = new_normal_game(seed=2)
    cards = state["cards"]
    assert list(cards) == _number_order(state)
    assert canonical_order(state)["cards"] is cards
