"""What one viewer may see: a seat, or a spectator (``None``).

Hidden zones (decks, hands, discard piles, worker cards, codexes and tech
picks) show counts only to anyone but the player and their teammates (house
rule R21); ids of cards in hidden zones are never shown to others, and cards
get fresh ids when they enter a hidden zone (state.move), so nobody can
follow a card through one. Log lines meant for some seats only are left out
for everyone else.
"""

from functools import cache
from typing import Any, cast

from . import catalog, maps, specs, stats
from .actions import (
    ADDON_TEARDOWN_DAMAGE,
    abilities_of,
    build_price,
    card_cost,
    hire_cost,
    main_refusal,
    play_card_verdict,
)
from .cards import registry
from .errors import RulesError
from .freeforall import FREE_GOLD_PER_TURN, REPAIR_COST, REPAIR_HP, has_conceded, is_ffa, lone_leader, tied_now
from .heroes import barred_for_good
from .marks import MARKS
from .news import news
from .reasons import reasons
from .state import is_opponent, teammates
from .targeting import is_illusion, seat_attack_tax
from .viewtypes import (
    Ability,
    Building,
    CardInPlay,
    Face,
    FutureCard,
    HandCard,
    HeroInCommand,
    Named,
    PlayerEntry,
    PrivateCard,
    Prompt,
    View,
)

LOG_TAIL = 100  # how many log lines a view carries


def _card_public(state: dict, iid: str) -> CardInPlay:
    """Card ``iid`` in play as everyone sees it (the same for every viewer:
    part of :func:`_seat_public`)."""
    inst = state["cards"][iid]
    rec = catalog.card(inst["card"])
    kind = rec["kind"]
    marks = inst["marks"]
    out: CardInPlay = {
        "iid": iid,
        "card": inst["card"],
        "name": rec["name"],
        "kind": kind,
        "owner": inst["owner"],
        "controller": inst["controller"],
        "exhausted": inst["exhausted"],
        "damage": inst["damage"],
        "plus": inst["plus"],
        "minus": inst["minus"],
        "time": inst["time"],
        "arrived_this_turn": inst["arrived"] >= state["turn"],
    }
    shown_out = cast(dict[str, Any], out)
    for key, field in _ALWAYS:  # public marks every card in play shows, set or not
        shown_out[field] = bool(marks.get(key))
    if kind == "unit" or kind == "hero":
        computed = stats.compute(state, iid)
        out["atk"], out["hp"], out["keywords"] = computed["atk"], computed["hp"], computed["kw"]
        out["tech"] = stats.tech_level(state, iid)  # a transformed unit keeps its own
        if is_illusion(state, iid):  # the printed subtype, or made one (grants illusion)
            out["illusion"] = True
        if registry.silenced(state, iid):  # it lost its abilities
            out["silenced"] = True
        if kind == "hero":
            out["level"], out["mid_level"], out["max_level"] = inst["level"], rec["mid_level"], rec["max_level"]
    elif kind == "building":  # a building card in play
        out["hp"] = stats.hp(state, iid)
    if marks:
        _marked(state, marks, out)
    _attack_tax(state, iid, out)
    abilities = _abilities(state, iid)
    if abilities:
        out["abilities"] = abilities
    return out


# The public marks every card in play shows, set or not (marks.MARKS, form
# "always"): ``(key, field)``.
_ALWAYS = tuple((key, m.shown.field) for key, m in MARKS.items() if m.shown and m.shown.form == "always")


def _held(state: dict, iid: str) -> Named:
    """A card a card in play holds out of play, face up: id, card, name."""
    card = state["cards"][iid]["card"]
    return {"iid": iid, "card": card, "name": catalog.card(card)["name"]}


def _shown(state: dict, form: str, value: Any) -> Any:
    """What a public mark of ``value`` shows in the view by its ``form``
    (marks.FORMS), or None when it shows nothing now."""
    if form == "value":
        return (list(value) if isinstance(value, list) else dict(value) if isinstance(value, dict) else value) or None
    if form == "present":
        return list(value) if isinstance(value, list) else value
    if form == "flag":
        return True if value else None
    if form == "this_turn":
        return True if value == state["turn"] else None
    if form == "lender":
        return value["by"] if value else None
    if form == "held":
        return _held(state, value) if isinstance(value, str) and value in state["cards"] else None
    if form == "held_list":
        return [_held(state, i) for i in value if i in state["cards"]] if value else None
    if form == "was":
        return {"card": value["was"], "name": catalog.card(value["was"])["name"]}
    if form == "in_play":
        cards = state["cards"]
        return sum(1 for i in value if i in cards and cards[i]["zone"] == "play") or None
    raise ValueError(f"no view form {form!r} (marks.FORMS)")


def _marked(state: dict, marks: dict, out: CardInPlay) -> None:
    """Add to ``out`` (a card in play, public) what its public ``marks``
    show, each as declared (marks.MARKS: its field and form), only when it
    shows something now: a new card's public mark needs no edit here."""
    shown_out = cast(dict[str, Any], out)
    for key, value in marks.items():
        mark = MARKS.get(key)
        shown = mark and mark.shown
        if shown and shown.form != "always":
            field = _shown(state, shown.form, value)
            if field is not None:
                shown_out[shown.field] = field


def _attack_tax(state: dict, iid: str, out: CardInPlay) -> None:
    """Add to ``out`` (card ``iid`` in play, public) ``attack_tax`` when it
    has one: the gold each opponent of its controller pays to attack it
    now (``modifies attack_tax``, targeting.seat_attack_tax)."""
    team = state["players"][state["cards"][iid]["controller"]]["team"]
    opponent = None  # the first seat of another team (state.is_opponent)
    for p in state["players"]:
        if p["team"] != team:
            opponent = p["seat"]
            break
    tax = 0 if opponent is None else seat_attack_tax(state, opponent, iid)
    if tax:
        out["attack_tax"] = tax


def _abilities(state: dict, iid: str) -> list[Ability]:
    """The activated abilities card ``iid`` in play has now, in the order of
    the ``ability`` index of its ``ability`` actions: ``[{"text": what it
    does (our words, e.g. "gain 1 gold."), "gold": its gold cost, "exhaust":
    whether it exhausts the card, "sacrifice": whether the card is
    sacrificed}]``. Public: abilities are printed on cards in play."""
    return [
        {"text": a.text, "gold": a.gold, "exhaust": a.exhaust, "sacrifice": a.sacrifice}
        for a in abilities_of(state, iid)
    ]


def _card_future(state: dict, iid: str) -> FutureCard:
    """A forecasted card: public, with its time runes (glossary: Forecast)."""
    inst = state["cards"][iid]
    out: FutureCard = {
        "iid": iid,
        "card": inst["card"],
        "name": catalog.card(inst["card"])["name"],
        "time": inst["time"],
    }
    abilities = _abilities(state, iid)
    if abilities:  # used while forecasted (Ability.from_future)
        out["abilities"] = abilities
    return out


def _card_private(state: dict, iid: str) -> PrivateCard:
    """Card ``iid`` of a hidden zone as its owner's team sees it: its id
    and :func:`_face`."""
    face = _face(state["cards"][iid]["card"])
    return {"iid": iid, "card": face["card"], "name": face["name"], "kind": face["kind"], "cost": face["cost"]}


@cache
def _face(card_id: str) -> Face:
    """What a card of a hidden zone shows, by catalog id: ``{"card",
    "name", "kind", "cost"}``. Shared: read only (every caller copies it;
    catalog facts never change while the engine runs)."""
    rec = catalog.card(card_id)
    return {"card": card_id, "name": rec["name"], "kind": rec["kind"], "cost": rec.get("cost")}


def _hero_in_command(state: dict, iid: str, p: dict) -> HeroInCommand:
    inst = state["cards"][iid]
    rec = catalog.card(inst["card"])
    out: HeroInCommand = {
        "iid": iid,
        "card": inst["card"],
        "name": rec["name"],
        "kind": "hero",
        "level": 1,
        # How many more of its owner's turns must end before it may be
        # summoned again (house rule R13); 0 when it may be now.
        "cooldown_turns": max(0, p["hero_ready_after"].get(inst["card"], 0) - p["turns_ended"]),
    }
    if barred_for_good(state, p["seat"], inst["card"]):
        out["gone"] = True  # the map bars it: never summoned again (public)
    return out


def _hand_card(state: dict, iid: str, seat: int) -> HandCard:
    """A card in ``seat``'s hand, with ``tax``: the extra gold a minor spell
    costs while no hero of its colour is in play (3-hero rules; 0 else),
    and ``effective_cost``: the gold ``seat`` pays to play it now, the
    cost after every change (actions.card_cost: cards in play,
    a promise...) plus that tax, as the play is charged
    (actions.check_play)."""
    private = _card_private(state, iid)
    card = private["card"]
    tax = specs.minor_spell_tax(state, seat, catalog.card(card))
    return {
        "iid": iid,
        "card": card,
        "name": private["name"],
        "kind": private["kind"],
        "cost": private["cost"],
        "tax": tax,
        "effective_cost": card_cost(state, seat, card) + tax,
    }


def _add_why_not(state: dict, seat: int, hand: list) -> None:
    """Give each card of ``seat``'s shown ``hand`` that ``seat`` cannot
    play now a ``why_not``: the engine's refusal sentence for ``{"type":
    "play", "card": iid}`` (e.g. "You need a hero of that spell's spec in
    play."). None is given to a card that can be played, or may be with
    targets (only a target refusal is left: the legal actions list the
    targets), nor to any card when ``seat`` may take no main-phase action
    now (nothing in hand is playable then, for the same reason). The
    sentence is the card's play verdict (actions.play_card_verdict, what
    check_play asks first, without a boost), the one legal_actions left in
    the frozen state's memo: once it passes, no target is left to refuse
    but a target (check_targets: ``bad_targets`` when the card has target
    slots; without slots nothing, as engine._targets_pass says) (issue
    13)."""
    if main_refusal(state, seat) is not None:
        return
    for card in hand:
        verdict = play_card_verdict(state, seat, card["iid"], False)
        if isinstance(verdict, RulesError):
            card["why_not"] = verdict.message


def hand_revealed_to(state: dict, seat: int, viewer) -> bool:
    """True when ``seat``'s hand is revealed to ``viewer``, an opponent: a
    card in play of the viewer or a teammate reveals it (question
    ``grants hand_reveal``: "opponents play with their hands revealed"
    to its controller and teammates, R21). Never to a
    spectator (None) nor to anyone else."""
    if viewer is None or not is_opponent(state, viewer, seat):
        return False
    sources = [i for mate in teammates(state, viewer) for i in state["players"][mate]["play"]]
    return registry.any_says(state, "grants:hand_reveal", sources, seat)


def _revealed_card(state: dict, iid: str) -> Face:
    """A card of a revealed hand: what it is, without its id (hidden-zone
    ids are never shown to another team)."""
    return _face(state["cards"][iid]["card"]).copy()


def _tech_lab_spec(state: dict, p: dict):
    """The spec ``p``'s Tech Lab unlocks, or None (no Tech Lab, or its spec
    not chosen yet: it is chosen once a Tech II exists); the spec of the
    Tech Lab the game's map gives, once chosen (specs.map_tech_lab)."""
    addon = p["buildings"]["addon"]
    lab = specs.map_tech_lab(state, p["seat"])
    if isinstance(lab, str):
        return lab
    return addon.get("spec") if addon is not None and addon["id"] == "tech_lab" else None


def _buildings(p: dict) -> dict[str, Building | None]:
    out: dict[str, Building | None] = {}
    for slot, rec in p["buildings"].items():
        if rec is None:
            out[slot] = None
            continue
        building: Building = {
            "id": rec["id"],
            "name": catalog.card(rec["id"])["name"],
            "damage": rec["damage"],
            "done": rec["done"],
            "hp": 4 if slot == "addon" else 5,
        }
        if "off" in rec:  # disabled by a card: off on its owner's next turn
            building["disabled"] = True
        out[slot] = building
    return out


def _build_costs(state: dict, p: dict) -> dict[str, int]:
    """``{building id: gold}`` for each tech building and add-on of the mode
    that player ``p`` has not standing: what building it costs now
    (actions.build_price: changes of cards in play and the colour tax
    included), whether or not it may be built."""
    seat, standing = p["seat"], p["buildings"]
    addon = standing["addon"]
    return {
        what: build_price(state, seat, what)
        for what in (*specs.TECH_BUILDINGS, *specs.addons(state))
        if standing.get(what) is None and (addon is None or addon["id"] != what)
    }


def view(state: dict, viewer) -> dict[str, Any]:
    """Build the view of ``viewer`` (see :func:`_view`), memoising stats.
    The views built while one state is frozen (rules.reading) share what
    is the same for every viewer (each seat's public part, public log
    lines), so a view is read only.

    Raises RulesError ``bad_seat`` when ``viewer`` is neither None nor a
    seat index of this game (``-1`` would otherwise read as the last seat
    and show its hand)."""
    if viewer is not None and not (
        isinstance(viewer, int) and not isinstance(viewer, bool) and 0 <= viewer < len(state["players"])
    ):
        raise RulesError("bad_seat", "That seat is not in this game.")
    with stats.frozen(state):
        return cast(dict[str, Any], _view(state, viewer))  # a View (viewtypes.py): the kernel's plain dict


def _seat_public(state: dict, p: dict) -> PlayerEntry:
    """What everyone sees of player ``p``: counts of its hidden zones, its
    forecasted cards, heroes in command and cards in play, patrol,
    buildings and the public facts of its turn. The same for every viewer:
    built once per frozen state (:func:`view`); each view copies the top
    level, and the rest is shared, read only."""
    seat = p["seat"]
    entry: PlayerEntry = {
        "seat": seat,
        "name": p["name"],
        "team": p["team"],
        "gold": p["gold"],
        "workers": p["base_workers"] + len(p["workers"]),
        "hand_count": len(p["hand"]),
        "deck_count": len(p["deck"]),
        "discard_count": len(p["discard"]),
        "codex_count": sum(p["codex"].values()),
        "trash_count": len(p["trash"]),
        "future": [_card_future(state, i) for i in p["future"]],
        "tech_owed": p["tech_owed"],
        "hired_this_turn": p["hired_this_turn"],
        "ended_main": p["ended_main"],
        "command": [_hero_in_command(state, i, p) for i in p["command"]],
        "play": [_card_public(state, i) for i in p["play"]],
        "patrol": dict(p["patrol"]),
        "buildings": _buildings(p),
        "turns_ended": p["turns_ended"],
        # 3-hero rules (public): heroes allowed in play, the spec Tech II
        # declared (kept when it is destroyed), the Tech Lab's spec, and
        # the extra gold on the next tech building or add-on.
        "hero_limit": specs.hero_limit(state, seat),
        "tech_2_spec": p.get("tech2_spec"),
        "tech_lab_spec": _tech_lab_spec(state, p),
        "tech_tax": specs.multicolour_tax(state, seat),
        # Free-for-all: free gold gained this turn (house rule R25).
        "free_gold": p["free_gold_this_turn"],
        # Free-for-all: conceded, so out of the game (freeforall.concede).
        "conceded": bool(p.get("conceded")),
    }
    if is_ffa(state):  # house rule R25: the most free gold a player gains in a turn
        entry["free_gold_cap"] = FREE_GOLD_PER_TURN
    # Purple (public, only when set): the next card costs 0 this turn
    # (a promise), the gold owed next upkeep, extra turns owed.
    if p.get("promise") == state["turn"]:
        entry["promised"] = True
    if p.get("debts"):
        entry["debt"] = sum(d["gold"] for d in p["debts"])
    if p.get("extra_turns"):
        entry["extra_turns"] = p["extra_turns"]
    return entry


def _view(state: dict, viewer) -> View:
    """Build the view of ``viewer`` (a seat index, or None for a spectator).

    Returns a JSON-able dict (shape in docs/ENGINE.md, "Views"). Teammates of
    ``viewer`` show their hand, discard pile and codex; everyone else shows
    counts only.
    """
    players: list[PlayerEntry] = []
    for p in state["players"]:
        seat = p["seat"]
        sees_all = viewer is not None and not is_opponent(state, viewer, seat)
        public: PlayerEntry = stats.memoised(state, ("seat_public", seat), lambda: _seat_public(state, p))  # noqa: B023 (called before the loop moves on)
        entry = public.copy()
        if sees_all:
            entry["hand"] = [_hand_card(state, i, seat) for i in p["hand"]]
            if seat == viewer:  # only the viewer's own hand says what stops a card
                _add_why_not(state, seat, entry["hand"])
                # Why each other control can't be used now (game.codex.reasons).
                entry["reasons"] = reasons(state, seat)
                # The gold a worker costs now (the map, cards in play), for the Hire button.
                entry["hire_cost"] = hire_cost(state, seat)
                if p["buildings"]["addon"] is not None:  # the damage building another add-on deals its base
                    entry["addon_teardown_damage"] = ADDON_TEARDOWN_DAMAGE
                # The gold each building not standing costs now, for the Build buttons.
                entry["build_costs"] = _build_costs(state, p)
                # The cards of the hand and codex still waiting for tech, and why (hidden: own seat only).
                entry["tech_waits"] = specs.tech_waits(state, seat)
                if is_ffa(state):  # house rule R24: what one repair of the base costs and mends
                    entry["repair"] = {"gold": REPAIR_COST, "hp": REPAIR_HP}
                if _may_concede_in_final(state, seat):  # R28: whom conceding now would make win at once
                    entry["concede_leaves_winner"] = lone_leader(state, seat)
            entry["discard"] = [_card_private(state, i) for i in p["discard"]]
            entry["trash"] = [_card_private(state, i) for i in p["trash"]]
            entry["codex"] = dict(sorted(p["codex"].items()))
        elif hand_revealed_to(state, seat, viewer):
            entry["hand"] = [_revealed_card(state, i) for i in p["hand"]]
            entry["hand_revealed"] = True
        players.append(entry)
    prompt = state["prompt"]
    shown_prompt: Prompt | None = None
    if prompt is not None:
        shown_prompt = {"seat": prompt["seat"], "text": prompt["text"]}
        if viewer == prompt["seat"]:
            shown_prompt["id"] = prompt["id"]
            shown_prompt["options"] = list(prompt["options"])
            shown_prompt["count"] = prompt["count"]
            shown_prompt["optional"] = prompt["optional"]
    out: View = {
        "viewer": viewer,
        "mode": state["mode"],
        "status": state["status"],
        "winner": state["winner"],
        "winners": list(state["winners"]),
        "result_reason": state["result_reason"],
        "turn": state["turn"],
        "active": state["active"],
        "phase": state["phase"],
        "teams": [{"hp": t["hp"], "damage": t["damage"]} for t in state["teams"]],
        "players": players,
        "prompt": shown_prompt,
        "log": _log_tail(state, viewer),
        "final": _final(state),
        # Free-for-all: what a player must not miss this turn (news.py; public).
        "news": news(state),
    }
    if "map" in state:  # the map card, for everyone (maps.view_of); absent without one
        out["map"] = maps.view_of(state)
    return out


def _log_tail(state: dict, viewer) -> list:
    """The last LOG_TAIL lines of the log ``viewer`` may read, oldest first,
    each ``{"n", "text"}``: a public line is the state's own entry (it is
    exactly that, and a log entry is never changed once written:
    state.log), shared by every view of the state; a line meant for some
    seats (``to``, ``not_to``) is copied without them."""
    readers = set(teammates(state, viewer)) if viewer is not None else set()
    tail = []  # gathered from the end
    for e in reversed(state["log"]):
        if len(e) == 2:  # n and text: a public line
            tail.append(e)
        else:
            to, not_to = e.get("to"), e.get("not_to")
            if (to is not None and readers.isdisjoint(to)) or (not_to and not readers.isdisjoint(not_to)):
                continue
            tail.append({"n": e["n"], "text": e["text"]})
        if len(tail) == LOG_TAIL:
            break
    tail.reverse()
    return tail


def _final(state: dict):
    """The free-for-all final rounds (house rule R28), or None: the tied
    leaders the round began with, those still to play this round in turn
    order, the round, and ``tied_now``: the seats tied for the highest base
    now (freeforall.tied_now; [] when one base leads or the game is over)."""
    final = state.get("final")
    if final is None:
        return None
    return {
        "tied": list(final["tied"]),
        "order": list(final["order"]),
        "round": final["round"],
        "tied_now": tied_now(state),
    }


def _may_concede_in_final(state: dict, seat: int) -> bool:
    """True while ``seat`` is still in a free-for-all in its final rounds
    (R28), in play: its entry then says what its concession would do."""
    return state.get("final") is not None and state["status"] == "playing" and not has_conceded(state, seat)
