"""Tournament pages (plain HTML, forms posted to the server; issue 33): the
list, the new-tournament form, a tournament's page, and its sign-up, drop,
start and the organiser's bots. A form's POST leads back to the page it
is on (codexsite.prg: Post/Redirect/Get), which says what was done, or
the refusal's sentence with its status; nothing changed then."""

from datetime import UTC, timedelta

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_http_methods, require_POST

from codexsite import prg
from tournaments import forms, pages, services
from tournaments.errors import TournamentError
from tournaments.models import Tournament


def tournament_list(request):
    """Every tournament: open for sign-up, running, finished."""
    return render(request, "tournaments/list.html", pages.listing())


def _new_form(request, error: str = "", status: int = 200, form: dict | None = None):
    closes = (timezone.now() + timedelta(days=7)).astimezone(UTC).strftime("%Y-%m-%dT%H:%M")
    defaults = {"format": "swiss", "rounds": "3", "max_players": "16", "pace": "live", "round_hours": "2"}
    defaults.update({"signup_closes": closes, "round_days": "7", "move_seconds": "86400", "strikes": "3"})
    context = {"error": error, "form": {**defaults, **(form or {})}, **forms.menus()}
    return render(request, "tournaments/new.html", context, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def new_tournament(request):
    """The new-tournament form (GET); its POST creates the tournament and
    goes to its page, or shows the form again with the refusal's sentence."""
    if request.method == "GET":
        return _new_form(request)
    try:
        event = services.create_tournament(request.user, **forms.read_new(request.POST))
    except TournamentError as err:
        return _new_form(request, err.message, err.status, request.POST.dict())
    return redirect("tournament", tournament_id=event.pk)


def _event(tournament_id: int) -> Tournament:
    found = Tournament.objects.select_related("organiser").filter(pk=tournament_id).first()
    if found is None:
        raise Http404("No such tournament.")
    return found


def tournament_page(request, tournament_id):
    """A tournament's page: sign-ups, rounds and boards, standings; 404 for
    none. After one of its forms, what the form did or its refusal
    (codexsite.prg.said), with the refusal's status."""
    event = _event(tournament_id)
    said = prg.said(request)
    context = {"error": said["error"], "message": said["message"], **pages.detail(event, request.user)}
    return render(request, "tournaments/detail.html", context, status=said["status"])


def _act(request, tournament_id, act, done: str):
    """Run ``act()`` (a service call) for a POST of the tournament's page;
    back to the page (a redirect) with ``done`` as its message, or the
    refusal's sentence and status."""
    _event(tournament_id)
    page = reverse("tournament", args=[tournament_id])
    try:
        act()
    except TournamentError as err:
        return prg.back_to(request, page, error=err.message, status=err.status)
    return prg.back_to(request, page, message=done)


@login_required
@require_POST
def sign_up(request, tournament_id):
    """Sign up (POST ``hero`` fields or ``deck``: the pick; empty: drawn for each match)."""
    pick = request.POST.getlist("hero") or [request.POST.get("deck", "")]
    return _act(
        request, tournament_id, lambda: services.sign_up(tournament_id, request.user, pick), "You are signed up."
    )


@login_required
@require_POST
def drop(request, tournament_id):
    """Leave the tournament (before the start: withdraw; later: drop out)."""
    return _act(request, tournament_id, lambda: services.drop(tournament_id, request.user), "You have left it.")


@login_required
@require_POST
def start(request, tournament_id):
    """The organiser starts the tournament: round 1 is paired and its matches begin."""
    return _act(
        request, tournament_id, lambda: services.start(tournament_id, request.user), "Started: round 1 is paired."
    )


@login_required
@require_POST
def add_bot(request, tournament_id):
    """The organiser enters a table bot (POST ``kind``: a game.standins.BOT_KINDS key)."""
    kind = request.POST.get("kind", "")
    return _act(
        request, tournament_id, lambda: services.add_bot(tournament_id, request.user, kind), "The bot is signed up."
    )


@login_required
@require_POST
def remove_bot(request, tournament_id, entry_id):
    """The organiser takes a bot entrant out before the start."""
    return _act(
        request,
        tournament_id,
        lambda: services.remove_bot(tournament_id, request.user, entry_id),
        "The bot is out of the sign-up.",
    )
