"""Future (Vir Garbarean): Promise of Payment, Unphase, Assimilate, Double
Time, Knight of the Conclave, Gilded Glaxx, Omegacron, Reaver, Void Star,
Xenostalker, Hive, Nebula, and the hero Vir Garbarean.

Knight of the Conclave (forecast, resist) is keywords only. The Stinger and
Mech tokens are keywords only too (flying; forecast and untargetable): Hive
and Vir Garbarean make them. Fine points follow the official rulings
("Purple", "Heroes") and docs/RULINGS.md "Purple: Present and Future"."""

from .. import kit

NONE = (0, 0, {})


def _controller(state, iid):
    return kit.card_of(state, iid)["controller"]


def _gold(state, iid):
    return kit.player(state, _controller(state, iid))["gold"]


# ---- Promise of Payment ---------------------------------------------------------------


def _promise(state, seat, iid, targets):
    """The next card ``seat`` plays this turn costs 0 (actions.promised);
    playing it makes a debt of its printed cost, paid at the end of the
    next upkeep or the game is lost (turns.pay_debts; rulings)."""
    kit.player(state, seat)["promise"] = state["turn"]
    kit.log(state, f"{kit.seat_name(state, seat)}'s next card this turn costs 0 gold, to be paid next upkeep.")


kit.card("promise_of_payment", resolve=_promise)


# ---- Unphase -------------------------------------------------------------------------------


def _unphase(state, seat, iid, targets):
    if kit.standing(state, targets[0]):
        kit.lasting(state, seat, iid=targets[0], kw={"invisible": 1})
        kit.log(
            state,
            f"{kit.name(state, targets[0])} is invisible until {kit.seat_name(state, seat)}'s next upkeep.",
            cards=[targets[0]],
        )


kit.card("unphase", targets=[kit.slot(kit.CHARACTER)], resolve=_unphase)


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
    if kit.standing(state, tid):
        kit.change_control(state, tid, seat)
        kit.log(state, f"{kit.seat_name(state, seat)} took control of {kit.name(state, tid)}.", cards=[tid])


kit.card(
    "assimilate",
    targets=[
        kit.slot(
            ("upgrade", "spell", "building"), _stealable, prompt="Choose an upgrade, ongoing spell or building card."
        )
    ],
    resolve=_assimilate,
)


# ---- Double Time ----------------------------------------------------------------------------------


def _double_time(state, seat, iid, targets):
    """Out of the future: an extra turn after this one (several stack:
    ruling; turns._extra_turn), then the card is trashed."""
    p = kit.player(state, seat)
    p["extra_turns"] = p.get("extra_turns", 0) + 1
    kit.log(state, f"{kit.seat_name(state, seat)} will take an extra turn after this one.")
    kit.trash(state, iid)


kit.card("double_time", resolve=_double_time)


# ---- Gilded Glaxx ------------------------------------------------------------------------------------


def _glaxx_escapes(state, iid):
    """While his controller has gold he doesn't die unless combat damage
    was lethal (mark combat_death, set only when combat damage is dealt:
    ruling); he stays, even at 0 HP, until combat damage hits him."""
    inst = kit.card_of(state, iid)
    if _gold(state, iid) <= 0 or inst["marks"].get("combat_death"):
        return False
    if inst["marks"].get("doomed"):
        kit.log(
            state,
            f"{kit.name(state, iid)} can't leave play while {kit.seat_name(state, inst['controller'])} has gold.",
            cards=[iid],
        )
    for mark in ("doomed", "expired", "killed_by"):
        inst["marks"].pop(mark, None)
    return True


kit.card(
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
        for i in kit.player(state, seat)["play"]
        if kit.catalog.card(kit.card_of(state, i)["card"])["kind"] in ("unit", "hero", "upgrade")
        and kit.can_sacrifice(state, i)
    ]
    return out + (["worker"] if kit.worker_total(state, seat) > 0 else [])


def _omegacron(state, seat, iid, targets):
    kit.ask(
        state,
        seat,
        "Omegacron: choose what to sacrifice (a unit, hero, upgrade or a worker).",
        _fodder(state, seat),
        {"op": "omegacron_sacrifice", "seat": seat, "card": iid},
    )


@kit.op("omegacron_sacrifice")
def _omegacron_sacrifice(state, step):
    """A sacrificed worker is trashed (ruling); then a time rune leaves
    Omegacron (the last one: it arrives)."""
    seat, iid = step["seat"], step["card"]
    for choice in step["choice"]:
        if choice == "worker":
            kit.trash_worker(state, seat)
        elif not kit.sacrifice(state, choice):
            return
        inst = state["cards"].get(iid)
        if inst is not None and inst["zone"] == "future":
            kit.remove_time_runes(state, iid, 1)
            kit.log(state, f"{kit.name(state, iid)} has {inst['time']} time rune(s) left.", cards=[iid])


kit.card(
    "omegacron",
    abilities=[
        kit.ability(
            "sacrifice a unit, hero, worker or upgrade: remove a time rune.",
            _omegacron,
            from_future=True,
            available=lambda s, i: bool(_fodder(s, kit.card_of(s, i)["owner"])),
        )
    ],
)


# ---- Reaver ----------------------------------------------------------------------------------------------

REAVER_MODES = ["trash 2 workers", "6 damage to up to 2 units and/or heroes"]
REAVER_SLOT = kit.slot(kit.CHARACTER, icon=False)


# Two workers picked at random: no one chooses or sees them (ruling).
_REAVER_WORKERS = kit.Choose(
    "reaver_workers",
    kit.TrashWorker(2),
    options=kit.OPPONENTS,
    prompt="Reaver: choose the opponent whose 2 workers are trashed.",
)
# Up to two units and/or heroes, 6 damage each, together (ruling).
_REAVER_DAMAGE = kit.UpTo(
    "reaver_damage", REAVER_SLOT, 2, "Reaver: choose a unit or hero to take 6 damage", then=kit.Damage(6, by="reaver")
)


# Discard a card, then choose one: trash 2 workers of an opponent, or 6
# damage to up to 2 units and/or heroes.
_reaver = kit.Choose(
    "reaver_discard",
    kit.Discard(),
    options=lambda state, seat, iid: list(kit.player(state, seat)["hand"]),
    prompt="Reaver: choose a card to discard.",
    with_seat=True,
    after=kit.Choose(
        "reaver_mode",
        kit.Modes(dict(zip(REAVER_MODES, (_REAVER_WORKERS, _REAVER_DAMAGE), strict=True))),
        options=lambda state, seat, iid: REAVER_MODES,
        prompt="Reaver: choose one.",
        with_seat=True,
    ),
)


kit.card(
    "reaver",
    abilities=[
        kit.ability(
            "discard a card, then either trash two of your workers or hit up to two units or heroes for 6 each.",
            _reaver,
            gold=1,
            exhaust=True,
            available=lambda s, i: bool(kit.player(s, _controller(s, i))["hand"]),
        )
    ],
)


# ---- Void Star -------------------------------------------------------------------------------------------


def _void_star(state, seat, iid, targets):
    kit.use_once(state, iid, "void_star_turn")
    kit.lasting(state, seat, iid=iid, atk=4)
    kit.log(state, f"{kit.name(state, iid)} has +4 ATK until {kit.seat_name(state, seat)}'s next upkeep.", cards=[iid])


kit.card(
    "void_star",
    abilities=[
        kit.ability(
            "+4 ATK until your next upkeep (once a turn).",
            _void_star,
            gold=4,
            available=kit.once_per_turn("void_star_turn"),
        )
    ],
)


# ---- Xenostalker -------------------------------------------------------------------------------------------


def _no_flying(state, seat, tid):
    return not kit.stats.kw(state, tid, "flying")


XENO_SLOT = kit.slot(kit.CHARACTER, kit.patroller, _no_flying, prompt="Choose a patroller without flying.")


# Attacks: 1 damage to each of up to four patrollers without flying, dealt
# together (their deaths come at the next check, in the active player's
# order: ruling).
_xenostalker = kit.UpTo(
    "xeno_damage",
    XENO_SLOT,
    4,
    "Xenostalker: choose a patroller without flying to take 1 damage",
    then=kit.Damage(1, by="xenostalker"),
    alive=True,
)
kit.card("xenostalker", attacks=_xenostalker)


# ---- Hive --------------------------------------------------------------------------------------------------

STINGERS_PER_HIVE = 5


def _stingers(state, seat):
    return [i for i in kit.player(state, seat)["play"] if kit.card_of(state, i)["card"] == "stinger"]


def _hives(state, seat):
    return [i for i in kit.player(state, seat)["play"] if kit.card_of(state, i)["card"] == "hive"]


def _hive_arrives(state, iid):
    seat = _controller(state, iid)
    for _ in range(STINGERS_PER_HIVE):
        kit.make_token(state, "stinger", seat)


def _resummon(state, seat, iid, targets):
    kit.make_token(state, "stinger", seat)


def _room_for_stinger(state, iid):
    """Five Stingers per Hive: two Hives, ten (ruling)."""
    seat = _controller(state, iid)
    return len(_stingers(state, seat)) < STINGERS_PER_HIVE * len(_hives(state, seat))


def _hive_leaves(state, iid):
    """Five Stingers are sacrificed; with more, the active player picks
    which five (ruling)."""
    stingers = _stingers(state, _controller(state, iid))
    kit.ask(
        state,
        state["active"],
        "Hive left play: choose the five Stingers to sacrifice.",
        stingers,
        {"op": _HIVE_SACRIFICE},
        count=STINGERS_PER_HIVE,
    )


_HIVE_SACRIFICE = kit.each("hive_sacrifice", kit.Sacrifice())


kit.card(
    "hive",
    arrives=_hive_arrives,
    leaves=_hive_leaves,
    abilities=[kit.ability("bring back a lost Stinger.", _resummon, gold=1, available=_room_for_stinger)],
)


# ---- Nebula --------------------------------------------------------------------------------------------------


def _nebula_aura(state, src, iid):
    """Its controller's other units are invisible."""
    return (0, 0, {"invisible": 1}) if iid != src and kit.stats.is_unit(state, iid) else NONE


def _nebula_destroy(state, seat, iid, targets):
    kit.use_once(state, iid, "nebula_turn")
    if kit.standing(state, targets[0]):
        kit.destroy(state, targets[0])


kit.card(
    "nebula",
    aura=_nebula_aura,
    abilities=[
        kit.ability(
            "destroy a tech 0, I or II unit (once a turn).",
            _nebula_destroy,
            targets=[kit.slot("unit", kit.tech_at_most(2))],
            available=kit.once_per_turn("nebula_turn"),
        )
    ],
)


# ---- Vir Garbarean ----------------------------------------------------------------------------------------------


def _top(state, seat):
    deck = kit.player(state, seat)["deck"]
    return deck[0] if deck else None


def _vir_look(state, seat, iid, targets):
    """Look at the top card (no draw pile: nothing, no reshuffle: ruling);
    the team reads it (R21: teammates share hands)."""
    top = _top(state, seat)
    if top is None:
        return
    kit.card_of(state, iid)["marks"]["looked_at"] = top
    kit.log(
        state,
        f"The top card of {kit.seat_name(state, seat)}'s draw pile is {kit.name(state, top)}.",
        cards=[top],
        shown_to=kit.teammates(state, seat),
        veiled=f"{kit.seat_name(state, seat)} looked at the top card of their draw pile.",
    )


def _can_look(state, iid):
    """Once for each top card (looking again tells nothing new)."""
    top = _top(state, _controller(state, iid))
    return top is not None and kit.card_of(state, iid)["marks"].get("looked_at") != top


def _vir_swap(state, seat, iid, targets):
    kit.ask(
        state,
        seat,
        "Vir Garbarean: choose a card of your hand to put on top of your draw pile.",
        list(kit.player(state, seat)["hand"]),
        {"op": "vir_swap", "seat": seat},
    )


@kit.op("vir_swap")
def _vir_swap_step(state, step):
    """The hand card goes on top, the old top card into the hand (no draw
    pile: nothing happens, ruling)."""
    seat = step["seat"]
    top = _top(state, seat)
    for c in step["choice"]:
        if top is None or c not in kit.player(state, seat)["hand"]:
            return
        kit.move(state, top, "hand")
        kit.move(state, c, "deck", top=True)
        kit.log(
            state, f"{kit.seat_name(state, seat)} swapped a card of their hand with the top card of their draw pile."
        )


def _vir_play_check(state, seat):
    """``(top card id, cost)`` when ``seat`` may play its top card now, as
    from hand (cost, tech, hero, legendary; a spell needs its targets),
    else None."""
    top = _top(state, seat)
    if top is None:
        return None
    try:
        iid, cost, _boost = kit.check_play_card(state, seat, {"card": top}, zone="deck")
    except kit.RulesError:
        return None
    card_id = kit.card_of(state, iid)["card"]
    if kit.catalog.card(card_id)["kind"] == "spell" and kit.card_of_id(card_id).targets:
        if not kit.free_cast_ready(state, seat, card_id):
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
    card_id = kit.card_of(state, top)["card"]
    kit.log(
        state,
        f"{kit.seat_name(state, seat)} played {kit.name(state, top)} from the top of their draw pile.",
        cards=[top],
        shown_to=kit.EVERYONE,
    )  # revealed as it is played
    if kit.catalog.card(card_id)["kind"] == "spell" and kit.card_of_id(card_id).targets:
        kit.cast_free(state, seat, top, cost=cost)  # a card played: Promise of Payment applies (keep_promise)
    elif not kit.offer_boost(
        state, seat, card_id, cost, {"op": "vir_play_boost", "seat": seat, "card": top, "cost": cost}
    ):
        kit.do_play(state, seat, (top, cost, [], False))


@kit.op("vir_play_boost")
def _vir_play_boost(state, step):
    """The answer to the boost question of Vir's top card (still on top)."""
    seat, top = step["seat"], step["card"]
    if _top(state, seat) == top:
        boost = kit.boost_chosen(step, kit.card_of(state, top)["card"])
        kit.do_play(state, seat, (top, step["cost"] + boost, [], bool(boost)))


def _vir_max(state, iid):
    """A 6/7 untargetable Mech token in the future with 2 time runes; no
    haste, so it can't attack the turn it arrives (ruling)."""
    kit.make_token(state, "mech", _controller(state, iid))


kit.card(
    "vir_garbarean",
    max_level=_vir_max,
    abilities=kit.by_band(
        base=[
            kit.ability("look at the top card of your draw pile.", _vir_look, available=_can_look),
            kit.ability(
                "swap the top card of your draw pile with a card from your hand.",
                _vir_swap,
                gold=1,
                available=lambda s, i: (
                    bool(kit.player(s, _controller(s, i))["hand"]) and _top(s, _controller(s, i)) is not None
                ),
            ),
        ],
        mid=[
            kit.ability(
                "play the top card of your draw pile.",
                _vir_play,
                exhaust=True,
                available=lambda s, i: _vir_play_check(s, _controller(s, i)) is not None,
            )
        ],
    ),
)
