"""The games share one error type from the kernel (issue 17, "One server,
several games"). That the games know nothing of each other nor of Django,
and that only the façade game.rules knows all three, is the import-layer
contract's part (pyproject.toml [tool.importlinter], `make lint`;
docs/ARCHITECTURE.md "Layers")."""


def test_both_games_raise_the_one_shared_error():
    import game.arcane.engine as arcane_engine
    import game.rules
    from game.kernel.errors import RulesError

    assert game.rules.RulesError is RulesError is arcane_engine.RulesError
