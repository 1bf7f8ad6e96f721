"""The state a match starts from (issue 34 point 3: puzzles): a config
that carries a ``"position"`` (a stored state: a "win this turn" puzzle)
starts from a copy of it; any other config from the engine's new game.
game.services.create_match and game.replays (which plays a finished
match's log again from its start) both read it here."""

from game import rules


def start_state(config: dict) -> dict:
    """The starting state of a match of ``config``: a copy of
    ``config["position"]`` when it has one (upgraded to this engine's
    schema), else ``rules.new_game(config)``. Raises
    ``game.rules.RulesError`` when the engine rejects the config."""
    if "position" in config:
        return rules.upgrade(rules.copy_state(config["position"]))
    return rules.new_game(config)
