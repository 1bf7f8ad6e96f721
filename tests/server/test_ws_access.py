"""Who may open a match websocket (no rules engine needed: refused before any view)."""

import asyncio

import pytest
from asgiref.sync import sync_to_async
from django.contrib.auth.hashers import make_password
from django.contrib.sessions.models import Session
from django.db import transaction
from django.test import Client

from game import chat
from game.models import Match, MatchPlayer
from lobby.models import Table
from tests.server.matchkit import start_match

pytestmark = pytest.mark.django_db(transaction=True)


@sync_to_async
def bare_match(players, public=True, spectators=True, mode="1hero"):
    """A match row of ``mode`` with a table (state contents unused by these tests)."""
    match = Match.objects.create(config={"mode": mode}, state={})
    for seat, user in enumerate(players):
        MatchPlayer.objects.create(match=match, seat=seat, user=user)
    Table.objects.create(
        host=players[0],
        mode=mode,
        is_public=public,
        allow_spectators=spectators,
        status=Table.Status.STARTED,
        match=match,
    )
    return match


async def closed_with(comm, connected) -> int:
    """The close code a refused connection got. A refusal is accepted and
    then closed with a 44xx code, because a websocket closed before it is
    accepted reaches a browser as a bare HTTP 403 (code 1006), whatever
    code the server meant; and it carries no state."""
    assert connected
    message = await comm.receive_output(timeout=5)
    assert message["type"] == "websocket.close", message
    return message["code"]


async def test_anonymous_is_closed_4401(ws, make_user, layer):
    alice, bob = await sync_to_async(make_user)("alice"), await sync_to_async(make_user)("bob")
    match = await bare_match([alice, bob])
    comm, connected, _ = await ws(f"/ws/match/{match.pk}/")
    assert await closed_with(comm, connected) == 4401


async def test_foreign_origin_is_refused(ws, make_user, layer):
    alice, bob = await sync_to_async(make_user)("alice"), await sync_to_async(make_user)("bob")
    match = await bare_match([alice, bob])
    _, connected, _ = await ws(f"/ws/match/{match.pk}/", alice, origin=(b"origin", b"http://evil.example"))
    assert not connected


@pytest.mark.parametrize("origin", [b"http://localhost:9999", b"https://localhost", b"http://localhost.evil.example"])
async def test_same_host_other_port_or_scheme_is_refused(ws, make_user, layer, origin):
    """The origin must be the site's own (scheme, host and port), not merely
    an allowed host: a page on another port of the same host would otherwise
    ride the player's session cookie (cross-site websocket hijacking)."""
    alice, bob = await sync_to_async(make_user)("alice"), await sync_to_async(make_user)("bob")
    match = await bare_match([alice, bob])
    _, connected, _ = await ws(f"/ws/match/{match.pk}/", alice, origin=(b"origin", origin))
    assert not connected


async def test_unknown_match_is_closed_4404(ws, make_user, layer):
    alice = await sync_to_async(make_user)("alice")
    comm, connected, _ = await ws("/ws/match/999999/", alice)
    assert await closed_with(comm, connected) == 4404


async def test_a_public_match_without_spectators_is_closed_4403_to_an_outsider(ws, make_user, layer):
    """A public table's match is listed in the lobby: saying that an
    outsider may not watch it tells nothing hidden (4403)."""
    alice, bob, eve = [await sync_to_async(make_user)(n) for n in ("alice", "bob", "eve")]
    match = await bare_match([alice, bob], public=True, spectators=False)
    comm, connected, _ = await ws(f"/ws/match/{match.pk}/", eve)
    assert await closed_with(comm, connected) == 4403


@pytest.mark.parametrize(
    "mode,spectators,invite",
    [
        ("1hero", True, ""),
        ("1hero", True, "?invite=guess"),
        ("1hero", True, "?invite=%00"),
        ("1hero", True, "?invite=" + "A" * 5000),
        ("1hero", False, "?invite=AAAAAAAAAAAAAAAAAAAAAA"),
        ("arcane", True, "?invite=guess"),
        ("c23", False, ""),
    ],
    ids=["none", "wrong", "nul", "5000-chars", "token-shaped-no-spectators", "arcane", "c23"],
)
async def test_a_private_match_is_to_an_outsider_exactly_an_unknown_id(ws, make_user, layer, mode, spectators, invite):
    """An outsider to a private table's match (any game: one consumer
    serves them all), with no invite or a wrong one, is closed exactly as
    for an id no match has (4404, nothing sent before): close codes must
    not let match ids be enumerated (issue 27, F4)."""
    alice, bob, eve = [await sync_to_async(make_user)(n) for n in ("alice", "bob", "eve")]
    match = await bare_match([alice, bob], public=False, spectators=spectators, mode=mode)
    comm, connected, _ = await ws(f"/ws/match/{match.pk}/{invite}", eve)
    assert await closed_with(comm, connected) == 4404
    unknown, connected, _ = await ws(f"/ws/match/{match.pk + 1000}/{invite}", eve)
    assert await closed_with(unknown, connected) == 4404


async def test_a_match_without_a_table_is_to_an_outsider_an_unknown_id(ws, make_user, layer):
    """A match made outside the lobby is for its players only, and listed
    nowhere: an outsider is closed 4404."""
    alice, bob, eve = [await sync_to_async(make_user)(n) for n in ("alice", "bob", "eve")]
    match = await sync_to_async(Match.objects.create)(config={"mode": "1hero"}, state={})
    for seat, user in enumerate((alice, bob)):
        await sync_to_async(MatchPlayer.objects.create)(match=match, seat=seat, user=user)
    comm, connected, _ = await ws(f"/ws/match/{match.pk}/", eve)
    assert await closed_with(comm, connected) == 4404


async def test_an_invite_holder_of_a_private_table_without_spectators_is_closed_4403(ws, make_user, layer):
    """Whoever holds a private table's invite knows the match is there:
    when the table takes no spectators they are told so (4403), not that
    there is no such match."""
    alice, bob, eve = [await sync_to_async(make_user)(n) for n in ("alice", "bob", "eve")]
    match = await bare_match([alice, bob], public=False, spectators=False)
    token = await sync_to_async(lambda: Table.objects.get(match=match).invite_token)()
    comm, connected, _ = await ws(f"/ws/match/{match.pk}/?invite={token}", eve)
    assert await closed_with(comm, connected) == 4403


async def test_logging_out_closes_that_sessions_match_sockets(ws, make_user, layer):
    """Logging out ends the live connections opened with that session (close
    4401), so a shared computer does not keep playing as the old user; the
    same user's other sessions (another device) stay connected."""
    alice, bob = await sync_to_async(make_user)("alice"), await sync_to_async(make_user)("bob")
    match = await start_match([alice, bob])
    browser = Client()
    await sync_to_async(browser.force_login)(alice)
    cookie = browser.cookies.output(header="", sep=";").strip().encode()
    comm, connected, _ = await ws(f"/ws/match/{match.pk}/", cookie=cookie)
    assert connected
    assert (await comm.receive_json_from(timeout=5))["type"] == "state"
    other, connected, _ = await ws(f"/ws/match/{match.pk}/", alice)
    assert connected and (await other.receive_json_from(timeout=5))["type"] == "state"

    response = await sync_to_async(browser.post)("/logout/")
    assert response.status_code in (200, 302)
    message = await comm.receive_output(timeout=5)
    assert message["type"] == "websocket.close" and message["code"] == 4401
    assert await other.receive_nothing(timeout=0.3)


async def test_changing_the_password_closes_the_accounts_sockets_and_only_its_session_gets_back(ws, make_user, layer):
    """A password change (issue 27, point 5) closes every match socket of
    the account (4001: connect again); connecting again, the session that
    changed it gets back in, another browser's session (logged out by the
    change) is refused 4401. Another account's socket stays."""
    alice, bob = await sync_to_async(make_user)("alice"), await sync_to_async(make_user)("bob")
    match = await start_match([alice, bob])
    here, there = Client(), Client()
    for browser in (here, there):
        await sync_to_async(browser.force_login)(alice)

    def cookie(browser):
        return browser.cookies.output(header="", sep=";").strip().encode()

    sockets = []
    for browser in (here, there):
        comm, connected, _ = await ws(f"/ws/match/{match.pk}/", cookie=cookie(browser))
        assert connected and (await comm.receive_json_from(timeout=5))["type"] == "state"
        sockets.append(comm)
    bobs, connected, _ = await ws(f"/ws/match/{match.pk}/", bob)
    assert connected and (await bobs.receive_json_from(timeout=5))["type"] == "state"

    response = await sync_to_async(here.post)(
        "/password/",
        {"old_password": "pw-secret-123", "new_password1": "another-pw-456", "new_password2": "another-pw-456"},
    )
    assert response.status_code == 302
    for comm in sockets:
        message = await comm.receive_output(timeout=5)
        assert message["type"] == "websocket.close" and message["code"] == 4001
    assert await bobs.receive_nothing(timeout=0.3)
    again, connected, _ = await ws(f"/ws/match/{match.pk}/", cookie=cookie(here))
    assert connected and (await again.receive_json_from(timeout=5))["type"] == "state"
    refused, connected, _ = await ws(f"/ws/match/{match.pk}/", cookie=cookie(there))
    assert await closed_with(refused, connected) == 4401


def test_only_a_saved_change_of_an_accounts_password_is_told(transactional_db, django_user_model):
    """lobby.models.password_changed: not for a new account (nor its later
    saves), once for each saved change of the password."""
    from lobby.models import password_changed

    told = []

    def note(sender, user, **kwargs):
        told.append(user.username)

    password_changed.connect(note)
    try:
        user = django_user_model(username="zed")
        user.set_password("pw-secret-123")
        user.save()
        user.display_name = "Zed"
        user.save()
        assert told == []
        user.set_password("another-pw-456")
        user.save()
        user.save()
        assert told == ["zed"]
    finally:
        password_changed.disconnect(note)


async def test_a_user_may_hold_only_so_many_match_sockets(ws, make_user, layer, settings):
    """One user cannot crowd a match with sockets: past CODEX_WS_PER_USER
    open ones (every match, every worker) a new one is closed with 4429;
    closing one makes room again. Other users are not affected."""
    settings.CODEX_WS_PER_USER = 2
    alice, bob = await sync_to_async(make_user)("alice"), await sync_to_async(make_user)("bob")
    match = await start_match([alice, bob])
    first, connected, _ = await ws(f"/ws/match/{match.pk}/", alice)
    assert connected and (await first.receive_json_from(timeout=5))["type"] == "state"
    second, connected, _ = await ws(f"/ws/match/{match.pk}/", alice)
    assert connected and (await second.receive_json_from(timeout=5))["type"] == "state"
    third, connected, _ = await ws(f"/ws/match/{match.pk}/", alice)
    assert await closed_with(third, connected) == 4429
    other, connected, _ = await ws(f"/ws/match/{match.pk}/", bob)
    assert connected and (await other.receive_json_from(timeout=5))["type"] == "state"

    await second.disconnect()
    again, connected, _ = await ws(f"/ws/match/{match.pk}/", alice)
    assert connected and (await again.receive_json_from(timeout=5))["type"] == "state"


async def _open(match_id, user):
    """A websocket of ``user`` to the match, outside the ``ws`` fixture (the
    test kills it itself), past its first state."""
    from channels.testing import WebsocketCommunicator

    from codexsite.asgi import application
    from tests.server.conftest import ORIGIN, session_cookie

    cookie = await sync_to_async(session_cookie)(user)
    comm = WebsocketCommunicator(
        application, f"/ws/match/{match_id}/", headers=[(b"host", b"localhost"), ORIGIN, (b"cookie", cookie)]
    )
    connected, _ = await comm.connect(timeout=5)
    assert connected and (await comm.receive_json_from(timeout=5))["type"] == "state"
    return comm


async def test_sockets_killed_before_their_disconnect_stop_counting(ws, make_user, layer, settings):
    """Issue 11, finding 4: daphne kills a consumer that takes too long to
    shut down, and its disconnect never runs. Such sockets must not count
    against the user for long: a live socket is one its worker still
    refreshes (CODEX_WS_HEARTBEAT), and one nobody refreshed for
    CODEX_WS_LIVE_SECONDS counts for nothing. Live ones keep counting
    however long they stay open."""
    settings.CODEX_WS_PER_USER = 2
    settings.CODEX_WS_HEARTBEAT = 0.2
    settings.CODEX_WS_LIVE_SECONDS = 1.0
    alice, bob = await sync_to_async(make_user)("alice"), await sync_to_async(make_user)("bob")
    match = await start_match([alice, bob])
    doomed = [await _open(match.pk, alice) for _ in range(2)]
    await asyncio.sleep(1.6)  # longer than CODEX_WS_LIVE_SECONDS: refreshed, they still count
    third, connected, _ = await ws(f"/ws/match/{match.pk}/", alice)
    assert await closed_with(third, connected) == 4429

    for comm in doomed:  # killed as daphne does: the task is cancelled, disconnect() never runs
        comm.future.cancel()
    await asyncio.sleep(1.4)
    again, connected, _ = await ws(f"/ws/match/{match.pk}/", alice)
    assert connected and (await again.receive_json_from(timeout=5))["type"] == "state"


def test_a_late_heartbeat_writes_a_live_socket_back(transactional_db, make_user, settings):
    """A worker whose heartbeat came too late (another worker deleted its
    rows as dead) writes its live sockets back, and a socket of a match
    deleted meanwhile does not stop the others' refresh."""
    from asgiref.sync import async_to_sync

    from game import livesockets
    from game.models import LiveSocket

    alice, bob = make_user("alice"), make_user("bob")
    match = async_to_sync(start_match)([alice, bob])
    gone = async_to_sync(start_match)([bob, alice])
    assert livesockets.register("a", alice.pk, match.pk, 0)
    LiveSocket.objects.all().delete()
    livesockets.refresh({"a": (alice.pk, match.pk, 0)})
    assert list(livesockets.live().values_list("channel", "user", "match", "seat")) == [("a", alice.pk, match.pk, 0)]
    assert livesockets.register("b", bob.pk, gone.pk, 0)
    gone.delete()
    livesockets.refresh({"a": (alice.pk, match.pk, 0), "b": (bob.pk, gone.pk, 0)})
    assert list(livesockets.live().values_list("channel", flat=True)) == ["a"]


@pytest.mark.parametrize("path", ["/ws/match/abc/", "/ws/match/12/x/", "/ws/nothing/", "/ws/echo/1/"])
async def test_a_websocket_to_an_unknown_path_is_closed_4404_not_a_server_error(make_user, path):
    """A fresh tester's Arcane trial: /ws/match/abc/ answered the handshake
    with an HTTP 500 (channels' URLRouter raised for a path with no route).
    Any unrouted websocket path is accepted and closed 4404 (docs/PROTOCOL.md
    "Close codes": do not retry), like an unknown match; the benchmark's
    echo room is not routed unless CODEX_BENCH_ECHO is set."""
    from channels.testing import WebsocketCommunicator

    from codexsite.asgi import application
    from tests.server.conftest import ORIGIN, session_cookie

    cookie = await sync_to_async(session_cookie)(await sync_to_async(make_user)("alice"))
    comm = WebsocketCommunicator(application, path, headers=[(b"host", b"localhost"), ORIGIN, (b"cookie", cookie)])
    connected, _ = await comm.connect(timeout=5)
    assert await closed_with(comm, connected) == 4404


def set_password_unannounced(user, how: str) -> None:
    """Change ``user``'s password so that no close reaches its sockets:
    ``"update"`` writes it with QuerySet.update (no save, no signal);
    ``"lost"`` saves it through the model while the password_changed
    receiver is away (its group message lost, as in a Redis outage)."""
    from game.signals import close_sockets_on_password_change
    from lobby.models import User, password_changed

    if how == "update":
        User.objects.filter(pk=user.pk).update(password=make_password("another-pw-456"))
        return
    password_changed.disconnect(close_sockets_on_password_change)
    try:
        with transaction.atomic():
            user.set_password("another-pw-456")
            user.save()
    finally:
        password_changed.connect(close_sockets_on_password_change)


@pytest.mark.parametrize("how", ["update", "lost"])
@pytest.mark.parametrize(
    "frame",
    [
        {"type": "action", "id": 1, "version": 0, "action": {"type": "end_main"}},
        {"type": "chat", "id": 1, "text": "still here"},
    ],
    ids=["action", "chat"],
)
async def test_a_socket_whose_session_lapsed_unannounced_acts_no_more(ws, make_user, layer, settings, how, frame):
    """A password change no close message reached (issue 27, F3): the
    socket's next action or chat line is not applied; the socket is
    closed 4401 (as after a logout) and the match and its chat are as
    before."""
    settings.CODEX_WS_SESSION_CHECK_EVERY = 0
    alice, bob = await sync_to_async(make_user)("alice"), await sync_to_async(make_user)("bob")
    match = await start_match([alice, bob])
    comm, connected, _ = await ws(f"/ws/match/{match.pk}/", alice)
    assert connected and (await comm.receive_json_from(timeout=5))["type"] == "state"
    await comm.receive_nothing(timeout=0.2)  # the chat history, if any

    await sync_to_async(set_password_unannounced)(alice, how)
    await comm.send_json_to(frame)
    message = await comm.receive_output(timeout=5)
    assert message["type"] == "websocket.close" and message["code"] == 4401, message
    assert await sync_to_async(lambda: Match.objects.get(pk=match.pk).version)() == match.version
    assert await sync_to_async(lambda: chat.recent(match.pk))() == []


@pytest.mark.parametrize("how", ["update", "lost"])
async def test_the_heartbeat_closes_a_quiet_socket_whose_session_lapsed(ws, make_user, layer, settings, how):
    """A socket that sends nothing is closed 4401 by the heartbeat once its
    session no longer logs its user in, however the password changed
    (issue 27, F3); another account's socket stays open."""
    settings.CODEX_WS_HEARTBEAT = 0.05
    alice, bob = await sync_to_async(make_user)("alice"), await sync_to_async(make_user)("bob")
    match = await start_match([alice, bob])
    sockets = {}
    for user in (alice, bob):
        comm, connected, _ = await ws(f"/ws/match/{match.pk}/", user)
        assert connected and (await comm.receive_json_from(timeout=5))["type"] == "state"
        sockets[user.username] = comm

    await sync_to_async(set_password_unannounced)(alice, how)
    while True:  # the heartbeat's presence and chat frames may come first
        message = await sockets["alice"].receive_output(timeout=5)
        if message["type"] == "websocket.close":
            break
    assert message["code"] == 4401
    await sockets["bob"].send_json_to({"type": "ping", "id": 7})
    while (answer := await sockets["bob"].receive_json_from(timeout=5))["type"] != "pong":
        pass
    assert answer["id"] == 7


async def test_a_session_deleted_unannounced_is_closed_by_the_heartbeat(ws, make_user, layer, settings):
    """A session removed without the logout signal (the session table
    cleared, its group message lost) closes its socket 4401 at the next
    heartbeat."""
    settings.CODEX_WS_HEARTBEAT = 0.05
    alice, bob = await sync_to_async(make_user)("alice"), await sync_to_async(make_user)("bob")
    match = await start_match([alice, bob])
    comm, connected, _ = await ws(f"/ws/match/{match.pk}/", alice)
    assert connected and (await comm.receive_json_from(timeout=5))["type"] == "state"
    await sync_to_async(Session.objects.all().delete)()
    while (message := await comm.receive_output(timeout=5))["type"] != "websocket.close":
        pass
    assert message["code"] == 4401


def test_still_logged_in_judges_a_session_as_django_does_and_changes_nothing(transactional_db, make_user):
    """signals.still_logged_in: True for a live session of that user; False
    for another user, no session, an unknown key, or after a password
    change; the stored session is left as it was."""
    from game.signals import still_logged_in

    alice, bob = make_user("alice"), make_user("bob")
    browser = Client()
    browser.force_login(alice)
    key = browser.session.session_key
    assert still_logged_in(key, alice.pk)
    assert not still_logged_in(key, bob.pk)
    assert not still_logged_in(None, alice.pk) and not still_logged_in("no-such-key", alice.pk)
    set_password_unannounced(alice, "update")
    assert not still_logged_in(key, alice.pk)
    assert Session.objects.filter(pk=key).exists()
