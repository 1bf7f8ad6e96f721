"""What the tournament pages show (issue 33), as template context: the
list, and one tournament's sign-ups, rounds and boards (with their matches
to watch) and standings. A player's pick is shown to that player only
(their heroes are theirs to reveal when a match starts)."""

from collections import Counter

from django.db.models import Count
from django.urls import reverse
from django.utils import timezone

from game import rules, turnbased
from game.rules import tables
from game.standins import BOT_KINDS
from lobby.modes import get_mode, mode_label
from tournaments import rounds
from tournaments.models import Board, Tournament

# The times per move a turn-based event offers (game.turnbased.MOVE_CHOICES), in words.
MOVE_LABELS = {
    turnbased.HOUR: "1 hour",
    8 * turnbased.HOUR: "8 hours",
    turnbased.DAY: "1 day",
    2 * turnbased.DAY: "2 days",
    3 * turnbased.DAY: "3 days",
    7 * turnbased.DAY: "7 days",
    14 * turnbased.DAY: "14 days",
}
RESULT_WORDS = {
    Board.Result.FIRST: "{a} won",
    Board.Result.SECOND: "{b} won",
    Board.Result.DRAW: "draw",
    Board.Result.BOTH_LOST: "both lost",
    Board.Result.BYE: "bye",
}


def pace_text(event: Tournament) -> str:
    """The pace in words: "live, rounds of 2 hours" or "turn-based, 1 day a
    move, rounds of 7 days"."""
    if not event.turn_based:
        return f"live, rounds of {event.round_hours} hour{'s' if event.round_hours != 1 else ''}"
    days = event.round_hours // 24
    move = MOVE_LABELS.get(event.move_seconds or 0, "")
    return f"turn-based, {move} a move, rounds of {days} day{'s' if days != 1 else ''}"


def listing() -> dict:
    """The list page's context: tournaments open for sign-up, running and
    finished (the 30 latest of each), each with its entry count."""
    rows = Tournament.objects.select_related("organiser").annotate(players=Count("entries"))
    out = {}
    for status in Tournament.Status.values:
        out[status] = [
            {"event": t, "mode": mode_label(t.mode), "pace": pace_text(t)} for t in rows.filter(status=status)[:30]
        ]
    return {"groups": out}


def pick_choices(mode: str) -> dict:
    """The sign-up form's menus for ``mode``: ``{"heroes": n, "hero_options":
    [(id, name)]}`` for Codex, ``{"decks": [colour]}`` for C-23."""
    spec = get_mode(mode)
    if spec.game == tables.C23:
        return {"decks": list(tables.starter_decks())}
    if spec.heroes_per_seat:
        names = [(h, rules.reference.card(h)["name"]) for h in spec.heroes]
        return {"heroes": range(spec.heroes_per_seat), "hero_options": sorted(names, key=lambda x: x[1])}
    return {}


def _pick_text(pick: list) -> str:
    """A pick in words: hero names, a starter's colour, or "drawn for each match"."""
    if not pick:
        return "drawn at random for each match"
    if pick[0] in tables.starter_decks():
        return f"the {pick[0]} starter deck"
    return ", ".join(rules.reference.card(h)["name"] for h in pick)


def entry_names(entries: list) -> dict:
    """``{entry id: name}`` of a tournament's ``entries`` (in seed order):
    a person's public name; a bot entrant's kind ("Greedy bot"), numbered
    among the bots of its kind when there are several ("Greedy bot 2")."""
    kinds = Counter(e.bot for e in entries if e.user_id is None)
    seen = Counter()
    names = {}
    for e in entries:
        if e.user_id is not None:
            names[e.pk] = e.user.public_name
            continue
        seen[e.bot] += 1
        names[e.pk] = BOT_KINDS[e.bot] + (f" {seen[e.bot]}" if kinds[e.bot] > 1 else "")
    return names


def detail(event: Tournament, viewer) -> dict:
    """One tournament's page context for ``viewer`` (anyone): its entries,
    rounds (newest first) with their boards and matches to watch, the
    standings with tie-breaks, and what the viewer may do (sign up, drop,
    start; the organiser: add and remove bots)."""
    entries = {e.pk: e for e in event.entries.select_related("user")}
    name = entry_names(list(entries.values()))
    username = {pk: e.user.username if e.user_id else "" for pk, e in entries.items()}
    mine = next((e for e in entries.values() if viewer.is_authenticated and e.user_id == viewer.pk), None)
    round_rows = []
    for r in event.round_set.prefetch_related("boards").order_by("-number"):
        boards = []
        for b in r.boards.all():
            a, c = name[b.first_id], name.get(b.second_id, "")
            words = RESULT_WORDS[Board.Result(b.result)].format(a=a, b=c) if b.result else "playing"
            if b.by_deadline:
                words += " (missed deadline)"
            live = reverse("match", args=[b.match_id]) if b.match_id and not b.result else ""
            # The viewer's own running match is theirs to play, not to watch (tester report point 6).
            yours = mine is not None and mine.pk in (b.first_id, b.second_id)
            boards.append(
                {
                    "board": b,
                    "first": a,
                    "second": c,
                    "first_user": username[b.first_id],
                    "second_user": username.get(b.second_id, ""),
                    "words": words,
                    "watch": "" if yours else live,
                    "play": live if yours else "",
                    "match": b.match_id,
                }
            )
        round_rows.append({"round": r, "boards": boards})
    table = []
    for line in rounds.table_of(event) if event.status != Tournament.Status.SIGNUP else []:
        entry = entries[line.entry]
        table.append(
            {
                "line": line,
                "name": name[line.entry],
                "username": username[entry.pk],
                "score": rounds.share(line.score),
                "buchholz": rounds.share(line.buchholz),
                "omw": f"{float(line.omw) * 100:.1f}%",
                "out": entry.out_reason,
                "strikes": entry.strikes,
                "you": mine is not None and mine.pk == entry.pk,
            }
        )
    signup_open = event.status == Tournament.Status.SIGNUP and timezone.now() < event.signup_closes
    current = [b for r in round_rows if r["round"].number == event.round for b in r["boards"]]
    watching = [b for b in current if b["watch"]]
    return {
        "event": event,
        "mode": mode_label(event.mode),
        "pace": pace_text(event),
        "entries": [{"entry": e, "name": name[e.pk], "username": username[e.pk]} for e in entries.values()],
        "rounds": round_rows,
        "standings": table,
        "mine": mine,
        "my_pick": _pick_text(mine.pick) if mine else "",
        "organiser": viewer.is_authenticated and viewer.pk == event.organiser_id,
        "signup_open": signup_open,
        "bot_kinds": list(BOT_KINDS.items()),
        "full": len(entries) >= event.max_players,
        "watching": watching,
        "my_board": next((b for b in current if b["play"]), None),
        **pick_choices(event.mode),
    }
