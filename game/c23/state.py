"""The C-23 state's readers and the few writers every part of the engine
shares: the log with its audience per line, card ids, card and seat
lookups, seat order and a character's power.

Authority: the C-23 rulebook (shared/seeds/004_e9585cfdc02414d2.txt, cited
by its section names) and the house rules K1-K27 (shared/c23-house-rules.md).
The state is a JSON-able dict (docs/C23.md, "State"); the randomness is its
own seeded generator (game.kernel.rng), the log and the ids the kernel's
(game.kernel.log, game.kernel.ids). Nothing here imports another module of
the engine but the card pool.
"""

from typing import Any

from game.kernel.ids import drawn_id
from game.kernel.log import LogBook, audience
from game.kernel.types import Action, State

from . import cards as pool

__all__ = ["Action", "Plan", "State"]  # the shapes every module of the engine passes around

Plan = dict[str, Any]
"""What a move's check found in an action, for its change to carry out."""

GAME = "c23"
LOG = LogBook(seq_key="log_seq", keep=400)
"""The game's log: numbered by ``state["log_seq"]``, the last 400 lines kept."""


def card_seers(state: State, iid: str) -> set[int] | None:
    """Who may see card ``iid`` where it is now (K19): its player for a
    card in a hand (everyone once the hand is shown, K24), nobody for one
    in a deck or gone from the game (a set of seats); everyone (None) in a
    discard pile or in play."""
    for p in state["players"]:
        if iid in p["hand"]:
            return None if p["revealed"] else {p["seat"]}
        if iid in p["deck"] or iid in p["gone"]:
            return set()
    return None


def hidden_zones(state: State, viewer: int | None) -> list[tuple[dict[str, Any], str]]:
    """The zones whose cards ``viewer`` (a seat, or None for a spectator)
    cannot see, as ``(player, zone name)`` in seat order: every deck, and
    the hand of every other player unless shown (K19, K24)."""
    out = []
    for p in state["players"]:
        out.append((p, "deck"))
        if p["seat"] != viewer and not p["revealed"]:
            out.append((p, "hand"))
    return out


def hidden_from(state: State, viewer: int | None) -> list[str]:
    """The ids of the cards in the zones :func:`hidden_zones` names: the
    ids ``viewer`` must never see (K19)."""
    return [iid for p, zone in hidden_zones(state, viewer) for iid in p[zone]]


def log(state: State, text: str, cards: Any = ()) -> None:
    """Append a numbered line to the game's log (:data:`LOG`). Who reads
    it follows from the cards it names, never from the caller (issue 27):
    ``cards`` are the ids of the cards ``text`` names, and a line naming
    a card some cannot see (:func:`card_seers`) is only for the seats that
    see them all (``"to"``; nobody: not written). The same event's public
    line, without the names, is logged beside it ("North draws 2 cards.")."""
    LOG.write(state, text, audience(card_seers(state, iid) for iid in cards))


def cdef(state: State, iid: str) -> dict[str, Any]:
    """The pool card of instance ``iid``."""
    return pool.card(state["cards"][iid]["card"])


def cname(state: State, iid: str) -> str:
    """The name of instance ``iid``'s card."""
    name: str = state["cards"][iid]["card"]
    return name


def name_list(names: Any) -> str:
    """The card names ``names`` as one list a player reads without doubt:
    separated by commas, or by semicolons when a name holds a comma itself
    ("Maris, Tide Seer; Ashen Scout": never three cards). The board's
    buttons (static/js/common.js nameList) follow the same rule, with "and"
    before the last name (docs/RULINGS.md "Lists of card names")."""
    names = list(names)
    return ("; " if any("," in n for n in names) else ", ").join(names)


def pname(state: State, seat: int) -> str:
    """The display name of ``seat``."""
    name: str = state["players"][seat]["name"]
    return name


def cards_word(n: int, kind: str = "") -> str:
    """Takes a count ``n`` and optionally a word ``kind`` for the cards;
    returns the count with the noun in the right number: "1 card", "7
    cards", "1 random card"."""
    return f"{n} {kind + ' ' if kind else ''}card{'' if n == 1 else 's'}"


def out_text(state: State, seat: int, survivors: list[int]) -> str:
    """The end of the line that puts ``seat`` out: "is out" when one or no
    player is left (finish() then says who won or that it is a draw), else
    "is out of the game" and who plays on ("; Ana and Cy play on"), never a
    winner. Takes the state, the seat and the seats still in the game."""
    if len(survivors) < 2:
        return "is out"
    names = [pname(state, s) for s in survivors]
    return f"is out of the game; {', '.join(names[:-1])} and {names[-1]} play on"


def new_id(state: State) -> str:
    """A fresh card id drawn from the secret generator, so that an id says
    nothing about where the card was before (K19: hidden zones stay hidden;
    a card gets a new id whenever it enters a deck or a hand)."""
    return drawn_id(state, "k", state["cards"])


def rename(state: State, iid: str) -> str:
    """Give the card ``iid`` a new id (it is entering a hidden zone) and return it."""
    fresh = new_id(state)
    state["cards"][fresh] = state["cards"].pop(iid)
    return fresh


def alive(state: State) -> list[int]:
    """The seats still in the game, in seat order."""
    return [p["seat"] for p in state["players"] if not p["out"]]


def opponents(state: State, seat: int) -> list[int]:
    """The seats still in the game other than ``seat``, in seat order (K24:
    in a 3-player game "your opponent" is either of them)."""
    return [s for s in alive(state) if s != seat]


def left_of(state: State, seat: int) -> int:
    """The next surviving player to ``seat``'s left (the next seat number;
    "Multiplayer Rules": you attack the player to your left; K24: after
    that player is out, the next surviving one)."""
    n = len(state["players"])
    for step in range(1, n):
        other = (seat + step) % n
        if not state["players"][other]["out"]:
            return other
    return seat


def right_of(state: State, seat: int) -> int:
    """The nearest surviving player to ``seat``'s right (seat ``seat`` may be out)."""
    n = len(state["players"])
    for step in range(1, n):
        other = (seat - step) % n
        if not state["players"][other]["out"]:
            return other
    return seat


def clockwise_from(state: State, seat: int) -> list[int]:
    """The surviving seats after ``seat``, clockwise (to its left first; K21, K24)."""
    n = len(state["players"])
    return [(seat + k) % n for k in range(1, n) if not state["players"][(seat + k) % n]["out"]]


def power(state: State, iid: str) -> int:
    """A character's power now: printed power plus this combat's changes
    (K12), never below 0 (RULINGS.md, C-23: negative power counts as 0)."""
    base: int = cdef(state, iid)["power"]
    combat = state["combat"]
    if combat is not None:
        base += combat["mods"].get(iid, 0)
    return max(0, base)


def unique_in_play(state: State, name: str) -> bool:
    """True when any player has a character called ``name`` in play (K20: global)."""
    return any(cname(state, i) == name for p in state["players"] for i in p["characters"])


def can_attack(state: State, iid: str) -> bool:
    """Untapped, and (option K2 ``summoning_sickness``) not put in play this turn."""
    c = state["cards"][iid]
    if c["tapped"]:
        return False
    return not (state["options"]["summoning_sickness"] and c["entered"] == state["turn"])


def tap_all(state: State, iids: list[str]) -> None:
    """Tap the cards ``iids`` ("Tapping Your Resources and Characters")."""
    for i in iids:
        state["cards"][i]["tapped"] = True
