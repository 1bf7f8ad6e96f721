"""One hash of everything a game's engine answers over many bot games, to
show that a change leaves its results byte for byte the same (issue 13,
"What must not change"; issue 28: the kernel's refactors).

Before every action it hashes each seat's legal actions and view and the
spectators' view, then the refusal (code and sentence) of each probe
action for every seat; then the action a bot chose, its events and the
state after it, applied with ``apply_action`` and ``apply_action_in_place``
in turn. Every ``memo_every`` steps the frames are also rendered inside
one ``read`` context (as the server renders a version) and must equal the
plain ones. tools/engine_fingerprint runs it per game.
"""

import hashlib
import json
from collections.abc import Iterable
from typing import Any

from .errors import RulesError
from .game import Game
from .types import Action, Config, State


def canon(value: Any) -> bytes:
    """``value`` as canonical JSON bytes (sorted keys, no spaces)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":")).encode()


def frames(game: Game, state: State, seats: int) -> list[Any]:
    """Each seat's legal actions and view, then the spectators' view."""
    out: list[Any] = []
    for seat in range(seats):
        out += [game.legal_actions(state, seat), game.view(state, seat)]
    return out + [game.view(state, None)]


def fingerprint(
    game: Game,
    runs: Iterable[tuple[Config, list[Any]]],
    probes: Iterable[Action],
    max_actions: int,
    memo_every: int = 7,
) -> tuple[str, int]:
    """``(sha256 hex, actions played)`` over the games of ``runs`` (each a
    config and one bot per seat), as the module docstring says. Raises
    AssertionError when frames rendered inside a ``read`` context differ
    from the same frames rendered alone."""
    digest = hashlib.sha256()
    probe_list = list(probes)
    total = 0
    for config, bots in runs:
        seats = len(bots)
        state: State = game.new_game(config)
        step = 0
        while state["status"] == "playing" and step < max_actions:
            plain = frames(game, state, seats)
            for frame in plain:
                digest.update(canon(frame))
            if step % memo_every == 0:
                with game.read(state):
                    shared = frames(game, state, seats)
                assert canon(shared) == canon(plain), (config, step)
            for probe in probe_list:
                for seat in range(seats):
                    try:
                        game.apply_action(state, seat, dict(probe))
                        digest.update(b"ok")
                    except RulesError as err:
                        digest.update(canon([err.code, str(err)]))
            seat = game.seat_to_ask(state, step)
            action = bots[seat].choose(state, seat)
            if action is None:
                break
            if step % 2:
                state, events = game.apply_action(state, seat, action)
            else:
                events = game.apply_action_in_place(state, seat, action)
            digest.update(canon(action) + canon(events) + canon(state))
            step += 1
        total += step
    return digest.hexdigest(), total
