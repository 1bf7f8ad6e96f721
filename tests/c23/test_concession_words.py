"""What the C-23 log says when a player concedes or is knocked out, for 2 and
3 players (K24; docs/RULINGS.md "C-23: the words of a concession and of the
elimination bonus"): a concession that leaves two players says the player is
out and who plays on, and names no winner; only the concession that ends the
game is followed by who won. The elimination bonus says how many cards it
moved in the right number ("1 random card"), and with an empty discard pile
says plainly that it moves nothing (it said "puts 0 random cards ...")."""

from game.c23 import apply_action
from tests.c23.helpers import scenario, texts


def test_a_concession_in_a_two_player_game_ends_it_and_names_the_winner():
    s = scenario([{}, {}])
    s, events = apply_action(s, 1, {"type": "concede"})
    assert texts(events) == ["Bo concedes.", "Ana wins."]
    assert s["status"] == "finished" and s["winner"] == 0


def test_the_first_concession_of_three_says_the_game_goes_on_and_names_no_winner():
    s = scenario([{"discard": ["Ashen Scout"] * 3}, {}, {}])
    s, events = apply_action(s, 1, {"type": "concede"})
    lines = texts(events)
    assert lines[0] == "Bo concedes and is out of the game; Ana and Cy play on."
    assert not any("wins" in line for line in lines), lines
    assert s["status"] == "playing"
    # The second concession ends it: now, and only now, the winner is named.
    s, events = apply_action(s, 2, {"type": "concede"})
    assert texts(events) == ["Cy concedes.", "Ana wins."]


def test_the_bonus_counts_its_cards_in_the_right_number():
    s = scenario([{"discard": ["Ashen Scout"]}, {}, {}])
    _, events = apply_action(s, 1, {"type": "concede"})
    assert texts(events)[1] == (
        "Ana puts 1 random card from their discard pile on the bottom of their deck (the elimination bonus)."
    )
    s = scenario([{"discard": ["Ashen Scout"] * 9}, {}, {}])
    _, events = apply_action(s, 1, {"type": "concede"})
    assert texts(events)[1] == (
        "Ana puts 7 random cards from their discard pile on the bottom of their deck (the elimination bonus)."
    )


def test_a_bonus_with_an_empty_discard_pile_says_it_moves_nothing():
    """Rulebook "Multiplayer Rules": "randomly choose up to seven cards from
    your discard pile" (K24: min(7, discard size)): with none there the bonus
    is still given and moves nothing; the log said "puts 0 random cards"."""
    s = scenario([{}, {}, {}])
    s, events = apply_action(s, 1, {"type": "concede"})
    assert texts(events)[1] == (
        "Ana's discard pile is empty, so the elimination bonus puts no card on the bottom of their deck."
    )
    assert not any(" 0 " in line for line in texts(events))
    assert len(s["players"][0]["deck"]) == 10


def test_a_deck_out_that_leaves_two_says_who_plays_on():
    """The same kind of line for a player knocked out by their deck (K4, K24):
    out, and who plays on; no winner until one is left."""
    s = scenario([{"hand": ["Clear Insight"], "resources": ["Tide Pool"] * 2, "deck": ["Reef Sentry"]}, {}, {}])
    s, events = apply_action(s, 0, {"type": "play", "card": s["players"][0]["hand"][0]})
    lines = texts(events)
    assert "Ana has no cards left in the deck and is out of the game; Bo and Cy play on." in lines, lines
    assert not any("wins" in line for line in lines), lines


def test_players_out_in_one_event_go_together_and_keep_their_cards():
    """K5 in a 3-player game: two decks emptied by one event put both players
    out together, and the third wins. The first of them had had their cards
    leave the game as if two players were still left (K24 takes cards out
    only while two play on), so the result words named only the second
    ("Cy's deck ran out")."""
    s = scenario(
        [
            {"hand": ["Scorched Earth"], "resources": ["Cinder Vein"] * 3, "deck": ["Ashen Scout"] * 5},
            {"deck": ["Tide Pool"]},
            {"deck": ["Tide Pool"]},
        ]
    )
    s, events = apply_action(s, 0, {"type": "play", "card": s["players"][0]["hand"][0]})
    assert s["status"] == "finished" and s["winner"] == 0 and s["result_reason"] == "deck_out"
    assert [len(p["gone"]) for p in s["players"]] == [0, 0, 0]
    assert texts(events)[-3:] == [
        "Bo has no cards left in the deck and is out.",
        "Cy has no cards left in the deck and is out.",
        "Ana wins.",
    ]
