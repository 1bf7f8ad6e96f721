"""What a seat pays: a card's cost with every change to it, a building's,
a worker's, and the promise of a later payment (Deluxe rulebook, "Main
phase"; house rule R1; the cards' rulings named on each)."""

from .. import catalog
from ..cards import registry
from ..state import EVERYONE, card_of, log, player, seat_name
from ..targeting import in_play_answering

HERO_COST = 2  # house rule R1
WORKER_COST = 1  # rulebook "Hiring workers"


def card_cost(state: dict, seat: int, card_id: str) -> int:
    """Gold ``seat`` pays to play ``card_id`` now, after the card's own cost
    change (``modifies own_cost``) and those of cards in play (``modifies
    cost``; never below 0: their cards' rulings)."""
    rec = catalog.card(card_id)
    cost = rec["cost"] or 0
    own = registry.handler("modifies:own_cost", card_id)
    if own is not None:
        cost = own(state, seat, cost)
    cost = registry.fold(state, "modifies:cost", player(state, seat)["play"], cost, seat, card_id)
    if promised(state, seat):
        cost = 0  # a promise; additional costs still apply (its ruling)
    if rec["kind"] == "building":
        cost = build_cost(state, seat, card_id, cost)
    return max(0, cost)


def promised(state: dict, seat: int) -> bool:
    """True while the next card ``seat`` plays this turn costs 0 (mark
    ``promise`` = this turn, a card's promise); :func:`do_play` then
    turns it into a debt (turns.pay_debts)."""
    return player(state, seat).get("promise") == state["turn"]


def keep_promise(state: dict, seat: int, iid: str) -> None:
    """``seat`` plays card ``iid`` now: if it cost 0 by a promise
    (:func:`promised`), its printed gold cost becomes a debt due in the
    next upkeep (turns.pay_debts; rulings: the printed cost, no
    reductions; the first card played after the Promise takes it)."""
    if not promised(state, seat):
        return
    p = player(state, seat)
    rec = catalog.card(card_of(state, iid)["card"])
    p.pop("promise")
    p.setdefault("debts", []).append({"gold": rec["cost"] or 0, "card": rec["id"]})
    log(
        state,
        f"{seat_name(state, seat)} promised to pay {rec['cost'] or 0} gold for {rec['name']} in their next upkeep.",
        cards=[iid],
        shown_to=EVERYONE,
    )  # played face up


def build_cost(state: dict, seat: int, building_id: str, cost: int) -> int:
    """``cost`` (gold) of building ``building_id`` (a tech building, add-on
    or building card) for ``seat`` after the hooks ``modifies build_cost`` of every
    card in play, whoever controls it (a card may make opponents pay more
    for their first building of a turn, rebuilds included: its ruling)."""
    return registry.fold(
        state, "modifies:build_cost", in_play_answering(state, "modifies:build_cost"), cost, seat, building_id
    )


def play_refusal(state: dict, seat: int, card_id: str, from_hand: bool = True) -> str | None:
    """Why a card in play stops ``seat`` from playing ``card_id`` now (the
    hooks ``forbids_play`` of every card in play), as a sentence, or None.
    ``from_hand`` False: it is played from elsewhere (the codex, say)."""
    answers = registry.answering("forbids_play")
    for src in in_play_answering(state, "forbids_play"):
        fn = answers.get(state["cards"][src]["card"])
        reason = fn(state, src, seat, card_id, from_hand) if fn is not None else None
        if reason:
            return reason
    return None


def hire_cost(state: dict, seat: int) -> int:
    """Gold ``seat`` pays to hire a worker now: 1, changed by the hooks
    ``modifies hire_cost`` of the game's map (:func:`base_hire_cost`), then
    of its cards in play, never below 0."""
    return max(0, registry.fold(state, "modifies:hire_cost", player(state, seat)["play"], WORKER_COST, seat))


def base_hire_cost(state: dict, seat: int) -> int:
    """:func:`hire_cost` before ``seat``'s cards change it: 1, changed by the
    game's global card (its map) alone."""
    return registry.fold(state, "modifies:hire_cost", (), WORKER_COST, seat)
