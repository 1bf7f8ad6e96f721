"""The white starting deck. Savior Monk, Fox Viper, Morningstar Flagbearer
and Fox Primus have only keywords and need no code."""

from .. import kit

NONE = (0, 0, {})


# ---- Smoker ----------------------------------------------------------------------


def _smoker_targeted(state, iid, how, _detail):
    """Smoker: when a spell or ability ◎ him, he returns to his owner's hand
    at once, before the rest of the effect resolves (Smoker ruling); the
    effect then finds nothing to act on."""
    if how != "targeted":
        return
    kit.log(state, f"{kit.name(state, iid)} slipped away when targeted.", cards=[iid])
    kit.return_to_hand(state, iid)


kit.card("smoker", affected=_smoker_targeted)


# ---- Aged Sensei -------------------------------------------------------------------

kit.card(
    "aged_sensei",
    abilities=[
        kit.ability(
            "a friendly unit or hero gets +1 ATK and +1 armor this turn.",
            kit.ThisTurn(atk=1, kw={"armor": 1}, say="{name} gets +1 ATK and +1 armor this turn."),
            targets=[kit.slot(kit.CHARACTER, kit.friendly)],
            exhaust=True,
        )
    ],
)


# ---- Safe Attacking ------------------------------------------------------------------


def _safe(state, iid):
    """True for a tech 0 or I unit: what Safe Attacking protects."""
    if not kit.stats.is_unit(state, iid):
        return False
    tech = kit.stats.tech_level(state, iid)
    return tech is not None and tech <= 1


def _safe_attacking(state, src, iid):
    """Safe Attacking: your tech 0 and I units have +1 armor while they
    attack; the armor goes when the attack is over, and comes back for a
    second attack (Safe Attacking rulings; see :func:`_safe_attack_begins`)."""
    if kit.is_busy("safe_attacking", iid) or kit.attacking(state, iid) is None or not _safe(state, iid):
        return NONE
    return (0, 0, {"armor": 1})


def _safe_attack_begins(state, src, attacker, ctx):
    """An attack of a unit Safe Attacking protects begins: its +1 armor is
    new, whatever an earlier attack of the turn used of it (ruling: readied
    and attacking again, it gets 1 armor again). The armor the unit used
    this turn (house rule R6) is cut to what its other armor can account
    for: the armor of earlier attacks is gone, and the unit's other armor
    is the first to absorb (docs/RULINGS.md)."""
    if kit.card_of(state, attacker)["controller"] != kit.card_of(state, src)["controller"] or not _safe(
        state, attacker
    ):
        return
    inst = kit.card_of(state, attacker)
    other = kit.raw_stats(state, attacker, "safe_attacking")["kw"].get("armor", 0)
    inst["armor_used"] = min(inst["armor_used"], other)


kit.card("safe_attacking", aura=_safe_attacking, any_attacks=_safe_attack_begins)


# ---- Sensei's Advice -------------------------------------------------------------------

ADVISED = kit.slot("unit", kit.yours, prompt="Sensei's Advice: choose a unit of yours (up to two).")


# Sensei's Advice: up to two of your units (◎, chosen as it resolves, one at
# a time; none is allowed) get +1 ATK and +1 armor this turn.
kit.card(
    "sensei_s_advice",
    resolve=kit.PickUpTo(
        "white_advice",
        ADVISED,
        2,
        pick=kit.ThisTurn(atk=1, kw={"armor": 1}, say="{name} gets +1 ATK and +1 armor this turn."),
    ),
)


# ---- Grappling Hook -----------------------------------------------------------------------


def _empty_slots(state, seat, tid):
    """The empty slots of the patrol zone of ``tid``'s controller."""
    zone = kit.player(state, kit.card_of(state, tid)["controller"])["patrol"]
    return [s for s in kit.PATROL_SLOTS if zone.get(s) is None]


# Grappling Hook: move a patroller (◎, anyone's) to an empty slot of its own
# patrol zone, any one, whatever lies between (ruling); the caster picks the
# slot. With no empty slot nothing happens.
kit.card(
    "grappling_hook",
    targets=[kit.slot(kit.CHARACTER, kit.patroller)],
    resolve=kit.Choose(
        "grappling_hook",
        kit.MoveToSlot(kit.field("card"), say="{name} was pulled to the {slot} slot."),
        keep="card",
        options=_empty_slots,
        prompt="Grappling Hook: move {name} to which slot?",
    ),
)


# ---- Snapback ---------------------------------------------------------------------------------


def _snapback(state, seat, iid, targets):
    """Snapback: an opposing hero (◎) goes back to its owner's command zone
    as a fresh level-1 hero (ruling: levels, damage, runes and attachments
    go) and can't be summoned before its owner's next turn has ended. Then
    another hero of that command zone comes into play under its owner's
    control, one on cooldown too (ruling); the same hero only when there is
    no other (ruling). The caster picks among several (docs/RULINGS.md)."""
    tid = targets[0]
    if not kit.standing(state, tid):
        return
    inst = kit.card_of(state, tid)
    owner, hero = inst["owner"], inst["card"]
    kit.leave_play(state, tid)
    back = kit.move(state, tid, "command")
    p = kit.player(state, owner)
    p["hero_ready_after"][hero] = max(p["hero_ready_after"].get(hero, 0), p["turns_ended"] + 1)
    kit.log(
        state, f"{kit.name(state, back)} snapped back to {kit.seat_name(state, owner)}'s command zone.", cards=[back]
    )
    others = [
        h for h in p["command"] if h != back and not kit.barred_for_good(state, owner, state["cards"][h]["card"])
    ]  # Burial Grounds
    kit.ask(
        state,
        seat,
        "Snapback: which hero comes into play in its place?",
        others or [back],
        {"op": "snapback", "owner": owner},
    )


@kit.op("snapback")
def _snapback_put(state, step):
    for hero in step["choice"]:
        if hero in state["cards"] and kit.card_of(state, hero)["zone"] == "command":
            kit.log(state, f"{kit.name(state, hero)} came into play.", cards=[hero])
            kit.enter_play(state, hero, step["owner"])


kit.card("snapback", targets=[kit.slot("hero", kit.opposing)], resolve=_snapback)
