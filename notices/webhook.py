"""Webhook notices (issue 32): a JSON POST that Discord (``content``) and
Slack (``text``) incoming webhooks both take, sent through the SSRF guard
(codexsite.netguard) with the header Idempotency-Key."""

import json

from codexsite import netguard
from notices.text import Message


class Unanswered(Exception):
    """The receiver answered with a status other than 2xx."""


def body(message: Message) -> bytes:
    """The POST body: the notice as text under ``content`` and ``text``."""
    text = f"{message.title}\n{message.as_text()}"
    return json.dumps({"content": text, "text": text}).encode()


def send(url: str, message: Message, key: str) -> None:
    """POST ``message`` to ``url`` with Idempotency-Key ``key``.

    Raises netguard.Refused, Unanswered (a non-2xx answer) or OSError /
    urllib3's errors (no answer in time)."""
    headers = {"Content-Type": "application/json", "Idempotency-Key": key, "User-Agent": "codex-notices"}
    answer = netguard.post(url, body(message), headers)
    if not 200 <= answer.status < 300:
        raise Unanswered(f"the receiver answered {answer.status}")
