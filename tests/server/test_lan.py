"""Friends on another computer can join (issue 14, point 2): with
CODEX_LISTEN=0.0.0.0 (``make run HOST=0.0.0.0``) a page opened at this
machine's LAN address or name is served, its forms pass CSRF and its
websocket passes the origin checks; by default only the local names are."""

import contextlib
import http.client
import os
import re
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import ifaddr
import pytest
from django.test import Client

from benchmarks.servers import Worker
from codexsite.lan import LOCAL_HOSTS, lan_hosts, start_lines
from tests.server.live import daphne, database_url

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
    out = subprocess.run(
        [sys.executable, "-c", "from django.conf import settings; print(settings.ALLOWED_HOSTS)"],
        cwd=ROOT,
        env=run_env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
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
    response = client.post(
        "/login/",
        {"username": "lanfriend", "password": "pw-secret-123", "csrfmiddlewaretoken": token},
        HTTP_ORIGIN=f"http://{host}:8000",
    )
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
    return request(
        port,
        host,
        "/ws/match/1/",
        {
            "Origin": origin,
            "Upgrade": "websocket",
            "Connection": "Upgrade",
            "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
            "Sec-WebSocket-Version": "13",
        },
    )


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


SECOND_ADDRESS = "10.213.7.1"  # a private address no network here uses


def fake_adapters(monkeypatch):
    """ifaddr's listing of a machine with Wi-Fi (the default route), an
    Ethernet card, a VPN and the loopback, each with the addresses a system
    gives them (IPv6 link-local ones included)."""
    adapters = [
        ifaddr.Adapter("lo", "lo", [ifaddr.IP("127.0.0.1", 8, "lo"), ifaddr.IP(("::1", 0, 0), 128, "lo")]),
        ifaddr.Adapter(
            "wlan0", "wlan0", [ifaddr.IP("192.168.1.20", 24, "wlan0"), ifaddr.IP(("fe80::1", 0, 3), 64, "wlan0")]
        ),
        ifaddr.Adapter(
            "eth1", "eth1", [ifaddr.IP(SECOND_ADDRESS, 24, "eth1"), ifaddr.IP(("fd12:3456::7", 0, 0), 64, "eth1")]
        ),
        ifaddr.Adapter("tun0", "tun0", [ifaddr.IP("10.8.0.6", 32, "tun0")]),
    ]
    monkeypatch.setattr(ifaddr, "get_adapters", lambda *args, **kwargs: adapters)


def test_every_interface_address_is_accepted(monkeypatch):
    """Issue 27 point 30: not only the default route's address."""
    fake_adapters(monkeypatch)
    hosts = lan_hosts("0.0.0.0")
    for host in ("192.168.1.20", SECOND_ADDRESS, "10.8.0.6", "[fd12:3456::7]"):
        assert host in hosts
    assert not any(h.startswith("[fe80") for h in hosts)  # no URL can name a link-local address
    assert lan_hosts("127.0.0.1") == LOCAL_HOSTS  # the safe default is untouched


@pytest.mark.django_db
def test_a_page_asked_for_at_a_second_interface_is_served(monkeypatch, settings):
    fake_adapters(monkeypatch)
    settings.ALLOWED_HOSTS = lan_hosts("0.0.0.0")
    assert Client(HTTP_HOST=f"{SECOND_ADDRESS}:8000").get("/login/").status_code == 200
    assert Client(HTTP_HOST="[fd12:3456::7]:8000").get("/login/").status_code == 200
    assert Client(HTTP_HOST="10.9.9.9:8000").get("/login/").status_code == 400  # no address of this machine


def test_start_lines_name_every_address_friends_can_open(monkeypatch):
    fake_adapters(monkeypatch)
    lines = start_lines("0.0.0.0", 8001)
    assert "http://127.0.0.1:8001/" in lines[0]
    urls = [line.strip() for line in lines if line.startswith("  ")]
    assert urls[:4] == [
        "http://192.168.1.20:8001/",
        f"http://{SECOND_ADDRESS}:8001/",
        "http://[fd12:3456::7]:8001/",
        "http://10.8.0.6:8001/",
    ]
    assert urls[4] == f"http://{socket.gethostname()}.local:8001/"
    local = start_lines("127.0.0.1", 8000)
    assert "http://127.0.0.1:8000/" in local[0] and "HOST=0.0.0.0" in local[1] and len(local) == 2


def test_make_run_prints_the_addresses_before_it_serves():
    make = (ROOT / "Makefile").read_text()
    recipe = make.split("\nrun:", 1)[1].split("\n\n", 1)[0].splitlines()
    daphne = next(i for i, line in enumerate(recipe) if "daphne" in line)
    assert any("codexsite.lan $(HOST) $(PORT)" in line for line in recipe[:daphne])


@contextlib.contextmanager
def second_interface():
    """A second network interface of this machine with SECOND_ADDRESS,
    removed afterwards: a dummy one, or a veth pair where the kernel has
    no dummy driver. Skips the test with the reason when that cannot be done."""
    if os.geteuid() != 0:
        pytest.skip("needs root to add a network interface (ip link add)")
    ip = shutil.which("ip")
    if ip is None:
        pytest.skip("needs the ip command (Debian: iproute2)")
    attempts = [("codexdummy0", ["type", "dummy"]), ("codexveth0", ["type", "veth", "peer", "name", "codexveth1"])]
    for name, kind in attempts:
        if subprocess.run([ip, "link", "add", name, *kind], capture_output=True).returncode == 0:
            break
    else:
        pytest.skip("the kernel here adds neither a dummy nor a veth interface")
    try:
        subprocess.run([ip, "addr", "add", f"{SECOND_ADDRESS}/24", "dev", name], check=True)
        subprocess.run([ip, "link", "set", name, "up"], check=True)
        yield
    finally:
        subprocess.run([ip, "link", "del", name], capture_output=True)


@pytest.mark.django_db(transaction=True)
def test_a_real_server_answers_at_a_second_interface():
    """Issue 27 point 30, for real: a daphne listening on 0.0.0.0 with
    CODEX_LISTEN=0.0.0.0 answers a request sent to the address of another
    interface than the default route's (it answered 400)."""
    with second_interface():
        server = Worker(
            database_url(), os.environ.get("REDIS_URL", ""), env={"CODEX_LISTEN": "0.0.0.0"}, bind="0.0.0.0"
        )
        try:
            conn = http.client.HTTPConnection(SECOND_ADDRESS, server.port, timeout=10)
            try:
                conn.request("GET", "/login/")
                assert conn.getresponse().status == 200
            finally:
                conn.close()
        finally:
            server.stop()
