"""Starting an Arcane Codex game: the config, its table options, the
standard setup (A1, A2, Arcane Reprieve) and the scenario setup for tests
(docs/ARCANE.md, "Config", "Scenarios")."""

from game.kernel import rng
from game.kernel.errors import RulesError

from . import cards
from .engine import start_turn
from .state import ARENA_OF, draw, log, name, put

# Every \u2605 house rule is a table option: name -> (allowed values, default).
OPTIONS = {
    "main_phases": (("one", "two"), "one"),  # A4
    "land_power": (("immediate", "next_turn"), "immediate"),  # A6
    "blockers": (("one", "many"), "one"),  # A14
    "crush_vs_sage": (("player", "target"), "player"),  # A18
    "sage_ultimate": (("any_turn", "not_on_entry"), "any_turn"),  # A23
    "round_cap": (None, 60),  # A33: 1..1000 rounds, or null for none
}
START_LIFE = 20  # rulebook "What You Need"; A32
OPENING_HAND = 4  # rulebook "Setup"


def options_of(given) -> dict:
    """The table options, every one present: ``given`` (a dict or None)
    over the defaults. Raises RulesError ``bad_option`` for an unknown name
    or value (house rules A4, A6, A14, A18, A23, A33)."""
    given = given or {}
    if not isinstance(given, dict):
        raise RulesError("bad_option", "The options must be an object.")
    out = {}
    for key in given:
        if key not in OPTIONS:
            raise RulesError("bad_option", f"Arcane Codex has no table option called {str(key)[:40]!r}.")
    for key, (values, default) in OPTIONS.items():
        value = given.get(key, default)
        if key == "round_cap":
            if value is not None and (not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 1000):
                raise RulesError("bad_option", "The round cap is a number of rounds from 1 to 1000, or null for none.")
        elif value not in values:
            raise RulesError("bad_option", f"The option {key} is one of: {', '.join(values)}.")
        out[key] = value
    return out


def _player(seat: int, seat_config) -> dict:
    if not isinstance(seat_config, dict) or not isinstance(seat_config.get("name"), str) or not seat_config["name"]:
        raise RulesError("bad_config", "Each seat needs a name.")
    return {
        "seat": seat,
        "team": seat,
        "name": seat_config["name"][:40],
        "life": START_LIFE,
        "hand": [],
        "lands": [],
        "creatures": [],
        "relics": [],
        "charms": [],
        "sages": [],
        "power_spent": 0,
        "land_played": False,
        "lands_at_start": 0,
        "blood_debt": False,
        "sage_step": False,
        "draw_offer": False,
    }


def new_game(config: dict) -> dict:
    """Build the starting state of an Arcane Codex game from ``config``
    (``{"game": "arcane", "seed": int, "seats": [{"name"}, {"name"}],
    "options": {...}, "scenario": {...}}``) and return it.

    Without a scenario: the deck is shuffled by the game's secret-seeded
    generator, a coin flip picks who goes first (A1, logged), the first
    player draws 4 then the second 4, and Arcane Reprieve is applied first
    player then second, once each (rulebook "Setup"; A2); then the first
    turn starts (A3, no draw for the first player). With a scenario, the
    position it describes (:func:`build_scenario`). Raises RulesError
    ``bad_config``, ``bad_option`` or ``bad_scenario``.
    """
    if not isinstance(config, dict):
        raise RulesError("bad_config", "The config must be an object.")
    seed = config.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RulesError("bad_config", "The seed must be an integer.")
    seats = config.get("seats")
    if not isinstance(seats, list) or len(seats) != 2:
        raise RulesError("bad_config", "Arcane Codex is played by exactly two seats.")
    state = {
        "game": "arcane",
        "version": 1,
        "options": options_of(config.get("options")),
        "rng": rng.seed_state(seed),
        "status": "playing",
        "winner": None,
        "winners": [],
        "result_reason": None,
        "round": 1,
        "turn": 0,
        "phase": "main",
        "active": 0,
        "first": 0,
        "players": [_player(i, s) for i, s in enumerate(seats)],
        "deck": [],
        "discard": [],
        "banished": [],
        "stack": [],
        "cards": {},
        "next_id": 1,
        "attacks": [],
        "prompt": None,
        "log": [],
        "log_n": 0,
    }
    if config.get("scenario") is not None:
        build_scenario(state, config["scenario"])
        return state
    codes = cards.full_deck()
    rng.shuffle(state, codes)
    for code in codes:
        put(state, code, "deck")
    first = rng.randbelow(state, 2)
    state["first"] = state["active"] = first
    log(state, f"A coin flip decides that {name(state, first)} goes first.")
    order = (first, 1 - first)
    for seat in order:
        for _ in range(OPENING_HAND):
            draw(state, seat)
    for seat in order:
        lands = sum(1 for cid in state["players"][seat]["hand"] if cards.kind(state["cards"][cid]["card"]) == "land")
        extra = {0: 2, 1: 1}.get(lands, 0)
        if extra:
            log(
                state,
                f"Arcane Reprieve: {name(state, seat)} opened with {lands or 'no'} land"
                f"{'' if lands == 1 else 's'} and draws {extra} more.",
            )
            for _ in range(extra):
                draw(state, seat)
    start_turn(state)
    return state


def _code(value, where: str) -> str:
    try:
        cards.split(value)
    except ValueError:
        raise RulesError(
            "bad_scenario", f"{where}: {str(value)[:20]!r} is not a card (write it like 7S, 10H, KD)."
        ) from None
    return value


def build_scenario(state: dict, scenario: dict) -> None:
    """Lay out the position ``scenario`` describes in ``state`` (a test
    setup, docs/ARCANE.md "Scenarios"): ``first``, ``active``, ``round``;
    ``deck`` (top first), ``discard``, ``banished``; ``rest`` (where every
    card named nowhere goes, shuffled: ``deck`` below the named ones, the
    default, ``discard`` or ``banished``); and per player ``life``,
    ``hand``, ``power_spent``, ``land_played``, ``lands``, ``relics``,
    ``charms``, ``creatures`` (codes or ``{"card", "damage", "exhausted",
    "arrived"}``, ``arrived``: it entered this turn) and ``sages`` (codes or
    ``{"card", "essence", "used"}``). The game starts in the active
    player's main phase, with no start-of-turn step (A3). Each of the 52
    cards appears at most once. Raises RulesError ``bad_scenario``.
    """
    if not isinstance(scenario, dict):
        raise RulesError("bad_scenario", "The scenario must be an object.")
    first, active, round_number = scenario.get("first", 0), scenario.get("active", 0), scenario.get("round", 1)
    if first not in (0, 1) or active not in (0, 1) or not isinstance(round_number, int) or round_number < 1:
        raise RulesError("bad_scenario", "first and active are 0 or 1, round a number from 1.")
    state.update(
        first=first, active=active, round=round_number, turn=2 * (round_number - 1) + (1 if active == first else 2)
    )
    seen = set()

    def place(code, zone, seat=None, where=""):
        code = _code(code, where)
        if code in seen:
            raise RulesError("bad_scenario", f"{code} appears twice.")
        seen.add(code)
        return put(state, code, zone, seat)

    for zone in ("deck", "discard", "banished"):
        for code in scenario.get(zone, []):
            place(code, zone, where=zone)
    players = scenario.get("players", [{}, {}])
    if not isinstance(players, list) or len(players) != 2:
        raise RulesError("bad_scenario", "players lists the two seats.")
    for seat, spec in enumerate(players):
        p = state["players"][seat]
        p["life"] = spec.get("life", START_LIFE)
        p["power_spent"] = spec.get("power_spent", 0)
        p["land_played"] = bool(spec.get("land_played", False))
        for code in spec.get("hand", []):
            place(code, "hand", seat, "hand")
        for zone in ("lands", "relics", "charms", "creatures", "sages"):
            for entry in spec.get(zone, []):
                entry = entry if isinstance(entry, dict) else {"card": entry}
                cid = place(entry.get("card"), zone, seat, zone)
                if ARENA_OF[cards.kind(state["cards"][cid]["card"])] != zone:
                    raise RulesError("bad_scenario", f"{entry['card']} does not belong among {zone}.")
                card = state["cards"][cid]
                card["damage"] = entry.get("damage", 0)
                card["exhausted"] = bool(entry.get("exhausted", False))
                card["arrived"] = state["turn"] if entry.get("arrived") else state["turn"] - 1
                card["used"] = bool(entry.get("used", False))
                if zone == "sages":
                    card["essence"] = entry.get("essence", cards.SAGE_ESSENCE)
        p["lands_at_start"] = len(p["lands"]) - (1 if p["land_played"] else 0)
    rest = [code for code in cards.full_deck() if code not in seen]
    rng.shuffle(state, rest)
    where = scenario.get("rest", "deck")
    if where not in ("deck", "discard", "banished"):
        raise RulesError("bad_scenario", "rest is deck, discard or banished.")
    for code in rest:
        put(state, code, where)
    log(state, f"A prepared position: round {round_number}, {name(state, active)} to play.")
