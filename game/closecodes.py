"""The close codes of the match websocket (application range 4000-4999;
docs/PROTOCOL.md "Close codes"): constants shared by the consumers."""

CLOSE_REAUTHENTICATE = 4001
CLOSE_UNAUTHENTICATED = 4401
CLOSE_FORBIDDEN = 4403
CLOSE_NOT_FOUND = 4404
CLOSE_NOT_READING = 4408
CLOSE_TOO_MANY = 4429
CLOSE_FLOODING = 4430
