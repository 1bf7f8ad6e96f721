"""The deck builder page and the C-23 how-to-play page."""
from django.contrib.auth.decorators import login_required
from django.shortcuts import render

from decks import services


@login_required
def decks_page(request):
    """The C-23 deck builder (/decks/): the pool with the origin notice, the
    starters, the user's saved decks; built and saved through /api/decks/."""
    return render(request, "decks.html", {"page_config": services.pool_for_page()})


def c23_how_to_play(request):
    """C-23 in short, in our own words (/c23/how-to-play/), open to everyone."""
    return render(request, "c23_how_to_play.html", {"origin": services.origin()})
