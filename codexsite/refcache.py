"""Reference data that changes only with the code (the card catalog, the
game modes), kept by the browser (issue 31 point 5): pages ask for it at a
URL carrying its version (``?v=``, lobby.context.reference_versions puts
the versions in base.html), and the answer to the current version may be
kept for good, so a reload asks the server for none of it. An answer to
another version, or to none, is left as it was (the browser asks again)."""

import hashlib
import json

KEEP = "private, max-age=31536000, immutable"


def version_of(data) -> str:
    """A short digest of ``data`` (anything ``json.dumps`` takes), the same
    for the same data in any process: takes the data, returns 16 hex digits.
    Raises TypeError for data JSON cannot hold."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def keep_if_current(request, response, version: str):
    """Mark ``response`` as one the browser may keep for good when
    ``request`` asked for ``version`` (its ``v`` query parameter), the
    version of the data it answers; else leave it as it is. Takes a Django
    or DRF request and response; returns the response."""
    if request.GET.get("v") == version:
        response["Cache-Control"] = KEEP
    return response
