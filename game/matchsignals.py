"""What the match server tells the apps above it, as Django signals: the
match server imports nothing of the receivers (the layers,
docs/ARCHITECTURE.md).

``match_finished`` (issue 33: the ratings of community.ratings) is sent by
game.services in the transaction of the action that finished the match,
after its row and log were written and before the commit: a receiver's
writes commit with the finish, or not at all. Arguments: ``match_id`` (int),
``state`` (the finished state, shared: read it only, through game.rules)
and ``seat`` (the seat whose action ended it).

``turn_came`` (issue 32: the notices of notices.outbox) is sent by
game.turnbased.announce_turn when a turn-based match starts waiting on a
seat it did not wait on before, inside the action's transaction: a notice
is written with the action or not at all. Arguments: ``match_id`` (int),
``seat`` (int) and ``deadline`` (an aware datetime, or None).

``turn_passed`` (issue 34 point 3: puzzles.receivers settles a puzzle's
attempt) is sent by game.services in the transaction of an action after
which the acting seat no longer holds the turn (the game's ``active``
seat changed) or the game is over. Arguments: ``match_id`` (int),
``state`` (shared: read it only), ``seat`` (the seat that acted) and
``puzzle`` (True when the match's config names a puzzle: a receiver that
cares only for puzzles' matches need not ask the database of the others).
"""

from django.dispatch import Signal

match_finished = Signal()
turn_came = Signal()
turn_passed = Signal()
