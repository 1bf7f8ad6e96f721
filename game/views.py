"""The match page (a shell whose JS speaks the live protocol, docs/PROTOCOL.md)
and the codex browser (a shell whose JS reads the card catalog API)."""
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import render

from game.rules import catalog, glossary
from game.services import AccessDenied, MatchNotFound, load_access


@login_required
def match_page(request, match_id):
    """Render the match page for a player or an allowed spectator (``?invite=``); 404 otherwise."""
    invite = request.GET.get("invite", "")
    try:
        access = load_access(match_id, request.user.pk, invite or None)
    except (MatchNotFound, AccessDenied):
        raise Http404("No such match.") from None
    config = {"matchId": match_id, "invite": invite, "seat": access.seat,
              "glossary": glossary.entries()}  # keyword chips and patrol slots explain themselves
    return render(request, "match.html", {"match_id": match_id, "seat": access.seat, "page_config": config})


@login_required
def cards_page(request):
    """The codex browser: per playable hero, the hero card, its spec's 12
    codex cards and its colour's starting deck (facts from ``/api/cards/``).
    ``page_config.heroes`` lists the heroes a seat may pick
    (``catalog.playable_heroes``)."""
    return render(request, "cards.html", {"page_config": {"heroes": catalog.playable_heroes(),
                                                          "glossary": glossary.entries()}})


def how_to_play_page(request):
    """The rules in short, in our own words, with the glossary of every
    keyword and patrol slot (game.rules.glossary); open to everyone, logged
    in or not (a newcomer reads it before signing up)."""
    def rows(entries):
        return [{"id": key, "name": key.replace("_", " "), "text": text} for key, text in sorted(entries.items())]
    return render(request, "how_to_play.html", {
        "keywords": rows(glossary.KEYWORDS),
        "slots": [{"id": slot, "name": slot.replace("_", " "), "text": text}
                  for slot, text in glossary.PATROL_SLOTS.items()],
        "terms": rows(glossary.TERMS)})
