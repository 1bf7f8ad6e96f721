"""A view shares parts of the state (its public log lines: view._log_tail)
and of other views (what a version's frames share, game.fanout): a view
kept from an earlier version must stay as it was while the game's one
state object plays on in place, and the views of one version must stay as
they were when the next viewer's view is built."""
import json

from game.rules import catalog, reading, view
from game.rules.bots import RandomBot, play_game


def test_kept_views_do_not_change_as_the_game_plays_on_in_place():
    for mode, seats in (("1hero", 2), ("2hg", 4)):
        heroes = catalog.playable_heroes()
        config = {"mode": mode, "seed": 7,
                  "seats": [{"name": f"P{i}", "heroes": [heroes[i]]} for i in range(seats)]}
        kept = []

        def keep(state, _seat, _action):
            if len(kept) < 400:
                with reading(state, {}):
                    for viewer in (*range(seats), None):
                        shown = view(state, viewer)
                        kept.append((shown, json.dumps(shown)))

        play_game(config, [RandomBot(i) for i in range(seats)], max_actions=150, on_action=keep)
        assert kept and all(json.dumps(shown) == text for shown, text in kept)
