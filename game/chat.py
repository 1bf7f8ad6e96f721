"""Match chat: the cleaning of a line (docs/PROTOCOL.md "Chat text"), and
the lines kept in the database, so a page opened again gets the recent
conversation back (``chat_history``)."""

from codexsite.usertext import visible_text
from game.models import ChatLine

HISTORY_LINES = 50


def clean(text: str) -> str:
    """The chat line ``text`` as it is kept and shown: the character
    cleaning every user-written name gets too (codexsite.usertext.visible_text:
    one line, no control or invisible characters, at most 2 marks on a
    character, NFC). May return "" (the consumer refuses it, as it refuses a
    line over CODEX_CHAT_MAX_CHARS: docs/PROTOCOL.md "Chat text").

    Source: issue 11, finding 13; session 3 notes; issue 27 (one cleaning
    for chat and names).
    """
    return visible_text(text)


def record(match_id: int, seat: int | None, name: str, text: str) -> None:
    """Keep one chat line of a match: the sender's seat (None for a
    spectator), public name and the cleaned text."""
    ChatLine.objects.create(match_id=match_id, seat=seat, name=name, text=text)


def recent(match_id: int) -> list:
    """The match's last HISTORY_LINES chat lines, oldest first:
    ``[{"from": name, "seat": int | None, "text": str}, ...]``."""
    lines = ChatLine.objects.filter(match_id=match_id).order_by("-id").values_list("name", "seat", "text")
    return [{"from": name, "seat": seat, "text": text} for name, seat, text in reversed(lines[:HISTORY_LINES])]
