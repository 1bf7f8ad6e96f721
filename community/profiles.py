"""What a public profile shows (issue 33): matches played by game and mode
with their results, the Codex heroes and specs played most with win rates,
the ratings with their history, and the matches to watch now."""

from collections import Counter

from community.families import FAMILIES, label
from community.models import RatedMatch, Rating, RatingChange
from community.plots import history_svg
from community.skill import shown
from community.watching import match_label, playing_now
from game import rules
from game.models import Match, MatchPlayer
from game.rules import reference
from lobby.services import config_heroes

RECENT = 10  # finished matches listed
TOP = 5  # heroes and specs listed


def _result(result: dict | None, seat: int) -> str:
    """ "won", "lost" or "drawn" for ``seat`` of a finished match's stored result."""
    winners = (result or {}).get("winners") or []
    if not winners:
        return "drawn"
    return "won" if seat in winners else "lost"


def _rate(won: int, played: int) -> int:
    return round(100 * won / played) if played else 0


def profile(user, viewer) -> dict:
    """The profile of ``user`` as ``viewer`` (maybe anonymous) sees it:
    ``{"modes", "heroes", "specs", "ratings", "recent", "playing"}``.

    ``modes``: per game and mode ``{"label", "played", "won", "lost", "drawn"}``;
    ``heroes`` / ``specs``: the TOP Codex heroes and specs played most, each
    ``{"name", "played", "won", "rate"}`` (rate in %); ``ratings``: per family
    played rated ``{"family", "label", "shown", "mu", "sigma", "games", "plot"}``
    (plot: an SVG of its history); ``recent``: the last RECENT finished
    matches ``{"label", "result", "when", "rated"}``; ``playing``:
    community.watching.playing_now. Only what any viewer may know: results
    and heroes of finished matches, never a match's state."""
    rows = list(
        MatchPlayer.objects.filter(user=user, match__status=Match.Status.FINISHED)
        .select_related("match__table")
        .defer("match__state")
        .order_by("-match__updated")
    )
    modes: dict[str, Counter] = {}
    heroes, specs = Counter(), Counter()
    heroes_won, specs_won = Counter(), Counter()
    recent = []
    receipts = dict(
        RatedMatch.objects.filter(match_id__in=[r.match_id for r in rows[:RECENT]]).values_list("match_id", "reason")
    )
    for row in rows:
        match = row.match
        table = getattr(match, "table", None)
        name = match_label(table.mode if table else None, match.config)
        outcome = _result(match.result, row.seat)
        modes.setdefault(name, Counter())["played"] += 1
        modes[name][outcome] += 1
        if rules.game_of(match.config) == rules.CODEX:
            for hero in config_heroes(match.config, row.seat):
                spec = reference.card(hero)["spec"] if reference.card_exists(hero) else None
                hero_name = reference.card(hero)["name"] if reference.card_exists(hero) else hero
                heroes[hero_name] += 1
                heroes_won[hero_name] += outcome == "won"
                if spec:
                    specs[spec] += 1
                    specs_won[spec] += outcome == "won"
        if len(recent) < RECENT:
            reason = receipts.get(match.pk)
            recent.append(
                {
                    "label": name,
                    "result": outcome,
                    "when": match.updated,
                    "rated": "casual" if reason is None else (reason or "rated"),
                }
            )
    return {
        "modes": [{"label": k, **{f: v[f] for f in ("played", "won", "lost", "drawn")}} for k, v in modes.items()],
        "heroes": _top(heroes, heroes_won),
        "specs": _top(specs, specs_won, title=True),
        "ratings": ratings_of(user),
        "recent": recent,
        "playing": playing_now(user, viewer),
    }


def _top(played: Counter, won: Counter, title: bool = False) -> list[dict]:
    return [
        {"name": name.title() if title else name, "played": n, "won": won[name], "rate": _rate(won[name], n)}
        for name, n in played.most_common(TOP)
    ]


def ratings_of(user) -> list[dict]:
    """``user``'s ratings in FAMILIES order (profile's ``ratings``), each with
    the SVG plot of its history (community.plots)."""
    history: dict[str, list] = {}
    for change in RatingChange.objects.filter(user=user):
        history.setdefault(change.family, []).append((change.mu, change.sigma))
    order = list(FAMILIES)
    out = []
    for row in sorted(Rating.objects.filter(user=user, games__gt=0), key=lambda r: order.index(r.family)):
        out.append(
            {
                "family": row.family,
                "label": label(row.family),
                "shown": round(shown(row.mu, row.sigma), 1),
                "mu": round(row.mu, 1),
                "sigma": round(row.sigma, 2),
                "games": row.games,
                "plot": history_svg(history.get(row.family, []), label(row.family)),
            }
        )
    return out
