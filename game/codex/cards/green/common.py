"""What the green modules share: small tests (green unit, +1/+1 rune,
spec hero in play) and effects two green cards have in common."""

from .. import kit

NONE = (0, 0, {})


def controller(state, iid):
    return kit.card_of(state, iid)["controller"]


def units_of(state, seat):
    return [i for i in kit.player(state, seat)["play"] if kit.stats.is_unit(state, i)]


def is_green_unit(state, iid):
    return kit.stats.is_unit(state, iid) and kit.catalog.card(kit.card_of(state, iid)["card"])["color"] == "green"


def other_unit(iid):
    """A target filter: a unit other than ``iid``."""
    return lambda state, seat, tid: tid != iid


def has_plus_rune(state, iid):
    return kit.card_of(state, iid)["plus"] > 0


def spec_hero_in_play(state, seat, spec):
    return any(
        kit.stats.is_hero(state, i) and kit.catalog.card(kit.card_of(state, i)["card"])["spec"] == spec
        for i in kit.player(state, seat)["play"]
    )


def cannot_attack(state, iid):
    """Young Treant and Gemscout Owl can't attack (they may still patrol)."""
    return False


def panda_arrives(state, iid):
    """Playful Panda and Giant Panda arrive exhausted, bringing a 0/1 Wisp
    token."""
    kit.exhaust(state, iid)
    kit.make_token(state, "wisp", controller(state, iid))


def move_plus_rune(state, seat, iid, targets):
    """Spore Shambler and Blooming Ancient: remove one of its own +1/+1
    runes (the cost, never another card's; it may die of it: Spore Shambler
    rulings), then a +1/+1 rune on another unit (◎)."""
    kit.remove_plus_rune(state, iid)
    for tid in targets:
        if kit.standing(state, tid):  # not an Illusion that died when targeted
            kit.add_rune(state, tid, plus=1)
            kit.log(state, f"{kit.name(state, tid)} got a +1/+1 rune.", cards=[tid])


def attack_and_armor(amount: int):
    """The resolve hook of a spell giving its target +``amount`` ATK and
    +``amount`` armor this turn; armor left over goes at the end of the turn
    (Rampant Growth ruling). Rampant Growth: 2; Dinosize: 6."""

    def resolve(state, seat, iid, targets):
        if not kit.standing(state, targets[0]):
            return  # an Illusion that died when targeted (Illusion ruling)
        kit.until_end_of_turn(state, targets[0], atk=amount, kw={"armor": amount})
        kit.log(
            state, f"{kit.name(state, targets[0])} has +{amount} ATK and +{amount} armor this turn.", cards=[targets[0]]
        )

    return resolve


def past_tech_0(state, iid, patroller):
    """Tiny Basilisk and Predator Tiger may ignore tech 0 patrollers."""
    return kit.stats.tech_level(state, patroller) == 0
