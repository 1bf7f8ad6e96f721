"""Current ATK, HP and keywords of things in play, with every modifier applied.

Nothing here is stored: ATK, HP and keywords are computed from the printed
facts (or the hero's band), runes, this-turn effects, patrol slot bonuses,
keyword modifiers (frenzy) and the static abilities of cards in play (card
hooks ``aura``). Sources: Deluxe rulebook "Runes", "Patrol zone" and the
keyword glossary; house rule R6 (squad leader armor).
"""

import threading
from functools import cache

from . import catalog
from .cards import registry
from .state import printed_card


@cache
def _printed(card_id: str, level: int) -> tuple:
    """``(atk, hp, keywords)`` of card ``card_id`` at hero level ``level``
    (read only; catalog facts never change while the engine runs)."""
    rec = catalog.card(card_id)
    if rec["kind"] == "hero":
        # A hero has the abilities of its band and of every band below it.
        band = catalog.hero_band(card_id, level)
        kw = {}
        for lower in rec["bands"]:
            if lower["level"] <= level:
                _add_keywords(kw, lower.get("keywords") or {})
        return band["atk"] or 0, band["hp"] or 0, kw
    return rec.get("atk") or 0, rec.get("hp") or 0, dict(rec.get("keywords") or {})


def _add_keywords(into: dict, extra: dict) -> None:
    for key, val in extra.items():
        into[key] = into.get(key, 0) + val


_local = threading.local()


class frozen:
    """``with frozen(state, memo=None):`` within this block ``state`` is only
    read, so computed stats are memoised (legal_actions and view use it;
    nothing may change the state inside). Thread-local, so concurrent games
    don't share memos. A block inside a block of the same state is part of
    the outer one.

    ``memo``: a dict to keep the memo in, given again to later blocks of
    the same state that never changes in between (the server renders a
    version's frames for each seat and the spectators in several blocks:
    game/fanout.py); a new one per block when None. Everything memoised is
    the same for every viewer or keyed by the seat it depends on.

    A class rather than a generator context manager: the death checks open
    one after every step of an action (issue 13)."""

    __slots__ = ("_state", "_memo", "_outer", "_opened")

    def __init__(self, state: dict, memo: dict | None = None):
        self._state, self._memo = state, memo

    def __enter__(self) -> None:
        outer = self._outer = getattr(_local, "memo", None)
        self._opened = outer is None or outer[0] is not self._state
        if self._opened:
            _local.memo = (self._state, {} if self._memo is None else self._memo)

    def __exit__(self, *exc) -> None:
        if self._opened:
            _local.memo = self._outer


def memoised(state: dict, key: tuple, make):
    """``make()``, remembered under ``key`` while ``state`` is frozen (see
    :func:`frozen`); simply ``make()`` otherwise."""
    memo = getattr(_local, "memo", None)
    if memo is None or memo[0] is not state:
        return make()
    if key not in memo[1]:
        memo[1][key] = make()
    return memo[1][key]


def compute(state: dict, iid: str) -> dict:
    """Return ``{"atk": int, "hp": int, "kw": {keyword: value}}`` for ``iid``.

    ``atk`` never goes below 0 (Intimidate ruling: 0 is the lowest ATK); ``hp``
    may reach 0 or less, which kills the thing (checked by the engine).
    """
    memo = getattr(_local, "memo", None)
    if memo is not None and memo[0] is state:
        hit = memo[1].get(iid)
        if hit is None:
            hit = memo[1][iid] = _compute(state, iid)
        return hit
    return _compute(state, iid)


def _compute(state: dict, iid: str) -> dict:
    inst = state["cards"][iid]
    atk, hp, kw = _printed(inst["card"], inst["level"])  # printed on its card, or its hero band's
    kw = dict(kw)
    temp = state["temp"]
    if temp:
        atk = printed_atk(state, iid, atk)
    if inst["granted"]:
        _add_keywords(kw, inst["granted"])
    net_runes = inst["plus"] - inst["minus"]
    atk += net_runes
    hp += net_runes
    # This-turn modifiers, then those lasting until a player's next turn
    # (state["lasting"], e.g. Ferocity; see turns.begin_turn).
    for effects in (temp, state.get("lasting", ())):
        for eff in effects:
            if eff.get("iid") == iid:
                atk += eff.get("atk", 0)
                hp += eff.get("hp", 0)
                _add_keywords(kw, eff.get("kw", {}))
    controller = inst["controller"]
    players = state["players"]
    own = players[controller]
    own_turn = own["team"] == players[state["active"]]["team"]  # as state.team_of
    in_play = inst["zone"] == "play"
    if in_play:
        auras, auras_all, global_auras = _auras(state)
        for src, aura in auras.get(controller, ()):
            d_atk, d_hp, d_kw = aura(state, src, iid)
            atk += d_atk
            hp += d_hp
            if d_kw:
                _add_keywords(kw, d_kw)
        for src, aura in auras_all:  # hooks ``aura_all``: whoever controls iid
            d_atk, d_hp, d_kw = aura(state, src, iid)
            atk += d_atk
            hp += d_hp
            if d_kw:
                _add_keywords(kw, d_kw)
        # The slot it patrols in (state.patrolling_slot, with the zone, the
        # controller and the teams already known here): none during its own
        # team's turn unless its patrol zone is locked.
        if not own_turn or own["patrol_locked"]:
            for name, occupant in own["patrol"].items():
                if occupant == iid:
                    if name == "squad_leader":
                        _add_keywords(kw, {"armor": 1})  # house rule R6
                    elif name == "elite":
                        atk += 1
                    elif name == "lookout":
                        _add_keywords(kw, {"resist": 1})
                    break
        for src, aura in global_auras:  # the game's map (registry.global_card): ``aura_all``, last
            d_atk, d_hp, d_kw = aura(state, src, iid)
            atk += d_atk
            hp += d_hp
            if d_kw:
                _add_keywords(kw, d_kw)
    # registry.silenced, with the zone and the controller known here
    if in_play and own.get("silenced_until", 0) > own["turns_ended"] and inst["card"] in own["heroes"]:
        # A silenced hero has no keywords; armor counts as a stat (Free
        # Speech ruling: Elite Training's armor still applies).
        kw = {"armor": kw["armor"]} if kw.get("armor") else {}
    if own_turn and kw.get("frenzy"):
        atk += kw["frenzy"]
    return {"atk": max(0, atk), "hp": hp, "kw": kw}


_AURA_KEY = ("aura_sources",)


def _auras(state: dict) -> tuple:
    """:func:`_aura_sources`, memoised while ``state`` is frozen (the same
    as ``memoised(state, _AURA_KEY, ...)``, without a closure per call:
    every stats computation asks it)."""
    memo = getattr(_local, "memo", None)
    if memo is None or memo[0] is not state:
        return _aura_sources(state)
    found = memo[1].get(_AURA_KEY)
    if found is None:
        found = memo[1][_AURA_KEY] = _aura_sources(state)
    return found


def _aura_sources(state: dict) -> tuple:
    """The cards in play with auras, in play order, and the game's global
    card's: ``({controller: [(iid, aura hook)]}, [(iid, aura_all hook)],
    [(global card id, aura_all hook)])`` (hooks ``aura`` reach the
    controller's things, ``aura_all`` everyone's; the global card's come
    after the patrol slots' bonuses)."""
    auras, auras_all = {}, []
    own, everyone = registry.answering("aura"), registry.answering("aura_all")
    gid = state.get("map")  # registry.global_card, read in place
    global_auras = ((gid, everyone[gid]),) if gid in everyone else ()
    cards = state["cards"]
    for p in state["players"]:
        for src in p["play"]:
            card_id = cards[src]["card"]
            if card_id not in own and card_id not in everyone or registry.silenced(state, src):
                continue  # no aura (registry.answers_as: a silenced card answers nothing)
            if card_id in own:
                auras.setdefault(p["seat"], []).append((src, own[card_id]))
            if card_id in everyone:
                auras_all.append((src, everyone[card_id]))
    return auras, auras_all, global_auras


def printed_atk(state: dict, iid: str, printed: int) -> int:
    """The printed ATK of ``iid`` (``printed``, from the card or the hero's
    band) unless a this-turn effect replaced it (``"printed_atk"`` in
    ``state["temp"]``: Chaos Mirror swaps printed ATK values, and runes and
    other modifiers still apply on top; Chaos Mirror ruling)."""
    for eff in state["temp"]:
        if eff.get("iid") == iid and "printed_atk" in eff:
            printed = eff["printed_atk"]
    return printed


def recompute(state: dict, iid: str) -> dict:
    """Like :func:`compute`, but never memoised: for an aura that must look
    at the very thing it modifies (e.g. "units with 3 ATK or less") while
    that thing's stats are being computed, under a guard of its own."""
    return _compute(state, iid)


def atk(state: dict, iid: str) -> int:
    """Current ATK of ``iid`` (>= 0)."""
    return compute(state, iid)["atk"]


def hp(state: dict, iid: str) -> int:
    """Current maximum HP of ``iid`` (damage not subtracted): ``compute(state,
    iid)["hp"]``, from :func:`compute`'s memo when it holds ``iid``, else
    adding up only the terms of :func:`compute` that change HP (printed or
    band HP, runes, this-turn and lasting effects naming ``iid``, and the
    auras reaching it in play; patrol slots, silence and frenzy
    change ATK and keywords only), memoised apart while ``state`` is
    frozen. The state-based checks ask it of everything in play after each
    step (checks._dying; issue 13)."""
    memo = getattr(_local, "memo", None)
    if memo is None or memo[0] is not state:
        return _hp(state, iid)
    found = memo[1].get(iid)
    if found is not None:
        return found["hp"]
    key = ("hp", iid)
    found = memo[1].get(key)
    if found is None:
        found = memo[1][key] = _hp(state, iid)
    return found


def _hp(state: dict, iid: str) -> int:
    inst = state["cards"][iid]
    value = _printed(inst["card"], inst["level"])[1] + inst["plus"] - inst["minus"]
    for effects in (state["temp"], state.get("lasting", ())):
        for eff in effects:
            if eff.get("iid") == iid:
                value += eff.get("hp", 0)
    if inst["zone"] == "play":
        value += _aura_hp(state, iid, inst["controller"], _auras(state))
    return value


def _aura_hp(state: dict, iid: str, controller: int, sources: tuple) -> int:
    """The HP the auras ``sources`` (:func:`_auras`' three lists) give
    ``iid`` in play under ``controller``, each hook asked in their order."""
    auras, auras_all, global_auras = sources
    value = 0
    for src, aura in auras.get(controller, ()):
        value += aura(state, src, iid)[1]
    for src, aura in auras_all:
        value += aura(state, src, iid)[1]
    for src, aura in global_auras:
        value += aura(state, src, iid)[1]
    return value


def hp_reader(state: dict):
    """A function ``(iid, inst) -> int`` giving the current maximum HP of
    ``iid`` in play (its instance ``inst``), the value :func:`hp` gives,
    for a pass over every thing in play while ``state`` is only read
    (checks._settled, after every step of an action): what every thing
    shares, the HP of this-turn and lasting effects by the thing they
    name and the auras (:func:`_auras`), is read once here rather than per
    thing; :func:`hp`'s and :func:`compute`'s memo is read first. Call it
    inside a :class:`frozen` block of ``state`` (issue 30, point 3)."""
    extra: dict = {}
    for effects in (state["temp"], state.get("lasting", ())):
        for eff in effects:
            gain = eff.get("hp", 0)
            if gain:
                named = eff.get("iid")
                extra[named] = extra.get(named, 0) + gain
    sources = _auras(state)
    memo = getattr(_local, "memo", None)
    kept = memo[1] if memo is not None and memo[0] is state else {}
    printed = _printed

    def read(iid: str, inst: dict) -> int:
        found = kept.get(iid)
        if found is not None:
            return found["hp"]
        found = kept.get(("hp", iid))
        if found is not None:
            return found
        value = printed(inst["card"], inst["level"])[1] + inst["plus"] - inst["minus"] + extra.get(iid, 0)
        return value + _aura_hp(state, iid, inst["controller"], sources)

    return read


def kw(state: dict, iid: str, keyword: str) -> int:
    """The value of ``keyword`` on ``iid`` (0 when it lacks it). Reads
    :func:`compute`'s memo in place when it holds ``iid`` (asked about 25
    times a legal_actions call: issue 13)."""
    memo = getattr(_local, "memo", None)
    if memo is not None and memo[0] is state:
        hit = memo[1].get(iid)
        if hit is not None:
            return hit["kw"].get(keyword, 0)
    return compute(state, iid)["kw"].get(keyword, 0)


def is_unit(state: dict, iid: str) -> bool:
    """True for units (tokens included); heroes are not units."""
    return catalog.card(state["cards"][iid]["card"])["kind"] == "unit"  # state.facts, read in place


def is_hero(state: dict, iid: str) -> bool:
    """True for heroes."""
    return catalog.card(state["cards"][iid]["card"])["kind"] == "hero"  # state.facts, read in place


def is_character(state: dict, iid: str) -> bool:
    """True for units and heroes (the things that fight)."""
    return catalog.card(state["cards"][iid]["card"])["kind"] in ("unit", "hero")  # state.facts, read in place


def tech_level(state: dict, iid: str) -> int | None:
    """The tech level of a unit (tokens are tech 0); heroes count as None.
    A transformed unit keeps its own tech level (Polymorph: Squirrel
    ruling); a copy has the tech level of what it copies (mark ``copy``,
    cards.common.become_copy; Sirus Quince ruling)."""
    inst = state["cards"][iid]
    copied = inst["marks"].get("copy")
    if copied is not None:
        return copied["tech"]
    return catalog.card(printed_card(inst)).get("tech")
