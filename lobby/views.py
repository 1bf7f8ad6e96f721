"""Account and lobby pages (plain HTML; the lobby page's JS uses the REST API)."""

from django.conf import settings
from django.contrib.auth import REDIRECT_FIELD_NAME, login
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods, require_POST

from game.rules import tables
from lobby import services
from lobby.forms import SignupForm
from lobby.models import Table


def safe_next(request) -> str:
    """The ``next`` target of a request (POST field, else query string) when
    it is a path of this site, else "" (never a redirect to another site)."""
    target = request.POST.get(REDIRECT_FIELD_NAME) or request.GET.get(REDIRECT_FIELD_NAME) or ""
    if url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}, require_https=request.is_secure()):
        return target
    return ""


@require_http_methods(["GET", "POST"])
def signup(request):
    """Show the sign-up form; on a valid POST create the account, log in and
    go to ``next`` (an invite link a logged-out friend opened: issue 14),
    else to the lobby."""
    target = safe_next(request)
    if request.method == "POST":
        form = SignupForm(request.POST)
        if form.is_valid():
            user = form.save()
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            return redirect(target or "lobby")
    else:
        form = SignupForm()
    return render(request, "signup.html", {"form": form, "next": target})


@login_required
def lobby(request):
    """The lobby page: open tables, create one, seats, ready and start."""
    return render(
        request,
        "lobby.html",
        {"page_config": {"focusTable": None, "invite": "", "userId": request.user.pk}, "maps": _map_options()},
    )


def _map_options() -> list:
    """``[(id, name)]`` of the 12 map cards for the New table form (game.codex.maps)."""
    return [(m, tables.map_name(m)) for m in tables.map_ids()]


@login_required
def invite(request, token):
    """An invite link: the lobby page focused on that (possibly private) table; 404 if unknown."""
    table = get_object_or_404(Table, invite_token=token)
    config = {"focusTable": table.pk, "invite": token, "userId": request.user.pk}
    return render(request, "lobby.html", {"page_config": config, "maps": _map_options()})


@login_required
@require_POST
def rematch(request, match_id):
    """The match page's Rematch button: offer (or join) the rematch of the
    finished match ``match_id`` and go to its table; a refusal page with
    the reason otherwise (lobby.services.offer_rematch)."""
    try:
        table = services.offer_rematch(match_id, request.user)
    except services.LobbyError as err:
        context = {"heading": "No rematch", "text": err.message}
        return render(request, "refusal.html", context, status=err.status)
    return redirect("invite", token=table.invite_token)


def locked_out(request, response=None, credentials=None):
    """The page for a log-in refused because of too many failures (django-axes
    calls it, with the response it replaces and the credentials, both unused).

    Returns HTTP 429 saying for how long and until when (UTC) the account is
    locked for this address; a try before then starts the wait again
    (settings: AXES_COOLOFF_TIME; issue 11).
    """
    wait = settings.AXES_COOLOFF_TIME
    context = {
        "username": request.POST.get("username", ""),
        "minutes": round(wait.total_seconds() / 60),
        "until": timezone.now() + wait,
    }
    return render(request, "registration/locked_out.html", context, status=429)
