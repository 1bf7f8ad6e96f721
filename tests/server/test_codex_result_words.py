"""What the server tells of how a Codex match ended, for the pages to say
it in words (static/js/common.js toldReason, resultConcerned):

- the result of every live frame carries who conceded (``conceded_by``):
  in Two-Headed Dragon the engine's result names only the winning team,
  and the dialog could only say "the other team conceded"; in a
  free-for-all the concession that ends the game is, for the engine, a
  fallen base ("base destroyed", house rule R28), which the pages told as
  "Cy's base was destroyed". Who conceded is public (the log says it):
  every viewer gets the same result.
- the lobby's finished match says who conceded a free-for-all, and whose
  base fell when a destroyed base ended one (``fallen``: it said "a base
  was destroyed", not knowing whose).
"""

from importlib import import_module

import pytest
from asgiref.sync import async_to_sync
from django.apps import apps as django_apps

from game import services, statereads
from game.models import Match
from tests.rules.helpers import find
from tests.server.lobbykit import conceded
from tests.server.matchkit import logged_in, start_match

pytestmark = pytest.mark.django_db

NAMES = ("ann", "bo", "cy", "di")
HEROES = ("troq_bashar", "river_montoya", "jaina_stormborne", "master_midori")


def lobby_result(user, match) -> dict:
    """The result of ``match`` in ``user``'s lobby history."""
    history = logged_in(user).get("/api/lobby/matches/").json()["history"]
    return next(e["result"] for e in history if e["id"] == match.pk)


def frames(match) -> dict:
    """The ``state`` message each viewer (seat, or None: a spectator) gets of ``match`` now."""
    snapshot = statereads.load_snapshot(match.pk)
    seats = [None, *range(len(match.config["seats"]))]
    return {seat: services.render_for(snapshot, seat) for seat in seats}


def ffa_match(users, seats) -> Match:
    """A free-for-all of ``users`` from a scenario (docs/ENGINE.md
    "Scenarios"): seat 0's main phase of turn 3, ``seats`` each seat's spec."""
    config = {
        "mode": "ffa",
        "seed": 3,
        "seats": [{"name": u.public_name, "hero": h} for u, h in zip(users, HEROES, strict=False)],
        "scenario": {"turn": 3, "active": 0, "seats": seats},
    }
    return services.create_match(config, users)


def test_a_two_headed_dragon_concession_names_who_conceded_in_every_frame(make_user):
    users = [make_user(n) for n in NAMES]
    match = async_to_sync(start_match)(users, heroes=HEROES, mode="2hg", seed=11)
    match = conceded(match, users[2])  # Cy, of the second team
    assert match.status == "finished" and match.result["winners"] == [0, 1]
    assert match.result["conceded_by"] == 2  # stored: a later connection gets it too
    for seat, frame in frames(match).items():
        assert frame["result"] == {
            "winner": None,
            "winners": [0, 1],
            "reason": "concession",
            "conceded_by": 2,
            "fallen": [],
            "shared": False,
        }, seat


def test_a_concession_that_ends_a_free_for_all_is_told_as_one(make_user):
    """Cy concedes with Bo's base damaged: Cy's base falls, Ann has the
    highest base and wins at once (R28). The engine's reason is a destroyed
    base; every frame and the lobby say that Cy conceded."""
    users = [make_user(n) for n in NAMES[:3]]
    match = ffa_match(users, [{}, {"base_damage": 3}, {}])
    match = conceded(match, users[2])
    assert match.status == "finished"
    assert match.result == {
        "winner": 0,
        "winners": [0],
        "reason": "base destroyed",
        "conceded_by": 2,
        "fallen": [2],
        "shared": False,
    }
    for seat, frame in frames(match).items():
        assert frame["result"]["conceded_by"] == 2, seat
    for user in users:
        result = lobby_result(user, match)
        assert (result["reason"], result["conceded_by"], result["seats"]) == ("base destroyed", 2, [0])


def test_a_base_destroyed_in_a_free_for_all_names_whose_base_in_the_lobby(make_user):
    """Ann's Iron Man brings Bo's base down: the lobby says whose base fell
    (Bo's), and nobody conceded."""
    users = [make_user(n) for n in NAMES[:3]]
    match = ffa_match(
        users, [{"base_damage": 2, "play": [{"card": "iron_man", "id": "a"}]}, {"base_damage": 18}, {"base_damage": 5}]
    )
    attacker = find(match.state, "a")
    services.apply_match_action(
        match.pk, users[0].pk, {"type": "attack", "attacker": attacker, "target": "base:1"}, match.version
    )
    match.refresh_from_db()
    assert match.result == {
        "winner": 0,
        "winners": [0],
        "reason": "base destroyed",
        "conceded_by": None,
        "fallen": [1],
        "shared": False,
    }
    for user in users:
        result = lobby_result(user, match)
        assert (result["reason"], result["fallen"], result["conceded_by"]) == ("base destroyed", [1], None)


def test_the_lobby_names_the_fallen_bases_of_a_two_headed_dragon_and_no_others(make_user):
    """A team's base is both its players' (seats 2 and 3 here); a result
    for another reason has no fallen bases. The lobby reads them from the
    stored result (the engine's outcome), not from the state: a match
    finished before results carried them gets them from the migration
    that reads the engine's outcome of its final state (issue 28 point 3)."""
    users = [make_user(n) for n in NAMES]
    match = async_to_sync(start_match)(users, heroes=HEROES, mode="2hg", seed=11)
    state = match.state
    state["teams"][1]["damage"] = state["teams"][1]["hp"]
    Match.objects.filter(pk=match.pk).update(
        state=state,
        status=Match.Status.FINISHED,
        result={"winner": None, "winners": [0, 1], "reason": "base destroyed"},  # as stored before the outcome
    )
    assert lobby_result(users[0], match)["fallen"] is None  # the lobby reads no state
    import_module("game.migrations.0011_result_outcome").forwards(django_apps, None)
    match.refresh_from_db()
    assert match.result["fallen"] == [2, 3] and match.result["conceded_by"] is None
    assert lobby_result(users[0], match)["fallen"] == [2, 3]
    Match.objects.filter(pk=match.pk).update(result={**match.result, "reason": "concession"})
    assert lobby_result(users[0], match)["fallen"] is None


def test_the_migration_names_who_conceded_a_match_finished_before_the_outcome(make_user):
    """A result stored without ``conceded_by`` (matches finished before it
    existed) gets the seat whose concession was the last action, as the
    lobby told it from the action log before (issue 28 point 3)."""
    users = [make_user(n) for n in NAMES]
    match = async_to_sync(start_match)(users, heroes=HEROES, mode="2hg", seed=11)
    match = conceded(match, users[3])
    Match.objects.filter(pk=match.pk).update(result={"winner": None, "winners": [0, 1], "reason": "concession"})
    import_module("game.migrations.0011_result_outcome").forwards(django_apps, None)
    match.refresh_from_db()
    assert match.result["conceded_by"] == 3 and match.result["fallen"] == []
    assert lobby_result(users[0], match)["conceded_by"] == 3
