"""Schemathesis against the live API (issue 27, point 13): its command
line (``st run``) reads the schema a real daphne worker serves at
/api/schema/ and fuzzes every operation with schema-valid and
schema-invalid requests (every phase: the schema's examples, its
coverage cases, random cases, sequences of calls), as two players
(session cookie and CSRF token, as the pages send them) and logged out,
with every check it has (``--checks all``: server errors, status codes,
content types, response headers and bodies against the schema, valid
data accepted, invalid data refused, unsupported methods, missing
headers, ignored authentication, use after free...). It must find nothing.

Marked ``fuzz``: `.ci/run` runs it (``pytest tests/server``), `make test`
leaves it out (it takes minutes on a slow machine).

One setting differs from Schemathesis' defaults: on the operations of
the lobby, the account and the deck builder that change something (RULED),
a 400 counts as an answer to valid data. The schema states each field's
type, bounds and choices, but not the rules of the lobby and the decks
that decide between them (a mode's seat count and heroes, a map at a game
without maps, a deck that breaks K1, a display name taken or with other
characters, a seat you do not hold, days off in the past or not yours): those refusals are 400 with their
sentence, as the lobby shows them. Every other operation must accept
every valid request.
test_api_schema.py walks every operation with valid bodies and expects
each to be accepted.
"""

import subprocess
import sys
from pathlib import Path

import pytest

from lobby import services
from tests.server.conftest import session_cookie
from tests.server.live import daphne
from tests.server.lobbykit import conceded, started

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.fuzz]

ST = Path(sys.executable).with_name("st")
# Cases per operation and phase: the three runs stay within a few minutes on 2 slow cores.
MAX_EXAMPLES = 20
# The operations where a lobby's or the deck builder's rule refuses valid data with 400.
RULED = [
    "me_partial_update",
    "tables_create",
    "tables_join_create",
    "tables_leave_create",
    "tables_seat_partial_update",
    "tables_start_create",
    "tables_remove_create",
    "tables_bot_create",
    "decks_create",
    "decks_partial_update",
    "decks_check_create",
    "vacations_create",
    "vacations_destroy",
    "pairing_create",
]
CONFIG = f"""
[[operations]]
include-operation-id = {RULED!r}
checks.positive_data_acceptance.expected-statuses = ["2xx", "3xx", "400", "401", "403", "404", "409", "429"]
""".replace("'", '"')
CSRF = "f" * 32  # a CSRF secret sent as cookie and header: what a page's script does
# A player's credentials, as the schema's security schemes name them.
AUTH = """
[auth.openapi.cookieAuth]
api_key = "{session}"
[auth.openapi.csrfCookie]
api_key = "{csrf}"
[auth.openapi.csrfHeader]
api_key = "{csrf}"
"""


@pytest.fixture
def callers(make_user, tmp_path) -> dict:
    """The Schemathesis configuration file of each caller: alice, bob (their
    session and a CSRF token), and someone logged out. Alice hosts a
    table, bob sits at it, both played a finished match (low ids: the ids
    Schemathesis draws reach some of them)."""
    alice, bob = make_user("alice"), make_user("bob")
    conceded(started([alice, bob]), bob)
    table = services.create_table(alice, "1hero")
    services.take_seat(table.pk, bob, 1)
    out = {}
    for who, user in (("alice", alice), ("bob", bob), ("logged out", None)):
        config = tmp_path / f"{who.replace(' ', '_')}.toml"
        session = session_cookie(user).decode().split(";")[0].split("=", 1)[1] if user else None
        config.write_text(CONFIG + (AUTH.format(session=session, csrf=CSRF) if user else ""))
        out[who] = config
    return out


@pytest.mark.timeout(1200)  # three runs of a few minutes at most (pytest.ini's 120 s is for one test)
def test_schemathesis_finds_nothing(callers, tmp_path):
    server = daphne(API_RATE="100000/min")  # the throttle would answer most of the run with 429
    try:
        for who, config in callers.items():
            run = subprocess.run(
                [
                    str(ST),
                    "--no-color",
                    "--config-file",
                    str(config),
                    "run",
                    f"{server.url}/api/schema/",
                    "--checks",
                    "all",
                    "--mode",
                    "all",
                    "--max-examples",
                    str(MAX_EXAMPLES),
                    "--seed",
                    "27",
                ],
                capture_output=True,
                text=True,
                timeout=900,
                cwd=tmp_path,
            )
            assert run.returncode == 0, f"as {who}:\n{run.stdout[-20000:]}\n{run.stderr[-2000:]}"
    finally:
        server.stop()
