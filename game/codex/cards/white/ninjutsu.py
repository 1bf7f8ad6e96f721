"""Ninjutsu (white spec): its 12 codex cards, its hero Setsuki Hiruki and
the Ninja token.

Fuzz Cuddles, Flying Fox, Glorious Ninja and Porcupine have only keywords,
and the Ninja token has none: they need no code. Fine points follow the
official rulings (reference/codex-cards/rulings.json, "White", "Heroes")
and docs/RULINGS.md ("White cards: Ninjutsu").
"""

from .. import kit

NONE = (0, 0, {})


def _in_main(state):
    return state["phase"] == "main"


def _ninjutsu_hero(state, seat, tid):
    return kit.stats.is_hero(state, tid) and kit.catalog.card(kit.card_of(state, tid)["card"])["spec"] == "ninjutsu"


def _others_of(state, iid, subtype):
    """True when ``iid``'s controller controls another card in play of
    ``subtype`` ("if you have another Ninja")."""
    seat = kit.card_of(state, iid)["controller"]
    return any(o != iid and kit.has_subtype(state, o, subtype) for o in kit.player(state, seat)["play"])


# ---- spells ----------------------------------------------------------------------


def _four_or_less(state, seat, tid):
    return kit.stats.atk(state, tid) <= 4


HIDDEN = kit.slot(
    kit.CHARACTER,
    kit.yours,
    _four_or_less,
    prompt="Hidden Ninja: choose a unit or hero of yours with 4 ATK or less (up to two).",
)


def _hidden_ninja(state, seat, iid, targets):
    """Hidden Ninja: up to two of your units and/or heroes with 4 ATK or
    less (◎, picked as it resolves, one prompt each) have stealth this turn,
    and keep it if their ATK rises later (ruling); if either is a Ninja or
    your Ninjutsu hero, draw a card."""
    _hidden_ask(state, seat, [], False)


def _hidden_ask(state, seat, picked, ninja):
    kit.ask_target(
        state,
        seat,
        HIDDEN,
        HIDDEN.prompt,
        {"op": "hidden_ninja", "seat": seat, "picked": picked, "ninja": ninja},
        exclude=picked,
        optional=True,
    )


@kit.op("hidden_ninja")
def _hidden(state, step):
    seat, picked, ninja = step["seat"], list(step["picked"]), step["ninja"]
    for tid in step["choice"]:
        kit.until_end_of_turn(state, tid, kw={"stealth": 1})
        kit.log(state, f"{kit.name(state, tid)} has stealth this turn.", cards=[tid])
        picked.append(tid)
        ninja = ninja or kit.has_subtype(state, tid, "Ninja") or _ninjutsu_hero(state, seat, tid)
    if step["choice"] and len(picked) < 2:
        _hidden_ask(state, seat, picked, ninja)
    elif ninja:
        kit.draw(state, seat, 1, in_main=_in_main(state))


kit.card("hidden_ninja", resolve=_hidden_ninja)

# Speed of the Fox: your Ninjutsu hero (◎) gets +1 ATK, haste, readiness and
# armor piercing this turn.
kit.card(
    "speed_of_the_fox",
    targets=[kit.slot("hero", kit.yours, _ninjutsu_hero)],
    resolve=kit.ThisTurn(
        atk=1,
        kw={"haste": 1, "readiness": 1, "armor_piercing": 1},
        say="{name} gets +1 ATK, haste, readiness and armor piercing this turn.",
    ),
)


def _shuriken_hail(state, seat, iid, targets):
    """Shuriken Hail: every patroller (everyone's, seat order) takes 1
    damage; deaths and their triggers follow in the engine's order, the
    active player's choices where there are any (ruling)."""
    for tid in [i for p in state["players"] for i in p["play"] if kit.is_patrolling(state, i)]:
        kit.damage_card(state, tid, 1, by=kit.name(state, iid))


kit.card("shuriken_hail", resolve=_shuriken_hail)


def _students(state, seat, iid, targets):
    """Fox's Den Students (ultimate): four 1/1 Ninja tokens; then your Ninja
    units in play have haste and stealth this turn (docs/RULINGS.md: the
    Ninjas you have as it resolves)."""
    for _ in range(4):
        kit.make_token(state, "ninja", seat)
    for tid in kit.player(state, seat)["play"]:
        if kit.stats.is_unit(state, tid) and kit.has_subtype(state, tid, "Ninja"):
            kit.until_end_of_turn(state, tid, kw={"haste": 1, "stealth": 1})
    kit.log(state, "Your Ninjas have haste and stealth this turn.")


kit.card("fox_s_den_students", resolve=_students)


# ---- units --------------------------------------------------------------------------


def _inverse_power(state, src, iid):
    """Inverse Power Ninja: -1/-1 for each other unit or hero its controller
    has in play (ruling: not heroes in the command zone, jailed or
    forecast units, nor units an opponent controls now)."""
    if iid != src:
        return NONE
    seat = kit.card_of(state, src)["controller"]
    n = sum(1 for o in kit.player(state, seat)["play"] if o != src and kit.stats.is_character(state, o))
    return (-n, -n, {})


kit.card("inverse_power_ninja", aura=_inverse_power)


def _raccoon_unstoppable(state, iid, patroller):
    """Masked Raccoon: units can't stop it while you have another Ninja."""
    return kit.stats.is_unit(state, patroller) and _others_of(state, iid, "Ninja")


def _raccoon_attackable(state, iid, attacker):
    """Masked Raccoon: units can't attack it while you have another Cute
    Animal (heroes can)."""
    return not (kit.stats.is_unit(state, attacker) and _others_of(state, iid, "Cute Animal"))


kit.card("masked_raccoon", unstoppable_by=_raccoon_unstoppable, attackable_by=_raccoon_attackable)


def _school_aura(state, src, iid):
    """Fox's Den School: your Ninjas and Cute Animals are invisible."""
    if iid != src and (kit.has_subtype(state, iid, "Ninja") or kit.has_subtype(state, iid, "Cute Animal")):
        return (0, 0, {"invisible": 1})
    return NONE


def _make_ninja(state, seat, iid, targets):
    """Fox's Den School: one of your units (◎) becomes a Ninja besides its
    other types, until it leaves play, even if the School goes (ruling)."""
    tid = targets[0]
    if kit.standing(state, tid):
        marks = kit.card_of(state, tid)["marks"]
        if "Ninja" not in marks.get("subtypes", []):
            marks["subtypes"] = sorted(set(marks.get("subtypes", [])) | {"Ninja"})
        kit.log(state, f"{kit.name(state, tid)} is a Ninja now.", cards=[tid])


kit.card(
    "fox_s_den_school",
    aura=_school_aura,
    abilities=[
        kit.ability(
            "one of your units becomes a Ninja.",
            _make_ninja,
            targets=[kit.slot("unit", kit.yours)],
            gold=2,
            exhaust=True,
        )
    ],
)


def _jade_fox_aura(state, src, iid):
    """Jade Fox: your Ninjas (herself too, ruling; Setsuki isn't one) have
    flying and swift strike."""
    return (0, 0, {"flying": 1, "swift_strike": 1}) if kit.has_subtype(state, iid, "Ninja") else NONE


kit.card("jade_fox_den_s_headmistress", arrives=kit.MakeTokens("ninja", 4), aura=_jade_fox_aura)


# ---- the hero ----------------------------------------------------------------------------


def _setsuki_tax(state, iid, seat):
    """Setsuki Hiruki: while she isn't patrolling, her opponents (``seat``
    attacking) pay 1 gold each time they attack her."""
    if kit.is_patrolling(state, iid):
        return 0
    return 1 if kit.is_opponent(state, seat, kit.card_of(state, iid)["controller"]) else 0


def _setsuki_attacks(state, iid, ctx):
    """Mid band: whenever she attacks, she has swift strike this turn."""
    if kit.reached(state, iid, "mid"):
        kit.until_end_of_turn(state, iid, kw={"swift_strike": 1})
        kit.log(state, f"{kit.name(state, iid)} has swift strike this turn.", cards=[iid])


def _setsuki_upkeep(state, iid):
    """Max band: in her controller's upkeep, draw 2 cards (more than 5 in
    hand is fine; the draw phase still caps the redraw at 5, ruling)."""
    if kit.reached(state, iid, "max"):
        kit.draw(state, kit.card_of(state, iid)["controller"], 2)


kit.card("setsuki_hiruki", modifies={"attack_tax": _setsuki_tax}, attacks=_setsuki_attacks, upkeep=_setsuki_upkeep)
