"""Guard: every browser test signs up users no other browser test uses.

The browser tests share one live server for the whole session
(tests/browser/conftest.py, ``live_server_url``), so two tests signing up
the same name collide: the later sign-up is refused and that test times
out waiting for the lobby (CI on 1fa821b: test_a11y_arcane.py's "ari"
broke test_two_headed_dragon_page.py). Checks the literal names passed to
``signup(..., "name", ...)``; names built with an f-string are left to
their authors.
"""

import pathlib
import re
from collections import defaultdict

BROWSER = pathlib.Path(__file__).resolve().parent / "browser"
LITERAL = re.compile(r"""signup\(\s*\w+\s*,\s*\w+\s*,\s*"([^"]+)\"""")


def test_no_two_browser_tests_sign_up_the_same_name():
    where = defaultdict(set)
    for path in BROWSER.glob("test_*.py"):
        for name in LITERAL.findall(path.read_text()):
            where[name.lower()].add(path.name)
    shared = {name: sorted(files) for name, files in where.items() if len(files) > 1}
    assert where, "no literal sign-up names found: the pattern no longer matches the tests"
    assert shared == {}, f"names signed up by more than one browser test: {shared}"
