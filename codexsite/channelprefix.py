"""The channel prefix of a deployment: the namespace of its Redis channel
layer (issue 27, point 2).

Redis pub/sub ignores the database number of a connection: a PUBLISH on db 2
reaches a subscriber on db 1. Two deployments sharing one Redis server both
name a match's group ``match.<id>``, so without a prefix of its own each
would deliver its matches' versions, rendered for a seat, to the other's
sockets of the match with the same id. Every worker of one deployment must
use the same prefix, and no two deployments the same one.

The prefix is ``CODEX_CHANNEL_PREFIX`` when set; otherwise it is derived
from what the workers of one deployment share and two deployments do not:
the name of its database and the database number of its Redis URL.
"""

import hashlib
import re
from urllib.parse import urlsplit

# Letters, digits, dots, dashes and underscores: what channel and group names may hold.
PREFIX_PATTERN = re.compile(r"[A-Za-z0-9._-]{1,40}")


def redis_db(redis_url: str) -> int:
    """The database number of ``redis_url`` (``redis://host:port/N``; also a
    ``?db=N`` query), 0 when it names none."""
    parts = urlsplit(redis_url)
    path = parts.path.strip("/")
    if path.isdigit():
        return int(path)
    found = re.search(r"(?:^|&)db=(\d+)(?:&|$)", parts.query)
    return int(found.group(1)) if found else 0


def channel_prefix(configured: str, database_name: str, redis_url: str) -> str:
    """The channel-layer prefix of this deployment.

    Takes ``configured`` (CODEX_CHANNEL_PREFIX, "" when unset), the
    database's ``NAME`` (a PostgreSQL database name, a SQLite file path) and
    ``redis_url``. Returns ``configured`` when given, else ``codex-`` and 12
    hex digits of a digest of the database name and the Redis database
    number. Raises ValueError when ``configured`` is not 1 to 40 letters,
    digits, dots, dashes or underscores.
    """
    if configured:
        if not PREFIX_PATTERN.fullmatch(configured):
            raise ValueError("CODEX_CHANNEL_PREFIX must be 1 to 40 letters, digits, dots, dashes or underscores")
        return configured
    digest = hashlib.sha256(f"{database_name}\n{redis_db(redis_url)}".encode()).hexdigest()[:12]
    return f"codex-{digest}"
