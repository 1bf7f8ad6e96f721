"""Ratings for every game and mode family (issue 33), by openskill's
Plackett-Luce model: teams, uneven teams and free-for-all placings, each
rating a skill ``mu`` with its uncertainty ``sigma``.

A rated table's match moves its players' ratings when it finishes, in the
transaction of the finishing action (community.receivers, game.matchsignals),
once (the RatedMatch receipt). Who won and who placed where is read from
game.rules.outcome only (placings). Not rated: a match with a table bot (bots
are never rated) or one where a stand-in made more than
COMMUNITY_STAND_IN_SHARE of a seat's moves (docs/RULINGS.md "Ratings").
"""

from django.conf import settings
from django.db import transaction
from django.db.models import Count
from django.utils import timezone

from community.families import family_of
from community.models import RatedMatch, Rating, RatingChange
from community.skill import START, placings, rate
from game import rules
from game.models import Match, MatchAction, MatchPlayer
from lobby.models import Table


def unrated_reason(players: list[dict], moves: dict[int, int], last_seat: int | None) -> str:
    """Why a rated table's finished match moves no rating, in a sentence; ""
    when it is rated. ``players``: its seats ``{"seat", "user_id", "bot",
    "stand_in", "stand_in_moves"}``; ``moves``: ``{seat: moves in the action
    log}``; ``last_seat``: the seat whose move ended it (a stand-in's last
    move is counted after the finish's commit, so it is added here when that
    seat is stood in for)."""
    if any(p["bot"] or p["user_id"] is None for p in players):
        return "Not rated: a bot played (bots are never rated)."
    limit = settings.COMMUNITY_STAND_IN_SHARE
    for p in players:
        by_stand_in = p["stand_in_moves"] + (1 if p["seat"] == last_seat and p["stand_in"] else 0)
        made = moves.get(p["seat"], 0)
        if made and by_stand_in / made > limit:
            return f"Not rated: a stand-in made more than {limit:.0%} of a player's moves."
    return ""


def rate_finished(match_id: int, state: dict, last_seat: int | None = None) -> RatedMatch | None:
    """Handle the end of match ``match_id`` (finished ``state``; ``last_seat``
    made the last move): at a rated table, move its players' ratings and write
    their history, or record why not. Returns the receipt, or None for a
    casual table's match. Once only: a match handled before moves nothing
    (its receipt is returned). Call it inside the finish's transaction; it
    locks the players' rating rows (in user order)."""
    done = RatedMatch.objects.filter(match_id=match_id).first()
    if done is not None:
        return done
    if not Table.objects.filter(match_id=match_id, rated=True).exists():
        return None
    config = Match.objects.filter(pk=match_id).values_list("config", flat=True).get()
    family = family_of(config)
    players = list(
        MatchPlayer.objects.filter(match_id=match_id).values("seat", "user_id", "bot", "stand_in", "stand_in_moves")
    )
    moves = dict(
        MatchAction.objects.filter(match_id=match_id).values("seat").annotate(n=Count("id")).values_list("seat", "n")
    )
    reason = unrated_reason(players, moves, last_seat)
    with transaction.atomic():
        if reason:
            return _receipt(match_id, family, reason)
        user_of = {p["seat"]: p["user_id"] for p in players}
        teams, ranks = placings(rules.outcome(state))
        users = sorted(user_of.values())
        Rating.objects.bulk_create(
            [Rating(user_id=u, family=family, mu=START[0], sigma=START[1]) for u in users], ignore_conflicts=True
        )
        rows = {
            r.user_id: r
            for r in Rating.objects.select_for_update().filter(family=family, user_id__in=users).order_by("user_id")
        }
        before = [[(rows[user_of[s]].mu, rows[user_of[s]].sigma) for s in team] for team in teams]
        after = rate(before, ranks)
        now = timezone.now()
        changes = []
        for team, old, new in zip(teams, before, after, strict=True):
            for seat, (mu0, sigma0), (mu, sigma) in zip(team, old, new, strict=True):
                row = rows[user_of[seat]]
                row.mu, row.sigma, row.games, row.updated = mu, sigma, row.games + 1, now
                changes.append(
                    RatingChange(
                        user_id=row.user_id,
                        family=family,
                        match_id=match_id,
                        mu_before=mu0,
                        sigma_before=sigma0,
                        mu=mu,
                        sigma=sigma,
                        at=now,
                    )
                )
        receipt = _receipt(match_id, family, "")
        Rating.objects.bulk_update(list(rows.values()), ["mu", "sigma", "games", "updated"])
        RatingChange.objects.bulk_create(changes)
    return receipt


def _receipt(match_id: int, family: str, reason: str) -> RatedMatch:
    """Write the match's receipt (rated when ``reason`` is ""). Its unique
    match makes a second handling that raced this one fail (IntegrityError,
    rolling back that handling's transaction: nothing moves twice)."""
    return RatedMatch.objects.create(match_id=match_id, family=family, rated=not reason, reason=reason)
