"""The game's random generator (issue 11, "The other team's hands and decks
can be computed"): a keyed generator whose key comes from a long secret
seed, whose outputs do not reveal it, and which never shows in a view.
Stored games of the old format (a SplitMix64 integer) keep playing as
they were."""

import json

from game.codex import rng
from game.codex.bots import RandomBot, play_game
from game.rules import apply_action, new_game, view


def _config(seed, mode="2hg"):
    heroes = ("troq_bashar", "river_montoya", "jaina_stormborne", "master_midori")
    seats = 4 if mode == "2hg" else 2
    return {
        "mode": mode,
        "seed": seed,
        "seats": [{"name": f"P{i}", "hero": heroes[i % len(heroes)]} for i in range(seats)],
    }


def _hands_and_decks(state):
    return [(p["hand"], p["deck"]) for p in state["players"]]


def test_seeds_that_differ_only_above_bit_64_give_different_games():
    low = 0x0123_4567_89AB_CDEF
    a = new_game(_config(low))
    b = new_game(_config(low | (1 << 64)))
    c = new_game(_config(low | (1 << 127)))
    names = [[[a["cards"][i]["card"] for i in zone] for zone in pair] for pair in _hands_and_decks(a)]
    for other in (b, c):
        other_names = [[[other["cards"][i]["card"] for i in zone] for zone in pair] for pair in _hands_and_decks(other)]
        assert other_names != names


def test_the_same_seed_gives_the_same_game_byte_for_byte():
    seed = (1 << 200) + 12345
    first, log = play_game(_config(seed, "1hero"), [RandomBot(1), RandomBot(2)], max_actions=300)
    replayed = new_game(_config(seed, "1hero"))
    for seat, action in log:
        replayed, _ = apply_action(replayed, seat, json.loads(json.dumps(action)))
    assert json.dumps(replayed, sort_keys=True) == json.dumps(first, sort_keys=True)


def test_the_generator_state_is_a_secret_key_and_a_counter():
    state = new_game(_config(987654321, "1hero"))
    generator = state["rng"]
    assert set(generator) == {"key", "n"}
    assert len(bytes.fromhex(generator["key"])) == 32
    assert generator["n"] > 0  # the opening shuffles drew from it


def test_no_view_shows_the_key_or_the_seed():
    seed = (0xDEADBEEF << 100) + 77
    state = new_game(_config(seed))
    secrets = (state["rng"]["key"], str(seed), str(seed)[:12])
    for viewer in (0, 1, 2, 3, None):
        text = json.dumps(view(state, viewer))
        for secret in secrets:
            assert secret not in text, f"viewer {viewer} sees {secret}"


def test_draws_are_uniform_enough_and_never_repeat_the_counter():
    state = {"rng": rng.seed_state(5)}
    counts = [0] * 6
    for _ in range(6000):
        counts[rng.randbelow(state, 6)] += 1
    assert min(counts) > 850 and max(counts) < 1150
    assert state["rng"]["n"] >= 6000


def test_a_stored_game_of_the_old_format_keeps_its_old_generator():
    """A state stored before the keyed generator (``rng`` an integer) plays
    on with SplitMix64, so its replay and its stored copy agree."""
    state = {"rng": 0x1234_5678_9ABC_DEF0}
    draws = [rng.randbelow(state, 1000) for _ in range(3)]
    assert isinstance(state["rng"], int)
    # SplitMix64 from that state: the first three outputs mod 1000.
    assert draws == _splitmix_reference(0x1234_5678_9ABC_DEF0, 3, 1000)


def _splitmix_reference(x, count, n):
    mask = (1 << 64) - 1
    out = []
    while len(out) < count:
        x = (x + 0x9E3779B97F4A7C15) & mask
        z = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        z ^= z >> 31
        if z < (1 << 64) - ((1 << 64) % n):
            out.append(z % n)
    return out
