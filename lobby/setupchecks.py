"""The checks of what a table is set up with, before lobby.services stores
it: the game's table options, a seat's hero pick (house rules R1, R18), a
turn-based table's pace and webhook, a C-23 seat's deck (house rule K1; issues 17, 18
and 32). Each raises LobbyError with a sentence."""

from codexsite import netguard
from codexsite.usertext import clipped
from decks.services import DeckError, deck_for_seat
from game import rules, turnbased
from game.models import Match
from game.rules import tables
from game.rules.tables import C23
from lobby.errors import LobbyError
from lobby.names import starter_label

WEBHOOK_MAX = 500  # characters of a table's webhook address (lobby.models.Table.webhook_url)
DEFAULT_STRIKES = 3  # the community tournaments' rule: three missed deadlines and you are out


def _hero_names(hero_ids) -> list:
    """The printed names of the Codex heroes ``hero_ids`` (a refusal names
    heroes as a player sees them, not by id)."""
    return [rules.reference.card(h)["name"] for h in hero_ids]


def checked_options(spec, options: dict | None) -> dict:
    """The table options of a table of mode ``spec``: ``options`` as given
    (``{}`` or None: the game's defaults), checked by the game's own rules
    (game.rules.new_game on a throwaway config). Raises LobbyError
    ``bad_options`` with the engine's sentence (issue 17)."""
    options = dict(options or {})
    if not spec.options:
        if options:
            raise LobbyError("bad_options", f"{spec.label} has no table options.")
        return {}
    try:
        rules.new_game(
            {
                "game": spec.game,
                "seed": 0,
                "options": options,
                "seats": [{"name": f"seat {i}"} for i in range(spec.min_seats)],
            }
        )
    except rules.RulesError as err:
        raise LobbyError("bad_options", err.message) from None
    return options


def _hero_id(spec, given):
    """The id of the hero of ``spec`` that ``given`` names by id or by printed
    name (any case, spaces around ignored); ``given`` itself when none does
    (the caller refuses it)."""
    if not isinstance(given, str) or given in spec.heroes:
        return given
    wanted = given.strip().casefold()
    return next((h for h in spec.heroes if rules.reference.card(h)["name"].casefold() == wanted), given)


def picked_heroes(spec, current: list, heroes: list | None, main: str | None) -> list:
    """The seat's heroes after a pick, the main hero first.

    ``heroes``: the new pick (None keeps ``current``; ``[]`` clears it);
    ``main``: the main hero, one of them (None: the first listed). A hero is
    named by its id ("troq_bashar") or its printed name, in any case ("Troq
    Bashar": the names the refusal lists, a tester's finding). A pick is
    exactly ``spec.heroes_per_seat`` different heroes of ``spec.heroes``
    (3-hero game: 3 heroes, the main one's colour gives the starting deck).
    Raises LobbyError ``bad_heroes`` or ``bad_main``.
    """
    if heroes is not None:
        heroes = [_hero_id(spec, h) for h in heroes]
    if main is not None:
        main = _hero_id(spec, main)
    picked = list(current) if heroes is None else list(heroes)
    if heroes is not None and heroes:
        count = spec.heroes_per_seat
        if not count:
            raise LobbyError("bad_heroes", f"{spec.label} is played without heroes.")
        if len(heroes) != count or len(set(heroes)) != count:
            raise LobbyError("bad_heroes", "Pick one hero." if count == 1 else f"Pick {count} different heroes.")
        unknown = [h for h in heroes if h not in spec.heroes]
        if unknown:
            choices = ", ".join(_hero_names(spec.heroes))
            raise LobbyError(
                "bad_heroes", f"{clipped(unknown[0])!r} is not a hero you can pick. Pick among: {choices}."
            )
    if main is not None:
        if main not in picked:
            raise LobbyError("bad_main", "Your main hero must be one of the heroes you picked.")
        picked.remove(main)
        picked.insert(0, main)
    return picked


def checked_pace(turn_seconds, deadline_rule: str, strikes_allowed: int | None) -> int:
    """Check a turn-based table's time per move, deadline rule and strikes
    (lobby.services.create_table); returns the strikes that lose (0 under "stand_in").
    Raises LobbyError ``bad_timer``, ``bad_deadline_rule``, ``bad_strikes``."""
    if turn_seconds not in turnbased.MOVE_CHOICES:
        raise LobbyError("bad_timer", "A turn-based table gives 1 hour, 8 hours, or 1, 2, 3, 7 or 14 days a move.")
    if deadline_rule not in Match.DeadlineRule.values:
        raise LobbyError(
            "bad_deadline_rule", 'Choose what a missed deadline does: "stand_in" (a bot plays) or "strikes".'
        )
    if deadline_rule == Match.DeadlineRule.STAND_IN:
        if strikes_allowed is not None:
            raise LobbyError("bad_strikes", "Strikes count only under the strikes rule.")
        return 0
    strikes = DEFAULT_STRIKES if strikes_allowed is None else strikes_allowed
    if not turnbased.MIN_STRIKES <= strikes <= turnbased.MAX_STRIKES:
        raise LobbyError(
            "bad_strikes", f"A player loses after {turnbased.MIN_STRIKES} to {turnbased.MAX_STRIKES} missed deadlines."
        )
    return strikes


def checked_webhook(url, turn_based: bool) -> str:
    """A table's webhook address (issue 32: "a webhook to a chat server,
    per user or per table"), stripped: "" for none. A table's turn notices
    come from its turn-based match, so only a turn-based table takes one.
    The address passes the same SSRF guard as a user's (codexsite.netguard.check:
    http(s), public addresses only). Raises LobbyError ``bad_webhook``."""
    if url is None:
        return ""
    if not isinstance(url, str):
        raise LobbyError("bad_webhook", "A webhook address is text: https://...")
    url = url.strip()
    if not url:
        return ""
    if not turn_based:
        raise LobbyError("bad_webhook", "A table's webhook is for turn-based tables only.")
    if len(url) > WEBHOOK_MAX:
        raise LobbyError("bad_webhook", f"A webhook address has at most {WEBHOOK_MAX} characters.")
    try:
        netguard.check(url)
    except netguard.Refused as exc:
        raise LobbyError("bad_webhook", str(exc)) from None
    return url


def seat_deck(table_game: str, user, choice) -> dict:
    """What a seat of a ``table_game`` table stores for the deck ``choice``
    of ``user`` (a person; None for a bot, which plays a starter): ``{}`` for
    no choice, else ``{"choice", "name", "cards"}`` (Seat.deck), the cards
    read now through decks.services.deck_for_seat (K1 checked again).

    Raises LobbyError ``bad_deck`` (a deck at a table of another game, or a
    bot given a saved deck), ``no_such_deck`` (no starter of that colour,
    or no saved deck of ``user`` with that id: someone else's deck is one),
    ``illegal_deck`` (it breaks K1 now); nothing is changed.
    """
    if choice is None:
        return {}
    if table_game != C23:
        raise LobbyError("bad_deck", "Only a C-23 seat takes a deck.")
    starter = isinstance(choice, str) and choice in tables.starter_decks()
    if user is None and not starter:
        raise LobbyError("bad_deck", f"A bot plays a starter deck: choose {', '.join(tables.starter_decks())}.")
    try:
        cards = deck_for_seat(user, choice)
    except DeckError as err:
        if err.code == "illegal_deck":
            raise LobbyError(err.code, f"That deck cannot be played: {err.message}") from None
        raise LobbyError(
            err.code, "There is no such deck: pick a starter (red, blue or green) or one of the decks you saved."
        ) from None
    if starter:
        return {"choice": choice, "name": starter_label(choice), "cards": cards}
    ident = str(int(choice))
    name = user.c23_decks.filter(pk=int(ident)).values_list("name", flat=True).first()
    return {"choice": ident, "name": name, "cards": cards}
