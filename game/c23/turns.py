"""The C-23 turn and its ends: drawing, the turn's steps 1-3 and 6, cards
leaving the deck or play, and losing and winning ("Your Turn", "Object of
the Game", "Multiplayer Rules"; K3-K5, K8, K13, K24, K26).

Every function changes the state it is given; the moves (game/c23/moves.py)
call them once their checks have passed.
"""

from typing import Any

from game.kernel.rng import randbelow, shuffle

from .state import State, alive, cards_word, cdef, cname, left_of, log, name_list, out_text, pname, rename, right_of

BONUS_CARDS = 7  # "Multiplayer Rules", K24


def draw_cards(state: State, p: dict[str, Any], n: int, quiet: bool = False) -> int:
    """Move up to ``n`` cards from the deck's top to player ``p``'s hand
    (each with a new id, K19); return how many were drawn. Unless ``quiet``
    the table reads how many and the player which."""
    drawn = []
    for _ in range(n):
        if not p["deck"]:
            break
        iid = rename(state, p["deck"].pop(0))
        p["hand"].append(iid)
        drawn.append(iid)
    if drawn:
        p["revealed"] = False
    if not quiet and drawn:
        log(state, f"{p['name']} draws {len(drawn)} card{'s' if len(drawn) > 1 else ''}.")
        log(state, f"You draw {name_list(cname(state, i) for i in drawn)}.", cards=drawn)
    return len(drawn)


def draw(state: State, seat: int, n: int) -> None:
    """``seat`` draws ``n`` cards. Drawing from an empty deck loses (K26;
    "Object of the Game"); reaching 0 loses under the default K4."""
    p = state["players"][seat]
    got = draw_cards(state, p, n)
    if got < n:
        p["short_draw"] = True
    check_losses(state)


def begin_turn(state: State, seat: int) -> None:
    """Start ``seat``'s turn: step 1 untap, step 2 draw (the first player
    draws on turn 1 too, K3), then step 3 waits for the resource (K8);
    with no resource in hand step 3 passes by itself ("If you can't do
    anything during a step... go on to the next one")."""
    while state["status"] == "playing":
        state["turn"] += 1
        state["active"] = seat
        p = state["players"][seat]
        p["resource_played"] = False
        log(state, f"Turn {state['turn']}: {p['name']}.")
        state["step"] = "untap"
        for iid in p["resources"] + p["characters"]:
            state["cards"][iid]["tapped"] = False
        state["step"] = "draw"
        draw(state, seat, 1)
        if state["status"] != "playing":
            return
        if p["out"]:  # eliminated by the draw (3-player game): the next survivor's turn
            seat = left_of(state, seat)
            continue
        state["step"] = "resource"
        if not any(cdef(state, i)["type"] == "resource" for i in p["hand"]):
            state["step"] = "main"
        return


def end_turn(state: State) -> None:
    """Step 6: the turn is over; the next surviving player to the left begins (K13)."""
    if state["status"] != "playing":
        return
    state["step"] = "end"
    state["combat"] = None
    state["prompt"] = None
    begin_turn(state, left_of(state, state["active"]))


def check_losses(state: State) -> None:
    """Put out every surviving player whose deck is at 0 (K4 default
    "empty") or who had to draw from an empty deck (K26, and K4 "draw").
    Players who go in the same event go together (K5): with nobody left the
    game is a draw (option ``simultaneous_loss`` "active_loses": the active
    player alone loses). With one player left, that player wins.
    In a 3-player game an eliminated player's cards leave the game and the
    player to their right gets the elimination bonus (K24)."""
    if state["status"] != "playing":
        return
    rule = state["options"]["deck_out"]
    losers = []
    for p in state["players"]:
        if p["out"]:
            continue
        if p.pop("short_draw", False) or (rule == "empty" and not p["deck"]):
            losers.append(p["seat"])
    if not losers:
        return
    survivors = [s for s in alive(state) if s not in losers]
    if not survivors:
        active = state["active"]
        if state["options"]["simultaneous_loss"] == "active_loses" and active in losers:
            rest = [s for s in losers if s != active]
            eliminate(state, active, "The active player loses when every deck empties at once.")
            if len(rest) == 1:
                finish(state, rest[0], "deck_out")
            else:
                finish(state, None, "draw")
            return
        for s in losers:
            log(state, f"{pname(state, s)} has no cards left in the deck.")
        finish(state, None, "draw")
        return
    # Out together (K5): each is marked out before any cards move, so that
    # cards leave the game only while two players play on (K24), not those
    # of the first of two who go out in the event that ends the game.
    for s in losers:
        state["players"][s]["out"] = True
    for s in losers:
        eliminate(state, s, f"{pname(state, s)} has no cards left in the deck and {out_text(state, s, survivors)}.")
    if len(survivors) == 1:
        finish(state, survivors[0], "deck_out")
        return
    if state["options"]["elimination_bonus"]:
        for s in losers:
            elimination_bonus(state, right_of(state, s))
    if state["players"][state["active"]]["out"] and state["step"] != "draw":
        # The active player went out in their own turn (K24): the next survivor's turn.
        state["combat"] = None
        state["prompt"] = None
        begin_turn(state, left_of(state, state["active"]))


def eliminate(state: State, seat: int, text: str) -> None:
    """Put ``seat`` out of the game: its cards leave the game (K24)."""
    p = state["players"][seat]
    p["out"] = True
    log(state, text)
    if len(state["players"]) == 3 and len(alive(state)) >= 2:
        for zone in ("deck", "hand", "discard", "resources", "characters"):
            for iid in p[zone]:
                state["cards"][iid]["tapped"] = False
            p["gone"].extend(p[zone])
            p[zone] = []
        combat = state["combat"]
        if combat is not None and seat in (combat["attacker"], combat["defender"]):
            state["combat"] = None
            state["prompt"] = None


def elimination_bonus(state: State, seat: int) -> None:
    """The player whose left neighbour was eliminated takes min(7, discard
    pile) random cards of the discard pile and puts them on the deck's
    bottom in random order ("Multiplayer Rules", K24). With an empty pile
    the bonus moves nothing and the log says so, not "puts 0 cards"
    ("up to seven cards"; docs/RULINGS.md "C-23: the words of a concession
    and of the elimination bonus"). The random draws are as before."""
    p = state["players"][seat]
    picked = []
    for _ in range(min(BONUS_CARDS, len(p["discard"]))):
        picked.append(p["discard"].pop(randbelow(state, len(p["discard"]))))
    shuffle(state, picked)
    p["deck"].extend(rename(state, i) for i in picked)
    if not picked:
        log(
            state,
            f"{p['name']}'s discard pile is empty, so the elimination bonus puts no card on the bottom of their deck.",
        )
        return
    log(
        state,
        f"{p['name']} puts {cards_word(len(picked), 'random')} from their discard pile on the bottom "
        "of their deck (the elimination bonus).",
    )


def finish(state: State, winner: int | None, reason: str) -> None:
    """End the game: ``winner`` a seat, or None for a draw (K5)."""
    state["status"] = "finished"
    state["winner"] = winner
    state["result"] = "draw" if winner is None else "win"
    state["result_reason"] = reason
    state["prompt"] = None
    state["combat"] = None
    log(state, "The game is a draw." if winner is None else f"{pname(state, winner)} wins.")


def mill(state: State, seat: int, n: int) -> int:
    """``seat`` discards the top ``n`` cards of their deck to the discard
    pile (K19: discarded deck cards go face up to the discard pile); returns
    how many. The deck reaching 0 is checked by the caller (K4, K17)."""
    p = state["players"][seat]
    moved = p["deck"][:n]
    del p["deck"][:n]
    p["discard"].extend(moved)
    if moved:
        log(
            state,
            f"{p['name']} discards {len(moved)} from the deck: {name_list(cname(state, i) for i in moved)}.",
            cards=moved,
        )
    return len(moved)


def discard_from_play(state: State, iid: str) -> None:
    """Move character ``iid`` from play to its owner's discard pile."""
    p = state["players"][state["cards"][iid]["owner"]]
    p["characters"].remove(iid)
    state["cards"][iid]["tapped"] = False
    p["discard"].append(iid)
