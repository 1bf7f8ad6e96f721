"""Turn structure: ready, upkeep, main phase, draw phase, tech.

Sources: Deluxe rulebook "Turn sequence" (ready, upkeep, main, draw/discard,
tech); house rules R9 (reshuffle), R11 (the tech choice stays open while the
next player plays), R12 (teching is mandatory below 10 workers), R6 (armor
refreshes each turn).
"""
from . import catalog
from .effects import draw, gain_gold, heal, move
from .flow import op, push, run
from . import timerunes  # noqa: F401  (registers the time_runes upkeep step)
from .state import log, make_instance, player, seat_name, teammates

HAND_LIMIT = 5  # Deluxe rulebook: draw up to 5 cards in the draw phase.


def worker_count(state: dict, seat: int) -> int:
    """How many workers ``seat`` has (starting workers plus hired ones)."""
    p = player(state, seat)
    return p["base_workers"] + len(p["workers"])


def tech_count_required(state: dict, seat: int) -> tuple:
    """``(least, most)`` codex cards ``seat`` must tech now (house rule R12)."""
    available = sum(player(state, seat)["codex"].values())
    most = min(2, available)
    least = most if worker_count(state, seat) < 10 else 0
    return least, most


def next_seat(state: dict, seat: int) -> int:
    """The seat whose turn follows ``seat``'s (seat order, wrapping)."""
    return (seat + 1) % len(state["players"])


def begin_turn(state: dict, seat: int) -> None:
    """Start ``seat``'s turn, or wait for its owed tech choice first (R11)."""
    state["active"] = seat
    if player(state, seat)["tech_owed"]:
        state["phase"] = "tech"
        log(state, f"Waiting for {seat_name(state, seat)} to choose tech cards.")
        return
    state["turn"] += 1
    state["phase"] = "upkeep"
    p = player(state, seat)
    p["hired_this_turn"] = False
    p["reshuffled_in_main"] = False
    p["free_gold_this_turn"] = 0
    p["ended_main"] = False
    p["patrol_locked"] = False
    log(state, f"Turn {state['turn']}: {seat_name(state, seat)} begins.")
    for slot in p["patrol"]:
        p["patrol"][slot] = None
    for inst in state["cards"].values():
        inst["armor_used"] = 0  # house rule R6: armor refreshes every turn
        if inst["zone"] == "play" and inst["controller"] == seat:
            inst["attacks"] = 0
            if inst["marks"].pop("disabled", False):
                continue  # glossary: Disable - it skips this ready step
            inst["exhausted"] = False
    push(state, {"op": "upkeep", "seat": seat}, front=False)
    push(state, {"op": "main_phase", "seat": seat}, front=False)


@op("upkeep")
def _upkeep(state: dict, step: dict) -> None:
    """Upkeep: gain 1 gold per worker (cap 20), then healing, then each card's
    upkeep trigger, then the Surplus draw (house rule R4), then one time rune
    leaves each fading thing and each forecasted card (glossary: Fading,
    Forecast; see timerunes)."""
    from .cards import hooks_for
    from . import stats
    seat = step["seat"]
    p = player(state, seat)
    gained = gain_gold(state, seat, worker_count(state, seat))
    log(state, f"{seat_name(state, seat)} gained {gained} gold from workers.")
    friendly = [i for s in teammates(state, seat) for i in player(state, s)["play"]
                if catalog.card(state["cards"][i]["card"])["kind"] in ("unit", "hero")]
    for iid in list(p["play"]):
        amount = stats.kw(state, iid, "healing")
        if amount:
            for target in friendly:
                if target in state["cards"]:
                    heal(state, target, amount)
    for iid in list(p["play"]):
        if iid in state["cards"]:
            hooks = hooks_for(state["cards"][iid]["card"])
            if hooks.upkeep is not None:
                hooks.upkeep(state, iid)
    addon = p["buildings"]["addon"]
    if addon and addon["id"] == "surplus" and addon["done"]:
        draw(state, seat, 1)
    push(state, {"op": "time_runes", "seat": seat})


@op("main_phase")
def _main_phase(state: dict, step: dict) -> None:
    state["phase"] = "main"


def end_main_phase(state: dict, seat: int, stash: str = None) -> None:
    """End ``seat``'s main phase: lock the patrol zone (only ready cards stay),
    run the draw phase at once (keeping the ``stash`` card, if any), end the
    turn and start the next one (R11)."""
    p = player(state, seat)
    for slot, iid in p["patrol"].items():
        if iid is not None and state["cards"][iid]["exhausted"]:
            p["patrol"][slot] = None
    p["patrol_locked"] = True
    p["ended_main"] = True
    log(state, f"{seat_name(state, seat)} ended their main phase.")
    draw_phase(state, seat, stash)
    end_turn(state, seat)


def has_stash(state: dict, seat: int) -> bool:
    """True when ``seat`` controls something with stash (glossary: Stash)."""
    from . import stats
    return any(stats.kw(state, iid, "stash") for iid in player(state, seat)["play"])


def draw_phase(state: dict, seat: int, stash: str = None) -> None:
    """Discard the hand, then draw that many + 2 cards, at most 5 (rulebook
    "Draw/discard phase"; the reshuffle is not limited here, R9).

    With stash, the hand card ``stash`` is kept instead of discarded and one
    card less is drawn, so the hand ends the same size (glossary: Stash;
    Bigby Hayes ruling: 2 in hand, keep 1, draw 3). The caller has checked
    that ``seat`` has stash and holds that card.
    """
    p = player(state, seat)
    count = len(p["hand"])
    for iid in list(p["hand"]):
        if iid != stash:
            move(state, iid, "discard")
    discarded = count - (1 if stash else 0)
    if stash:
        log(state, f"{seat_name(state, seat)} stashed a card.")
    if discarded:
        log(state, f"{seat_name(state, seat)} discarded {discarded} card{'s' if discarded != 1 else ''}.")
    draw(state, seat, min(count + 2, HAND_LIMIT) - (1 if stash else 0))


def end_turn(state: dict, seat: int) -> None:
    """End of turn: buildings finish, this-turn effects end, ephemeral things
    die, the player now owes a tech choice (R11), and the next turn begins."""
    from .cards import hooks_for
    from . import stats
    p = player(state, seat)
    for slot, rec in p["buildings"].items():
        if rec is not None and not rec["done"]:
            rec["done"] = True
            log(state, f"{seat_name(state, seat)}'s {catalog.card(rec['id'])['name']} is finished.")
    state["temp"] = []
    for inst in list(state["cards"].values()):
        if inst["zone"] == "play" and stats.kw(state, inst["iid"], "ephemeral"):
            inst["marks"]["doomed"] = True
    for iid in [i for q in state["players"] for i in q["play"]]:
        hooks = hooks_for(state["cards"][iid]["card"])
        if hooks.end_of_turn is not None:
            hooks.end_of_turn(state, iid)
    p["turns_ended"] += 1
    least, most = tech_count_required(state, seat)
    p["tech_owed"] = most > 0
    run(state)
    if state["status"] == "playing":
        begin_turn(state, next_seat(state, seat))


def tech(state: dict, seat: int, card_ids: list) -> None:
    """Put the chosen codex cards face down into ``seat``'s discard pile and
    clear the owed tech choice; if the game was waiting for it, the turn
    starts (R11, R12). The caller has validated ``card_ids``."""
    p = player(state, seat)
    for cid in card_ids:
        p["codex"][cid] -= 1
        if not p["codex"][cid]:
            del p["codex"][cid]
        make_instance(state, cid, seat, "discard")
    p["tech_owed"] = False
    names = ", ".join(catalog.card(c)["name"] for c in card_ids) or "nothing"
    log(state, f"{seat_name(state, seat)} teched {names}.", to=teammates(state, seat))
    log(state, f"{seat_name(state, seat)} teched {len(card_ids)} card{'s' if len(card_ids) != 1 else ''}.")
    if state["phase"] == "tech" and state["active"] == seat:
        begin_turn(state, seat)
