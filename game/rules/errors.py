"""The one error type the rules engine raises for an illegal action."""


class RulesError(Exception):
    """An action that the rules do not allow.

    Attributes:
        code: a stable machine-readable string (e.g. ``"not_your_turn"``,
            ``"not_enough_gold"``) that clients and tests may rely on.
        message: a sentence a player understands, in our own words.

    Raised by :func:`game.rules.apply_action` (and the checks it uses); when it
    is raised the caller's state is left exactly as it was, because the engine
    only ever mutates a private copy.
    """

    def __init__(self, code: str, message: str):
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message

    def as_dict(self) -> dict:
        """Return ``{"code": str, "message": str}`` for JSON replies."""
        return {"code": self.code, "message": self.message}
