"""The games share one error type from the kernel (issue 17, "One server,
several games"). That the games know nothing of each other nor of Django,
and that only the façade game.rules knows all three, is the import-layer
contract's part (pyproject.toml [tool.importlinter], `make lint`;
docs/ARCHITECTURE.md "Layers")."""


def test_both_games_raise_the_one_shared_error():
    import game.rules
    from game.kernel.errors import RulesError

    from .helpers import config

    state = game.rules.new_game(config())
    try:
        game.rules.apply_action(state, 0, {"type": "fight"})
    except Exception as err:  # noqa: BLE001 - its exact type is the point
        refusal = err
    assert game.rules.RulesError is RulesError and type(refusal) is RulesError
