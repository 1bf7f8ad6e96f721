"""The turn-based soak's audit (benchmarks/notice_soak.py; issue 32
"Reliability"): what the local receivers got, against the outbox.

- **Turns**: each match replayed from its action log with the engine gives
  the turns the outbox must tell: every (version, seat) at which the game
  started waiting on a seat it did not wait on before (game.turnbased
  announces exactly these). Each channel must have one row per turn (every
  player chose e-mail, push and a webhook; every table has its webhook).
- **Lost**: a turn with no row on a channel, or a row no receiver got (a
  row marked failed is lost too). **Doubled**: a row for no turn of the
  game (a turn told twice under two keys); a key taken twice at a receiver
  cannot be, as the receivers take a key once, as the notices ask. A row
  is written for every turn, whether or not its player looks; the soak
  sets CODEX_NOTICES_WHILE_LOOKING, so none is held or dropped
  (notices.outbox: a dropped row would count as lost here; ``statuses``
  shows any). The raw
  repeats of a key are reported apart (``redelivered``: at-least-once
  sending repeats a notice whose worker died between the send and the
  mark). **Unexpected**: a key received that the outbox never wrote.
- **Latency**: from the row's ``created`` (stamped in the action's
  transaction, just before its commit: the figure includes the commit) to
  the receiver's arrival time, per channel, p50/p99/max in seconds.
- **Hidden cards**: each payload (mail text, decrypted push JSON, webhook
  JSON) against every card in a hidden zone (hand, deck, workers, discard)
  of any player of its match at the notice's version, the state rebuilt
  from the match's action log with the engine.

Call only after ``django.setup()`` with the soak's DATABASE_URL.
"""

import json
import re
from collections import Counter, defaultdict

from benchmarks.loadreport import percentiles
from game import rules
from game.codex import catalog
from game.models import Match, MatchAction
from game.turnclock import waiting_seats
from notices.models import EMAIL, PUSH, TABLE, WEBHOOK, Notice

HIDDEN_ZONES = ("hand", "deck", "workers", "discard")
MESSAGE_ID = re.compile(r"<(?P<key>[^@>]+)@codex\.notices>")


def received(mailbox, receiver) -> dict:
    """``{channel: [(key, arrival time, text)]}`` of everything the
    receivers got: mails by their Message-ID, push payloads decrypted (by
    their ``key``), webhooks by their Idempotency-Key (paths ``/hook/...``
    a user's, ``/table/...`` a table's)."""
    out: dict = {EMAIL: [], PUSH: [], WEBHOOK: [], TABLE: []}
    for mail, at in zip(list(mailbox.mails), list(mailbox.times), strict=True):
        found = MESSAGE_ID.search(mail["Message-ID"] or "")
        text = f"{mail['Subject']}\n{mail.get_payload()}"
        out[EMAIL].append((found.group("key") if found else "", at, text))
    for payload in list(receiver.decrypted):
        text = json.dumps({k: v for k, v in payload.items() if k not in ("headers", "at")})
        out[PUSH].append((payload.get("key", ""), payload["at"], text))
    for entry in list(receiver.got):
        channel = (
            WEBHOOK if entry["path"].startswith("/hook/") else TABLE if entry["path"].startswith("/table/") else None
        )
        if channel is not None:
            key = entry["headers"].get("idempotency-key", "")
            out[channel].append((key, entry["at"], entry["body"].decode(errors="replace")))
    return out


def replay(match: Match, versions: set) -> tuple[set, dict]:
    """Replay ``match`` from its config and action log with the engine.
    Returns ``(turns, hidden)``: ``turns``, the ``(version, seat)`` at which
    the game started waiting on a seat it did not wait on before (version 0:
    every seat it waits on), the turns the outbox must tell
    (game.turnbased announces exactly these: the clock's seats are
    game.turnclock.waiting_seats); ``hidden``, ``{version: (iids, card ids
    and names)}`` in a hidden zone of any player at each of ``versions``."""
    state = rules.new_game(match.config)
    before = waiting_seats(state)
    turns = {(0, seat) for seat in before}
    hidden = {0: hidden_cards(state)} if 0 in versions else {}
    log = MatchAction.objects.filter(match_id=match.pk).order_by("seq").values_list("seq", "seat", "action")
    for seq, seat, action in log.iterator():
        rules.apply_action_in_place(state, seat, action)
        now = waiting_seats(state)
        turns.update((seq, s) for s in now if s not in before)
        before = now
        if seq in versions:
            hidden[seq] = hidden_cards(state)
    return turns, hidden


def hidden_cards(state: dict) -> tuple[set, set]:
    """``(instance ids, card ids and names)`` of every card in a hidden
    zone (HIDDEN_ZONES) of any player of the Codex ``state``."""
    iids, words = set(), set()
    for player in state["players"]:
        for zone in HIDDEN_ZONES:
            for iid in player[zone]:
                card_id = state["cards"][iid]["card"]
                iids.add(iid)
                words.update({card_id, catalog.card(card_id)["name"]})
    return iids, words


def _found(text: str, tokens: set) -> list:
    return [t for t in tokens if re.search(rf"(?<![\w]){re.escape(t)}(?![\w])", text)]


def _prose(text: str) -> str:
    """A payload without its links (a signed stop token may hold any short
    run of letters and digits, like an instance id ``c12``)."""
    return re.sub(r"https?://\S+", "", text)


def hidden_leaks(got: dict, rows: dict, hidden: dict) -> list:
    """``[(key, tokens)]`` of the received payloads that name a card hidden
    in their match at their notice's version (``rows``: key -> Notice;
    ``hidden``: match id -> replay's hidden)."""
    leaks = []
    for items in got.values():
        for key, _, text in items:
            row = rows.get(key)
            if row is None:
                continue
            iids, words = hidden[row.match_id][row.version]
            tokens = _found(text, words) + _found(_prose(text), iids)
            if tokens:
                leaks.append((key, tokens))
    return leaks


def audit(mailbox, receiver) -> dict:
    """The soak's figures (see the module): per channel the turns the game
    gave (``turns``), the rows the outbox wrote, received, lost, doubled,
    redelivered, unexpected, failed, latency; hidden-card leaks over all
    payloads checked."""
    rows = {row.key: row for row in Notice.objects.exclude(match=None)}
    got = received(mailbox, receiver)
    versions = defaultdict(set)
    for row in rows.values():
        versions[row.match_id].add(row.version)
    turns, hidden = set(), {}
    for match in Match.objects.filter(pk__in=list(versions)):
        gave, hidden[match.pk] = replay(match, versions[match.pk])
        turns.update((match.pk, version, seat) for version, seat in gave)
    figures: dict = {"channels": {}}
    for channel, items in got.items():
        written = {(r.match_id, r.version, r.seat): key for key, r in rows.items() if r.channel == channel}
        expected = set(written.values())
        counts = Counter(key for key, _, _ in items)
        first = {}
        for key, at, _ in sorted(items, key=lambda item: item[1]):
            first.setdefault(key, at)
        delays = [first[key] - rows[key].created.timestamp() for key in first if key in expected]
        unwritten = turns - set(written)  # a turn the outbox never wrote: lost before sending
        figures["channels"][channel] = {
            "turns": len(turns),
            "written": len(expected),
            "received": len(set(counts) & expected),
            "lost": len(unwritten) + len(expected - set(counts)),
            "doubled": len(set(written) - turns),  # a row for no turn of the game: told twice
            "redelivered": sum(n - 1 for n in counts.values()),
            "unexpected": len(set(counts) - expected),
            "failed": sum(1 for key in expected if rows[key].status == Notice.Status.FAILED),
            "latency_s": percentiles(delays),
        }
    leaks = hidden_leaks(got, rows, hidden)
    figures["payloads_checked"] = sum(len(items) for items in got.values())
    figures["hidden_leaks"] = len(leaks)
    figures["leak_examples"] = leaks[:5]
    figures["statuses"] = dict(Counter(row.status for row in rows.values()))
    return figures
