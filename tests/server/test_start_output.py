"""What `make run` prints is what a newcomer can act on (issue 27 point 29):
no warning about static files nobody gathered, no note about HTTP/2 (it
needs TLS, left to a proxy), one line and no traceback for a request to a
host name the server does not answer to. The addresses it prints for
friends: tests/server/test_lan.py."""

import logging
import re
from pathlib import Path

import pytest
from django.test import Client

ROOT = Path(__file__).resolve().parents[2]


def test_daphnes_http2_note_is_not_shown_but_its_listening_line_is(caplog):
    caplog.set_level(logging.INFO)
    server_log = logging.getLogger("daphne.server")
    server_log.info("HTTP/2 support not enabled (install the http2 and tls Twisted extras)")
    server_log.info("Listening on TCP address %s:%s", "127.0.0.1", 8000)
    assert [r.getMessage() for r in caplog.records if r.name == "daphne.server"] == [
        "Listening on TCP address 127.0.0.1:8000"
    ]


@pytest.mark.django_db
def test_a_request_for_an_unknown_host_logs_one_line_without_a_traceback(caplog):
    caplog.set_level(logging.WARNING)
    assert Client(HTTP_HOST="evil.example").get("/login/").status_code == 400
    [record] = [r for r in caplog.records if r.name == "django.security.DisallowedHost"]
    assert "evil.example" in record.getMessage() and record.exc_info is None and not record.exc_text
    assert "Traceback" not in caplog.text


def test_make_run_gathers_the_static_files_before_it_serves():
    """WhiteNoise warned "No directory at .../staticfiles/" at every start."""
    make = (ROOT / "Makefile").read_text()
    recipe = make.split("\nrun:", 1)[1].split("\n\n", 1)[0].splitlines()
    daphne = next(i for i, line in enumerate(recipe) if "daphne" in line)
    assert any(re.search(r"manage\.py collectstatic --noinput", line) for line in recipe[:daphne])
