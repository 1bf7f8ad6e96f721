"""Limits per account across all its sockets (issue 27, point 8; game.accountrate):
one account's 16 sockets stored 1,568 chat lines in 5 s and sent 192 MB of
resync answers in 20 s, each socket within its own rate."""

import pytest
from asgiref.sync import sync_to_async

from game.accountrate import CHAT, wait_before
from game.models import ChatLine
from tests.server.matchkit import recv, start_match

pytestmark = pytest.mark.django_db(transaction=True)


async def answer_to(comm, msg_id) -> dict:
    """The message of ``comm`` that answers the frame ``msg_id`` (others' broadcasts skipped)."""
    while True:
        msg = await recv(comm)
        if msg.get("id") == msg_id:
            return msg


@pytest.fixture
async def many_pages(ws, make_user, layer):
    """Alice's match against Bob, Alice on it from three pages, Bob from one.
    Returns ``(match, alice's sockets, bob's socket)``."""
    alice, bob = await sync_to_async(make_user)("alice"), await sync_to_async(make_user)("bob")
    match = await start_match([alice, bob])
    comms = []
    for user in (alice, alice, alice, bob):
        comm, connected, _ = await ws(f"/ws/match/{match.pk}/", user)
        assert connected and (await recv(comm))["type"] == "state"
        comms.append(comm)
    return match, comms[:3], comms[3]


async def test_chat_lines_are_limited_per_account_across_its_sockets(many_pages, settings):
    """At 5 lines a minute, two lines from each of three pages of one
    account: five are kept and shown, the sixth is refused
    ``account_rate_limited`` (with when to try again) and not kept;
    another account still chats."""
    settings.CODEX_WS_ACCOUNT_CHAT_RATE = "5/min"
    match, pages, bob = many_pages
    answers = []
    for round_ in range(2):
        for index, page in enumerate(pages):
            msg_id = f"{round_}-{index}"
            await page.send_json_to({"type": "chat", "text": f"line {msg_id}", "id": msg_id})
            answers.append(await answer_to(page, msg_id))
    assert [a["type"] for a in answers] == ["chat"] * 5 + ["refused"]
    refused = answers[-1]
    assert refused["code"] == "account_rate_limited" and 0 < refused["retry_after"] <= 60
    assert "chat lines" in refused["reason"]
    kept = await sync_to_async(list)(ChatLine.objects.filter(match=match.pk).values_list("text", flat=True))
    assert kept == [f"line {r}-{i}" for r, i in ((0, 0), (0, 1), (0, 2), (1, 0), (1, 1))]
    await bob.send_json_to({"type": "chat", "text": "my turn to talk", "id": "b"})
    assert (await answer_to(bob, "b"))["type"] == "chat"


async def test_resyncs_are_limited_per_account_across_its_sockets(many_pages, settings):
    """At 4 resyncs a minute, two from each of three pages of one account:
    four get a state, the last two are refused ``account_rate_limited``;
    another account still resyncs."""
    settings.CODEX_WS_ACCOUNT_RESYNC_RATE = "4/min"
    _match, pages, bob = many_pages
    answers = []
    for round_ in range(2):
        for index, page in enumerate(pages):
            await page.send_json_to({"type": "resync", "id": f"{round_}-{index}"})
            answers.append(await recv(page))  # a resync's answer is for its page alone
    assert [a["type"] for a in answers] == ["state"] * 4 + ["refused"] * 2
    assert [a["code"] for a in answers[4:]] == ["account_rate_limited"] * 2
    await bob.send_json_to({"type": "resync", "id": "b"})
    assert (await recv(bob))["type"] == "state"


def test_the_limit_is_counted_per_account(settings, db):
    """The count of one account leaves another's alone, and a refusal says how long to wait."""
    settings.CODEX_WS_ACCOUNT_CHAT_RATE = "2/hour"
    assert [wait_before(CHAT, 1) for _ in range(2)] == [0, 0]
    assert 3000 < wait_before(CHAT, 1) <= 3600
    assert wait_before(CHAT, 2) == 0
