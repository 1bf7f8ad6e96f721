"""Match chat kept in the database, so a page opened again gets the recent
conversation back (docs/PROTOCOL.md, ``chat_history``)."""
from game.models import ChatLine

HISTORY_LINES = 50


def record(match_id: int, seat: int | None, name: str, text: str) -> None:
    """Keep one chat line of a match: the sender's seat (None for a
    spectator), public name and the cleaned text."""
    ChatLine.objects.create(match_id=match_id, seat=seat, name=name, text=text)


def recent(match_id: int) -> list:
    """The match's last HISTORY_LINES chat lines, oldest first:
    ``[{"from": name, "seat": int | None, "text": str}, ...]``."""
    lines = ChatLine.objects.filter(match_id=match_id).order_by("-id").values_list("name", "seat", "text")
    return [{"from": name, "seat": seat, "text": text} for name, seat, text in reversed(lines[:HISTORY_LINES])]
