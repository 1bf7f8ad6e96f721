"""The card catalog: facts about every card, loaded once from data/cards.json.

The data file holds facts only (names, costs, ATK/HP, tech levels, keywords,
hero bands) imported from the reference data by ``tools/import_cards.py``, and
a short description of each card in our own words. Behaviour lives in
``game.codex.cards`` (card hooks) and the engine (keywords).
"""

import json
import os
import re
from contextlib import contextmanager
from copy import deepcopy
from functools import cache

from .cards import registry

_DATA = os.path.join(os.path.dirname(__file__), "data", "cards.json")

# Which cards each Starter-set spec brings, and each colour's starting deck.
# In the 1-hero game the codex is the hero's spec; the starting deck is the
# hero's colour (Deluxe rulebook, "Setup").


_loaded = {}  # card id -> record, filled on first use


def _cards() -> dict:
    if not _loaded:
        with open(_DATA, encoding="utf-8") as fh:
            _loaded.update((rec["id"], rec) for rec in json.load(fh))
    return _loaded


def card(card_id: str) -> dict:
    """Return the fact record of ``card_id`` (a dict; see data/cards.json).

    Raises KeyError when the id is unknown. Reads the loaded records in
    place once they are loaded (asked dozens of times a legal_actions call:
    issue 13).
    """
    try:
        return _loaded[card_id]
    except KeyError:
        return _cards()[card_id]


def exists(card_id: str) -> bool:
    """True when ``card_id`` names a card of the catalog."""
    return card_id in _cards()


def all_cards() -> list:
    """Every fact record, in file order (a list of dicts)."""
    return list(_cards().values())


# The facts a record added by :func:`extra_cards` takes when it doesn't give
# them: a tech 0 card of no deck or codex, with no keyword and no text.
RECORD_DEFAULTS = {
    "color": "neutral",
    "spec": None,
    "spell_kind": None,
    "ongoing": False,
    "legendary": False,
    "token": False,
    "starting_zone": None,
    "subtypes": [],
    "cost": 0,
    "tech": 0,
    "atk": None,
    "hp": None,
    "targets": False,
    "keywords": {},
    "ability_text": False,
    "text": "",
}


@contextmanager
def extra_cards(records: list):
    """Add the fact records ``records`` (dicts with at least ``id``,
    ``name`` and ``kind``; every other field of data/cards.json defaults to
    :data:`RECORD_DEFAULTS`) to the catalog while the ``with`` block runs:
    a test declares a card that is not in the data (tests/rules/
    test_new_cards.py, docs/ENGINE.md "Writing a new card"). On leaving, the
    records go, and so does any behaviour registered for their ids
    (``registry.REGISTRY``), so nothing outlives the block.

    Raises ValueError when an id is already in the catalog or a record
    lacks ``id``, ``name`` or ``kind``. Not for heroes, legendary cards or
    ongoing spells with channeling: the engine caches the catalog's lists
    of those (spec_name, state.legendary_names, checks._channeling_spells);
    and give one id the same facts each time (stats and view cache a card's
    printed facts by id).
    Source: house rule (issue 28: a new card needs no engine edit).
    """
    added = []
    try:
        for rec in records:
            missing = {"id", "name", "kind"} - rec.keys()
            if missing:
                raise ValueError(f"card record {rec} lacks {sorted(missing)}")
            if exists(rec["id"]):
                raise ValueError(f"card {rec['id']} is in the catalog already")
            _loaded[rec["id"]] = deepcopy({"id": rec["id"], **RECORD_DEFAULTS, **rec})
            added.append(rec["id"])
        yield added
    finally:
        for card_id in added:
            del _loaded[card_id]
            registry.REGISTRY.pop(card_id, None)


def heroes() -> list:
    """The ids of every hero in the catalog."""
    return [c["id"] for c in _cards().values() if c["kind"] == "hero"]


def starting_deck(color: str) -> list:
    """The 10 card ids of ``color``'s starting deck (one copy each)."""
    return [c["id"] for c in _cards().values() if c["starting_zone"] == "deck" and c["color"] == color]


@cache
def spec_name(spec: str) -> str:
    """A spec's name for players: "Fire (Jaina Stormborne)" for spec id
    "fire" (the hero who brings it), or the capitalised id when no hero has
    it. Cached: the facts never change while the engine runs (refusal
    messages name specs, and legal_actions meets many refusals)."""
    heroes = [c["name"] for c in _cards().values() if c["kind"] == "hero" and c["spec"] == spec]
    title = spec.replace("_", " ").capitalize()
    return f"{title} ({heroes[0]})" if heroes else title


def spec_cards(spec: str) -> list:
    """The 12 codex card ids of ``spec`` (a codex holds 2 copies of each)."""
    return [c["id"] for c in _cards().values() if c["starting_zone"] == "codex" and c["spec"] == spec]


def hero_band(hero_id: str, level: int) -> dict:
    """The band of ``hero_id`` that ``level`` falls in.

    Returns the band dict ``{"level", "atk", "hp", "keywords", "text"}``; the
    bands start at level 1, the mid level and the max level.
    """
    bands = card(hero_id)["bands"]
    current = bands[0]
    for band in bands:
        if level >= band["level"]:
            current = band
    return current


def _keywords_only(text: str, keywords: dict) -> bool:
    """True when ``text`` says nothing beyond ``keywords``: each sentence is a
    list of keyword names ("Resist 2, overpower."), optionally followed by a
    colon and a reminder of what the keyword does."""
    for sentence in re.split(r"\.\s*", text.strip()):
        if not sentence:
            continue
        for piece in sentence.split(":")[0].split(","):
            name = re.sub(r"[\s-]+", "_", re.sub(r"\s+\d+$", "", piece.strip().lower()))
            if name not in keywords:
                return False
    return True


# Kinds of record the engine itself plays, with no card behaviour: the base
# (effects.damage_building, outcome), the tech buildings and the add-ons
# (specs, actions.check_build, turns).
ENGINE_KINDS = ("base", "tech_building", "addon")


def works(card_id: str) -> bool:
    """True when the engine plays every part of ``card_id``: its behaviour is
    registered (``game.codex.cards.registry.REGISTRY``; a card whose effect
    is applied elsewhere, like Hotter Fire's, registers an empty card), it
    is a building the engine itself plays (ENGINE_KINDS), or all it does is its
    keywords (which the engine handles for every card). For a hero every
    band counts.

    Raises KeyError when the id is unknown.
    """
    rec = card(card_id)
    if card_id in registry.REGISTRY or rec["kind"] in ENGINE_KINDS:
        return True
    if rec["kind"] == "hero":
        return all(_keywords_only(b["text"], b["keywords"]) for b in rec["bands"])
    return _keywords_only(rec["text"], rec["keywords"])


def hero_playable(hero_id: str) -> bool:
    """True when ``hero_id`` is a hero that every mode may use: the hero, the
    12 cards of its spec and its colour's starting deck all :func:`works`
    (issue 6: "every hero and card works in every mode"). False for an
    unknown id or a card that is not a hero."""
    if not exists(hero_id) or card(hero_id)["kind"] != "hero":
        return False
    rec = card(hero_id)
    needed = [hero_id, *spec_cards(rec["spec"]), *starting_deck(rec["color"])]
    return all(works(c) for c in needed)


def playable_heroes() -> list:
    """The ids of the heroes a seat may pick (see :func:`hero_playable`), in
    catalog order: today the Starter set's Troq Bashar and River Montoya and
    the six red and green heroes."""
    return [h for h in heroes() if hero_playable(h)]
