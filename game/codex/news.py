"""What a free-for-all player must not miss in the current turn, as the
view carries it (``news``; issue 28 point 3: the page read it by comparing
successive views): Mercenary tokens arriving (house rule R23), free gold
gained (R25) and cards lent (R26). Everything told is public: cards in
play, the free gold count, who lent what. Before the coming turn begins
(its tech choice, R11) and once the game is over there is none."""

from .freeforall import FREE_GOLD_PER_TURN, MERCENARY, is_ffa
from .state import name, player, seat_name


def news(state: dict) -> list:
    """``[{"kind", "text"}]`` of the current turn, in the order they
    happen: ``"mercenary"`` (the active player's tokens that arrived this
    turn), ``"free-gold"`` (the gold the active player gained this turn
    for opposing units killed), ``"lent"`` (each card the active player
    lent in its lending step); empty outside a free-for-all."""
    if not is_ffa(state) or state["status"] != "playing" or state["phase"] == "tech":
        return []
    seat = state["active"]
    p = player(state, seat)
    who = seat_name(state, seat)
    out = []
    tokens = 0
    for q in state["players"]:
        for iid in q["play"]:
            inst = state["cards"][iid]
            tokens += inst["card"] == MERCENARY and inst["controller"] == seat and inst["arrived"] == state["turn"]
    if tokens and p["turns_ended"] == 0:
        what = f"{tokens} Mercenary tokens (1/1 each)" if tokens > 1 else "1 Mercenary token (a 1/1)"
        out.append(
            {"kind": "mercenary", "text": f"{who} got {what}: the head start of the later players in a free-for-all."}
        )
    gold = p["free_gold_this_turn"]
    if gold:
        out.append(
            {
                "kind": "free-gold",
                "text": f"{who} gained {gold} free gold for opposing units killed "
                f"({gold} of {FREE_GOLD_PER_TURN} this turn).",
            }
        )
    if state["phase"] == "lend":
        for q in state["players"]:
            for iid in q["play"]:
                if (state["cards"][iid]["marks"].get("lent") or {}).get("by") == seat:
                    to = seat_name(state, q["seat"])
                    out.append(
                        {
                            "kind": "lent",
                            "text": f"{who} lent {name(state, iid)} to {to}: it patrols for {to} until {to}'s upkeep.",
                        }
                    )
    return out
