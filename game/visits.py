"""Since you left, and a turn as text (issue 32 point 3): what a player's
view of a match gained since their last visit, and the last turn's log
lines shaped for a forum post. Both read the viewer's own view
(game.rules.view): a line or a card the viewer may not see is never in
them."""

import re

from django.utils import timezone

from game import rules
from game.models import Match, MatchVisit
from game.statereads import current_state

TURN_START = re.compile(r"^Turn \d+\b")  # Codex and C-23 open a turn so
TURN_END = " ends the turn."  # Arcane Codex closes one so


def visit(match: Match, user_id: int, seat: int | None) -> dict:
    """The log lines of ``seat``'s view of ``match`` (at its current
    version) numbered after the last line the user's previous visit showed,
    and mark this visit. Returns ``{"version", "since_version" (the
    previous visit's, None on a first visit or for a spectator), "lines":
    [{"n", "text"}]}``: none on a first visit, or for a spectator (no
    visit is kept for them)."""
    lines = _lines(match, seat)
    out = {"version": match.version, "since_version": None, "lines": []}
    if seat is None:
        return out
    last = MatchVisit.objects.filter(user_id=user_id, match_id=match.pk).first()
    if last is not None:
        out["since_version"] = last.version
        out["lines"] = [line for line in lines if line["n"] > last.log_n]
    MatchVisit.objects.update_or_create(
        user_id=user_id,
        match_id=match.pk,
        defaults={"log_n": lines[-1]["n"] if lines else 0, "version": match.version, "at": timezone.now()},
    )
    return out


def _lines(match: Match, seat: int | None) -> list:
    """The log lines of ``seat``'s view of ``match`` now, ``[{"n", "text"}]``."""
    return [{"n": line["n"], "text": line["text"]} for line in rules.view(current_state(match), seat).get("log", [])]


def turn_text(match: Match, seat: int | None) -> str:
    """The latest turn of ``match`` as ``seat`` (None: a spectator) sees
    it, as plain text in the shape players post turns on the forum: a
    title, the turn's log lines, then each player's gold, workers and
    patrol after it where the game has them (Codex). Only the viewer's
    own view is read."""
    view = rules.view(current_state(match), seat)
    lines = [line["text"] for line in view.get("log", [])]
    start = 0
    for index, text in enumerate(lines):
        if TURN_START.match(text) or (index and lines[index - 1].endswith(TURN_END)):
            start = index
    game = match.config.get("game", "codex")
    title = {"codex": "Codex", "arcane": "Arcane Codex", "c23": "C-23"}.get(game, game)
    names = [p.get("name", "") for p in match.config.get("seats", [])]
    who = names[seat] if seat is not None and seat < len(names) else "a spectator"
    out = [f"[{title}] Match {match.pk}, as {who} saw it", ""]
    out += [f"- {text}" for text in lines[start:]] or ["(nothing logged yet)"]
    board = [_standing(player) for player in view.get("players", []) if "gold" in player]
    if board:
        out += ["", "After it:"] + board
    return "\n".join(out) + "\n"


def _standing(player: dict) -> str:
    """One player's line of turn_text: gold, workers and patrol (by card
    name; an empty patrol said so)."""
    names = {card.get("iid"): card.get("name", "?") for card in player.get("play", [])}
    slots = [
        f"{slot.replace('_', ' ')} {names.get(card, card) if isinstance(card, str) else card.get('name', '?')}"
        for slot, card in (player.get("patrol") or {}).items()
        if card
    ]
    patrol = ", ".join(slots) if slots else "nobody"
    name, gold, workers = player.get("name", ""), player.get("gold", 0), player.get("workers", 0)
    return f"- {name}: {gold} gold, {workers} workers; patrol: {patrol}"
