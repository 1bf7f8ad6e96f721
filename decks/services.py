"""What the deck builder and the lobby ask of saved C-23 decks: reading a
deck sent by a browser, checking it against house rule K1, and the deck a
player brings to a C-23 seat."""

from django.core.exceptions import ValidationError

from decks.models import MAX_DECKS_PER_USER, NAME_LENGTH, Deck
from game.rules.tables import card_pool, deck_problems, pool_origin, starter_deck, starter_decks
from lobby.names import clean_name, require_not_reserved

# No legal deck holds more than 4 copies of each pool name (K1), so these bounds
# only turn away junk before anything is expanded into a list.
MAX_NAMES = 100
MAX_COUNT = 99
MAX_CARD_NAME = 80


class DeckError(Exception):
    """A deck the server refuses: ``code``, ``message`` (shown to the player),
    ``problems`` (validate_deck's list, for a deck that breaks K1) and the
    HTTP ``status`` an endpoint answers with."""

    def __init__(self, code: str, message: str, problems=None, status: int = 400):
        super().__init__(message)
        self.code, self.message, self.problems, self.status = code, message, problems or [], status


def read_cards(cards) -> dict:
    """Turn a browser's ``{card name: count}`` into a clean dict (counts of 0
    dropped). Raises DeckError ``bad_deck`` for anything but a dict of short
    strings to integers 0..99 with at most 100 names; the rules themselves
    (K1) are validate_deck's (see :func:`check_cards`)."""
    if not isinstance(cards, dict) or len(cards) > MAX_NAMES:
        raise DeckError("bad_deck", f"A deck is a list of card names with counts (at most {MAX_NAMES} names).")
    clean = {}
    for name, count in cards.items():
        if not isinstance(name, str) or not name or len(name) > MAX_CARD_NAME:
            raise DeckError("bad_deck", "Every card in a deck needs a name.")
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= MAX_COUNT:
            raise DeckError("bad_deck", f"Each card's count is a whole number from 0 to {MAX_COUNT}.")
        if count:
            clean[name] = count
    return clean


def expand(cards: dict) -> list:
    """``{name: count}`` as a list of names, each repeated by its count, sorted by name."""
    return [name for name, n in sorted(cards.items()) for _ in range(n)]


def check_cards(cards) -> dict:
    """Read ``cards`` (:func:`read_cards`) and check the deck against K1 with
    game.rules.tables.deck_problems. Returns the clean dict; raises DeckError
    ``bad_deck`` for malformed input, ``illegal_deck`` (with ``problems``)
    for a deck that breaks K1."""
    clean = read_cards(cards)
    problems = deck_problems(expand(clean))
    if problems:
        raise DeckError("illegal_deck", " ".join(p["message"] for p in problems), problems)
    return clean


def check_name(name) -> str:
    """A deck's name cleaned as every name a player writes
    (lobby.names.clean_name: no control or invisible characters, few marks,
    spaces collapsed). Raises DeckError ``bad_name`` when it is no text, is
    not 1 to 60 characters once cleaned (a name of zero-width characters is
    empty), is a starter's name ("Red starter": the table shows the
    starters by that name, lobby.services._seat_deck), or looks like a
    name the site shows at a seat ("You", "Greedy bot 2":
    lobby.names.require_not_reserved)."""
    try:
        clean = clean_name(name, "A deck's name", 1, NAME_LENGTH)
        require_not_reserved(clean, "that name at a seat")
    except ValidationError as err:
        raise DeckError("bad_name", err.messages[0]) from None
    return clean


def save_deck(user, name, cards, deck: Deck | None = None) -> Deck:
    """Create a deck for ``user`` (``deck`` None) or change ``deck`` (the
    caller has checked it is the user's), with ``name`` and ``cards`` (either
    may be None to keep a deck's own). Raises DeckError: bad_name,
    bad_deck, illegal_deck (K1), name_taken (409), too_many_decks (409)."""
    if deck is None:
        if name is None or cards is None:
            raise DeckError("bad_deck", "A new deck needs a name and its cards.")
        if Deck.objects.filter(owner=user).count() >= MAX_DECKS_PER_USER:
            raise DeckError("too_many_decks", f"You can keep at most {MAX_DECKS_PER_USER} decks.", status=409)
        deck = Deck(owner=user)
    if name is not None:
        name = check_name(name)
        if Deck.objects.filter(owner=user, name=name).exclude(pk=deck.pk).exists():
            raise DeckError("name_taken", "You already have a deck with that name.", status=409)
        deck.name = name
    if cards is not None:
        deck.cards = check_cards(cards)
    deck.save()
    return deck


def deck_for_seat(user, deck_id_or_starter) -> list:
    """The card names a player brings to a C-23 seat: a starter's colour
    (``"red"``, ``"blue"``, ``"green"``) or the id of one of ``user``'s own
    saved decks (an int or a string of digits). The deck is checked against
    K1 again (the pool may have changed since it was saved).

    Returns a list of card names (for the game config's ``seats[i].deck``).
    Raises DeckError ``no_such_deck`` (404) for an unknown starter, a deck
    that does not exist or is someone else's, ``illegal_deck`` when it no
    longer passes K1."""
    if isinstance(deck_id_or_starter, str) and deck_id_or_starter in starter_decks():
        return starter_deck(deck_id_or_starter)
    ident = deck_id_or_starter
    if isinstance(ident, str) and ident.isascii() and ident.isdigit() and len(ident) < 19:
        ident = int(ident)
    if isinstance(ident, bool) or not isinstance(ident, int):
        raise DeckError("no_such_deck", "No such deck.", status=404)
    deck = Deck.objects.filter(pk=ident, owner=user).first() if user is not None and user.is_authenticated else None
    if deck is None:
        raise DeckError("no_such_deck", "No such deck.", status=404)
    names = expand(deck.cards)
    problems = deck_problems(names)
    if problems:
        raise DeckError("illegal_deck", " ".join(p["message"] for p in problems), problems)
    return names


def pool_for_page() -> dict:
    """What the deck builder page shows: the pool's cards (name, type,
    colour, cost, power, unique, text), the starters as ``{colour: {name:
    count}}`` and the pool's origin notice."""
    cards = [
        {k: c[k] for k in ("name", "type", "colour", "cost", "power", "unique", "text")} for c in card_pool().values()
    ]
    starters = {}
    for colour in starter_decks():
        counts = {}
        for n in starter_deck(colour):
            counts[n] = counts.get(n, 0) + 1
        starters[colour] = counts
    return {"cards": cards, "starters": starters, "origin": pool_origin()}
