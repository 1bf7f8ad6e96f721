"""The lobby's refusals (lobby.services and the checks of a table's setup)."""


class LobbyError(Exception):
    """A lobby operation that is not allowed.

    Attributes: ``code`` (stable string), ``message`` (a sentence),
    ``status`` (the HTTP status the API answers with).
    """

    def __init__(self, code: str, message: str, status: int = 400):
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.status = status
