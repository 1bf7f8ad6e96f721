"""The moves open at any time to a player still in the game, never listed
among the legal actions: showing one's hand (3 players, K19, K24) and
conceding (K24).
"""

from game.kernel.errors import RulesError
from game.kernel.game import Move

from .outcome import note_concession
from .state import Action, Plan, State, cname, left_of, log, name_list, opponents, out_text, pname, right_of
from .turns import begin_turn, eliminate, elimination_bonus, finish


def check_reveal(state: State, seat: int, action: Action) -> Plan:
    """Show your hand to every player and spectator (3-player game only:
    "you can show cards in your hand to everybody, but... not secretly to
    just one other player", K19, K24); it stays shown until the hand changes."""
    if len(state["players"]) != 3:
        raise RulesError("no_reveal", "Hands are shown only in a 3-player game.")
    if state["players"][seat]["out"]:
        raise RulesError("out", "You are out of the game.")
    if state["players"][seat]["revealed"]:
        raise RulesError("already_revealed", "Your hand is already shown.")
    return {}


def do_reveal(state: State, seat: int, plan: Plan) -> None:
    """Mark the hand shown and tell everyone what it holds."""
    p = state["players"][seat]
    p["revealed"] = True
    shown = name_list(cname(state, i) for i in p["hand"]) or "empty"
    log(state, f"{p['name']} shows their hand to everybody: {shown}.", cards=p["hand"])


def check_concede(state: State, seat: int, action: Action) -> Plan:
    """Concede the game (K6 "concession" of the pool list: a player may
    always give up). In a 3-player game the player is eliminated (K24)."""
    if state["players"][seat]["out"]:
        raise RulesError("out", "You are out of the game.")
    return {}


def concession_winner(state: State, seat: int) -> int | None:
    """The player ``seat``'s concession would leave alone in the game, who
    then wins (K24: the last player surviving wins); None when two others
    would play on."""
    survivors = opponents(state, seat)
    return survivors[0] if len(survivors) == 1 else None


def may(check, state: State, seat: int) -> bool:
    """True when the move ``check`` (:func:`check_reveal`,
    :func:`check_concede`) accepts ``seat`` now, in a game in play."""
    if state["status"] != "playing":
        return False
    try:
        check(state, seat, {})
    except RulesError:
        return False
    return True


def do_concede(state: State, seat: int, plan: Plan) -> None:
    """Put the seat out; the last one left wins, or the others play on
    (K24: the elimination bonus, the next turn when it was this seat's)."""
    winner = concession_winner(state, seat)
    note_concession(state, seat)
    survivors = opponents(state, seat)
    combat = state["combat"]
    involved = combat is not None and seat in (combat["attacker"], combat["defender"])
    # Only the concession that leaves one player ends the game (finish()
    # then names the winner); one that leaves two says who plays on (K24).
    text = "concedes." if winner is not None else f"concedes and {out_text(state, seat, survivors)}."
    eliminate(state, seat, f"{pname(state, seat)} {text}")
    if winner is not None:
        finish(state, winner, "concede")
        return
    if state["options"]["elimination_bonus"]:
        elimination_bonus(state, right_of(state, seat))
    if state["prompt"] is not None and state["prompt"]["seat"] == seat:
        state["prompt"] = None
    if seat == state["active"] or involved:
        state["combat"] = None
        state["prompt"] = None
        begin_turn(state, left_of(state, state["active"]))


REVEAL_HAND = Move("reveal_hand", (), check_reveal, do_reveal)
CONCEDE = Move("concede", (), check_concede, do_concede)
