"""Building tech buildings and add-ons: the move, with who may take it,
its check, change and options (house rules R1, R2, R3, R4; the Tech Lab
ruling and the ruling on building at once; the map's ``restricts build``)."""

from .. import catalog
from ..cards import registry
from ..effects import base_id, damage_building, pay
from ..errors import RulesError
from ..flow import ask, op
from ..specs import (
    ADDONS_BY_MODE,
    TECH_BUILDINGS,
    addons,
    build_candidates,
    built,
    declares_spec,
    hero_specs,
    multicolour_tax,
)
from ..state import log, player, seat_name, teammates
from ..turns import worker_count
from .base import Move, Refusal, everyone_in_play, fail, main_refusal
from .costs import build_cost

# House rule R4: the Starter rulebook's "Warehouse" is the Deluxe "Surplus".
BUILDING_ALIASES = {"warehouse": "surplus"}
ADDON_TEARDOWN_DAMAGE = 2  # building an add-on tears the standing one down (rulebook: one add-on at a time)


def check_build(state: dict, seat: int, action: dict) -> tuple:
    """Build a tech building or an add-on (house rules R1, R2, R3).

    Tech I needs 6 workers; Tech II needs 8 and a Tech I; Tech III needs 10
    and a Tech II. A destroyed tech building is rebuilt for free. One add-on
    at a time: building another destroys the old one (2 damage to the base).
    One add-on started a turn (``addon_started``; Deluxe rulebook, main
    phase: "Build a tech building or add-on (or both)"; the player's
    ``addon_turn`` is the turn of the last one started).
    Everything finishes at the end of the turn. "warehouse" names the
    Surplus (house rule R4). Raises ``bad_building`` for anything else.
    Returns the plan ``(what, cost, spec)``.
    """
    what = action.get("building")
    if not isinstance(what, str):
        fail("bad_building", "Unknown building.")
    plan = build_verdict(state, seat, BUILDING_ALIASES.get(what, what), action)
    if isinstance(plan, RulesError):
        raise plan
    return plan


def build_verdict(state: dict, seat: int, what: str, action: dict) -> tuple | RulesError:
    """check_build past its main-phase test, for ``what`` (aliases
    resolved): :func:`build_refusal`, then :func:`build_plan`. Returns
    the plan ``(what, cost, spec)``, or the refusal as a RulesError not
    raised (check_build raises it; the view's reasons read its sentence;
    issue 13)."""
    refusal = build_refusal(state, seat, what)
    if refusal is not None:
        return RulesError(*refusal)
    return build_plan(state, seat, what, action)


def build_plan(state: dict, seat: int, what: str, action: dict) -> tuple | RulesError:
    """The rest of :func:`check_build` once :func:`build_refusal` let
    ``what`` (aliases resolved) through: the cost (a rebuilt tech building
    is free; the hooks ``modifies build_cost``; the multicolour tax), the spec
    ``action`` declares, the gold. Returns ``(what, cost, spec)``, or the
    refusal as a RulesError not raised (``bad_spec`` or
    ``not_enough_gold``; check_build raises it). legal_actions asks it of
    each building build_refusal lets through, after the checks before it
    (require_main holds in the main phase it lists) ran once, and needs
    nothing raised and caught (issue 13)."""
    p = player(state, seat)
    cost = build_price(state, seat, what)
    spec = _build_spec(state, seat, what, action)
    if isinstance(spec, RulesError):
        return spec
    if p["gold"] < cost:
        return RulesError("not_enough_gold", f"That costs {cost} gold; you have {p['gold']}.")
    return what, cost, spec


def build_price(state: dict, seat: int, what: str) -> int:
    """The gold ``seat`` pays to build ``what`` (a tech building or add-on
    id, aliases resolved) now, whether or not it may: the printed cost (a
    destroyed tech building is rebuilt free, rulebook "Tech buildings"),
    after the hooks ``modifies build_cost``, plus the 3-hero colour tax
    (specs.multicolour_tax). What :func:`build_plan` charges, and what the
    view shows on each build button (``build_costs``)."""
    if what in TECH_BUILDINGS:
        gold = 0 if player(state, seat)["free_rebuild"].get(what) else TECH_BUILDINGS[what][0]
    else:
        gold = catalog.card(what)["cost"]
    return build_cost(state, seat, what, gold) + multicolour_tax(state, seat)


def build_refusal(state: dict, seat: int, what: str) -> Refusal:
    """Why ``seat`` can't build ``what`` (a building id, aliases already
    resolved) now, whatever its gold and spec, as ``(code, message)``, or
    None: the refusals of :func:`check_build` that come before the cost,
    in its order. legal_actions asks it first, so a building surely
    refused is not checked in full (issue 13)."""
    p = player(state, seat)
    if what in TECH_BUILDINGS:
        _, workers, needs = TECH_BUILDINGS[what]
        if p["buildings"][what] is not None:
            return "already_built", "You already have that building."
        if needs and not built(state, seat, needs):
            return "needs_building", "You need the previous tech building, finished, first."
        if worker_count(state, seat) < workers:
            return (
                "needs_workers",
                f"{catalog.card(what)['name']} needs {workers} workers; you have {worker_count(state, seat)}.",
            )
        return None
    if what in ADDONS_BY_MODE.get(state["mode"], ()):
        forbidden = registry.global_says(state, "restricts:build", what)
        if forbidden:
            return "bad_building", forbidden
    if what not in addons(state):
        return "bad_building", "Unknown building."
    return addon_refusal(state, seat, what)


def addon_refusal(state: dict, seat: int, what: str) -> Refusal:
    """:func:`build_refusal` of add-on ``what``, one of this game's
    (specs.addons: neither unknown nor forbidden by the map), as
    ``(code, message)`` or None. legal_actions asks it of the add-ons
    specs.build_candidates lists, all of them this game's (issue 13)."""
    p = player(state, seat)
    current = p["buildings"]["addon"]
    if current is not None and current["id"] == what:
        return "already_built", "You already have that add-on."
    if p.get("addon_turn") == state["turn"]:
        return "addon_started", "You already started an add-on this turn; another can wait for your next turn."
    if any(
        player(state, mate)["buildings"]["addon"] and player(state, mate)["buildings"]["addon"]["id"] == what
        for mate in teammates(state, seat)
        if mate != seat
    ):
        return "team_addon", "Your teammate already has that add-on: a team may have only one of each."
    return None


def _build_spec(state: dict, seat: int, what: str, action: dict) -> str | None | RulesError:
    """The spec a 3-hero Tech II declares (locked for the game once chosen)
    or a Tech Lab unlocks (chosen once a Tech II exists; a rebuilt Tech Lab
    may pick another: Tech Lab rulings). None elsewhere. A spec the action
    may not name: the refusal ``bad_spec`` as a RulesError, not raised."""
    spec = action.get("spec")
    p = player(state, seat)
    if not declares_spec(state) or what not in ("tech_2", "tech_lab"):
        if spec is not None:
            return RulesError("bad_spec", "That building has no spec to choose.")
        return None
    if what == "tech_2" and p.get("tech2_spec"):
        if spec not in (None, p["tech2_spec"]):
            return RulesError("bad_spec", "Your Tech II spec is locked for this game.")
        return p["tech2_spec"]
    needs_spec = what == "tech_2" or p["buildings"]["tech_2"] is not None or p.get("tech2_spec")
    if not needs_spec:
        if spec is not None:
            return RulesError("bad_spec", "Choose the Tech Lab's spec once you have a Tech II building.")
        return None
    if spec not in hero_specs(state, seat):
        return RulesError("bad_spec", "Choose one of your heroes' specs.")
    return spec


def do_build(state: dict, seat: int, plan: tuple) -> None:
    """Pay and start the building of the plan (tearing down an add-on it
    replaces), then ask for the spec a Tech Lab unlocks. A Tech II's spec
    is recorded before the cards and the map hear ``building_built`` (a
    map giving a Tech Lab asks for its spec then)."""
    what, cost, spec = plan
    p = player(state, seat)
    pay(state, seat, cost)
    p["colour_tax_paid"] = True
    if what == "tech_2" and spec:
        p["tech2_spec"] = spec
    registry.emit_to(state, "building_built", everyone_in_play(state), seat, what)
    slot = what if what in TECH_BUILDINGS else "addon"
    if slot == "addon":
        p["addon_turn"] = state["turn"]
    if slot == "addon" and p["buildings"]["addon"] is not None:
        old = catalog.card(p["buildings"]["addon"]["id"])["name"]
        p["buildings"]["addon"] = None
        log(state, f"{seat_name(state, seat)} tore down their {old}.")
        damage_building(state, base_id(state, seat), ADDON_TEARDOWN_DAMAGE, by=f"tearing down the {old}")
    # A card set ``instant_build``: this turn the player's tech buildings
    # finish at once (its ruling: each works as soon as it is built).
    instant = slot in TECH_BUILDINGS and p.get("instant_build") == state["turn"]
    p["buildings"][slot] = {"id": what, "damage": 0, "done": instant}
    if spec:
        p["buildings"][slot]["spec"] = spec
    p["free_rebuild"].pop(what, None)
    log(
        state,
        f"{seat_name(state, seat)} started building {catalog.card(what)['name']}"
        + (f": {catalog.spec_name(spec)}." if spec else "."),
    )
    addon = p["buildings"]["addon"]
    if what == "tech_2" and addon is not None and addon["id"] == "tech_lab" and not addon.get("spec"):
        ask(
            state,
            seat,
            "Choose the spec your Tech Lab unlocks.",
            [s for s in hero_specs(state, seat) if s != spec],
            {"op": "tech_lab_spec", "seat": seat},
        )


@op("tech_lab_spec")
def _tech_lab_spec(state: dict, step: dict) -> None:
    """A Tech Lab built before Tech II gets its spec when Tech II is built
    (Tech Lab ruling)."""
    addon = player(state, step["seat"])["buildings"]["addon"]
    if addon is not None and addon["id"] == "tech_lab" and step["choice"]:
        addon["spec"] = step["choice"][0]
        log(state, f"{seat_name(state, step['seat'])}'s Tech Lab unlocks {catalog.spec_name(addon['spec'])}.")


def build_options(state: dict, seat: int) -> list:
    """Every legal build of ``seat``: of the candidates
    specs.build_candidates lists (tech buildings and this game's add-ons,
    some once per spec), those that pass check_build's two parts, the
    refusal asked once per building (:func:`build_refusal`, or
    :func:`addon_refusal` for the add-ons listed, all this game's) and
    then :func:`build_plan` (issue 13)."""
    out = []
    refusals: dict = {}  # a building surely refused is not checked in full
    for build in build_candidates(state, seat):
        what = build["building"]
        if what not in refusals:
            refusals[what] = (build_refusal if what in TECH_BUILDINGS else addon_refusal)(state, seat, what)
        if refusals[what] is None and not isinstance(build_plan(state, seat, what, build), RulesError):
            out.append(build)
    return out


BUILD = Move("build", main_refusal, check_build, do_build, build_options)
