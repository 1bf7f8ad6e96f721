"""What every game's rules package shares, once: the secret-seeded
deterministic generator (:mod:`game.rulekit.rng`) and the errors
(:mod:`game.rulekit.errors`: RulesError, EngineFault), and the state copy
every game makes (:mod:`game.rulekit.copying`). Pure Python, no
Django; it imports no game (docs/ARCANE.md, "The multi-game contract")."""
