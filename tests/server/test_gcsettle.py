"""A server process settles its garbage collector once the application is
built (codexsite/gcsettle.py, issue 13)."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_asgi_application_freezes_its_startup_heap_and_sets_the_configured_thresholds():
    probe = "import gc, codexsite.asgi; print(*gc.get_threshold(), gc.get_freeze_count() > 10000)"
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "codexsite.settings", "CODEX_GC_THRESHOLDS": "1234,5,6"}
    out = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, env=env, capture_output=True, text=True, check=True, timeout=120
    ).stdout.split()
    assert out == ["1234", "5", "6", "True"]
