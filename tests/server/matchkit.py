"""Helpers for websocket match tests: start a match through the lobby, read
its state, receive messages, and list what a viewer must never see."""

import json
import re

from asgiref.sync import sync_to_async
from rest_framework.test import APIClient

from game import rules
from game.codex import catalog
from game.models import Match, MatchAction
from game.services import apply_seat_action
from game.statereads import current_state
from lobby import services

HIDDEN_ZONES = ("hand", "deck", "workers", "discard")
SECRET_NAME_ZONES = ("hand", "workers", "discard")


@sync_to_async
def start_match(players, public=True, spectators=True, seed=42, heroes=("troq_bashar", "river_montoya"), mode="1hero"):
    """Start a ``mode`` match through the lobby services, ``players[i]`` at
    seat i with ``heroes[i]`` (a table of ``len(players)`` seats); returns
    the Match."""
    table = services.create_table(players[0], mode, is_public=public, allow_spectators=spectators, seats=len(players))
    for index, user in enumerate(players):
        if index:
            services.take_seat(table.pk, user, index, table.invite_token)
        services.update_seat(table.pk, user, heroes=[heroes[index]], ready=True)
    table = services.start_table(table.pk, players[0], seed=seed)
    return table.match


def logged_in(user) -> APIClient:
    """A REST API client logged in as ``user`` (its session, CSRF relaxed as
    APIClient does)."""
    client = APIClient()
    client.force_login(user)
    return client


@sync_to_async
def action_log(match_id) -> list:
    """The match's action log as ``[(seq, seat, action, nonce)]``, in order."""
    return list(
        MatchAction.objects.filter(match_id=match_id).order_by("seq").values_list("seq", "seat", "action", "nonce")
    )


def row_now(match_id) -> Match:
    """The match row as stored now, its ``state`` the current one
    (game.statereads.current_state: the row stores a snapshot, maybe of an
    older version), so the row is a snapshot of its own version."""
    match = Match.objects.get(pk=match_id)
    match.state, match.state_version = current_state(match), match.version
    return match


db_match = sync_to_async(row_now)


async def recv(comm, timeout=5):
    """The next JSON message of ``comm``."""
    return await comm.receive_json_from(timeout=timeout)


async def recv_until(comm, kind, timeout=5):
    """Messages of ``comm`` up to and including the first of type ``kind``."""
    got = []
    while True:
        msg = await recv(comm, timeout)
        got.append(msg)
        if msg["type"] == kind:
            return got


def active_seat(state: dict) -> int:
    """A seat with something to do besides conceding (the one to act)."""
    for seat in range(len(state["players"])):
        if any(a["type"] != "concede" for a in rules.legal_actions(state, seat)):
            return seat
    raise AssertionError("nobody can act")


def playable(state: dict, seat: int) -> list:
    """The seat's legal actions except conceding."""
    return [a for a in rules.legal_actions(state, seat) if a["type"] != "concede"]


def team_of(state: dict, viewer) -> set:
    """The seats on ``viewer``'s team (itself included); empty for a spectator."""
    if viewer is None:
        return set()
    team = state["players"][viewer]["team"]
    return {p["seat"] for p in state["players"] if p["team"] == team}


def known_names(state: dict, viewer) -> set:
    """Card ids and names ``viewer`` may legitimately know at ``state``: cards
    outside hidden zones, the cards and codex of the viewer and its
    teammates (house rule R21), every hero."""
    known = set()
    team = team_of(state, viewer)

    def add(card_id):
        known.update({card_id, catalog.card(card_id)["name"]})

    for inst in state["cards"].values():
        if inst["zone"] not in HIDDEN_ZONES or inst["owner"] in team:
            add(inst["card"])
    for player in state["players"]:
        if player["seat"] in team:
            for card_id in player["codex"]:
                add(card_id)
        for hero in player["heroes"]:
            add(hero)
    return known


def secrets_for(state: dict, viewer, known: set) -> tuple[set, set]:
    """What ``viewer`` (a seat, or None for a spectator) must not receive:
    (instance ids in hidden zones of seats outside the viewer's team, and of
    its teammates' decks and workers; names/ids of hand, worker and discard
    cards of seats outside the viewer's team -- tech picks land in the
    discard -- that the viewer cannot otherwise know)."""
    iids, names = set(), set()
    team = team_of(state, viewer)
    for player in state["players"]:
        if player["seat"] == viewer:
            continue
        if player["seat"] in team:  # a teammate: hand and discard are shared (R21)
            iids.update(player["deck"], player["workers"])
            continue
        for zone in HIDDEN_ZONES:
            iids.update(player[zone])
        for zone in SECRET_NAME_ZONES:
            for iid in player[zone]:
                card_id = state["cards"][iid]["card"]
                names.update({card_id, catalog.card(card_id)["name"]} - known)
    return iids, names


def leaks(messages: list, iids: set, names: set) -> list:
    """The secret tokens found in ``messages`` (as the client received them)."""
    found = []
    for msg in messages:
        text = json.dumps(msg)
        found += [t for t in iids | names if re.search(rf"(?<![\w]){re.escape(t)}(?![\w])", text)]
    return found


def play_out_with_bots(match: Match, max_actions: int = 3000) -> Match:
    """Play ``match`` to its end through game.services.apply_seat_action,
    each move chosen by the server's greedy bot (game.rules.GreedyBot, as
    stand-ins play) for the seat the game waits on; returns the match read
    again (at most ``max_actions`` moves)."""
    for _ in range(max_actions):
        match.refresh_from_db()
        if match.status != Match.Status.PLAYING:
            break
        state = current_state(match)
        seat = rules.waiting_on(state)[0]
        action = rules.GreedyBot(seed=match.version).choose(state, seat)
        apply_seat_action(match.pk, seat, action, match.version)
    match.refresh_from_db()
    return match


def frame_leaks(frames: list, ids: set, viewer) -> list:
    """What ``viewer`` must not have received in ``frames`` of a game whose
    views list players with ``hand`` for whoever may read it (Arcane Codex,
    C-23): any of the hidden card ``ids``, another seat's hand (unless that
    hand is shown to all: C-23's ``hand_shown``, K19) and a log line meant
    for other seats (its ``to``)."""
    found = []
    for frame in frames:
        text = json.dumps(frame)
        found += [i for i in ids if re.search(rf'"{re.escape(i)}"', text)]
        view = frame.get("view")
        if view:
            found += [
                f"hand of {p['seat']}"
                for p in view["players"]
                if "hand" in p and p["seat"] != viewer and not p.get("hand_shown")
            ]
            found += [line["text"] for line in view["log"] if "to" in line and viewer not in line["to"]]
    return found


def first_move(match: Match, users: tuple, nonce: str) -> tuple:
    """The arguments of game.commits.apply_batch's entries (match id, user id,
    action, version, nonce) for the acting seat's first legal action of
    ``match`` at version 0; ``users`` by seat."""
    seat = active_seat(match.state)
    return (match.pk, users[seat].pk, playable(match.state, seat)[0], 0, nonce)
