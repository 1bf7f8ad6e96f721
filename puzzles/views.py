"""The puzzle page (issue 34 point 3): the solver's rating, its last
result and the button that serves the next puzzle as a match."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from community import skill
from game import rules
from puzzles import services
from puzzles.models import Attempt


def _shown(row) -> float:
    """A rating row's shown rating (community.skill.shown), to one decimal."""
    return round(skill.shown(row.mu, row.sigma), 1)


@login_required
def puzzles_page(request):
    """The puzzle page: settles the visitor's open attempt (a solved or
    failed match moves both ratings), then shows its rating, its last
    attempt with the puzzle's rating, and "Next puzzle" (or "Back to your
    puzzle" while one is being played)."""
    current = services.playing(request.user)
    last = Attempt.objects.filter(user=request.user).exclude(result="").order_by("-pk").first()
    mine = services.solver_rating(request.user)
    context = {
        "rating": _shown(mine),
        "mine": mine,
        "current": current,
        "count": len(services.stored()),
        "colours": sorted({p["colour"] for p in services.stored().values()}),
    }
    if last is not None:
        puzzle = services.stored()[last.puzzle]
        context["last"] = {
            "id": last.puzzle,
            "result": last.result,
            "hero": rules.reference.card(puzzle["hero"])["name"],
            "rating": _shown(services.puzzle_rating(last.puzzle)),
            "match": last.match_id,
        }
    return render(request, "puzzles.html", context)


@login_required
@require_POST
def next_puzzle(request):
    """Serve the next puzzle (or the one being played) and open its match."""
    attempt = services.start(request.user)
    return redirect("match", match_id=attempt.match_id)
