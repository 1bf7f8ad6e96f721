"""How a card module declares its cards (issue 12; docs/ENGINE.md "Cards").

:func:`card` registers one card: its spell targets and effect, its
abilities and its answers to the engine's events and questions (names in
:mod:`game.codex.cards.registry`). Any handler may be a plain function or a
declarative effect of :mod:`game.codex.cards.fx`. Hero levels come from the
data (:func:`band_level`, :func:`reached`), never from the card code.
"""

from dataclasses import replace

from .. import catalog
from ..state import card_of
from .fx import Effect
from .registry import EVENTS, MECHANISMS, Ability, Card, key_name, register, register_global

# Events whose handler takes ``(state, iid, ...)`` about the card itself: an
# effect given for one of them runs as a trigger of that card.
_SELF_EVENTS = {
    "arrives",
    "boost_paid",
    "attacks",
    "dies",
    "leaves",
    "upkeep",
    "end_of_turn",
    "max_level",
}


def card(card_id: str, *, targets=(), resolve=None, abilities=None, **answers) -> Card:
    """Register card ``card_id`` (a catalog id) and return its :class:`Card`.

    - ``targets``: target slots chosen when the card (a spell) is played.
    - ``resolve``: the spell's effect, ``fn(state, seat, iid, targets)`` or
      an fx effect.
    - ``abilities``: a list of :class:`Ability` (always there) or
      ``fn(state, iid) -> [Ability]`` (e.g. :func:`by_band`).
    - ``answers``: ``name=handler`` for events and questions (see
      registry.NAMES); an fx effect may answer a card's own event
      (``arrives=Damage(3, target=UNIT)``). One name that names several
      events answers each: ``arrives_or_attacks=...``.
    - ``modifies``, ``restricts``, ``grants``: ``{key: handler}`` for the
      keys of the general mechanisms (registry.STATS, RESTRICTIONS,
      GRANTS): ``modifies={"hire_cost": fn}``.

    More handlers can be added with ``@card.on(name)``,
    ``@card.modifies(key)``, ``@card.restricts(key)``, ``@card.grants(key)``. Raises ValueError
    for an unknown name or a card registered twice.
    """
    return register(card_id, _declared(card_id, targets, resolve, abilities, answers))


def map_card(map_id: str, **answers) -> Card:
    """Register the global card ``map_id`` (a map of data/maps.json) and
    return its :class:`Card`: ``answers`` as :func:`card`'s, events and
    questions by name, the mechanisms' keys as ``modifies={key: fn}``, ...
    The game's map answers them beside the cards in play for every seat
    (registry.global_card; docs/ENGINE.md "Maps are global cards").
    Raises ValueError as :func:`card`."""
    return register_global(map_id, _declared(map_id, (), None, None, answers))


def _declared(card_id: str, targets, resolve, abilities, answers: dict) -> Card:
    # Each slot is copied with its spell's id: a thing may refuse some spells
    # (question shuns_spell: Nullcraft and Buff or Debuff spells).
    new = Card(targets=[replace(t, spell=card_id) for t in targets], resolve=_resolver(resolve))
    if abilities is not None:
        new._add("abilities", abilities if callable(abilities) else _fixed(list(abilities)))
    for key, fn in answers.items():
        if key in MECHANISMS:
            for stat, answer in fn.items():
                new._add(key_name(key, stat), _handler(key_name(key, stat), answer))
            continue
        for name in key.split("_or_") if "_or_" in key else [key]:
            new._add(name, _handler(name, fn))
    return new


def _resolver(fn):
    return fn.resolve if isinstance(fn, Effect) else fn


def _handler(name: str, fn):
    if isinstance(fn, Effect):
        if name not in _SELF_EVENTS:
            raise ValueError(f"an effect can't answer {name!r}; write a function")
        return fn.trigger
    return fn


def _fixed(abilities: list):
    def listed(state, iid):
        return abilities

    return listed


def ability(text: str, resolve, **kw) -> Ability:
    """An :class:`Ability` whose ``resolve`` may be an fx effect."""
    return Ability(text, _resolver(resolve), **kw)


def band_level(hero_id: str, band: str) -> int:
    """The level at which hero ``hero_id``'s ``band`` ("mid" or "max")
    begins, from data/cards.json. Raises KeyError for an unknown hero or
    band."""
    rec = catalog.card(hero_id)
    return {"base": rec["bands"][0]["level"], "mid": rec["mid_level"], "max": rec["max_level"]}[band]


def reached(state: dict, iid: str, band: str) -> bool:
    """True when hero ``iid`` (in play) is at its ``band`` ("mid", "max")
    or above; for a level remembered from earlier (a killer's record) use
    :func:`band_level`."""
    inst = card_of(state, iid)
    return inst["level"] >= band_level(inst["card"], band)


def by_band(**bands):
    """An ``abilities`` answer for a hero: ``by_band(mid=[...], max=[...])``
    (also ``base``) gives the abilities of every band the hero has reached,
    lowest band first (a hero has those of its band and the bands below)."""
    order = [b for b in ("base", "mid", "max") if b in bands]

    def abilities(state, iid):
        out = []
        for band in order:
            if reached(state, iid, band):
                out.extend(bands[band])
        return out

    return abilities


__all__ = ["EVENTS", "Ability", "ability", "band_level", "by_band", "card", "reached"]
