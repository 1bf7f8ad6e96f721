"""Shared builders for the rules scenario tests (tests/rules/).

Several engineers use this module: add new helpers by appending functions,
never change the behaviour of an existing one.

- ``scenario_game(seats=[...], active=0, turn=3, heroes=(...), seed=1)``:
  a game built through the engine's scenario API (game/codex/setup.py,
  docs/ENGINE.md "Scenarios"), starting in ``active``'s main phase.
- ``new_normal_game(seed=1, heroes=(...))``: a game set up the normal way.
- ``find(state, tag)``: the instance id of the in-play card tagged ``tag``.
- ``act(state, seat, action)``: apply an action, return the new state.
- ``in_play(state, seat, card_id)``: instance ids of ``card_id`` that ``seat``
  controls in play.
- ``frozen(state)`` / ``assert_refused(state, seat, action, code)``: an
  illegal action raises RulesError with ``code`` and leaves the state as it
  was (compared through json.dumps).
"""

import json
import random

import pytest

from game.codex import catalog, stats
from game.rules import RulesError, apply_action, apply_action_in_place, legal_actions, new_game

DEFAULT_HEROES = ("troq_bashar", "river_montoya")


def random_config(mode, seats, per_seat, seed):
    """A Codex config of ``mode`` with ``seats`` seats of ``per_seat``
    heroes each, drawn from the playable heroes by ``seed``."""
    picker = random.Random(seed)
    heroes = catalog.playable_heroes()
    return {
        "mode": mode,
        "seed": seed,
        "seats": [{"name": f"P{i}", "heroes": picker.sample(heroes, per_seat)} for i in range(seats)],
    }


def scenario_game(seats=None, active=0, turn=3, heroes=DEFAULT_HEROES, seed=1, **extra):
    """Build a game from a scenario.

    ``seats``: a list of per-seat scenario dicts (see setup.py
    ``_apply_scenario``); missing seats get ``{}``. Extra keyword arguments
    go into the scenario dict. Returns the state.
    """
    seats = list(seats or [])
    while len(seats) < len(heroes):
        seats.append({})
    scenario = {"turn": turn, "active": active, "seats": seats}
    scenario.update(extra)
    config = {
        "mode": "1hero",
        "seed": seed,
        "seats": [{"name": f"P{i}", "hero": h} for i, h in enumerate(heroes)],
        "scenario": scenario,
    }
    return new_game(config)


def new_normal_game(seed=1, heroes=DEFAULT_HEROES):
    """A game set up by the rulebook (no scenario); seat 0 begins."""
    return new_game(
        {"mode": "1hero", "seed": seed, "seats": [{"name": f"P{i}", "hero": h} for i, h in enumerate(heroes)]}
    )


def find(state, tag):
    """The instance id of the card whose scenario tag (``"id"``) is ``tag``."""
    return next(i for i, c in state["cards"].items() if c["marks"].get("tag") == tag)


def act(state, seat, action):
    """Apply ``action`` for ``seat``; return the new state (events dropped)."""
    new, _events = apply_action(state, seat, action)
    return new


def act_events(state, seat, action):
    """Apply ``action`` for ``seat``; return ``(new_state, events)``."""
    return apply_action(state, seat, action)


def in_play(state, seat, card_id):
    """Instance ids of ``card_id`` that ``seat`` controls in play."""
    return [i for i in state["players"][seat]["play"] if state["cards"][i]["card"] == card_id]


def frozen(state):
    """A canonical JSON string of ``state`` for before/after comparisons."""
    return json.dumps(state, sort_keys=True)


def assert_refused(state, seat, action, code):
    """Assert ``action`` raises RulesError ``code`` and changes nothing, by
    apply_action and by apply_action_in_place (the key order included).

    Returns the RulesError for further checks.
    """
    before = frozen(state)
    exact = json.dumps(state)
    with pytest.raises(RulesError) as info:
        apply_action(state, seat, action)
    assert info.value.code == code, info.value
    assert frozen(state) == before
    with pytest.raises(RulesError) as again:
        apply_action_in_place(state, seat, action)
    assert again.value.code == code, again.value
    assert json.dumps(state) == exact
    return info.value


def hand_ids(state, seat, card_id=None):
    """Instance ids in ``seat``'s hand (only ``card_id`` copies if given)."""
    return [i for i in state["players"][seat]["hand"] if card_id is None or state["cards"][i]["card"] == card_id]


def hero_id(state, seat):
    """The instance id of ``seat``'s (first) hero, wherever it is."""
    hero = state["players"][seat]["heroes"][0]
    return next(i for i, c in state["cards"].items() if c["card"] == hero and c["owner"] == seat)


def base_damage(state, seat):
    """Damage on ``seat``'s base."""
    return state["teams"][state["players"][seat]["team"]]["damage"]


def choose(state, seat, *options):
    """Answer the open prompt with ``options``; return the new state."""
    return act(state, seat, {"type": "choose", "choice": list(options)})


def end_turn(state, seat):
    """End ``seat``'s main phase and, if the next seat is waiting on
    ``seat``'s owed tech, tech the first legal choice. Returns the state."""
    state = act(state, seat, {"type": "end_main"})
    if state["status"] == "playing" and state["players"][seat]["tech_owed"]:
        techs = [a for a in legal_actions(state, seat) if a["type"] == "tech"]
        state = act(state, seat, techs[0])
    return state


def play_card(state, seat, card_id, targets=()):
    """Play the first copy of ``card_id`` in ``seat``'s hand with
    ``targets``; return the new state."""
    card = hand_ids(state, seat, card_id)[0]
    return act(state, seat, {"type": "play", "card": card, "targets": list(targets)})


def use_ability(state, seat, card, index=0, targets=()):
    """Use activated ability ``index`` of in-play ``card``; return the state."""
    return act(state, seat, {"type": "ability", "card": card, "ability": index, "targets": list(targets)})


def attack(state, seat, attacker, target):
    """``attacker`` (of ``seat``) attacks ``target``; return the new state."""
    return act(state, seat, {"type": "attack", "attacker": attacker, "target": target})


def atk_hp(state, iid):
    """``(ATK, HP)`` of ``iid`` now, from game.codex.stats (HP before damage)."""
    from game.codex import stats

    return stats.atk(state, iid), stats.hp(state, iid)


def prompt_options(state):
    """The options of the open prompt (an empty list when none is open)."""
    return list(state["prompt"]["options"]) if state["prompt"] else []


def legal_of(state, seat, kind, **match):
    """The legal actions of ``seat`` of type ``kind`` whose fields equal
    ``match`` (e.g. ``card=iid``)."""
    return [a for a in legal_actions(state, seat) if a["type"] == kind and all(a.get(k) == v for k, v in match.items())]


def logged(state, text):
    """True when a line of the game log kept in ``state`` contains ``text``."""
    return any(text in e["text"] for e in state["log"])


@pytest.fixture
def card_hooks():
    """A fixture: ``card_hooks(card_id, Hooks(...))`` registers test-only
    hooks on a catalog card that has none (game.codex.cards.register); they
    are removed again after the test (tests/rules/conftest.py makes it
    available to every rules test)."""
    from game.codex.cards import REGISTRY, register

    added = []

    def add(card_id, hooks):
        assert card_id not in REGISTRY, f"{card_id} already has hooks"
        register(card_id, hooks)
        added.append(card_id)

    yield add
    for card_id in added:
        REGISTRY.pop(card_id, None)


def one(state, seat, card_id):
    """The single in-play copy of ``card_id`` that ``seat`` controls."""
    ids = in_play(state, seat, card_id)
    assert len(ids) == 1, ids
    return ids[0]


def cards_in(state, seat, zone):
    """Catalog ids of the cards in ``seat``'s ``zone``, sorted."""
    return sorted(state["cards"][i]["card"] for i in state["players"][seat][zone])


def gone(state, tag):
    """True when no card tagged ``tag`` (scenario ``"id"``) exists any more."""
    return not any(c["marks"].get("tag") == tag for c in state["cards"].values())


def dmg(state, tag):
    """The damage on the card tagged ``tag``."""
    return state["cards"][find(state, tag)]["damage"]


def attack_tagged(state, attacker_tag, target):
    """The active seat attacks with the card tagged ``attacker_tag``;
    ``target`` is a tag, or a base/building id ("base:1", "bld:...")."""
    if not target.startswith(("base:", "bld:")):
        target = find(state, target)
    return act(state, state["active"], {"type": "attack", "attacker": find(state, attacker_tag), "target": target})


ALL_TECH = {"tech_1": True, "tech_2": True, "tech_3": True}  # a seat's ``buildings`` with every tech building


def hero_scenario(hero, heroes, seat0=None, seat1=None, **kw):
    """A two-seat scenario_game (``heroes``: the seats' heroes, ``kw`` as
    scenario_game's) whose seat 0 has ``hero`` in play (a scenario card
    entry, ``{"card", "id", "level"...}``; None: no hero in play) before
    the cards ``seat0`` puts in play. Returns the state."""
    seat0 = dict(seat0 or {})
    seat0["play"] = ([hero] if hero else []) + list(seat0.get("play", []))
    return scenario_game([seat0, seat1 or {}], heroes=heroes, **kw)


def keywords_of(state, tag):
    """The keywords of the card tagged ``tag`` now: ``{keyword: amount}``
    (game.codex.stats, every effect counted)."""
    return stats.compute(state, find(state, tag))["kw"]


def attack_targets(state, tag):
    """What the active seat's card tagged ``tag`` may attack now: the
    ``target`` of each of its legal attacks, as a set."""
    return {a["target"] for a in legal_of(state, state["active"], "attack", attacker=find(state, tag))}
