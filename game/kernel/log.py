"""The game log every game keeps in its state: numbered lines, each with
its audience (issue 27: who reads a line follows from the cards it names,
never from the caller).

A line is ``{"n": number, "text": str}`` for everyone, with ``"to":
[seats]`` when only those seats may read it, or with the game's veiled key
(Codex ``"not_to"``, Arcane ``"hide"``: the seats that read the named
line instead) on the same event told without the hidden names. The line
number lives in the state under the game's counter key (Codex and C-23
``"log_seq"``, Arcane ``"log_n"``; stored states keep theirs,
docs/ENGINE.md "Kernel"); the state keeps the last ``keep`` lines only.
A line is never changed once written (copies and views share them).
"""

from collections.abc import Iterable
from dataclasses import dataclass

from .types import Event, State

Readers = set[int] | None  # None: everyone


def audience(seers: Iterable[Readers]) -> Readers:
    """The seats that may read a line naming cards whose seers are
    ``seers`` (each: a set of seats, or None for a card everyone sees):
    the seats that see them all, or None when every card is public."""
    readers: Readers = None
    for seen_by in seers:
        if seen_by is not None:
            readers = seen_by if readers is None else readers & seen_by
    return readers


@dataclass(frozen=True)
class LogBook:
    """How one game numbers and keeps its log: ``seq_key`` the state's
    line counter, ``keep`` the lines kept, ``veiled_key`` the key of a
    veiled line's excluded seats."""

    seq_key: str
    keep: int = 400
    veiled_key: str = "not_to"

    def append(self, state: State, entry: Event) -> None:
        """Number ``entry`` (a new dict: ``{"n", **entry}``) and append it;
        drop the oldest lines beyond ``keep``."""
        n = state[self.seq_key] = state[self.seq_key] + 1
        lines = state["log"]
        lines.append({"n": n, **entry})
        if len(lines) > self.keep:
            del lines[: len(lines) - self.keep]

    def write(self, state: State, text: str, readers: Readers = None, veiled: str | None = None) -> None:
        """Log ``text`` for ``readers`` (None: everyone; see
        :func:`audience`). A line nobody may read is not written; when
        ``veiled`` (the same event without the hidden names) is given it
        goes to everyone else: with ``veiled_key`` listing ``readers``, or
        to all when nobody reads ``text``."""
        if readers is None:
            self.append(state, {"text": text})
            return
        if readers:
            self.append(state, {"text": text, "to": sorted(readers)})
        if veiled is not None:
            self.append(state, {"text": veiled, self.veiled_key: sorted(readers)} if readers else {"text": veiled})

    def since(self, state: State, before: int) -> list[Event]:
        """The lines numbered after ``before`` (the events of an action:
        the last lines of the log, found from its end)."""
        lines: list[Event] = state["log"]
        first = len(lines)
        while first and lines[first - 1]["n"] > before:
            first -= 1
        return lines[first:]
