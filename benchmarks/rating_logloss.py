"""How well the ratings predict (issue 33, "Measured"): over a list of
finished matches in the order they were played, the log-loss of the win
chance openskill gave the winner before each match (community.ratings:
win_chances, then rate), against a coin flip (ln 2 = 0.693 for two sides;
ln n for n sides). Lower is better; below the coin flip the ratings know
something.

Sources (one of):

- ``--results FILE.json``: ``[{"teams": [["ann"], ["bo"]], "ranks": [0, 1]}, ...]``,
  each a match's sides (names of players, any sizes) and their places (0
  first; equal places tie), oldest first: results of any origin;
- ``--db``: the rated matches of this site's database (the finished matches
  of rated tables, by finish time; sides and places from game.rules.outcome);
- ``--simulate N`` (default 2000): N matches of synthetic players of known
  strength (``--players``, strength drawn once from N(25, 25/3)): two
  random players, or ``--ffa K`` players placing in the order of their
  noisy performance (strength + N(0, 25/6)), seeded by ``--seed``.

A match with no single winning side (a draw, a shared win) moves the
ratings but is not scored. Prints one JSON line: matches scored, the
log-loss of the ratings and of the coin flip, overall and over the second
half (when the ratings have learnt), and the share of winners given the
best chance.
"""

import argparse
import json
import math
import os
import random
import sys

sys.path.insert(0, os.getcwd())


def score(results: list[dict]) -> dict:
    """The log-loss figures (module docstring) of ``results`` (``{"teams",
    "ranks"}`` each, oldest first). Pure: starts every player at
    openskill's default rating."""
    from community.skill import START, rate, win_chances

    ratings: dict[str, tuple[float, float]] = {}
    losses, flips, hits = [], [], []
    for result in results:
        teams, ranks = result["teams"], result["ranks"]
        before = [[ratings.get(name, START) for name in team] for team in teams]
        best = min(ranks)
        if ranks.count(best) == 1 and len(teams) > 1:
            chances = win_chances(before)
            winner = ranks.index(best)
            losses.append(-math.log(max(chances[winner], 1e-12)))
            flips.append(math.log(len(teams)))
            hits.append(chances[winner] == max(chances))
        for team, new in zip(teams, rate(before, ranks), strict=True):
            ratings.update(zip(team, new, strict=True))
    half = len(losses) // 2

    def mean(values: list) -> float | None:
        return round(sum(values) / len(values), 4) if values else None

    return {
        "matches": len(results),
        "scored": len(losses),
        "players": len(ratings),
        "logloss": mean(losses),
        "coin_flip": mean(flips),
        "logloss_second_half": mean(losses[half:]),
        "coin_flip_second_half": mean(flips[half:]),
        "best_chance_won": mean([float(h) for h in hits]),
    }


def simulated(matches: int, players: int, ffa: int, seed: int) -> list[dict]:
    """``matches`` results of synthetic players of known strength (module docstring)."""
    rng = random.Random(seed)
    strength = {f"p{i}": rng.gauss(25.0, 25.0 / 3) for i in range(players)}
    names = list(strength)
    out = []
    for _ in range(matches):
        seated = rng.sample(names, ffa)
        performance = {name: strength[name] + rng.gauss(0.0, 25.0 / 6) for name in seated}
        order = sorted(seated, key=lambda name: performance[name], reverse=True)
        out.append({"teams": [[name] for name in seated], "ranks": [order.index(name) for name in seated]})
    return out


def from_db() -> list[dict]:
    """The rated matches of the database, oldest first, as ``{"teams", "ranks"}``
    (player names: user ids)."""
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "codexsite.settings")
    django.setup()
    from community.models import RatedMatch
    from community.skill import placings
    from game import rules
    from game.models import MatchPlayer
    from game.statereads import current_state

    out = []
    for receipt in RatedMatch.objects.filter(rated=True).select_related("match").order_by("at", "id"):
        user_of = dict(MatchPlayer.objects.filter(match=receipt.match).values_list("seat", "user_id"))
        teams, ranks = placings(rules.outcome(current_state(receipt.match)))
        out.append({"teams": [[str(user_of[s]) for s in team] for team in teams], "ranks": ranks})
    return out


def main(argv: list[str] | None = None) -> dict:
    """Run from the command line (module docstring); prints and returns the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--results", help="a JSON file of results (see the module docstring)")
    source.add_argument("--db", action="store_true", help="the rated matches of the database")
    source.add_argument("--simulate", type=int, default=2000, help="synthetic matches (default 2000)")
    parser.add_argument("--players", type=int, default=40)
    parser.add_argument("--ffa", type=int, default=2, help="players a simulated match (default 2)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.results:
        with open(args.results, encoding="utf-8") as handle:
            results = json.load(handle)
        origin = args.results
    elif args.db:
        results, origin = from_db(), "database"
    else:
        results = simulated(args.simulate, args.players, args.ffa, args.seed)
        origin = f"simulated: {args.players} players, {args.ffa} a match, seed {args.seed}"
    figures = {"source": origin, **score(results)}
    print(json.dumps(figures))
    return figures


if __name__ == "__main__":
    main()
