"""The How to play page (issue 14, point 4): open to everyone, linked from
every page's header (the lobby's and the match page's too), and it carries
a glossary entry for every keyword and patrol slot of game.rules.glossary."""
import pytest
from django.urls import reverse

from game.rules import glossary, maps

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
