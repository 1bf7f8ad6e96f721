"""The end of a match, told to whoever keeps something of it (issue 33: the
ratings of community.ratings).

``match_finished`` is sent by game.services in the transaction of the action
that finished the match, after its row and log were written and before the
commit: a receiver's writes commit with the finish, or not at all. Arguments:
``match_id`` (int), ``state`` (the finished state, shared: read it only, through
game.rules) and ``seat`` (the seat whose action ended it). The match server
imports nothing of the receivers (the layers, docs/ARCHITECTURE.md).
"""

from django.dispatch import Signal

match_finished = Signal()
