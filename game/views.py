"""The match page (a shell whose JS speaks the live protocol, docs/PROTOCOL.md)
and the codex browser (a shell whose JS reads the card catalog API)."""

from functools import cache
from pathlib import Path

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import render
from django.urls import reverse

from codexsite.modulegraph import imports_of
from game import assist, turnclock
from game.models import Match
from game.rules import reference
from game.rules.tables import playable_heroes
from game.services import AccessDenied, load_access
from game.standins import bot_labels
from game.statereads import MatchNotFound


def _access(request, match_id: int) -> tuple:
    """``(invite token given, services.Access)`` of the logged-in user to
    match ``match_id`` (a player, or a spectator allowed by ``?invite=``);
    raises Http404 for a match that is not there or not theirs to watch."""
    invite = request.GET.get("invite", "")
    try:
        return invite, load_access(match_id, request.user.pk, invite or None)
    except (MatchNotFound, AccessDenied):
        raise Http404("No such match.") from None


# The games with a rules page of their own (the header's How to play of
# their pages goes there; Codex's modes share how_to_play.html).
RULES_PAGES = {
    "c23": ("c23_how_to_play", "How to play C-23"),
    "arcane": ("arcane_how_to_play", "How to play Arcane Codex"),
}


def rules_link(game: str | None) -> dict | None:
    """The header's How to play link for a page of one game: ``{"url",
    "title"}`` of ``game``'s own rules page (``"c23"``, ``"arcane"``), or
    None for Codex (or no game): the header then links how_to_play."""
    if game not in RULES_PAGES:
        return None
    name, title = RULES_PAGES[game]
    return {"url": reverse(name), "title": title}


@cache
def match_modules(game: str) -> list[str]:
    """The modules the match page of a ``game`` table loads, for its
    ``<link rel="modulepreload">`` list (codexsite.modulegraph): the board
    of the game (static/js/boards.js names it ``<game>match.js``; left out
    when there is none) and all that it and match.js import, as paths under
    static/. Takes the game's name, returns the paths; read once per process."""
    folder = Path(settings.STATICFILES_DIRS[0]) / "js"
    board = f"{game}match.js"
    roots = ["match.js", board] if (folder / board).is_file() else ["match.js"]
    return [f"js/{name}" for name in roots[1:] + imports_of(folder, roots)]


def match_context(request, match_id: int) -> dict:
    """The match page's template context for the logged-in user in match
    ``match_id`` (a player, or a spectator allowed by ``?invite=``): what
    match.html and the pages that extend it (the tutorial's, learn.views)
    render. Raises Http404 as match_page answers.
    ``page_config.bots``: ``{seat: label}`` of the table bots (issue 14 point 9);
    ``turnSeconds``: the turn timer (null: none; game.turnclock); ``chat_max``
    (and ``page_config.chatMax``): the longest chat line the server takes
    (CODEX_CHAT_MAX_CHARS), which the chat box counts down to; ``game``: the
    table's game, whose board (static/js/boards.js) the page loads as it opens;
    ``assist``: the player may ask for hints and take back (game.assist:
    alone against bots, not rated), so the page shows those buttons;
    ``puzzle``: the match is a puzzle's (its config names one), whose end
    the page tells as the puzzle solved or failed.
    ``modules``: the scripts the page preloads (match_modules)."""
    invite, access = _access(request, match_id)
    config = {
        "matchId": match_id,
        "invite": invite,
        "seat": access.seat,
        "bots": bot_labels(match_id),
        "turnSeconds": turnclock.seconds_of(match_id),
        "chatMax": settings.CODEX_CHAT_MAX_CHARS,
        "glossary": reference.glossary(),  # keyword chips and patrol slots explain themselves
        "game": access.snapshot.state.get("game") or "codex",  # whose board to load (static/js/boards.js)
        "assist": access.seat is not None and assist.allowed(match_id, access.seat),  # Hint, Take back (issue 34)
        "puzzle": Match.objects.filter(pk=match_id, config__has_key="puzzle").exists(),
    }
    return {
        "match_id": match_id,
        "seat": access.seat,
        "page_config": config,
        "modules": match_modules(config["game"]),
        "chat_max": settings.CODEX_CHAT_MAX_CHARS,
        "rules_link": rules_link(access.snapshot.state.get("game")),
    }


@login_required
def match_page(request, match_id):
    """Render the match page for a player or an allowed spectator
    (``?invite=``); 404 otherwise (its context: match_context)."""
    return render(request, "match.html", match_context(request, match_id))


@login_required
def replay_page(request, match_id):
    """Render the replay page of a match (issue 14 point 11) for whoever may
    watch it or played it (``?invite=`` for a private table); 404 otherwise.
    Its script reads the steps from ``/api/matches/<id>/replay/``; a match
    still in play is said to be so there."""
    invite, access = _access(request, match_id)
    config = {
        "matchId": match_id,
        "invite": invite,
        "seat": access.seat,
        "bots": bot_labels(match_id),
        "finished": access.snapshot.status == "finished",
    }
    return render(
        request,
        "replay.html",
        {"match_id": match_id, "page_config": config, "rules_link": rules_link(access.snapshot.state.get("game"))},
    )


def cards_page(request):
    """The codex browser: per playable hero, the hero card, its spec's 12
    codex cards and its colour's starting deck (facts from ``/api/cards/``).
    ``page_config.heroes`` lists the heroes a seat may pick
    (``catalog.playable_heroes``). Open to everyone, logged in or not, like
    How to play (issue 27 point 29): it shows the game's cards, nothing of
    the viewer's own."""
    return render(
        request, "cards.html", {"page_config": {"heroes": playable_heroes(), "glossary": reference.glossary()}}
    )


def how_to_play_page(request):
    """The rules in short, in our own words, with the glossary of every
    keyword and patrol slot (game.codex.glossary) and the 12 map cards
    (game.codex.maps); open to everyone, logged
    in or not (a newcomer reads it before signing up)."""

    def rows(entries):
        return [{"id": key, "name": key.replace("_", " "), "text": text} for key, text in sorted(entries.items())]

    return render(
        request,
        "how_to_play.html",
        {
            "keywords": rows(reference.KEYWORDS),
            "slots": [
                {"id": slot, "name": slot.replace("_", " "), "text": text}
                for slot, text in reference.PATROL_SLOTS.items()
            ],
            "terms": rows(reference.TERMS),
            "maps": reference.maps(),
        },
    )


def arcane_how_to_play_page(request):
    """Arcane Codex in short, in our own words (issue 17; the rulebook
    seeds/003 and house rules A1-A35 are its authority); open to everyone.
    The Arcane board links to it."""
    return render(request, "arcane_how_to_play.html")
