"""Plain-data game state: players, card instances, zones and the game log.

The whole game is one JSON-able dict (see docs/ENGINE.md, "State"). Card
instances live in ``state["cards"]`` keyed by instance id (``"c17"``); each
player's zones are ordered lists of those ids. A card that enters a hidden zone
(deck, hand, discard, workers) gets a fresh id, so nobody can follow it through
the hidden zone by its id (docs/ARCHITECTURE.md, "The rules engine").
"""

from functools import cache

from game.kernel.ids import counted_id
from game.kernel.log import LogBook, audience

from . import catalog
from .cards import registry

# "trash" holds cards removed from the game (glossary: Trash); it is hidden
# like the discard pile (a trashed worker is never revealed, by the
# trashing ruling). "future" holds forecasted cards with their time runes, face up
# (glossary: Forecast).
HIDDEN_ZONES = ("deck", "hand", "discard", "workers", "trash")
LIST_ZONES = ("deck", "hand", "discard", "workers", "command", "play", "future", "trash")
PATROL_SLOTS = ("squad_leader", "elite", "scavenger", "technician", "lookout")
# The state keeps the latest log lines only (the whole history can be
# rebuilt by replaying the action log); it keeps every copy of the state small.
LOG_KEEP = 150
# The game log (game.kernel.log): counted by "log_seq", veiled lines name
# their excluded seats under "not_to".
LOG = LogBook(seq_key="log_seq", keep=LOG_KEEP, veiled_key="not_to")


def player(state: dict, seat: int) -> dict:
    """Return the player dict of ``seat`` (an int index into players)."""
    return state["players"][seat]


def team_of(state: dict, seat: int) -> int:
    """The team index of ``seat``; each team has one base."""
    return state["players"][seat]["team"]


def opponents(state: dict, seat: int) -> list:
    """The seats on other teams than ``seat``, in seat order."""
    team = team_of(state, seat)
    return [p["seat"] for p in state["players"] if p["team"] != team]


def teammates(state: dict, seat: int) -> list:
    """The seats on ``seat``'s team, ``seat`` included."""
    team = team_of(state, seat)
    return [p["seat"] for p in state["players"] if p["team"] == team]


def is_opponent(state: dict, a: int, b: int) -> bool:
    """True when seats ``a`` and ``b`` are on different teams."""
    return team_of(state, a) != team_of(state, b)


def new_iid(state: dict) -> str:
    """Allocate a fresh card instance id (``"c<n>"``)."""
    return counted_id(state, "next_iid", "c")


def tick(state: dict) -> int:
    """The next time of the state's clock (1, 2, ...): effects that apply
    in the order they were made carry the time they began (the
    ruling on freedom and holding fast: the newer wins). The clock
    (``state["clock"]``) starts at the first call, so a state from before
    it needs none."""
    n = state["clock"] = state.get("clock", 0) + 1
    return n


def card_of(state: dict, iid: str) -> dict:
    """The instance dict of ``iid``; raises KeyError when there is none."""
    return state["cards"][iid]


def facts(state: dict, iid: str) -> dict:
    """The catalog record of the card that instance ``iid`` is."""
    return catalog.card(state["cards"][iid]["card"])


def printed_card(inst: dict) -> str:
    """The catalog id instance ``inst`` really is. A transformed card shows
    another card's face (``inst["card"]``) while its mark ``transformed``
    keeps its own id; it is itself again when it leaves play (the
    transformation rulings: same card, same tech level, no arrival)."""
    return inst["marks"].get("transformed") or inst["card"]


def make_instance(state: dict, card_id: str, owner: int, zone: str) -> str:
    """Create a card instance of ``card_id`` owned by ``owner`` in ``zone``.

    The instance is appended to the owner's zone list (for list zones) and its
    id is returned. Tokens made in play use :func:`make_token` instead.
    """
    iid = new_iid(state)
    state["cards"][iid] = fresh_instance(iid, card_id, owner, zone)
    if zone in LIST_ZONES:
        state["players"][owner][zone].append(iid)
    return iid


def fresh_instance(iid: str, card_id: str, owner: int, zone: str) -> dict:
    """A brand-new instance dict with no damage, runes or status."""
    return {
        "iid": iid,
        "card": card_id,
        "owner": owner,
        "controller": owner,
        "zone": zone,
        "damage": 0,
        "exhausted": False,
        "arrived": 0,
        "plus": 0,
        "minus": 0,
        "level": 1,
        "attacks": 0,
        "armor_used": 0,
        "time": 0,
        "granted": {},
        "marks": {},
    }


def _detach(state: dict, iid: str) -> None:
    inst = state["cards"][iid]
    zone = inst["zone"]
    if zone in LIST_ZONES:
        holder = inst["controller"] if zone == "play" else inst["owner"]
        state["players"][holder][zone].remove(iid)
    if zone == "play":
        for p in state["players"]:
            for slot, occupant in p["patrol"].items():
                if occupant == iid:
                    p["patrol"][slot] = None


def move(state: dict, iid: str, zone: str, top: bool = False) -> str:
    """Move instance ``iid`` to ``zone`` of its owner; return its (new) id.

    ``zone`` is one of deck, hand, discard, workers, command, play, future
    (forecasted cards), trash (removed from the game), removed, or stack (a
    spell while it resolves).
    Entering play puts it under its owner's control. Entering or leaving a
    hidden zone resets the instance (damage, runes, status) and gives it a
    fresh id, so an id seen in public says nothing about the card's past;
    the command zone and a holder (``buried``) reset it and keep its id.
    ``top`` puts the card on top of the deck (index 0) instead of the bottom.
    Tokens that would go anywhere but play cease to exist (Deluxe rulebook,
    "Tokens"); then "" is returned.

    A card marked ``follow`` leaves its new id behind in
    ``state["followed"][old id]`` ("" when it ceased to exist), so an
    effect that must find it again after it moved can ("return it to
    play"); the reader pops the entry.
    """
    inst = state["cards"][iid]
    if inst["marks"].pop("follow", False):
        old = iid
        iid = move(state, iid, zone, top)
        state.setdefault("followed", {})[old] = iid
        return iid
    _detach(state, iid)
    owner = inst["owner"]
    inst["card"] = printed_card(inst)  # a transformed card leaves as itself
    inst["marks"].pop("transformed", None)
    if catalog.card(inst["card"]).get("token") and zone != "play":
        del state["cards"][iid]
        return ""
    if zone == "removed":
        del state["cards"][iid]
        return ""
    leaves_hidden = inst["zone"] in HIDDEN_ZONES
    if zone in HIDDEN_ZONES or zone in ("command", "buried") or leaves_hidden:
        del state["cards"][iid]
        new = new_iid(state) if (zone in HIDDEN_ZONES or leaves_hidden) else iid
        inst = fresh_instance(new, inst["card"], owner, zone)
        state["cards"][new] = inst
        iid = new
    inst["zone"] = zone
    inst["controller"] = owner
    if zone in LIST_ZONES:
        lst = state["players"][owner][zone]
        if top:
            lst.insert(0, iid)
        else:
            lst.append(iid)
    return iid


def change_control(state: dict, iid: str, seat: int) -> None:
    """Give control of in-play instance ``iid`` to ``seat``.

    It leaves any patrol slot, and arrives for arrival fatigue purposes. A
    lent card back under its lender's control is no longer lent (house rule
    R26; the mark ``lent``). Then it hears ``affected`` ("control_changed":
    taking control brings along the unit it holds: the control ruling).
    """
    inst = state["cards"][iid]
    if inst["controller"] == seat:
        return
    _detach(state, iid)
    if (inst["marks"].get("lent") or {}).get("by") == seat:
        inst["marks"].pop("lent")
    inst["controller"] = seat
    inst["arrived"] = state["turn"]
    state["players"][seat]["play"].append(iid)
    registry.emit(state, "affected", iid, "control_changed", seat)


def in_play(state: dict, seat: int = None) -> list:
    """Ids of instances in play (controlled by ``seat``, or by anyone)."""
    if seat is None:
        return [i for p in state["players"] for i in p["play"]]
    return list(state["players"][seat]["play"])


def holds_legendary(state: dict, seat: int, card_id: str, besides: str = None) -> bool:
    """True when ``card_id`` is legendary and ``seat`` controls in play a
    card of the same name (other than ``besides``): another copy would be
    a second one (Deluxe rulebook, "Legendary Cards"; only that player's
    copies count)."""
    rec = catalog.card(card_id)
    return rec["legendary"] and any(
        i != besides and catalog.card(state["cards"][i]["card"])["name"] == rec["name"]
        for i in state["players"][seat]["play"]
    )


def second_legendaries(state: dict) -> list:
    """Ids of the second copies of legendaries in play: for each player and
    legendary name, every copy after the one that came under that player's
    control first (play lists keep that order: entering play and a control
    change append). Deluxe rulebook, "Legendary Cards": "you can never have
    two copies of a given legendary card at the same time"."""
    out = []
    cards, names = state["cards"], legendary_names()
    for p in state["players"]:
        seen = set()
        for iid in p["play"]:
            legendary = names.get(cards[iid]["card"])
            if legendary is not None:
                if legendary in seen:
                    out.append(iid)
                seen.add(legendary)
    return out


@cache
def legendary_names() -> dict:
    """``{card id: name}`` of the catalog's legendary cards (read only;
    catalog facts never change while the engine runs)."""
    return {rec["id"]: rec["name"] for rec in catalog.all_cards() if rec["legendary"]}


def attachments_of(state: dict, host: str) -> list:
    """Ids of the cards in play attached to ``host`` (their mark
    ``attached`` names it; cards/common.attach sets it), in play order."""
    return [i for i in in_play(state) if state["cards"][i]["marks"].get("attached") == host]


def patrol_slot(state: dict, iid: str):
    """The patrol slot name ``iid`` occupies, or None."""
    inst = state["cards"].get(iid)
    if not inst or inst["zone"] != "play":
        return None
    for slot, occupant in state["players"][inst["controller"]]["patrol"].items():
        if occupant == iid:
            return slot
    return None


def is_patrolling(state: dict, iid: str) -> bool:
    """True when ``iid`` stands in a patrol slot on another team's turn.

    During its controller's own turn the patrol zone is only an arrangement
    for the coming opponent turn (Deluxe rulebook, "Patrol zone").
    """
    return patrolling_slot(state, iid) is not None


def patrolling_slot(state: dict, iid: str):
    """The patrol slot ``iid`` stands in while it patrols (see
    :func:`is_patrolling`), or None."""
    slot = patrol_slot(state, iid)
    if slot is None:
        return None
    controller = state["cards"][iid]["controller"]
    if is_opponent(state, controller, state["active"]) or state["players"][controller]["patrol_locked"]:
        return slot
    return None


# ``shown_to`` of :func:`log` for cards an effect shows everyone.
EVERYONE = "everyone"


def card_seers(state: dict, iid: str):
    """Who may see instance ``iid`` where it is now: None for everyone (in
    play, in a command zone, forecasted, resolving, held by a card in play
    (marks.HOLDS): face up), else the set of seats. A hand, discard pile or
    trash is seen by its owner's team (discard piles are face down, Deluxe
    rulebook "Discard pile"; teammates see each other's hands, house rule
    R21); a deck and face-down workers by nobody (their names never show
    in a view, view.py). A hand an opposing card reveals
    (view.hand_revealed_to) still counts as its team's only here: such a
    line is told to fewer seats than could see the card, never to more."""
    inst = state["cards"][iid]
    zone = inst["zone"]
    if zone not in HIDDEN_ZONES:
        return None
    if zone in ("deck", "workers"):
        return set()
    return set(teammates(state, inst["owner"]))


def log_readers(state: dict, cards=(), shown_to=()):
    """Who may read a line naming the instances ``cards``: None for
    everyone, else the set of seats that may see every one of them now
    (:func:`card_seers`), widened by ``shown_to`` (seats an effect showed
    these cards to: "look at", "reveal"; :data:`EVERYONE` for a card
    shown to all)."""
    if shown_to == EVERYONE:
        return None
    return audience(_widened(card_seers(state, iid), shown_to) for iid in cards)


def _widened(seers, shown_to):
    """``seers`` (a set of seats, or None: everyone) with the seats of
    ``shown_to`` added."""
    return None if seers is None else seers | set(shown_to)


def log(state: dict, text: str, cards=(), shown_to=(), veiled: str = None) -> None:
    """Append a line to the game log (numbered; the oldest beyond LOG_KEEP
    are dropped from the state).

    Who reads it follows from the cards it names, never from the caller
    (issue 27): ``cards`` are the ids of the instances whose names
    ``text`` contains, ``shown_to`` the seats an effect showed them to
    (:func:`log_readers`). A line naming a card that some cannot see goes
    to those who can only (``"to"``: the seats; their teammates read it
    too, view._log_tail); ``veiled``, the same event told without the
    hidden names (e.g. "Bo discarded a card."), goes to everyone else
    (``"not_to"``: those seats) when the event itself is public.
    An entry is never changed once written: views share the public ones
    (view._log_tail).
    """
    LOG.write(state, text, log_readers(state, cards, shown_to), veiled)


def name(state: dict, iid: str) -> str:
    """The printed name of instance ``iid``'s card."""
    return catalog.card(state["cards"][iid]["card"])["name"]


def listed(items) -> str:
    """The strings ``items`` as one English list: "A", "A and B",
    "A, B and C" (the engine's log text, tester's F5: never "A and B and C")."""
    items = list(items)
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def seat_name(state: dict, seat: int) -> str:
    """The display name of ``seat``."""
    return state["players"][seat]["name"]


def acting_seats(state: dict) -> list:
    """The seats taking the current turn: in Two-Headed Dragon both players
    of the active team (their turn is simultaneous, house rule R19);
    otherwise the active seat alone."""
    active = state["active"]
    if state["mode"] == "2hg":
        return teammates(state, active)
    return [active]
