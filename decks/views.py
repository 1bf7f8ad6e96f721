"""The deck builder page and the C-23 how-to-play page."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import render

from decks import services
from game.views import rules_link


@login_required
def decks_page(request):
    """The C-23 deck builder (/decks/): the pool with the origin notice, the
    starters, the user's saved decks; built and saved through /api/decks/.
    The header's How to play goes to C-23's rules (rules_link)."""
    return render(request, "decks.html", {"page_config": services.pool_for_page(), "rules_link": rules_link("c23")})


def c23_how_to_play(request):
    """C-23 in short, in our own words (/c23/how-to-play/), open to everyone."""
    return render(request, "c23_how_to_play.html", {"origin": services.pool_origin()})
