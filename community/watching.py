"""What a person plays now, as another may see it (friends page, profile)."""

from django.urls import reverse

from community.families import family_of, label
from game.models import Match, MatchPlayer
from lobby.modes import MODES


def match_label(mode: str | None, config: dict) -> str:
    """The name of a match's game and mode: the lobby's label of the table's
    ``mode``, else the rating family's label of its ``config``."""
    spec = MODES.get(mode or "")
    if spec is not None:
        return spec.label
    try:
        return label(family_of(config))
    except KeyError:
        return "a match"


def playing_now(user, viewer) -> list[dict]:
    """``user``'s matches in play, newest first: ``{"label", "watch_url"}``.
    ``watch_url`` is the match page when ``viewer`` (maybe anonymous) may
    open it: a public table that allows spectators, or one the viewer plays
    at; else None, and a private table's match is only "a private match"
    (its mode and players stay the table's)."""
    rows = (
        MatchPlayer.objects.filter(user=user, match__status=Match.Status.PLAYING)
        .select_related("match__table")
        .defer("match__state")
        .order_by("-match__updated")
    )
    viewer_matches = (
        set(MatchPlayer.objects.filter(user=viewer).values_list("match_id", flat=True))
        if viewer.is_authenticated
        else set()
    )
    out = []
    for row in rows:
        table = getattr(row.match, "table", None)
        public = table is not None and table.is_public
        mine = row.match_id in viewer_matches
        if not public and not mine:
            out.append({"label": "a private match", "watch_url": None})
            continue
        watchable = mine or (table is not None and table.allow_spectators)
        out.append(
            {
                "label": match_label(table.mode if table else None, row.match.config),
                "watch_url": reverse("match", args=[row.match_id]) if watchable and viewer.is_authenticated else None,
            }
        )
    return out
