"""Future (Vir Garbarean): Promise of Payment, Unphase, Assimilate, Double
Time, Knight of the Conclave, Gilded Glaxx, Omegacron, Reaver, Void Star,
Xenostalker, Hive, Nebula, and the hero Vir Garbarean.

Knight of the Conclave (forecast, resist) is keywords only. The Stinger and
Mech tokens are keywords only too (flying; forecast and untargetable): Hive
and Vir Garbarean make them. Fine points follow the official rulings
("Purple", "Heroes") and docs/RULINGS.md "Purple: Present and Future"."""

from ..kit import (
    CHARACTER,
    EVERYONE,
    OPPONENTS,
    Choose,
    Damage,
    Discard,
    Modes,
    RulesError,
    Sacrifice,
    TrashWorker,
    UpTo,
    ability,
    ask,
    boost_chosen,
    by_band,
    can_sacrifice,
    card,
    card_of,
    card_of_id,
    cast_free,
    catalog,
    change_control,
    check_play_card,
    destroy,
    do_play,
    each,
    free_cast_ready,
    lasting,
    log,
    make_token,
    move,
    name,
    offer_boost,
    once_per_turn,
    op,
    patroller,
    player,
    remove_time_runes,
    sacrifice,
    seat_name,
    slot,
    stats,
    teammates,
    tech_at_most,
    thing_exists,
    trash,
    trash_worker,
    use_once,
    worker_total,
)

NONE = (0, 0, {})


def _controller(state, iid):
    return card_of(state, iid)["controller"]


def _gold(state, iid):
    return player(state, _controller(state, iid))["gold"]


# ---- Promise of Payment ---------------------------------------------------------------


def _promise(state, seat, iid, targets):
    """The next card ``seat`` plays this turn costs 0 (actions.promised);
    playing it makes a debt of its printed cost, paid at the end of the
    next upkeep or the game is lost (turns.pay_debts; rulings)."""
    player(state, seat)["promise"] = state["turn"]
    log(state, f"{seat_name(state, seat)}'s next card this turn costs 0 gold, to be paid next upkeep.")


card("promise_of_payment", resolve=_promise)


# ---- Unphase -------------------------------------------------------------------------------


def _unphase(state, seat, iid, targets):
    if thing_exists(state, targets[0]):
        lasting(state, seat, iid=targets[0], kw={"invisible": 1})
        log(
            state,
            f"{name(state, targets[0])} is invisible until {seat_name(state, seat)}'s next upkeep.",
            cards=[targets[0]],
        )


card("unphase", targets=[slot(CHARACTER)], resolve=_unphase)


# ---- Assimilate ---------------------------------------------------------------------------------


def _stealable(state, seat, tid):
    """An upgrade, ongoing spell or building card in play (no tech building,
    add-on or base: ruling) that ``seat`` doesn't control."""
    return tid in state["cards"] and _controller(state, tid) != seat


def _assimilate(state, seat, iid, targets):
    """Control for the rest of the game, while it stays in play (ruling); an
    attached spell stays attached (ruling: Spirit of the Panda); a
    channeling spell without its hero goes at once (checks)."""
    tid = targets[0]
    if thing_exists(state, tid):
        change_control(state, tid, seat)
        log(state, f"{seat_name(state, seat)} took control of {name(state, tid)}.", cards=[tid])


card(
    "assimilate",
    targets=[
        slot(("upgrade", "spell", "building"), _stealable, prompt="Choose an upgrade, ongoing spell or building card.")
    ],
    resolve=_assimilate,
)


# ---- Double Time ----------------------------------------------------------------------------------


def _double_time(state, seat, iid, targets):
    """Out of the future: an extra turn after this one (several stack:
    ruling; turns._extra_turn), then the card is trashed."""
    p = player(state, seat)
    p["extra_turns"] = p.get("extra_turns", 0) + 1
    log(state, f"{seat_name(state, seat)} will take an extra turn after this one.")
    trash(state, iid)


card("double_time", resolve=_double_time)


# ---- Gilded Glaxx ------------------------------------------------------------------------------------


def _glaxx_escapes(state, iid):
    """While his controller has gold he doesn't die unless combat damage
    was lethal (mark combat_death, set only when combat damage is dealt:
    ruling); he stays, even at 0 HP, until combat damage hits him."""
    inst = card_of(state, iid)
    if _gold(state, iid) <= 0 or inst["marks"].get("combat_death"):
        return False
    if inst["marks"].get("doomed"):
        log(
            state,
            f"{name(state, iid)} can't leave play while {seat_name(state, inst['controller'])} has gold.",
            cards=[iid],
        )
    for mark in ("doomed", "expired", "killed_by"):
        inst["marks"].pop(mark, None)
    return True


card(
    "gilded_glaxx",
    escapes_death=_glaxx_escapes,
    restricts={"sacrifice": lambda s, i: _gold(s, i) > 0, "leave_play": lambda s, i: _gold(s, i) > 0},
)


# ---- Omegacron -----------------------------------------------------------------------------------------


def _fodder(state, seat):
    """What ``seat`` may sacrifice for Omegacron: its units, heroes and
    upgrades that can be sacrificed, and "worker" while it has one."""
    out = [
        i
        for i in player(state, seat)["play"]
        if catalog.card(card_of(state, i)["card"])["kind"] in ("unit", "hero", "upgrade") and can_sacrifice(state, i)
    ]
    return out + (["worker"] if worker_total(state, seat) > 0 else [])


def _omegacron(state, seat, iid, targets):
    ask(
        state,
        seat,
        "Omegacron: choose what to sacrifice (a unit, hero, upgrade or a worker).",
        _fodder(state, seat),
        {"op": "omegacron_sacrifice", "seat": seat, "card": iid},
    )


@op("omegacron_sacrifice")
def _omegacron_sacrifice(state, step):
    """A sacrificed worker is trashed (ruling); then a time rune leaves
    Omegacron (the last one: it arrives)."""
    seat, iid = step["seat"], step["card"]
    for choice in step["choice"]:
        if choice == "worker":
            trash_worker(state, seat)
        elif not sacrifice(state, choice):
            return
        inst = state["cards"].get(iid)
        if inst is not None and inst["zone"] == "future":
            remove_time_runes(state, iid, 1)
            log(state, f"{name(state, iid)} has {inst['time']} time rune(s) left.", cards=[iid])


card(
    "omegacron",
    abilities=[
        ability(
            "sacrifice a unit, hero, worker or upgrade: remove a time rune.",
            _omegacron,
            from_future=True,
            available=lambda s, i: bool(_fodder(s, card_of(s, i)["owner"])),
        )
    ],
)


# ---- Reaver ----------------------------------------------------------------------------------------------

REAVER_MODES = ["trash 2 workers", "6 damage to up to 2 units and/or heroes"]
REAVER_SLOT = slot(CHARACTER, icon=False)


# Two workers picked at random: no one chooses or sees them (ruling).
_REAVER_WORKERS = Choose(
    "reaver_workers",
    TrashWorker(2),
    options=OPPONENTS,
    prompt="Reaver: choose the opponent whose 2 workers are trashed.",
)
# Up to two units and/or heroes, 6 damage each, together (ruling).
_REAVER_DAMAGE = UpTo(
    "reaver_damage", REAVER_SLOT, 2, "Reaver: choose a unit or hero to take 6 damage", then=Damage(6, by="reaver")
)


# Discard a card, then choose one: trash 2 workers of an opponent, or 6
# damage to up to 2 units and/or heroes.
_reaver = Choose(
    "reaver_discard",
    Discard(),
    options=lambda state, seat, iid: list(player(state, seat)["hand"]),
    prompt="Reaver: choose a card to discard.",
    with_seat=True,
    after=Choose(
        "reaver_mode",
        Modes(dict(zip(REAVER_MODES, (_REAVER_WORKERS, _REAVER_DAMAGE), strict=True))),
        options=lambda state, seat, iid: REAVER_MODES,
        prompt="Reaver: choose one.",
        with_seat=True,
    ),
)


card(
    "reaver",
    abilities=[
        ability(
            "discard a card, then either trash two of your workers or hit up to two units or heroes for 6 each.",
            _reaver,
            gold=1,
            exhaust=True,
            available=lambda s, i: bool(player(s, _controller(s, i))["hand"]),
        )
    ],
)


# ---- Void Star -------------------------------------------------------------------------------------------


def _void_star(state, seat, iid, targets):
    use_once(state, iid, "void_star_turn")
    lasting(state, seat, iid=iid, atk=4)
    log(state, f"{name(state, iid)} has +4 ATK until {seat_name(state, seat)}'s next upkeep.", cards=[iid])


card(
    "void_star",
    abilities=[
        ability(
            "+4 ATK until your next upkeep (once a turn).",
            _void_star,
            gold=4,
            available=once_per_turn("void_star_turn"),
        )
    ],
)


# ---- Xenostalker -------------------------------------------------------------------------------------------


def _no_flying(state, seat, tid):
    return not stats.kw(state, tid, "flying")


XENO_SLOT = slot(CHARACTER, patroller, _no_flying, prompt="Choose a patroller without flying.")


# Attacks: 1 damage to each of up to four patrollers without flying, dealt
# together (their deaths come at the next check, in the active player's
# order: ruling).
_xenostalker = UpTo(
    "xeno_damage",
    XENO_SLOT,
    4,
    "Xenostalker: choose a patroller without flying to take 1 damage",
    then=Damage(1, by="xenostalker"),
    alive=True,
)
card("xenostalker", attacks=_xenostalker)


# ---- Hive --------------------------------------------------------------------------------------------------

STINGERS_PER_HIVE = 5


def _stingers(state, seat):
    return [i for i in player(state, seat)["play"] if card_of(state, i)["card"] == "stinger"]


def _hives(state, seat):
    return [i for i in player(state, seat)["play"] if card_of(state, i)["card"] == "hive"]


def _hive_arrives(state, iid):
    seat = _controller(state, iid)
    for _ in range(STINGERS_PER_HIVE):
        make_token(state, "stinger", seat)


def _resummon(state, seat, iid, targets):
    make_token(state, "stinger", seat)


def _room_for_stinger(state, iid):
    """Five Stingers per Hive: two Hives, ten (ruling)."""
    seat = _controller(state, iid)
    return len(_stingers(state, seat)) < STINGERS_PER_HIVE * len(_hives(state, seat))


def _hive_leaves(state, iid):
    """Five Stingers are sacrificed; with more, the active player picks
    which five (ruling)."""
    stingers = _stingers(state, _controller(state, iid))
    ask(
        state,
        state["active"],
        "Hive left play: choose the five Stingers to sacrifice.",
        stingers,
        {"op": _HIVE_SACRIFICE},
        count=STINGERS_PER_HIVE,
    )


_HIVE_SACRIFICE = each("hive_sacrifice", Sacrifice())


card(
    "hive",
    arrives=_hive_arrives,
    leaves=_hive_leaves,
    abilities=[ability("bring back a lost Stinger.", _resummon, gold=1, available=_room_for_stinger)],
)


# ---- Nebula --------------------------------------------------------------------------------------------------


def _nebula_aura(state, src, iid):
    """Its controller's other units are invisible."""
    return (0, 0, {"invisible": 1}) if iid != src and stats.is_unit(state, iid) else NONE


def _nebula_destroy(state, seat, iid, targets):
    use_once(state, iid, "nebula_turn")
    if thing_exists(state, targets[0]):
        destroy(state, targets[0])


card(
    "nebula",
    aura=_nebula_aura,
    abilities=[
        ability(
            "destroy a tech 0, I or II unit (once a turn).",
            _nebula_destroy,
            targets=[slot("unit", tech_at_most(2))],
            available=once_per_turn("nebula_turn"),
        )
    ],
)


# ---- Vir Garbarean ----------------------------------------------------------------------------------------------


def _top(state, seat):
    deck = player(state, seat)["deck"]
    return deck[0] if deck else None


def _vir_look(state, seat, iid, targets):
    """Look at the top card (no draw pile: nothing, no reshuffle: ruling);
    the team reads it (R21: teammates share hands)."""
    top = _top(state, seat)
    if top is None:
        return
    card_of(state, iid)["marks"]["looked_at"] = top
    log(
        state,
        f"The top card of {seat_name(state, seat)}'s draw pile is {name(state, top)}.",
        cards=[top],
        shown_to=teammates(state, seat),
        veiled=f"{seat_name(state, seat)} looked at the top card of their draw pile.",
    )


def _can_look(state, iid):
    """Once for each top card (looking again tells nothing new)."""
    top = _top(state, _controller(state, iid))
    return top is not None and card_of(state, iid)["marks"].get("looked_at") != top


def _vir_swap(state, seat, iid, targets):
    ask(
        state,
        seat,
        "Vir Garbarean: choose a card of your hand to put on top of your draw pile.",
        list(player(state, seat)["hand"]),
        {"op": "vir_swap", "seat": seat},
    )


@op("vir_swap")
def _vir_swap_step(state, step):
    """The hand card goes on top, the old top card into the hand (no draw
    pile: nothing happens, ruling)."""
    seat = step["seat"]
    top = _top(state, seat)
    for c in step["choice"]:
        if top is None or c not in player(state, seat)["hand"]:
            return
        move(state, top, "hand")
        move(state, c, "deck", top=True)
        log(state, f"{seat_name(state, seat)} swapped a card of their hand with the top card of their draw pile.")


def _vir_play_check(state, seat):
    """``(top card id, cost)`` when ``seat`` may play its top card now, as
    from hand (cost, tech, hero, legendary; a spell needs its targets),
    else None."""
    top = _top(state, seat)
    if top is None:
        return None
    try:
        iid, cost, _boost = check_play_card(state, seat, {"card": top}, zone="deck")
    except RulesError:
        return None
    card_id = card_of(state, iid)["card"]
    if catalog.card(card_id)["kind"] == "spell" and card_of_id(card_id).targets:
        if not free_cast_ready(state, seat, card_id):
            return None
    return iid, cost


def _vir_play(state, seat, iid, targets):
    """Play the top card of the draw pile: it is revealed, paid for
    (Promise of Payment applies: ruling) and played like a card from hand,
    its boost offered (Boost ruling: common.offer_boost); a spell's targets
    are chosen one by one."""
    plan = _vir_play_check(state, seat)
    if plan is None:
        return
    top, cost = plan
    card_id = card_of(state, top)["card"]
    log(
        state,
        f"{seat_name(state, seat)} played {name(state, top)} from the top of their draw pile.",
        cards=[top],
        shown_to=EVERYONE,
    )  # revealed as it is played
    if catalog.card(card_id)["kind"] == "spell" and card_of_id(card_id).targets:
        cast_free(state, seat, top, cost=cost)  # a card played: Promise of Payment applies (keep_promise)
    elif not offer_boost(state, seat, card_id, cost, {"op": "vir_play_boost", "seat": seat, "card": top, "cost": cost}):
        do_play(state, seat, (top, cost, [], False))


@op("vir_play_boost")
def _vir_play_boost(state, step):
    """The answer to the boost question of Vir's top card (still on top)."""
    seat, top = step["seat"], step["card"]
    if _top(state, seat) == top:
        boost = boost_chosen(step, card_of(state, top)["card"])
        do_play(state, seat, (top, step["cost"] + boost, [], bool(boost)))


def _vir_max(state, iid):
    """A 6/7 untargetable Mech token in the future with 2 time runes; no
    haste, so it can't attack the turn it arrives (ruling)."""
    make_token(state, "mech", _controller(state, iid))


card(
    "vir_garbarean",
    max_level=_vir_max,
    abilities=by_band(
        base=[
            ability("look at the top card of your draw pile.", _vir_look, available=_can_look),
            ability(
                "swap the top card of your draw pile with a card from your hand.",
                _vir_swap,
                gold=1,
                available=lambda s, i: (
                    bool(player(s, _controller(s, i))["hand"]) and _top(s, _controller(s, i)) is not None
                ),
            ),
        ],
        mid=[
            ability(
                "play the top card of your draw pile.",
                _vir_play,
                exhaust=True,
                available=lambda s, i: _vir_play_check(s, _controller(s, i)) is not None,
            )
        ],
    ),
)
