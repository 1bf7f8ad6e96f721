"""The How to play page (issue 14, point 4): open to everyone, linked from
every page's header (the lobby's and the match page's too), and it carries
a glossary entry for every keyword and patrol slot of game.codex.glossary."""

import pytest
from django.urls import reverse

from game.codex import glossary, maps

pytestmark = pytest.mark.django_db


def test_how_to_play_is_open_to_everyone_and_has_every_entry(client):
    response = client.get(reverse("how_to_play"))
    assert response.status_code == 200
    html = response.content.decode()
    for section in ("turn", "workers", "tech", "buildings", "heroes", "patrol", "attacking", "modes", "glossary"):
        assert f'id="{section}"' in html
    for mode in ("1-hero", "3-hero", "Two-Headed Dragon", "Free-for-all"):
        assert mode in html
    for keyword in glossary.KEYWORDS:
        assert f'data-keyword="{keyword}"' in html
    for slot in glossary.PATROL_SLOTS:
        assert f'data-slot="{slot}"' in html
    assert 'id="maps"' in html
    for map_id in maps.map_ids():  # the 12 map cards with their rules (issue 16)
        assert f'data-map="{map_id}"' in html and maps.map_info(map_id)["name"] in html


def test_the_lobby_links_to_how_to_play(client, make_user):
    client.force_login(make_user("ann"))
    html = client.get(reverse("lobby")).content.decode()
    assert f'href="{reverse("how_to_play")}"' in html


def _header_rules_link(html: str) -> str:
    import re

    return re.search(r'<a href="([^"]+)" id="nav-how-to-play"', html).group(1)


def test_c23_is_reachable_from_the_headers_how_to_play_and_its_pages_link_its_own_rules(client, make_user):
    """A newcomer found no How to play for C-23 in the header: the page the
    header links lists C-23 beside Arcane Codex, and the pages of one game
    (the C-23 deck builder, a C-23 or Arcane match and its replay) send the
    header's How to play to that game's rules; a Codex match keeps Codex's."""
    from lobby import services

    html = client.get(reverse("how_to_play")).content.decode()
    assert f'href="{reverse("c23_how_to_play")}" id="c23-how-to-play-link"' in html
    ana, bo = make_user("ana"), make_user("bo")
    client.force_login(ana)
    assert _header_rules_link(client.get(reverse("decks")).content.decode()) == reverse("c23_how_to_play")
    assert _header_rules_link(client.get(reverse("lobby")).content.decode()) == reverse("how_to_play")

    def match_of(mode, **seat):
        table = services.create_table(ana, mode, seats=2, **seat)
        services.take_seat(table.pk, bo, 1, **seat)
        for user in (ana, bo):
            services.update_seat(table.pk, user, ready=True)
        return services.start_table(table.pk, ana, seed=3).match

    c23 = match_of("c23", deck="red")
    page = client.get(reverse("match", args=[c23.pk])).content.decode()
    assert (
        _header_rules_link(page) == reverse("c23_how_to_play") and 'title="How to play C-23 (opens a new tab)"' in page
    )
    assert _header_rules_link(client.get(reverse("replay", args=[c23.pk])).content.decode()) == reverse(
        "c23_how_to_play"
    )
    arcane = match_of("arcane")
    assert _header_rules_link(client.get(reverse("match", args=[arcane.pk])).content.decode()) == reverse(
        "arcane_how_to_play"
    )
