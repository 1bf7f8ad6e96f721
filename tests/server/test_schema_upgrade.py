"""A match stored by the engine of Codex state schema 1 keeps playing
(issue 28: "a schema version and a migration for stored matches"): the
services upgrade its snapshot when they load it, and the data migration
0012 upgrades the stored rows (game/codex/schema.py)."""

import copy
import importlib
import json
import pathlib

import pytest
from django.apps import apps

from game import rules, statecache
from game.models import Match
from game.services import apply_seat_action, create_match
from game.statereads import current_state, load_snapshot

pytestmark = pytest.mark.django_db(transaction=True)

FIXTURE = json.loads(
    (pathlib.Path(__file__).parents[1] / "rules" / "data" / "schema1_marks.json").read_text()
)  # made by the schema-1 engine: see tests/rules/test_schema.py


def _stored_schema_1_match(make_user) -> tuple[Match, object]:
    """A match whose one action was applied live; its row then holds the
    schema-1 state of that version, as the engine before schema 2 wrote it.
    Returns the row and the live Snapshot."""
    match = create_match(FIXTURE["config"], [make_user("alice"), make_user("bob")])
    ((seat, action),) = FIXTURE["actions"]
    live = apply_seat_action(match.pk, seat, action, 0).snapshot
    Match.objects.filter(pk=match.pk).update(state=copy.deepcopy(FIXTURE["state"]), state_version=1)
    statecache.clear()  # a worker started after the deploy: nothing kept
    return Match.objects.get(pk=match.pk), live


def test_a_stored_schema_1_match_loads_upgraded_and_plays_on(make_user):
    row, live = _stored_schema_1_match(make_user)
    assert row.state["schema"] == 1
    loaded = load_snapshot(row.pk)
    assert loaded.version == 1 and loaded.state == live.state and loaded.state["schema"] == 2
    expected = rules.copy_state(live.state)
    snapshot = loaded
    for step in range(12):
        seat = rules.waiting_on(snapshot.state)[0]
        action = rules.GreedyBot(seed=step).choose(snapshot.state, seat)
        snapshot = apply_seat_action(row.pk, seat, action, snapshot.version).snapshot
        rules.apply_action_in_place(expected, seat, action)
        assert snapshot.state == expected
    statecache.clear()
    assert load_snapshot(row.pk).state == expected  # rebuilt from the version-10 snapshot and the log


def test_current_state_of_a_stored_schema_1_row_is_upgraded(make_user):
    row, live = _stored_schema_1_match(make_user)
    Match.objects.filter(pk=row.pk).update(version=1)
    assert current_state(Match.objects.get(pk=row.pk)) == live.state


def test_the_data_migration_upgrades_stored_codex_states_only(make_user):
    row, live = _stored_schema_1_match(make_user)
    arcane = create_match({"game": "arcane", "seed": 1, "seats": [{"name": "A"}, {"name": "B"}]}, [None, None])
    arcane_state = Match.objects.get(pk=arcane.pk).state
    migration = importlib.import_module("game.migrations.0012_codex_schema_2")
    migration.forwards(apps, None)
    assert Match.objects.get(pk=row.pk).state == live.state
    assert Match.objects.get(pk=arcane.pk).state == arcane_state
    migration.forwards(apps, None)  # run again: nothing left to do
    assert Match.objects.get(pk=row.pk).state == live.state
