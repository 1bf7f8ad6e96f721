"""User-written names: the cleaning of every name a player types (display
names, deck names), and the rules of display names.

Every name a player writes goes through :func:`clean_name`: its plain form
(NFKC), then the character cleaning chat lines get too
(codexsite.usertext.visible_text: control and invisible format characters
such as bidirectional overrides and zero-width spaces removed,
blank-drawing letters read as spaces, at most MAX_MARKS combining marks on
a character, whitespace runs made one space and trimmed), then a length
check. A NUL or a lone
surrogate is one of the characters removed (they answered 500, issue 27).

A display name is 2 to 24 characters of letters, digits, spaces and . ' _ -
after that cleaning, at least one a letter or digit, and it is nobody
else's: no other account shows a name that looks like it, and it does not
look like a name the site itself shows (:func:`reserved_pattern`: "You",
the table bots' names, the puzzles' opponent, "seat 2"; a deck's name neither, as it is shown at
a seat, nor a starter deck's label, "Red starter", which a C-23 seat shows). So nobody
appears at a table under a friend's name (issue 11) or as a bot (issue 27).

"Looks like" is the confusable skeleton of Unicode TR 39 (section 4), read
from the confusables data of the confusable-homoglyphs library, of the
name's letters and digits alone (:func:`bare`: spaces, punctuation and
accents dropped, every script's digits read as 0-9): two names look alike
when their skeletons match after case folding (``sec_auth_a``,
``SEC AUTH а`` with a Cyrillic а; ``Miragioo`` and ``Mí ragíoo.``), or
before it (``Bill`` and ``BiII`` with capital i's). Each account stores
both keys of the name it shows (``name_keys``), and the database keeps
each key unique. A name the site shows is reserved with any number after
it ("You 2", "Greedy bot 05", "seat ٣"), so the bots' names stay theirs
at any table size (the tester's F6 of issue 27).
"""

import re
import unicodedata
from functools import lru_cache

from confusable_homoglyphs import confusables
from django.core.exceptions import ValidationError

from codexsite.usertext import visible_text

MIN_CHARS, MAX_CHARS = 2, 24
# The name the seat of a puzzle that never moves plays under (puzzles.services
# OPPONENT): a name the site shows at a seat, so reserved (reserved_pattern).
PUZZLE_OPPONENT = "Puzzle"
ALLOWED = re.compile(r"[^\W_]|[ .'_-]")  # a letter or digit (any script), or one of these
# The library wraps right-to-left glyphs in direction marks for display.
_DIRECTION_MARKS = str.maketrans("", "", "\u200e\u200f")


def _look_alikes(ch: str) -> list[str]:
    """The characters (or strings) the confusables data pairs with ``ch``."""
    found = confusables.is_confusable(ch, greedy=True)
    return [glyph["c"].translate(_DIRECTION_MARKS) for glyph in found[0]["homoglyphs"]] if found else []


@lru_cache(maxsize=8192)
def prototype(ch: str) -> str:
    """The TR 39 prototype of one character: the string every look-alike of
    it maps to (``"l"`` for ``"I"`` and ``"1"``, ``"a"`` for Cyrillic ``"а"``,
    ``"rn"`` for ``"m"``); the character itself when it has none.

    The data links each prototype with its look-alikes both ways: a
    character linked to exactly one other, which has several, is a
    look-alike of it; a pair linked only to each other stands for the
    smaller of the two.
    """
    alikes = _look_alikes(ch)
    if len(alikes) != 1:
        return ch
    other = alikes[0]
    if len(other) > 1 or len(_look_alikes(other)) > 1:
        return other
    return min(ch, other)


def skeleton(text: str) -> str:
    """The TR 39 skeleton of ``text``: NFD, each character to its prototype, NFD."""
    mapped = "".join(prototype(ch) for ch in unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", mapped)


def bare(text: str) -> str:
    """The letters and digits of ``text``: spaces, punctuation, symbols and
    accents (nonspacing marks, once decomposed) dropped, each decimal digit
    of any script as its ASCII digit ("٣" is "3")."""
    kept = []
    for ch in unicodedata.normalize("NFD", text):
        category = unicodedata.category(ch)
        if category == "Nd":
            kept.append(str(unicodedata.decimal(ch)))
        elif category[0] in "LN" or category in ("Mc", "Me"):  # spacing marks are part of some scripts' letters
            kept.append(ch)
    return "".join(kept)


def name_keys(name: str) -> tuple[str, str]:
    """The two keys under which ``name`` is taken: ``(folded, shaped)``.

    ``folded`` is the skeleton of the case-folded plain (NFKC) name, so case
    and look-alike letters of other scripts do not tell names apart;
    ``shaped`` is the case-folded skeleton of the plain name, so a capital I
    and a small l (one prototype) do not either. Both are of the name's
    :func:`bare` letters and digits, so spacing, punctuation and accents do
    not either. Two names clash when they share a key; a name without a
    letter or digit has empty keys.
    """
    plain = bare(unicodedata.normalize("NFKC", name))
    return bare(skeleton(plain.casefold())), bare(skeleton(bare(skeleton(plain)).casefold()))


def clean_name(value, what: str, min_chars: int, max_chars: int) -> str:
    """Any name a player writes, as it is kept and shown: its plain form
    (NFKC: full-width or mathematical letters become the letters they stand
    for) cleaned by codexsite.usertext.visible_text.

    ``what`` names the name in the refusal ("A deck's name"). Returns the
    clean name; raises django ValidationError with a sentence for the player
    when ``value`` is no text, or the clean name is shorter than
    ``min_chars`` or longer than ``max_chars`` characters (code points, as
    the database counts them).
    """
    if not isinstance(value, str):
        raise ValidationError(f"{what} is text of {min_chars} to {max_chars} characters.")
    name = visible_text(unicodedata.normalize("NFKC", value))
    if not min_chars <= len(name) <= max_chars:
        raise ValidationError(f"{what} is {min_chars} to {max_chars} characters.")
    return name


@lru_cache(maxsize=1)
def reserved_pattern() -> re.Pattern:
    """What the keys (:func:`name_keys`) of a name the site itself shows in
    place of a player's look like: "You" (the viewer, in the match page's
    lines and results), each table bot's name ("Greedy bot":
    game.standins.bot_name) and the puzzles' opponent (PUZZLE_OPPONENT),
    alone or with any number after them ("Greedy bot 3" is the bot of seat
    3), and the stand-ins for a name it does not know with a number ("seat
    2", "team 1")."""
    from game.standins import BOT_KINDS

    def keys(*names: str) -> str:
        return "|".join(sorted({re.escape(key) for name in names for key in name_keys(name)}, key=len, reverse=True))

    number = f"(?:{keys(*'0123456789')})"  # a digit's keys (a 1 and an l share one)
    shown = keys("You", PUZZLE_OPPONENT, *BOT_KINDS.values())
    return re.compile(f"(?:{shown}){number}*|(?:{keys('seat', 'team')}){number}+")


def starter_label(colour: str) -> str:
    """The name a C-23 starter deck of ``colour`` is shown under at a seat ("Red starter")."""
    return f"{colour.title()} starter"


@lru_cache(maxsize=1)
def _starter_keys() -> frozenset:
    from game.rules.tables import starter_decks

    return frozenset(key for colour in starter_decks() for key in name_keys(starter_label(colour)))


def require_not_reserved(name: str, what: str = "that name") -> None:
    """Raise django ValidationError with a sentence for the player when
    ``name`` (a display name, or a deck's name shown at a seat; ``what``
    names it in the sentence) looks like a name the site itself shows
    (:func:`reserved_pattern`) or a C-23 starter deck's label, which a
    seat shows for its deck (:func:`starter_label`, compared by
    :func:`name_keys`: the tester's F9); return None else."""
    keys = name_keys(name)
    if any(reserved_pattern().fullmatch(key) for key in keys):
        raise ValidationError(f"The site itself shows {what} (for you, a bot or a seat): pick another one.")
    if any(key in _starter_keys() for key in keys):
        raise ValidationError("The starter decks are called that: pick another name.")
