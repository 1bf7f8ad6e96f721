"""nginx in front of several daphne workers (issue 13; deploy/nginx/): one
address for the browser.

- The renderer refuses values that would change the configuration's
  meaning, and nginx accepts what it renders (``nginx -t``).
- Through the proxy, over plain HTTP: the login page, signing up and logging
  in (Django's CSRF check sees the proxy's Host with its port), the REST API,
  a static file served by nginx itself, a body over the limit refused; both
  workers answer; the websocket origin check accepts the proxy's own origin
  and refuses a worker's; with one worker stopped the other answers alone.
- A match's websockets all go to one worker (consistent hashing on the
  match id, issue 29), different matches to both; when that worker stops,
  the other serves the match from the database (the ``X-Upstream`` header
  of each handshake says which worker took it).
- Two workers on PostgreSQL and Redis behind the proxy: the 200 simultaneous
  teammate pairs of tests/server/test_two_headed_dragon.py, every viewer on
  the proxy's one address, all on the match's one worker (the test there
  puts teammates on two workers directly).

The live tests need nginx (Debian's nginx or nginx-light): skipped without
it, failed under CODEX_REQUIRE_SERVICES=1 (tests/server/conftest.py).
"""

import asyncio
import json
import re
import subprocess
import urllib.error
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from http.cookiejar import CookieJar
from pathlib import Path

import pytest
import websockets
from asgiref.sync import async_to_sync, sync_to_async
from django.core.management import call_command

from benchmarks.servers import Proxy, nginx_binary
from deploy.nginx import render
from tests.server.live import daphne, open_match
from tests.server.matchkit import active_seat, db_match, start_match
from tests.server.teamplay import play_live_2v2

pytestmark = pytest.mark.django_db(transaction=True)
ROOT = Path(__file__).resolve().parents[2]
# The 2v2 run drives several actions a second per connection: lift the rate limit.
LIMITS = {"CODEX_WS_RATE": "1000", "CODEX_WS_BURST": "1000"}


@pytest.mark.parametrize(
    "field, value",
    [
        ("listen", "80; include /etc/passwd"),
        ("server_name", "a b"),
        ("server_name", "$host"),
        ("static_root", "static"),
        ("static_root", "/srv/x;"),
    ],
)
def test_the_renderer_refuses_values_that_are_not_one_plain_word(field, value):
    with pytest.raises(ValueError, match="plain word|absolute"):
        render.site(["127.0.0.1:8001"], **{field: value})


def test_the_renderer_needs_plain_worker_addresses():
    with pytest.raises(ValueError, match="at least one worker"):
        render.site([])
    with pytest.raises(ValueError, match="worker address"):
        render.site(["127.0.0.1:8001 backup"])


def test_a_quiet_websocket_outlives_many_client_pings():
    """nginx closes a proxied connection that has sent nothing for
    proxy_read_timeout; the page pings every PING_MS (static/js/connection.js), so
    the websocket timeout must be many ping intervals (here at least 10)."""
    site = render.site(["127.0.0.1:8001"])
    ws_block = site[site.index("location /ws/") :].split("}", 1)[0]
    timeout = int(re.search(r"proxy_read_timeout (\d+)s;", ws_block).group(1))
    ping_ms = int(re.search(r"export const PING_MS = (\d+);", (ROOT / "static/js/connection.js").read_text()).group(1))
    assert timeout * 1000 >= 10 * ping_ms
    assert "proxy_buffering off;" in ws_block


@pytest.mark.nginx
def test_nginx_accepts_the_rendered_configuration(tmp_path):
    """What `python -m deploy.nginx.render` prints for a deployment (three
    workers, a host name, a static directory) passes ``nginx -t``."""
    site = subprocess.run(
        [
            "python",
            "-m",
            "deploy.nginx.render",
            "--worker",
            "127.0.0.1:8001",
            "--worker",
            "127.0.0.1:8002",
            "--worker",
            "unix:/run/codex/3.sock",
            "--listen",
            "8080",
            "--server-name",
            "codex.example.org",
            "--static-root",
            "/srv/codex/static",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert site.count("    server ") == 6 and "alias /srv/codex/static/;" in site  # two upstreams of 3
    assert "hash $codex_room consistent;" in site
    assert "X-Upstream" not in site  # internal addresses stay inside
    (tmp_path / "codex.conf").write_text(site)
    (tmp_path / "nginx.conf").write_text(render.local("codex.conf"))
    (tmp_path / "tmp").mkdir()
    (tmp_path / "logs").mkdir()
    checked = subprocess.run(
        [nginx_binary(), "-t", "-p", f"{tmp_path}/", "-c", str(tmp_path / "nginx.conf")], capture_output=True, text=True
    )
    assert checked.returncode == 0, checked.stderr


@pytest.fixture
def proxied(settings, tmp_path):
    """Two daphne workers (--proxy-headers, the test database and Redis)
    behind a Proxy that serves collectstatic's files itself. Yields
    ``(workers, proxy)``; stops them all."""
    settings.STATIC_ROOT = str(tmp_path / "static")
    call_command("collectstatic", "--noinput", "--link", verbosity=0)
    env = {**LIMITS, "REDIS_URL": settings.REDIS_URL}
    with ThreadPoolExecutor(2) as pool:
        workers = list(pool.map(lambda _: daphne(proxy_headers=True, **env), range(2)))
    proxy = None
    try:
        proxy = Proxy([w.address for w in workers], static_root=settings.STATIC_ROOT)
        yield workers, proxy
    finally:
        if proxy is not None:
            proxy.stop()
        for worker in workers:
            worker.stop()


class Browser:
    """A cookie-keeping HTTP client of one site, as a page would be: every
    request carries the site's Origin, posts the CSRF token from the cookie.
    ``get``/``post`` return ``(status, headers, body bytes, final URL)``."""

    def __init__(self, base_url: str):
        self.base = base_url
        self.cookies = CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies))

    def cookie(self, name: str) -> str | None:
        return next((c.value for c in self.cookies if c.name == name), None)

    def request(self, method: str, path: str, body: bytes | None = None, content_type: str | None = None):
        headers = {"Origin": self.base}
        if content_type:
            headers["Content-Type"] = content_type
        if method == "POST" and self.cookie("csrftoken"):
            headers["X-CSRFToken"] = self.cookie("csrftoken")
        req = urllib.request.Request(self.base + path, data=body, headers=headers, method=method)
        try:
            with self.opener.open(req, timeout=30) as res:
                return res.status, res.headers, res.read(), res.url
        except urllib.error.HTTPError as err:
            return err.code, err.headers, err.read(), err.url

    def get(self, path: str):
        return self.request("GET", path)

    def post_form(self, path: str, fields: dict):
        fields = {"csrfmiddlewaretoken": self.cookie("csrftoken"), **fields}
        return self.request("POST", path, urllib.parse.urlencode(fields).encode(), "application/x-www-form-urlencoded")

    def post_json(self, path: str, data):
        return self.request("POST", path, json.dumps(data).encode(), "application/json")


@pytest.mark.postgres
@pytest.mark.redis
@pytest.mark.nginx
def test_pages_the_rest_api_and_static_files_through_the_proxy(proxied, make_user):
    workers, proxy = proxied
    upstreams = {w.address for w in workers}
    answered_by = set()
    browser = Browser(proxy.url)

    status, headers, body, _ = browser.get("/login/")
    assert status == 200 and b'name="csrfmiddlewaretoken"' in body
    answered_by.add(headers["X-Upstream"])
    password = "a-Long-pass-42"
    status, headers, body, url = browser.post_form(
        "/signup/", {"username": "pat", "display_name": "Pat", "password1": password, "password2": password}
    )
    assert status == 200 and url == proxy.url + "/", (status, url, body[:300])  # in the lobby, logged in
    answered_by.add(headers["X-Upstream"])

    status, headers, body, _ = browser.get("/api/modes/")
    assert status == 200 and "2hg" in [m["key"] for m in json.loads(body)]
    answered_by.add(headers["X-Upstream"])
    status, headers, body, _ = browser.post_json("/api/tables/", {"mode": "1hero"})
    assert status == 201, body
    table = json.loads(body)
    answered_by.add(headers["X-Upstream"])
    status, headers, body, _ = browser.get("/api/tables/")
    assert table["id"] in [t["id"] for t in json.loads(body)]
    answered_by.add(headers["X-Upstream"])
    assert answered_by == upstreams  # both workers served this one browser

    # Another browser logs in on the login page: the CSRF check passes through the proxy.
    other = Browser(proxy.url)
    other.get("/login/")
    status, _, body, url = other.post_form("/login/", {"username": "pat", "password": password})
    assert status == 200 and url == proxy.url + "/", (status, url, body[:300])
    assert Browser(proxy.url).get("/api/modes/")[0] == 403  # no session: refused

    # nginx serves the collected static files itself.
    status, headers, body, _ = browser.get("/static/css/site.css")
    assert status == 200 and body == (ROOT / "static/css/site.css").read_bytes()
    assert headers["Content-Type"].startswith("text/css") and "X-Upstream" not in headers
    assert headers["Cache-Control"] == "max-age=60"
    # A body over client_max_body_size never reaches a worker.
    status, headers, _, _ = browser.post_json("/api/tables/", {"mode": "1hero", "pad": "x" * (1 << 20)})
    assert status == 413 and "X-Upstream" not in headers

    # The websocket origin check compares with the proxy's address, not a worker's.
    match = async_to_sync(start_match)([make_user("ann"), make_user("ben")])

    async def handshake(origin):
        cookie = "; ".join(f"{c.name}={c.value}" for c in browser.cookies)
        try:
            async with websockets.connect(
                f"ws://127.0.0.1:{proxy.port}/ws/match/{match.pk}/",
                origin=origin,
                additional_headers={"Cookie": cookie},
            ) as sock:
                first = json.loads(await sock.recv())
                assert first["type"] == "state" and first["seat"] is None  # Pat watches
                return sock.response.status_code
        except websockets.InvalidStatus as err:
            return err.response.status_code

    assert asyncio.run(handshake(proxy.url)) == 101
    assert asyncio.run(handshake(workers[0].url)) == 403

    # One worker stops: the other answers every request alone.
    workers[1].stop()
    for _ in range(4):
        status, headers, _, _ = browser.get("/api/modes/")
        assert status == 200 and headers["X-Upstream"].split(", ")[-1] == workers[0].address


@pytest.mark.postgres
@pytest.mark.redis
@pytest.mark.nginx
@pytest.mark.timeout(900)
async def test_teammates_on_two_workers_through_the_proxy_200_pairs(proxied, make_user, close_db_thread):
    """The 200 simultaneous teammate pairs of the two-worker test, every
    viewer connected to the proxy's one address; nginx puts the two
    teammates of each team on different workers (checked on each
    handshake's X-Upstream), and the spectator too: the match's one worker."""
    workers, proxy = proxied
    upstream_of = {}

    async def connect(seat, match_id, user):
        sock = await open_match(proxy.url, match_id, user)
        upstream_of[seat] = sock.response.headers["X-Upstream"]
        worker = [w.address for w in workers].index(upstream_of[seat])
        return sock, ("spectator" if seat is None else f"seat {seat}") + f" on worker {worker} via the proxy"

    result = await play_live_2v2(make_user, connect, match_seed=31, play_seed=37)
    assert len(set(upstream_of.values())) == 1, upstream_of
    print(result["labels"])


@pytest.mark.postgres
@pytest.mark.redis
@pytest.mark.nginx
async def test_a_matchs_sockets_go_to_one_worker_which_any_other_can_replace(proxied, make_user, close_db_thread):
    """Each match's websockets (both seats, again and again) reach one
    worker, chosen by its id; 16 matches use both workers. That worker
    stopped, the match's sockets go to the other, which serves it from the
    database: the state at the version the first one committed, and the
    next action applied there."""
    workers, proxy = proxied
    ann, ben = [await sync_to_async(make_user)(name) for name in ("ann", "ben")]
    matches = [await start_match([ann, ben], seed=seed) for seed in range(16)]
    worker_of = {}
    for match in matches:
        for user in (ann, ben, ann):
            async with await open_match(proxy.url, match.pk, user) as sock:
                json.loads(await sock.recv())
                worker_of.setdefault(match.pk, set()).add(sock.response.headers["X-Upstream"])
    assert all(len(seen) == 1 for seen in worker_of.values()), worker_of
    assert set.union(*worker_of.values()) == {w.address for w in workers}

    match = matches[0]
    (first,) = worker_of[match.pk]
    seat = active_seat(match.state)
    await _act(proxy, match.pk, (ann, ben)[seat], seat, 1)
    next(w for w in workers if w.address == first).stop()
    async with await open_match(proxy.url, match.pk, ann) as sock:
        assert sock.response.headers["X-Upstream"].split(", ")[-1] != first
        state = json.loads(await sock.recv())
        assert state["type"] == "state" and state["version"] == 1
    seat = active_seat((await db_match(match.pk)).state)
    await _act(proxy, match.pk, (ann, ben)[seat], seat, 2)


async def _act(proxy, match_id: int, user, seat: int, version: int) -> None:
    """Through the proxy, ``user`` (at ``seat``) plays a legal action of
    the state it is sent; it must be applied as ``version``."""
    async with await open_match(proxy.url, match_id, user) as sock:
        state = json.loads(await sock.recv())
        assert state["seat"] == seat and state["version"] == version - 1
        action = next(a for a in state["legal_actions"] if a["type"] != "concede")
        await sock.send(
            json.dumps({"type": "action", "id": 1, "version": version - 1, "action": action, "nonce": f"n{version}"})
        )
        assert await _frame_of(sock, "applied") == {"type": "applied", "id": 1, "version": version}


async def _frame_of(sock, kind: str) -> dict:
    """The next frame of type ``kind`` on the websocket ``sock`` (others skipped)."""
    while True:
        frame = json.loads(await asyncio.wait_for(sock.recv(), 10))
        if frame["type"] == kind:
            return frame
