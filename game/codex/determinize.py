"""One seat's guess at the whole game: a state in which everything hidden
from that seat is dealt again, at random but consistently with what the
seat has seen (issue 28: the search bots sample the hidden cards this
way; the view's visibility rules, house rule R21, say what is hidden).

What a seat sees of the cards (view.py): its own team's hands, discard
piles, trash and codexes (teammates show each other everything but decks
and workers in Two-Headed Dragon); an opponent's hand only while a card
reveals it (view.hand_revealed_to, shown face up); every card in play,
command zone or future. Hidden from it: every deck's order, an opponent's
hand, discard pile, trash, worker cards and codex (so which codex cards
the opponent teched), and the game's generator key.

What :func:`determinize` deals again:

- its own team's decks: the order only (the seat knows what is in them:
  its cards less what it sees elsewhere); its team's worker cards stay
  (they were put down from a hand it saw);
- each opponent's hidden cards (hand unless revealed, deck, discard pile,
  trash, workers) and its codex: one pool, shuffled and dealt back into
  the same places, the same counts; the codex takes only spec cards (the
  seat knows starter cards never go back to a codex);
- the generator: a new key, so what is drawn later is unknown too.

A card the rules still refer to outside its zone list (the open prompt,
the queue, a lasting effect, a mark) and a hidden instance that carries
marks keep their card: the state plays on as the rules left it. Card ids
(``c<n>``) stay where they are; only which card an id is changes.
"""

import random

from game.kernel.determinize import reseed
from game.kernel.envelope import is_seat
from game.kernel.rng import shuffle

from . import catalog
from .engine import copy_state
from .errors import RulesError
from .state import is_opponent
from .view import hand_revealed_to, view

MAX_DEALS = 16  # deals tried for one the seat cannot tell apart; then the last one is kept


_REFERRING = ("queue", "prompt", "temp", "lasting", "final", "final_pending", "followed")


def determinize(state: dict, seat: int, rng: random.Random) -> dict:
    """A copy of ``state`` with everything hidden from ``seat`` dealt again
    (module docstring), drawn with ``rng`` (the caller's own generator: the
    copy's game generator is keyed from it, and the deal uses that, so the
    same ``rng`` state gives the same copy). ``state`` is not changed, and
    ``view(copy, seat) == view(state, seat)``: a view can tell a little of
    a hidden card (whether the top card of a draw pile can be played now,
    Vir Garbarean's ability), so a deal the seat's view tells apart is
    dealt again, up to MAX_DEALS times; then the last deal is kept (the
    real hidden cards never are: the search bots read this copy, issue 30).
    Raises RulesError ``bad_seat`` for a
    seat that is not in the game."""
    if not is_seat(state, seat):
        raise RulesError("bad_seat", "That seat is not in this game.")
    seen = view(state, seat)
    for _ in range(MAX_DEALS):
        out = _dealt(state, seat, rng)
        if view(out, seat) == seen:
            return out
    return out  # the last deal: a little less consistent, but never the real hidden cards


def _dealt(state: dict, seat: int, rng: random.Random) -> dict:
    """One deal of :func:`determinize`, before its view is compared."""
    out = copy_state(state)
    reseed(out, rng)
    pinned = _pinned(out)
    for p in out["players"]:
        holder = p["seat"]
        if not is_opponent(out, seat, holder):
            _deal(out, [i for i in p["deck"] if i not in pinned], [])
            continue
        zones = ("deck", "discard", "trash", "workers") + (() if hand_revealed_to(out, holder, seat) else ("hand",))
        places = [i for zone in zones for i in p[zone] if i not in pinned]
        codex = [cid for cid, n in p["codex"].items() for _ in range(n)]
        p["codex"] = _deal(out, places, codex)
    return out


def _deal(state: dict, places: list, codex: list) -> dict:
    """Shuffle the cards of the hidden instances ``places`` and the codex
    cards ``codex`` together (state's generator) and deal them back: the
    codex first, its size in spec cards, then the places in order. Returns
    the new codex (``{card id: copies}``, by card id)."""
    cards = state["cards"]
    # Sorted first: the deal depends on which cards are hidden and on the
    # generator only, never on where they really are (issue 30: never peek).
    pool = sorted([cards[i]["card"] for i in places] + codex)
    shuffle(state, pool)
    if codex:
        spec_cards = [k for k, cid in enumerate(pool) if catalog.card(cid)["spec"] is not None]
        chosen = set(spec_cards[: len(codex)])  # as many spec cards as the codex held: it held that many
        dealt = [cid for k, cid in enumerate(pool) if k in chosen]
        pool = [cid for k, cid in enumerate(pool) if k not in chosen]
    else:
        dealt = []
    for iid, cid in zip(places, pool, strict=True):  # the pool less the codex: one card a place
        cards[iid]["card"] = cid
    new_codex: dict = {}
    for cid in sorted(dealt):
        new_codex[cid] = new_codex.get(cid, 0) + 1
    return new_codex


def _pinned(state: dict) -> set:
    """The ids of the instances whose card must stay: every string the
    rules' pending parts hold (:data:`_REFERRING`), every string of a card
    instance's marks and grants, and every instance that has marks or
    grants of its own."""
    found: set = set()
    for key in _REFERRING:
        _strings(state.get(key), found)
    for iid, inst in state["cards"].items():
        if inst["marks"] or inst["granted"]:
            found.add(iid)
            _strings(inst["marks"], found)
            _strings(inst["granted"], found)
    return found


def _strings(value: object, found: set) -> None:
    """Add every string in ``value`` (plain JSON, keys included) to ``found``."""
    if isinstance(value, str):
        found.add(value)
    elif isinstance(value, dict):
        for key, item in value.items():
            found.add(key)
            _strings(item, found)
    elif isinstance(value, list):
        for item in value:
            _strings(item, found)
