"""benchmarks/engine_ab.py, the engine figures any commit since issue 13's
baseline can produce: its JSON line names every row and bot asked for."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_modes_print_actions_per_second_of_every_row_and_bot():
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks/engine_ab.py"), "--modes", "1hero,ffa-3", "--games", "1"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    figures = json.loads(done.stdout)["actions_per_s"]
    assert sorted(figures) == ["1hero greedy", "1hero random", "ffa-3 greedy", "ffa-3 random"]
    assert all(isinstance(n, int) and n > 0 for n in figures.values()), figures


def test_against_a_commit_prints_both_tables_with_every_figure_beside_its_target():
    if subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True).returncode:
        pytest.skip("not a git clone: nothing to pair with")
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks/engine_ab.py"),
            "--against",
            "HEAD",
            "--rounds",
            "1",
            "--games",
            "1",
            "--samples",
            "1",
            "--modes",
            "1hero",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    rows = [line.split(" | ") for line in done.stdout.splitlines() if line.startswith("| ") and "---" not in line]
    names = [row[0].lstrip("| ") for row in rows]
    assert names == [
        "1-hero",
        "apply_action",
        "apply_action_in_place",
        "legal_actions",
        "view",
        "actions_per_s",
        "mode",
        "1hero",
        "1hero",
    ], done.stdout
    assert all(
        row[-1].rstrip(" |").split()[0] in ("met", "missed") for row in rows if row[0] not in ("| 1-hero", "| mode")
    ), done.stdout


def test_against_a_commit_not_in_the_clone_says_so():
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks/engine_ab.py"), "--against", "no-such-commit"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.startswith("No pairing with no-such-commit:"), done.stdout


def test_playouts_against_a_commit_print_issue_30_s_row_beside_its_target():
    if subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True).returncode:
        pytest.skip("not a git clone: nothing to pair with")
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks/engine_ab.py"), "--against", "HEAD", "--playouts"]
        + ["--rounds", "1", "--games", "1"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    rows = [line.split(" | ") for line in done.stdout.splitlines() if line.startswith("| ") and "---" not in line]
    assert [row[0] for row in rows] == ["| row", "| random 1-hero playouts, actions per CPU-second, against HEAD"]
    assert rows[1][-2] == ">= 1.6x" and rows[1][-1].rstrip(" |") in ("met", "missed"), done.stdout
    assert float(rows[1][3].split("x")[0]) > 0, done.stdout
