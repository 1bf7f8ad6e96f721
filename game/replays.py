"""Replays of finished matches (issue 14 point 11): every step of a match,
as one viewer sees it, rebuilt from its config and action log with the
engine (game.rules new_game, apply_action, view).

Step ``k`` (0 to the match version) is the view after the first ``k``
actions of the log; step 0 is the start. A viewer is a seat (a player of
the match, who replays their own seat's view) or None (the spectators'
view, which shows no hand or deck: the engine's view hides them).

A finished match never changes, so the steps of one (match, viewer) are
built once and kept in the database (``ReplayStep``), keyed by the digest
of the engine code that built them (:func:`engine_version`): every worker
reads them, a restart keeps them, a changed engine builds them again. A
request reads the index (no views) or one step, never the whole replay
(issue 27 point 7: ten replays fetched from four threads, eight kept per
worker, held 85 % of a core for seconds).
"""

import hashlib
import threading
from functools import lru_cache
from pathlib import Path

from django.db import transaction

from game import rules, takeback
from game.models import Match, ReplayStep
from game.positions import start_state

SPECTATORS = -1  # ReplayStep.viewer of the spectators' view
# The engine's code: a change in any of these files makes the kept replays another engine's.
ENGINE_PACKAGES = ("rules", "codex", "arcane", "c23", "kernel")
INDEX_FIELDS = ("at", "seat", "action", "turn", "phase")
_BUILDING = threading.Lock()  # one build at a time in a worker: a replay asked twice at once is built once


class NotFinished(Exception):
    """The match is still being played: it has no replay yet."""


@lru_cache(maxsize=1)
def engine_version() -> str:
    """A digest (16 hex digits) of the engine's code and data (the .py and
    .json files of game/rules, game/codex, game/arcane, game/c23, game/kernel): the
    key under which replays are kept."""
    digest = hashlib.sha256()
    root = Path(__file__).resolve().parent
    for package in ENGINE_PACKAGES:
        for path in sorted((root / package).rglob("*")):
            if path.suffix in (".py", ".json") and path.is_file():
                digest.update(str(path.relative_to(root)).encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def index(match: Match, seat: int | None) -> list:
    """The replay's index of the finished ``match`` for viewer ``seat``:
    ``[{"at", "seat", "action", "turn", "phase"}]`` for every step, in
    order (the steps without their views; see :func:`steps`). Builds and
    keeps the replay the first time. Raises NotFinished for a match in play."""
    return _read(match, seat, lambda kept: list(kept.order_by("at").values(*INDEX_FIELDS)))


def step(match: Match, seat: int | None, at: int) -> dict | None:
    """Step ``at`` of the finished ``match``'s replay for viewer ``seat``:
    ``{"at", "seat", "action", "turn", "phase", "view"}``, or None past the
    last step. Builds and keeps the replay the first time. Raises
    NotFinished for a match in play."""
    if not 0 <= at <= match.version:  # steps 0 to the version: nothing to read past them
        _finished(match)
        return None
    return _read(match, seat, lambda kept: kept.filter(at=at).values(*INDEX_FIELDS, "view").first())


def steps(match: Match, seat: int | None) -> list:
    """Every step of the finished ``match`` as viewer ``seat`` sees it:
    a list of ``{"at": k, "seat": actor|None, "action": dict|None, "turn",
    "phase", "view"}`` for k = 0..version (step 0 has no actor nor action;
    the action as the viewer may read it, game.rules.action_for: the
    engine's one visibility policy).

    Raises NotFinished for a match in play; ``game.rules.RulesError`` if
    the log does not replay (it always does: the engine is deterministic).
    """
    return _read(match, seat, lambda kept: list(kept.order_by("at").values(*INDEX_FIELDS, "view")))


def _read(match: Match, seat: int | None, read):
    """``read(kept)`` of the kept steps of ``match`` for viewer ``seat`` (a
    queryset); when it finds nothing (empty or None) and no step is kept
    for this engine, the replay is built first and read again. Raises
    NotFinished for a match in play."""
    _finished(match)
    viewer = SPECTATORS if seat is None else seat
    kept = ReplayStep.objects.filter(match=match, viewer=viewer, engine=engine_version())
    found = read(kept)
    if found or kept.exists():
        return found
    with _BUILDING:
        if not kept.exists():  # built by another thread meanwhile
            _build(match, seat, viewer)
    return read(kept)


def _finished(match: Match) -> None:
    """Raise NotFinished when ``match`` is still being played."""
    if match.status != Match.Status.FINISHED:
        raise NotFinished(match.pk)


def _build(match: Match, seat: int | None, viewer: int) -> None:
    """Replay ``match``'s log with the engine and keep every step for
    ``viewer`` (dropping those another engine built)."""
    state = start_state(match.config)
    engine = engine_version()
    rows = [_step(match, viewer, engine, 0, None, None, state, seat)]
    done: list = []  # the (seat, action) pairs that made ``state`` (game.takeback.effective)
    for entry in match.actions.order_by("seq").only("seq", "seat", "action"):
        done.append((entry.seat, entry.action))
        if entry.action.get("type") == takeback.TAKE_BACK:  # the state before the actions it undid
            done = takeback.effective(done)
            state = takeback.state_after(match.config, done)
        else:
            state, _events = rules.apply_action(state, entry.seat, entry.action)
        rows.append(
            _step(
                match,
                viewer,
                engine,
                entry.seq,
                entry.seat,
                rules.action_for(state, entry.seat, entry.action, seat),
                state,
                seat,
            )
        )
    with transaction.atomic():
        ReplayStep.objects.filter(match=match, viewer=viewer).exclude(engine=engine).delete()
        # Another worker may have built it at the same moment: the same rows, kept once.
        ReplayStep.objects.bulk_create(rows, batch_size=200, ignore_conflicts=True)


def _step(match, viewer, engine, at, actor, action, state, seat) -> ReplayStep:
    view = rules.view(state, seat)
    return ReplayStep(
        match=match,
        viewer=viewer,
        engine=engine,
        at=at,
        seat=actor,
        action=action,
        turn=view.get("turn"),
        phase=view.get("phase"),
        view=view,
    )
