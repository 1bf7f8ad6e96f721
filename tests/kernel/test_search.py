"""The search bots (game.kernel.search, game.rules.make_bot; issue 30):
they never peek (a choice depends only on what the bot's seat may know:
two states that differ only in cards hidden from that seat give the same
action for one seed and iteration budget, over positions of every game
and mode), a level's choice is reproducible for a seed, and a choice
records the alternatives it weighed."""

import dataclasses
import json
import random
import sys

import pytest

import game.rules as rules
from game.codex import stats
from game.codex.setup import sampled_config
from game.kernel import game as kernel
from game.kernel.bots import play_game
from game.kernel.search import Level, SearchBot
from tools.behaviour_corpus import _config

ROWS = {
    "codex-1hero": lambda seed: _config("1hero", seed),
    "codex-3hero": lambda seed: _config("3hero", seed),
    "codex-2hg": lambda seed: _config("2hg", seed),
    "codex-ffa": lambda seed: _config("ffa-4", seed),
    "arcane": lambda seed: {"game": "arcane", "seed": seed, "seats": [{"name": "N"}, {"name": "S"}]},
    "c23": lambda seed: {
        "game": "c23",
        "seed": seed,
        "seats": [{"name": "A", "deck": "red"}, {"name": "B", "deck": "green"}],
    },
    "c23-3": lambda seed: {
        "game": "c23",
        "seed": seed,
        "seats": [{"name": "A", "deck": "red"}, {"name": "B", "deck": "blue"}, {"name": "C", "deck": "green"}],
    },
}
EVERY = 17  # a position every this many actions of a greedy game
MAX_ACTIONS = 120
ITERATIONS = 3


def _positions(row: str, seed: int) -> list:
    """``(state, seat)`` every EVERY actions of a greedy game of ``row``:
    the state as it is then and the seat the game asks next."""
    config = ROWS[row](seed)
    engine = kernel.get(rules.game_of(config))
    kept = []

    def keep(state, seat, action):
        if state["status"] == "playing" and len(kept) * EVERY < len(seen) and state:
            kept.append((engine.copy_state(state), engine.seat_to_ask(state, len(seen))))
        seen.append(action)

    seen: list = []
    bots = [engine.bots["greedy"](seed * 10 + i) for i in range(len(config["seats"]))]
    play_game(engine, config, bots, max_actions=MAX_ACTIONS, on_action=keep)
    return kept


def _hidden_cards(state: dict) -> str:
    return json.dumps(sorted((iid, c["card"]) for iid, c in state["cards"].items()))


@pytest.mark.parametrize("row", sorted(ROWS))
def test_a_search_bot_never_peeks(row):
    """Same seed, same iteration budget, states that differ only in cards
    hidden from the bot's seat (dealt again from that seat's point of view:
    the other hands, decks, codexes and the generator key) -> same action
    and the same values weighed."""
    differed = 0
    for state, seat in _positions(row, seed=2):
        engine = kernel.get(rules.game_of(state))
        other = engine.determinize(state, seat, random.Random(99))
        assert rules.view(other, seat) == rules.view(state, seat)
        differed += _hidden_cards(other) != _hidden_cards(state)
        kind = "easy" if len(state["log"]) % 2 else "normal"
        first = rules.make_bot(kind, seed=5, iterations=ITERATIONS)
        second = rules.make_bot(kind, seed=5, iterations=ITERATIONS)
        assert first.choose(state, seat) == second.choose(other, seat)
        assert first.last_choice == second.last_choice
    assert differed >= 2  # the property was put to the test


@pytest.mark.parametrize("kind", ["easy", "normal", "hard"])
def test_a_level_s_choice_is_reproducible_for_a_seed(kind):
    state, seat = _positions("codex-1hero", seed=4)[2]
    choices = []
    for _ in range(2):
        bot = rules.make_bot(kind, seed=11, iterations=4)
        choices.append((bot.choose(rules.copy_state(state), seat), bot.last_choice))
    assert choices[0] == choices[1]
    action, weighed = choices[0]
    assert rules.is_legal(state, seat, action)
    assert weighed[0].action == action
    assert sum(w.visits for w in weighed) <= 4
    assert all(0.0 <= w.value <= 1.0 for w in weighed)


def test_the_search_leaves_the_real_state_as_it_was():
    state, seat = _positions("arcane", seed=3)[1]
    before = json.dumps(state)
    rules.make_bot("normal", seed=1, iterations=4).choose(state, seat)
    assert json.dumps(state) == before


def test_bot_kinds_and_make_bot():
    assert rules.BOT_KINDS == ("random", "greedy", "easy", "normal", "hard")
    state, seat = _positions("c23", seed=1)[1]
    for kind in rules.BOT_KINDS:
        action = rules.make_bot(kind, seed=3, iterations=2).choose(state, seat)
        assert rules.is_legal(state, seat, action)
    with pytest.raises(KeyError):
        rules.make_bot("grandmaster")


def test_a_search_bot_plays_a_whole_game():
    """A greedy bot against an easy search bot, Arcane Codex, to the end."""
    config = ROWS["arcane"](7)
    engine = kernel.get("arcane")
    bots = [rules.make_bot("easy", seed=1, iterations=4), rules.make_bot("greedy", seed=2)]
    state, actions = play_game(engine, config, bots, max_actions=3000)
    assert state["status"] == "finished"


def test_an_easy_codex_bot_ends_its_turns():
    """Found: with random playouts the "easy" level could not tell its
    patrol moves apart and moved patrollers from slot to slot for hundreds
    of actions without ending its turn. The prior bot's pick now stands
    unless the search finds clearly better."""
    config = sampled_config("1hero", 2, 1, 2, "x")
    engine = kernel.get(rules.game_of(config))
    state = rules.new_game(config)
    bots = [rules.make_bot("easy", seed=1), rules.make_bot("greedy", seed=2)]
    run = longest = 0
    for step in range(160):
        if state["status"] != "playing":
            break
        seat = engine.seat_to_ask(state, step)
        action = bots[seat].choose(state, seat)
        if seat == 0:
            run = 0 if action["type"] == "end_main" else run + 1
            longest = max(longest, run)
        state, _ = rules.apply_action(state, seat, action)
    assert longest <= 40


@pytest.mark.parametrize(("seed", "seat"), [(3, 1), (4, 0), (4, 1)])
def test_an_easy_codex_bot_attacks_a_side_that_never_defends(seed, seat):
    """Found (tester): an "easy" bot never attacked in 5 turns. Its 10
    iterations tried no action of a main phase twice, so the random bot's
    pick always stood. Against a side that only ends its turns, it now
    attacks within its first 5 turns (at these seeds it did not at all)."""
    heroes = ["troq_bashar", "river_montoya"]
    state = rules.new_game(
        {
            "mode": "1hero",
            "seed": seed,
            "seats": [{"name": n, "heroes": [h]} for n, h in zip("EP", heroes, strict=True)],
        }
    )
    easy, move, attacks = rules.make_bot("easy", seed=seed), 0, 0
    while state["status"] == "playing" and state["turn"] <= 10:
        asked = state["prompt"]["seat"] if state["prompt"] else state["active"]
        if asked == seat:
            easy.move, move = move, move + 1
            action = easy.choose(state, seat)
            attacks += action["type"] == "attack"
        else:  # the passive side: ends its main phase (and lending) at once, else its first option
            move = 0
            legal = [a for a in rules.legal_actions(state, asked) if a["type"] != "concede"]
            action = next((a for a in legal if a["type"] in ("end_main", "end_lending")), legal[0])
        rules.apply_action_in_place(state, asked, action)
    assert attacks >= 1


def _searched_actions(state: dict, seat: int) -> list:
    """The actions a search weighs for ``seat`` (no conceding, no draw offer)."""
    return [a for a in rules.legal_actions(state, seat) if a["type"] not in ("concede", "offer_draw")]


@pytest.mark.parametrize("row", ["codex-1hero", "arcane", "c23"])
def test_a_turns_horizon_scores_every_playout_at_the_same_turn(row):
    """A level with ``turns`` stops each playout once the turn count is
    that many turns past the root's, however deep it may go, and scores
    it there (issue 30: "hard" scores after the opponent's whole reply).
    Only the playouts' scores count here: tied root actions are also
    scored right after the action (SearchBot._break_ties)."""
    state, seat = next((s, t) for s, t in _positions(row, seed=3) if len(_searched_actions(s, t)) > 1)
    engine = kernel.get(rules.game_of(state))
    scored = []

    def recording(world, who):
        if sys._getframe(2).f_code.co_name == "_iterate":  # a playout's score (through _score)
            scored.append(world["turn"])
        return engine.evaluate(world, who)

    searched = dataclasses.replace(engine, evaluate=recording)
    level = Level(iterations=6, depth=400, turns=2)
    action = SearchBot(searched, seed=4, level=level).choose(rules.copy_state(state), seat)
    assert rules.is_legal(state, seat, action)
    assert scored and set(scored) == {state["turn"] + 2}
    scored.clear()
    SearchBot(searched, seed=4, level=dataclasses.replace(level, depth=40, turns=0)).choose(state, seat)
    assert max(scored) > state["turn"] + 2  # without the horizon the same playouts go further


def test_a_level_s_budget_for_one_game():
    """A level's ``per_game`` budget holds for the game it names, its
    ``iterations`` for the others (issue 30: "hard" searches Arcane Codex
    and C-23, whose actions cost less, longer)."""
    level = Level(iterations=3, depth=4, per_game=(("arcane", Level(iterations=7, depth=4)),))
    for row, spent in (("arcane", 7), ("c23", 3)):
        state, seat = next((s, t) for s, t in _positions(row, seed=3) if len(_searched_actions(s, t)) > 1)
        bot = SearchBot(kernel.get(rules.game_of(state)), seed=4, level=level)
        bot.choose(state, seat)
        assert bot.last_iterations == spent


def test_a_mean_steps_budget_caps_the_playout_actions():
    """A level's ``mean_steps`` ends the search once its playouts have
    applied that many actions per iteration of the budget in all (a budget
    that shrinks with the board)."""
    state, seat = next((s, t) for s, t in _positions("arcane", seed=3) if len(_searched_actions(s, t)) > 1)
    engine = kernel.get("arcane")
    free = SearchBot(engine, seed=4, level=Level(iterations=40, depth=30, prior=""))
    free.choose(state, seat)
    capped = SearchBot(engine, seed=4, level=Level(iterations=40, depth=30, prior="", mean_steps=2))
    capped.choose(state, seat)
    assert free.last_steps > 80
    assert capped.last_steps >= 80 > capped.last_steps - 30  # stops at the first iteration past the cap
    assert capped.last_iterations < free.last_iterations


PAIRED = Level(iterations=12, depth=30, turns=2, paired=True)


@pytest.mark.parametrize("row", sorted(ROWS))
def test_a_paired_search_never_peeks(row):
    """The paired search (sequential halving over shared worlds) reads the
    real state only through determinize too: states that differ only in
    cards hidden from the bot's seat give the same action and values."""
    for state, seat in _positions(row, seed=2):
        engine = kernel.get(rules.game_of(state))
        other = engine.determinize(state, seat, random.Random(99))
        first = SearchBot(engine, seed=5, level=PAIRED)
        second = SearchBot(engine, seed=5, level=PAIRED)
        assert first.choose(state, seat) == second.choose(other, seat)
        assert first.last_choice == second.last_choice


@pytest.mark.parametrize("row", ["codex-1hero", "arcane", "c23"])
def test_a_paired_search_plays_the_actions_left_in_the_same_worlds(row):
    """Every action still in the running at the end was played out in the
    same worlds (equal tries), the budget holds, and the halving dropped
    actions on the way when there were more than two."""
    state, seat = next((s, t) for s, t in _positions(row, seed=3) if len(_searched_actions(s, t)) > 2)
    level = dataclasses.replace(PAIRED, iterations=60)
    bot = SearchBot(kernel.get(rules.game_of(state)), seed=4, level=level)
    action = bot.choose(rules.copy_state(state), seat)
    assert rules.is_legal(state, seat, action)
    assert bot.last_iterations <= level.iterations
    assert sum(w.visits for w in bot.last_choice) == bot.last_iterations
    most = max(w.visits for w in bot.last_choice)
    assert min(w.visits for w in bot.last_choice) < most  # some were dropped
    finalists = [w for w in bot.last_choice if w.visits == most]
    assert len(finalists) >= 1 and bot.last_choice[0].visits == most


@pytest.mark.parametrize("row", ["codex-1hero", "arcane", "c23"])
def test_a_paired_world_rolls_the_same_dice_for_every_action(row):
    """Two playouts of one action from copies of one world, each from the
    dice of one seed, score the same (so the paired search compares
    actions, not luck); a level with noise plays a random action now and
    then, from those dice too."""
    state, seat = next((s, t) for s, t in _positions(row, seed=3) if len(_searched_actions(s, t)) > 1)
    engine = kernel.get(rules.game_of(state))
    bot = SearchBot(engine, seed=4, level=dataclasses.replace(PAIRED, noise=0.3))
    world = engine.determinize(state, seat, random.Random(1))
    action = _searched_actions(world, seat)[0]
    runs = [bot._iterate(engine.copy_state(world), seat, action, bot._dice(77)) for _ in range(3)]
    assert runs[0] == runs[1] == runs[2]
    assert runs[0][0] is not None


def _patrol_moves_by_turn(kind: str, seed: int, actions: int = 150) -> list:
    """A Codex 1-hero game, a ``kind`` bot (seat 0, 4 iterations a search)
    against greedy: for each of seat 0's turns, its patrol moves and the
    patrol arrangements it held after each of them, in order."""
    config = sampled_config("1hero", 2, 1, seed, f"x{seed}")
    engine = kernel.get(rules.game_of(config))
    state = rules.new_game(config)
    iterations = None if kind == "greedy" else 4
    bots = [rules.make_bot(kind, seed=seed, iterations=iterations), rules.make_bot("greedy", seed=seed + 1)]
    turns: dict = {}
    for step in range(actions):
        if state["status"] != "playing":
            break
        seat = engine.seat_to_ask(state, step)
        action = bots[seat].choose(state, seat)
        state, _ = rules.apply_action(state, seat, action)
        if seat == 0 and action["type"] == "patrol":
            moves, held = turns.setdefault(state["turn"], ([], []))
            moves.append(action["card"])
            held.append(json.dumps(state["players"][0]["patrol"], sort_keys=True))
    return list(turns.values())


@pytest.mark.parametrize("kind", ["greedy", "easy", "normal", "hard"])
def test_a_bot_never_shuffles_its_patrollers_within_a_turn(kind):
    """Found (tester, match 14): a "normal" bot made 35 patrol moves in a
    row, moving the same two cards between slots and off patrol. A patrol
    move in one's own main phase only rearranges the zone until the main
    phase ends (house rule R11), so a bot places each card at most once a
    turn and never comes back to an arrangement it already held."""
    for seed in (1, 2, 3):
        for moves, held in _patrol_moves_by_turn(kind, seed):
            assert len(moves) == len(set(moves)), (seed, moves)
            assert len(held) == len(set(held)), (seed, held)


@pytest.mark.parametrize("seed", [1, 2])
def test_a_normal_codex_bot_makes_the_attacks_greedy_makes(seed):
    """Found (tester, match 14): a "normal" bot never attacked. Its 24
    iterations tried most actions of a main phase twice, and the best of a
    dozen two-playout means beat the greedy pick by chance. At the first 12
    positions of a greedy game where the greedy bot attacks, normal now
    attacks too at 11 or more (it did at 8 of each seed's 12)."""
    config = sampled_config("1hero", 2, 1, seed, f"p{seed}")
    engine = kernel.get("codex")
    kept: list = []
    seen: list = []

    def keep(state, seat, action):
        seen.append(action)
        asked = engine.seat_to_ask(state, len(seen))
        picked = rules.make_bot("greedy", seed=5).choose(engine.copy_state(state), asked)
        if state["status"] == "playing" and len(kept) < 12 and picked and picked["type"] == "attack":
            kept.append((engine.copy_state(state), asked))

    bots = [engine.bots["greedy"](seed), engine.bots["greedy"](seed + 1)]
    play_game(engine, config, bots, max_actions=200, on_action=keep)
    picks = [rules.make_bot("normal", seed=3).choose(state, seat)["type"] for state, seat in kept]
    assert len(picks) == 12
    assert picks.count("attack") >= 11, picks


def test_a_turn_s_later_decisions_search_a_shrinking_budget():
    """A level's ``shrink`` and ``floor``: the k-th decision of a seat's
    turn (``move``) searches ``iterations * shrink ** k`` iterations, at
    least ``floor`` (a thinking budget per turn, issue 30), counted in
    iterations, so a choice stays reproducible for a seed and a move."""
    state, seat = next((s, t) for s, t in _positions("codex-1hero", seed=3) if len(_searched_actions(s, t)) > 1)
    engine = kernel.get("codex")
    level = Level(iterations=20, depth=4, prior="", shrink=0.5, floor=3)
    spent = []
    for move in range(5):
        choices = []
        for _ in range(2):
            bot = SearchBot(engine, seed=4, level=level, move=move)
            choices.append((bot.choose(rules.copy_state(state), seat), bot.last_choice, bot.last_iterations))
        assert choices[0] == choices[1]
        assert rules.is_legal(state, seat, choices[0][0])
        spent.append(choices[0][2])
    assert spent == [20, 10, 5, 3, 3]


@pytest.mark.parametrize(("kind", "most"), [("normal", 240), ("hard", 700)])
def test_a_long_codex_turn_thinks_a_bounded_budget(kind, most):
    """Found (docs/BENCHMARKS.md "Search bots"): a "hard" Codex bot searched
    its whole budget at each of a turn's moves, 5 to 35 of them, and
    thought 2.4-11.9 s of CPU a turn, where a whole bot turn may take 6 s
    at p95. Now a 35-move turn searches at most ``most`` iterations in
    all (before: 35 x 96 = 3,360 for hard, 35 x 24 = 840 for normal), and
    the turn's first move the whole budget; the levels of Arcane Codex and C-23, whose turns are a few
    moves, keep theirs at every move."""
    level = rules.LEVELS[kind]
    codex = kernel.get("codex")
    budgets = [SearchBot(codex, level=level, move=move).budget() for move in range(35)]
    assert budgets[0] == level.iterations and budgets == sorted(budgets, reverse=True)
    assert sum(budgets) <= most
    for name in ("arcane", "c23"):
        searched = SearchBot(kernel.get(name), level=level, move=7)
        assert searched.budget() == dict(level.per_game)[name].iterations


def test_make_bot_s_choice_at_a_move_of_the_turn_is_reproducible():
    """make_bot's ``move``: the same seed and move give the same choice,
    weighed on the shrunk budget."""
    state, seat = next((s, t) for s, t in _positions("codex-1hero", seed=4) if len(_searched_actions(s, t)) > 1)
    hard = rules.LEVELS["hard"]
    choices = []
    for _ in range(2):
        bot = rules.make_bot("hard", seed=11, move=6)
        choices.append((bot.choose(rules.copy_state(state), seat), bot.last_choice))
    assert choices[0] == choices[1]
    assert 0 < sum(w.visits for w in choices[0][1]) <= round(hard.iterations * hard.shrink**6)


def _won_with_a_wither(seed: int) -> tuple[dict, int, str]:
    """A Codex position (a greedy game's first main phase where the seat
    asked can attack the other base) made a sure win: that base has 1 HP
    left; the seat holds Wither with gold for it and may not hire or
    build. Returns the state, the seat and the seat's hero (a Wither on
    it only hurts the seat's side)."""
    engine = kernel.get("codex")
    config = sampled_config("1hero", 2, 1, seed, f"w{seed}")
    found: list = []
    seen: list = []

    def keep(state, seat, action):
        seen.append(action)
        asked = engine.seat_to_ask(state, len(seen))
        if found or state["status"] != "playing" or state["prompt"] is not None or state["phase"] != "main":
            return
        legal = rules.legal_actions(state, asked)
        if any(a["type"] == "attack" and a["target"].startswith("base:") for a in legal):
            found.append((engine.copy_state(state), asked))

    play_game(engine, config, [engine.bots["greedy"](seed), engine.bots["greedy"](seed + 1)], 400, keep)
    state, seat = found[0]
    other = state["players"][1 - seat]["team"]
    state["teams"][other]["damage"] = state["teams"][other]["hp"] - 1
    p = state["players"][seat]
    card = dict(state["cards"][p["workers"][0]], card="wither", iid="c999", zone="hand", marks={})
    card.update(damage=0, minus=0, plus=0, exhausted=False, controller=seat, owner=seat)
    state["cards"]["c999"] = card
    p.update(hand=["c999"], gold=2, hired_this_turn=True)
    p["buildings"]["tech_1"] = {"damage": 0, "done": True, "id": "tech_1"}
    return state, seat, next(i for i in p["play"] if stats.is_hero(state, i))


@pytest.mark.parametrize("prior", ["", "greedy"])
@pytest.mark.parametrize("seed", [1, 4])
def test_a_sure_win_never_hurts_the_bot_s_own_side(seed, prior):
    """Found (tester, F10): a "normal" Codex bot that had the game won
    played Wither on its own Helpful Turtle while the opponent's hero was
    a legal target: every root action scored a certain win, and the tie
    went to the listing order (or to the greedy prior, which picks a
    spell's target at random). Here, before, every search of seed 1
    played Wither on its own hero and none of seed 4 attacked the base.
    Now actions that tie at the top are told apart by the position right
    after them: a win at once first, then the game's evaluation; every
    search attacks the base and wins."""
    state, seat, hero = _won_with_a_wither(seed)
    engine = kernel.get("codex")
    harmful = {"type": "play", "card": "c999", "targets": [hero]}
    assert rules.is_legal(state, seat, harmful)
    for bot_seed in range(4):
        level = Level(iterations=48, depth=16, noise=0.0, prior=prior)
        bot = SearchBot(engine, seed=bot_seed, level=level)
        chosen = bot.choose(rules.copy_state(state), seat)
        tied = [w.action for w in bot.last_choice if w.visits and w.value == bot.last_choice[0].value]
        assert harmful in tied  # the self-harming action tied with the pick
        assert chosen != harmful
        after, _ = rules.apply_action(state, seat, chosen)
        assert after["status"] == "finished" and seat in rules.outcome(after)["winners"]
