"""The Arcane Codex rules in action: turns, plays, spells, sages, combat,
the end of turn and the end of the game. Each ``do_*`` function is the
change of one move (game.arcane.moves holds the checks, the listing and
the move table; docs/ARCANE.md). Phases: ``main``, ``attack``
(declaring attackers), ``block`` (the defender's prompt), ``order`` (the
attacker orders several blockers, ``blockers: many``, A14), ``main2``
(table option ``main_phases: two``, A4), ``drain`` (Mind Drain's
prompt), ``end`` (the hand-limit prompt) and ``over``. Every sentence is
in our own words.
"""

from . import cards
from .cards import SAGE_ABILITIES
from .state import (
    ARENA_OF,
    ability,
    draw,
    log,
    move,
    name,
    other,
    power,
    round_bonus,
    toughness,
)

HAND_LIMIT = 7  # rulebook "Playing the Game"; A24, A26


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
            f"{name(state, seat)} takes {amount} {'combat ' if combat else ''}damage from {by}; "
            + (f"{p['life']} life left." if p["life"] > 0 else "no life left."),
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


def do_fight(state: dict, seat: int, action: dict) -> None:
    """``fight``: close the attack declarations: each non-Sentinel attacker
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


def do_concede(state: dict, seat: int, action: dict) -> None:
    """``concede``: the other player wins (A33)."""
    log(state, f"{name(state, seat)} concedes.")
    finish(state, other(seat), "concede")


def do_offer_draw(state: dict, seat: int, action: dict) -> None:
    """``offer_draw``: the offer stands until the end of this turn; when
    the other player's offer stands too the game is drawn (A33)."""
    state["players"][seat]["draw_offer"] = True
    if state["players"][other(seat)]["draw_offer"]:
        log(state, "Both players agree to a draw.")
        finish(state, None, "agreed_draw")
    else:
        log(state, f"{name(state, seat)} offers a draw; it stands until the end of this turn.")


def do_attack(state: dict, seat: int, action: dict) -> None:
    """``attack``: declare one attacker and its target (the phase becomes
    ``attack``; rulebook "Combat", A3)."""
    state["phase"] = "attack"
    state["attacks"].append({"attacker": action["attacker"], "target": action["target"], "blockers": []})
    code = state["cards"][action["attacker"]]["card"]
    aim = _describe_target(state, action["target"])
    log(
        state,
        f"{name(state, seat)} attacks {aim} with {cards.describe(code)}.",
        cards=[action["attacker"]] + ([action["target"]] if action["target"] in state["cards"] else []),
    )


def do_block(state: dict, seat: int, action: dict) -> None:
    """``block``: the blocker joins the attacker's blockers (A14, A15)."""
    attack = next(a for a in state["attacks"] if a["attacker"] == action["attacker"])
    attack["blockers"].append(action["blocker"])
    log(
        state,
        f"{cards.describe(state['cards'][action['blocker']]['card'])} blocks "
        f"{cards.describe(state['cards'][action['attacker']]['card'])}.",
        cards=[action["blocker"], action["attacker"]],
    )


def do_done_blocking(state: dict, seat: int, action: dict) -> None:
    """``done_blocking``: the attacker orders the blockers of each attacker
    blocked by several (A14), else combat damage is dealt (:func:`fight`)."""
    state["prompt"] = None
    ganged = [a for a in state["attacks"] if len(a["blockers"]) > 1]
    if ganged:
        state["phase"] = "order"
        state["prompt"] = {"seat": state["active"], "kind": "damage_order", "left": len(ganged)}
        log(state, f"{name(state, state['active'])} orders the blockers of each attacker blocked by several.")
    else:
        fight(state)


def do_order(state: dict, seat: int, action: dict) -> None:
    """``order``: one attacker's blockers in damage order (A14); once every
    such attacker is ordered, combat damage is dealt."""
    attack = next(a for a in state["attacks"] if a["attacker"] == action["attacker"])
    attack["blockers"] = list(action["blockers"])
    attack["ordered"] = True
    state["prompt"]["left"] -= 1
    if state["prompt"]["left"] == 0:
        state["prompt"] = None
        fight(state)


def do_discard(state: dict, seat: int, action: dict) -> None:
    """``discard``: one card of the asked seat's hand, face up (A31); once
    the count is made (or the hand is empty) Mind Drain's spell goes to
    the discard pile and the phase resumes (A28), or the turn passes after
    the hand limit (A24)."""
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


def do_end_turn(state: dict, seat: int, action: dict) -> None:
    """``end_turn``: the end of the turn (:func:`end_turn`)."""
    log(state, f"{name(state, seat)} ends the turn.")
    end_turn(state)
