"""The new-tournament form's fields read from a POST (issue 33): each
value turned into what tournaments.services.create_tournament takes, or a
TournamentError with a sentence for the first field that cannot be read.
The rules themselves (sizes, dates, paces) are the service's."""

from datetime import UTC, datetime

from game import turnbased
from lobby.modes import get_mode
from tournaments import services
from tournaments.errors import TournamentError
from tournaments.models import Tournament
from tournaments.pages import MOVE_LABELS


def menus() -> dict:
    """The choices the form offers: modes, formats, live round lengths
    (hours), turn-based round lengths (days), times per move."""
    return {
        "modes": [(m, get_mode(m).label) for m in services.TOURNAMENT_MODES],
        "formats": list(Tournament.Format.choices),
        "live_hours": list(services.LIVE_ROUND_HOURS),
        "round_days": list(services.TURN_BASED_ROUND_DAYS),
        "moves": [(s, MOVE_LABELS[s]) for s in turnbased.MOVE_CHOICES],
    }


def _number(post, key: str, what: str, default: int | None = None) -> int:
    """The whole number of field ``key`` (``default`` when empty and one is
    given). Raises TournamentError ``bad_number`` naming ``what``."""
    text = str(post.get(key, "")).strip()
    if not text and default is not None:
        return default
    try:
        return int(text)
    except ValueError:
        raise TournamentError("bad_number", f"{what} must be a whole number.") from None


def _when(text: str) -> datetime:
    """A ``datetime-local`` value (``YYYY-MM-DDTHH:MM``) read as UTC, the
    time the form names. Raises TournamentError ``bad_date``."""
    try:
        found = datetime.fromisoformat(text.strip())
    except ValueError:
        raise TournamentError("bad_date", "Give the time the sign-up closes as a date and a time.") from None
    return found.replace(tzinfo=UTC) if found.tzinfo is None else found


def read_new(post) -> dict:
    """The keyword arguments of services.create_tournament from the form's
    POST ``post``: name, mode, format, rounds, players, closes, pace
    ("live" or "turn_based"), round_hours / round_days, move_seconds,
    strikes, rated. Raises TournamentError for a value it cannot read."""
    turn_based = post.get("pace") == "turn_based"
    if post.get("pace") not in ("live", "turn_based"):
        raise TournamentError("bad_pace", "Choose a pace: live or turn-based.")
    fmt = post.get("format", "")
    return {
        "name": str(post.get("name", "")),
        "mode": str(post.get("mode", "")),
        "format": fmt,
        "rounds_wanted": _number(post, "rounds", "The number of rounds", 0) if fmt == "swiss" else 0,
        "max_players": _number(post, "max_players", "The number of players"),
        "signup_closes": _when(str(post.get("signup_closes", ""))),
        "turn_based": turn_based,
        "move_seconds": _number(post, "move_seconds", "The time per move") if turn_based else None,
        "round_hours": _number(post, "round_days", "A round's days") * 24
        if turn_based
        else _number(post, "round_hours", "A round's hours"),
        "strikes_allowed": _number(post, "strikes", "The strikes", 3),
        "rated": post.get("rated") in ("on", "1", "true"),
    }
