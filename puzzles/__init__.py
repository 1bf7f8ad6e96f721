""" "Win this turn" puzzles on the server (issue 34 point 3): the stored
puzzles of game/codex/data/puzzles.jsonl served as matches, rated with the
solvers by openskill."""
