"""Rating families (issue 33): the games and modes a rating is kept for,
one rating per user and family."""

from game import rules

# Key -> label, in the order pages list them.
FAMILIES = {
    "codex-1hero": "Codex, 1 hero",
    "codex-3hero": "Codex, 3 heroes",
    "codex-2v2": "Codex, Two-Headed Dragon (2v2)",
    "codex-ffa": "Codex, free-for-all",
    "arcane": "Arcane Codex",
    "c23": "C-23",
}

_CODEX_MODES = {"1hero": "codex-1hero", "3hero": "codex-3hero", "2hg": "codex-2v2", "ffa": "codex-ffa"}


def family_of(config: dict) -> str:
    """The family of a match of engine ``config`` (its game, and Codex's mode):
    a key of FAMILIES. Raises KeyError for a Codex mode with no family."""
    game = rules.game_of(config)
    if game == rules.CODEX:
        return _CODEX_MODES[config.get("mode", "1hero")]
    return game


def label(family: str) -> str:
    """The label of ``family`` (the key itself when unknown)."""
    return FAMILIES.get(family, family)
