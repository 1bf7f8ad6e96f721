"""From a committed version to the frame each connection sends, with the
work shared inside one server process (docs/PROTOCOL.md "Inside the server").

- The group event of a version carries the state as JSON *text*: the
  in-memory channel layer deep-copies every message for every member, and
  the Redis layer packs it, so a text (immutable, one block) costs nothing
  there, where a nested state cost milliseconds per member
  (docs/BENCHMARKS.md, "Profile").
- Each process parses a version's state at most once (the process that
  applied the action not at all): the snapshots of recent versions are kept
  here, shared read-only by its connections.
- A spectator's view is the same for every spectator: rendered and encoded
  once per process and version. A seat's view is its own.
- A connection that asked for patches gets the changes since the last
  state it was sent (game/patch.py) when they are smaller than the state.
"""
import json
from collections import OrderedDict

from game.patch import patch_message
from game.services import Snapshot, render_for

VERSIONS_KEPT = 64  # recent (match, version) snapshots per process, with their spectator frames
SURELY_SMALLER = 2048  # bytes: a patch this small is sent without encoding the state to compare


class _Version:
    """One recent version in this process: its snapshot and the frames made
    for spectators (the state message and its text, None until needed;
    patch texts by base)."""

    __slots__ = ("snapshot", "spectator", "patches")

    def __init__(self, snapshot: Snapshot):
        self.snapshot = snapshot
        self.spectator = None
        self.patches = {}


class _Recent:
    """The last VERSIONS_KEPT versions, by event key and by state object.

    An entry holds its snapshot, so the state's ``id`` cannot be reused
    while the entry is here.
    """

    def __init__(self, size: int):
        self.size = size
        self.by_key = OrderedDict()
        self.by_state = {}

    def get(self, key) -> _Version | None:
        """The entry under ``key`` (now the most recent), or None."""
        entry = self.by_key.get(key)
        if entry is not None:
            self.by_key.move_to_end(key)
        return entry

    def of(self, snapshot: Snapshot) -> _Version | None:
        """The entry holding this very snapshot's state, or None."""
        entry = self.by_state.get(id(snapshot.state))
        return entry if entry is not None and entry.snapshot.state is snapshot.state else None

    def put(self, key, snapshot: Snapshot) -> _Version:
        """Keep ``snapshot`` under ``key``, forgetting the oldest beyond the size."""
        entry = _Version(snapshot)
        old = self.by_key.pop(key, None)
        if old is not None:
            self.by_state.pop(id(old.snapshot.state), None)
        self.by_key[key] = entry
        self.by_state[id(snapshot.state)] = entry
        while len(self.by_key) > self.size:
            _, gone = self.by_key.popitem(last=False)
            self.by_state.pop(id(gone.snapshot.state), None)
        return entry


_versions = _Recent(VERSIONS_KEPT)


def encode(message: dict) -> str:
    """The compact JSON text of one server message."""
    return json.dumps(message, separators=(",", ":"))


def version_event(match_id: int, snapshot: Snapshot) -> dict:
    """The ``match.version`` group event for a committed ``snapshot`` of
    match ``match_id`` (the state as JSON text); remembers the snapshot so
    this process's connections need not parse it."""
    text = json.dumps(snapshot.state)
    _versions.put((match_id, snapshot.version, hash(text)), snapshot)
    return {"type": "match.version", "version": snapshot.version, "state": text,
            "status": snapshot.status, "result": snapshot.result}


def event_snapshot(match_id: int, event: dict) -> Snapshot:
    """The Snapshot of a ``match.version`` event of match ``match_id``,
    parsed once per process (the returned state is shared: read it only).
    The text's hash is part of the key: a reused match id never meets an
    old match's state."""
    key = (match_id, event["version"], hash(event["state"]))
    entry = _versions.get(key)
    if entry is None:
        snapshot = Snapshot(event["version"], json.loads(event["state"]), event["status"], event["result"])
        entry = _versions.put(key, snapshot)
    return entry.snapshot


def frame_for(snapshot: Snapshot, seat: int | None, previous: dict | None) -> tuple[str, dict]:
    """What one connection of ``seat`` (None: a spectator) sends for ``snapshot``.

    ``previous``: the last ``state`` message this connection sent (in full
    or as a patch), when it asked for patches; None for a full state.
    Returns ``(text to send, the state message it stands for)``: a ``patch``
    from ``previous`` when that is the smaller frame, else the full state.
    A spectator's frames for a recent version are made once per process and
    shared: read the message only.
    """
    entry = _versions.of(snapshot) if seat is None else None
    if entry is not None and entry.spectator is not None:
        message, full = entry.spectator
    else:
        message, full = render_for(snapshot, seat), None
        if entry is not None:
            entry.spectator = (message, None)
    if previous is not None and previous["version"] < snapshot.version:
        patch = entry.patches.get(previous["version"]) if entry is not None else None
        if patch is None:
            patch = encode(patch_message(previous, message))
            if entry is not None:
                entry.patches[previous["version"]] = patch
        if len(patch) <= SURELY_SMALLER:
            return patch, message
    else:
        patch = None
    if full is None:
        full = encode(message)
        if entry is not None:
            entry.spectator = (message, full)
    return (patch if patch is not None and len(patch) < len(full) else full), message
