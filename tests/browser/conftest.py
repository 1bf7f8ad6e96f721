"""Fixtures for the browser tests: a real server (daphne) on a free port
against a temporary SQLite database, and headless Debian Chromium driven by
Playwright for Python (never `playwright install`: the system browser is used).

Marked ``browser``: skipped when Chromium or Playwright is missing, failed
instead when CODEX_REQUIRE_SERVICES=1 (CI).
"""

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("CODEX_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-dev-shm-usage",
]
REQUIRE_SERVICES = os.environ.get("CODEX_REQUIRE_SERVICES") == "1"


def _missing() -> str | None:
    if not (os.path.exists(CHROMIUM) or shutil.which(CHROMIUM)):
        return f"needs Chromium at {CHROMIUM} (apt-get install chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "needs Playwright for Python (pip install -r requirements-dev.txt)"
    return None


def pytest_runtest_setup(item):
    """Skip browser tests that cannot run here, or fail them under CI."""
    if item.get_closest_marker("browser") is None:
        return
    reason = _missing()
    if reason:
        if REQUIRE_SERVICES:
            pytest.fail(f"CODEX_REQUIRE_SERVICES=1 but this test {reason}", pytrace=False)
        pytest.skip(reason)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_up(url: str, proc: subprocess.Popen, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited with code {proc.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"the server did not answer at {url}")


# The live server's DATABASE_URL, once it runs (a test that shifts its clock
# writes there: tests/browser/test_turn_based_page.py).
SERVER = {}


@pytest.fixture(scope="session")
def mailbox():
    """The live server's mail server: an SMTP server (aiosmtpd) on 127.0.0.1
    in this process, keeping every mail (benchmarks.receivers.MailBox)."""
    from benchmarks.receivers import MailBox

    box = MailBox()
    yield box
    box.close()


@pytest.fixture(scope="module")
def pushes():
    """A push endpoint on 127.0.0.1 that decrypts what it gets
    (benchmarks.receivers.Receiver): the browsers' push subscriptions
    point at it (tests/browser/turnkit.py)."""
    from benchmarks.receivers import Receiver

    receiver = Receiver()
    yield receiver
    receiver.close()


@contextlib.contextmanager
def serving(mailbox, **settings):
    """Run daphne on a free port with a fresh SQLite database; yield
    ``(base URL, DATABASE_URL)`` and stop it after.

    The process gets the environment of the test run (so REDIS_URL, when set,
    puts it on the Redis channel layer) with its own DATABASE_URL. Its mail
    goes to ``mailbox`` (SMTP), the links in notices lead to it
    (CODEX_SITE_URL), and push and webhook notices may reach receivers on
    127.0.0.1 (CODEX_NOTICE_ALLOW_NETWORKS; tests/browser/turnkit.py).
    ``settings``: environment variables set besides (or instead of) these.
    """
    tmp = tempfile.mkdtemp(prefix="codex-browser-")
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    # CODEX_STAND_IN_ASK_SECONDS: a player may ask for a bot for an away friend
    # after 2 s instead of a minute (tests/browser/test_away_player.py).
    # CODEX_STAND_IN_DELAY: bots move without a person's pause.
    # CODEX_TASKS_IN_PROCESS: the bots' background work runs inside this one
    # daphne (game.tasks), also when REDIS_URL is set (CI): no run_huey to start.
    env = dict(
        os.environ,
        DATABASE_URL=f"sqlite:///{tmp}/db.sqlite3",
        DEBUG="0",
        PYTHONUNBUFFERED="1",
        CODEX_STAND_IN_ASK_SECONDS="2",
        CODEX_STAND_IN_DELAY="0",
        CODEX_TASKS_IN_PROCESS="1",
        EMAIL_URL=f"smtp://127.0.0.1:{mailbox.port}",
        CODEX_SITE_URL=base,
        CODEX_NOTICE_ALLOW_NETWORKS="127.0.0.1/32",
    )
    env.update(settings)
    env.pop("DJANGO_SETTINGS_MODULE", None)
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True)
    log = open(Path(tmp) / "daphne.log", "w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port), "codexsite.asgi:application"],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        _wait_up(f"{base}/login/", proc)
        yield base, env["DATABASE_URL"]
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()
        shutil.rmtree(tmp, ignore_errors=True)


@pytest.fixture(scope="session")
def live_server_url(mailbox):
    """The session's live server (serving, with the default settings); yields its base URL."""
    if _missing():
        pytest.skip(_missing())
    with serving(mailbox) as (base, database_url):
        SERVER["database_url"] = database_url
        yield base


@pytest.fixture(scope="module")
def browser():
    """One headless Chromium per test module (Debian's, through Playwright)."""
    if _missing():
        pytest.skip(_missing())
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()
