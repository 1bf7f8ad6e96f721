"""Past (Prynn Pasternaak): Vortoss Emblem, Undo, Origin Story, Rewind,
Seer, Stewardess of the Undone, Shimmer Ray, Yesterday's Golgort,
Rememberer, Second Chances, Slow-Time Generator, Ebbflow Archon, and the
hero Prynn Pasternaak.

Fading and time runes are the engine's (game/codex/timerunes.py); the
fine points follow the rulings (reference/codex-cards/rulings.json,
"Purple" and "Heroes") and docs/RULINGS.md ("Purple: Past")."""

from .. import kit
from .common import ask_time_rune_change, bounce, to_command_zone

NONE = (0, 0, {})


def _controller(state, iid):
    return kit.card_of(state, iid)["controller"]


# ---- Vortoss Emblem ----------------------------------------------------------------


def _emblem(state, seat, iid, targets):
    """Attach to a unit, anyone's (Vortoss Emblem ruling); its fading 3
    time runes are the engine's."""
    kit.attach(state, iid, targets[0])


def _emblem_flag(state, src, iid):
    """The unit it is attached to is a flagbearer: the flagbearer keyword,
    which binds the opponents of that unit's controller (glossary:
    Flagbearer; docs/RULINGS.md)."""
    return (0, 0, {"flagbearer": 1}) if kit.attached_to(state, src) == iid else NONE


kit.card(
    "vortoss_emblem", targets=[kit.slot("unit")], resolve=_emblem, aura_all=_emblem_flag, must_sacrifice=kit.host_gone
)


# ---- Undo ----------------------------------------------------------------------------


def _bounce_target(state, seat, iid, targets):
    bounce(state, targets[0])


kit.card("undo", targets=[kit.slot("unit", kit.tech_at_most(2))], resolve=_bounce_target)


# ---- Origin Story -----------------------------------------------------------------------

kit.card(
    "origin_story",
    targets=[kit.slot("hero")],
    resolve=lambda state, seat, iid, targets: to_command_zone(state, targets[0]),
)


# ---- Rewind ----------------------------------------------------------------------------


def _rewind(state, seat, iid, targets):
    """Every tech 0, I and II unit in play, anyone's, returns to its owner's
    hand (no ◎; they don't die: ruling). Who may cast it: Prynn
    Pasternaak's ``grants play_without_hero`` below."""
    for unit in [i for p in state["players"] for i in p["play"]]:
        if kit.stats.is_unit(state, unit) and (kit.stats.tech_level(state, unit) or 0) <= 2:
            bounce(state, unit)


kit.card("rewind", resolve=_rewind)


# ---- Seer -----------------------------------------------------------------------------

kit.card("seer", arrives=lambda state, iid: ask_time_rune_change(state, _controller(state, iid), "Seer", optional=True))


# ---- Stewardess of the Undone -------------------------------------------------------------

TECH_0_UNIT = kit.slot("unit", kit.tech_at_most(0), prompt="Stewardess of the Undone: you may return a tech 0 unit.")


def _stewardess(state, iid):
    kit.ask_target(
        state, _controller(state, iid), TECH_0_UNIT, TECH_0_UNIT.prompt, {"op": "purple_bounce"}, optional=True
    )


# Each chosen unit returns to its owner's hand (common.bounce).
kit.each("purple_bounce", kit.ReturnToHand(), alive=True)


kit.card("stewardess_of_the_undone", arrives=_stewardess)


# ---- Shimmer Ray --------------------------------------------------------------------------


# Discard a card (chosen now, the cost) to put a time rune on it (if still
# in play); only in the main phase, like every ability (Shimmer Ray ruling).
_shimmer = kit.Choose(
    "shimmer_ray",
    [kit.Discard(), kit.TimeRunes(to=kit.field("ray"))],
    options=lambda state, seat, iid: list(kit.player(state, seat)["hand"]),
    prompt="Shimmer Ray: discard which card?",
    with_seat=True,
    with_card="ray",
)


kit.card(
    "shimmer_ray",
    abilities=[
        kit.ability(
            "discard a card: it gets a time rune.",
            _shimmer,
            available=lambda state, iid: bool(kit.player(state, _controller(state, iid))["hand"]),
        )
    ],
)


# ---- Yesterday's Golgort -----------------------------------------------------------------


def _golgort(state, src, attacker, dealt):
    """Whenever its controller's attacker (any, a hero too: ruling) deals
    combat damage to a building, the Golgort gets a time rune; one per
    building hit."""
    for target, amount in dealt:
        if amount > 0 and kit.is_building(state, target) and kit.thing_exists(state, src):
            kit.add_time_runes(state, src)


kit.card("yesterday_s_golgort", attacker_dealt=_golgort)


# ---- Rememberer -------------------------------------------------------------------------


def _remember(state, iid, how, count):
    """Each time rune removed from it, by anything (Rememberer ruling: Time
    Spiral, Seer, Tinkerer too), lets its controller put a unit with
    fading from their discard pile into play, free (ruling), if they meet
    its tech requirement (ruling: tech III too, with the building). Asked
    after the removal is done, so the last rune's Rememberer, once faded
    away, may return herself (ruling)."""
    if how != "time_runes_removed":
        return
    for _ in range(count):
        kit.push(state, {"op": "rememberer", "seat": _controller(state, iid)})


def _rememberable(state, seat):
    return [
        i
        for i in kit.player(state, seat)["discard"]
        if kit.catalog.card(state["cards"][i]["card"])["kind"] == "unit"
        and kit.catalog.card(state["cards"][i]["card"])["keywords"].get("fading")
        and not kit.tech_problem(state, seat, kit.catalog.card(state["cards"][i]["card"]))
    ]


kit.ask_later(
    "rememberer",
    kit.Choose(
        "rememberer_put",
        kit.PutIntoPlay("discard", say="{seat} remembered {name} back into play."),
        options=lambda state, seat, iid: _rememberable(state, seat),
        prompt="Rememberer: you may put a unit with fading from your discard pile into play.",
        optional=True,
        with_seat=True,
    ),
)


kit.card("rememberer", affected=_remember)


# ---- Second Chances -----------------------------------------------------------------------


def _second_chance(state, src, iid):
    """A non-token unit of its controller leaves play other than by lethal
    combat damage (sparkshot and the Tower count as combat: ruling):
    remembered, and once the moves are done one of those that left
    together, picked at random, returns to play under the same controller
    (rulings: last controller, a fresh card). Once per turn, any player's
    turn (ruling); tokens don't use it up (ruling)."""
    inst = kit.card_of(state, iid)
    sc = kit.card_of(state, src)
    if inst["controller"] != sc["controller"] or kit.catalog.card(inst["card"])["token"]:
        return
    if inst["marks"].get("combat_death") or sc["marks"].get("used_turn") == state["turn"] or iid == src:
        return
    inst["marks"]["follow"] = True
    pending = sc["marks"].setdefault("pending", [])
    if not pending:
        kit.push(state, {"op": "second_chances", "src": src})
    pending.append(iid)


@kit.op("second_chances")
def _second_chances_step(state, step):
    followed = state.get("followed", {})
    inst = state["cards"].get(step["src"])
    pending = inst["marks"].pop("pending", []) if inst is not None else []
    back = [followed.pop(old) for old in pending if old in followed]
    if not followed:
        state.pop("followed", None)
    back = [i for i in back if i in state["cards"]]
    if inst is None or inst["zone"] != "play" or not back:
        return
    pick = back[kit.rng.randbelow(state, len(back))]
    inst["marks"]["used_turn"] = state["turn"]
    seat = inst["controller"]
    kit.log(state, f"Second Chances returned {kit.name(state, pick)} to play.", cards=[pick], shown_to=kit.EVERYONE)
    kit.enter_play(state, pick, seat)


kit.card("second_chances", unit_leaves=_second_chance)


# ---- Slow-Time Generator ------------------------------------------------------------------

kit.card("slow_time_generator", modifies={"worker_gold_cap": lambda state, src, seat: 4})


# ---- Ebbflow Archon --------------------------------------------------------------------------


def _archon_aura(state, src, iid):
    """-1/-1 for each time rune on it."""
    if iid != src:
        return NONE
    runes = kit.card_of(state, src)["time"]
    return (-runes, -runes, {})


def _archon_return(state, seat, iid, targets):
    """Remove a time rune (the cost; the last one makes it fade away, and
    the return still happens): a unit goes back to its owner's hand, a
    hero to its command zone. A target gone when ◎ (Smoker back in hand,
    an Illusion that vanished: their rulings) leaves the rune paid and
    nothing to return."""
    kit.remove_time_runes(state, iid)
    tid = targets[0]
    if not kit.standing(state, tid):  # Smoker slipped back to hand, an Illusion vanished
        return
    if kit.stats.is_hero(state, tid):
        to_command_zone(state, tid)
    else:
        bounce(state, tid)


kit.card(
    "ebbflow_archon",
    aura=_archon_aura,
    abilities=[
        kit.ability(
            "remove a time rune: return a unit to its owner's hand or a hero to its command zone.",
            _archon_return,
            targets=[kit.slot(kit.CHARACTER)],
            available=lambda state, iid: kit.card_of(state, iid)["time"] > 0,
        )
    ],
)


# ---- Prynn Pasternaak -------------------------------------------------------------------------


def _prynn_dies(state, iid):
    """Mid band: when fading itself took her last time rune in an upkeep
    (mark ``faded``; not another effect, not her own max ability: ruling),
    each opponent skips their next draw/discard phase and keeps their
    hand."""
    inst = kit.card_of(state, iid)
    if not inst["marks"].get("faded") or not kit.reached(state, iid, "mid"):
        return
    for seat in kit.opponents(state, inst["controller"]):
        p = kit.player(state, seat)
        p["skip_draws"] = p.get("skip_draws", 0) + 1
        kit.log(state, f"{kit.seat_name(state, seat)} will skip their next draw/discard phase.")


PRYNN_TRASH = kit.slot("unit", prompt="Prynn Pasternaak: choose a unit to trash.")


def _prynn_trash(state, seat, iid, targets):
    """Max band: remove two time runes (the cost: with exactly two she then
    fades away, ruling), trash a unit (◎). She remembers it and who
    controlled it: when she leaves play it returns (ruling)."""
    kit.remove_time_runes(state, iid, 2)
    tid = targets[0]
    if not kit.standing(state, tid) or kit.card_of(state, tid)["zone"] != "play":
        return
    if not kit.catalog.card(kit.card_of(state, tid)["card"])["token"]:
        kit.card_of(state, tid)["marks"]["follow"] = True
        kit.card_of(state, iid)["marks"].setdefault("trashed", []).append([tid, _controller(state, tid)])
    kit.trash(state, tid)


def _prynn_leaves(state, iid):
    """Max band: leaving play (dying included), every card she trashed
    returns to play, fresh, under the player who controlled it when it
    was trashed (rulings)."""
    followed = state.get("followed", {})
    for old, seat in kit.card_of(state, iid)["marks"].pop("trashed", []):
        new = followed.pop(old, "")
        if new in state["cards"] and kit.card_of(state, new)["zone"] == "trash":
            kit.log(state, f"{kit.name(state, new)} came back from the trash.", cards=[new], shown_to=kit.EVERYONE)
            kit.enter_play(state, new, seat)
    if not followed:
        state.pop("followed", None)


def _prynn_license(state, src, seat, card_id):
    """Rewind: at max level she may cast it however recently she arrived or
    reached max (Rewind's own text)."""
    return card_id == "rewind" and kit.reached(state, src, "max")


# Prynn Pasternaak, base band: each attack puts a time rune on her.
kit.card(
    "prynn_pasternaak",
    attacks=kit.TimeRunes(),
    dies=_prynn_dies,
    leaves=_prynn_leaves,
    grants={"play_without_hero": _prynn_license},
    abilities=kit.by_band(
        max=[
            kit.ability(
                "remove two time runes: trash a unit.",
                _prynn_trash,
                targets=[PRYNN_TRASH],
                available=lambda state, iid: kit.card_of(state, iid)["time"] >= 2,
            )
        ]
    ),
)
