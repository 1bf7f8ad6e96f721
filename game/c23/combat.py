"""Step 5 of the C-23 turn after the attack is declared: the windows for
combat cards (C), the attacking player's choice of blockers to discard and
the combat's resolution (D), and its end (E) ("Your Turn" 5; K11-K18).

The moves that answer its questions (block, combat_card, pass, assign) are
in game/c23/moves.py; these functions move the combat on between them.
"""

import itertools

from .state import State, cname, log, pname, power
from .turns import check_losses, discard_from_play, end_turn, mill


def blockers_of(state: State, attacker: str) -> list[str]:
    """The blockers of ``attacker`` in the defender's board order."""
    combat = state["combat"]
    return [b for b in state["players"][combat["defender"]]["characters"] if combat["blocks"].get(b) == attacker]


def discard_sets(state: State, attacker: str) -> list[list[str]]:
    """The sets of blockers the attacking player may discard when several
    block ``attacker``: every set whose combined power is at most the
    attacker's (K16, "Blocking with More Than One Character"), the empty
    set included, smallest first."""
    blockers = blockers_of(state, attacker)
    limit = power(state, attacker)
    out = []
    for k in range(len(blockers) + 1):
        for combo in itertools.combinations(blockers, k):
            if sum(power(state, b) for b in combo) <= limit:
                out.append(list(combo))
    return out


def open_combat_window(state: State, side: str) -> None:
    """Step 5 C: ask ``side`` ("defender", then "attacker") whether to play a
    combat card (K11). Everyone with a card in hand is asked, whatever it
    holds: skipping only the players without a combat card would tell the
    table what their hidden hand lacks (K19). An empty hand (public, its
    count shows) is not asked."""
    combat = state["combat"]
    combat["stage"] = side
    seat = combat[side]
    limit = state["options"]["combat_cards_each"]
    if combat["played"][side] < limit and state["players"][seat]["hand"]:
        state["prompt"] = {"seat": seat, "kind": "combat_card", "text": "Play a combat card, or pass."}
        return
    log(state, f"{pname(state, seat)} plays no combat card.")
    next_combat_window(state, passed=True)


def next_combat_window(state: State, passed: bool) -> None:
    """After a side's answer in step C (``passed``: it played no card):
    the same side again while it may play another card (K11), else the
    attacking side, else step D."""
    combat = state["combat"]
    state["prompt"] = None
    side = combat["stage"]
    if not passed and combat["played"][side] < state["options"]["combat_cards_each"]:
        open_combat_window(state, side)
        return
    if side == "defender":
        open_combat_window(state, "attacker")
    else:
        _start_discard_step(state)


def _start_discard_step(state: State) -> None:
    """Step 5 D: the attacking player picks, for each attacker blocked by
    several characters, which blockers it discards (K16); then everything
    resolves at once (K17)."""
    combat = state["combat"]
    combat["stage"] = "discard"
    combat["pending"] = [
        a for a in combat["attackers"] if len(blockers_of(state, a)) > 1 and len(discard_sets(state, a)) > 1
    ]
    ask_next_assignment(state)


def ask_next_assignment(state: State) -> None:
    """Ask the attacking player about the next attacker still pending in
    step D (K16), or, with none left, resolve the combat."""
    combat = state["combat"]
    if combat["pending"]:
        a = combat["pending"][0]
        state["prompt"] = {
            "seat": combat["attacker"],
            "kind": "assign",
            "attacker": a,
            "text": f"{cname(state, a)} is blocked by several characters: choose which of them it "
            "discards (their power together at most its own).",
        }
        return
    state["prompt"] = None
    resolve_combat(state)


def resolve_combat(state: State) -> None:
    """Step 5 D then E: unblocked attackers discard their power from the
    defender's deck; a single block discards the lower power (both when
    equal, K15; a blocked attacker never hits the deck); several blockers
    discard the attacker when together at least its power, and the
    attacker the chosen ones (K16). All at once (K17); then the turn ends
    (K13, "E. End Combat")."""
    combat = state["combat"]
    defender = combat["defender"]
    gone, damage = [], 0
    for a in combat["attackers"]:
        blockers = blockers_of(state, a)
        pa = power(state, a)
        if not blockers:
            damage += pa
        elif len(blockers) == 1:
            pb = power(state, blockers[0])
            if pa >= pb:
                gone.append(blockers[0])
            if pb >= pa:
                gone.append(a)
        else:
            if sum(power(state, b) for b in blockers) >= pa:
                gone.append(a)
            sets = discard_sets(state, a)
            gone.extend(combat["chosen"].get(a, sets[0]))
    for iid in gone:
        log(state, f"{cname(state, iid)} is discarded.", cards=[iid])
        discard_from_play(state, iid)
    if damage:
        mill(state, defender, damage)
    check_losses(state)
    if state["status"] == "playing":
        end_turn(state)
