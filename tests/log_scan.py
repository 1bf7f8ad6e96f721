"""A check of every log line each audience reads, shared by the three
games' log audience tests (issue 27, point 1): a line must name no card of
a hidden zone that this audience could not see, and carries only its "n" and
"text" (no audience field such as "to" or "hide").

It knows nothing of how an engine decides who reads a line: it reads the
views each audience is given, action after action, as a client would. A
card name a view shows anywhere but in its log (a hand, a pile, the board,
a prompt) is one that audience could see; a line read after an action may
name only the cards its audience could see in the view before the action
or the view after it, or that the action itself showed everyone (a card
played face up). Anything else is a leak: reported, with the line, the
audience and the action.
"""

import re

# The log's key in every game's view.
LOG = "log"


class NameMatcher:
    """Finds the card names of a game in a text: whole names only (not
    "Spark" in "sparkshot", not "Hunter" in "Hunters"), the longest name
    first where names overlap ("Fire Dart" before "Dart")."""

    def __init__(self, names, word_edges: bool = True):
        """``names``: every name a hidden card may have. ``word_edges``:
        whether a name must stand between word edges (False for names made
        of symbols, such as Arcane Codex's "7\u2666")."""
        ordered = sorted(set(names), key=len, reverse=True)
        alternatives = "|".join(re.escape(n) for n in ordered)
        self.pattern = re.compile(
            rf"(?<![\w'])(?:{alternatives})(?![\w'])" if word_edges else rf"(?:{alternatives})(?!\d)"
        )

    def names_in(self, text: str) -> set:
        """The card names ``text`` contains."""
        return set(self.pattern.findall(text))


def strings_of(value, skip_key: str = LOG):
    """Every string (dict keys included) inside a view, but under
    ``skip_key`` (the log)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            if key == skip_key:
                continue
            yield key
            yield from strings_of(item, skip_key)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from strings_of(item, skip_key)


class LogScan:
    """Follows the views of every audience through one game.

    ``audiences``: the viewers to follow (seats and None, the spectators).
    ``view_of(state, audience)``: the game's view. ``matcher``: the
    game's :class:`NameMatcher`. ``id_names``: ``{card id or code: name}``
    for the ids a view shows in place of a name (Codex's codex lists card
    ids). ``shown_by(action, seat, before, audience)``: the names the
    action itself shows ``audience`` (a card played face up; a card whose
    text looks at or reveals hidden cards), ``before`` being the views of
    every audience before the action. ``told(text)``: the part of a line
    to read (a game may leave out phrases that name what it showed
    everyone earlier). ``failures``: what was found, one line each.
    """

    def __init__(self, label: str, audiences, view_of, matcher: NameMatcher, id_names=None, shown_by=None, told=None):
        self.label = label
        self.audiences = list(audiences)
        self.view_of = view_of
        self.matcher = matcher
        self.id_names = id_names or {}
        self.shown_by = shown_by
        self.told = told or (lambda text: text)
        self.failures = []
        self.lines_read = 0
        self._seen = {}
        self._last_n = {}
        self._views = {}

    def _visible(self, view: dict) -> set:
        names = set()
        for text in strings_of(view):
            names |= self.matcher.names_in(text)
            if text in self.id_names:
                names.add(self.id_names[text])
        return names

    def start(self, state: dict) -> None:
        """Take the first views (before any action)."""
        for who in self.audiences:
            view = self.view_of(state, who)
            self._views[who] = view
            self._seen[who] = self._visible(view)
            self._last_n[who] = max((e["n"] for e in view[LOG]), default=0)
            self._scan(who, view[LOG], self._seen[who], "the start")

    def after(self, state: dict, seat, action: dict) -> None:
        """Check the lines each audience reads after ``action`` of ``seat``."""
        before = dict(self._views)
        asked = (before[seat].get("prompt") or {}).get("text")
        when = f"seat {seat}'s {action}" + (f", answering {asked!r}" if asked else "")
        for who in self.audiences:
            shown = set(self.shown_by(action, seat, before, who)) if self.shown_by else set()
            view = self.view_of(state, who)
            seen = self._visible(view)
            fresh = [e for e in view[LOG] if e["n"] > self._last_n[who]]
            self._scan(who, fresh, seen | self._seen[who] | shown, when)
            self._views[who] = view
            self._seen[who] = seen
            if view[LOG]:
                self._last_n[who] = max(self._last_n[who], view[LOG][-1]["n"])

    def _scan(self, who, lines: list, could_see: set, when: str) -> None:
        for entry in lines:
            self.lines_read += 1
            if set(entry) != {"n", "text"}:  # an audience field ("to", "hide") tells who else reads what
                audience = "spectators" if who is None else f"seat {who}"
                self.failures.append(
                    f"{self.label}: {audience} got the log line {entry!r}, not exactly its n and text (after {when})"
                )
            for card in sorted(self.matcher.names_in(self.told(entry["text"])) - could_see):
                audience = "spectators" if who is None else f"seat {who}"
                self.failures.append(
                    f"{self.label}: {audience} read {entry['text']!r} "
                    f"naming {card}, a card it could not see (after {when})"
                )


def card_name_in(view: dict, card_id: str, id_key: str, name_key: str = "name"):
    """The name of the card ``card_id`` in ``view`` (any dict whose
    ``id_key`` is it), or None when the view does not show it."""
    stack = [view]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            if value.get(id_key) == card_id and name_key in value:
                return value[name_key]
            stack.extend(v for k, v in value.items() if k != LOG)
        elif isinstance(value, list):
            stack.extend(value)
    return None
