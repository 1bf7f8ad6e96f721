"""What every game's rules package shares, once: the secret-seeded
deterministic generator (:mod:`game.rulekit.rng`) and the errors
(:mod:`game.rulekit.errors`: RulesError, EngineFault). Pure Python, no
Django; it imports no game (docs/ARCANE.md, "The multi-game contract")."""
