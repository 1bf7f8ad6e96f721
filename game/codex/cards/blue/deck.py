"""The blue starting deck, one block per spec helper (Law, then Peace, then
Truth); cards with only keywords or stats need no code."""

from .. import kit
from .common import tech_upto, units_where

NONE = (0, 0, {})

# ==== LAW block: Porkhand Magistrate, Arrest, Building Inspector, Jail, ========
# ==== Lawful Search, Reputable Newsman ==========================================


def _controller(state, iid):
    return kit.card_of(state, iid)["controller"]


def _magistrate_disable(state, seat, iid, targets):
    """Porkhand Magistrate: pay 1 and exhaust: disable a unit or hero (◎;
    yours, or one already exhausted, too; never himself: rulings); its
    controller draws a card."""
    tid = targets[0]
    if not kit.standing(state, tid):
        return
    kit.disable(state, tid)
    kit.draw(state, _controller(state, tid), 1, in_main=state["phase"] == "main")


def _magistrate_abilities(state, iid):
    def not_himself(state, seat, tid):
        return tid != iid

    return [
        kit.ability(
            "disable a unit or hero; its controller draws a card.",
            _magistrate_disable,
            targets=[kit.slot(kit.CHARACTER, not_himself)],
            gold=1,
            exhaust=True,
        )
    ]


kit.card("porkhand_magistrate", abilities=_magistrate_abilities)

# Arrest: disable a patrolling unit (no ◎ on the card).
kit.card("arrest", targets=[kit.slot("unit", kit.patroller, icon=False)], resolve=kit.Disable())


def _inspector_notes(state, src, seat, building_id):
    """Building Inspector remembers the turn each opponent last built
    something (mark ``built``: seat -> turn)."""
    if kit.is_opponent(state, _controller(state, src), seat):
        kit.card_of(state, src)["marks"].setdefault("built", {})[str(seat)] = state["turn"]


def _inspector_cost(state, src, seat, building_id, cost):
    """Building Inspector: each opponent's first building of a turn (tech
    building, add-on or building card; a free rebuild too) costs 1 more
    (ruling)."""
    built = kit.card_of(state, src)["marks"].get("built", {}).get(str(seat))
    if kit.is_opponent(state, _controller(state, src), seat) and built != state["turn"]:
        return cost + 1
    return cost


kit.card("building_inspector", building_built=_inspector_notes, modifies={"build_cost": _inspector_cost})


def _jail_takes(state, src, seat, iid):
    """Jail: it takes the units its controller's opponents play from hand
    (not those put into play by effects, nor forecast ones: rulings)."""
    return kit.is_opponent(state, _controller(state, src), seat)


def _jail_locks(state, src, seat, iid, outcome):
    """A unit enters jail: it is not in play and doesn't arrive; the unit
    already there is released and arrives now, under its owner's control,
    its arrive triggers included (Jail ruling); a boost paid for either
    took effect as it was played, never again (Boost ruling)."""
    if outcome != "jailed":
        return
    prisoner = kit.move(state, iid, "jail")
    marks = kit.card_of(state, src)["marks"]
    released = marks.get("prisoner")
    marks["prisoner"] = prisoner
    kit.log(state, f"{kit.name(state, prisoner)} went to jail instead of arriving.", cards=[prisoner])
    if released in state["cards"]:
        owner = kit.card_of(state, released)["owner"]
        kit.log(state, f"{kit.name(state, released)} was released from jail.", cards=[released])
        kit.enter_play(state, released, owner)


def _jail_gone(state, src):
    """Jail leaves play: its prisoner goes to its owner's discard pile."""
    prisoner = kit.card_of(state, src)["marks"].pop("prisoner", None)
    if prisoner in state["cards"]:
        kit.log(state, f"{kit.name(state, prisoner)} was discarded from jail.", cards=[prisoner])
        kit.move(state, prisoner, "discard")


kit.card("jail", restricts={"arrival": _jail_takes}, card_played=_jail_locks, leaves=_jail_gone)


# Lawful Search: draw a card, then look at an opponent's hand or an
# opponent's discard pile (the caster chooses which).
kit.card(
    "lawful_search",
    resolve=kit.Seq(
        kit.Draw(1),
        kit.Choose(
            "lawful_search",
            kit.LookAt(),
            options=lambda state, seat, iid: kit.look_options(state, seat),
            prompt="Lawful Search: look at which pile?",
            with_seat=True,
        ),
    ),
)

# The numbers Reputable Newsman offers: every cost a spell or upgrade has.
NEWS_COSTS = list(
    range(0, 1 + max(c["cost"] or 0 for c in kit.catalog.all_cards() if c["kind"] in ("spell", "upgrade")))
)


def _newsman_arrives(state, iid):
    """Reputable Newsman arrives: his controller names a number."""
    kit.ask(
        state,
        _controller(state, iid),
        "Reputable Newsman: name a cost.",
        NEWS_COSTS,
        {"op": "reputable_newsman", "newsman": iid},
    )


@kit.op("reputable_newsman")
def _newsman_names(state, step):
    inst = state["cards"].get(step["newsman"])
    for number in step["choice"]:
        if inst is not None and inst["zone"] == "play":
            inst["marks"]["named_cost"] = number
            kit.log(
                state,
                f"Reputable Newsman: opponents can't play spells or upgrades costing {number}.",
                cards=[step["newsman"]],
            )


def _newsman_forbids(state, src, seat, card_id, from_hand):
    """Reputable Newsman: opponents can't play spells or upgrades whose
    printed cost is the named number, while he is in play (ruling)."""
    number = kit.card_of(state, src)["marks"].get("named_cost")
    rec = kit.catalog.card(card_id)
    if number is None or not kit.is_opponent(state, _controller(state, src), seat):
        return None
    if rec["kind"] in ("spell", "upgrade") and (rec["cost"] or 0) == number:
        return f"Reputable Newsman: spells and upgrades costing {number} can't be played."
    return None


kit.card("reputable_newsman", arrives=_newsman_arrives, forbids_play=_newsman_forbids)

# ==== end of the LAW block =======================================================


# ---- PEACE block: Bluecoat Musketeer, Traffic Director -------------------------


def _musketeer_aura(state: dict, src: str, iid: str):
    """Bluecoat Musketeer: long-range while his ATK is exactly 1, counting
    every effect and rune (Bluecoat Musketeer ruling), Debilitator Alpha's
    -1 while he attacks it too. Read with this aura off for him, so the
    reading ends."""
    if iid != src or kit.is_busy("bluecoat_musketeer", iid):
        return NONE
    if kit.raw_stats(state, iid, "bluecoat_musketeer")["atk"] == 1:
        return 0, 0, {"long_range": 1}
    return NONE


kit.card("bluecoat_musketeer", aura=_musketeer_aura)


def _director_passes(state: dict, iid: str, target: str) -> bool:
    """Traffic Director: unstoppable while attacking a building (a base,
    tech building, add-on or building card): no patroller stops him then.
    Untargetable is a keyword."""
    return kit.is_building(state, target)


kit.card("traffic_director", unstoppable_toward=_director_passes)

# ---- end of the PEACE block -----------------------------------------------------


# ---- TRUTH block: Spectral Aven, Manufactured Truth ----------------------------

kit.card("spectral_aven")  # a flying Illusion: the engine plays it


# Manufactured Truth: until the turn ends, a tech 0 or I unit you control
# takes the form of some other tech 0 or I unit. No ◎: flagbearers, resist
# and Illusions don't care (Flagbearer ruling); both are chosen as it
# resolves (the printed card, no modifiers: kit.BecomeCopy).
_manufactured_truth = kit.Choose(
    "manufactured_truth_copy",
    kit.Choose(
        "manufactured_truth_become",
        kit.BecomeCopy(kit.field("unit"), ends="manufactured_truth_ends"),
        keep="unit",
        options=lambda state, seat, unit: units_where(state, lambda i: i != unit and tech_upto(state, i, 1)),
        prompt="Manufactured Truth: choose the tech 0 or I unit {name} copies.",
    ),
    options=lambda state, seat, iid: units_where(
        state, lambda i: kit.card_of(state, i)["controller"] == seat and tech_upto(state, i, 1)
    ),
    prompt="Manufactured Truth: choose your tech 0 or I unit that becomes a copy.",
    with_seat=True,
)


# The copy lasts until the end of the turn.
kit.on_card("manufactured_truth_ends", kit.Call(lambda state, _seat, unit: kit.end_copy(state, unit)))


kit.card("manufactured_truth", resolve=_manufactured_truth)
