"""What the red modules share: red damage with Hotter Fire counted
(:func:`burn`, :func:`hit`), stealing gold, the bases of the opponents, and
the queued question steps (``red_target``, ``red_ask``, ``red_damage``):
triggers that must ask something while the engine is busy (a card
arriving, attacking, dying, a hero reaching max level) queue a step
instead of asking at once, so two triggers of one moment never open two
prompts over each other; each step asks in its turn."""

from .. import kit

NONE = (0, 0, {})


def controller(state, iid):
    return kit.card_of(state, iid)["controller"]


def patroller_or_building(state, seat, tid):
    return kit.is_building(state, tid) or kit.patroller(state, seat, tid)


def own_turn(state, seat):
    """True during the turn of ``seat``'s team ("on your turn")."""
    return kit.team_of(state, seat) == kit.team_of(state, state["active"])


def opposing_bases(state, seat):
    """One base id per opposing team (Two-Headed Dragon: one shared base,
    Captured Bugblatter and Drakk Ramhorn rulings)."""
    return sorted({kit.base_id(state, p["seat"]) for p in state["players"] if kit.is_opponent(state, seat, p["seat"])})


def burn(state, seat, amount):
    """Damage of a red spell or of a red card's ability, dealt for ``seat``:
    +1 for each Hotter Fire ``seat`` controls (Hotter Fire rulings: every
    red spell and red card ability that deals damage, your own base too,
    and they stack; combat damage never)."""
    fires = sum(1 for i in kit.player(state, seat)["play"] if kit.card_of(state, i)["card"] == "hotter_fire")
    return amount + fires if amount > 0 else amount


def hit(state, seat, target, amount, source=None, *, by):
    """Deal red damage ``amount`` (plus Hotter Fire) to ``target``;
    ``source`` is the card in play dealing it (so its kills count), ``by``
    names what deals it for the log (effects.damage_building). A target no
    longer standing takes nothing: gone, or an Illusion doomed by being ◎
    (Illusion ruling; Firehouse ruling: it took no damage)."""
    if not kit.standing(state, target):
        return
    if source is not None and not kit.thing_exists(state, source):
        source = None
    kit.damage_target(state, target, burn(state, seat, amount), by=by, source=source)


# Target slots, by name, for the steps a trigger queues (steps are plain data).
SLOTS = {
    "unit": kit.Target(("unit",)),
    "patroller": kit.Target(kit.CHARACTER, kit.patroller),
    "patroller_or_building": kit.Target(kit.ANYTHING, patroller_or_building),
    "tech01_unit": kit.Target(("unit",), kit.tech_at_most(1)),
    "opposing_base": kit.Target(("base",), lambda s, seat, t: kit.is_opponent(s, seat, kit.controller_of(s, t))),
    "anything": kit.Target(kit.ANYTHING),
}


def later_target(state, seat, slot, text, then):
    """Queue a step that asks ``seat`` for a target of ``SLOTS[slot]`` (see
    the module docstring), then runs ``then`` with the choice."""
    kit.push(state, {"op": "red_target", "seat": seat, "slot": slot, "text": text, "then": then})


kit.target_stored("red_target", SLOTS)
kit.ask_stored("red_ask")  # (``optional``: "you may")


# The chosen target takes red damage ``amount`` (Hotter Fire counted now)
# from ``source``, when that is still in play; ``by`` names it (a step
# stored before it was recorded has none).
kit.each("red_damage", kit.Call(hit, kit.field("amount"), kit.field("source", None), by=kit.field("by", None)))


def attacks_building(state, target):
    return target is not None and kit.thing_exists(state, target) and kit.is_building(state, target)


def never_patrols(state, iid):
    """Makeshift Rambaster, Land Octopus: "can't patrol"."""
    return False
