"""Match chat: the cleaning of a line (docs/PROTOCOL.md "Chat text"), and
the lines kept in the database, so a page opened again gets the recent
conversation back (``chat_history``)."""
import unicodedata

from game.models import ChatLine

HISTORY_LINES = 50
MAX_MARKS = 2  # combining marks kept on one character (docs/RULINGS.md "Server: chat text")
# Letters and symbols that draw nothing: a line of them looks empty, so they count as spaces.
BLANKS = frozenset("\u115f\u1160\u2800\u3164\uffa0")  # Hangul fillers, Braille blank
ZWJ = "\u200d"  # zero-width joiner: kept between two visible characters (emoji sequences, Indic forms)


def clean(text: str) -> str:
    """The chat line ``text`` as it is kept and shown: every run of
    whitespace (newlines, tabs, any Unicode space) one space, trimmed;
    characters that draw nothing (BLANKS) count as whitespace; other
    control and invisible format characters removed, but a zero-width
    joiner between two visible characters (an emoji family, a Devanagari
    half form); at most MAX_MARKS combining marks on one character (the
    rest, and marks with no letter under them, removed); composed (Unicode
    NFC). May return "".

    Source: issue 11, finding 13 (a newline glued two lines together; 499
    accents on one letter were accepted); a line of Hangul fillers looked
    empty but was sent, and emoji sequences were split (session 3 notes).
    """
    kept = []
    marks = None  # marks on the last character; None: nothing to put a mark on
    for ch in unicodedata.normalize("NFD", text):
        if ch.isspace() or ch in BLANKS:
            kept.append(" ")
            marks = None
        elif ch == ZWJ:
            if marks is not None:  # after a visible character (and its marks)
                kept.append(ch)
                marks = None  # what follows must be a character, not a mark
        elif unicodedata.category(ch).startswith("M"):
            if marks is not None and marks < MAX_MARKS:
                kept.append(ch)
                marks += 1
        elif ch.isprintable():
            kept.append(ch)
            marks = 0
    # A joiner is never kept after a joiner; one with no character after it goes.
    line = "".join(kept).replace(ZWJ + " ", " ").removesuffix(ZWJ)
    return unicodedata.normalize("NFC", " ".join(line.split()))


def record(match_id: int, seat: int | None, name: str, text: str) -> None:
    """Keep one chat line of a match: the sender's seat (None for a
    spectator), public name and the cleaned text."""
    ChatLine.objects.create(match_id=match_id, seat=seat, name=name, text=text)


def recent(match_id: int) -> list:
    """The match's last HISTORY_LINES chat lines, oldest first:
    ``[{"from": name, "seat": int | None, "text": str}, ...]``."""
    lines = ChatLine.objects.filter(match_id=match_id).order_by("-id").values_list("name", "seat", "text")
    return [{"from": name, "seat": seat, "text": text} for name, seat, text in reversed(lines[:HISTORY_LINES])]
