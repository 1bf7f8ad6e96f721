"""The lobby's C-23 tables (issue 18): the mode for 2 or 3 players (K24,
K25) with a table option for each ★ house rule; each seat brings a deck, a
starter or one of its player's saved decks (K1, decks.services.deck_for_seat),
another user's deck or an illegal one refused with a sentence and nothing
changed; a bot gets a starter; the config the match gets (docs/C23.md "Config")."""

import re

import pytest

import game.c23 as c23
from decks.models import Deck
from game.c23.cards import starter
from game.models import Match
from lobby import services
from lobby.models import Seat
from lobby.services import LobbyError
from tests.server.test_c23_decks import counts

pytestmark = pytest.mark.django_db


def saved(user, name="Tide", colour="blue"):
    """A legal deck of ``user`` (a starter's cards under another name)."""
    return Deck.objects.create(owner=user, name=name, cards=counts(starter(colour)))


def test_modes_offer_c23_for_2_or_3_players_with_every_starred_option(api):
    modes = {m["key"]: m for m in api("alice").get("/api/modes/").json()}
    mode = modes["c23"]
    assert mode["game"] == "c23" and (mode["min_seats"], mode["max_seats"]) == (2, 3)
    assert mode["heroes_per_seat"] == 0 and mode["teams"] is None
    options = {o["key"]: o for o in mode["options"]}
    assert set(options) == set(c23.OPTIONS)
    for key, values in c23.OPTIONS.items():
        assert options[key]["default"] == values[0]
        assert [v for v, _ in options[key]["choices"]] == list(values)
    # Every option is labelled in words a player reads, with no rule code
    # (K2, K4, K5, K11, K24 are in c23-house-rules.md, which players don't see).
    for option in options.values():
        assert option["label"] and not re.search(r"\bK\d+|★", option["label"]), option["label"]


@pytest.mark.parametrize("seats", [2, 3])
def test_a_c23_table_of_2_or_3_seats_with_starters_and_a_saved_deck(make_user, seats):
    users = [make_user(n) for n in ("ana", "bo", "cy")[:seats]]
    deck = saved(users[1])
    table = services.create_table(users[0], "c23", seats=seats, deck="green", options={"combat_cards_each": 2})
    assert table.game == "c23" and table.seats.count() == seats
    services.take_seat(table.pk, users[1], 1, deck=str(deck.pk))
    if seats == 3:
        services.take_seat(table.pk, users[2], 2)
        with pytest.raises(LobbyError) as err:  # no deck yet: not ready
            services.update_seat(table.pk, users[2], ready=True)
        assert err.value.code == "no_deck" and "deck" in err.value.message
        services.update_seat(table.pk, users[2], deck="red")
    rows = list(table.seats.order_by("index"))
    assert rows[0].deck == {"choice": "green", "name": "Green starter", "cards": starter("green")}
    assert rows[1].deck["choice"] == str(deck.pk) and rows[1].deck["name"] == "Tide"
    for user in users:
        services.update_seat(table.pk, user, ready=True)
    table = services.start_table(table.pk, users[0], seed=5)
    config = table.match.config
    assert config["game"] == "c23" and config["seed"] == 5 and config["options"] == {"combat_cards_each": 2}
    assert [s["name"] for s in config["seats"]] == ["Ana", "Bo", "Cy"][:seats]
    assert config["seats"][0]["deck"] == starter("green")
    assert sorted(config["seats"][1]["deck"]) == sorted(starter("blue"))
    if seats == 3:
        assert config["seats"][2]["deck"] == starter("red")
    state = table.match.state
    assert state["game"] == "c23" and len(state["players"]) == seats
    assert state["options"]["combat_cards_each"] == 2


def test_a_three_seat_table_is_the_most_c23_takes(make_user):
    ana = make_user("ana")
    for count in (1, 4):
        with pytest.raises(LobbyError) as err:
            services.create_table(ana, "c23", seats=count)
        assert err.value.code == "bad_seats" and "2 to 3" in err.value.message


def test_another_users_deck_or_an_illegal_one_is_refused_and_changes_nothing(make_user):
    ana, bo = make_user("ana"), make_user("bo")
    theirs = saved(ana, "Ana's")
    broken = Deck.objects.create(owner=bo, name="Too small", cards={"Tide Pool": 4})  # saved before a pool change
    table = services.create_table(ana, "c23", deck="red")
    services.take_seat(table.pk, bo, 1, deck="blue")
    services.update_seat(table.pk, bo, ready=True)
    for choice, code in (
        (theirs.pk, "no_such_deck"),
        (str(theirs.pk), "no_such_deck"),
        ("purple", "no_such_deck"),
        (broken.pk, "illegal_deck"),
    ):
        with pytest.raises(LobbyError) as err:
            services.update_seat(table.pk, bo, deck=choice)
        assert err.value.code == code and err.value.message.endswith(".") and " " in err.value.message
        seat = Seat.objects.get(table=table, index=1)
        assert seat.deck["choice"] == "blue" and seat.ready
    carol = make_user("carol")
    table2 = services.create_table(carol, "c23")
    with pytest.raises(LobbyError) as err:
        services.take_seat(table2.pk, bo, 1, deck=theirs.pk)
    assert err.value.code == "no_such_deck"
    assert Seat.objects.get(table=table2, index=1).user is None  # the refused join seated nobody
    with pytest.raises(LobbyError) as err:
        services.create_table(carol, "1hero", deck="red")
    assert err.value.code == "bad_deck"


def test_a_bot_gets_a_starter_and_leaving_clears_the_deck(make_user):
    ana, bo = make_user("ana"), make_user("bo")
    table = services.create_table(ana, "c23", seats=3, deck="blue")
    services.seat_bot(table.pk, ana, 1, "greedy")
    services.seat_bot(table.pk, ana, 2, "random", deck="green")
    bots = list(table.seats.filter(index__gt=0).order_by("index"))
    assert bots[0].deck["choice"] in ("red", "blue", "green") and bots[0].deck["name"].endswith("starter")
    assert bots[1].deck == {"choice": "green", "name": "Green starter", "cards": starter("green")}
    services.remove_player(table.pk, ana, 2)
    with pytest.raises(LobbyError) as err:  # a bot plays a starter only
        services.seat_bot(table.pk, ana, 2, "random", deck=str(saved(ana).pk))
    assert err.value.code == "bad_deck" and not Seat.objects.get(table=table, index=2).bot
    services.seat_bot(table.pk, ana, 2, "random")
    services.remove_player(table.pk, ana, 2)
    assert Seat.objects.get(table=table, index=2).deck == {}
    services.take_seat(table.pk, bo, 2, deck="red")
    services.leave_table(table.pk, bo)
    assert Seat.objects.get(table=table, index=2).deck == {}


def test_the_api_takes_and_shows_the_deck_of_a_seat(api):
    ana, bo = api("ana"), api("bo")
    mine = ana.post("/api/decks/", {"name": "Fire", "cards": counts(starter("red"))}, format="json").json()
    made = ana.post("/api/tables/", {"mode": "c23", "seat_count": 3, "deck": str(mine["id"])}, format="json")
    assert made.status_code == 201, made.content
    table = made.json()
    assert table["seats"][0]["deck"] == str(mine["id"]) and table["seats"][0]["deck_name"] == "Fire"
    assert "cards" not in table["seats"][0]
    url = f"/api/tables/{table['id']}"
    refused = bo.post(f"{url}/join/", {"index": 1, "deck": str(mine["id"])}, format="json")
    assert refused.status_code == 400 and refused.json()["code"] == "no_such_deck"
    assert "deck" in refused.json()["detail"]
    joined = bo.post(f"{url}/join/", {"index": 1, "deck": "blue"}, format="json").json()
    assert joined["seats"][1]["deck_name"] == "Blue starter"
    changed = bo.patch(f"{url}/seat/", {"deck": "green", "ready": True}, format="json")
    assert changed.status_code == 200 and changed.json()["seats"][1]["deck"] == "green"
    bot = ana.post(f"{url}/bot/", {"index": 2, "kind": "greedy", "deck": "red"}, format="json").json()
    assert bot["seats"][2]["deck_name"] == "Red starter"
    ana.patch(f"{url}/seat/", {"ready": True}, format="json")
    started = ana.post(f"{url}/start/")
    assert started.status_code == 200, started.content
    match = Match.objects.get(pk=started.json()["match_id"])
    assert [len(s["deck"]) for s in match.config["seats"]] == [40, 40, 40]
    assert ana.get("/api/lobby/matches/").json()["mine"][0]["mode"] == "c23"
    arcane = ana.post("/api/tables/", {"mode": "arcane"}, format="json").json()
    assert [(s["deck"], s["deck_name"]) for s in arcane["seats"]] == [(None, None), (None, None)]


def test_a_rematch_of_a_c23_match_brings_the_same_decks(make_user):
    ana, bo = make_user("ana"), make_user("bo")
    deck = saved(bo, "Tide")
    table = services.create_table(ana, "c23", seats=3, deck="green", options={"deck_out": "draw"})
    services.take_seat(table.pk, bo, 1, deck=deck.pk)
    services.seat_bot(table.pk, ana, 2, "random", deck="blue")
    for user in (ana, bo):
        services.update_seat(table.pk, user, ready=True)
    match = services.start_table(table.pk, ana, seed=3).match
    match.status, match.result = Match.Status.FINISHED, {"winner": 0, "reason": "concede"}
    match.save()
    again = services.offer_rematch(match.pk, bo)
    services.offer_rematch(match.pk, ana)
    seats = list(again.seats.order_by("index"))
    assert again.game == "c23" and again.options == {"deck_out": "draw"}
    assert [s.deck.get("name") for s in seats] == ["Green starter", "Tide", "Blue starter"]
    assert seats[2].bot == "random" and seats[2].ready and not seats[1].ready


def test_the_loser_goes_first_in_a_rematch_of_two(make_user):
    """K23: the loser of the previous game starts; a first table draws at random (no ``first``)."""
    ana, bo = make_user("ana"), make_user("bo")
    table = services.create_table(ana, "c23", deck="red")
    services.take_seat(table.pk, bo, 1, deck="blue")
    for user in (ana, bo):
        services.update_seat(table.pk, user, ready=True)
    assert "first" not in services.match_config(table, seed=1)
    match = services.start_table(table.pk, ana, seed=3).match
    match.state = {**match.state, "status": "finished", "winner": 1}
    match.status, match.result = Match.Status.FINISHED, {"winner": 1, "reason": "deck_out"}
    match.save()
    again = services.offer_rematch(match.pk, bo)  # bo (the winner) asks first: seated at seat 1 again
    services.offer_rematch(match.pk, ana)
    for user in (ana, bo):
        services.update_seat(again.pk, user, ready=True)
    config = services.match_config(again, seed=2)
    assert config["first"] == 0  # ana lost
    started = services.start_table(again.pk, bo, seed=2).match
    assert started.state["active"] == 0 and started.state["first"] == 0
