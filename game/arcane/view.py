"""What one viewer may see of an Arcane Codex game: a seat, or a spectator
(``None``). House rule A31: hands and the deck order are hidden (counts
only; the deck's ids never appear), the discard pile, the banished cards,
the arena, life, essence and the round are public. Log lines meant for one
seat are left out for everyone else, and a public line a seat reads
privately instead (its own draw) is left out for that seat. Card ids change whenever a card enters
or leaves a hidden zone (state.move), so no id follows a card through one.
"""

from . import cards
from .state import ARENA_ZONES, can_attack, power, power_left, toughness

LOG_TAIL = 100  # how many log lines a view carries


def _whose(state: dict, seat, viewer) -> str:
    """Whose creatures a card of ``seat`` (None: a shared zone) helps, as
    ``viewer`` reads it: "your", "North's" or "its player's"."""
    if seat is None:
        return "its player's"
    return "your" if seat == viewer else f"{state['players'][seat]['name']}'s"


def card_view(state: dict, cid: str, viewer=None) -> dict:
    """One card as a board draws it: its id, code, rank, suit, label
    (``"7\u2666"``), kind, cost, and what it is in the game: a creature's
    power and toughness now (relics and charms counted, A20), its ability,
    damage, exhausted and arrived-this-turn flags and whether it may attack;
    a spell's name; a sage's essence and whether it used an ability this
    turn; for every card, what it does at this table (``effect``:
    cards.effect; a relic's or charm's creatures are "your" ones when
    ``viewer``, a seat or None, is its seat) (rulebook "Card Types by Rank")."""
    card = state["cards"][cid]
    code = card["card"]
    rank, suit = cards.split(code)
    kind = cards.kind(code)
    out = {
        "id": cid,
        "card": code,
        "rank": rank,
        "suit": suit,
        "label": cards.label(code),
        "kind": kind,
        "cost": cards.cost(code),
        "text": cards.describe(code),
        "effect": cards.effect(code, state["options"], _whose(state, card["seat"], viewer)),
    }
    if kind == "spell":
        out["spell"] = cards.SPELLS[rank]
    elif kind == "creature":
        base = cards.base_stats(code)
        out.update(ability=cards.ability(code), base_power=base[0], base_toughness=base[1])
        if card["zone"] == "creatures":
            out.update(
                power=power(state, cid),
                toughness=toughness(state, cid),
                damage=card["damage"],
                exhausted=card["exhausted"],
                arrived_this_turn=card["arrived"] == state["turn"],
                can_attack=can_attack(state, cid),
            )
    elif kind == "sage" and card["zone"] == "sages":
        out.update(essence=card["essence"], used=card["used"], arrived_this_turn=card["arrived"] == state["turn"])
    return out


def view(state: dict, viewer) -> dict:
    """The game as ``viewer`` (a seat 0/1, or None for a spectator) may see
    it; plain JSON. Takes the full state; reads it only. Its log holds the
    lines the viewer may read (A31), each exactly ``{"n", "text"}``."""
    players = []
    for p in state["players"]:
        seat = p["seat"]
        entry = {
            "seat": seat,
            "name": p["name"],
            "life": p["life"],
            "hand_count": len(p["hand"]),
            "power_left": power_left(state, seat) if seat == state["active"] else None,
            "power_spent": p["power_spent"],
            "land_played": p["land_played"],
            "draw_offer": p["draw_offer"],
            "blood_debt": p["blood_debt"],
        }
        for zone in ARENA_ZONES:
            entry[zone] = [card_view(state, cid, viewer) for cid in p[zone]]
        if viewer == seat:
            entry["hand"] = [card_view(state, cid, viewer) for cid in p["hand"]]
        players.append(entry)
    # Each line as {"n", "text"} only: its audience fields ("to", "hide") would tell who else reads what.
    lines = [
        {"n": line["n"], "text": line["text"]}
        for line in state["log"]
        if ("to" not in line or viewer in line["to"]) and viewer not in line.get("hide", ())
    ]
    return {
        "game": "arcane",
        "you": viewer,
        "status": state["status"],
        "round": state["round"],
        "turn": state["turn"],
        "phase": state["phase"],
        "active": state["active"],
        "first": state["first"],
        "options": dict(state["options"]),
        "players": players,
        "deck_count": len(state["deck"]),
        "discard": [card_view(state, cid, viewer) for cid in state["discard"]],
        "banished": [card_view(state, cid, viewer) for cid in state["banished"]],
        "stack": [card_view(state, cid, viewer) for cid in state["stack"]],
        "attacks": [dict(a, blockers=list(a["blockers"])) for a in state["attacks"]],
        "prompt": None if state["prompt"] is None else {k: state["prompt"][k] for k in ("seat", "kind", "left")},
        "winner": state["winner"],
        "winners": list(state["winners"]),
        "result_reason": state["result_reason"],
        "log": lines[-LOG_TAIL:],
        "sage_abilities": [
            {"ability": ability, "cost": cost, "effect": cards.SAGE_EFFECTS[ability]}
            for ability, cost in cards.SAGE_ABILITIES.items()
        ],
    }
