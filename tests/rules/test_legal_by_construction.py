"""legal_actions lists some moves of a seat's own cards without asking
their whole check (issue 13): a unit's or hero's attack without the
control and kind tests, a patrol move into another slot as
targeting.patrol_refusal alone (Fury Road apart), leaving a slot without
any check, an ability without finding the card again. Along random games
(with and without Fury Road, in a free-for-all too), the attack, patrol
and untargeted ability moves it lists are exactly those of every
candidate that the full check (engine.is_legal) accepts."""

import pytest

from game.codex.actions import abilities_of
from game.codex.actions.base import target_combos
from game.codex.bots import RandomBot, play_game
from game.codex.cards import registry
from game.codex.engine import is_legal, legal_actions
from game.codex.state import PATROL_SLOTS
from game.codex.targeting import all_things
from tests.rules.test_properties import config, config_ffa

MAX_ACTIONS = 250


def _candidates(state: dict, seat: int) -> list:
    """Every attack, patrol and untargeted ability of ``seat``'s cards in
    play and forecasted, whether legal or not."""
    p = state["players"][seat]
    out = []
    for iid in p["play"]:
        out += [
            {"type": "ability", "card": iid, "ability": i, "targets": []}
            for i, ability in enumerate(abilities_of(state, iid))
            if not ability.targets
        ]
        out += [{"type": "attack", "attacker": iid, "target": t} for t in all_things(state)]
        out += [{"type": "patrol", "card": iid, "slot": slot} for slot in PATROL_SLOTS + (None,)]
    for iid in p["future"]:
        out += [
            {"type": "ability", "card": iid, "ability": i, "targets": []}
            for i, ability in enumerate(abilities_of(state, iid))
            if not ability.targets
        ]
    return out


def _listed(state: dict, seat: int) -> list:
    return [
        a
        for a in legal_actions(state, seat)
        if a["type"] in ("attack", "patrol")
        or (a["type"] == "ability" and not a["targets"] and not abilities_of(state, a["card"])[a["ability"]].targets)
    ]


def _key(action: dict) -> tuple:
    return tuple(sorted((k, repr(v)) for k, v in action.items()))


@pytest.mark.parametrize(
    "game", [config(4), dict(config(9), map="fury_road"), config_ffa(3, 6)], ids=["1hero", "1hero-fury-road", "ffa3"]
)
def test_own_card_moves_listed_are_those_the_checks_accept(game):
    seen = []

    def compare(state, seat, action):
        for s in range(len(state["players"])):
            accepted = [a for a in _candidates(state, s) if is_legal(state, s, a)]
            listed = _listed(state, s)
            assert sorted(map(_key, listed)) == sorted(map(_key, accepted)), (len(seen), s)
            seen.append(len(listed))

    bots = [RandomBot(seed=i) for i in range(len(game["seats"]))]
    play_game(game, bots, max_actions=MAX_ACTIONS, on_action=compare)
    assert sum(seen) > 100  # the games had attacks and patrol moves to compare


def _targeted_and_lend_candidates(state: dict, seat: int) -> list:
    """Every play of a hand card and every ability with target slots (each
    combination of its slots' candidates, with and without boost), and
    every lend of each card in play to each seat's each patrol slot, legal
    or not."""
    p = state["players"][seat]
    out = []
    for iid in p["hand"]:
        slots = registry.card_of_id(state["cards"][iid]["card"]).targets
        for targets in target_combos(state, seat, slots) if slots else ():
            out += [{"type": "play", "card": iid, "targets": targets}]
            out += [{"type": "play", "card": iid, "targets": targets, "boost": True}]
    for iid in p["play"] + p["future"]:
        for i, ability in enumerate(abilities_of(state, iid)):
            if ability.targets:
                out += [
                    {"type": "ability", "card": iid, "ability": i, "targets": t}
                    for t in target_combos(state, seat, ability.targets)
                ]
        out += [
            {"type": "lend", "card": iid, "to": q["seat"], "slot": slot}
            for q in state["players"]
            for slot in PATROL_SLOTS
        ]
    return out


def _listed_targeted_and_lends(state: dict, seat: int) -> list:
    return [
        a
        for a in legal_actions(state, seat)
        if a["type"] == "lend"
        or (a["type"] == "ability" and abilities_of(state, a["card"])[a["ability"]].targets)
        or (a["type"] == "play" and registry.card_of_id(state["cards"][a["card"]]["card"]).targets)
    ]


@pytest.mark.parametrize("game", [config(5), config_ffa(4, 7), config_ffa(5, 3)], ids=["1hero", "ffa4", "ffa5"])
def test_targeted_moves_and_lends_listed_are_those_the_checks_accept(game):
    """A targeted play or ability is listed from per-candidate facts (its
    resist and flagbearer duty, actions.base.targets_pass), a lend from
    lend_problem's parts asked once each (issue 28): along random games
    they are exactly the candidates the full check accepts."""
    seen = []

    def compare(state, seat, action):
        for s in range(len(state["players"])):
            accepted = [a for a in _targeted_and_lend_candidates(state, s) if is_legal(state, s, a)]
            listed = _listed_targeted_and_lends(state, s)
            assert sorted(map(_key, listed)) == sorted(map(_key, accepted)), (len(seen), s)
            seen.append(len(listed))

    bots = [RandomBot(seed=i) for i in range(len(game["seats"]))]
    play_game(game, bots, max_actions=MAX_ACTIONS, on_action=compare)
    assert sum(seen) > 20  # the games had targeted moves or lends to compare
