"""Creating a game from a config: the normal setup and the test scenarios.

Normal setup (Deluxe rulebook "Setup"; house rules R1, R22, R23): each player
shuffles their colour's 10-card starting deck (seeded) and draws 5, puts their
hero in the command zone, and has a codex of 2 copies of each card of their
hero's spec; the first player has 4 workers, the others 5; each base has
20 HP. Then the first player's turn begins. Free-for-all ("ffa") seats 3 to 5
players, each their own team, in a fixed turn order by seat (house rule R23;
its other rules are in freeforall.py).

A ``scenario`` in the config builds a position directly for tests (see
docs/ENGINE.md, "Scenarios"): hands, decks in order, discards, gold, workers,
cards in play with their slots, damage and runes, heroes at a level,
buildings, whose turn it is.
"""

import random

from . import catalog, maps, rng
from .checks import run
from .errors import RulesError
from .schema import SCHEMA
from .state import PATROL_SLOTS, make_instance, move, player, printed_card
from .timerunes import forecast_value
from .turns import begin_turn

MODES = {
    # mode: (seat counts allowed, heroes per seat, base HP) - house rules R1, R18
    "1hero": ((2,), 1, 20),
    "2hg": ((4,), 1, 30),
    "3hero": ((2,), 3, 20),
    "ffa": ((3, 4, 5), 1, 20),  # free-for-all, house rule R23
}


def team_for(mode: str, index: int) -> int:
    """The team of seat ``index``: Two-Headed Dragon seats 0-1 against 2-3;
    every other mode, one seat per team."""
    return index // 2 if mode == "2hg" else index


def starting_workers(mode: str, index: int) -> int:
    """Workers a seat starts with: the first player (in Two-Headed Dragon,
    each player of the first team) has 4, the others 5 (house rule R22)."""
    return 4 if team_for(mode, index) == 0 else 5


def sampled_config(mode: str, seats: int, per_seat: int, seed: int, key: str) -> dict:
    """A config of ``mode`` (a Codex mode name) with ``seats`` seats named
    P0, P1... of ``per_seat`` heroes each, drawn without repeats within a
    seat from every playable hero by a generator seeded with ``key``; the
    game's own seed is 1000 + ``seed``. For the tools, benchmarks and tests
    that play many games (the behaviour corpus, bots_ab)."""
    picker = random.Random(key)
    heroes = catalog.playable_heroes()
    return {
        "mode": mode,
        "seed": 1000 + seed,
        "seats": [{"name": f"P{i}", "heroes": picker.sample(heroes, per_seat)} for i in range(seats)],
    }


def new_game(config: dict) -> dict:
    """Create a game state from ``config``.

    ``config``: ``{"mode": "1hero" | "3hero" | "2hg" | "ffa", "seed": int,
    "seats": [{"name": str, "hero": hero_id}, ...], "scenario": optional
    dict, "map": optional map id (maps.py; a global card, cards/maps/)}``.
    In "2hg" (Two-Headed Dragon) seats 0 and 1 are the first team,
    2 and 3 the second; "ffa" (free-for-all) takes 3, 4 or 5 seats, each its
    own team, playing in seat order (house rule R23). Returns the state
    dict (JSON-able). Raises RulesError ``bad_config`` for an unknown mode,
    a wrong number of seats, an unknown hero, an unknown map or a malformed
    scenario.
    """
    mode = config.get("mode", "1hero")
    if mode not in MODES:
        raise RulesError("bad_config", f"Unknown game mode {mode!r}.")
    seat_counts, _, base_hp = MODES[mode]
    seats = config.get("seats") or []
    if len(seats) not in seat_counts:
        raise RulesError("bad_config", f"This mode needs {' or '.join(map(str, seat_counts))} seats.")
    seed = int(config.get("seed", 0))
    map_id = config.get("map")
    if map_id is not None and not maps.exists(map_id):
        raise RulesError("bad_config", f"Unknown map {map_id!r}.")
    state = {
        "schema": SCHEMA,
        "mode": mode,
        "seed": seed,
        "rng": rng.seed_state(seed),
        "status": "playing",
        "winner": None,
        "winners": [],
        "winner_team": None,
        "result_reason": None,
        "turn": 0,
        "active": 0,
        "phase": "setup",
        "players": [],
        "teams": [],
        "cards": {},
        "next_iid": 1,
        "queue": [],
        "prompt": None,
        "prompt_seq": 0,
        "temp": [],
        "lasting": [],
        "log": [],
        "log_seq": 0,
        "acting": None,
        "final": None,
        "final_pending": None,
    }
    if map_id is not None:
        state["map"] = map_id  # absent without a map (no change then)
    for index, seat in enumerate(seats):
        heroes = _seat_heroes(seat, MODES[mode][1])
        team = team_for(mode, index)
        if team == len(state["teams"]):
            state["teams"].append({"hp": base_hp, "damage": 0})
        state["players"].append(
            _new_player(
                index, str(seat.get("name") or f"Player {index + 1}"), heroes, team, starting_workers(mode, index)
            )
        )
        _fill_zones(state, index, heroes)
    scenario = config.get("scenario")
    if scenario is not None:
        _apply_scenario(state, scenario)
    else:
        for p in state["players"]:
            rng.shuffle(state, p["deck"])
            for _ in range(5):
                _draw_silently(state, p["seat"])
        begin_turn(state, 0)
    for p in state["players"]:
        p["card_total"] = _owned_cards(state, p["seat"])
    run(state)
    return state


def _seat_heroes(seat: dict, count: int) -> list:
    """The hero ids a seat brings: ``"hero": id`` or ``"heroes": [main, ...]``
    (the first is the main hero, whose colour gives the starting deck). The
    3-hero game takes 3 different heroes (Deluxe rulebook "Codex 3-Hero
    Game"). Only heroes whose cards the engine plays in full may be picked
    (:func:`catalog.playable_heroes`).
    Raises RulesError ``bad_config`` otherwise."""
    heroes = seat.get("heroes") if seat.get("heroes") is not None else [seat.get("hero")]
    if not isinstance(heroes, list) or len(heroes) != count or len(set(map(str, heroes))) != count:
        raise RulesError("bad_config", f"Each seat picks {count} different hero(es).")
    for hero_id in heroes:
        if not isinstance(hero_id, str) or not catalog.exists(hero_id) or catalog.card(hero_id)["kind"] != "hero":
            raise RulesError("bad_config", f"Unknown hero {hero_id!r}.")
        if not catalog.hero_playable(hero_id):
            raise RulesError(
                "bad_config", f"{catalog.card(hero_id)['name']} cannot be played yet: not all of their cards work."
            )
    return list(heroes)


def _new_player(seat: int, name: str, heroes: list, team: int, workers: int) -> dict:
    codex = {}
    for hero_id in heroes:
        for cid in catalog.spec_cards(catalog.card(hero_id)["spec"]):
            codex[cid] = 2
    return {
        "seat": seat,
        "name": name,
        "team": team,
        "heroes": list(heroes),
        "gold": 0,
        "base_workers": workers,
        "deck": [],
        "hand": [],
        "discard": [],
        "workers": [],
        "command": [],
        "play": [],
        "future": [],
        "trash": [],
        "patrol": {slot: None for slot in PATROL_SLOTS},
        "codex": codex,
        "buildings": {"tech_1": None, "tech_2": None, "tech_3": None, "addon": None},
        "free_rebuild": {},
        "hired_this_turn": False,
        "reshuffled_in_main": False,
        "free_gold_this_turn": 0,
        "tech_owed": False,
        "turns_ended": 0,
        "hero_ready_after": {},
        "patrol_locked": False,
        "ended_main": False,
        "card_total": 0,
    }


def _fill_zones(state: dict, seat: int, heroes: list) -> None:
    """Put ``seat``'s starting deck (the main hero's colour, unshuffled) and
    its heroes into their zones."""
    for cid in catalog.starting_deck(catalog.card(heroes[0])["color"]):
        make_instance(state, cid, seat, "deck")
    for hero_id in heroes:
        make_instance(state, hero_id, seat, "command")


def _draw_silently(state: dict, seat: int) -> None:
    p = player(state, seat)
    move(state, p["deck"][0], "hand")


def _owned_cards(state: dict, seat: int) -> int:
    """Cards ``seat`` owns (tokens excluded) in every zone, plus its codex."""
    owned = sum(
        1
        for inst in state["cards"].values()
        if inst["owner"] == seat and not catalog.card(printed_card(inst)).get("token")
    )
    return owned + sum(player(state, seat)["codex"].values())


def _card_id(value) -> str:
    if not isinstance(value, str) or not catalog.exists(value):
        raise RulesError("bad_config", f"Unknown card {value!r} in the scenario.")
    return value


def _apply_scenario(state: dict, scenario: dict) -> None:
    """Build the position described by ``scenario`` (docs/ENGINE.md)."""
    if not isinstance(scenario, dict):
        raise RulesError("bad_config", "The scenario must be an object.")
    state["turn"] = int(scenario.get("turn", 1))
    active = int(scenario.get("active", 0))
    for seat, spec in enumerate(scenario.get("seats", [])):
        p = player(state, seat)
        if "deck" in spec or "hand" in spec:
            for iid in list(p["deck"]):
                del state["cards"][iid]
            p["deck"] = []
            for cid in spec.get("deck", []):
                make_instance(state, _card_id(cid), seat, "deck")
        for cid in spec.get("hand", []):
            make_instance(state, _card_id(cid), seat, "hand")
        for cid in spec.get("discard", []):
            make_instance(state, _card_id(cid), seat, "discard")
        for cid in spec.get("worker_cards", []):
            make_instance(state, _card_id(cid), seat, "workers")
        if "codex" in spec:
            p["codex"] = {_card_id(c): int(n) for c, n in spec["codex"].items() if int(n) > 0}
        p["gold"] = int(spec.get("gold", 0))
        if "workers" in spec:
            p["base_workers"] = int(spec["workers"])
        p["tech_owed"] = bool(spec.get("tech_owed", False))
        p["turns_ended"] = int(spec.get("turns_ended", state["turn"] // 2))
        if "base_damage" in spec:  # a team's seats share one base (R18)
            state["teams"][p["team"]]["damage"] = int(spec["base_damage"])
        for slot, value in (spec.get("buildings") or {}).items():
            if slot not in p["buildings"]:
                raise RulesError("bad_config", f"Unknown building slot {slot!r}.")
            if value:
                bid = value if slot == "addon" else slot
                p["buildings"][slot] = {"id": _card_id(bid), "damage": 0, "done": True}
        for entry in spec.get("play", []):
            _scenario_card_in_play(state, seat, entry, move)
        for entry in spec.get("future", []):
            _scenario_card_in_future(state, seat, entry)
    state["active"] = active
    state["phase"] = "main"


def _scenario_card_in_future(state: dict, seat: int, entry) -> None:
    """A forecasted card in ``seat``'s future zone: ``{"card": id, "time":
    n, "id": tag}`` (glossary: Forecast; ``time`` defaults to its X)."""
    if isinstance(entry, str):
        entry = {"card": entry}
    cid = _card_id(entry.get("card"))
    iid = make_instance(state, cid, seat, "future")
    inst = state["cards"][iid]
    inst["time"] = int(entry.get("time", forecast_value(state, cid)))
    if entry.get("id"):
        inst["marks"]["tag"] = entry["id"]


def _scenario_card_in_play(state: dict, seat: int, entry, move) -> None:
    if isinstance(entry, str):
        entry = {"card": entry}
    cid = _card_id(entry.get("card"))
    p = player(state, seat)
    rec = catalog.card(cid)
    if rec["kind"] == "hero":
        heroes = [i for i in p["command"] if state["cards"][i]["card"] == cid]
        iid = heroes[0] if heroes else make_instance(state, cid, seat, "command")
        p["command"].remove(iid)
        inst = state["cards"][iid]
        inst["zone"] = "play"
        p["play"].append(iid)
        inst["level"] = int(entry.get("level", 1))
        if inst["level"] >= rec["max_level"]:
            inst["marks"]["max_turn"] = 0
    else:
        iid = make_instance(state, cid, seat, "play")
        inst = state["cards"][iid]
    inst["damage"] = int(entry.get("damage", 0))
    inst["exhausted"] = bool(entry.get("exhausted", False))
    inst["plus"] = int(entry.get("plus", 0))
    inst["minus"] = int(entry.get("minus", 0))
    inst["granted"] = dict(entry.get("granted", {}))
    inst["arrived"] = state["turn"] if entry.get("fresh") else 0
    inst["time"] = int(entry.get("time", 0))  # time runes (fading)
    if entry.get("runes"):  # named runes, e.g. {"feather": 1} (Fairie Dragon)
        inst["marks"]["runes"] = {str(k): int(v) for k, v in entry["runes"].items()}
    slot = entry.get("patrol")
    if slot is not None:
        if slot not in PATROL_SLOTS:
            raise RulesError("bad_config", f"Unknown patrol slot {slot!r}.")
        p["patrol"][slot] = iid
    entry_id = entry.get("id")
    if entry_id:
        inst["marks"]["tag"] = entry_id
