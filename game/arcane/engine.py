"""The Arcane Codex rules: turns, plays, spells, sages, combat, the end of
turn and the end of the game, and the list of legal actions.

Entry points (game.rules dispatches to them for a state with
``"game": "arcane"``; docs/ARCANE.md): :func:`apply_action`,
:func:`apply_action_in_place`, :func:`legal_actions`, :func:`waiting_on`,
:func:`copy_state`. Phases: ``main``, ``attack`` (declaring attackers),
``block`` (the defender's prompt), ``order`` (the attacker orders
several blockers, ``blockers: many``, A14), ``main2`` (table option
``main_phases: two``, A4), ``drain`` (Mind Drain's prompt), ``end`` (the
hand-limit prompt) and ``over``. Every sentence is in our own words.
"""

import itertools

from game.kernel.copying import copy_sharing_log
from game.kernel.envelope import action_type, require_plain_json
from game.kernel.errors import EngineFault, RulesError

from . import cards
from .cards import SAGE_ABILITIES
from .state import (
    ARENA_OF,
    ability,
    can_attack,
    draw,
    log,
    move,
    name,
    other,
    power,
    power_left,
    round_bonus,
    toughness,
)

HAND_LIMIT = 7  # rulebook "Playing the Game"; A24, A26
ACTIONS = (
    "play",
    "sage",
    "attack",
    "fight",
    "block",
    "done_blocking",
    "order",
    "discard",
    "end_turn",
    "offer_draw",
    "concede",
)
# The keys the engine reads in each action type besides "type": the server
# applies and stores an action with these only (game.codex.action_keys).
ACTION_KEYS = {
    "play": ("card", "target"),
    "sage": ("sage", "ability", "target"),
    "attack": ("attacker", "target"),
    "fight": (),
    "block": ("blocker", "attacker"),
    "done_blocking": (),
    "order": ("attacker", "blockers"),
    "discard": ("card",),
    "end_turn": (),
    "offer_draw": (),
    "concede": (),
}
MAIN_PHASES = ("main", "main2")
MAX_ACTION_BYTES = 2048


def copy_state(state: dict) -> dict:
    """A deep copy of ``state`` (plain data), in the same key order, sharing
    only the log's lines, which nothing changes once written
    (game.kernel.copying)."""
    return copy_sharing_log(state)


# ---------------------------------------------------------------- turns


def start_turn(state: dict) -> None:
    """The start of the active player's turn, house rule A3: the first
    player advances the round (rulebook "Playing the Game"; not on the
    game's first turn), the player's exhausted creatures ready (A11), power
    renews (lands + round bonus, A5, A6) and the player draws 1, except the
    first player on the game's first turn (rulebook; A5: the second player
    does draw on their first turn)."""
    seat = state["active"]
    p = state["players"][seat]
    state["turn"] += 1
    if seat == state["first"] and state["turn"] > 1:
        state["round"] += 1
    state["phase"] = "main"
    state["attacks"] = []
    for cid in p["creatures"]:
        state["cards"][cid]["exhausted"] = False
    for cid in p["sages"]:
        state["cards"][cid]["used"] = False
    p.update(power_spent=0, land_played=False, lands_at_start=len(p["lands"]), sage_step=False)
    log(
        state,
        f"Round {state['round']}, {name(state, seat)}'s turn: power {len(p['lands'])} from lands"
        f" + {round_bonus(state['round'])} round bonus.",
    )
    if state["turn"] > 1:
        draw(state, seat)


def end_turn(state: dict) -> None:
    """The end of the active player's turn, in the order of house rule A24:
    (1) all creature damage is removed; (2) each player owed a Blood Debt
    draw makes it, active player first (A25); (3) the active player
    discards down to 7 (a prompt, A26). Then :func:`next_turn`."""
    for p in state["players"]:
        for cid in p["creatures"]:
            state["cards"][cid]["damage"] = 0
    order = (state["active"], other(state["active"]))
    for seat in order:
        p = state["players"][seat]
        if p["blood_debt"]:
            p["blood_debt"] = False
            log(state, f"Blood Debt: {name(state, seat)} took combat damage this turn and draws a card.")
            draw(state, seat)
    over = len(state["players"][state["active"]]["hand"]) - HAND_LIMIT
    if over > 0:
        state["phase"] = "end"
        state["prompt"] = {"seat": state["active"], "kind": "hand_limit", "left": over}
        log(state, f"{name(state, state['active'])} holds more than {HAND_LIMIT} cards and discards {over}.")
        return
    next_turn(state)


def next_turn(state: dict) -> None:
    """After the end of a turn: the round cap (table option ``round_cap``,
    house rule A33 \u2605: at the end of that round the higher life wins,
    equal life is a draw), else the other player's turn starts. Draw offers
    lapse with the turn (A33)."""
    for p in state["players"]:
        p["draw_offer"] = False
    cap = state["options"]["round_cap"]
    if cap is not None and state["active"] != state["first"] and state["round"] >= cap:
        lives = [p["life"] for p in state["players"]]
        if lives[0] == lives[1]:
            finish(state, None, "round_cap")
        else:
            finish(state, 0 if lives[0] > lives[1] else 1, "round_cap")
        return
    state["active"] = other(state["active"])
    start_turn(state)


def finish(state: dict, winner, reason: str) -> None:
    """End the game: ``winner`` a seat, or None for a draw; ``reason`` one
    of ``life``, ``round_cap``, ``concede``, ``agreed_draw`` (A32, A33)."""
    state.update(
        status="finished",
        phase="over",
        prompt=None,
        winner=winner,
        winners=[] if winner is None else [winner],
        result_reason=reason,
    )
    if winner is None:
        log(state, "The game ends in a draw.")
    else:
        log(state, f"{name(state, winner)} wins the game.")


def check_life(state: dict) -> bool:
    """House rule A32: once a damage event has fully resolved, a player at
    0 life or less loses (both at once: a draw, A33). True when the game
    ended."""
    down = [p["seat"] for p in state["players"] if p["life"] <= 0]
    if not down:
        return False
    finish(state, None if len(down) == 2 else other(down[0]), "life")
    return True


def settle(state: dict) -> None:
    """Destroy what the rules destroy after an event (A16, A20): creatures
    whose damage is at least their toughness (Charms counted now) or that
    Venom struck go to the shared discard, sages at 0 essence too. Repeats
    until nothing changes."""
    changed = True
    while changed:
        changed = False
        for p in state["players"]:
            for cid in list(p["creatures"]):
                card = state["cards"][cid]
                if card["damage"] >= toughness(state, cid) or card.get("venom"):
                    card.pop("venom", None)
                    log(state, f"{cards.describe(card['card'])} of {name(state, p['seat'])} is destroyed.", cards=[cid])
                    move(state, cid, "discard")
                    changed = True
            for cid in list(p["sages"]):
                card = state["cards"][cid]
                if card["essence"] <= 0:
                    log(
                        state,
                        f"The sage {cards.label(card['card'])} of {name(state, p['seat'])} has no essence"
                        " left and goes to the discard pile.",
                        cards=[cid],
                    )
                    move(state, cid, "discard")
                    changed = True


# ---------------------------------------------------------------- checks


def _bad(code: str, message: str):
    raise RulesError(code, message)


# Where a card an action names must be, in a refusal's words.
_ZONE_WORDS = {"hand": "a card in your hand", "creatures": "one of your creatures", "sages": "one of your sages"}
# What the open question asks, in a refusal's words (its prompt kind).
_PROMPT_WORDS = {
    "block": "choose blockers",
    "damage_order": "order the blockers",
    "drain": "discard for Mind Drain",
    "hand_limit": "discard down to the hand limit",
}


def _own(state: dict, seat: int, cid, zone: str) -> dict:
    """The card ``cid`` if it is in ``seat``'s ``zone``; else RulesError ``bad_card``."""
    if not isinstance(cid, str) or cid not in state["players"][seat][zone]:
        _bad("bad_card", f"That is not {_ZONE_WORDS[zone]}: choose {_ZONE_WORDS[zone]}.")
    return state["cards"][cid]


def _opponent_card(state: dict, seat: int, cid, zones) -> dict:
    if not isinstance(cid, str) or not any(cid in state["players"][other(seat)][z] for z in zones):
        _bad("bad_target", "Choose one of your opponent's cards that this can reach.")
    return state["cards"][cid]


def spell_targets(state: dict, seat: int, rank: str) -> list:
    """The legal targets of spell ``rank`` cast by ``seat`` (house rules
    A27-A29): Arcane Bolt an opposing creature, sage or ``"player"``;
    Destruction an opposing creature; Oblivion any opposing permanent
    (lands included); Revelation and Mind Drain none (``[None]``)."""
    opp = state["players"][other(seat)]
    if rank == "2":
        return opp["creatures"] + opp["sages"] + ["player"]
    if rank == "4":
        return list(opp["creatures"])
    if rank == "10":
        return opp["lands"] + opp["creatures"] + opp["relics"] + opp["charms"] + opp["sages"]
    return [None]


def _check_turn(state: dict, seat: int) -> None:
    """RulesError ``prompt_pending`` while a question is open (saying who
    must answer what), ``not_your_turn`` for the seat not active."""
    prompt = state["prompt"]
    if prompt is not None:
        what = _PROMPT_WORDS.get(prompt["kind"], "answer")
        if prompt["seat"] == seat:
            _bad("prompt_pending", f"First {what}: the game waits on you for that.")
        _bad("prompt_pending", f"Wait: {name(state, prompt['seat'])} must {what} first.")
    if seat != state["active"]:
        _bad("not_your_turn", f"It is {name(state, state['active'])}'s turn: wait until they end it.")


def _check_main(state: dict, seat: int) -> None:
    _check_turn(state, seat)
    if state["phase"] == "attack":
        _bad("wrong_phase", "You have declared attackers: press Fight to close the attack first.")
    if state["phase"] not in MAIN_PHASES:
        _bad("wrong_phase", "You can do that only in your main phase.")


def check_play(state: dict, seat: int, action: dict) -> dict:
    """Check a ``play`` action (``{"type": "play", "card", "target"?}``) and
    return the card. Main phase only (A9), before any sage activation (A3);
    one land a turn, free (rulebook "Lands"; A34); other cards cost their
    power (rulebook "Power"); a spell needs a legal target (A29). Raises
    RulesError ``not_your_turn``, ``wrong_phase``, ``bad_card``,
    ``land_played``, ``not_enough_power``, ``bad_target``, ``no_target``,
    ``sages_used``."""
    _check_main(state, seat)
    card = _own(state, seat, action.get("card"), "hand")
    p = state["players"][seat]
    if p["sage_step"]:
        _bad(
            "sages_used",
            "No more cards this phase: once a sage has used an ability, cards wait until your next main phase (A3).",
        )
    kind = cards.kind(card["card"])
    if kind == "land":
        if p["land_played"]:
            _bad("land_played", "You have already played a land this turn.")
        return card
    if cards.cost(card["card"]) > power_left(state, seat):
        _bad("not_enough_power", f"That costs {cards.cost(card['card'])} power; you have {power_left(state, seat)}.")
    if kind == "spell":
        targets = spell_targets(state, seat, cards.split(card["card"])[0])
        if not targets:
            _bad("no_target", "That spell has no target: your opponent has no card it can reach.")
        if action.get("target") not in targets:
            _bad("bad_target", "Choose one of your opponent's cards that this spell can reach.")
    return card


def check_sage(state: dict, seat: int, action: dict) -> dict:
    """Check a ``sage`` action (``{"type": "sage", "sage", "ability":
    plus|minus2|minus5, "target"?}``) and return the sage. House rule A23:
    one ability per sage per turn, main phase, also on the turn it enters;
    minus2 needs 2 essence and an opposing creature as target, minus5 needs
    5 (and, with table option ``sage_ultimate: not_on_entry``, a sage that
    did not enter this turn). Raises RulesError ``bad_card``,
    ``sage_used``, ``bad_ability``, ``not_enough_essence``, ``bad_target``,
    ``sage_new``."""
    _check_main(state, seat)
    sage = _own(state, seat, action.get("sage"), "sages")
    if sage["used"]:
        _bad("sage_used", "That sage has already used an ability this turn.")
    ability_name = action.get("ability")
    if ability_name not in SAGE_ABILITIES:
        _bad("bad_ability", "A sage has three abilities: +1 (plus), -2 (minus2) and -5 (minus5).")
    if sage["essence"] < SAGE_ABILITIES[ability_name]:
        _bad(
            "not_enough_essence",
            f"That ability costs {SAGE_ABILITIES[ability_name]} essence; this sage has {sage['essence']}.",
        )
    if ability_name == "minus2":
        _opponent_card(state, seat, action.get("target"), ("creatures",))
    if (
        ability_name == "minus5"
        and state["options"]["sage_ultimate"] == "not_on_entry"
        and sage["arrived"] == state["turn"]
    ):
        _bad("sage_new", "At this table a sage cannot use its -5 on the turn it enters.")
    return sage


def check_attack(state: dict, seat: int, action: dict) -> None:
    """Check an ``attack`` action (``{"type": "attack", "attacker",
    "target": "player" or an opposing sage}``): the active player's main
    phase (the first attack opens combat, at most once a turn, A3) or
    the attack step; a ready creature without summoning sickness (Swift
    excepted) not already attacking (A10, A13). Raises RulesError
    ``not_your_turn``, ``wrong_phase``, ``bad_card``, ``cannot_attack``,
    ``bad_target``."""
    _check_turn(state, seat)
    if state["phase"] == "main2":
        _bad("wrong_phase", "You have already attacked this turn: one combat a turn.")
    if state["phase"] not in ("main", "attack"):
        _bad("wrong_phase", "You can attack only from your main phase.")
    cid = action.get("attacker")
    card = _own(state, seat, cid, "creatures")
    if any(a["attacker"] == cid for a in state["attacks"]):
        _bad("cannot_attack", "That creature is already attacking.")
    if not can_attack(state, cid):
        _bad(
            "cannot_attack",
            "That creature is exhausted: it attacks again once it is ready."
            if card["exhausted"]
            else "That creature arrived this turn: it may attack from your next turn (Swift ones at once).",
        )
    target = action.get("target")
    if target != "player":
        _opponent_card(state, seat, target, ("sages",))


def check_block(state: dict, seat: int, action: dict) -> None:
    """Check a ``block`` action (``{"type": "block", "blocker",
    "attacker"}``) of the defender: a ready creature of theirs (A15) not yet
    blocking, in front of a declared attacker; with table option
    ``blockers: one`` (house rule A14 \u2605) an attacker takes one blocker at
    most. Raises RulesError ``not_your_question``, ``bad_card``,
    ``cannot_block``, ``bad_target``, ``already_blocked``."""
    prompt = state["prompt"]
    if prompt is None or prompt["kind"] != "block" or prompt["seat"] != seat:
        _bad("not_your_question", "You are not being asked to block.")
    cid = action.get("blocker")
    card = _own(state, seat, cid, "creatures")
    if card["exhausted"]:
        _bad("cannot_block", "That creature is exhausted: only a ready creature blocks.")
    if any(cid in a["blockers"] for a in state["attacks"]):
        _bad("cannot_block", "That creature is already blocking.")
    attack = next((a for a in state["attacks"] if a["attacker"] == action.get("attacker")), None)
    if attack is None:
        _bad("bad_target", "Block one of the attacking creatures.")
    if attack["blockers"] and state["options"]["blockers"] == "one":
        _bad(
            "already_blocked",
            "That attacker is already blocked: at this table one blocker per attacker. "
            "Block another attacker, or press Done blocking.",
        )


def check_order(state: dict, seat: int, action: dict) -> None:
    """Check an ``order`` action (``{"type": "order", "attacker",
    "blockers": [ids in damage order]}``): with table option ``blockers:
    many`` (house rule A14 \u2605 alternative) the attacking player declares,
    for each attacker blocked by several, the order its power goes to them.
    Raises RulesError ``not_your_question``, ``bad_target``, ``bad_order``."""
    prompt = state["prompt"]
    if prompt is None or prompt["kind"] != "damage_order" or prompt["seat"] != seat:
        _bad("not_your_question", "You are not being asked to order blockers.")
    attack = next(
        (
            a
            for a in state["attacks"]
            if a["attacker"] == action.get("attacker") and len(a["blockers"]) > 1 and not a.get("ordered")
        ),
        None,
    )
    if attack is None:
        _bad("bad_target", "Choose an attacker blocked by several creatures, not yet ordered.")
    order = action.get("blockers")
    if not isinstance(order, list) or sorted(map(str, order)) != sorted(attack["blockers"]):
        _bad("bad_order", "List each of that attacker's blockers once, in the order it deals damage.")


def check_discard(state: dict, seat: int, action: dict) -> None:
    """Check a ``discard`` action (``{"type": "discard", "card"}``): the
    seat asked to discard (Mind Drain, A28; the hand limit, A24) names a
    card of its hand. Raises RulesError ``not_your_question``, ``bad_card``."""
    prompt = state["prompt"]
    if prompt is None or prompt["kind"] not in ("drain", "hand_limit") or prompt["seat"] != seat:
        _bad("not_your_question", "You are not being asked to discard.")
    _own(state, seat, action.get("card"), "hand")


# ---------------------------------------------------------------- doing


def do_play(state: dict, seat: int, action: dict) -> None:
    """Play a card from hand (checked by :func:`check_play`): a land, a
    creature, relic, charm or sage enters the arena (a sage with 5
    essence), a spell resolves and then goes to the discard (A30)."""
    cid = action["card"]
    code = state["cards"][cid]["card"]
    p = state["players"][seat]
    kind = cards.kind(code)
    if kind == "land":
        p["land_played"] = True
        cid = move(state, cid, "lands", seat)
        log(state, f"{name(state, seat)} plays {cards.describe(code)}.", cards=[cid])
        return
    p["power_spent"] += cards.cost(code)
    if kind != "spell":
        cid = move(state, cid, ARENA_OF[kind], seat)
        log(state, f"{name(state, seat)} plays {cards.describe(code)}.", cards=[cid])
        return
    spell = move(state, cid, "stack")
    log(state, f"{name(state, seat)} casts {cards.describe(code)}.", cards=[spell])
    cast(state, seat, spell, action.get("target"))


def cast(state: dict, seat: int, spell: str, target) -> None:
    """Resolve the spell ``spell`` (on the stack) of ``seat`` at ``target``
    (rulebook "Spells"; house rules A27, A28), then put it in the discard
    pile, unless Mind Drain's prompt is open (it goes there once the
    discards are made)."""
    rank = cards.split(state["cards"][spell]["card"])[0]
    opp = other(seat)
    if rank == "2":
        deal_damage(state, opp, target, 2, by=source(state, seat, state["cards"][spell]["card"]))
    elif rank == "4":
        log(state, f"{cards.describe(state['cards'][target]['card'])} goes to the discard pile.", cards=[target])
        move(state, target, "discard")
    elif rank == "6":
        for _ in range(3):
            draw(state, seat)
    elif rank == "8":
        count = min(2, len(state["players"][opp]["hand"]))
        if count:
            state["prompt"] = {"seat": opp, "kind": "drain", "left": count, "back": state["phase"]}
            state["phase"] = "drain"
            log(state, f"{name(state, opp)} must choose {count} card{'s' if count > 1 else ''} to discard.")
            return
        log(state, f"{name(state, opp)} has no card to discard.")
    else:
        log(state, f"{cards.describe(state['cards'][target]['card'])} is banished from the game.", cards=[target])
        move(state, target, "banished")
    move(state, spell, "discard")
    settle(state)
    check_life(state)


def deal_damage(
    state: dict, seat: int, target, amount: int, *, by: str, combat: bool = False, venom: bool = False
) -> None:
    """Deal ``amount`` to ``target`` of seat ``seat``: ``"player"`` loses
    life (with ``combat``, a Blood Debt is owed, A25), a sage loses essence
    (A21, A27), a creature is marked with damage (Venom's mark with
    ``venom``, A17). ``by`` (required) is the readable name of what dealt it,
    for the log line (:func:`source`; docs/RULINGS.md "Arcane Codex": every
    damage line names its source)."""
    if target == "player":
        p = state["players"][seat]
        p["life"] -= amount
        if combat:
            p["blood_debt"] = True
        log(
            state,
            f"{name(state, seat)} takes {amount} {'combat ' if combat else ''}damage from {by}; {p['life']} life left.",
        )
        return
    card = state["cards"][target]
    if card["zone"] == "sages":
        card["essence"] -= amount
        log(state, f"The sage {cards.label(card['card'])} loses {amount} essence to {by}.", cards=[target])
    else:
        card["damage"] += amount
        if venom:
            card["venom"] = True
        log(
            state,
            f"{cards.describe(card['card'])} takes {amount} damage from {by}{' (Venom)' if venom else ''}.",
            cards=[target],
        )


def source(state: dict, seat: int, code: str, what: str = "") -> str:
    """The readable name of card ``code`` of seat ``seat`` as the source of
    damage: "North's 9\u2663", "North's Arcane Bolt" (a spell by its name),
    "North's sage K\u2660"; ``what`` is added in brackets ("Crush")."""
    kind = cards.kind(code)
    if kind == "spell":
        thing = cards.SPELLS[cards.split(code)[0]]
    elif kind == "sage":
        thing = f"sage {cards.label(code)}"
    else:
        thing = cards.label(code)
    return f"{name(state, seat)}'s {thing}{f' ({what})' if what else ''}"


def do_sage(state: dict, seat: int, action: dict) -> None:
    """Use a sage's ability (checked by :func:`check_sage`; rulebook "King",
    house rule A23): the cost is paid first (plus gains 1 essence and
    draws 1), the effect resolves, then a sage at 0 essence is discarded.
    The first activation closes card plays for this main phase (A3)."""
    sage = state["cards"][action["sage"]]
    ability_name = action["ability"]
    state["players"][seat]["sage_step"] = True
    sage["used"] = True
    sage["essence"] -= SAGE_ABILITIES[ability_name]
    label = cards.label(sage["card"])
    if ability_name == "plus":
        log(state, f"{name(state, seat)}'s sage {label} gains 1 essence and lets them draw.", cards=[action["sage"]])
        draw(state, seat)
    elif ability_name == "minus2":
        target = state["cards"][action["target"]]
        log(
            state,
            f"{name(state, seat)}'s sage {label} spends 2 essence to destroy {cards.describe(target['card'])}.",
            cards=[action["sage"], action["target"]],
        )
        move(state, action["target"], "discard")
    else:
        log(
            state,
            f"{name(state, seat)}'s sage {label} spends 5 essence to strike {name(state, other(seat))} for 10.",
            cards=[action["sage"]],
        )
        deal_damage(state, other(seat), "player", 10, by=source(state, seat, sage["card"]))
    settle(state)
    check_life(state)


def fight(state: dict) -> None:
    """Combat damage, house rules A16-A21: every attacker and blocker deals
    its power at once. A blocked attacker hits its blocker(s); with
    several blockers (``blockers: many``, A14 \u2605) it gives each, in the
    order its player declared (``order``), what it needs to die (1 with
    Venom) and the rest to the last.
    Venom destroys a creature it damages (A17); Crush's excess over the
    blockers' toughness left (A19) goes to the player (``crush_vs_sage:
    player``, A18 \u2605 default) or to the attack's target (``target``). An
    unblocked attacker hits its target; a sage loses essence and the excess
    is lost (A21). A player who takes combat damage owes a Blood Debt draw
    (A25). Then destruction (A16) and the life check (A32)."""
    cards_ = state["cards"]
    hits = []  # (a card id or "player", amount, from Venom, what dealt it)
    active = state["active"]
    defender = other(active)
    for attack in state["attacks"]:
        a = attack["attacker"]
        a_power = power(state, a)
        a_venom = ability(state, a) == "Venom"
        by_a = source(state, active, cards_[a]["card"])
        blockers = attack["blockers"]
        if not blockers:
            hits.append((attack["target"], a_power, False, by_a))
            continue
        left = a_power
        room_total = 0
        for i, b in enumerate(blockers):
            room = max(0, toughness(state, b) - cards_[b]["damage"])
            room_total += room
            need = min(room, 1) if a_venom else room
            give = left if i == len(blockers) - 1 and ability(state, a) != "Crush" else min(left, need)
            left -= give
            hits.append((b, give, a_venom, by_a))
            hits.append((a, power(state, b), ability(state, b) == "Venom", source(state, defender, cards_[b]["card"])))
        if ability(state, a) == "Crush":
            excess = max(0, a_power - room_total)
            if excess:
                to = attack["target"] if state["options"]["crush_vs_sage"] == "target" else "player"
                hits.append((to, excess, False, source(state, active, cards_[a]["card"], "Crush")))
    for target, amount, venom, by in hits:
        if amount > 0:
            deal_damage(state, defender, target, amount, by=by, combat=True, venom=venom)
    state["attacks"] = []
    settle(state)
    if check_life(state):
        return
    if state["options"]["main_phases"] == "two":
        state["phase"] = "main2"
        state["players"][state["active"]]["sage_step"] = False
        log(state, f"{name(state, state['active'])} may play cards again after combat.")
    else:
        end_turn(state)


def start_blocks(state: dict) -> None:
    """Close the attack declarations (``fight``): each non-Sentinel attacker
    exhausts (rulebook "Combat"; A12); the defender is asked for blockers
    when they have a ready creature (the game waits on them only), else
    damage is dealt at once (A22)."""
    for attack in state["attacks"]:
        if ability(state, attack["attacker"]) != "Sentinel":
            state["cards"][attack["attacker"]]["exhausted"] = True
    defender = other(state["active"])
    ready = [c for c in state["players"][defender]["creatures"] if not state["cards"][c]["exhausted"]]
    if ready:
        state["phase"] = "block"
        state["prompt"] = {"seat": defender, "kind": "block", "left": None}
        log(state, f"{name(state, defender)} chooses blockers.")
    else:
        fight(state)


def _describe_target(state: dict, target) -> str:
    if target == "player":
        return "the player"
    return f"the sage {cards.label(state['cards'][target]['card'])}"


def _do(state: dict, seat: int, action: dict) -> None:
    """Check and carry out one action (after the envelope)."""
    kind = action["type"]
    if kind == "concede":
        log(state, f"{name(state, seat)} concedes.")
        finish(state, other(seat), "concede")
    elif kind == "offer_draw":
        if state["players"][seat]["draw_offer"]:
            _bad("already_offered", "You have already offered a draw this turn.")
        state["players"][seat]["draw_offer"] = True
        if state["players"][other(seat)]["draw_offer"]:
            log(state, "Both players agree to a draw.")
            finish(state, None, "agreed_draw")
        else:
            log(state, f"{name(state, seat)} offers a draw; it stands until the end of this turn.")
    elif kind == "play":
        check_play(state, seat, action)
        do_play(state, seat, action)
    elif kind == "sage":
        check_sage(state, seat, action)
        do_sage(state, seat, action)
    elif kind == "attack":
        check_attack(state, seat, action)
        state["phase"] = "attack"
        state["attacks"].append({"attacker": action["attacker"], "target": action["target"], "blockers": []})
        code = state["cards"][action["attacker"]]["card"]
        aim = _describe_target(state, action["target"])
        log(
            state,
            f"{name(state, seat)} attacks {aim} with {cards.describe(code)}.",
            cards=[action["attacker"]] + ([action["target"]] if action["target"] in state["cards"] else []),
        )
    elif kind == "fight":
        _check_turn(state, seat)
        if state["phase"] != "attack":
            _bad("wrong_phase", "Declare at least one attacker first: click a creature that may attack.")
        start_blocks(state)
    elif kind == "block":
        check_block(state, seat, action)
        attack = next(a for a in state["attacks"] if a["attacker"] == action["attacker"])
        attack["blockers"].append(action["blocker"])
        log(
            state,
            f"{cards.describe(state['cards'][action['blocker']]['card'])} blocks "
            f"{cards.describe(state['cards'][action['attacker']]['card'])}.",
            cards=[action["blocker"], action["attacker"]],
        )
    elif kind == "done_blocking":
        prompt = state["prompt"]
        if prompt is None or prompt["kind"] != "block" or prompt["seat"] != seat:
            _bad("not_your_question", "You are not being asked to block.")
        state["prompt"] = None
        ganged = [a for a in state["attacks"] if len(a["blockers"]) > 1]
        if ganged:
            state["phase"] = "order"
            state["prompt"] = {"seat": state["active"], "kind": "damage_order", "left": len(ganged)}
            log(state, f"{name(state, state['active'])} orders the blockers of each attacker blocked by several.")
        else:
            fight(state)
    elif kind == "order":
        check_order(state, seat, action)
        attack = next(a for a in state["attacks"] if a["attacker"] == action["attacker"])
        attack["blockers"] = list(action["blockers"])
        attack["ordered"] = True
        state["prompt"]["left"] -= 1
        if state["prompt"]["left"] == 0:
            state["prompt"] = None
            fight(state)
    elif kind == "discard":
        check_discard(state, seat, action)
        prompt = state["prompt"]
        code = state["cards"][action["card"]]["card"]
        discarded = move(state, action["card"], "discard")
        log(state, f"{name(state, seat)} discards {cards.describe(code)}.", cards=[discarded])  # face up (A31)
        prompt["left"] -= 1
        if prompt["left"] == 0 or not state["players"][seat]["hand"]:
            state["prompt"] = None
            if prompt["kind"] == "drain":
                state["phase"] = prompt["back"]
                move(state, state["stack"][0], "discard")
            else:
                next_turn(state)
    elif kind == "end_turn":
        _check_main(state, seat)
        log(state, f"{name(state, seat)} ends the turn.")
        end_turn(state)


def validate_envelope(state: dict, seat, action) -> None:
    """What every action needs: a plain-JSON dict of a known ``type``
    under the size limit, a seat of the game, a game in progress
    (game.kernel.envelope). Raises RulesError ``bad_action``,
    ``unknown_action``, ``bad_seat``, ``game_over``."""
    action_type(state, seat, action, ACTIONS)
    require_plain_json(action, MAX_ACTION_BYTES)


def apply_action(state: dict, seat: int, action: dict) -> tuple:
    """Apply ``action`` for ``seat``; return ``(new_state, events)``
    (``events``: the log lines it added, ``{"n", "text", "to"?}``).
    ``state`` is never changed. Raises RulesError (docs/ARCANE.md lists
    the codes) when the action is illegal."""
    validate_envelope(state, seat, action)
    new = copy_state(state)
    before = new["log_n"]
    _do(new, seat, action)
    return new, [line for line in new["log"] if line["n"] > before]


def apply_action_in_place(state: dict, seat: int, action: dict) -> list:
    """The same as :func:`apply_action` on ``state`` itself; returns the
    events. A RulesError comes from the checks, before anything changed;
    any error after them is an EngineFault (the state must be dropped)."""
    validate_envelope(state, seat, action)
    before = state["log_n"]
    try:
        _do(state, seat, action)
    except RulesError:
        if state["log_n"] != before:
            raise EngineFault("an Arcane rule refused an action after it had begun") from None
        raise
    except Exception as err:  # an engine bug, never an illegal action
        raise EngineFault("the Arcane engine failed in the middle of an action") from err
    return [line for line in state["log"] if line["n"] > before]


# ---------------------------------------------------------------- listing


def legal_actions(state: dict, seat: int) -> list:
    """Every legal action of ``seat`` now (a list of action dicts; empty
    once the game is over). Everyone may concede or offer a draw (A33);
    the rest follows the checks above: the prompt's seat answers it
    (blocks, Mind Drain's and the hand limit's discards), the active player
    plays, uses sages, attacks and ends the turn in the main phase."""
    if state["status"] != "playing" or seat not in (0, 1):
        return []
    out = []
    prompt = state["prompt"]
    p = state["players"][seat]
    if prompt is not None and prompt["seat"] == seat:
        if prompt["kind"] == "block":
            for attack in state["attacks"]:
                if attack["blockers"] and state["options"]["blockers"] == "one":
                    continue
                for b in p["creatures"]:
                    if not state["cards"][b]["exhausted"] and not any(b in a["blockers"] for a in state["attacks"]):
                        out.append({"type": "block", "blocker": b, "attacker": attack["attacker"]})
            out.append({"type": "done_blocking"})
        elif prompt["kind"] == "damage_order":
            for attack in state["attacks"]:
                if len(attack["blockers"]) > 1 and not attack.get("ordered"):
                    out.extend(
                        {"type": "order", "attacker": attack["attacker"], "blockers": list(order)}
                        for order in itertools.permutations(attack["blockers"])
                    )
        else:
            out.extend({"type": "discard", "card": cid} for cid in p["hand"])
    elif prompt is None and seat == state["active"]:
        phase = state["phase"]
        if phase in MAIN_PHASES:
            if not p["sage_step"]:
                for cid in p["hand"]:
                    code = state["cards"][cid]["card"]
                    kind = cards.kind(code)
                    if kind == "land":
                        if not p["land_played"]:
                            out.append({"type": "play", "card": cid})
                    elif cards.cost(code) <= power_left(state, seat):
                        if kind == "spell":
                            for target in spell_targets(state, seat, cards.split(code)[0]):
                                action = {"type": "play", "card": cid}
                                if target is not None:
                                    action["target"] = target
                                out.append(action)
                        else:
                            out.append({"type": "play", "card": cid})
            for sid in p["sages"]:
                for ability_name in SAGE_ABILITIES:
                    targets = state["players"][other(seat)]["creatures"] if ability_name == "minus2" else [None]
                    for target in targets:
                        action = {"type": "sage", "sage": sid, "ability": ability_name}
                        if target is not None:
                            action["target"] = target
                        if _passes(check_sage, state, seat, action):
                            out.append(action)
        if phase in ("main", "attack"):
            aims = ["player"] + state["players"][other(seat)]["sages"]
            for cid in p["creatures"]:
                if can_attack(state, cid) and not any(a["attacker"] == cid for a in state["attacks"]):
                    out.extend({"type": "attack", "attacker": cid, "target": aim} for aim in aims)
        if phase == "attack":
            out.append({"type": "fight"})
        if phase in MAIN_PHASES:
            out.append({"type": "end_turn"})
    if not p["draw_offer"]:
        out.append({"type": "offer_draw"})
    out.append({"type": "concede"})
    return out


def _passes(check, state: dict, seat: int, action: dict) -> bool:
    try:
        check(state, seat, action)
    except RulesError:
        return False
    return True


def waiting_on(state: dict) -> list:
    """The seats the game waits on (those with something to do besides
    conceding or offering a draw): the seat of the open prompt (the
    defender for blocks and Mind Drain, the active player for the hand
    limit), else the active player. Empty once the game is over."""
    if state["status"] != "playing":
        return []
    if state["prompt"] is not None:
        return [state["prompt"]["seat"]]
    return [state["active"]]
