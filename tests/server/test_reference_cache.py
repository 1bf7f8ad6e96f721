"""Reference data the browser keeps (issue 31 point 5; codexsite/refcache.py):
every page carries the versions of the card catalog and of the modes, and
the API's answer at the current version may be kept for good, while an
answer to another version (a page served before a deploy) or to none is
left to be asked again."""

import re

import pytest

from codexsite.refcache import KEEP, version_of
from game.api import catalog_version
from lobby.api import modes_version

pytestmark = pytest.mark.django_db


def page_versions(body: str) -> dict:
    found = re.search(r'<meta name="codex-reference" data-cards="(\w+)" data-modes="(\w+)">', body)
    assert found, "the page carries the reference data's versions"
    return {"cards": found.group(1), "modes": found.group(2)}


def test_every_page_carries_the_current_versions(client, make_user):
    current = {"cards": catalog_version(), "modes": modes_version()}
    assert page_versions(client.get("/cards/").content.decode()) == current
    client.force_login(make_user("alice"))
    assert page_versions(client.get("/").content.decode()) == current


@pytest.mark.parametrize(("path", "version"), [("/api/cards/", catalog_version), ("/api/modes/", modes_version)])
def test_only_the_current_versions_answer_is_kept(api, path, version):
    alice = api("alice")
    kept = alice.get(f"{path}?v={version()}")
    assert kept.status_code == 200 and kept["Cache-Control"] == KEEP
    for other in (f"{path}?v=0123456789abcdef", path):
        answer = alice.get(other)
        assert answer.status_code == 200 and answer.json() == kept.json()
        assert "immutable" not in answer.get("Cache-Control", ""), other


def test_a_version_follows_the_data():
    assert version_of({"a": 1, "b": [2]}) == version_of({"b": [2], "a": 1})
    assert version_of({"a": 1}) != version_of({"a": 2})
    assert re.fullmatch(r"[0-9a-f]{16}", catalog_version())
