"""Setting up a C-23 game: the config, the table options (the house rules
marked ★), the shuffled decks, the opening hands with their redraws, the
first player, and the first turn ("Starting the Game"; K1-K6, K23-K25).
A config's scenario lays the zones out instead (game/c23/scenario.py).
"""

from typing import Any, NoReturn

from game.kernel.errors import RulesError
from game.kernel.rng import randbelow, seed_state, shuffle

from . import cards as pool
from .scenario import lay_out
from .state import GAME, State, cards_word, cdef, cname, log, name_list, new_id, pname, rename
from .turns import begin_turn, draw_cards

HAND_SIZE = 7  # "Starting the Game" 1
MULLIGAN_CAP = 5  # K6: at most 5 redraws, then keep

# Every ★ house rule is a table option (its default first): K2, K4, K5, K11, K24.
OPTIONS: dict[str, tuple[Any, ...]] = {
    "summoning_sickness": (False, True),  # K2: False = a character may attack the turn it is played
    "deck_out": ("empty", "draw"),  # K4: lose at 0 cards, or only when a draw finds the deck empty
    "simultaneous_loss": ("draw", "active_loses"),  # K5: both decks at 0 in one event
    "combat_cards_each": (1, 2),  # K11: combat cards per side in step C
    "elimination_bonus": (True, False),  # K24: the bonus for the player whose left neighbour goes
}


def _bad(message: str) -> NoReturn:
    raise RulesError("bad_config", message)


def _options(config: dict[str, Any]) -> dict[str, Any]:
    given = config.get("options") or {}
    if not isinstance(given, dict):
        _bad("options must be an object.")
    out = {}
    for key, values in OPTIONS.items():
        value = given.get(key, values[0])
        if type(value) is not type(values[0]) or value not in values:
            _bad(f"Option {key} takes one of {list(values)}.")
        out[key] = value
    unknown = sorted(set(given) - set(OPTIONS))
    if unknown:
        _bad(f"Unknown option {unknown[0][:40]!r}.")
    return out


def _deck_names(seat_cfg: dict[str, Any]) -> list[str]:
    deck = seat_cfg.get("deck", "red")
    if isinstance(deck, str):
        if deck not in pool.starter_names():
            _bad(f"There is no starter deck called {deck[:40]!r}.")
        return pool.starter(deck)
    problems = pool.validate_deck(deck)
    if problems:
        _bad(problems[0]["message"])
    return list(deck)


def new_game(config: dict[str, Any]) -> State:
    """Build the starting state of a C-23 game from ``config``.

    ``config``: ``{"game": "c23", "seed": int, "seats": [{"name", "deck"}],
    "options"?: {...}, "first"?: seat, "scenario"?: {...}}``; ``deck`` is a
    starter's colour or a list of card names (checked by K1). Two or three
    seats (K24; K25: no 4+ player or team games). Each deck is shuffled,
    each player draws 7 and redraws while the hand holds fewer than two
    resources, up to 5 times (K6; "Starting the Game"). ``first`` is the
    loser of the previous game; without it the first player is drawn at
    random (K23). The first player's turn begins: untap, draw (K3).
    ``scenario`` (docs/C23.md) lays out the zones instead of the shuffle.

    Raises RulesError ``bad_config`` for anything malformed.
    """
    if not isinstance(config, dict):
        _bad("The config is an object.")
    if config.get("game", GAME) != GAME:
        _bad("This is not a C-23 config.")
    if "teams" in config:
        _bad("C-23 has no team games.")
    seats = config.get("seats")
    if not isinstance(seats, list) or not 2 <= len(seats) <= 3:
        _bad("C-23 is played by 2 or 3 players.")
    if not all(isinstance(s, dict) for s in seats):
        _bad("Each seat is an object.")
    seed = config.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        _bad("The seed is an integer.")
    options = _options(config)
    state: State = {
        "game": GAME,
        "version": 1,
        "options": options,
        "rng": seed_state(seed),
        "status": "playing",
        "winner": None,
        "result": None,
        "result_reason": None,
        "turn": 0,
        "active": 0,
        "step": "untap",
        "first": 0,
        "combat": None,
        "prompt": None,
        "players": [],
        "cards": {},
        "log": [],
        "log_seq": 0,
    }
    for seat, s in enumerate(seats):
        name = s.get("name", f"Player {seat + 1}")
        if not isinstance(name, str) or not name:
            _bad("A seat's name is a non-empty string.")
        state["players"].append(
            {
                "seat": seat,
                "name": name[:40],
                "deck": [],
                "hand": [],
                "discard": [],
                "resources": [],
                "characters": [],
                "gone": [],
                "out": False,
                "resource_played": False,
                "revealed": False,
                "mulligans": 0,
                "cards_owned": 0,
            }
        )
    scenario = config.get("scenario")
    if scenario is not None:
        lay_out(state, seats, scenario)
        return state
    for seat, s in enumerate(seats):
        p = state["players"][seat]
        for name in _deck_names(s):
            iid = new_id(state)
            state["cards"][iid] = {"card": name, "owner": seat, "tapped": False, "entered": 0}
            p["deck"].append(iid)
        p["cards_owned"] = len(p["deck"])
        shuffle(state, p["deck"])
        log(state, f"{p['name']} shuffles a deck of {cards_word(len(p['deck']))}.")
    for p in state["players"]:
        opening_hand(state, p)
    first = config.get("first")
    if first is None:
        first = randbelow(state, len(seats))
        log(state, f"{pname(state, first)} is drawn at random to go first.")
    elif not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < len(seats):
        _bad("first is a seat number.")
    else:
        log(state, f"{pname(state, first)} goes first, having lost the previous game.")
    state["first"] = first
    begin_turn(state, first)
    return state


def opening_hand(state: State, p: dict[str, Any]) -> None:
    """Draw 7; while fewer than two are resources, shuffle them back and draw
    7 again, at most MULLIGAN_CAP times, then keep (K6, "Starting the Game" 2)."""
    draw_cards(state, p, HAND_SIZE, quiet=True)
    while sum(cdef(state, i)["type"] == "resource" for i in p["hand"]) < 2 and p["mulligans"] < MULLIGAN_CAP:
        p["mulligans"] += 1
        for iid in p["hand"]:
            p["deck"].append(rename(state, iid))
        p["hand"] = []
        shuffle(state, p["deck"])
        log(state, f"{p['name']} has fewer than two resources, shuffles the hand back and draws again.")
        draw_cards(state, p, HAND_SIZE, quiet=True)
    log(state, f"{p['name']} keeps a hand of {cards_word(len(p['hand']))}.")
    log(state, f"Your hand: {name_list(cname(state, i) for i in p['hand'])}.", cards=p["hand"])
