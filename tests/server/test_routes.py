"""Every URL pattern with a variable, walked with malformed ids (issue 11,
finding 7: ``/api/matches/abc/`` and friends answered 500).

The walk reads the project's URL configuration, so a route added later is
covered without touching this file.
"""

import re
from urllib.parse import quote

import pytest
from django.test import Client
from django.urls import URLResolver, get_resolver

pytestmark = pytest.mark.django_db

METHODS = ("get", "post", "put", "patch", "delete")
# Not an id in any route: words, a float, an exponent, a sign, hex, digits of
# another script (Python's int() reads them), spaces, a NUL, a dot-dot.
MALFORMED = ("abc", "1e3", "1.5", "-1", "+1", "0x10", "\u0661\u0662", " 1", "1 ", "1\x00", "..", "1,2")
# Well formed but beyond any database's integer column.
HUGE = "9" * 30


def _template(prefix: str, pattern) -> str:
    """The URL of one pattern with ``{name}`` in place of each variable."""
    text = str(pattern)
    if text.startswith("^") or text.endswith("$") or "(?P<" in text:  # a regex pattern
        text = text.lstrip("^").rstrip("$")
        # (?P<name>...) with the parentheses balanced inside it
        while "(?P<" in text:
            start = text.index("(?P<")
            name = text[start + 4 : text.index(">", start)]
            depth, end = 0, start
            for end, ch in enumerate(text[start:], start):  # noqa: B007 (read after the loop)
                depth += {"(": 1, ")": -1}.get(ch, 0)
                if depth == 0:
                    break
            text = text[:start] + "{" + name + "}" + text[end + 1 :]
        text = text.replace("\\.", ".").replace("/?", "/")
    else:
        text = re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", text)
    return prefix + text


def _templates(patterns, prefix=""):
    for entry in patterns:
        if isinstance(entry, URLResolver):
            yield from _templates(entry.url_patterns, _template(prefix, entry.pattern))
        else:
            yield _template(prefix, entry.pattern)


def routes_with_ids() -> list[str]:
    """Every URL template of the project with a variable other than a format suffix."""
    found = []
    for template in _templates(get_resolver().url_patterns):
        names = set(re.findall(r"{(\w+)}", template))
        if names - {"format"}:
            found.append("/" + template)
    return sorted(set(found))


def fill(template: str, value: str) -> str:
    """The template with every id variable set to ``value`` (URL-quoted) and a
    format suffix set to json."""

    def one(m):
        return "json" if m.group(1) == "format" else quote(value, safe="")

    return re.sub(r"{(\w+)}", one, template)


@pytest.fixture
def staff_client(django_user_model):
    """A logged-in staff superuser, so the admin's own views run too."""
    user = django_user_model.objects.create_superuser("root", password="pw-secret-123", display_name="Root")
    client = Client(raise_request_exception=False)
    client.force_login(user)
    return client


def test_the_walk_sees_the_routes_with_ids():
    routes = routes_with_ids()
    for expected in (
        "/api/tables/{pk}/",
        "/api/tables/{pk}/join/",
        "/api/tables/{pk}/leave/",
        "/api/tables/{pk}/seat/",
        "/api/tables/{pk}/start/",
        "/api/matches/{pk}/",
        "/api/matches/{pk}/log/",
        "/match/{match_id}/",
        "/invite/{token}/",
        "/api/cards/{pk}/",
    ):
        assert expected in routes, routes


# A body that each write route would accept, so the id alone decides.
BODY = {"index": 1, "ready": False}


def expected(template: str, method: str, status: int) -> bool:
    """Whether ``status`` is right for a malformed id: 404 outside the admin
    (405 when the route refuses the method before it looks at the id); the
    admin (staff only) answers its own way, redirects included, never 5xx."""
    if status >= 500:
        return False
    if template.startswith("/admin/"):
        return True
    return status == 404 or (method != "get" and status == 405)


@pytest.mark.parametrize("value", MALFORMED)
def test_a_malformed_id_is_a_404_on_every_route(staff_client, value):
    wrong = []
    for template in routes_with_ids():
        url = fill(template, value)
        for method in METHODS:
            status = getattr(staff_client, method)(url, BODY, content_type="application/json").status_code
            if not expected(template, method, status):
                wrong.append(f"{method.upper()} {url} -> {status}")
    assert not wrong, "\n".join(wrong)


def test_an_out_of_range_id_is_never_a_server_error(staff_client):
    """Digits beyond any integer column: not found (or the method is not allowed), never 500."""
    wrong = []
    for template in routes_with_ids():
        url = fill(template, HUGE)
        for method in METHODS:
            status = getattr(staff_client, method)(url, BODY, content_type="application/json").status_code
            if status >= 500:
                wrong.append(f"{method.upper()} {url} -> {status}")
    assert not wrong, "\n".join(wrong)


# Not an invite token: a NUL (PostgreSQL refuses it in text), letters outside
# ASCII (secrets.compare_digest refuses them), spaces, too long.
BAD_INVITES = ("\x00", "caf\u00e9", "\u0430" * 22, "a b", "x" * 500, "%")


@pytest.fixture
def private_table_and_match(make_user):
    """A private open table and a private started match (ids), hosted by others."""
    from asgiref.sync import async_to_sync

    from lobby import services
    from tests.server.matchkit import start_match

    table = services.create_table(make_user("host"), "1hero", is_public=False)
    match = async_to_sync(start_match)([make_user("p0"), make_user("p1")], public=False)
    return table.pk, match.pk


@pytest.mark.parametrize("invite", BAD_INVITES)
def test_a_malformed_invite_is_never_a_server_error(staff_client, private_table_and_match, invite):
    """Every route with an id, filled with a real table's and a real match's
    id, with a malformed ``?invite=`` (and ``invite`` in the body): refused
    or not found, never 500; an invite link with it is a 404. (The admin
    reads no invite.)"""
    wrong = []
    for template in [t for t in routes_with_ids() if not t.startswith("/admin/")]:
        for real_id in private_table_and_match:
            url = fill(template, str(real_id)) + "?invite=" + quote(invite, safe="")
            for method in METHODS:
                body = {"index": 1, "invite": invite}
                status = getattr(staff_client, method)(url, body, content_type="application/json").status_code
                if status >= 500:
                    wrong.append(f"{method.upper()} {url} -> {status}")
    assert not wrong, "\n".join(wrong)
    assert staff_client.get("/invite/" + quote(invite, safe="") + "/").status_code == 404
    assert staff_client.get("/api/tables/?invite=" + quote(invite, safe="")).status_code == 200
