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
from game.codex.bots import RandomBot, play_game
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
