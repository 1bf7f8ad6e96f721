"""What a notice says (issue 32): whose turn, which match (game, mode,
partners and opponents), the time left, a link to the match and a link that
stops the channel. Built only from public facts of the match (names, mode,
deadline), never from its state: a notice cannot carry hidden information
(tests/server/test_notices.py checks it against the cards hidden from the
user)."""

from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.urls import reverse
from django.utils import timezone

from game.models import Match
from lobby.modes import GAMES, MODES
from lobby.overview import names_in_words, seat_players, with_against
from notices import stoplinks


@dataclass(frozen=True)
class Message:
    """A notice's words: ``title`` (a line), ``body`` (sentences, no links),
    ``url`` (the match, absolute), ``stop_url`` (stops this channel; ""
    for a table's webhook, which its host set for the table)."""

    title: str
    body: str
    url: str
    stop_url: str

    def as_text(self) -> str:
        """The notice as plain text with its links (e-mail, webhooks)."""
        text = f"{self.body}\nPlay: {self.url}"
        return text + (f"\nStop these notices: {self.stop_url}" if self.stop_url else "")


def absolute(path: str) -> str:
    """``path`` on this site (settings CODEX_SITE_URL)."""
    return settings.CODEX_SITE_URL.rstrip("/") + path


def time_left(deadline: datetime | None, now: datetime | None = None) -> str:
    """The time left until ``deadline`` in words ("2 days 3 hours left"),
    "No time limit." when None, "The time is up." once past."""
    if deadline is None:
        return "No time limit."
    seconds = int((deadline - (now or timezone.now())).total_seconds())
    if seconds <= 0:
        return "The time is up."
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes = max(1, rest // 60) if not days and not hours else rest // 60

    def unit(n: int, word: str) -> str:
        return f"{n} {word}{'' if n == 1 else 's'}"

    parts = [unit(days, "day")] if days else []
    if hours:
        parts.append(unit(hours, "hour"))
    if not days and minutes:
        parts.append(unit(minutes, "minute"))
    return " ".join(parts) + " left."


def _match_words(match: Match, user_id: int) -> tuple[str, str]:
    """(the game and mode, "with X against Y and Z") of ``match`` for ``user_id``."""
    config = match.config
    game = GAMES.get(config.get("game") or "codex", "Codex")
    mode = MODES.get(config.get("mode", ""))
    what = f"{game}, {mode.label}" if mode is not None and mode.label != game and config.get("mode") else game
    return what, with_against(seat_players(match, user_id))


def turn_message(match: Match, user, channel: str, deadline: datetime | None) -> Message:
    """The notice to ``user`` that the game waits on them in ``match``."""
    what, who = _match_words(match, user.pk)
    body = f"{user.public_name}, it is your turn in match {match.pk} ({what}{', ' + who if who else ''}). "
    body += time_left(deadline)
    return Message(
        title=f"Your turn: match {match.pk} ({what})",
        body=body,
        url=absolute(reverse("match", args=[match.pk])),
        stop_url=absolute(stoplinks.stop_path(user.pk, channel)),
    )


def table_message(match: Match, seat: int, deadline: datetime | None) -> Message:
    """The notice to a table's chat webhook that the game waits on ``seat``
    of ``match``: the player's name, the match and everyone at it, the time
    left and its link (no stop link: the table's host set the webhook)."""
    config = match.config
    game = GAMES.get(config.get("game") or "codex", "Codex")
    players = seat_players(match, 0)  # 0: no user (no "you")
    name = next((p["name"] for p in players if p["seat"] == seat), f"seat {seat + 1}")
    everyone = names_in_words([p["name"] for p in players if p["name"]])
    return Message(
        title=f"Match {match.pk} ({game}): {name}'s turn",
        body=f"It is {name}'s turn in match {match.pk} ({game}: {everyone}). {time_left(deadline)}",
        url=absolute(reverse("match", args=[match.pk])),
        stop_url="",
    )


def trial_message(user, channel: str) -> Message:
    """A test notice (the settings page's button), with no match."""
    return Message(
        title="Codex: a test notice",
        body=f"{user.public_name}, this is a test: your turn notices will arrive here.",
        url=absolute(reverse("notices:settings")),
        stop_url=absolute(stoplinks.stop_path(user.pk, channel)),
    )
