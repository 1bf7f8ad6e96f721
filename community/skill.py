"""The rating arithmetic (issue 33), pure Python over openskill's
Plackett-Luce model: each player's skill ``mu`` and its uncertainty
``sigma``; teams of any sizes, free-for-all placings. No Django: the
benchmark (benchmarks.rating_logloss) runs it on any list of results."""

from openskill.models import PlackettLuce

MODEL = PlackettLuce()  # mu 25, sigma 25/3: a newcomer shows 0 (shown)
START = (MODEL.mu, MODEL.sigma)


def shown(mu: float, sigma: float) -> float:
    """The rating shown: ``mu - 3 sigma``, the skill the system is nearly
    sure (99.7 %) the player has at least, never below 0 (a newcomer's first
    loss reads 0, not -1.8: docs/RULINGS.md "Ratings"). Leaderboards rank by
    the unbounded ``mu - 3 sigma``, so equal zeros keep their order."""
    return max(0.0, mu - 3 * sigma)


def placings(end: dict) -> tuple[list[list[int]], list[int]]:
    """``(teams, ranks)`` of a finished game's ``end`` (game.rules.outcome):
    its sides' seats, and each side's place (0 first; equal places tie).

    Winners place first; among the others a side still standing places before a
    side whose every seat fell (a free-for-all's fallen base, a C-23 player out
    of the game), and among the fallen who conceded (``conceded``, in order)
    the earlier conceder places lower; a draw ties everyone. Sides with no
    seat are left out."""
    winners, fallen = set(end["winners"]), set(end["fallen"])
    conceded = list(dict.fromkeys(end.get("conceded") or []))
    teams = [list(side) for side in end["sides"] if side]
    ranks = []
    for side in teams:
        if end["draw"] or winners & set(side):
            ranks.append(0)
        elif not set(side) <= fallen:
            ranks.append(1)
        else:
            order = [conceded.index(s) for s in side if s in conceded]
            ranks.append(2 + (len(conceded) - 1 - max(order)) if order else 2)
    return teams, ranks


def rate(teams: list[list[tuple[float, float]]], ranks: list[int]) -> list[list[tuple[float, float]]]:
    """The new ``(mu, sigma)`` of every player of ``teams`` (lists of ``(mu,
    sigma)``, any sizes: uneven teams too) after a game they placed ``ranks``
    in (0 first; equal ranks tie), by openskill's Plackett-Luce model."""
    places = [float(r) for r in ranks]
    rated = MODEL.rate([[MODEL.rating(mu=mu, sigma=sigma) for mu, sigma in team] for team in teams], ranks=places)
    return [[(p.mu, p.sigma) for p in team] for team in rated]


def win_chances(teams: list[list[tuple[float, float]]]) -> list[float]:
    """Each team's chance to win (summing to 1) as openskill predicts it from
    its players' ``(mu, sigma)``: what benchmarks.rating_logloss scores."""
    if len(teams) < 2:
        return [1.0] * len(teams)
    return list(MODEL.predict_win([[MODEL.rating(mu=mu, sigma=sigma) for mu, sigma in team] for team in teams]))
