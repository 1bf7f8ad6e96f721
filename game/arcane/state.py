"""The Arcane Codex state and its small helpers: zones, fresh ids, the log,
drawing with the lazy reshuffle, live power and creature stats.

The state is plain JSON (docs/ARCANE.md, "State"). Cards live in
``state["cards"]`` by id; each zone is a list of ids: the shared ``deck``
(top first), ``discard`` and ``banished``, and per player ``hand``,
``lands``, ``creatures``, ``relics``, ``charms`` and ``sages``.
Hidden zones are the deck and the hands (house rule A31): a card that
enters or leaves one gets a fresh id, so nobody can follow it through.
"""

from game.kernel import rng
from game.kernel.ids import counted_id
from game.kernel.log import LogBook, audience

from . import cards

HIDDEN_ZONES = ("deck", "hand")
SHARED_ZONES = ("deck", "discard", "banished", "stack")  # stack: a spell while it resolves (A30)
ARENA_ZONES = ("lands", "creatures", "relics", "charms", "sages")
SEAT_ZONES = ("hand",) + ARENA_ZONES
ARENA_OF = {"land": "lands", "creature": "creatures", "relic": "relics", "charm": "charms", "sage": "sages"}
LOG_KEEP = 400  # the state keeps the latest log lines only
# The log: lines numbered by state["log_n"]; a veiled line lists under
# "hide" the seats that read the named one (game.kernel.log).
LOG = LogBook(seq_key="log_n", keep=LOG_KEEP, veiled_key="hide")


def new_id(state: dict) -> str:
    """A fresh card id (``"a<n>"``): ids are never reused (game.kernel.ids)."""
    return counted_id(state, "next_id", "a")


def zone_list(state: dict, zone: str, seat) -> list:
    """The list of ids of ``zone`` (a seat's zone needs ``seat``)."""
    return state[zone] if zone in SHARED_ZONES else state["players"][seat][zone]


def put(state: dict, code: str, zone: str, seat=None, top: bool = False) -> str:
    """Create a card ``code`` in ``zone`` (of ``seat`` for a seat zone) and
    return its new id; ``top`` puts it first in the list (the deck's top)."""
    cid = new_id(state)
    state["cards"][cid] = {
        "id": cid,
        "card": code,
        "zone": zone,
        "seat": seat,
        "damage": 0,
        "exhausted": False,
        "arrived": state["turn"],
        "essence": 0,
        "used": False,
    }
    lst = zone_list(state, zone, seat)
    lst.insert(0, cid) if top else lst.append(cid)
    return cid


def move(state: dict, cid: str, zone: str, seat=None, top: bool = False) -> str:
    """Move card ``cid`` to ``zone`` (of ``seat`` for a seat zone) and return
    its id there. A card always arrives fresh (no damage, ready, essence 5
    for a sage entering the arena, rulebook "Permanents"); it gets a new id
    when it leaves or enters a hidden zone (A31; deck and hands)."""
    card = state["cards"][cid]
    zone_list(state, card["zone"], card["seat"]).remove(cid)
    if card["zone"] in HIDDEN_ZONES or zone in HIDDEN_ZONES:
        del state["cards"][cid]
        cid = put(state, card["card"], zone, seat, top)
        card = state["cards"][cid]
    else:
        card.update(zone=zone, seat=seat, damage=0, exhausted=False, arrived=state["turn"], used=False)
        lst = zone_list(state, zone, seat)
        lst.insert(0, cid) if top else lst.append(cid)
    card["essence"] = cards.SAGE_ESSENCE if zone == "sages" else 0
    return cid


def card_seers(state: dict, cid: str):
    """Who may see card ``cid`` where it is now (house rule A31): its
    player for a card in hand, nobody for one in the deck (a set of
    seats), everyone (None) anywhere else: the discard pile, the banished
    cards, the stack and the arena are public."""
    card = state["cards"][cid]
    if card["zone"] == "hand":
        return {card["seat"]}
    if card["zone"] == "deck":
        return set()
    return None


def log(state: dict, text: str, cards=(), veiled: str | None = None) -> None:
    """Append a log line ``{"n", "text"}`` (game.kernel.log). Who reads it
    follows from the cards it names, never from the caller (issue 27):
    ``cards`` are the ids of the cards ``text`` names. A line naming a card
    some cannot see (:func:`card_seers`) goes to the seats that see them
    all (``"to"``); ``veiled``, the same event told without the hidden
    names ("North draws a card."), goes to everyone else (``"hide"``: the
    seats that read the named line)."""
    LOG.write(state, text, audience(card_seers(state, cid) for cid in cards) if cards else None, veiled)


def name(state: dict, seat: int) -> str:
    """The seat's player name."""
    return state["players"][seat]["name"]


def other(seat: int) -> int:
    """The other seat of a two-player game."""
    return 1 - seat


def draw(state: dict, seat: int):
    """Draw the deck's top card into ``seat``'s hand; return its id, or None.

    House rule A30: when the deck is empty the whole shared discard pile is
    shuffled into a new deck first, at once, even in the middle of an
    effect; when both are empty the draw does nothing. The drawn card is
    logged to its owner only (A31), the draw itself to everyone else."""
    if not state["deck"]:
        if not state["discard"]:
            log(state, f"{name(state, seat)} would draw, but the deck and the discard pile are both empty.")
            return None
        pile = list(state["discard"])
        rng.shuffle(state, pile)
        for cid in pile:
            move(state, cid, "deck")
        log(state, f"The deck ran out: the discard pile ({len(pile)} cards) is shuffled into a new deck.")
    cid = move(state, state["deck"][0], "hand", seat)
    log(
        state,
        f"You draw {cards.describe(state['cards'][cid]['card'])}.",
        cards=[cid],
        veiled=f"{name(state, seat)} draws a card.",
    )
    return cid


def round_bonus(round_number: int) -> int:
    """The round bonus: the round divided by two, rounded down (rulebook
    "Power"; A5: both turns of a round use it)."""
    return round_number // 2


def power_total(state: dict, seat: int) -> int:
    """The power ``seat`` has this turn before spending: its lands plus the
    round bonus. Table option ``land_power`` (house rule A6 \u2605): ``immediate``
    counts lands in play now (A6, A8), ``next_turn`` the lands it had when
    its turn began."""
    if state["options"]["land_power"] == "next_turn":
        lands = state["players"][seat]["lands_at_start"]
    else:
        lands = len(state["players"][seat]["lands"])
    return lands + round_bonus(state["round"])


def power_left(state: dict, seat: int) -> int:
    """The power ``seat`` may still spend this turn (A6: total minus spent)."""
    return max(0, power_total(state, seat) - state["players"][seat]["power_spent"])


def power(state: dict, cid: str) -> int:
    """A creature's power: rank // 2 plus 1 per relic its controller has
    (rulebook "Relics"; A20: they stack)."""
    card = state["cards"][cid]
    return cards.base_stats(card["card"])[0] + len(state["players"][card["seat"]]["relics"])


def toughness(state: dict, cid: str) -> int:
    """A creature's toughness: rank // 2 rounded up plus 1 per charm its
    controller has (rulebook "Charms"; A20)."""
    card = state["cards"][cid]
    return cards.base_stats(card["card"])[1] + len(state["players"][card["seat"]]["charms"])


def ability(state: dict, cid: str):
    """The creature's suit ability (Venom, Swift, Sentinel, Crush)."""
    return cards.ability(state["cards"][cid]["card"])


def can_attack(state: dict, cid: str) -> bool:
    """A creature may attack when it is ready and did not arrive this turn,
    or it is Swift (rulebook "Hearts"; A10, A13)."""
    card = state["cards"][cid]
    return (not card["exhausted"]) and (card["arrived"] < state["turn"] or ability(state, cid) == "Swift")


def all_ids(state: dict) -> list:
    """Every card id in every zone (the stack included)."""
    ids = [cid for zone in SHARED_ZONES for cid in state[zone]]
    for p in state["players"]:
        for zone in SEAT_ZONES:
            ids.extend(p[zone])
    return ids
