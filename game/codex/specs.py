"""Heroes, specs and tech: the rules that differ between the 1-hero and the
3-hero game (Deluxe rulebook "Codex 3-Hero Game"; house rules R1, R3).

- Which specs a player's Tech II and III buildings make: in the 1-hero game
  (and Two-Headed Dragon) the one hero's spec; in the 3-hero game the spec
  declared when Tech II was built, plus a standing Tech Lab's spec.
- The hero limit: 1; 2 with a Tech II building; 3 with a Tech III; a
  Heroes' Hall adds one (Heroes' Hall ruling); checked only when summoning.
- Colour taxes: a minor spell of a colour none of your heroes in play has
  costs 1 more (neutral minor spells: never); with heroes of more than one
  colour (neutral aside) the first tech building or add-on costs 1 more.
"""

from . import catalog
from .cards import registry
from .state import player

TECH_BUILDINGS = {
    # slot: (gold, workers needed, building needed first) - house rules R1, R3
    "tech_1": (1, 6, None),
    "tech_2": (4, 8, "tech_1"),
    "tech_3": (5, 10, "tech_2"),
}
ADDONS_BY_MODE = {
    "1hero": ("surplus", "tower"),
    "2hg": ("surplus", "tower"),
    "ffa": ("surplus", "tower"),
    "3hero": ("surplus", "tower", "tech_lab", "heroes_hall"),
}


def addons(state: dict) -> tuple:
    """The add-ons players may build in this game: the mode's
    (:data:`ADDONS_BY_MODE`) but those the game's map forbids (``restricts
    build``)."""
    return tuple(
        a for a in ADDONS_BY_MODE.get(state["mode"], ()) if not registry.global_says(state, "restricts:build", a)
    )


def hero_specs(state: dict, seat: int) -> list:
    """The specs of ``seat``'s heroes (its codex specs), in pick order."""
    return [catalog.card(h)["spec"] for h in player(state, seat)["heroes"]]


def declares_spec(state: dict) -> bool:
    """True when Tech II declares a spec (the 3-hero game only)."""
    return state["mode"] == "3hero"


def built(state: dict, seat: int, slot: str) -> bool:
    """True when ``seat`` has a finished, operational building in ``slot``
    (a disabled tech building is off for its owner's next turn:
    :func:`switch_off`)."""
    rec = player(state, seat)["buildings"][slot]
    return rec is not None and rec["done"] and rec.get("off") != state["turn"]


def switch_off(state: dict, seat: int, slot: str) -> None:
    """Disable ``seat``'s tech building in ``slot``: it isn't operational
    during ``seat``'s next turn, so it neither makes cards of its tech
    level nor counts for building the next tech building or the hero limit
    (Injunction and its rulings). The mark ``off`` is ``"next"`` until that
    turn begins (:func:`turn_begins`), then that turn's number until it
    ends (:func:`turn_ends`)."""
    rec = player(state, seat)["buildings"][slot]
    if rec is not None:
        rec["off"] = "next"


def turn_begins(state: dict, seat: int) -> None:
    """``seat``'s turn (number ``state["turn"]``) begins: a tech building
    switched off for its next turn is off now (see :func:`switch_off`)."""
    for rec in player(state, seat)["buildings"].values():
        if rec is not None and rec.get("off") == "next":
            rec["off"] = state["turn"]


def turn_ends(state: dict, seat: int) -> None:
    """``seat``'s turn ends: its tech buildings switched off for this turn
    work again (see :func:`switch_off`)."""
    for rec in player(state, seat)["buildings"].values():
        if rec is not None and rec.get("off") == state["turn"]:
            del rec["off"]


def unlocked_specs(state: dict, seat: int) -> set:
    """Specs whose tech II and III cards ``seat`` may make."""
    if not declares_spec(state):
        return set(hero_specs(state, seat))
    p = player(state, seat)
    out = set()
    if p["buildings"]["tech_2"] is not None and p["buildings"]["tech_2"].get("spec"):
        out.add(p["buildings"]["tech_2"]["spec"])
    elif p.get("tech2_spec"):
        out.add(p["tech2_spec"])  # a destroyed Tech II keeps its spec (locked for the game)
    addon = p["buildings"]["addon"]
    if addon is not None and addon["id"] == "tech_lab" and addon["done"] and addon.get("spec"):
        out.add(addon["spec"])
    lab = map_tech_lab(state, seat)  # the Tech Lab the map gives, its spec once chosen
    if isinstance(lab, str):
        out.add(lab)
    return out


def map_tech_lab(state: dict, seat: int):
    """What the game's map gives ``seat`` of a Tech Lab without building
    one (``grants addon``): None, True, or the spec it unlocks once
    chosen."""
    return registry.global_says(state, "grants:addon", seat, "tech_lab")


def tech_problem(state: dict, seat: int, rec: dict):
    """Why ``seat`` can't make card ``rec`` now (a sentence), or None.

    A tech I card needs a finished Tech I building; tech II and III cards need
    that tech building finished and their spec unlocked (3-hero rules). On
    a map granting ``play_without_tech`` to everyone no card needs one
    (the waivers of cards in play are the caller's: actions.playing).
    """
    level = rec.get("tech") or 0
    if not level or registry.global_says(state, "grants:play_without_tech", seat, rec["id"]):
        return None
    if not built(state, seat, f"tech_{level}"):
        return f"You need a finished Tech {'I' * level} building."
    if level >= 2 and rec.get("spec") and rec["spec"] not in unlocked_specs(state, seat):
        return "Your Tech II building makes another spec's cards."
    return None


def tech_waived(state: dict, seat: int, card_id: str) -> bool:
    """True when a card ``seat`` controls lets it play ``card_id`` without
    its tech building (``grants play_without_tech``: Pirate-Gang
    Commander's Blood units; the game's map too, which registry.any_says
    asks first, e.g. Lost Temple).

    Takes the state, the seat and a catalog card id; returns a bool.
    Source: the cards' texts and rulings (docs/RULINGS.md, "Maps")."""
    return registry.any_says(state, "grants:play_without_tech", player(state, seat)["play"], seat, card_id)


def tech_waits(state: dict, seat: int) -> dict[str, str]:
    """The cards of ``seat``'s hand and codex that wait for tech: for each
    non-spell card a play would refuse now for want of a tech building or
    spec (:func:`tech_problem` names a problem that :func:`tech_waived`
    does not lift), ``{card id: tech_problem's sentence}``; a card that
    needs no tech, or whose tech is met or waived, is left out.

    Takes the state and a seat; returns a new dict, sorted by card id.
    Source: Deluxe rulebook, "Tech Buildings (and What They Produce)" and
    "Tech" (3-hero specs); spells need a hero, not tech ("Tech buildings
    have nothing to do with spells")."""
    p = player(state, seat)
    ids = {state["cards"][i]["card"] for i in p["hand"]} | {c for c, n in p["codex"].items() if n > 0}
    out = {}
    for card_id in sorted(ids):
        rec = catalog.card(card_id)
        if rec["kind"] == "spell":
            continue
        problem = tech_problem(state, seat, rec)
        if problem and not tech_waived(state, seat, card_id):
            out[card_id] = problem
    return out


def hero_limit(state: dict, seat: int) -> int:
    """How many heroes ``seat`` may have in play: 1, 2 with a Tech II, 3
    with a Tech III; a Heroes' Hall adds one, built or given by the game's
    map (``grants addon``); at most 3 (Heroes' Hall ruling). Only the
    3-hero game has more than one hero to summon."""
    limit = 3 if built(state, seat, "tech_3") else 2 if built(state, seat, "tech_2") else 1
    addon = player(state, seat)["buildings"]["addon"]
    if (addon is not None and addon["id"] == "heroes_hall" and addon["done"]) or registry.global_says(
        state, "grants:addon", seat, "heroes_hall"
    ):
        limit += 1
    return min(3, limit)


def minor_spell_tax(state: dict, seat: int, rec: dict) -> int:
    """1 gold when a coloured minor spell has no hero of its colour in play
    to cast it; 0 otherwise (neutral minor spells never pay it; nor any
    when the game's map grants ``play_without_hero`` to everyone: spells
    need no hero then, docs/RULINGS.md "Maps")."""
    if (
        rec.get("spell_kind") != "minor"
        or rec["color"] == "neutral"
        or registry.global_says(state, "grants:play_without_hero", seat, rec["id"])
    ):
        return 0
    colours = {
        catalog.card(state["cards"][i]["card"])["color"]
        for i in player(state, seat)["play"]
        if catalog.card(state["cards"][i]["card"])["kind"] == "hero"
    }
    return 0 if rec["color"] in colours else 1


def multicolour_tax(state: dict, seat: int) -> int:
    """1 gold on the first tech building or add-on of a player whose heroes
    have more than one colour, neutral aside; 0 otherwise."""
    p = player(state, seat)
    colours = {catalog.card(h)["color"] for h in p["heroes"]} - {"neutral"}
    return 1 if len(colours) > 1 and not p.get("colour_tax_paid") else 0


def build_candidates(state: dict, seat: int) -> list:
    """Every build action worth checking for ``seat`` (with the spec choices
    Tech II and the Tech Lab need in the 3-hero game)."""
    out = []
    specs = hero_specs(state, seat)
    for what in list(TECH_BUILDINGS) + list(addons(state)):
        if declares_spec(state) and what in ("tech_2", "tech_lab"):
            out.extend({"type": "build", "building": what, "spec": s} for s in specs)
            if what == "tech_lab":
                out.append({"type": "build", "building": what})
        else:
            out.append({"type": "build", "building": what})
    return out
