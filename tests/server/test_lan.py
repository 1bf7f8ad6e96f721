"""Friends on another computer can join (issue 14, point 2): with
CODEX_LISTEN=0.0.0.0 (``make run HOST=0.0.0.0``) a page opened at this
machine's LAN address or name is served, its forms pass CSRF and its
websocket passes the origin checks; by default only the local names are."""
import http.client
import os
import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client

from codexsite.lan import LOCAL_HOSTS, lan_hosts
from tests.server.live import daphne

ROOT = Path(__file__).resolve().parents[2]


def lan_address() -> str:
    """This machine's address as a friend's browser would use it (the last
    name lan_hosts finds for 0.0.0.0 that is not a local one)."""
    found = [h for h in lan_hosts("0.0.0.0") if h not in LOCAL_HOSTS]
    assert found, "no LAN name found at all"
    return found[-1]


def test_the_safe_default_is_the_local_names_only():
    assert lan_hosts("127.0.0.1") == LOCAL_HOSTS
    assert lan_hosts("") == LOCAL_HOSTS
    assert lan_hosts("::1") == LOCAL_HOSTS


def test_any_address_adds_this_machines_name_and_addresses():
    hosts = lan_hosts("0.0.0.0")
    name = socket.gethostname().lower()
    assert hosts[:3] == LOCAL_HOSTS and name in hosts and f"{name}.local" in hosts
    assert len(hosts) == len(set(hosts))
    assert lan_hosts("192.168.1.20") == [*LOCAL_HOSTS, "192.168.1.20"]
    assert lan_hosts("fd00::2")[-1] == "[fd00::2]"


def settings_hosts(**env) -> list[str]:
    """ALLOWED_HOSTS as a fresh process reads codexsite/settings.py with ``env``."""
    run_env = {k: v for k, v in os.environ.items() if k not in ("CODEX_LISTEN", "ALLOWED_HOSTS")}
    run_env.update(env, DJANGO_SETTINGS_MODULE="codexsite.settings")
    out = subprocess.run([sys.executable, "-c", "from django.conf import settings; print(settings.ALLOWED_HOSTS)"],
                         cwd=ROOT, env=run_env, capture_output=True, text=True, check=True).stdout
    return eval(out)  # a list literal printed by the child


def test_settings_follow_codex_listen_and_an_explicit_list_wins():
    assert settings_hosts() == LOCAL_HOSTS
    assert socket.gethostname().lower() in settings_hosts(CODEX_LISTEN="0.0.0.0")
    assert settings_hosts(CODEX_LISTEN="0.0.0.0", ALLOWED_HOSTS="codex.example.org") == ["codex.example.org"]


def test_the_makefile_passes_host_on_as_codex_listen():
    make = (ROOT / "Makefile").read_text()
    assert "HOST ?= 127.0.0.1" in make
    assert re.search(r"^export CODEX_LISTEN := \$\(HOST\)$", make, re.M)


@pytest.mark.django_db
def test_a_lan_page_passes_the_csrf_check(settings, make_user):
    settings.ALLOWED_HOSTS = lan_hosts("0.0.0.0")
    host = lan_address()
    make_user("lanfriend")
    client = Client(enforce_csrf_checks=True, HTTP_HOST=f"{host}:8000")
    page = client.get("/login/")
    assert page.status_code == 200
    token = page.cookies["csrftoken"].value
    response = client.post("/login/", {"username": "lanfriend", "password": "pw-secret-123",
                                       "csrfmiddlewaretoken": token}, HTTP_ORIGIN=f"http://{host}:8000")
    assert response.status_code == 302


def request(port: int, host: str, path: str, headers: dict | None = None) -> int:
    """The status of a GET to the server at 127.0.0.1:``port`` sent as if
    addressed to ``host`` (the Host header a friend's browser sends)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request("GET", path, headers={"Host": host, **(headers or {})})
        return conn.getresponse().status
    finally:
        conn.close()


def handshake(port: int, host: str, origin: str) -> int:
    """The HTTP status of a websocket handshake to /ws/match/1/ (101: it
    passed the host and origin checks)."""
    return request(port, host, "/ws/match/1/", {
        "Origin": origin, "Upgrade": "websocket", "Connection": "Upgrade",
        "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version": "13",
    })


@pytest.mark.django_db(transaction=True)
def test_a_real_server_serves_the_lan_only_when_asked():
    lan = lan_address()
    default = daphne()
    try:
        host = f"{lan}:{default.port}"
        assert request(default.port, host, "/login/") == 400  # the safe default refuses it
        assert handshake(default.port, host, f"http://{host}") == 403
    finally:
        default.stop()
    served = daphne(CODEX_LISTEN="0.0.0.0")
    try:
        host = f"{lan}:{served.port}"
        assert request(served.port, host, "/login/") == 200
        assert handshake(served.port, host, f"http://{host}") == 101
        assert handshake(served.port, host, "http://evil.example") == 403
        assert handshake(served.port, host, f"http://{lan}:1") == 403  # another port of that host
    finally:
        served.stop()
