"""benchmarks.swiss_bench (issue 33): a small simulated Swiss runs to its
end through the benchmark's own code, with no pairing repeated, no second
bye and the figures it prints."""

from benchmarks import swiss_bench


def test_a_small_swiss_runs_to_the_end_without_repeats(capsys):
    figures = swiss_bench.main(["--players", "13", "--rounds", "5", "--events", "2"])
    assert figures["repeats"] == 0 and figures["double_byes"] == 0
    assert figures["events"] == 2 and figures["round_cpu_max_s"] >= figures["round_cpu_median_s"] > 0
    assert '"repeats": 0' in capsys.readouterr().out
