"""Chat text cleaning (game.chat.clean; docs/PROTOCOL.md "Chat text"): what
a line becomes before it is kept and broadcast, and what is refused."""

import unicodedata

import pytest
from asgiref.sync import sync_to_async

from codexsite.usertext import MAX_MARKS
from game import chat
from game.models import ChatLine
from tests.server.matchkit import recv, start_match

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize(
    "text, cleaned",
    [
        ("line1\nline2", "line1 line2"),  # a newline is a space, not nothing
        ("line1\r\n\r\nline2", "line1 line2"),  # and several collapse into one
        ("a\tb\t\tc", "a b c"),
        ("a  \u00a0 b", "a b"),  # any run of spaces, a no-break space too
        ("  gg  ", "gg"),
        ("bell\u0007 here", "bell here"),  # other control characters go
        ("zero\u200bwidth", "zerowidth"),  # so do invisible format characters
        ("<b>hi</b> & bye", "<b>hi</b> & bye"),  # plain text: nothing else is touched
        ("a\u3164\u3164b", "a b"),  # blank-looking letters (Hangul filler) are spaces
        ("\u2800\u115f\u1160\uffa0", ""),  # so are the Braille blank and the other fillers
        ("joined\u200d", "joined"),  # a zero-width joiner with nothing to join goes
    ],
)
def test_spaces_and_control_characters(text, cleaned):
    assert chat.clean(text) == cleaned


def _marks_per_base(text: str) -> list:
    """How many combining marks follow each base character (decomposed)."""
    counts = []
    for ch in unicodedata.normalize("NFD", text):
        if unicodedata.category(ch).startswith("M") and counts:
            counts[-1] += 1
        else:
            counts.append(0)
    return counts


def test_combining_marks_are_capped_per_character():
    """'Zalgo' text: 499 accents on one letter keep MAX_MARKS; every other
    letter keeps its own."""
    cleaned = chat.clean("e" + "\u0301" * 499 + "x" + "\u0300\u0302" * 10)
    assert _marks_per_base(cleaned) == [MAX_MARKS, MAX_MARKS]
    assert unicodedata.normalize("NFD", cleaned).startswith("e\u0301\u0301")


@pytest.mark.parametrize(
    "text",
    [
        "Tiếng Việt có dấu",  # two marks on one letter
        "café crème",
        "שָׁלוֹם",  # Hebrew points
        "नमस्ते दुनिया",  # Devanagari vowel signs and virama
        "keycap 1\ufe0f\u20e3",  # an emoji keycap: two marks
        "family \U0001f468\u200d\U0001f469\u200d\U0001f467",  # emoji joined by zero-width joiners
        "\u0915\u094d\u200d\u0937",  # Devanagari half form: a joiner between letters
    ],
)
def test_real_writing_is_kept(text):
    assert chat.clean(text) == unicodedata.normalize("NFC", text)


@pytest.fixture
async def seated(make_user, ws, layer):
    alice, bob = [await sync_to_async(make_user)(n) for n in ("alice", "bob")]
    match = await start_match([alice, bob])
    comms = []
    for user in (alice, bob):
        comm, connected, _ = await ws(f"/ws/match/{match.pk}/", user)
        assert connected and (await recv(comm))["type"] == "state"
        comms.append(comm)
    return match, comms


async def test_a_multiline_message_is_broadcast_and_kept_cleaned(seated):
    match, (alice, bob) = seated
    await alice.send_json_to({"type": "chat", "id": 1, "text": "line1\nline2\t" + "o" + "\u0308" * 300})
    expected = "line1 line2 " + unicodedata.normalize("NFC", "o" + "\u0308" * MAX_MARKS)
    for comm in (alice, bob):
        assert (await recv(comm))["text"] == expected
    assert await sync_to_async(list)(ChatLine.objects.filter(match=match).values_list("text", flat=True)) == [expected]


@pytest.mark.parametrize("text", ["\n\t\r\n", "\u0301" * 3 + " "])
async def test_a_line_that_cleans_to_nothing_is_refused(seated, text):
    """Only whitespace (or marks with no letter, which is not a message
    either) is refused with bad_chat; nothing is kept."""
    match, (alice, bob) = seated
    await alice.send_json_to({"type": "chat", "id": 2, "text": text})
    reply = await recv(alice)
    assert reply["type"] == "refused" and reply["code"] == "bad_chat" and reply["reason"]
    assert await bob.receive_nothing(timeout=0.2)
    assert not await sync_to_async(ChatLine.objects.filter(match=match).exists)()
