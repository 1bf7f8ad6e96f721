"""Ninjutsu (white spec): its 12 codex cards, its hero Setsuki Hiruki and
the Ninja token.

Fuzz Cuddles, Flying Fox, Glorious Ninja and Porcupine have only keywords,
and the Ninja token has none: they need no code. Fine points follow the
official rulings (reference/codex-cards/rulings.json, "White", "Heroes")
and docs/RULINGS.md ("White cards: Ninjutsu").
"""

from ..kit import (
    CHARACTER,
    MakeTokens,
    ThisTurn,
    ability,
    ask_target,
    card,
    card_of,
    catalog,
    damage_card,
    draw,
    has_subtype,
    is_opponent,
    is_patrolling,
    log,
    make_token,
    name,
    op,
    player,
    reached,
    slot,
    stats,
    thing_exists,
    until_end_of_turn,
    yours,
)

NONE = (0, 0, {})


def _in_main(state):
    return state["phase"] == "main"


def _ninjutsu_hero(state, seat, tid):
    return stats.is_hero(state, tid) and catalog.card(card_of(state, tid)["card"])["spec"] == "ninjutsu"


def _others_of(state, iid, subtype):
    """True when ``iid``'s controller controls another card in play of
    ``subtype`` ("if you have another Ninja")."""
    seat = card_of(state, iid)["controller"]
    return any(o != iid and has_subtype(state, o, subtype) for o in player(state, seat)["play"])


# ---- spells ----------------------------------------------------------------------


def _four_or_less(state, seat, tid):
    return stats.atk(state, tid) <= 4


HIDDEN = slot(
    CHARACTER,
    yours,
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
    ask_target(
        state,
        seat,
        HIDDEN,
        HIDDEN.prompt,
        {"op": "hidden_ninja", "seat": seat, "picked": picked, "ninja": ninja},
        exclude=picked,
        optional=True,
    )


@op("hidden_ninja")
def _hidden(state, step):
    seat, picked, ninja = step["seat"], list(step["picked"]), step["ninja"]
    for tid in step["choice"]:
        until_end_of_turn(state, tid, kw={"stealth": 1})
        log(state, f"{name(state, tid)} has stealth this turn.", cards=[tid])
        picked.append(tid)
        ninja = ninja or has_subtype(state, tid, "Ninja") or _ninjutsu_hero(state, seat, tid)
    if step["choice"] and len(picked) < 2:
        _hidden_ask(state, seat, picked, ninja)
    elif ninja:
        draw(state, seat, 1, in_main=_in_main(state))


card("hidden_ninja", resolve=_hidden_ninja)

# Speed of the Fox: your Ninjutsu hero (◎) gets +1 ATK, haste, readiness and
# armor piercing this turn.
card(
    "speed_of_the_fox",
    targets=[slot("hero", yours, _ninjutsu_hero)],
    resolve=ThisTurn(
        atk=1,
        kw={"haste": 1, "readiness": 1, "armor_piercing": 1},
        say="{name} gets +1 ATK, haste, readiness and armor piercing this turn.",
    ),
)


def _shuriken_hail(state, seat, iid, targets):
    """Shuriken Hail: every patroller (everyone's, seat order) takes 1
    damage; deaths and their triggers follow in the engine's order, the
    active player's choices where there are any (ruling)."""
    for tid in [i for p in state["players"] for i in p["play"] if is_patrolling(state, i)]:
        damage_card(state, tid, 1, by=name(state, iid))


card("shuriken_hail", resolve=_shuriken_hail)


def _students(state, seat, iid, targets):
    """Fox's Den Students (ultimate): four 1/1 Ninja tokens; then your Ninja
    units in play have haste and stealth this turn (docs/RULINGS.md: the
    Ninjas you have as it resolves)."""
    for _ in range(4):
        make_token(state, "ninja", seat)
    for tid in player(state, seat)["play"]:
        if stats.is_unit(state, tid) and has_subtype(state, tid, "Ninja"):
            until_end_of_turn(state, tid, kw={"haste": 1, "stealth": 1})
    log(state, "Your Ninjas have haste and stealth this turn.")


card("fox_s_den_students", resolve=_students)


# ---- units --------------------------------------------------------------------------


def _inverse_power(state, src, iid):
    """Inverse Power Ninja: -1/-1 for each other unit or hero its controller
    has in play (ruling: not heroes in the command zone, jailed or
    forecast units, nor units an opponent controls now)."""
    if iid != src:
        return NONE
    seat = card_of(state, src)["controller"]
    n = sum(1 for o in player(state, seat)["play"] if o != src and stats.is_character(state, o))
    return (-n, -n, {})


card("inverse_power_ninja", aura=_inverse_power)


def _raccoon_unstoppable(state, iid, patroller):
    """Masked Raccoon: units can't stop it while you have another Ninja."""
    return stats.is_unit(state, patroller) and _others_of(state, iid, "Ninja")


def _raccoon_attackable(state, iid, attacker):
    """Masked Raccoon: units can't attack it while you have another Cute
    Animal (heroes can)."""
    return not (stats.is_unit(state, attacker) and _others_of(state, iid, "Cute Animal"))


card("masked_raccoon", unstoppable_by=_raccoon_unstoppable, attackable_by=_raccoon_attackable)


def _school_aura(state, src, iid):
    """Fox's Den School: your Ninjas and Cute Animals are invisible."""
    if iid != src and (has_subtype(state, iid, "Ninja") or has_subtype(state, iid, "Cute Animal")):
        return (0, 0, {"invisible": 1})
    return NONE


def _make_ninja(state, seat, iid, targets):
    """Fox's Den School: one of your units (◎) becomes a Ninja besides its
    other types, until it leaves play, even if the School goes (ruling)."""
    tid = targets[0]
    if thing_exists(state, tid):
        marks = card_of(state, tid)["marks"]
        if "Ninja" not in marks.get("subtypes", []):
            marks["subtypes"] = sorted(set(marks.get("subtypes", [])) | {"Ninja"})
        log(state, f"{name(state, tid)} is a Ninja now.", cards=[tid])


card(
    "fox_s_den_school",
    aura=_school_aura,
    abilities=[
        ability("one of your units becomes a Ninja.", _make_ninja, targets=[slot("unit", yours)], gold=2, exhaust=True)
    ],
)


def _jade_fox_aura(state, src, iid):
    """Jade Fox: your Ninjas (herself too, ruling; Setsuki isn't one) have
    flying and swift strike."""
    return (0, 0, {"flying": 1, "swift_strike": 1}) if has_subtype(state, iid, "Ninja") else NONE


card("jade_fox_den_s_headmistress", arrives=MakeTokens("ninja", 4), aura=_jade_fox_aura)


# ---- the hero ----------------------------------------------------------------------------


def _setsuki_tax(state, iid, seat):
    """Setsuki Hiruki: while she isn't patrolling, her opponents (``seat``
    attacking) pay 1 gold each time they attack her."""
    if is_patrolling(state, iid):
        return 0
    return 1 if is_opponent(state, seat, card_of(state, iid)["controller"]) else 0


def _setsuki_attacks(state, iid, ctx):
    """Mid band: whenever she attacks, she has swift strike this turn."""
    if reached(state, iid, "mid"):
        until_end_of_turn(state, iid, kw={"swift_strike": 1})
        log(state, f"{name(state, iid)} has swift strike this turn.", cards=[iid])


def _setsuki_upkeep(state, iid):
    """Max band: in her controller's upkeep, draw 2 cards (more than 5 in
    hand is fine; the draw phase still caps the redraw at 5, ruling)."""
    if reached(state, iid, "max"):
        draw(state, card_of(state, iid)["controller"], 2)


card("setsuki_hiruki", modifies={"attack_tax": _setsuki_tax}, attacks=_setsuki_attacks, upkeep=_setsuki_upkeep)
