"""The tournaments' refusals: a code and a sentence a person can read."""


class TournamentError(Exception):
    """A refused tournament request (nothing changed): ``code`` (stable),
    ``message`` (a sentence for the page) and ``status`` (HTTP)."""

    def __init__(self, code: str, message: str, status: int = 400):
        super().__init__(message)
        self.code, self.message, self.status = code, message, status
