"""Hints and take-backs for a player alone against bots (issue 34 point 2;
docs/LEARN.md): who may ask (:func:`refusal`), what the hard bot would do
(:func:`hint_of`, run as background work: game.tasks.give_hint) and taking
back the seat's last action (:func:`take_back`, game.takeback).

Both are for a match where every other seat is a table bot: never with
another person at the table (a stand-in for an away person is still that
person's seat), and never in a rated match. The server decides, whatever a
page shows.
"""

from django.db import transaction

from game import jsontext, rules, statecache, takeback, turnclock
from game.models import Match, MatchAction, MatchPlayer
from game.services import ActionRefused, Applied, Raced, write_version
from game.statereads import Snapshot, load_snapshot

# How many alternatives beside its pick a hint names (the search weighed more).
ALTERNATIVES = 3


def refusal(match_id: int, seat: int | None) -> tuple[str, str] | None:
    """Why ``seat`` (None: a spectator) may not ask for hints or take back
    in match ``match_id``, as ``(code, sentence)``; None when it may: a
    seat of the match whose every other seat is a table bot, in a match
    that is not rated (its table's ``rated``) nor a puzzle's (its config
    names one: a hint or a take-back would give the puzzle away)."""
    if seat is None:
        return "spectator", "Only a player can ask for a hint or take an action back."
    if Match.objects.filter(pk=match_id, config__has_key="puzzle").exists():
        return "puzzle", "A puzzle offers no hints and no take-backs: either would give its answer away."
    players = list(MatchPlayer.objects.filter(match_id=match_id).values_list("seat", "bot"))
    if seat not in {s for s, _ in players}:
        return "not_seated", "Only the players seated in this match can ask for that."
    if any(not bot for s, bot in players if s != seat):
        return "not_alone", "Hints and take-backs are only for games against bots: another person plays here."
    if Match.objects.filter(pk=match_id, table__rated=True).exists():
        return "rated", "Hints and take-backs are not allowed in a rated game."
    return None


def allowed(match_id: int, seat: int | None) -> bool:
    """True when ``seat`` may ask for hints and take back in match ``match_id`` (:func:`refusal`)."""
    return refusal(match_id, seat) is None


def _refuse_unless_allowed(match_id: int, seat: int | None, version: int | None = None) -> None:
    found = refusal(match_id, seat)
    if found is not None:
        raise ActionRefused(found[0], found[1], version)


def hint_of(state: dict, seat: int, seed: int) -> dict:
    """What the hard bot would do for ``seat`` in ``state``, thinking as
    at the first move of a turn (its level's whole iteration budget,
    game.rules.LEVELS, and no clock: the same state and ``seed`` give the
    same hint on a busy machine as on an idle one): ``{"action",
    "visits", "value", "alternatives": [{"action", "visits", "value"}],
    "only": bool}``, ``value`` being the share of its imagined games the
    search scored as won (0..1) and ``only`` True when it was the seat's
    one move. The search sees what the seat may see only (it deals the
    hidden cards anew: game.kernel.search); the alternatives named are
    actions the seat may make in the real state (one that only a dealt
    world offered is left out). Raises ActionRefused ``no_move`` when the
    seat has nothing to do now."""
    legal = rules.legal_actions(state, seat)
    bot = rules.make_bot("hard", seed=seed)
    action = bot.choose(state, seat) if legal else None
    if action is None:
        raise ActionRefused("no_move", "The game is not waiting on you: there is nothing to hint now.")
    keys = {rules.action_key(a) for a in legal}
    weighed = [w for w in bot.last_choice if rules.action_key(w.action) in keys]
    chosen = weighed[0] if weighed and rules.action_key(weighed[0].action) == rules.action_key(action) else None
    others = [w for w in weighed if w is not chosen][:ALTERNATIVES]
    return {
        "action": action,
        "visits": chosen.visits if chosen else 0,
        "value": chosen.value if chosen else None,
        "alternatives": [{"action": w.action, "visits": w.visits, "value": w.value} for w in others],
        "only": len([a for a in legal if a.get("type") not in ("concede", "offer_draw")]) == 1,
    }


def hint(match_id: int, seat: int) -> dict:
    """The hint for ``seat`` in match ``match_id`` now (:func:`hint_of`),
    with the ``version`` it is of. Raises ActionRefused (the policy of
    :func:`refusal`, ``match_over``, ``no_move``) or MatchNotFound."""
    _refuse_unless_allowed(match_id, seat)
    current = load_snapshot(match_id)
    if current.status != Match.Status.PLAYING:
        raise ActionRefused("match_over", "This match is over.", current.version)
    found = hint_of(current.state, seat, seed=current.version)
    return {**found, "version": current.version}


def take_back(match_id: int, seat: int) -> Applied:
    """Undo ``seat``'s last action in match ``match_id`` (and the bots'
    actions after it): a new version whose state is the one before it,
    rebuilt from the log (game.takeback.plan), written with a ``take_back``
    marker in the log only while the match is still at the version it was
    worked out at, and stored as a snapshot. Returns Applied (committed).
    Raises ActionRefused: the policy of :func:`refusal`, ``match_over``,
    ``nothing_to_take_back``, ``revealed`` or ``stale_version`` (the match
    moved on meanwhile); nothing changed. MatchNotFound."""
    _refuse_unless_allowed(match_id, seat)
    current = load_snapshot(match_id)
    version = current.version
    if current.status != Match.Status.PLAYING:
        raise ActionRefused("match_over", "This match is over.", version)
    config = Match.objects.values_list("config", flat=True).get(pk=match_id)
    entries = MatchAction.objects.filter(match_id=match_id, seq__lte=version).order_by("seq")
    try:
        found = takeback.plan(config, list(entries.values_list("seat", "action")), current.state, seat, version)
    except takeback.TakeBackRefused as refused:
        raise ActionRefused(refused.code, refused.reason, version) from None
    snapshot = Snapshot(
        version=version + 1,
        state=found.state,
        status=Match.Status.PLAYING,
        result=None,
        text=jsontext.dumps(found.state),
        created=current.created,
    )
    timed = Match.objects.filter(pk=match_id, turn_seconds__isnull=False).exists()
    try:
        with transaction.atomic():
            write_version(match_id, snapshot, seat, {"type": takeback.TAKE_BACK, "undo": found.undo}, None)
            if timed:
                turnclock.after_action(match_id, found.state)
    except Raced:
        raise ActionRefused("stale_version", "The match moved on meanwhile: look again and retry.", version) from None
    statecache.put(match_id, snapshot.created, snapshot)
    return Applied(version=snapshot.version, snapshot=snapshot)
