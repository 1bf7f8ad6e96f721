"""The character cleaning of every text a player writes: chat lines
(game.chat) and names (lobby.names), one cleaning for both (issue 27). Pure
Python, below the apps that use it (docs/ARCHITECTURE.md "Layers")."""

import unicodedata

MAX_MARKS = 2  # combining marks kept on one character (docs/RULINGS.md "Server: chat text")
# Letters and symbols that draw nothing: a text of them looks empty, so they count as spaces.
BLANKS = frozenset("\u115f\u1160\u2800\u3164\uffa0")  # Hangul fillers, Braille blank
ZWJ = "\u200d"  # zero-width joiner: kept between two visible characters (emoji sequences, Indic forms)
QUOTED_CHARS = 40  # characters of a value sent that a refusal repeats at most (clipped)


def clipped(value, limit: int = QUOTED_CHARS) -> str:
    """``value`` (any: its str) as a refusal may repeat it: at most ``limit``
    characters, the last one "…" when it was longer. No refusal repeats a
    value sent whole (README: a 10,000-character address made a sentence,
    and a page, as wide as itself; the tester's F6)."""
    text = str(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def visible_text(text: str) -> str:
    """``text`` as it is kept and shown: every run of whitespace (newlines,
    tabs, any Unicode space) one space, trimmed; characters that draw
    nothing (BLANKS) count as whitespace; other control and invisible
    format characters removed (a NUL, a lone surrogate, bidirectional
    overrides, zero-width spaces), but a zero-width joiner between two
    visible characters (an emoji family, a Devanagari half form); at most
    MAX_MARKS combining marks on one character (the rest, and marks with no
    letter under them, removed); composed (Unicode NFC). May return "".

    Source: issue 11, finding 13 (a newline glued two chat lines together;
    499 accents on one letter were accepted); a line of Hangul fillers
    looked empty but was sent, and emoji sequences were split (session 3
    notes); deck names kept all of these (issue 27).
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
