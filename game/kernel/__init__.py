"""What every game's rules package shares, once: the secret-seeded
deterministic generator (:mod:`game.kernel.rng`) and the errors
(:mod:`game.kernel.errors`: RulesError, EngineFault), and the state copy
every game makes (:mod:`game.kernel.copying`). Pure Python, no
Django; it imports no game (docs/ARCANE.md, "The multi-game contract")."""
