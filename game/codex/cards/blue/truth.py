"""Truth (blue spec): its 12 codex cards, its hero Sirus Quince and his
Mirror Illusion token (a 0/1 Illusion with no text: stats only).

Illusions are the engine's (targeting.is_illusion, dies_when_targeted);
this module adds what makes or spares them (Hallucination, Dreamscape,
Macciatus), copies (common.become_copy), revealed hands (Eyes of the
Chancellor, ``grants hand_reveal``: view.hand_revealed_to), control
change (Mind Control) and silence (Free Speech: registry.silenced). Fine
points follow the official rulings (reference/codex-cards/rulings.json,
"Blue", "Heroes" and "General") and docs/RULINGS.md ("Blue: Truth")."""

from .. import kit
from .common import tech_upto, units_where

MIRROR = "mirror_illusion"
MIRROR_LIMIT = 2  # Sirus Quince: "limit: 2"


def _controller(state, iid):
    return kit.card_of(state, iid)["controller"]


# ---- Illusion units that only have keywords besides -------------------------

for _card_id in ("spectral_hound", "spectral_tiger", "spectral_roc", "spectral_flagbearer"):
    kit.card(_card_id)  # Illusion and its keywords: the engine plays them


# ---- Macciatus, The Whisperer --------------------------------------------------


def _macciatus_aura(state, src, iid):
    """Macciatus: your Illusion units get +1/+1 (he too, while he is one:
    Dreamscape)."""
    return (1, 1, {}) if kit.is_illusion(state, iid) else (0, 0, {})


def _macciatus_keeps(state, src, iid):
    """Macciatus: your Illusions no longer die when they are targeted."""
    return True


kit.card("macciatus_the_whisperer", aura=_macciatus_aura, grants={"keep_illusion": _macciatus_keeps})


# ---- Reteller of Truths --------------------------------------------------------


def _reteller_hears(state, src, dead):
    """Reteller of Truths: the first two times each turn one of your non-token
    Illusion units dies (this one included), it goes to its owner's hand.
    It really dies first: death triggers and slot bonuses happen (Reteller
    of Truths ruling); checks.die sends it to the hand (mark ``dies_to``)."""
    inst = state["cards"][dead]
    if (
        inst["controller"] != _controller(state, src)
        or not kit.is_illusion(state, dead)
        or kit.catalog.card(kit.printed_card(inst)).get("token")
    ):
        return
    retold = kit.card_of(state, src)["marks"].get("retold", {"turn": state["turn"], "n": 0})
    used = retold["n"] if retold["turn"] == state["turn"] else 0
    if used >= 2:
        return
    kit.card_of(state, src)["marks"]["retold"] = {"turn": state["turn"], "n": used + 1}
    inst["marks"]["dies_to"] = "hand"


kit.card("reteller_of_truths", unit_dies=_reteller_hears)


# ---- Liberty Gryphon -----------------------------------------------------------


def _gryphon_aura(state, src, iid):
    """Liberty Gryphon: unstoppable, unattackable and untargetable while you
    control an Illusion named anything but Liberty Gryphon (a copy of a
    Gryphon doesn't count: Liberty Gryphon ruling)."""
    if iid != src:
        return 0, 0, {}
    seat = _controller(state, src)
    if any(
        kit.is_illusion(state, o) and kit.name(state, o) != "Liberty Gryphon" for o in kit.player(state, seat)["play"]
    ):
        return 0, 0, {"unstoppable": 1, "unattackable": 1, "untargetable": 1}
    return 0, 0, {}


kit.card("liberty_gryphon", aura=_gryphon_aura)


# ---- Hallucination -------------------------------------------------------------

HALLUCINATION_SLOT = kit.slot("unit", kit.tech_at_most(2), prompt="Choose a tech 0, I or II unit.")


def _hallucination(state, seat, iid, targets):
    """Hallucination: up to two tech 0, I or II units are Illusions this turn.
    Each is a ◎ target chosen in turn (resist, flagbearers; one that is an
    Illusion already dies when targeted). None may be chosen, unless an
    opposing flagbearer can be: then the first pick must be one (Spectral
    Flagbearer: "at least once")."""
    free = kit.flagbearer_duty(state, seat, [HALLUCINATION_SLOT], [], kit.player(state, seat)["gold"])
    kit.ask_target(
        state,
        seat,
        HALLUCINATION_SLOT,
        "Hallucination: choose a tech 0, I or II unit to be an Illusion this turn" + (" (or none)." if free else "."),
        {"op": "hallucination", "seat": seat, "picked": []},
        optional=free,
    )


@kit.op("hallucination")
def _hallucination_step(state, step):
    """Make the chosen unit an Illusion this turn, then ask for the second
    one (an Illusion that died when targeted leaves nothing to make one)."""
    picked = list(step["picked"])
    for unit in step["choice"]:
        state["temp"].append({"iid": unit, "illusion": True})
        kit.log(state, f"{kit.name(state, unit)} is an Illusion this turn.", cards=[unit])
        picked.append(unit)
    if step.get("round", 1) == 1:
        kit.ask_target(
            state,
            step["seat"],
            HALLUCINATION_SLOT,
            "Hallucination: choose another tech 0, I or II unit (or none).",
            {"op": "hallucination", "seat": step["seat"], "picked": picked, "round": 2},
            exclude=picked,
            optional=True,
        )


kit.card("hallucination", resolve=_hallucination)


# ---- Dreamscape ----------------------------------------------------------------


def _dreamscape_makes(state, src, iid):
    """Dreamscape (channeling, the engine's): every tech 0, I and II unit is
    an Illusion, whoever controls it."""
    level = kit.stats.tech_level(state, iid)
    return level is not None and level <= 2


kit.card("dreamscape", grants={"illusion": _dreamscape_makes})


# ---- Mind Control --------------------------------------------------------------


def _mind_control(state, seat, iid, targets):
    """Mind Control: attach to a tech 0, I or II unit; you control it while it
    stays attached, a continuous effect that one-time ones don't undo
    (common.hold_control: Dothram Horselord ruling). The spell remembers who controlled it before (mark
    ``was`` on the spell): it goes back to them when Mind Control leaves
    play (Mind Control rulings); if the unit dies, each card goes to its
    owner's discard pile."""
    unit = targets[0]
    kit.attach(state, iid, unit)
    if not kit.standing(state, unit):
        return  # an Illusion that died when targeted: Mind Control goes (host_gone)
    kit.card_of(state, iid)["marks"]["was"] = _controller(state, unit)
    kit.change_control(state, unit, seat)
    kit.hold_control(state, iid, unit)
    kit.log(state, f"{kit.seat_name(state, seat)} took control of {kit.name(state, unit)}.", cards=[unit])


def _mind_control_leaves(state, iid):
    """Mind Control leaves play: the unit it holds goes back to the player who
    controlled it before (Mind Control ruling)."""
    unit = kit.attached_to(state, iid)
    was = kit.card_of(state, iid)["marks"].get("was")
    if unit is not None and was is not None and _controller(state, unit) == _controller(state, iid):
        kit.change_control(state, unit, was)
        kit.log(state, f"{kit.name(state, unit)} went back to {kit.seat_name(state, was)}.", cards=[unit])


kit.card(
    "mind_control",
    targets=[kit.slot("unit", kit.tech_at_most(2), prompt="Choose a tech 0, I or II unit.")],
    resolve=_mind_control,
    must_sacrifice=kit.host_gone,
    leaves=_mind_control_leaves,
    affected=kit.pass_held_control,
)


# ---- Eyes of the Chancellor ----------------------------------------------------


def _eyes_invisible(state, seat, iid, targets):
    """Eyes of the Chancellor: exhaust: a friendly unit is invisible until
    your next upkeep (no ◎ on the card)."""
    unit = targets[0]
    kit.lasting(state, seat, iid=unit, kw={"invisible": 1})
    kit.log(
        state, f"{kit.name(state, unit)} is invisible until {kit.seat_name(state, seat)}'s next upkeep.", cards=[unit]
    )


def _eyes_reveal(state, src, seat):
    """Eyes of the Chancellor: its controller's opponents play with their
    hands revealed (to that player and teammates only: view.hand_revealed_to)."""
    return kit.is_opponent(state, _controller(state, src), seat)


kit.card(
    "eyes_of_the_chancellor",
    grants={"hand_reveal": _eyes_reveal},
    abilities=[
        kit.ability(
            "make a friendly unit invisible until your next upkeep.",
            _eyes_invisible,
            exhaust=True,
            targets=[kit.slot("unit", kit.friendly, icon=False, prompt="Choose a friendly unit.")],
        )
    ],
)


# ---- copies: Manufactured Truth and Sirus Quince -------------------------------


def _mirrors(state, seat):
    """``seat``'s Mirror Illusions now: its units showing the Mirror face (a
    Mirror copying something is not one any more: Sirus Quince ruling)."""
    return [i for i in kit.player(state, seat)["play"] if kit.card_of(state, i)["card"] == MIRROR]


def _mirror_tokens(state, seat):
    """``seat``'s Mirror Illusion tokens, copies included (the limit counts
    them before copy effects: Limit: X and Sirus Quince rulings)."""
    return [i for i in kit.player(state, seat)["play"] if kit.printed_card(kit.card_of(state, i)) == MIRROR]


def _quince_arrives(state, iid):
    """Sirus Quince arrives: a 0/1 Mirror Illusion token."""
    kit.make_token(state, MIRROR, _controller(state, iid))


def _another_mirror(state, seat, iid, targets):
    kit.make_token(state, MIRROR, seat)


def _room_for_mirror(state, iid):
    return len(_mirror_tokens(state, _controller(state, iid))) < MIRROR_LIMIT


def _copyable_by_mirror(state, unit):
    """What a Mirror may copy with the middle band: another tech 0, I or II
    unit (copying a plain Mirror would change nothing)."""
    return kit.card_of(state, unit)["card"] != MIRROR and tech_upto(state, unit, 2)


def _can_mirror_copy(state, iid):
    seat = _controller(state, iid)
    return bool(_mirrors(state, seat)) and bool(units_where(state, lambda u: _copyable_by_mirror(state, u)))


# Sirus Quince, middle band: one of your Mirror Illusions becomes a copy
# of another tech 0, I or II unit; it stays an Illusion and is trashed at
# the end of this turn (once: Sirus Quince rulings). Not ◎: both are
# chosen as it resolves.
_mirror_copy = kit.Choose(
    "sirus_quince_mirror",
    kit.Choose(
        "sirus_quince_copy",
        kit.BecomeCopy(kit.field("mirror"), illusion=True, ends="sirus_quince_trash"),
        keep="mirror",
        options=lambda state, seat, mirror: units_where(state, lambda u: _copyable_by_mirror(state, u)),
        prompt="Sirus Quince: choose the tech 0, I or II unit it copies.",
    ),
    options=lambda state, seat, iid: _mirrors(state, seat),
    prompt="Sirus Quince: choose the Mirror Illusion that becomes a copy.",
    with_seat=True,
)


# The mirror is trashed at the end of the turn, if still in play.
kit.on_card("sirus_quince_trash", kit.Call(lambda state, _seat, mirror: kit.trash(state, mirror)), alive=True)


def _quince_sees_arrival(state, src, iid):
    """Sirus Quince, max band: whenever a non-token unit of yours arrives, you
    may make one of your Mirror Illusions an Illusion copy of it; that copy
    is trashed when Quince or its original leaves play (effects.leave_play,
    mark ``tied_to``; a Mirror that copied nothing stays: Sirus Quince
    rulings)."""
    if (
        not kit.reached(state, src, "max")
        or not kit.stats.is_unit(state, iid)
        or kit.catalog.card(kit.printed_card(kit.card_of(state, iid))).get("token")
    ):
        return
    seat = _controller(state, src)
    mirrors = _mirrors(state, seat)
    if mirrors:
        prompt = f"Sirus Quince: make a Mirror Illusion a copy of {kit.name(state, iid)}?"
        _QUINCE_MAX.ask(state, seat, options=mirrors, prompt=prompt, quince=src, original=iid)


_QUINCE_MAX = kit.Choose(
    "sirus_quince_max",
    kit.BecomeCopy(original=kit.field("original"), illusion=True, tied_to=[kit.field("quince"), kit.field("original")]),
    optional=True,
)


kit.card(
    "sirus_quince",
    arrives=_quince_arrives,
    other_arrives=_quince_sees_arrival,
    abilities=kit.by_band(
        base=[
            kit.ability(
                "make another Mirror Illusion (at most 2).", _another_mirror, gold=2, available=_room_for_mirror
            )
        ],
        mid=[
            kit.ability(
                "a Mirror Illusion becomes an Illusion copy of another tech 0, I or II unit "
                "until it is trashed at end of turn.",
                _mirror_copy,
                gold=2,
                available=_can_mirror_copy,
            )
        ],
    ),
)


# ---- Free Speech ---------------------------------------------------------------


def _free_speech(state, seat, iid, targets):
    """Free Speech: silence an opponent (chosen as it resolves; no ◎):
    until after that opponent's next turn their heroes can't cast spells
    and lose all abilities (registry.silenced). Heroes they bring in
    meanwhile are silenced too; levelling up and the healing of a new band
    still happen (Free Speech rulings)."""
    kit.ask(
        state,
        seat,
        "Free Speech: choose an opponent to silence.",
        kit.opponents(state, seat),
        {"op": "free_speech", "seat": seat},
    )


def _silence(state, seat, foe):
    p = kit.player(state, foe)
    p["silenced_until"] = max(p.get("silenced_until", 0), p["turns_ended"] + 1)
    kit.log(
        state, f"{kit.seat_name(state, seat)} silenced {kit.seat_name(state, foe)} until the end of their next turn."
    )


kit.each("free_speech", kit.Call(_silence))


kit.card("free_speech", resolve=_free_speech)
