"""Card behaviour: each card with an ability registers a small set of hooks.

Facts (cost, ATK/HP, keywords) come from the catalog; keywords are handled
by the engine once for all cards. A card module only says what is special
about its card, through :class:`Hooks`.
"""
from dataclasses import dataclass, field
from typing import Callable, Optional


@dataclass
class Target:
    """One target slot of a spell or ability (the ◎ icon when ``icon``).

    ``kinds``: which things qualify: any of "unit", "hero", "building",
    "base". ``filter(state, seat, tid) -> bool`` narrows it further (e.g.
    "tech 0 or I", "patroller", "friendly"). ``icon`` False means the effect
    picks without targeting (resist, untargetable and flagbearer don't apply).
    """
    kinds: tuple
    filter: Optional[Callable] = None
    icon: bool = True
    prompt: str = "Choose a target."


@dataclass
class Ability:
    """An activated ability: a cost, target slots and what it does.

    ``exhaust``: the cost includes exhausting the card (arrival fatigue
    applies, house rule R5); ``gold``: gold cost; ``sacrifice``: the card is
    sacrificed as the cost. ``resolve(state, seat, iid, targets)`` does the
    effect. ``available(state, iid)`` says whether it can be used now (a
    cost beyond gold and exhausting that can't be paid, e.g. no card to
    discard: the action is refused with ``bad_ability``).
    """
    text: str
    resolve: Callable
    targets: list = field(default_factory=list)
    exhaust: bool = False
    gold: int = 0
    sacrifice: bool = False
    available: Optional[Callable] = None


@dataclass
class Hooks:
    """What a card does beyond its facts. Every field is optional.

    - ``targets``: target slots chosen when the card (a spell) is played.
    - ``resolve(state, seat, iid, targets)``: a spell's effect.
    - ``arrives(state, iid)``, ``attacks(state, iid, ctx)``, ``dies(state,
      iid)``, ``leaves(state, iid)``, ``upkeep(state, iid)``,
      ``end_of_turn(state, iid)``, ``max_level(state, iid)``: triggers.
    - ``aura(state, src, iid) -> (atk, hp, keywords)``: a static modifier that
      in-play card ``src`` gives ``iid`` (its controller's things, itself
      included).
    - ``cost_mod(state, src, seat, card_id) -> int``: change to the gold cost
      of ``card_id`` for ``seat`` while ``src`` is in play under ``seat``.
    - ``abilities(state, iid) -> list[Ability]``: activated abilities.
    - ``granted_abilities(state, src, iid) -> list[Ability]``: abilities
      ``src`` gives another of its controller's cards.
    - ``spell_played(state, src, spell_iid)``: "whenever you play a spell".
    - ``must_sacrifice(state, iid) -> bool``: a state-based sacrifice.
    - ``can_attack(state, iid) -> bool``: False forbids attacking.
    - ``aura_all(state, src, iid) -> (atk, hp, keywords)``: like ``aura``,
      but for every thing in play whoever controls it (attachments, runes
      that an in-play card gives meaning to, e.g. Fairie Dragon's feathers).
    - ``other_arrives(state, src, iid)``: another card of ``src``'s
      controller arrived (played, put into play, a token made).
    - ``any_attacks(state, src, attacker, ctx)``: any attack was declared
      (after the attacker's own ``attacks``); ``src`` is any card in play.
    - ``attacker_dealt(state, src, attacker, dealt)``: an attacker of
      ``src``'s controller dealt combat damage in one damage step; ``dealt``
      is a list of ``(target id, amount)`` with amount > 0 (armor included).
    - ``exhausted(state, iid)``: the card itself was just exhausted.
    - ``unstoppable_by(state, iid, patroller) -> bool``: True lets ``iid``
      ignore that patroller when it attacks.
    - ``attackable_by(state, iid, attacker) -> bool``: False forbids
      ``attacker`` from attacking ``iid``.
    - ``stealth_toward(state, iid, target) -> bool``: ``iid`` has stealth
      while attacking ``target``.
    - ``own_cost(state, seat, cost) -> int``: change to the gold cost of
      this card itself while ``seat`` plays it from hand.
    - ``hire_cost(state, src, seat, cost) -> int``: change to the gold cost
      of hiring a worker for ``seat`` while ``src`` is in play under it.
    - ``spell_license(state, src, seat, card_id) -> bool``: True lets
      ``seat`` play spell ``card_id`` without the hero it needs.
    - ``can_patrol(state, iid) -> bool``: False keeps the card out of the
      patrol zone ("can't patrol": Makeshift Rambaster, Land Octopus).
    - ``attack_bonus(state, iid, target) -> int``: extra ATK while ``iid``
      attacks ``target`` ("+4 ATK when attacking buildings": Steam Tank);
      counted in its combat damage only.
    - ``after_attack(state, iid, ctx)``: the attack's combat is over and
      ``iid`` is still in play ("if this survives": Ogre Recruiter).
    - ``kills(state, killer, victim, slot)``: damage from this card killed
      unit or hero ``victim`` (``slot``: the patrol slot it died in, or
      None). ``killer`` is ``{"iid", "card", "seat", "level"}`` as it was
      when the damage was dealt, so it counts even if both died together
      (Captain Zane, Gunpoint Taxman).
    - ``unit_dies(state, src, dead)``: any unit in play died ("whenever a
      unit dies"); ``src`` is any card in play, ``dead`` itself included,
      and every card sees every death of one simultaneous batch (Captured
      Bugblatter, Bloodburn).
    - ``tech_waiver(state, src, seat, card_id) -> bool``: True lets ``seat``
      play ``card_id`` without the tech building it needs (Pirate-Gang
      Commander).
    """
    targets: list = field(default_factory=list)
    resolve: Optional[Callable] = None
    arrives: Optional[Callable] = None
    attacks: Optional[Callable] = None
    dies: Optional[Callable] = None
    leaves: Optional[Callable] = None
    upkeep: Optional[Callable] = None
    end_of_turn: Optional[Callable] = None
    max_level: Optional[Callable] = None
    aura: Optional[Callable] = None
    cost_mod: Optional[Callable] = None
    abilities: Optional[Callable] = None
    granted_abilities: Optional[Callable] = None
    spell_played: Optional[Callable] = None
    must_sacrifice: Optional[Callable] = None
    can_attack: Optional[Callable] = None
    aura_all: Optional[Callable] = None
    other_arrives: Optional[Callable] = None
    any_attacks: Optional[Callable] = None
    attacker_dealt: Optional[Callable] = None
    exhausted: Optional[Callable] = None
    unstoppable_by: Optional[Callable] = None
    attackable_by: Optional[Callable] = None
    stealth_toward: Optional[Callable] = None
    own_cost: Optional[Callable] = None
    hire_cost: Optional[Callable] = None
    spell_license: Optional[Callable] = None
    can_patrol: Optional[Callable] = None
    attack_bonus: Optional[Callable] = None
    after_attack: Optional[Callable] = None
    kills: Optional[Callable] = None
    unit_dies: Optional[Callable] = None
    tech_waiver: Optional[Callable] = None


REGISTRY: dict = {}
_NONE = Hooks()


def register(card_id: str, hooks: Hooks) -> None:
    """Register ``hooks`` for ``card_id`` (a catalog id); once per card."""
    if card_id in REGISTRY:
        raise ValueError(f"hooks for {card_id} registered twice")
    REGISTRY[card_id] = hooks


def hooks_for(card_id: str) -> Hooks:
    """The hooks of ``card_id``, or empty hooks for a card with none."""
    return REGISTRY.get(card_id, _NONE)


from . import starter  # noqa: E402,F401  (registers the Starter set's cards)
from . import green  # noqa: E402,F401  (registers the green cards)
from . import red  # noqa: E402,F401  (registers the red cards)
