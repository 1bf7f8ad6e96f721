"""Serving puzzles (issue 34 point 3): a puzzle is played as a match made
from its stored position (game.positions), the solver at the puzzle's seat
and the other seat nobody's, so it never moves. An attempt is settled from
the match's state: solved once the solver's side has won, failed once the
game is over otherwise or the turn has passed (then the solver's seat
concedes, so the match ends). Settling moves the solver's and the puzzle's
openskill ratings once, the pair rated as a 1v1 game (community.skill),
and the next puzzle is the unplayed one whose rating is nearest the
solver's (docs/RULINGS.md, "Puzzles on the server")."""

from functools import lru_cache
from typing import Any

from django.db import transaction

from community import skill
from game import delivery, rules
from game.models import Match
from game.services import ActionRefused, Applied, apply_seat_action, create_match
from game.statereads import current_state, load_snapshot
from lobby.names import PUZZLE_OPPONENT
from puzzles.models import Attempt, PuzzleRating, SolverRating

OPPONENT = PUZZLE_OPPONENT  # the name the seat that never moves plays under (reserved: lobby.names)
PRIOR_SPAN = 10.0  # a puzzle's first mu: START mu + PRIOR_SPAN * (0.5 - share)


@lru_cache(maxsize=1)
def stored() -> dict[str, dict[str, Any]]:
    """The stored puzzles by id, in file order (read once)."""
    return {p["id"]: p for p in rules.reference.puzzles()}


def puzzle_rating(puzzle_id: str) -> PuzzleRating:
    """The rating row of ``puzzle_id``, made at its first use: mu from the
    puzzle's share of first actions that still win (fewer: harder, a higher
    mu), sigma openskill's default. Raises KeyError for an unknown id."""
    share = stored()[puzzle_id]["share"]
    row, _ = PuzzleRating.objects.get_or_create(
        puzzle=puzzle_id, defaults={"mu": skill.START[0] + PRIOR_SPAN * (0.5 - share), "sigma": skill.START[1]}
    )
    return row


def solver_rating(user) -> SolverRating:
    """The puzzle rating row of ``user`` (made at its first use: openskill's start)."""
    row, _ = SolverRating.objects.get_or_create(user=user, defaults={"mu": skill.START[0], "sigma": skill.START[1]})
    return row


def next_puzzle(user) -> str:
    """The id of the puzzle to serve ``user`` next: among those it never
    tried (all of them once it tried every one, its last one aside), the
    one whose mu is nearest its own, the first in file order on a tie."""
    tried = list(Attempt.objects.filter(user=user).order_by("-created", "-pk").values_list("puzzle", flat=True))
    ids = [i for i in stored() if i not in set(tried)] or [i for i in stored() if not tried or i != tried[0]]
    mine = solver_rating(user).mu
    known = dict(PuzzleRating.objects.filter(puzzle__in=ids).values_list("puzzle", "mu"))
    prior = {i: skill.START[0] + PRIOR_SPAN * (0.5 - stored()[i]["share"]) for i in ids}
    return min(ids, key=lambda i: abs(known.get(i, prior[i]) - mine))


def playing(user) -> Attempt | None:
    """``user``'s attempt still being played after settling its open ones, or None."""
    for attempt in Attempt.objects.filter(user=user, result="").order_by("pk"):
        if not settle(attempt):
            return attempt
    return None


def start(user, puzzle_id: str | None = None) -> Attempt:
    """``user``'s attempt being played, or a new one at ``puzzle_id`` (by
    default :func:`next_puzzle`): a match made from the puzzle's position,
    ``user`` at its seat, the other seat empty. Raises KeyError for an
    unknown ``puzzle_id``."""
    current = playing(user)
    if current is not None:
        return current
    puzzle = stored()[puzzle_id or next_puzzle(user)]
    seat = puzzle["seat"]
    position = rules.copy_state(puzzle["state"])
    names = [OPPONENT, OPPONENT]
    names[seat] = user.public_name
    for player in position["players"]:
        player["name"] = names[player["seat"]]
    heroes = [puzzle["opponent"], puzzle["opponent"]]
    heroes[seat] = puzzle["hero"]
    config = {
        "mode": "1hero",
        "seed": puzzle["seed"],
        "seats": [{"name": names[i], "heroes": [heroes[i]]} for i in range(2)],
        "puzzle": puzzle["id"],
        "position": position,
    }
    users = [None, None]
    users[seat] = user
    with transaction.atomic():
        match = create_match(config, users)
        return Attempt.objects.create(user=user, puzzle=puzzle["id"], match=match)


def verdict(puzzle: dict[str, Any], state: dict[str, Any]) -> str:
    """The result of a puzzle's match at ``state``: "solved" when the game
    is over and the puzzle's seat won, "failed" when it is over otherwise
    or the puzzle's turn has passed (another turn, or another seat's: the
    solver ended its main phase), else "" (being played)."""
    end = rules.outcome(state)
    if end["over"] and puzzle["seat"] in end["winners"]:
        return "solved"
    start = puzzle["state"]
    if end["over"] or state["turn"] != start["turn"] or state["active"] != start["active"]:
        return "failed"
    return ""


def settle(attempt: Attempt) -> str:
    """Settle ``attempt`` from its match's state (:func:`verdict`): once
    solved or failed, the solver's and the puzzle's ratings move (openskill,
    the pair as a 1v1 game) and the result is kept, once; a failed match
    still going on is conceded for the solver, and the concession goes to
    the match's live viewers (game.delivery). Returns the result ("" while
    it is being played)."""
    result, applied = settled(attempt)
    if applied is not None and applied.snapshot is not None:
        delivery.publish_from_thread(attempt.match_id, applied.snapshot)
    return result


def settled(attempt: Attempt) -> tuple[str, Applied | None]:
    """:func:`settle` without telling the viewers: the result and the
    concession it applied (game.services' Applied), or None when it applied
    none. The result, the ratings and the concession commit together, so
    whoever finds the result kept finds the match over (the puzzle page
    racing puzzles.tasks)."""
    puzzle = stored()[attempt.puzzle]
    with transaction.atomic():
        locked = Attempt.objects.select_for_update().get(pk=attempt.pk)
        if locked.result:
            attempt.result = locked.result
            return locked.result, None
        match = Match.objects.get(pk=locked.match_id)
        state = current_state(match)
        result = verdict(puzzle, state)
        if not result:
            return result, None
        solver, rated = solver_rating(locked.user), puzzle_rating(locked.puzzle)
        solved = result == "solved"
        (new_solver,), (new_puzzle,) = skill.rate(
            [[(solver.mu, solver.sigma)], [(rated.mu, rated.sigma)]], [0, 1] if solved else [1, 0]
        )
        solver.mu, solver.sigma = new_solver
        rated.mu, rated.sigma = new_puzzle
        solver.tries, rated.tries = solver.tries + 1, rated.tries + 1
        solver.solves, rated.solves = solver.solves + solved, rated.solves + solved
        solver.save()
        rated.save()
        locked.result = attempt.result = result
        locked.save(update_fields=["result"])
        if rules.outcome(state)["over"]:
            return result, None
        try:
            version = load_snapshot(match.pk).version
            return result, apply_seat_action(match.pk, puzzle["seat"], {"type": "concede"}, version)
        except ActionRefused:
            return result, None  # the solver conceded meanwhile: nothing more to end
