"""benchmarks/engine_ab.py, the engine figures any commit since issue 13's
baseline can produce: its JSON line names every row and bot asked for."""
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_modes_print_actions_per_second_of_every_row_and_bot():
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks/engine_ab.py"), "--modes", "1hero,ffa-3",
                           "--games", "1"], cwd=ROOT, capture_output=True, text=True, check=True)
    figures = json.loads(done.stdout)["actions_per_s"]
    assert sorted(figures) == ["1hero greedy", "1hero random", "ffa-3 greedy", "ffa-3 random"]
    assert all(isinstance(n, int) and n > 0 for n in figures.values()), figures
