"""The match socket's ``hint`` and ``take_back`` messages (issue 34 point 2;
docs/PROTOCOL.md "Hints and take-backs"), a part of game.consumers'
MatchConsumer kept in its own module: the policy and the work are
game.assist's.

- ``{"type": "hint", "id"}``: answered later by a ``hint`` message (the
  action the hard bot would make, its value and the alternatives it
  weighed) or a ``refused`` one; the search runs as background work
  (game.tasks.give_hint), never on the event loop.
- ``{"type": "take_back", "id"}``: answered ``applied`` with the new version
  (every viewer gets it as any version), or ``refused`` with a sentence.
"""

from typing import TYPE_CHECKING, Any

from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async

from game import assist, delivery, tasks
from game.services import ActionRefused


class AssistMessages:
    """The handlers MatchConsumer routes ``hint`` and ``take_back`` to (a
    seat's only: a spectator's are refused before, consumers.SEATS_ONLY);
    it gives ``seat``, ``match_id``, ``channel_name``, ``reply`` and
    ``send_json``."""

    seat: int | None
    match_id: int
    channel_name: str

    if TYPE_CHECKING:  # MatchConsumer's

        async def reply(self, kind: str, msg_id: Any, code: str, reason: str) -> None: ...

        async def send_json(self, content: dict) -> None: ...

    async def on_hint(self, msg: dict, msg_id) -> None:
        """Check the policy, then queue the hint's search (game.tasks.ask_hint):
        its answer comes back through :meth:`match_hint`."""
        found = await database_sync_to_async(assist.refusal)(self.match_id, self.seat)
        if found is not None:
            await self.reply("refused", msg_id, *found)
            return
        assert self.seat is not None  # a spectator's hint is refused (consumers.SEATS_ONLY, assist.refusal)
        await sync_to_async(tasks.ask_hint, thread_sensitive=False)(self.match_id, self.seat, self.channel_name, msg_id)

    async def match_hint(self, event: dict) -> None:
        """Channel event: the hint (or its refusal) this connection asked for."""
        await self.send_json(event["message"])

    async def on_take_back(self, msg: dict, msg_id) -> None:
        """Take back the seat's last action (game.assist.take_back) and
        deliver the new version to every viewer, or answer ``refused``."""
        try:
            done = await database_sync_to_async(assist.take_back)(self.match_id, self.seat)
        except ActionRefused as refused:
            await self.send_json(refused.as_message(msg_id))
            return
        await delivery.publish(self.match_id, done.snapshot)
        # An answer of its own, after the state: with ?merged=1 an answer riding on the state would lose taken_back.
        await self.send_json({"type": "applied", "id": msg_id, "version": done.version, "taken_back": True})
