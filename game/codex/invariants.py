"""Invariants that must hold after every action; used by the property tests
and available to anyone who drives the engine (bots, fuzzers).

Each check raises AssertionError with a sentence naming what broke.
"""

import json
import re

from . import catalog, maps, stats
from .cards import registry
from .effects import GOLD_CAP
from .freeforall import FREE_GOLD_PER_TURN
from .heroes import barred_for_good
from .marks import check as check_marks_of
from .marks import held_by
from .state import HIDDEN_ZONES, LIST_ZONES, printed_card
from .stats import frozen
from .view import hand_revealed_to, view

_ID = re.compile(r'"(c\d+)"')


def check_all(state: dict, last_action=None, last_seat=None) -> None:
    """Run every invariant on ``state`` (``last_action`` by ``last_seat`` is
    the action just applied, for the patrol lock-in check)."""
    check_gold(state)
    check_zones(state)
    check_card_counts(state)
    check_tokens(state)
    check_marks(state)
    check_free_for_all(state)
    check_map(state)
    if last_action is not None and last_action.get("type") == "end_main":
        check_patrol_lock(state, last_seat)
    check_views(state)


def check_gold(state: dict) -> None:
    """Every player's gold is within 0..20."""
    for p in state["players"]:
        assert 0 <= p["gold"] <= GOLD_CAP, f"seat {p['seat']} has {p['gold']} gold"


def check_zones(state: dict) -> None:
    """Every card instance is in exactly one zone, and its zone field
    agrees; a card in no list's zone is on the stack or held by a card in
    play (game.codex.marks.HOLDS)."""
    seen = {}
    for p in state["players"]:
        for zone in LIST_ZONES:
            for iid in p[zone]:
                assert iid not in seen, f"{iid} is in {seen.get(iid)} and in {zone}"
                seen[iid] = zone
                inst = state["cards"][iid]
                assert inst["zone"] == zone, f"{iid} says {inst['zone']} but sits in {zone}"
                holder = inst["controller"] if zone == "play" else inst["owner"]
                assert holder == p["seat"], f"{iid} is in seat {p['seat']}'s {zone}"
    held = {h for inst in state["cards"].values() if inst["zone"] == "play" for h in held_by(inst["marks"])}
    for iid, inst in state["cards"].items():
        if inst["zone"] in LIST_ZONES:
            assert iid in seen, f"{iid} claims zone {inst['zone']} but no list holds it"
        else:
            assert inst["zone"] == "stack" or iid in held, f"{iid} is in zone {inst['zone']} and nothing holds it"


def check_marks(state: dict) -> None:
    """Every instance's ``marks`` keys are declared in game/codex/marks.py
    and each value is of its declared type (issue 28)."""
    for iid, inst in state["cards"].items():
        if inst["marks"]:
            check_marks_of(iid, inst["marks"])


def check_tokens(state: dict) -> None:
    """Tokens exist only in play, in the future zone or resolving (they
    cease to exist anywhere else; Deluxe rulebook "Tokens")."""
    for iid, inst in state["cards"].items():
        if catalog.card(printed_card(inst)).get("token"):
            assert inst["zone"] in ("play", "future", "stack"), f"token {iid} is in {inst['zone']}"


def check_free_for_all(state: dict) -> None:
    """Free-for-all bookkeeping (house rules R25, R26, R28): free gold within
    0..3 a turn; a lent card is in play under another player than its
    lender; the lending step and the final rounds exist only in a
    free-for-all, and the final rounds name only tied leaders."""
    ffa = state["mode"] == "ffa"
    seats = range(len(state["players"]))
    for p in state["players"]:
        assert 0 <= p["free_gold_this_turn"] <= FREE_GOLD_PER_TURN, (
            f"seat {p['seat']} had {p['free_gold_this_turn']} free gold"
        )
    for iid, inst in state["cards"].items():
        lent = inst["marks"].get("lent")
        if lent is None:
            continue
        assert ffa, f"{iid} is lent outside a free-for-all"
        assert inst["zone"] == "play", f"lent {iid} is in {inst['zone']}"
        assert lent["by"] in seats and lent["to"] in seats and lent["by"] != lent["to"], f"{iid}: {lent}"
        assert inst["controller"] != lent["by"], f"lent {iid} is controlled by its lender"
    final = state.get("final")
    assert ffa or (state["phase"] != "lend" and final is None), "free-for-all steps in another mode"
    if final is not None:
        assert set(final["order"]) <= set(final["tied"]) <= set(seats), f"bad final rounds {final}"


def check_map(state: dict) -> None:
    """The game's map's rule holds (none without a map; its restrictions,
    cards/maps/): every patroller may stand in its slot (``restricts
    patrol``), no hero it bars for good is in play (``restricts summon``)
    and no add-on it forbids is built (``restricts build``)."""
    if registry.global_card(state) is None:
        return
    words = maps.view_of(state)["name"]
    for p in state["players"]:
        seat = p["seat"]
        for slot, iid in p["patrol"].items():
            refused = iid is not None and registry.global_says(state, "restricts:patrol", seat, iid, slot, None)
            assert not refused, f"seat {seat}'s patroller {iid} in {slot} breaks {words}'s rule"
        back = [
            state["cards"][i]["card"]
            for i in p["play"]
            if catalog.card(state["cards"][i]["card"])["kind"] == "hero"
            and barred_for_good(state, state["cards"][i]["owner"], state["cards"][i]["card"])
        ]
        assert not back, f"{back} are in play though {words} bars them for good"
        addon = p["buildings"]["addon"]
        assert addon is None or not registry.global_says(state, "restricts:build", addon["id"]), (
            f"seat {seat} built {addon['id']} though {words} forbids it"
        )


def check_card_counts(state: dict) -> None:
    """Each player owns as many cards (tokens aside, codex included) as at
    the start of the game."""
    for p in state["players"]:
        owned = sum(
            1
            for inst in state["cards"].values()
            if inst["owner"] == p["seat"] and not catalog.card(printed_card(inst)).get("token")
        )
        owned += sum(p["codex"].values())
        assert owned == p["card_total"], f"seat {p['seat']} owns {owned} cards, started with {p['card_total']}"


def check_patrol_lock(state: dict, seat: int) -> None:
    """Right after ``seat`` ended its main phase, only ready cards patrol.

    One exception, after the lock: exhausting a locked patroller keeps it in
    its slot (only disabling sidelines it, glossary "Disable"), and an
    indestructible patroller that would die later in the same action (at the
    end of the turn, say: an indestructible purple card) is exhausted
    instead (effects.indestructible_instead), so it stays, exhausted."""
    for slot, iid in state["players"][seat]["patrol"].items():
        if iid is not None and not stats.kw(state, iid, "indestructible"):
            assert not state["cards"][iid]["exhausted"], f"exhausted {iid} locked into {slot}"


def hidden_ids_of(state: dict, seat: int) -> set:
    """Ids of the cards in ``seat``'s hidden zones."""
    p = state["players"][seat]
    return {iid for zone in HIDDEN_ZONES for iid in p[zone]}


def check_views(state: dict) -> None:
    """No view holds an id of a card in another team's hidden zone, a hand,
    discard or codex of another team (except a hand revealed to that viewer,
    view.hand_revealed_to, shown without ids), or a log line meant for
    others."""
    players = state["players"]
    hidden = {p["seat"]: hidden_ids_of(state, p["seat"]) for p in players}
    with frozen(state):
        for viewer in [p["seat"] for p in players] + [None]:
            shown = view(state, viewer)
            team = None if viewer is None else players[viewer]["team"]
            friends = {p["seat"] for p in players if p["team"] == team}
            # The viewer's own team may see its hidden zones; scan the rest.
            public = dict(
                shown,
                players=[
                    {k: v for k, v in entry.items() if k not in ("hand", "discard", "codex", "trash")}
                    if entry["seat"] in friends
                    else entry
                    for entry in shown["players"]
                ],
            )
            shown_ids = set(_ID.findall(json.dumps(public)))
            for p in players:
                if p["seat"] in friends:
                    continue
                entry = shown["players"][p["seat"]]
                for key in ("hand", "discard", "codex"):
                    if key == "hand" and hand_revealed_to(state, p["seat"], viewer):
                        continue  # revealed to this viewer (grants hand_reveal), ids left out
                    assert key not in entry, f"viewer {viewer} sees seat {p['seat']}'s {key}"
                leaked = hidden[p["seat"]] & shown_ids
                assert not leaked, f"viewer {viewer} sees hidden card ids {sorted(leaked)}"
            private = {e["n"] for e in state["log"] if "to" in e and not friends & set(e["to"])}
            assert not private & {e["n"] for e in shown["log"]}, f"viewer {viewer} sees a private log line"
