"""benchmarks.rating_logloss (issue 33): it reads results from a JSON file,
scores the ratings' predictions against the coin flip, and on players of
known strength the ratings predict better than the coin flip."""

import json

from benchmarks import rating_logloss


def test_results_from_a_file_are_scored(tmp_path):
    results = [{"teams": [["ann"], ["bo"]], "ranks": [0, 1]}] * 3 + [{"teams": [["ann"], ["bo"]], "ranks": [0, 0]}]
    path = tmp_path / "results.json"
    path.write_text(json.dumps(results))
    figures = rating_logloss.main(["--results", str(path)])
    assert figures["matches"] == 4 and figures["scored"] == 3  # the draw moves ratings, is not scored
    assert figures["coin_flip"] == round(0.6931471805599453, 4)
    assert figures["logloss"] < figures["coin_flip"]  # ann kept winning: the later chances favour her


def test_players_of_known_strength_are_predicted_better_than_a_coin_flip():
    figures = rating_logloss.score(rating_logloss.simulated(400, 12, 2, seed=3))
    assert figures["logloss_second_half"] < figures["coin_flip_second_half"]
    ffa = rating_logloss.score(rating_logloss.simulated(300, 12, 4, seed=3))
    assert ffa["coin_flip"] == round(1.3862943611198906, 4) and ffa["logloss"] < ffa["coin_flip"]
