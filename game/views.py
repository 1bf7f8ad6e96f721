"""The match page (a shell whose JS speaks the live protocol, docs/PROTOCOL.md)
and the codex browser (a shell whose JS reads the card catalog API)."""
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import render

from game import turnclock
from game.rules import catalog
from game.services import AccessDenied, MatchNotFound, load_access
from game.standins import bot_labels


@login_required
def match_page(request, match_id):
    """Render the match page for a player or an allowed spectator (``?invite=``); 404 otherwise.
    ``page_config.bots``: ``{seat: label}`` of the table bots (issue 14 point 9);
    ``turnSeconds``: the turn timer (null: none; game.turnclock)."""
    invite = request.GET.get("invite", "")
    try:
        access = load_access(match_id, request.user.pk, invite or None)
    except (MatchNotFound, AccessDenied):
        raise Http404("No such match.") from None
    config = {"matchId": match_id, "invite": invite, "seat": access.seat, "bots": bot_labels(match_id),
              "turnSeconds": turnclock.seconds_of(match_id)}
    return render(request, "match.html", {"match_id": match_id, "seat": access.seat, "page_config": config})


@login_required
def replay_page(request, match_id):
    """Render the replay page of a match (issue 14 point 11) for whoever may
    watch it or played it (``?invite=`` for a private table); 404 otherwise.
    Its script reads the steps from ``/api/matches/<id>/replay/``; a match
    still in play is said to be so there."""
    invite = request.GET.get("invite", "")
    try:
        access = load_access(match_id, request.user.pk, invite or None)
    except (MatchNotFound, AccessDenied):
        raise Http404("No such match.") from None
    config = {"matchId": match_id, "invite": invite, "seat": access.seat, "bots": bot_labels(match_id),
              "finished": access.snapshot.status == "finished"}
    return render(request, "replay.html", {"match_id": match_id, "page_config": config})


@login_required
def cards_page(request):
    """The codex browser: per playable hero, the hero card, its spec's 12
    codex cards and its colour's starting deck (facts from ``/api/cards/``).
    ``page_config.heroes`` lists the heroes a seat may pick
    (``catalog.playable_heroes``)."""
    return render(request, "cards.html", {"page_config": {"heroes": catalog.playable_heroes()}})
