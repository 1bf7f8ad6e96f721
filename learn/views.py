"""The tutorial's pages (issue 34 point 1; docs/LEARN.md): its start page,
each chapter's match page (the match page with the script's steps, walked
by static/js/learn.js), the next chapter, and the real game after it."""

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from codexsite import prg
from game import views as match_views
from game.statereads import MAX_ID
from game.views import match_context
from learn import lessons, progress
from learn.models import Lesson
from learn.script import CHAPTERS
from lobby.errors import LobbyError


def learn_page(request):
    """The tutorial's start page: what it teaches and a button that starts
    it (logged in), or the way to sign up first. Open to everyone. After a
    refused "real game" (real_game), its sentence, with its status."""
    said = prg.said(request)
    context = {"chapters": CHAPTERS, "refused": said["error"]}
    return render(request, "learn/start.html", context, status=said["status"])


@login_required
@require_POST
def start(request):
    """Start the tutorial's first chapter for the user; to its page."""
    lesson = lessons.start_chapter(request.user, 0)
    return redirect("learn_match", match_id=lesson.match_id)


def _lesson(request, match_id: int) -> Lesson:
    """The user's own lesson of match ``match_id``; Http404 for any other
    (an id beyond any integer column too: never a server error)."""
    if not 0 < match_id <= MAX_ID:
        raise Http404("No such lesson.")
    lesson = Lesson.objects.filter(match_id=match_id, user=request.user).first()
    if lesson is None:
        raise Http404("No such lesson.")
    return lesson


@login_required
def lesson_page(request, match_id: int):
    """A chapter's match page: the match page (game.views.match_context)
    with the chapter's script (``learn`` in the page: its title, steps,
    number, ``at`` the step the learner is at, from the match itself:
    learn.progress, and the addresses of the next chapter and of the real
    game)."""
    lesson = _lesson(request, match_id)
    context = match_context(request, match_id)
    found = CHAPTERS[lesson.chapter]
    context["learn"] = {
        "matchId": match_id,
        "chapter": lesson.chapter,
        "chapters": len(CHAPTERS),
        "title": found["title"],
        "steps": found["steps"],
        "at": progress.current_step(lesson),
        "next": reverse("learn_next", args=[match_id]),
        "real": reverse("learn_real"),
    }
    return render(request, "learn/match.html", context)


@login_required
@require_POST
def next_chapter(request, match_id: int):
    """Start the chapter after the one match ``match_id`` plays; to its page
    (after the last one: the tutorial's start page)."""
    lesson = _lesson(request, match_id)
    if lesson.chapter + 1 >= len(CHAPTERS):
        return redirect("learn")
    started = lessons.start_chapter(request.user, lesson.chapter + 1)
    return redirect("learn_match", match_id=started.match_id)


@login_required
@require_POST
def real_game(request):
    """One click after the tutorial: a real game against the easy bot
    (learn.lessons.start_real_game); to its match page. A refusal of the
    lobby (too many open tables) is said on the start page."""
    try:
        match_id = lessons.start_real_game(request.user)
    except LobbyError as err:
        return prg.back_to(request, reverse("learn"), error=err.message, status=err.status)
    return redirect("match", match_id=match_id)


def match_page(request, match_id: int):
    """The match page (game.views.match_page), except for the learner of a
    lesson: to the lesson's page. A lesson's match is played through its
    lesson only (tester, F4: from the plain page the learner ended a main
    phase the lesson held back, and the lesson's panel fell out of step
    with the game). This route is the tutorial's because the match server
    knows nothing of lessons (the layers, docs/ARCHITECTURE.md)."""
    mine = request.user.is_authenticated and 0 < match_id <= MAX_ID  # an id beyond any integer column: no query
    if mine and Lesson.objects.filter(match_id=match_id, user=request.user).exists():
        return redirect("learn_match", match_id=match_id)
    return match_views.match_page(request, match_id)
