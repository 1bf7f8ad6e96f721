"""What one viewer may see of a C-23 game (K19; docs/C23.md, "Views").

Decks show a count only (their order and ids never appear); a hand shows
its cards to its owner only (or to everybody once shown in a 3-player game,
K19, K24), a count to everyone else; discard piles and cards in play are
public. Ids change whenever a card enters a deck or a hand (state.rename),
so an id seen in a public zone never follows a card through a hidden one.
The log keeps the lines the viewer may read; the generator's key never
appears.
"""

from typing import Any

from game.kernel.envelope import is_seat
from game.kernel.errors import RulesError

from . import cards as pool
from .anytime_moves import check_concede, check_reveal, concession_winner, may
from .combat import blockers_of, discard_sets
from .state import State, alive, cdef, left_of, power

LOG_TAIL = 200


def _card(state: State, iid: str) -> dict[str, Any]:
    c = cdef(state, iid)
    out = {"id": iid, "name": c["name"], "type": c["type"], "colour": c["colour"], "cost": c["cost"], "text": c["text"]}
    if c["type"] == "character":
        out.update(power=power(state, iid), printed_power=c["power"], unique=c["unique"])
    return out


def _in_play(state: State, iid: str) -> dict[str, Any]:
    out = _card(state, iid)
    out["tapped"] = state["cards"][iid]["tapped"]
    if c_is_character(state, iid):
        out["entered"] = state["cards"][iid]["entered"]
    return out


def c_is_character(state: State, iid: str) -> bool:
    """True when ``iid`` is a character card."""
    return bool(cdef(state, iid)["type"] == "character")


def _own_moves(state: State, seat: int, entry: dict[str, Any]) -> None:
    """Add to the viewer's own ``entry`` the moves never listed among the
    legal actions (anytime_moves): ``may_reveal_hand`` (a 3-player game, the
    hand not shown yet: K19, K24), ``may_concede``, and while it may,
    ``concede_leaves_winner``: the seat its concession would make win (the
    last one left, K24), or None when two others play on."""
    entry["may_reveal_hand"] = may(check_reveal, state, seat)
    entry["may_concede"] = may(check_concede, state, seat)
    if entry["may_concede"]:
        entry["concede_leaves_winner"] = concession_winner(state, seat)


def view(state: State, viewer: Any) -> dict[str, Any]:
    """The game as ``viewer`` (a seat, or None for a spectator) may see it:
    ``{"game", "viewer", "status", "winner", "result", "result_reason",
    "turn", "active", "step", "options", "players": [...], "turn_order",
    "combat", "prompt", "log", "pool_origin"}``. Each player still in says
    whom it ``attacks``; the viewer's own entry what it may do at any time
    (:func:`_own_moves`). The prompt's text and seat are public; what it
    offers is listed by legal_actions to its seat only.
    Raises RulesError ``bad_seat`` for a viewer that is no seat."""
    if viewer is not None and not is_seat(state, viewer):
        raise RulesError("bad_seat", "That seat is not in this game.")
    players = []
    for p in state["players"]:
        entry = {
            "seat": p["seat"],
            "name": p["name"],
            "out": p["out"],
            "deck_count": len(p["deck"]),
            "hand_count": len(p["hand"]),
            "discard": [_card(state, i) for i in p["discard"]],
            "resources": [_in_play(state, i) for i in p["resources"]],
            "characters": [_in_play(state, i) for i in p["characters"]],
            "gone_count": len(p["gone"]),
            "resource_played": p["resource_played"],
            "hand_shown": p["revealed"],
        }
        if not p["out"]:  # whom this player attacks: the next one still in to its left (K24)
            entry["attacks"] = left_of(state, p["seat"])
        if viewer == p["seat"] or p["revealed"]:
            entry["hand"] = [_card(state, i) for i in p["hand"]]
        if viewer == p["seat"]:
            _own_moves(state, p["seat"], entry)
        players.append(entry)
    combat = state["combat"]
    shown_combat = None
    if combat is not None:
        shown_combat = {
            "attacker": combat["attacker"],
            "defender": combat["defender"],
            "attackers": list(combat["attackers"]),
            "blocks": dict(combat["blocks"]),
            "stage": combat["stage"],
            "mods": dict(combat["mods"]),
            "combat_cards_played": dict(combat["played"]),
        }
    prompt = state["prompt"]
    shown_prompt = None
    if prompt is not None:
        shown_prompt = {"seat": prompt["seat"], "kind": prompt["kind"], "text": prompt["text"]}
        if prompt["kind"] == "assign":
            shown_prompt["attacker"] = prompt["attacker"]
            if viewer == prompt["seat"]:
                shown_prompt["blockers"] = blockers_of(state, prompt["attacker"])
                shown_prompt["choices"] = discard_sets(state, prompt["attacker"])
    lines = []
    for e in reversed(state["log"]):
        if "to" not in e or (viewer is not None and viewer in e["to"]):
            lines.append({"n": e["n"], "text": e["text"]})
            if len(lines) == LOG_TAIL:
                break
    lines.reverse()
    return {
        "game": "c23",
        "viewer": viewer,
        "status": state["status"],
        "winner": state["winner"],
        "result": state["result"],
        "result_reason": state["result_reason"],
        "turn": state["turn"],
        "active": state["active"],
        "step": state["step"],
        "options": dict(state["options"]),
        "players": players,
        # The seats still in, in the order their turns come (to the left,
        # the last followed by the first: K13, K24).
        "turn_order": alive(state),
        "combat": shown_combat,
        "prompt": shown_prompt,
        "log": lines,
        "pool_origin": pool.origin(),
    }
