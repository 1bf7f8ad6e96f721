"""Quick pairing, "Play now" (issue 33 point 3): a queue per game and mode,
live or turn-based, rated or casual, that seats people of near ratings and
widens what "near" means the longer they wait.

A request carries what the player would pick at a table (heroes, or a
C-23 deck; none: drawn at random when paired), so a pairing makes the
table, seats everyone ready and starts the match at once
(lobby.arranged, as a tournament's boards): no host to wait for among
strangers. The matching
itself (:func:`groups`) is pure and tested alone; :func:`pair_waiting`
runs it over the queue in one transaction with the waiting rows locked,
from the join request, the page's polls and a once-a-minute task
(community.tasks) for turn-based requests, whose players are not on the
page. docs/RULINGS.md "Quick pairing" says why these numbers.
"""

import math
from dataclasses import dataclass
from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from codexsite.usertext import clipped
from community.errors import CommunityError
from community.families import family_of
from community.models import PairingRequest, Rating
from community.skill import START
from game import turnbased
from game.rules import tables
from lobby.arranged import arrange_match
from lobby.errors import LobbyError
from lobby.modes import MODES, get_mode
from lobby.setupchecks import picked_heroes, seat_deck

# The rating window (in openskill's mu) a request accepts: BASE at once,
# widening by STEP every SPEED_LIVE seconds of waiting (SPEED_TURN_BASED for
# turn-based requests, whose players come back hours later), unbounded once
# it reaches WIDEST: a long wait meets anyone rather than no one.
BASE = 2.5
STEP = 2.5
WIDEST = 15.0
SPEED_LIVE = 10.0
SPEED_TURN_BASED = 3600.0
# A live request whose page stopped asking this many seconds ago is gone (a
# closed tab must not be paired with someone who then waits at an empty seat).
LIVE_GONE_AFTER = 30.0
GONE = "You left the queue when the page stopped asking: look for opponents again when you are back."


def window(waited: float, turn_based: bool) -> float:
    """The rating gap (mu) a request that has waited ``waited`` seconds
    accepts: :data:`BASE` plus :data:`STEP` per period of its pace, ``inf``
    from :data:`WIDEST` on."""
    periods = math.floor(max(waited, 0.0) / (SPEED_TURN_BASED if turn_based else SPEED_LIVE))
    wide = BASE + STEP * periods
    return math.inf if wide >= WIDEST else wide


@dataclass(frozen=True)
class Waiting:
    """One request as the matching sees it: its ``key`` (the row's id),
    its player's ``mu`` and the rating gap its wait accepts (``window``)."""

    key: int
    mu: float
    window: float


def groups(waiting: list[Waiting], size: int) -> list[list[int]]:
    """The groups of ``size`` keys to seat together, from ``waiting`` (one
    queue: the same mode, pace and rating choice), oldest first.

    The oldest request not yet grouped picks the ``size - 1`` others nearest
    in rating among those that accept it and that it accepts (a gap within
    both windows); a request with too few such others waits. Returns each
    group as keys, the picker first; pure (no database)."""
    left = list(waiting)
    found = []
    while left:
        first, rest = left[0], left[1:]
        near = [w for w in rest if abs(w.mu - first.mu) <= min(w.window, first.window)]
        if len(near) < size - 1:
            left = rest
            continue
        near.sort(key=lambda w: abs(w.mu - first.mu))  # stable: the older first among equal gaps
        chosen = [first, *near[: size - 1]]
        found.append([w.key for w in chosen])
        keys = {w.key for w in chosen}
        left = [w for w in rest if w.key not in keys]
    return found


def seat_order(mus: list[float], teams: tuple | None) -> list[int]:
    """The seat of each of a group's players (by their ``mus``), so that
    teams are as even as can be: at a 2v2 the strongest and the weakest
    share a team. Without teams, seats in the order given. Returns the
    indexes into ``mus`` in seat order."""
    order = list(range(len(mus)))
    if not teams:
        return order
    ranked = sorted(order, key=lambda i: -mus[i])
    pairs = [ranked[0], ranked[-1], *ranked[1:-1]]  # strongest with weakest, the middle two together
    first_team = [s for s, t in enumerate(teams) if t == teams[0]]
    seats: list[int | None] = [None] * len(mus)
    for s, i in zip(first_team + [s for s in range(len(teams)) if s not in first_team], pairs, strict=True):
        seats[s] = i
    return [i for i in seats if i is not None]


def _family(mode: str) -> str:
    spec = get_mode(mode)
    return family_of({"game": spec.game, "mode": spec.key})


def _mu(user, mode: str) -> float:
    row = Rating.objects.filter(user=user, family=_family(mode)).values_list("mu", flat=True).first()
    return START[0] if row is None else row


def join(user, mode: str, rated: bool = False, turn_seconds: int | None = None, heroes=None, deck=None):
    """Put ``user`` in the queue of ``mode`` (a lobby mode key), ``rated`` or
    casual, live (``turn_seconds`` None) or turn-based with that time per
    move (game.turnbased.MOVE_CHOICES); ``heroes``: their pick as at a table
    (None or []: drawn when paired); ``deck``: at C-23, a starter's colour or
    a saved deck's id (None: a starter drawn when paired). A request already
    in the queue is replaced (one at a time). Then pairs whom it can.

    Returns the PairingRequest (perhaps paired already). Raises
    CommunityError ``bad_mode``, ``bad_pace``, and the lobby's refusals of
    a pick or deck (``bad_heroes``, ``bad_deck``, ``no_such_deck``,
    ``illegal_deck``), the request unchanged."""
    if mode not in MODES:
        raise CommunityError("bad_mode", f"There is no game mode called {clipped(mode)!r}.")
    if turn_seconds is not None and turn_seconds not in turnbased.MOVE_CHOICES:
        raise CommunityError(
            "bad_pace", "Play now live, or turn-based with 1 hour, 8 hours, or 1, 2, 3, 7 or 14 days a move."
        )
    spec = get_mode(mode)
    try:
        picked = picked_heroes(spec, [], list(heroes or []), None)
        seat_deck(spec.game, user, deck)
    except LobbyError as err:
        raise CommunityError(err.code, err.message) from None
    with transaction.atomic():
        PairingRequest.objects.filter(user=user).delete()
        request = PairingRequest.objects.create(
            user=user,
            mode=mode,
            rated=bool(rated),
            turn_seconds=turn_seconds,
            heroes=picked,
            deck="" if deck is None else str(deck),
            mu=_mu(user, mode),
        )
    pair_waiting()
    request.refresh_from_db()
    return request


def leave(user) -> bool:
    """Take ``user``'s request out of the queue; True when one was waiting
    (a paired request stays: its match has begun)."""
    return bool(PairingRequest.objects.filter(user=user, table=None).delete()[0])


def current(user):
    """``user``'s request (waiting, paired or failed), marked as asked for
    now (a live request asked for is kept: :data:`LIVE_GONE_AFTER`), after a
    pairing run; None when they have none. A failed request is returned once
    and gone after (its sentence told, the queue holds nothing of theirs)."""
    PairingRequest.objects.filter(user=user, table=None, failure="").update(asked=timezone.now())
    pair_waiting()
    request = PairingRequest.objects.filter(user=user).select_related("table").first()
    if request is not None and request.failure:
        request.delete()  # a failure is told once, then the queue has nothing of theirs
    return request


def pair_waiting(now=None) -> int:
    """Pair what the queue allows now: take out the live requests whose
    page went away (failed with :data:`GONE`, so the page says why), group
    each queue (:func:`groups`), and make each group's match. A group whose
    table the lobby refuses is undone; the request whose pick no longer
    holds fails with the lobby's sentence and the others wait on. Returns
    the number of matches made."""
    now = now or timezone.now()
    made = 0
    with transaction.atomic():
        PairingRequest.objects.filter(
            table=None, failure="", turn_seconds=None, asked__lt=now - timedelta(seconds=LIVE_GONE_AFTER)
        ).update(failure=GONE)
        rows = list(
            PairingRequest.objects.select_for_update()
            .filter(table=None, failure="")
            .select_related("user")
            .order_by("created", "id")
        )
        queues: dict[tuple, list] = {}
        for row in rows:
            queues.setdefault((row.mode, row.rated, row.turn_seconds), []).append(row)
        for (mode, _rated, turn_seconds), queue in queues.items():
            by_key = {row.pk: row for row in queue}
            waiting = [
                Waiting(
                    row.pk, row.mu, window((now - row.created).total_seconds(), turn_based=turn_seconds is not None)
                )
                for row in queue
            ]
            for keys in groups(waiting, get_mode(mode).min_seats):
                made += _seat_group([by_key[k] for k in keys], now)
    return made


def _seat_group(rows: list, now) -> int:
    """Make the table of one group (``rows``, locked) and start its match
    (lobby.arranged: every seat taken and ready at once); 1 when made, 0
    when the lobby refused (the request whose pick no longer holds, say a
    saved deck deleted since, fails with the lobby's sentence)."""
    first = rows[0]
    spec = get_mode(first.mode)
    seated = [rows[i] for i in seat_order([r.mu for r in rows], spec.teams)]
    try:
        table = arrange_match(
            [row.user for row in seated],
            [_pick(spec, row) for row in seated],
            first.mode,
            rated=first.rated,
            move_seconds=first.turn_seconds,
        )
    except LobbyError as err:
        blame = next((row for row in seated if _refusal(spec, row) is not None), seated[0])
        blame.failure = (_refusal(spec, blame) or err.message)[:200]
        blame.save(update_fields=["failure"])
        return 0
    PairingRequest.objects.filter(pk__in=[r.pk for r in rows]).update(table=table, paired=now)
    return 1


def _pick(spec, row) -> list:
    """What a request brings to lobby.arranged: its heroes, or at C-23
    ``[its deck]``; ``[]`` draws one there."""
    if spec.game == tables.C23:
        return [row.deck] if row.deck else []
    return list(row.heroes)


def _refusal(spec, row) -> str | None:
    """The lobby's sentence refusing ``row``'s pick now, else None."""
    try:
        picked_heroes(spec, [], list(row.heroes), None)
        seat_deck(spec.game, row.user, row.deck or None)
    except LobbyError as err:
        return err.message
    return None
