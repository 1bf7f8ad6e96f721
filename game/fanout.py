"""From a committed version to the frame each connection sends, with the
work shared inside one server process (docs/PROTOCOL.md "Inside the server").

- A version reaches this process's connections by a direct call
  (game.delivery); the event that carries it to the other processes holds
  the state as JSON *text*: the Redis layer packs it, so a text (immutable,
  one block) costs nothing there, where a nested state cost milliseconds.
- Each process parses a version's state at most once (the process that
  applied the action not at all): the newest snapshot of each match, and
  the one before it, are kept here, shared read-only by its connections
  (also one read from the database, game.statecache, for a connection or
  a resync: found by its state object). A connection that handles a
  version after the next one came (most do, under load) finds its frames
  here instead of rendering them again.
- A viewer class's view (each seat's; the spectators', the same for every
  spectator) is rendered and encoded once per process and version, and its
  patch once per base version, whatever the number of its connections.
- A connection that asked for patches gets the changes since the last
  state it was sent (game/patch.py) when they are smaller than the state.
"""

from collections import OrderedDict

from game import jsontext, statecache
from game.patch import patch_message
from game.services import render_for
from game.statereads import Snapshot

MATCHES_KEPT = 1000  # matches whose two newest versions this process keeps, with their frames
SURELY_SMALLER = 2048  # bytes: a patch this small is sent without encoding the state to compare


class _Version:
    """A kept version of a match in this process: its snapshot, the hash
    of its event's state text (None when read from the database), the
    frames made for each viewer class (``frames[seat]``, seat None for
    spectators: the state message and its text, None until needed;
    ``patches[(seat, base)]``: patch texts), the engine's memo shared by
    their renders (``memo``: game.services.render_for), and ``before``:
    the entry of the version kept before it (None when this one is no
    longer the newest, or none was)."""

    __slots__ = ("snapshot", "text_hash", "frames", "patches", "memo", "before")

    def __init__(self, snapshot: Snapshot, text_hash: int | None):
        self.snapshot = snapshot
        self.text_hash = text_hash
        self.frames = {}
        self.patches = {}
        self.memo = {}
        self.before = None


class _Newest:
    """The newest version of each of the last MATCHES_KEPT matches, and
    the one before it, by match and by state object. Two versions per
    match: an older one's state and frames are let go as soon as two newer
    ones came (its connections hold what they sent last), so a live match
    costs at most two states and two sets of frames (docs/BENCHMARKS.md
    "Memory"), and a connection still sending the version before the
    newest renders nothing again (issue 29). An entry holds its snapshot,
    so the state's ``id`` cannot be reused while it is here.
    """

    def __init__(self, size: int):
        self.size = size
        self.by_match = OrderedDict()
        self.by_state = {}

    def get(self, match_id: int, version: int, text_hash: int) -> _Version | None:
        """The entry of that match, version and event text, or None."""
        newest = self.by_match.get(match_id)
        for entry in (newest, newest and newest.before):
            if entry is not None and entry.snapshot.version == version and entry.text_hash == text_hash:
                self.by_match.move_to_end(match_id)
                return entry
        return None

    def of(self, snapshot: Snapshot) -> _Version | None:
        """The entry holding this very snapshot's state, or None."""
        entry = self.by_state.get(id(snapshot.state))
        return entry if entry is not None and entry.snapshot.state is snapshot.state else None

    def put(self, match_id: int, snapshot: Snapshot, text_hash: int | None) -> _Version:
        """Keep ``snapshot`` as match ``match_id``'s newest entry, the
        newest one before it as its ``before``, unless the one kept is newer
        (then a passing entry is returned, kept nowhere); forgets the entry
        before that, and the least recent matches beyond the size. The
        entry kept for this very state object is returned as it is."""
        old = self.by_match.get(match_id)
        if old is not None and old.snapshot.state is snapshot.state:
            self.by_match.move_to_end(match_id)
            return old
        entry = _Version(snapshot, text_hash)
        if old is not None and old.snapshot.version > snapshot.version:
            return entry
        if old is not None:
            self._drop(old.before)
            old.before = None
            entry.before = old
        self.by_match[match_id] = entry
        self.by_match.move_to_end(match_id)
        self.by_state[id(snapshot.state)] = entry
        while len(self.by_match) > self.size:
            dropped = self.by_match.popitem(last=False)[1]
            self._drop(dropped.before)
            self._drop(dropped)
        return entry

    def _drop(self, entry: _Version | None) -> None:
        """Forget ``entry``'s state object, unless a newer entry holds it."""
        if entry is not None and self.by_state.get(id(entry.snapshot.state)) is entry:
            del self.by_state[id(entry.snapshot.state)]


_versions = _Newest(MATCHES_KEPT)


def encode(message: dict) -> str:
    """The compact JSON text of one server message."""
    return jsontext.dumps(message)


def keep(match_id: int, snapshot: Snapshot) -> Snapshot:
    """Keep the committed ``snapshot`` of match ``match_id`` as the match's
    newest version here (without its text), so this process's connections
    render from it; returns the kept snapshot (read it only). Keeping the
    same state again changes nothing (its frames stay)."""
    text_hash = None if snapshot.text is None else hash(snapshot.text)
    return _versions.put(match_id, statecache.without_text(snapshot), text_hash).snapshot


def version_event(match_id: int, snapshot: Snapshot) -> dict:
    """The ``match.version`` event that carries a committed ``snapshot`` of
    match ``match_id`` to the other worker processes (game.delivery): the
    state as JSON text (the stored text, or encoded when the snapshot has
    none). Keeps the snapshot here too (keep)."""
    keep(match_id, snapshot)
    text = snapshot.text if snapshot.text is not None else jsontext.dumps(snapshot.state)
    return {
        "type": "match.version",
        "match": match_id,
        "version": snapshot.version,
        "state": text,
        "status": snapshot.status,
        "result": snapshot.result,
        "created": snapshot.created,
    }


def event_snapshot(match_id: int, event: dict) -> Snapshot:
    """The Snapshot of a ``match.version`` event of match ``match_id``,
    parsed once per process (the returned state is shared: read it only)
    and kept as the match's newest state here (game.statecache), so this
    process's next action of the match need not read it again. The text's
    hash is part of the key: a reused match id never meets an old match's
    state."""
    text_hash = hash(event["state"])
    entry = _versions.get(match_id, event["version"], text_hash)
    if entry is None:
        created = event.get("created")
        snapshot = Snapshot(
            event["version"], jsontext.loads(event["state"]), event["status"], event["result"], created=created
        )
        entry = _versions.put(match_id, snapshot, text_hash)
        if created is not None:
            statecache.put(match_id, created, snapshot)
    return entry.snapshot


def frame_for(match_id: int, snapshot: Snapshot, seat: int | None, previous: dict | None) -> tuple[str, dict]:
    """What one connection of ``seat`` (None: a spectator) of match
    ``match_id`` sends for ``snapshot``.

    ``previous``: the last ``state`` message this connection sent (in full
    or as a patch), when it asked for patches; None for a full state.
    Returns ``(text to send, the state message it stands for)``: a ``patch``
    from ``previous`` when that is the smaller frame, else the full state.
    For a match's two newest versions the frames of each viewer class (each
    seat, the spectators) are made once per process and shared by its
    connections (a seat's message once, its patch once per base version):
    read the message only.
    """
    entry = _versions.of(snapshot) or _versions.put(match_id, snapshot, None)
    frames = entry.frames.get(seat)
    if frames is not None:
        message, full = frames
    else:
        message, full = render_for(snapshot, seat, entry.memo), None
        entry.frames[seat] = (message, None)
    if previous is not None and previous["version"] < snapshot.version:
        key = (seat, previous["version"])
        patch = entry.patches.get(key)
        if patch is None:
            patch = encode(patch_message(previous, message))
            entry.patches[key] = patch
        if len(patch) <= SURELY_SMALLER:
            return patch, message
    else:
        patch = None
    if full is None:
        full = encode(message)
        entry.frames[seat] = (message, full)
    return (patch if patch is not None and len(patch) < len(full) else full), message
