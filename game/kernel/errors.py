"""The error type the rules engine raises for an illegal action, and the
one for an engine fault in the middle of an in-place action."""


class RulesError(Exception):
    """An action that the rules do not allow.

    Attributes:
        code: a stable machine-readable string (e.g. ``"not_your_turn"``,
            ``"not_enough_gold"``) that clients and tests may rely on.
        message: a sentence a player understands, in our own words.

    Raised by a game's ``apply_action`` (game.rules) (and the checks it uses); when it
    is raised the caller's state is left exactly as it was: apply_action
    only ever mutates a private copy, and apply_action_in_place raises it
    only from the checks, before anything changes.
    """

    def __init__(self, code: str, message: str):
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message

    def as_dict(self) -> dict[str, str]:
        """Return ``{"code": str, "message": str}`` for JSON replies."""
        return {"code": self.code, "message": self.message}


class EngineFault(Exception):
    """An exception in the middle of a game's ``apply_action_in_place``,
    after the action's checks passed: an engine bug, never an illegal action.
    The state it was given is half-changed and must be dropped (rebuilt from
    the config and the action log); ``__cause__`` is the original error.
    (a game's ``apply_action`` (game.rules) raises the original error instead, and
    the caller's state is unchanged there.)"""
