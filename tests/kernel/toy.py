"""A toy game for the kernel's tests: two seats take turns adding 1 or 2
to a shared total; whoever brings it to ``goal`` or beyond wins. A seat
may also ``peek`` at a hidden card of its own (a line only it reads), or
concede at any time."""

from game.kernel import rng
from game.kernel.errors import RulesError
from game.kernel.game import Game, Move, MoveTable
from game.kernel.ids import counted_id
from game.kernel.log import LogBook, audience

LOG = LogBook(seq_key="log_n", keep=5, veiled_key="hide")


def new_game(config: dict) -> dict:
    """A toy state from ``{"seed", "goal"}``."""
    if config.get("goal", 5) < 1:
        raise RulesError("bad_config", "The goal is at least 1.")
    state = {
        "status": "playing",
        "players": [{"seat": 0, "card": None}, {"seat": 1, "card": None}],
        "total": 0,
        "goal": config.get("goal", 5),
        "active": 0,
        "winner": None,
        "log": [],
        "log_n": 0,
        "next_id": 1,
        "rng": rng.seed_state(config.get("seed", 0)),
    }
    for p in state["players"]:
        p["card"] = counted_id(state, "next_id", "t")
    return state


def _log(state, text, seers=(), veiled=None):
    LOG.write(state, text, audience(seers) if seers else None, veiled)


def check_add(state, seat, action):
    if seat != state["active"]:
        raise RulesError("not_your_turn", "Wait for your turn.")
    if action.get("n") not in (1, 2):
        raise RulesError("bad_amount", "Add 1 or 2.")
    return action["n"]


def do_add(state, seat, n):
    state["total"] += n
    _log(state, f"Seat {seat} adds {n}.")
    if state["total"] >= state["goal"]:
        state.update(status="finished", winner=seat)
        _log(state, f"Seat {seat} wins.")
    else:
        state["active"] = 1 - seat


def list_add(state, seat):
    return [{"type": "add", "n": 1}, {"type": "add", "n": 2}]


def check_peek(state, seat, action):
    return action


def do_peek(state, seat, action):
    card = state["players"][seat]["card"]
    _log(state, f"Seat {seat} sees {card}.", [{seat}], veiled=f"Seat {seat} peeks.")
    if action.get("boom"):
        raise ValueError("an engine bug")


def do_concede(state, seat, action):
    state.update(status="finished", winner=1 - seat)
    _log(state, f"Seat {seat} concedes.")


def _to_act(state, seat):
    return seat == state["active"]


RULES = MoveTable(
    moves=(
        Move("add", ("n",), check_add, do_add, list_add, _to_act),
        Move("peek", ("boom",), check_peek, do_peek),
        Move("concede", (), check_peek, do_concede, lambda s, seat: [{"type": "concede"}]),
    ),
    log=LOG,
    max_action_bytes=200,
)


def view(state, viewer):
    """Everything but the other seat's card."""
    if viewer not in (None, 0, 1):
        raise RulesError("bad_seat", "No such seat.")
    return {
        "total": state["total"],
        "mine": None if viewer is None else state["players"][viewer]["card"],
        "log": [line for line in state["log"] if "to" not in line or viewer in line["to"]],
    }


def waiting_on(state):
    return [state["active"]] if state["status"] == "playing" else []


TOY = Game(name="toy", new_game=new_game, moves=RULES, view=view, waiting_on=waiting_on)
