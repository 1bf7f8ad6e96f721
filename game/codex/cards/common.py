"""Helpers that card code shares: choosing targets mid-effect, tokens,
this-turn and lasting modifiers, codex and worker moves, attachments,
named runes, free casts. The target filters live in :mod:`.targets`
(re-exported here for the card modules written before issue 12)."""

import threading
from contextlib import contextmanager

from .. import catalog, rng, stats
from ..actions import keep_promise
from ..effects import gain_gold, pay, trash
from ..flow import ask, op, push
from ..play import cast_spell, enter_play, make_token, on_targeted  # noqa: F401
from ..state import (
    EVERYONE,
    change_control,
    is_opponent,
    log,
    make_instance,
    move,
    name,
    opponents,
    player,
    printed_card,
    seat_name,
    teammates,
)
from ..targeting import controller_of, is_flagbearer, resist_cost, resolving_spells, shuns, slot_candidates
from .registry import card_of_id
from .targets import friendly, has_subtype, patroller, tech_at_most, tech_exactly, yours  # noqa: F401


def ask_target(
    state: dict, seat: int, slot, text: str, then: dict, exclude=(), optional: bool = False, order=None
) -> None:
    """Ask ``seat`` to pick a target for ``slot`` while an effect resolves.

    Only targets whose resist ``seat`` can pay are offered, none that a
    spell resolving now may not ◎ (``targeting.shuns``: Nullcraft); if an opposing
    flagbearer is among them, only flagbearers are offered (glossary:
    Flagbearer; Final Smash ruling: each part checks again). The chosen
    target's resist is paid, an Illusion dies on being targeted, and then
    step ``then`` runs with ``choice`` = [target] (or [] when there is none,
    or when ``optional`` and the player chose none: "you may"). ``order``:
    a sort key of a target, the order the prompt lists them in (stable;
    None: the board's order); what may be chosen is the same.
    """
    options = slot_candidates(state, seat, slot, exclude)
    if order is not None:
        options.sort(key=order)
    if slot.icon:
        spells = resolving_spells(state)
        if spells:
            options = [t for t in options if not shuns(state, t, spells)]
        gold = player(state, seat)["gold"]
        options = [t for t in options if resist_cost(state, seat, [t]) <= gold]
        flags = [t for t in options if is_flagbearer(state, t) and is_opponent(state, seat, controller_of(state, t))]
        if flags:
            options = flags
    ask(
        state,
        seat,
        text,
        options,
        {"op": "targeted", "seat": seat, "icon": slot.icon, "then": then},
        optional=optional and bool(options),
    )


@op("targeted")
def _targeted(state: dict, step: dict) -> None:
    choice = step["choice"]
    if step["icon"] and choice:
        pay(state, step["seat"], resist_cost(state, step["seat"], choice))
        on_targeted(state, choice)
    nxt = dict(step["then"])
    # An Illusion killed by being targeted is gone before the effect (its
    # death is applied before the next step runs): the effect gets nothing
    # to work on for it (Illusion ruling).
    nxt["choice"] = [
        c
        for c in choice
        if c.startswith(("bld:", "base:")) or (c in state["cards"] and not state["cards"][c]["marks"].get("doomed"))
    ]
    push(state, nxt)


def ask_up_to(state: dict, seat: int, slot, most: int, text: str, step_op: str, chosen: list, then) -> None:
    """ "Up to ``most`` targets", one optional question at a time: ask
    ``seat`` for one more target of ``slot`` (none chosen twice), the
    question reading ``text`` and how many are left; the answer goes to the
    step ``step_op`` (``{"op", "seat", "chosen"}``, whose handler calls
    :func:`answer_up_to`). With ``most`` chosen, ``then(state, chosen)``
    runs at once instead."""
    if len(chosen) >= most:
        then(state, chosen)
        return
    ask_target(
        state,
        seat,
        slot,
        f"{text} ({most - len(chosen)} left).",
        {"op": step_op, "seat": seat, "chosen": chosen},
        exclude=chosen,
        optional=True,
    )


def answer_up_to(state: dict, step: dict, ask_more, then) -> None:
    """The answer to an :func:`ask_up_to` question: a target chosen asks for
    the next one (``ask_more(state, seat, chosen)``); none ends the choosing
    with ``then(state, chosen)``."""
    if step["choice"]:
        ask_more(state, step["seat"], step["chosen"] + step["choice"])
    else:
        then(state, step["chosen"])


def until_end_of_turn(state: dict, iid: str, atk: int = 0, hp: int = 0, kw: dict = None) -> None:
    """Give ``iid`` a modifier that lasts until the end of this turn."""
    state["temp"].append({"iid": iid, "atk": atk, "hp": hp, "kw": dict(kw or {})})


# ---- generic mechanisms added with the green cards (docs/RULINGS.md) --------


def lasting(state: dict, seat: int, **entry) -> None:
    """Start an effect of ``seat``'s that lasts until ``seat``'s next turn
    begins ("until your next turn", "until your next upkeep":
    turns._end_lasting ends it). ``entry`` fields: ``iid`` with ``atk``,
    ``hp``, ``kw`` for a modifier on one card (stats adds it), ``protect``
    (opposing units can't attack ``seat``, targeting.at_peace),
    ``no_patrol`` (``seat``'s units can't patrol), ``why`` (the sentence,
    in the card's own words, refusing what the effect forbids:
    targeting.lasting_refusal), ``end`` (a step name run when it ends)."""
    state.setdefault("lasting", []).append(dict(entry, seat=seat))


def put_from_codex(state: dict, seat: int, card_id: str):
    """Put one copy of ``card_id`` from ``seat``'s codex into play: no gold,
    no tech building needed (Calamandra Moss ruling); it arrives like any
    card (forecast sends it to the future). Returns its id, or None when
    the codex has no copy."""
    p = player(state, seat)
    if p["codex"].get(card_id, 0) <= 0:
        return None
    take_from_codex(p, card_id)
    iid = make_instance(state, card_id, seat, "codex")
    log(state, f"{player(state, seat)['name']} put {name(state, iid)} from their codex into play.", cards=[iid])
    return enter_play(state, iid, seat)


def fetch_from_codex(state: dict, seat: int, card_id: str):
    """Move one copy of ``card_id`` from ``seat``'s codex into their hand,
    shown to everyone (Feral Strike: "reveal them"). Returns its id, or
    None when the codex has no copy."""
    p = player(state, seat)
    if p["codex"].get(card_id, 0) <= 0:
        return None
    take_from_codex(p, card_id)
    iid = make_instance(state, card_id, seat, "hand")
    log(
        state, f"{p['name']} took {name(state, iid)} from their codex into their hand.", cards=[iid], shown_to=EVERYONE
    )  # shown as it is taken
    return iid


def take_from_codex(p: dict, card_id: str) -> None:
    """Take one copy of ``card_id`` out of player record ``p``'s codex
    (the caller checked there is one)."""
    p["codex"][card_id] -= 1
    if not p["codex"][card_id]:
        del p["codex"][card_id]


def steal(state: dict, seat: int, victim: int, amount: int) -> int:
    """``seat`` takes up to ``amount`` gold from ``victim`` (within the
    20-gold cap) and the log says how much: never more than the victim has,
    nothing from one without gold (Pillage, Gunpoint Taxman, Tax Collector
    and Flagstone Spy rulings). Returns the gold taken."""
    if victim == seat:
        return 0
    taken = min(amount, player(state, victim)["gold"])
    if taken <= 0:
        return 0
    player(state, victim)["gold"] -= taken
    gain_gold(state, seat, taken)
    log(state, f"{seat_name(state, seat)} stole {taken} gold from {seat_name(state, victim)}.")
    return taken


def worker_total(state: dict, seat: int) -> int:
    """How many workers ``seat`` has (starting ones and hired cards)."""
    p = player(state, seat)
    return p["base_workers"] + len(p["workers"])


def trash_worker(state: dict, seat: int) -> bool:
    """Trash one of ``seat``'s workers, picked at random: workers are
    identical face down, so no one chooses or sees which (Tyrannosaurus Rex
    and Detonate rulings); a starting worker just lowers the count (Lich's
    Bargain ruling), a hired card goes to the trash unseen. Returns False
    when ``seat`` has no worker."""
    p = player(state, seat)
    total = worker_total(state, seat)
    if total <= 0:
        return False
    pick = rng.randbelow(state, total)
    if pick < p["base_workers"]:
        p["base_workers"] -= 1
        log(state, f"One of {p['name']}'s workers was trashed.")
    else:
        trash(state, p["workers"][pick - p["base_workers"]])
    return True


def transform(state: dict, iid: str, card_id: str) -> None:
    """Turn in-play ``iid`` into a ``card_id`` (its face, stats, keywords and
    abilities); it keeps its id, damage, runes, attachments and tech level
    and does not arrive (Polymorph: Squirrel rulings). :func:`untransform`
    or leaving play makes it itself again (state.printed_card)."""
    inst = state["cards"][iid]
    inst["marks"]["transformed"] = printed_card(inst)
    inst["card"] = card_id


def untransform(state: dict, iid: str) -> None:
    """Make a transformed card in play itself again (see :func:`transform`)."""
    inst = state["cards"].get(iid)
    if inst is not None and inst["zone"] == "play" and inst["marks"].get("transformed"):
        inst["card"] = inst["marks"].pop("transformed")
        log(state, f"{catalog.card(inst['card'])['name']} is itself again.", cards=[iid])


def become_copy(state: dict, iid: str, source: str, illusion: bool = False, tied_to=()) -> None:
    """In-play unit ``iid`` becomes a copy of in-play unit ``source``
    (Manufactured Truth, Sirus Quince).

    It copies the printed card: ``source``'s face (a transformed unit's
    new face counts as printed, and so does a this-turn swap of printed
    ATK: Chaos Mirror) and its tech level; no runes, damage, attachments or
    other modifiers (Manufactured Truth and Sirus Quince rulings). ``iid``
    keeps its id, damage, runes and arrival turn and does not arrive
    (Insurance Agent and Arrival Fatigue rulings). ``illusion``: the copy
    is an Illusion besides (Sirus Quince). ``tied_to``: ids whose leaving
    play trashes it (effects.leave_play). :func:`end_copy` or leaving play
    makes it itself again (state.printed_card)."""
    inst, src = state["cards"][iid], state["cards"][source]
    inst["marks"]["copy"] = {"was": inst["card"], "tech": stats.tech_level(state, source)}
    inst["marks"]["transformed"] = printed_card(inst)
    inst["card"] = src["card"]
    if illusion:
        inst["marks"]["illusion"] = True
    if tied_to:
        inst["marks"]["tied_to"] = list(tied_to)
    for eff in list(state["temp"]):
        if eff.get("iid") == source and "printed_atk" in eff:
            state["temp"].append({"iid": iid, "printed_atk": eff["printed_atk"]})
    log(
        state,
        f"{catalog.card(printed_card(inst))['name']} became a copy of {name(state, source)}.",
        cards=[iid, source],
    )


def end_copy(state: dict, iid: str) -> None:
    """Make a copy in play (:func:`become_copy`) what it was before; nothing
    for anything else."""
    inst = state["cards"].get(iid)
    if inst is None or inst["zone"] != "play" or "copy" not in inst["marks"]:
        return
    was = inst["marks"].pop("copy")["was"]
    for mark in ("illusion", "tied_to"):
        inst["marks"].pop(mark, None)
    inst["card"] = was
    if inst["marks"].get("transformed") == was:
        inst["marks"].pop("transformed")
    state["temp"] = [e for e in state["temp"] if not (e.get("iid") == iid and "printed_atk" in e)]
    log(state, f"{catalog.card(was)['name']} is itself again.", cards=[iid])


def rune_count(state: dict, iid: str, rune: str) -> int:
    """How many named runes (``"feather"``, ``"growth"``) ``iid`` carries."""
    return state["cards"][iid]["marks"].get("runes", {}).get(rune, 0)


def add_named_rune(state: dict, iid: str, rune: str, count: int = 1) -> None:
    """Put ``count`` named runes on ``iid`` (the view shows them as
    ``runes``); they stay while it stays in play, like +1/+1 runes."""
    runes = state["cards"][iid]["marks"].setdefault("runes", {})
    runes[rune] = runes.get(rune, 0) + count


def remove_plus_rune(state: dict, iid: str) -> bool:
    """Take one +1/+1 rune off ``iid`` (a cost: Spore Shambler, Blooming
    Ancient); it may then die of its damage (Spore Shambler ruling).
    Returns False when it has none."""
    inst = state["cards"].get(iid)
    if inst is None or inst["plus"] <= 0:
        return False
    inst["plus"] -= 1
    return True


def attach(state: dict, src: str, host: str) -> None:
    """Attach ongoing spell ``src`` (in play) to ``host``. A host already
    gone (an Illusion that died when targeted) leaves it attached to
    nothing, so it goes at once (:func:`host_gone`)."""
    state["cards"][src]["marks"]["attached"] = host
    if host in state["cards"]:
        log(state, f"{name(state, src)} is attached to {name(state, host)}.", cards=[src, host])


def hold_control(state: dict, src: str, host: str) -> None:
    """Ongoing ``src`` (attached to ``host``) holds control of ``host``
    while it stays attached: a continuous control effect wins over a
    one-time one such as Dothram Horselord's (Dothram Horselord ruling:
    Mind Control). See :func:`control_held`."""
    state["cards"][host]["marks"]["held_by"] = src


def pass_held_control(state: dict, src: str, how: str, seat) -> None:
    """An ``affected`` handler for a card that holds control of its host
    (:func:`hold_control`): when ``src`` came under another player's
    control (``how`` "control_changed", to ``seat``), the host it holds
    does too (Mind Control ruling: Assimilate a Mind Control and you
    control the attached unit)."""
    host = attached_to(state, src) if how == "control_changed" else None
    if host is None or state["cards"][host]["marks"].get("held_by") != src:
        return
    if state["cards"][host]["controller"] != seat:
        change_control(state, host, seat)
        log(
            state,
            f"{seat_name(state, seat)} took control of {name(state, host)} with {name(state, src)}.",
            cards=[host, src],
        )


def control_held(state: dict, iid: str) -> bool:
    """True while a continuous effect (:func:`hold_control`) holds control
    of ``iid``: the card that holds it is in play, attached to ``iid``."""
    src = state["cards"][iid]["marks"].get("held_by")
    return src is not None and src in state["cards"] and attached_to(state, src) == iid


def attached_to(state: dict, src: str):
    """The id ``src`` is attached to while that is in play, else None."""
    host = state["cards"][src]["marks"].get("attached")
    inst = state["cards"].get(host) if host else None
    return host if inst is not None and inst["zone"] == "play" else None


def host_gone(state: dict, src: str) -> bool:
    """A ``must_sacrifice`` test for attachments: once attached, the spell
    goes to the discard pile when its host leaves play (glossary:
    Attachments)."""
    return "attached" in state["cards"][src]["marks"] and attached_to(state, src) is None


_BUSY = threading.local()


@contextmanager
def busy(guard: str, iid: str):
    """Mark aura ``guard`` as being evaluated for ``iid`` (see
    :func:`is_busy`): an aura that must read the stats of the very thing it
    modifies turns itself off for it meanwhile, so the reading ends."""
    held = _BUSY.__dict__.setdefault("held", set())
    key = (guard, iid)
    held.add(key)
    try:
        yield
    finally:
        held.discard(key)


def is_busy(guard: str, iid: str) -> bool:
    """True while aura ``guard`` is evaluating ``iid`` (see :func:`busy`)."""
    return (guard, iid) in _BUSY.__dict__.get("held", set())


def raw_stats(state: dict, iid: str, guard: str) -> dict:
    """``iid``'s stats computed with aura ``guard`` off for it (no memo)."""
    with busy(guard, iid):
        return stats.recompute(state, iid)


# ---- generic mechanisms added with the red cards (docs/RULINGS.md) ----------


def at_end_of_turn(state: dict, step: dict) -> None:
    """Queue effect step ``step`` to run when this turn ends, after the
    "end of turn" triggers (turns.end_turn): what a spell leaves for the end
    of the turn (Bloodlust's damage, Kidnapping's return of control). The
    step itself checks that what it acts on is still in play."""
    state.setdefault("at_end_of_turn", []).append(step)


def free_cast_ready(state: dict, seat: int, card_id: str) -> bool:
    """True when ``seat`` could pick a target for every target slot of
    spell ``card_id`` now (resist affordable), so :func:`cast_free` can
    cast it (a spell with no legal target can't be cast)."""
    gold = player(state, seat)["gold"]
    return all(
        any(resist_cost(state, seat, [t]) <= gold for t in slot_candidates(state, seat, slot))
        for slot in card_of_id(card_id).targets
    )


BOOST_OPTIONS = ["boost", "no boost"]


def offer_boost(state: dict, seat: int, card_id: str, cost: int, then: dict) -> bool:
    """Offer the boost of card ``card_id`` that ``seat`` plays by an effect
    from a zone other than the hand, ``cost`` gold still to pay for it
    (Boost ruling: a card played from a Graveyard, by Jurisdiction or from
    Vir Garbarean's top card may be boosted too). When the card has boost X
    and ``seat`` has ``cost`` + X gold, ask whether to pay X more and
    return True: step ``then`` runs with ``choice`` ["boost"] or ["no
    boost"] (:func:`boost_chosen`). Else ask nothing and return False: the
    caller plays it unboosted at once."""
    extra = catalog.card(card_id)["keywords"].get("boost", 0)
    if not extra or player(state, seat)["gold"] < cost + extra:
        return False
    ask(state, seat, f"{catalog.card(card_id)['name']}: pay its boost too ({extra} more gold)?", BOOST_OPTIONS, then)
    return True


def boost_chosen(step: dict, card_id: str) -> int:
    """The boost X that the answer in ``step`` to :func:`offer_boost`'s
    question pays for card ``card_id``: X for "boost", else 0."""
    return catalog.card(card_id)["keywords"].get("boost", 0) if step["choice"] == ["boost"] else 0


def cast_free(state: dict, seat: int, iid: str, cost: int = 0) -> None:
    """``seat`` casts spell ``iid`` (in hand, or an instance in the stack
    made from the codex) without paying its cost and without the hero it
    needs (Cinderblast Dragon ruling): it leaves the hand at once, its
    boost is offered (:func:`offer_boost`; Boost ruling), its target slots
    are chosen one prompt each (resist is paid, opposing flagbearers bind,
    Illusions die: :func:`ask_target`), then it resolves as a played spell
    and goes to the discard pile. ``cost`` > 0: ``seat`` pays that much
    gold for it first (Jurisdiction: still the hero it needs is not asked
    for, ruling; the caller checked the gold). It is a card played: a
    pending Promise of Payment applies to it (ruling: even a card played by
    Cinderblast Dragon's effect; actions.keep_promise)."""
    card_id = state["cards"][iid]["card"]
    keep_promise(state, seat, iid)
    if state["cards"][iid]["zone"] != "stack":
        iid = move(state, iid, "stack")
    if not offer_boost(state, seat, card_id, cost, {"op": "free_cast_boost", "seat": seat, "spell": iid, "cost": cost}):
        _start_free_cast(state, seat, iid, cost, 0)


@op("free_cast_boost")
def _free_cast_boost(state: dict, step: dict) -> None:
    """The answer to a free cast's boost question (:func:`cast_free`)."""
    iid = step["spell"]
    if iid in state["cards"] and state["cards"][iid]["zone"] == "stack":
        _start_free_cast(state, step["seat"], iid, step["cost"], boost_chosen(step, state["cards"][iid]["card"]))


def _start_free_cast(state: dict, seat: int, iid: str, cost: int, boost: int) -> None:
    """Pay ``cost`` and the ``boost`` chosen (if any) for free cast
    ``iid``, then collect its targets (step ``free_cast``)."""
    if cost + boost:
        pay(state, seat, cost + boost)
        extra = " with its boost" if boost else ""
        log(
            state,
            f"{player(state, seat)['name']} paid {cost + boost} gold and cast {name(state, iid)}{extra}.",
            cards=[iid],
        )
    else:
        log(state, f"{player(state, seat)['name']} cast {name(state, iid)} for free.", cards=[iid])
    step = {"op": "free_cast", "seat": seat, "spell": iid, "targets": [], "choice": None}
    if boost:
        step["boosted"] = True
    push(state, step)


@op("free_cast")
def _free_cast(state: dict, step: dict) -> None:
    """Collect the next target of a free cast (see :func:`cast_free`), or
    cast it once every slot has one. A slot left without a target (none was
    legal any more) sends the spell to the discard pile unresolved."""
    seat, iid, targets = step["seat"], step["spell"], list(step["targets"])
    if step["choice"] is not None:
        if not step["choice"]:
            move(state, iid, "discard")
            return
        targets.append(step["choice"][0])
    slots = card_of_id(state["cards"][iid]["card"]).targets
    boosted = {"boosted": True} if step.get("boosted") else {}
    if len(targets) < len(slots):
        slot = slots[len(targets)]
        ask_target(
            state,
            seat,
            slot,
            f"{name(state, iid)}: {slot.prompt}",
            dict({"op": "free_cast", "seat": seat, "spell": iid, "targets": targets}, **boosted),
            exclude=[t for t, s in zip(targets, slots, strict=False) if s.icon],
        )
        return
    cast_spell(state, seat, iid, targets, marks=boosted)


# ---- generic mechanisms added with the blue cards (docs/RULINGS.md) ---------

LOOK_ZONES = ("hand", "discard")


def look_options(state: dict, seat: int) -> list:
    """What ``seat`` may look at among its opponents' hidden piles, as
    prompt options ``"hand:<seat>"`` and ``"discard:<seat>"`` (Lawful
    Search, Community Service)."""
    return [f"{zone}:{o}" for o in opponents(state, seat) for zone in LOOK_ZONES]


def look_at(state: dict, seat: int, option: str) -> list:
    """``seat`` looks at the pile named by ``option`` (see
    :func:`look_options`): a log line naming its cards is shown to ``seat``
    and its teammates only (house rule R21), everyone reads that they
    looked. Returns the ids of the cards in that pile. Raises ValueError
    for a malformed option (a bug of the caller: options come from
    :func:`look_options`)."""
    zone, owner_text = option.split(":")
    owner = int(owner_text)
    if zone not in LOOK_ZONES:
        raise ValueError(f"can't look at {zone!r}")
    ids = list(player(state, owner)[zone])
    where = "hand" if zone == "hand" else "discard pile"
    names = ", ".join(sorted(name(state, i) for i in ids)) or "nothing"
    log(
        state,
        f"{seat_name(state, seat)} saw {seat_name(state, owner)}'s {where}: {names}.",
        cards=ids,
        shown_to=teammates(state, seat),
        veiled=f"{seat_name(state, seat)} looked at {seat_name(state, owner)}'s {where}.",
    )
    return ids


def discard_chosen(state: dict, seat: int, choice: list) -> None:
    """Move the cards of ``choice`` still in ``seat``'s hand to its discard
    pile, each named in the log (the answer to "discard a card": Martial
    Mastery, Vandy Anadrose)."""
    for iid in choice:
        if iid in player(state, seat)["hand"]:
            iid = move(state, iid, "discard")
            log(
                state,
                f"{seat_name(state, seat)} discarded {name(state, iid)}.",
                cards=[iid],
                veiled=f"{seat_name(state, seat)} discarded a card.",
            )


def put_chosen_into_play(state: dict, seat: int, choice: list, zone: str = "hand", whence: str = "") -> None:
    """Put the cards of ``choice`` still in ``seat``'s ``zone`` into play
    under ``seat``'s control, each named in the log (``whence``: how the
    log says where from, e.g. " from their discard pile"): the answer to
    "put a unit from your hand / discard pile into play" (Feral Strike,
    Skeletal Lord, Garth Torken)."""
    for iid in choice:
        if iid in player(state, seat)[zone]:
            log(
                state,
                f"{seat_name(state, seat)} put {name(state, iid)}{whence} into play.",
                cards=[iid],
                shown_to=EVERYONE,
            )
            enter_play(state, iid, seat)


# ---- once-per-turn abilities (black cards first; purple's Void Star, Nebula) ----


def once_per_turn(key: str):
    """An ``available`` test for a once-per-turn ability: True unless the
    card's mark ``key`` holds this turn (see :func:`use_once`)."""

    def available(state: dict, iid: str) -> bool:
        return state["cards"][iid]["marks"].get(key) != state["turn"]

    return available


def use_once(state: dict, iid: str, key: str) -> None:
    """Record that ``iid``'s once-per-turn ability ``key`` was used this turn."""
    state["cards"][iid]["marks"][key] = state["turn"]
