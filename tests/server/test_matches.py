"""Starting a match from the lobby, the match REST API and its filtered logs,
the match page, and applying actions concurrently (one writer per match)."""

import threading

import pytest
from django.db import connection, transaction

from game import rules
from game.models import Match
from game.services import ActionRefused, apply_match_action
from tests.server.matchkit import active_seat, logged_in, playable, row_now

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def players(make_user):
    return make_user("alice"), make_user("bob"), make_user("carol")


def start(alice, bob, public=True, spectators=True):
    client_a, client_b = logged_in(alice), logged_in(bob)
    table = client_a.post(
        "/api/tables/", {"mode": "1hero", "is_public": public, "allow_spectators": spectators}, format="json"
    ).json()
    client_b.post(f"/api/tables/{table['id']}/join/", {"index": 1, "invite": table["invite_token"]}, format="json")
    for client, hero in ((client_a, "troq_bashar"), (client_b, "river_montoya")):
        client.patch(f"/api/tables/{table['id']}/seat/", {"heroes": [hero], "ready": True}, format="json")
    started = client_a.post(f"/api/tables/{table['id']}/start/")
    assert started.status_code == 200, started.content
    assert started.json()["status"] == "started"
    return Match.objects.get(pk=started.json()["match_id"]), table


def play(match, steps):
    for _ in range(steps):
        match = row_now(match.pk)
        seat = active_seat(match.state)
        user = match.players.get(seat=seat).user
        apply_match_action(match.pk, user.pk, playable(match.state, seat)[0], match.version)
    match = row_now(match.pk)
    return match


def test_start_builds_the_engine_config_from_the_seats(players):
    alice, bob, _ = players
    match, table = start(alice, bob)
    assert match.config["mode"] == "1hero" and isinstance(match.config["seed"], int)
    assert match.config["seats"] == [{"name": "Alice", "hero": "troq_bashar"}, {"name": "Bob", "hero": "river_montoya"}]
    assert match.version == 0 and match.status == "playing" and match.state["status"] == "playing"
    # a started table takes no more seat changes
    assert logged_in(bob).post(f"/api/tables/{table['id']}/leave/").json()["code"] == "table_started"


def test_the_match_seed_is_long_and_secret(players):
    """Issue 11: the lobby draws 256-bit seeds (a seed of 31 bits let a
    player brute-force the other team's hands), and neither the seed nor the
    generator's key reaches any REST answer or page a player can open."""
    alice, bob, carol = players
    seeds = set()
    for _ in range(3):
        match, _ = start(alice, bob)
        seeds.add(match.config["seed"])
        match = play(match, 4)
        secrets = [str(match.config["seed"]), match.state["rng"]["key"]]
        pages = [
            logged_in(user).get(url).content.decode()
            for user in (alice, bob, carol)
            for url in (
                f"/api/matches/{match.pk}/",
                f"/api/matches/{match.pk}/log/",
                "/api/matches/",
                f"/match/{match.pk}/",
                "/",
            )
        ]
        for secret in secrets:
            assert not any(secret in page for page in pages)
        for seat in (0, 1):
            assert match.state["rng"]["key"] not in str(rules.view(match.state, seat))
    assert len(seeds) == 3 and min(seed.bit_length() for seed in seeds) > 128


def test_match_api_lists_and_reads_matches(players):
    alice, bob, carol = players
    match, _ = start(alice, bob)
    detail = logged_in(carol).get(f"/api/matches/{match.pk}/").json()
    assert detail["status"] == "playing" and detail["version"] == 0 and detail["mode"] == "1hero"
    assert [(p["seat"], p["name"], p["heroes"]) for p in detail["players"]] == [
        (0, "Alice", ["troq_bashar"]),
        (1, "Bob", ["river_montoya"]),
    ]
    assert match.pk in [m["id"] for m in logged_in(carol).get("/api/matches/").json()]


def test_private_match_hidden_from_outsiders(players):
    alice, bob, carol = players
    match, table = start(alice, bob, public=False)
    outsider = logged_in(carol)
    assert match.pk not in [m["id"] for m in outsider.get("/api/matches/").json()]
    assert outsider.get(f"/api/matches/{match.pk}/").status_code == 404
    assert outsider.get(f"/api/matches/{match.pk}/?invite={table['invite_token']}").status_code == 200
    assert outsider.get(f"/match/{match.pk}/").status_code == 404
    assert outsider.get(f"/match/{match.pk}/?invite={table['invite_token']}").status_code == 200
    assert logged_in(alice).get(f"/match/{match.pk}/").status_code == 200


def test_log_is_filtered_for_the_viewer(players):
    alice, bob, carol = players
    match, _ = start(alice, bob)
    match = play(match, 6)
    actions = list(match.actions.values_list("seat", "action"))
    for user, seat in ((alice, 0), (bob, 1), (carol, None)):
        log = logged_in(user).get(f"/api/matches/{match.pk}/log/").json()
        assert log["version"] == 6 and log["seat"] == seat and log["lines"]
        for entry, (actor, action) in zip(log["actions"], actions, strict=True):
            assert entry["action"] == (action if actor == seat else {"type": action["type"]})


def test_concurrent_actions_one_applies_the_other_is_stale(players):
    """Two threads send the same action at the same version: one writer at a
    time. The second is judged against the state the first made; the engine
    refuses it there (the card is already a worker), so it is stale."""
    alice, bob, _ = players
    match, _ = start(alice, bob)
    seat = active_seat(match.state)
    user = (alice, bob)[seat]
    action = playable(match.state, seat)[0]
    assert action["type"] == "hire"
    outcomes, barrier = [], threading.Barrier(2)

    def send():
        barrier.wait()
        try:
            outcomes.append(apply_match_action(match.pk, user.pk, action, 0).version)
        except ActionRefused as refused:
            outcomes.append(f"{refused.code}/{refused.rules_code}/{refused.version}")
        finally:
            connection.close()

    threads = [threading.Thread(target=send) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(map(str, outcomes)) == ["1", "stale_version/not_in_hand/1"]
    match = row_now(match.pk)
    assert match.version == 1 and match.actions.count() == 1


def test_an_older_version_is_judged_by_the_engine_against_the_current_state(players):
    """The version an action was made at does not refuse it: the engine does
    (docs/PROTOCOL.md, "Versions and simultaneous actions")."""
    alice, bob, _ = players
    match, _ = start(alice, bob)
    seat = active_seat(match.state)
    user = (alice, bob)[seat]
    # The lobby seeds the match at random: choose a card to hire and one to
    # play that leaves no question open (a prompt would refuse the rest).
    hire, play_card = None, None
    for candidate in (a for a in playable(match.state, seat) if a["type"] == "hire"):
        after_hire, _ = rules.apply_action(match.state, seat, candidate)
        for action in playable(after_hire, seat):
            if action["type"] == "play" and rules.apply_action(after_hire, seat, action)[0]["prompt"] is None:
                hire, play_card = candidate, action
                break
        if play_card:
            break
    assert play_card is not None, "no hand lets this test hire then play without a question"
    assert apply_match_action(match.pk, user.pk, hire, 0).version == 1
    # made at version 0, still legal at version 1: applied
    assert apply_match_action(match.pk, user.pk, play_card, 0).version == 2
    # made at version 0, no longer legal: stale, with the engine's reason
    with pytest.raises(ActionRefused) as refused:
        apply_match_action(match.pk, user.pk, hire, 0)
    assert (refused.value.code, refused.value.rules_code, refused.value.version) == ("stale_version", "not_in_hand", 2)
    # made at the current version and illegal: the engine's own code
    with pytest.raises(ActionRefused) as refused:
        apply_match_action(match.pk, user.pk, hire, 2)
    assert (refused.value.code, refused.value.rules_code) == ("not_in_hand", None)
    # a version nobody can have seen
    with pytest.raises(ActionRefused) as refused:
        apply_match_action(match.pk, user.pk, {"type": "end_main"}, 9)
    assert refused.value.code == "bad_version"
    match = row_now(match.pk)
    assert match.version == 2 and match.actions.count() == 2


def test_a_refusal_never_repeats_a_huge_version(players):
    """A version far ahead of the match (4,000 digits, found by a tester)
    is refused ``bad_version`` with a sentence that does not echo it back:
    a refusal's size never grows with what the client sent (issue 27)."""
    alice, bob, _ = players
    match, _ = start(alice, bob)
    user = (alice, bob)[active_seat(match.state)]
    huge = 10**4000
    with pytest.raises(ActionRefused) as refused:
        apply_match_action(match.pk, user.pk, {"type": "end_main"}, huge)
    assert refused.value.code == "bad_version"
    assert len(str(refused.value)) < 200 and "0000000000" not in str(refused.value)
    match = row_now(match.pk)
    assert match.version == 0


def test_a_nonce_is_applied_once(players):
    """A retried action (same nonce, same seat) answers the first one's
    version and changes nothing; another seat's nonce is its own."""
    alice, bob, _ = players
    match, _ = start(alice, bob)
    seat = active_seat(match.state)
    user = (alice, bob)[seat]
    summon = next(a for a in playable(match.state, seat) if a["type"] == "summon")
    first = apply_match_action(match.pk, user.pk, summon, 0, nonce="n-1")
    again = apply_match_action(match.pk, user.pk, summon, 0, nonce="n-1")
    assert (first.version, first.duplicate) == (1, False) and first.snapshot.version == 1
    assert (again.version, again.duplicate, again.snapshot) == (1, True, None)
    match = row_now(match.pk)
    assert match.version == 1 and list(match.actions.values_list("nonce", flat=True)) == ["n-1"]
    other = (alice, bob)[1 - seat]
    with pytest.raises(ActionRefused):  # not the other seat's action, whatever the nonce
        apply_match_action(match.pk, other.pk, summon, 1, nonce="n-1")


def test_a_nonce_reused_for_another_action_is_refused(players):
    """A nonce names one action: sending a different action under a nonce the
    seat already used is a client bug, refused (``nonce_reused``) rather than
    answered as a duplicate that silently did nothing."""
    alice, bob, _ = players
    match, _ = start(alice, bob)
    seat = active_seat(match.state)
    user = (alice, bob)[seat]
    summon = next(a for a in playable(match.state, seat) if a["type"] == "summon")
    apply_match_action(match.pk, user.pk, summon, 0, nonce="n-1")
    with pytest.raises(ActionRefused) as refused:
        apply_match_action(match.pk, user.pk, {"type": "end_main"}, 1, nonce="n-1")
    assert refused.value.code == "nonce_reused" and refused.value.reason
    match = row_now(match.pk)
    assert match.version == 1 and match.state["phase"] == "main"


@pytest.mark.postgres
def test_row_lock_makes_a_writer_wait_on_postgresql(players):
    """While one transaction holds the match row, another action waits, then
    runs against what the holder committed (select_for_update)."""
    alice, bob, _ = players
    match, _ = start(alice, bob)
    seat = active_seat(match.state)
    user = (alice, bob)[seat]
    action = playable(match.state, seat)[0]
    locked, release, result = threading.Event(), threading.Event(), []

    def holder():
        with transaction.atomic():
            Match.objects.select_for_update().get(pk=match.pk)
            locked.set()
            release.wait(10)
            Match.objects.filter(pk=match.pk).update(version=5)
        connection.close()

    def writer():
        locked.wait(10)
        try:
            result.append(apply_match_action(match.pk, user.pk, action, 0).version)
        except ActionRefused as refused:
            result.append(refused.code)
        finally:
            connection.close()

    threads = [threading.Thread(target=holder), threading.Thread(target=writer)]
    for thread in threads:
        thread.start()
    locked.wait(10)
    threads[1].join(0.5)
    assert threads[1].is_alive() and not result  # blocked on the row lock
    release.set()
    for thread in threads:
        thread.join(10)
    assert result == [6]  # applied after the holder's version 5
