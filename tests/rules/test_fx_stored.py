"""Stored steps that keep fields of their own, declared (issue 28; the
verbs of game/codex/cards/fx/stored.py and fx/picks.py): the cards that
used hand-written steps keep the same step names and fields, so a match
stored in the middle of one of their questions resumes after a JSON round
trip, and the effects land as before.

- Again: Feral Strike (``left``, ``then_put``), Tyrannosaurus Rex
  (``chosen``: the picks so far, never offered again; a worker option).
- each_then: Calamandra Moss (the discarded cards, one log line, then the
  hero named by the step), Martial Mastery (discard, draw, then a question).
- Divide: Ember Sparks (``split``: the points given so far).
- MoveToSlot: Captain Zane (a target question, then the slot question
  keeping ``zane`` and ``target``), Grappling Hook (``card``).
"""

import json

import pytest

from game.codex import invariants, stats
from game.codex.cards.fx import Again
from game.codex.flow import OPS
from tests.rules.cards.green.common import ALL_TECH, CALAMANDRA, TROQ, calamandra, game, midori, workers
from tests.rules.cards.red.common import ZANE, zane
from tests.rules.helpers import (
    act,
    cards_in,
    choose,
    find,
    hand_ids,
    in_play,
    logged,
    play_card,
    prompt_options,
    scenario_game,
    use_ability,
)


def _stored(state):
    """The state as a stored match reads it back."""
    return json.loads(json.dumps(state))


def test_feral_strike_boosted_keeps_left_and_then_put_and_resumes_from_storage():
    s = game(
        {"gold": 8, "hand": ["feral_strike", "tiger_cub"], "buildings": ALL_TECH, "play": [calamandra(5)]},
        heroes=CALAMANDRA,
    )
    card = hand_ids(s, 0, "feral_strike")[0]
    s = act(s, 0, {"type": "play", "card": card, "targets": [], "boost": True})
    assert s["prompt"]["then"] == {"op": "feral_fetch", "seat": 0, "left": 1, "then_put": True}
    s = choose(_stored(s), 0, "huntress")
    assert s["prompt"]["then"] == {"op": "feral_fetch", "seat": 0, "left": 0, "then_put": True}
    s = choose(_stored(s), 0, "moss_ancient")  # the second and last fetch: then the putting
    assert s["prompt"]["then"] == {"op": "feral_put", "seat": 0, "left": 1}
    assert sorted(s["cards"][i]["card"] for i in prompt_options(s)) == ["huntress", "moss_ancient", "tiger_cub"]
    s = choose(_stored(s), 0, hand_ids(s, 0, "huntress")[0])
    s = choose(_stored(s), 0)  # none more
    assert s["prompt"] is None
    assert len(in_play(s, 0, "huntress")) == 1 and sorted(cards_in(s, 0, "hand")) == ["moss_ancient", "tiger_cub"]
    invariants.check_all(s)


def test_feral_strike_mode_question_keeps_its_step():
    s = game({"gold": 4, "hand": ["feral_strike"], "play": [calamandra(5)]}, heroes=CALAMANDRA)
    s = play_card(s, 0, "feral_strike")
    assert s["prompt"]["then"] == {"op": "feral_mode", "seat": 0} and prompt_options(s) == ["fetch", "put"]
    s = choose(_stored(s), 0, "fetch")
    assert s["prompt"]["then"] == {"op": "feral_fetch", "seat": 0, "left": 1, "then_put": False}
    s = choose(s, 0)  # no fetch, and no putting after it: unboosted
    assert s["prompt"] is None and cards_in(s, 0, "hand") == []


def test_tyrannosaurus_rex_gathers_its_picks_in_the_stored_step():
    s = game(
        {"gold": 10, "hand": ["tyrannosaurus_rex"], "buildings": ALL_TECH, "play": [midori()]},
        {"workers": 3, "play": [TROQ, {"card": "tiger_cub", "id": "cub"}, {"card": "rich_earth", "id": "re"}]},
    )
    s = play_card(s, 0, "tyrannosaurus_rex")
    assert s["prompt"]["then"] == {"op": "rex_destroy", "seat": 0, "left": 1, "chosen": []}
    cub = find(s, "cub")
    s = choose(_stored(s), 0, cub)
    assert in_play(s, 1, "tiger_cub") == [] and cards_in(s, 1, "discard") == ["tiger_cub"]
    assert s["prompt"]["then"] == {"op": "rex_destroy", "seat": 0, "left": 0, "chosen": [cub]}
    assert cub not in prompt_options(s)
    s = choose(_stored(s), 0, "workers:1")
    assert workers(s, 1) == 2 and s["prompt"] is None
    assert len(in_play(s, 1, "rich_earth")) == 1
    invariants.check_all(s)


def test_calamandra_discards_then_the_stored_hero_gets_stealth():
    s = game({"hand": ["tiger_cub", "young_treant", "huntress"], "play": [calamandra()]}, heroes=CALAMANDRA)
    cala = find(s, "cala")
    s = use_ability(s, 0, cala, 0)
    assert s["prompt"]["then"] == {"op": "calamandra_discard", "seat": 0, "hero": cala}
    s = choose(_stored(s), 0, *hand_ids(s, 0)[:2])
    assert sorted(cards_in(s, 0, "discard")) == ["tiger_cub", "young_treant"]
    assert logged(s, "discarded two cards.") and logged(s, "Calamandra Moss has stealth this turn.")
    assert not logged(s, "discarded Tiger Cub")  # the cost's cards are not named one by one
    assert stats.kw(s, cala, "stealth") == 1
    invariants.check_all(s)


def test_martial_mastery_discards_draws_then_asks_whose_hand():
    s = scenario_game(
        [
            {"hand": ["martial_mastery", "tenderfoot", "timely_messenger"], "deck": ["iron_man", "older_brother"],
             "gold": 5,
             "play": [{"card": "grave_stormborne", "id": "grave"}]},
            {"hand": ["spark"]},
        ],
        heroes=("grave_stormborne", "troq_bashar"),
    )  # fmt: skip
    s = play_card(s, 0, "martial_mastery")
    assert s["prompt"]["then"] == {"op": "martial_mastery", "seat": 0}
    s = choose(_stored(s), 0, hand_ids(s, 0, "tenderfoot")[0])
    assert sorted(cards_in(s, 0, "discard")) == ["martial_mastery", "tenderfoot"] and logged(s, "discarded Tenderfoot.")
    assert sorted(cards_in(s, 0, "hand")) == ["iron_man", "older_brother", "timely_messenger"]
    assert s["prompt"] is None  # one opponent: no question, the look is done at once
    assert logged(s, "Spark")  # player 0 saw the hand
    invariants.check_all(s)


def test_ember_sparks_keeps_the_split_in_its_stored_step():
    s = scenario_game(
        [
            {"hand": ["ember_sparks"], "gold": 5, "play": [{"card": "jaina_stormborne", "id": "jaina"}]},
            {"play": [TROQ, {"card": "iron_man", "id": "a", "patrol": "elite"},
                      {"card": "older_brother", "id": "b", "patrol": "scavenger"}]},
        ],
        heroes=("jaina_stormborne", "troq_bashar"),
    )  # fmt: skip
    a, b = find(s, "a"), find(s, "b")
    s = play_card(s, 0, "ember_sparks")
    then = s["prompt"]["then"]
    assert {k: then[k] for k in ("op", "seat", "slot", "left", "most", "title", "split")} == {
        "op": "divide", "seat": 0, "slot": "patroller_or_building", "left": 3, "most": 3,
        "title": "Ember Sparks", "split": {},
    }  # fmt: skip
    s = choose(_stored(s), 0, a)
    assert s["prompt"]["then"]["split"] == {a: 1} and s["prompt"]["then"]["left"] == 2
    s = choose(_stored(s), 0, b)
    s = choose(_stored(s), 0, b)
    assert s["prompt"] is None
    assert s["cards"][a]["damage"] == 1  # dealt together at the end: 1 here, 2 killed the Brother
    assert in_play(s, 1, "older_brother") == [] and cards_in(s, 1, "discard") == ["older_brother"]
    invariants.check_all(s)


def test_an_again_step_name_is_taken_once():
    assert "rex_destroy" in OPS
    with pytest.raises(ValueError, match="registered twice"):
        Again("rex_destroy", options=lambda *_: [], prompt="again", most=1)


def test_captain_zane_keeps_zane_and_target_through_both_questions():
    s = scenario_game(
        [
            {"gold": 1, "play": [zane(5)]},
            {"play": [{"card": "iron_man", "patrol": "squad_leader", "id": "iron"},
                      {"card": "tenderfoot", "patrol": "elite", "id": "tf"}]},
        ],
        heroes=ZANE,
    )  # fmt: skip
    hero, iron = find(s, "zane"), find(s, "iron")
    s = act(s, 0, {"type": "level_up", "hero": hero, "levels": 1})
    assert s["prompt"]["then"]["then"] == {"op": "zane_shove", "seat": 0, "zane": hero}  # (after the ◎ step)
    s = choose(_stored(s), 0, iron)
    assert s["prompt"]["then"] == {"op": "zane_shoved", "seat": 0, "zane": hero, "target": iron}
    assert prompt_options(s) == ["slot:1:scavenger", "slot:1:technician", "slot:1:lookout"]
    s = choose(_stored(s), 0, "slot:1:lookout")
    zone = s["players"][1]["patrol"]
    assert zone["lookout"] == iron and zone["squad_leader"] is None
    assert s["cards"][iron]["damage"] == 1 and logged(s, "Iron Man was shoved to the lookout slot.")
    invariants.check_all(s)


def test_grappling_hook_keeps_the_card_in_its_stored_step():
    s = scenario_game(
        [
            {"hand": ["grappling_hook"], "gold": 5, "play": [{"card": "grave_stormborne", "id": "grave"}]},
            {"play": [{"card": "iron_man", "patrol": "squad_leader", "id": "sl"}]},
        ],
        heroes=("grave_stormborne", "troq_bashar"),
    )
    sl = find(s, "sl")
    s = play_card(s, 0, "grappling_hook", [sl])
    assert s["prompt"]["then"] == {"op": "grappling_hook", "card": sl}
    assert s["prompt"]["text"] == "Grappling Hook: move Iron Man to which slot?"
    s = choose(_stored(s), 0, "technician")
    zone = s["players"][1]["patrol"]
    assert zone["technician"] == sl and zone["squad_leader"] is None
    assert logged(s, "Iron Man was pulled to the technician slot.")
    invariants.check_all(s)
