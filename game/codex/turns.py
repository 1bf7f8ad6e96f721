"""Turn structure: ready, upkeep, main phase, draw phase, tech.

Sources: Deluxe rulebook "Turn sequence" (ready, upkeep, main, draw/discard,
tech); house rules R9 (reshuffle), R11 (the tech choice stays open while the
next player plays), R12 (teching is mandatory below 10 workers), R6 (armor
refreshes each turn); in a free-for-all R23 (Mercenaries in the first
upkeep), R26 (the lending step after the main phase, lent cards return in
the borrower's upkeep) and R28 (the final rounds decide who plays next).
"""

from . import (
    catalog,
    stats,
    timerunes,  # noqa: F401  (registers the time_runes upkeep step)
)
from .cards import registry
from .checks import run
from .effects import draw, gain_gold, heal, move
from .flow import ask, op, push, push_all
from .freeforall import final_round_seat, give_mercenaries, lend_options, return_lent
from .specs import turn_begins, turn_ends
from .state import acting_seats, listed, log, make_instance, name, player, seat_name, teammates

HAND_LIMIT = 5  # Deluxe rulebook: draw up to 5 cards in the draw phase.


def worker_count(state: dict, seat: int) -> int:
    """How many workers ``seat`` has (starting workers plus hired ones)."""
    p = player(state, seat)
    return p["base_workers"] + len(p["workers"])


def worker_gold(state: dict, seat: int) -> int:
    """Gold ``seat``'s workers produce in its upkeep: one each, at most
    what a card in play allows (``modifies worker_gold_cap``: Slow-Time
    Generator, "at most 4 in total")."""
    amount = worker_count(state, seat)
    caps = registry.answering("modifies:worker_gold_cap")
    for q in state["players"] if caps else ():
        for src in q["play"]:
            fn = registry.handler_in(state, caps, src)
            if fn is not None:
                amount = min(amount, fn(state, src, seat))
    return amount


def tech_count_required(state: dict, seat: int) -> tuple:
    """``(least, most)`` codex cards ``seat`` must tech now (house rule R12)."""
    available = sum(player(state, seat)["codex"].values())
    most = min(2, available)
    least = most if worker_count(state, seat) < 10 else 0
    return least, most


def next_seat(state: dict) -> int:
    """The seat that leads the next turn: the first seat after the current
    turn's seats (teams sit together, so in Two-Headed Dragon this is the
    other team's first seat)."""
    return (max(acting_seats(state)) + 1) % len(state["players"])


def begin_turn(state: dict, seat: int) -> None:
    """Start the turn led by ``seat`` (with its teammate in Two-Headed
    Dragon), or wait for owed tech choices first (R11): ready, then each
    acting player's upkeep, then the main phase. The game's map may hold
    exhausted cards back from readying (``restricts ready``): each acting
    player's held cards go to the step it names, queued before that
    player's upkeep."""
    state["active"] = seat
    acting = acting_seats(state)
    owed = [s for s in acting if player(state, s)["tech_owed"]]
    if owed:
        state["phase"] = "tech"
        names = listed(seat_name(state, s) for s in owed)
        log(state, f"Waiting for {names} to choose tech cards.")
        return
    state["turn"] += 1
    state["phase"] = "upkeep"
    for s in acting:
        p = player(state, s)
        p["hired_this_turn"] = False
        p["reshuffled_in_main"] = False
        p["free_gold_this_turn"] = 0
        p["ended_main"] = False
        p["patrol_locked"] = False
        for slot in p["patrol"]:
            p["patrol"][slot] = None
        turn_begins(state, s)
    names = listed(seat_name(state, s) for s in acting)
    log(state, f"Turn {state['turn']}: {names} {'begin' if len(acting) > 1 else 'begins'}.")
    gid = registry.global_card(state)
    hold = registry.handler("restricts:ready", gid) if gid is not None else None
    held: dict = {s: {} for s in acting}  # seat -> {step: [iid]}
    for inst in state["cards"].values():
        inst["armor_used"] = 0  # house rule R6: armor refreshes every turn
        if inst["zone"] == "play" and inst["controller"] in acting:
            inst["attacks"] = 0
            if inst["marks"].pop("disabled", False):
                continue  # glossary: Disable - it skips this ready step
            if hold is not None and inst["exhausted"]:
                step = hold(state, gid, inst["iid"])
                if step:  # held back: its step decides, below
                    held[inst["controller"]].setdefault(step, []).append(inst["iid"])
                    continue
            inst["exhausted"] = False
    _end_lasting(state, acting)
    for s in acting:
        for step, cards in held[s].items():
            push(state, {"op": step, "seat": s, "cards": cards}, front=False)
        push(state, {"op": "upkeep", "seat": s}, front=False)
    push(state, {"op": "main_phase", "seat": seat}, front=False)


def _end_lasting(state: dict, acting: list) -> None:
    """Effects lasting "until your next turn" or "until your next upkeep"
    (``state["lasting"]``: Moment's Peace, Ferocity, Polymorph: Squirrel)
    end as their player's next turn begins, before the upkeep; an entry with
    an ``end`` step name queues that step (e.g. to undo a transformation)."""
    ending = [e for e in state.get("lasting", []) if e["seat"] in acting]
    state["lasting"] = [e for e in state.get("lasting", []) if e["seat"] not in acting]
    for entry in ending:
        if entry.get("end"):
            push(state, dict(entry, op=entry["end"]), front=False)


UPKEEP_ORDERS = ("healing first", "abilities first")


@op("upkeep")
def _upkeep(state: dict, step: dict) -> None:
    """Upkeep: in a free-for-all, cards lent to the player go back to their
    lenders (R26) and, in the player's first upkeep, their Mercenary tokens
    arrive (R23); gain 1 gold per worker (cap 20), then the game's map
    and the player's cards hear ``player_upkeep`` (more gold, say), then
    the Surplus draw (house
    rule R4), then healing and each card's upkeep trigger: healing first,
    unless both happen, when the player picks the order (Star-Crossed
    Starlet ruling: the active player orders their upkeep effects), then one
    time rune leaves each fading thing and each forecasted card (glossary:
    Fading, Forecast; see timerunes)."""
    seat = step["seat"]
    p = player(state, seat)
    return_lent(state, seat)
    give_mercenaries(state, seat)
    gained = gain_gold(state, seat, worker_gold(state, seat))
    log(state, f"{seat_name(state, seat)} gained {gained} gold from workers.")
    registry.emit_to(state, "player_upkeep", p["play"], seat)
    addon = p["buildings"]["addon"]
    if addon and addon["id"] == "surplus" and addon["done"]:
        draw(state, seat, 1)
    if p.get("debts"):
        push(state, {"op": "pay_debts", "seat": seat})
    push(state, {"op": "time_runes", "seat": seat})
    with stats.frozen(state):  # only reading: each thing's stats once
        healers = [i for i in p["play"] if stats.kw(state, i, "healing")]
    upkeeps = registry.answering("upkeep")
    triggers = [i for i in p["play"] if registry.answers_as(state, i) in upkeeps]
    then = {"op": "upkeep_order", "seat": seat}
    if healers and triggers:
        ask(state, seat, _upkeep_question(state, healers, triggers), list(UPKEEP_ORDERS), then)
    else:
        push(state, dict(then, choice=[UPKEEP_ORDERS[0]]))


@op("pay_debts")
def _pay_debts(state: dict, step: dict) -> None:
    """The end of ``step["seat"]``'s upkeep (after the gold of workers and
    of upkeep triggers: Promise of Payment ruling): each debt (``debts``,
    Promise of Payment) is paid in gold, or the player loses the game: their
    base falls (in Two-Headed Dragon the team loses; in a free-for-all
    house rule R28 decides, as for any fallen base)."""
    seat = step["seat"]
    p = player(state, seat)
    for debt in p.pop("debts", []):
        if p["gold"] >= debt["gold"]:
            p["gold"] -= debt["gold"]
            log(
                state,
                f"{seat_name(state, seat)} paid {debt['gold']} gold for "
                f"{catalog.card(debt['card'])['name']}, as promised.",
            )
            continue
        log(
            state,
            f"{seat_name(state, seat)} couldn't pay {debt['gold']} gold for "
            f"{catalog.card(debt['card'])['name']} and lost the game.",
        )
        team = state["teams"][p["team"]]
        team["damage"] = max(team["damage"], team["hp"])
        return


def _names(state: dict, iids: list) -> str:
    """The names of the things ``iids``, each once, as one list (state.listed)."""
    names = list(dict.fromkeys(name(state, i) for i in iids))
    return listed(names)


def _upkeep_question(state: dict, healers: list, triggers: list) -> str:
    """The upkeep-order question (Star-Crossed Starlet ruling), naming what
    heals and what has an upkeep effect, and what each order does (a
    newcomer's trial found the bare question unanswerable)."""
    heal, act = _names(state, healers), _names(state, triggers)
    return (
        f"Upkeep: {heal} {'heal' if ' and ' in heal else 'heals'} (Healing) and {act} "
        f"{'have' if ' and ' in act else 'has'} an upkeep effect. Which first? Healing first removes damage "
        "before the effect; the effect first lets the healing remove damage the effect deals."
    )


@op("upkeep_order")
def _upkeep_order(state: dict, step: dict) -> None:
    """Queue the healing and the upkeep triggers in the chosen order, each as
    its own step so that deaths are checked in between (a Starlet that takes
    her second damage before the healing dies)."""
    steps = [{"op": "upkeep_healing", "seat": step["seat"]}, {"op": "upkeep_triggers", "seat": step["seat"]}]
    if step["choice"] == [UPKEEP_ORDERS[1]]:
        steps.reverse()
    push_all(state, steps)


@op("upkeep_healing")
def _upkeep_healing(state: dict, step: dict) -> None:
    """Healing X: each of the player's healers removes X damage from every
    friendly unit and hero (glossary: Healing; buildings are not healed)."""
    seat = step["seat"]
    friendly = [
        i
        for s in teammates(state, seat)
        for i in player(state, s)["play"]
        if catalog.card(state["cards"][i]["card"])["kind"] in ("unit", "hero")
    ]
    for iid in list(player(state, seat)["play"]):
        amount = stats.kw(state, iid, "healing") if iid in state["cards"] else 0
        if amount:
            for target in friendly:
                if target in state["cards"]:
                    heal(state, target, amount)


@op("upkeep_triggers")
def _upkeep_triggers(state: dict, step: dict) -> None:
    """Run the "upkeep:" trigger of each of the player's cards in play."""
    registry.emit_to(state, "upkeep", player(state, step["seat"])["play"])


@op("main_phase")
def _main_phase(state: dict, step: dict) -> None:
    state["phase"] = "main"


def _lock_patrol(state: dict, seat: int) -> None:
    """``seat``'s main phase is over: exhausted cards leave its patrol zone
    (only ready cards patrol) and the zone is locked."""
    p = player(state, seat)
    for slot, iid in p["patrol"].items():
        if iid is not None and state["cards"][iid]["exhausted"]:
            p["patrol"][slot] = None
    p["patrol_locked"] = True
    p["ended_main"] = True


def end_main_phase(state: dict, seat: int, stash: str = None) -> None:
    """End ``seat``'s main phase: lock its patrol zone (only ready cards
    stay); a player marked ``discard_hand_turn`` this turn discards their
    hand first (Desperation). When every acting player has ended (at once
    in a 1-hero game; in Two-Headed Dragon when both teammates have, R19),
    the turn goes on: in a free-for-all to the lending step when the player
    has something to lend (phase ``"lend"``, house rule R26), otherwise
    straight to :func:`finish_turn`."""
    p = player(state, seat)
    _lock_patrol(state, seat)
    if p.pop("discard_hand_turn", None) == state["turn"] and p["hand"]:
        # Desperation: the hand goes before the draw phase, which then
        # discards nothing and draws 2 (Desperation ruling).
        for iid in list(p["hand"]):
            move(state, iid, "discard")
        log(state, f"{seat_name(state, seat)} discarded their hand.")
    p["stash"] = stash
    log(state, f"{seat_name(state, seat)} ended their main phase.")
    if not all(player(state, s)["ended_main"] for s in acting_seats(state)):
        return
    if lend_options(state, seat):
        state["phase"] = "lend"
        log(state, f"{seat_name(state, seat)} may lend ready units and heroes to other players.")
        return
    finish_turn(state)


def finish_turn(state: dict) -> None:
    """Every acting player has ended their main phase (and lending, R26):
    each runs their draw phase (keeping their ``stash`` card, if any), the
    turn ends and the next one starts (R11)."""
    for s in acting_seats(state):
        kept = player(state, s).pop("stash", None)
        draw_phase(state, s, kept if kept in player(state, s)["hand"] else None)
        turn_ends(state, s)
    end_turn(state)


def cut_turn_short(state: dict) -> None:
    """A base fell during this free-for-all turn and what was resolving has
    finished (house rule R28: the game is over at that moment): each acting
    player still in their main phase ends it where it stands (patrol zone
    locked), no lending, then :func:`finish_turn` as usual, so the final
    rounds begin (freeforall.settle)."""
    for s in acting_seats(state):
        if not player(state, s)["ended_main"]:
            _lock_patrol(state, s)
    log(state, f"{seat_name(state, state['active'])}'s turn ends here.")
    finish_turn(state)


def has_stash(state: dict, seat: int) -> bool:
    """True when ``seat`` controls something with stash (glossary: Stash)."""
    return any(stats.kw(state, iid, "stash") for iid in player(state, seat)["play"])


def draw_phase(state: dict, seat: int, stash: str = None) -> None:
    """Discard the hand, then draw that many + 2 cards, at most 5 (rulebook
    "Draw/discard phase"; the reshuffle is not limited here, R9).

    With stash, the hand card ``stash`` is kept instead of discarded and one
    card less is drawn, so the hand ends the same size (glossary: Stash;
    Bigby Hayes ruling: 2 in hand, keep 1, draw 3). The caller has checked
    that ``seat`` has stash and holds that card. A card in play answering
    ``restricts draw``, or a pending ``skip_draws`` count of the player (Prynn
    Pasternaak's mid band), skips the whole phase; the hand stays.
    """
    p = player(state, seat)
    if registry.any_says(state, "restricts:draw", p["play"], seat):
        log(state, f"{seat_name(state, seat)} skipped their draw/discard phase (an oath).")
        return
    if p.get("skip_draws"):
        # An effect that is over made seat skip its next one (Prynn Pasternaak's mid band).
        p["skip_draws"] -= 1
        if not p["skip_draws"]:
            del p["skip_draws"]
        log(state, f"{seat_name(state, seat)} skipped their draw/discard phase and kept their hand.")
        return
    count = len(p["hand"])
    for iid in list(p["hand"]):
        if iid != stash:
            move(state, iid, "discard")
    discarded = count - (1 if stash else 0)
    if stash:
        log(state, f"{seat_name(state, seat)} stashed a card.")
    if discarded:
        log(state, f"{seat_name(state, seat)} discarded {discarded} card{'s' if discarded != 1 else ''}.")
    # Shrine of Forbidden Knowledge: one more card and one more hand size (ruling).
    answers = registry.answering("modifies:draw_count")
    bonus = sum(
        fn(state, i, seat)
        for q in state["players"]
        for i in q["play"]
        if (fn := registry.handler_in(state, answers, i)) is not None
    )
    draw(state, seat, min(count + 2 + bonus, HAND_LIMIT + bonus) - (1 if stash else 0))


def end_turn(state: dict) -> None:
    """End of turn: the acting players' buildings finish, this-turn effects
    end, ephemeral things die, "end of turn" triggers run, then the steps
    effects left for the end of this turn (``state["at_end_of_turn"]``,
    cards.common.at_end_of_turn: Bloodlust, Kidnapping), each acting player
    now owes a tech choice (R11), and the next turn begins (in the final
    rounds of a free-for-all the next tied leader's, R28)."""
    acting = acting_seats(state)
    for seat in acting:
        for rec in player(state, seat)["buildings"].values():
            if rec is not None and not rec["done"]:
                rec["done"] = True
                log(state, f"{seat_name(state, seat)}'s {catalog.card(rec['id'])['name']} is finished.")
    state["temp"] = []
    cards = state["cards"]
    with stats.frozen(state):  # read first, each thing's stats once: no mark changes a keyword
        # the things in play are those of the play lists (invariants.check_zones)
        ephemeral = [cards[i] for q in state["players"] for i in q["play"] if stats.kw(state, i, "ephemeral")]
    for inst in ephemeral:
        inst["marks"]["doomed"] = True
        inst["marks"]["expired"] = True  # nobody's kill (R25)
    # A card an earlier end-of-turn trigger took out of the game is skipped.
    registry.emit_to(state, "end_of_turn", [i for q in state["players"] for i in q["play"]])
    for step in state.pop("at_end_of_turn", []):
        push(state, step, front=False)
    for seat in acting:
        p = player(state, seat)
        p["turns_ended"] += 1
        p["tech_owed"] = tech_count_required(state, seat)[1] > 0 and not p.get("conceded")
    run(state)
    if state["status"] == "playing":
        # In the final rounds of a free-for-all only the tied leaders play
        # (R28); the game may end instead.
        if state.get("final") is not None:
            seat = final_round_seat(state)
        else:
            seat = _extra_turn(state, acting)
            seat = next_seat(state) if seat is None else seat
        if seat is not None:
            begin_turn(state, seat)


def _extra_turn(state: dict, acting: list):
    """The seat that leads an extra turn right after this one, or None: an
    acting player owed an extra turn (``extra_turns``, Double Time) takes
    one, with its team in Two-Headed Dragon; several owed stack, one after
    another (Double Time ruling). Not in a free-for-all's final rounds
    (R28: only the tied leaders play then)."""
    for s in acting:
        p = player(state, s)
        if p.get("extra_turns", 0) > 0 and not p.get("conceded"):
            p["extra_turns"] -= 1
            log(state, f"{seat_name(state, s)} takes an extra turn.")
            return state["active"]
    return None


def tech(state: dict, seat: int, card_ids: list) -> None:
    """Put the chosen codex cards face down into ``seat``'s discard pile and
    clear the owed tech choice; if the game was waiting for it, the turn
    starts (R11, R12). The caller has validated ``card_ids``."""
    p = player(state, seat)
    teched = []
    for cid in card_ids:
        p["codex"][cid] -= 1
        if not p["codex"][cid]:
            del p["codex"][cid]
        teched.append(make_instance(state, cid, seat, "discard"))
    p["tech_owed"] = False
    names = ", ".join(name(state, i) for i in teched) or "nothing"
    count = f"{len(card_ids)} card{'s' if len(card_ids) != 1 else ''}"
    if teched:
        log(
            state,
            f"{seat_name(state, seat)} teched {names}.",
            cards=teched,
            veiled=f"{seat_name(state, seat)} teched {count}.",
        )
    else:
        log(state, f"{seat_name(state, seat)} teched nothing.")
    acting = acting_seats(state)
    if state["phase"] == "tech" and seat in acting and not any(player(state, s)["tech_owed"] for s in acting):
        begin_turn(state, state["active"])
