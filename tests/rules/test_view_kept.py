"""A view shares parts of the state (its public log lines: view._log_tail)
and, inside one reading block, parts of the other viewers' views (each
seat's public part, view._seat_public: what a version's frames share,
game.fanout). So the views of one version built in one block must be the
views each viewer gets alone, and a view kept from an earlier version must
stay as it was while the game's one state object plays on in place."""

import json

from game.codex import catalog
from game.codex.bots import RandomBot, play_game
from game.rules import reading, view


def test_shared_views_are_each_viewers_own_and_kept_views_do_not_change():
    for mode, seats in (("1hero", 2), ("2hg", 4)):
        heroes = catalog.playable_heroes()
        config = {"mode": mode, "seed": 7, "seats": [{"name": f"P{i}", "heroes": [heroes[i]]} for i in range(seats)]}
        kept = []

        def keep(state, _seat, _action, kept=kept, seats=seats):
            if len(kept) < 400:
                viewers = (*range(seats), None)
                with reading(state, {}):
                    shared = [view(state, viewer) for viewer in reversed(viewers)][::-1]
                for viewer, shown in zip(viewers, shared, strict=True):
                    text = json.dumps(shown)
                    assert text == json.dumps(view(state, viewer))
                    kept.append((shown, text))

        play_game(config, [RandomBot(i) for i in range(seats)], max_actions=150, on_action=keep)
        assert kept and all(json.dumps(shown) == text for shown, text in kept)
