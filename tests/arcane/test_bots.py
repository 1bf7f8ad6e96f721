"""The Arcane Codex bots (game/arcane/bots.py; issue 17 "Bots: random legal
and greedy"): both only ever choose legal actions (the property tests play
them with the invariants of A31 and the deck facts), and the greedy bot
plays to win: it beats the random one in most seeded games and answers
the prompts it is given (blocks, A14; Mind Drain, A28; the hand limit, A24)."""

from game import rules
from game.arcane.bots import GreedyBot, RandomBot, play_game
from tests.arcane.helpers import act, config, position


def test_greedy_beats_random_in_most_games():
    """Greedy should win at least 3 in 4 of 40 seeded games against the random bot."""
    wins = sum(play_game(config(seed=seed), [GreedyBot(seed), RandomBot(seed)])[0]["winner"] == 0 for seed in range(40))
    assert wins >= 30


def test_greedy_blocks_a_lethal_attack_and_discards_its_cheapest_card():
    """The greedy defender blocks when its life is in danger (A14) and keeps its best cards (A28)."""
    state = position([{"creatures": ["9H"]}, {"life": 3, "creatures": ["3D"]}])
    state = act(act(state, 0, "attack", attacker="9H", target="player"), 0, "fight")
    choice = GreedyBot().choose(state, 1)
    assert choice["type"] == "block" and state["cards"][choice["blocker"]]["card"] == "3D"
    drained = position([{"hand": ["8S"]}, {"hand": ["KH", "2H", "10D"]}], round=22)
    drained = act(drained, 0, "play", card="8S")
    choice = GreedyBot().choose(drained, 1)
    assert drained["cards"][choice["card"]]["card"] == "2H"


def test_random_bot_never_concedes_nor_offers_a_draw():
    """Both bots leave concession and draw offers (A33) to people."""
    state = rules.new_game(config(seed=5))
    for bot in (RandomBot(1), GreedyBot(1)):
        for _ in range(30):
            assert bot.choose(state, state["active"])["type"] not in ("concede", "offer_draw")
