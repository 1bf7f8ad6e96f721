"""What the black starting deck and the black specs share: random
discards, "an opponent" chosen by the acting player, and the "weakest" and
"lowest tech" units of the Deluxe rulings."""

from .. import kit


def discard_random(state: dict, seat: int, count: int = 1) -> list:
    """``seat`` discards ``count`` cards from hand picked at random (fewer
    when the hand runs out). The card's name is shown to ``seat``'s team,
    everyone else reads that a card was discarded (the discard pile is
    hidden, house rule R21). Returns the catalog ids discarded."""
    out = []
    p = kit.player(state, seat)
    for _ in range(count):
        if not p["hand"]:
            break
        iid = p["hand"][kit.rng.randbelow(state, len(p["hand"]))]
        out.append(state["cards"][iid]["card"])
        iid = kit.move(state, iid, "discard")
        kit.log(
            state,
            f"{kit.seat_name(state, seat)} discarded {kit.name(state, iid)} at random.",
            cards=[iid],
            veiled=f"{kit.seat_name(state, seat)} discarded a card at random.",
        )
    return out


def ask_opponent(state: dict, seat: int, text: str, then: dict) -> None:
    """``seat`` chooses "an opponent" (asked only when there are several:
    Two-Headed Dragon, free-for-all); step ``then`` gets ``choice`` =
    [that seat]."""
    kit.ask(state, seat, text, kit.opponents(state, seat), then)


# The chosen player discards a card at random.
DISCARD_RANDOM = kit.each("black_discard_random", kit.Call(lambda state, seat, victim: discard_random(state, victim)))


def units_of(state: dict, seat: int) -> list:
    """Ids of the units ``seat`` controls in play, in play order."""
    return [i for i in kit.player(state, seat)["play"] if kit.stats.is_unit(state, i)]


def is_demon(state: dict, iid: str) -> bool:
    """True for a Demon: the subtype printed on the card, or a hero made one
    (mark ``demon``: Metamorphosis)."""
    return kit.has_subtype(state, iid, "Demon") or bool(state["cards"][iid]["marks"].get("demon"))


def is_skeleton(state: dict, iid: str) -> bool:
    """True for a unit with the Skeleton subtype (tokens and Skeleton
    Javelineer)."""
    return kit.stats.is_unit(state, iid) and kit.has_subtype(state, iid, "Skeleton")


def _tech(state: dict, iid: str) -> int:
    return kit.stats.tech_level(state, iid) or 0


def lowest_tech(state: dict, units: list) -> list:
    """The units of ``units`` with the lowest tech level."""
    if not units:
        return []
    low = min(_tech(state, i) for i in units)
    return [i for i in units if _tech(state, i) == low]


def weakest(state: dict, units: list) -> list:
    """The "weakest" of ``units``: the lowest tech ones with the least ATK
    (Sacrifice the Weak and Hooded Executioner rulings: tech first, then
    ATK; the tie is the chooser's)."""
    low = lowest_tech(state, units)
    if not low:
        return []
    least = min(kit.stats.atk(state, i) for i in low)
    return [i for i in low if kit.stats.atk(state, i) == least]


def sacrificeable_units(state: dict, seat: int) -> list:
    """``seat``'s units that can be sacrificed (indestructible ones and
    those that can't be sacrificed are ignored: Pestering Haunt and
    Sacrifice the Weak rulings)."""
    return [i for i in units_of(state, seat) if kit.can_sacrifice(state, i)]


def destroyable_units(state: dict, seat: int) -> list:
    """``seat``'s units a "destroy" can take: indestructible ones and those
    that can't leave play are ignored (Hooded Executioner, Death Rites and
    Gilded Glaxx rulings: the next weakest goes instead)."""
    return [
        i
        for i in units_of(state, seat)
        if not kit.stats.kw(state, i, "indestructible") and kit.can_leave_play(state, i)
    ]


def names(state: dict, ids: list) -> str:
    """A readable list of the names of ``ids``."""
    return ", ".join(kit.name(state, i) for i in ids)


def on_own_turn(state: dict, seat: int) -> bool:
    """True when ``seat``'s team is taking its turn: a trigger that asks its
    controller to decide fizzles on another team's turn (Nether Drain
    ruling)."""
    return state["players"][seat]["team"] == state["players"][state["active"]]["team"]


def ask_destroy_lowest(state: dict, seat: int, victim: int, label: str, weakest_only: bool = False) -> None:
    """``seat`` destroys one of ``victim``'s lowest tech units (or, with
    ``weakest_only``, its weakest unit), choosing among ties; indestructible
    units are ignored (Death Rites and Hooded Executioner rulings)."""
    units = destroyable_units(state, victim)
    options = weakest(state, units) if weakest_only else lowest_tech(state, units)
    kit.ask(
        state,
        seat,
        f"{label}: choose the unit of {kit.seat_name(state, victim)} to destroy.",
        options,
        {"op": DESTROY},
    )


DESTROY = kit.each("black_destroy", kit.Destroy())


def buildings_of(state, seat):
    """Everything of ``seat`` that is a building: its tech buildings and
    add-on, its team's base and its building cards in play."""
    cards = [
        i for i in kit.player(state, seat)["play"] if kit.catalog.card(state["cards"][i]["card"])["kind"] == "building"
    ]
    return kit.building_ids(state, seat) + [kit.base_id(state, seat)] + cards
