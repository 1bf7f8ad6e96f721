"""The end of a free-for-all turn after a base fell, and conceding (house
rule R28; docs/RULINGS.md: nobody is eliminated while the others play on).
Above the turn structure: both end or replace turns."""

from .checks import answer, run
from .freeforall import final_round_seat, last_leader_standing
from .state import player, team_of
from .turns import begin_turn, cut_turn_short


def settle(state: dict) -> None:
    """After each action (engine.apply_action): if a base fell during a turn
    (R28) and what was resolving has finished (no step queued, no open
    question), that turn ends now: its player's main phase ends where it
    stands (no lending), the draw phase and the end of the turn follow, and
    the first final-round turn begins. If it fell while the coming turn was
    waiting for a tech choice, that turn is replaced by the first
    final-round turn."""
    pending = state.get("final_pending")
    if pending is None or state["status"] != "playing" or state["prompt"] is not None or state["queue"]:
        return
    state["final_pending"] = None
    if state["turn"] != pending["turn"]:
        return  # the turn it fell in has already ended
    if state["phase"] in ("upkeep", "main", "lend"):
        cut_turn_short(state)
    elif state["phase"] == "tech" and pending["phase"] == "tech":
        seat = final_round_seat(state)
        if seat is not None:
            begin_turn(state, seat)
    run(state)


def concede(state: dict, seat: int) -> None:
    """A free-for-all concession: ``seat``'s base falls to 0 HP, and R28
    decides the end as for any fallen base (docs/RULINGS.md: nobody is
    eliminated while the others play on). The conceder is out: marked
    ``conceded``, owing no tech, with no action left (engine.legal_actions);
    a question of theirs still open is answered the least way (nothing when
    optional, else its first options) so that it blocks nobody.

    In the final rounds (R28) the conceder, no longer tied for the most
    HP, takes no more turns: it leaves ``final``'s tied leaders and order,
    and when the turn is its own (begun, or waiting for its tech choice)
    that turn ends as the turn a base fell in does, once what is resolving
    has finished (:func:`settle`); found by a tester: the table hung on a
    conceder's final turn, where nobody could act. When the concession
    leaves a single tied leader in, alone with the highest base, that
    player wins at once (:func:`freeforall.last_leader_standing`)."""
    team = state["teams"][team_of(state, seat)]
    team["damage"] = max(team["damage"], team["hp"])
    p = player(state, seat)
    p["conceded"] = True
    p["tech_owed"] = False
    while state["prompt"] is not None and state["prompt"]["seat"] == seat:
        prompt = state["prompt"]
        answer(state, seat, [] if prompt["optional"] else prompt["options"][: prompt["count"]])
    final = state.get("final")
    if final is not None:
        final["tied"] = [s for s in final["tied"] if s != seat]
        final["order"] = [s for s in final["order"] if s != seat]
        if last_leader_standing(state):
            return
        if state["active"] == seat:
            state["final_pending"] = {"turn": state["turn"], "phase": state["phase"]}
