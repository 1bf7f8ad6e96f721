"""The three general mechanisms of the card registry (issue 28, "effects as
declarations"): a card *modifies* a stat, *restricts* an action or *grants*
a status through a key of ``registry.STATS``, ``RESTRICTIONS`` or
``GRANTS``, indexed by ``"mechanism:key"``; docs/ENGINE.md
"Cards" and "Writing a new card".
"""

import pytest

from game.codex import catalog, invariants
from game.codex.cards import REGISTRY, Hooks, registry
from game.codex.cards.api import card
from game.codex.cards.fx import Damage
from game.rules import view
from tests.rules.helpers import act, hand_ids, scenario_game

GUILD = {"id": "test_guild", "name": "Test Guild", "color": "neutral", "kind": "building", "cost": 2,
         "hp": 4, "ability_text": True, "text": "Hiring a worker costs you 1 gold less."}  # fmt: skip


def _guild_discount(state, src, seat, cost):
    """Test Guild: hiring costs its controller (the seat asked: hire_cost
    folds over the hiring seat's cards) 1 gold less, never below 0."""
    return max(0, cost - 1)


@pytest.fixture
def guild():
    """Test Guild exists for one test, declared through ``modifies``."""
    with catalog.extra_cards([GUILD]):
        card("test_guild", modifies={"hire_cost": _guild_discount})
        yield
    assert "test_guild" not in REGISTRY


def test_every_key_names_its_mechanism_and_is_documented():
    assert set(registry.MECHANISMS) == {"modifies", "restricts", "grants"}
    for name, sig in registry.KEYS.items():
        mech, key = name.split(":")
        assert key in registry.MECHANISMS[mech] and sig.strip() and name == registry.key_name(mech, key)
        assert name in registry.NAMES and registry.answering(name) is not None
    # The mechanisms replaced the one-card questions: none of them is left.
    assert not {"cost_mod", "prevent_damage", "forbids_target", "stealth_toward", "jails"} & set(registry.NAMES)


def test_a_card_answers_a_key_through_its_mechanism_and_the_index_follows():
    c = registry.Card()
    fn = c.restricts("target")(lambda state, src, seat, tid: True)
    c.grants("stealth")(lambda state, iid, target: True)
    assert c.handlers["restricts:target"] is fn
    REGISTRY["test_mech"] = c
    try:
        assert registry.handler("restricts:target", "test_mech") is fn
        assert "test_mech" in registry.answering("grants:stealth")
    finally:
        del REGISTRY["test_mech"]
    assert "test_mech" not in registry.answering("restricts:target")


def test_an_unknown_key_or_a_key_answered_twice_is_refused():
    with pytest.raises(ValueError, match="no event or question"):
        registry.Card().modifies("charisma")(lambda *a: 0)
    with pytest.raises(ValueError, match="no event or question"):
        Hooks(grants={"wings": lambda *a: True})
    c = registry.Card()
    c.modifies("hire_cost")(lambda state, src, seat, cost: cost)
    with pytest.raises(ValueError, match="answered twice"):
        c.modifies("hire_cost")(lambda state, src, seat, cost: cost)
    with pytest.raises(ValueError, match="can't answer"):
        card("test_nothing", modifies={"cost": Damage(1)})
    assert "test_nothing" not in REGISTRY


def test_a_new_card_modifies_the_hire_cost_of_its_controller(guild):
    seats = [{"play": [{"card": "test_guild", "id": "guild"}], "hand": ["iron_man", "spark"], "gold": 3}, {}]
    s = scenario_game(seats)
    assert view(s, 0)["players"][0]["hire_cost"] == 0
    assert view(scenario_game(seats, active=1), 1)["players"][1]["hire_cost"] == 1  # only its controller's
    s = act(s, 0, {"type": "hire", "card": hand_ids(s, 0, "iron_man")[0]})
    assert s["players"][0]["gold"] == 3 and len(s["players"][0]["workers"]) == 1
    invariants.check_all(s)
