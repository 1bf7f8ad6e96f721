"""What the purple starting deck and the purple specs share: changing one
time rune on a card that has some (Tinkerer, Time Spiral, Seer), sending
a hero back to its command zone (Origin Story, Ebbflow Archon), and the
"Bounce" returns to hand (Forgotten Fighter, Undo, Stewardess of the
Undone, Rewind).

Time runes themselves (fading, forecast, counting a player's runes) live
in the engine: game/codex/timerunes.py."""

from .. import kit

ADD, REMOVE = "add a time rune", "remove a time rune"


def time_rune_holders(state: dict) -> list:
    """Ids of every card with at least one time rune, anyone's: in play and
    in the future zones (Tinkerer, Time Spiral and Seer: "a card (or
    forecasted card) with at least one time rune"; rulings: opponents'
    cards too)."""
    return [i for p in state["players"] for i in p["play"] + p["future"] if state["cards"][i]["time"] > 0]


def ask_time_rune_change(state: dict, seat: int, source: str, optional: bool = False) -> None:
    """``seat`` picks a card with a time rune (no ◎: the printed cards have
    no target icon), then adds one time rune to it or removes one
    (removing the last one makes a fading thing fade away and a forecasted
    card arrive: Fading ruling). ``source`` names the card in the prompts;
    ``optional``: "you may" (Seer). Nothing happens without such a card."""
    holders = time_rune_holders(state)
    kit.ask(
        state,
        seat,
        f"{source}: choose a card with time runes.",
        holders,
        {"op": "purple_time_rune_card", "seat": seat, "source": source},
        optional=optional and bool(holders),
    )


@kit.op("purple_time_rune_card")
def _time_rune_card(state: dict, step: dict) -> None:
    """The card is chosen: ask whether to add or remove."""
    for iid in step["choice"]:
        kit.ask(
            state,
            step["seat"],
            f"{step['source']}: {kit.name(state, iid)} has {kit.card_of(state, iid)['time']} time rune(s).",
            [ADD, REMOVE],
            {"op": "purple_time_rune_change", "card": iid, "source": step["source"]},
        )


@kit.op("purple_time_rune_change")
def _time_rune_change(state: dict, step: dict) -> None:
    """Add or remove the one time rune (the card may have gone meanwhile)."""
    iid = step["card"]
    inst = state["cards"].get(iid)
    if inst is None or inst["zone"] not in ("play", "future"):
        return
    if step["choice"] == [ADD]:
        kit.add_time_runes(state, iid)
    elif kit.remove_time_runes(state, iid):
        kit.log(
            state, f"{step['source']} took a time rune off {kit.name(state, iid)} ({inst['time']} left).", cards=[iid]
        )


def to_command_zone(state: dict, hero: str) -> None:
    """Hero ``hero`` (in play) goes back to its owner's command zone: it
    leaves play without dying (no cooldown, no kill bonus) and comes back
    a fresh level-1 hero, without damage, runes or attachments (Origin
    Story ruling). Nothing for a hero no longer in play."""
    if not kit.thing_exists(state, hero) or kit.card_of(state, hero)["zone"] != "play":
        return
    owner = kit.card_of(state, hero)["owner"]
    nm = kit.name(state, hero)
    kit.leave_play(state, hero)
    kit.move(state, hero, "command")
    kit.log(state, f"{nm} went back to {kit.seat_name(state, owner)}'s command zone.")


def bounce(state: dict, iid: str) -> None:
    """Unit ``iid`` (if still in play) returns to its owner's hand: it
    leaves play without dying, so no technician or other "dies" bonus
    (Undo, Rewind and Stewardess of the Undone rulings); a token is gone."""
    if kit.thing_exists(state, iid) and kit.card_of(state, iid)["zone"] == "play":
        kit.return_to_hand(state, iid)
