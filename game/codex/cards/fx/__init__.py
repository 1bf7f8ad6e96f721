"""Declarative effects: the shapes the printed cards repeat, written once
(issue 12; docs/ENGINE.md "Cards").

An effect is a small object that one card declaration uses in one of three
places, and :mod:`game.codex.cards.api` calls it the right way:

- a spell's or an ability's effect (``resolve``): it acts on the chosen
  target of its slot (``targets[0]``), or with ``to=SELF`` on the card
  itself, or with ``to=CASTER`` on the casting player;
- a trigger (``arrives``, ``attacks``, ``dies``, ...): with ``target=`` a
  slot it asks the card's controller for a target (◎ rules applied:
  :func:`~game.codex.cards.common.ask_target`) and stores the rest as one
  queued step (a plain dict named by a registered op, so prompts survive a
  stored state); without a slot it acts on the card itself (``to=SELF``)
  or its controller (``to=CASTER``).

Each verb names the stored step it queues (``op``); the names are the ones
the cards used before issue 12, so stored states keep working.

"Choose up to N, then continue" (issue 28) is declared, not written:
:class:`Choose` asks a question and names its continuation, a stored step
declared with :func:`each` (or by ``Choose(then=...)``) whose handler applies
effects to every chosen thing (a card, a building or a seat). The step in the
state stays a plain dict ``{"op": name, ...}``; the effects live in the code
under that name, so a stored prompt resumes as before.

The verbs live by concern: :mod:`.base` (the :class:`Effect` base),
:mod:`.things` (verbs about a chosen card or building), :mod:`.players`
(verbs about a player), :mod:`.steps` (step shapes and continuations),
:mod:`.stored` (stored steps that keep fields of their own) and
:mod:`.picks` (verbs about a thing picked from a plain question); this
package names them all (``fx.NAME``).
"""

from .base import CASTER, SELF, TARGET, Effect, Field, field
from .picks import MoveTo, MoveToSlot, PayResist, Trash, WorkersOr
from .players import OPPONENTS, Discard, Draw, FromCodex, GainGold, LookAt, MakeTokens, PutIntoPlay, Steal, TrashWorker
from .steps import AtEndOfTurn, Choose, Modes, PickUpTo, Seq, UpTo, ask_later, ask_team_later, each, each_as, on_card
from .stored import Again, Divide, ask_stored, each_then, target_stored
from .things import (
    AddRune,
    BecomeCopy,
    Call,
    Damage,
    Destroy,
    Disable,
    EachUnitOf,
    Exhaust,
    Lasting,
    NamedRune,
    Repair,
    ReturnToHand,
    Sacrifice,
    Say,
    Sideline,
    TakeControl,
    ThisTurn,
    TimeRunes,
)

__all__ = [
    "AddRune",
    "Again",
    "ask_later",
    "ask_stored",
    "ask_team_later",
    "AtEndOfTurn",
    "BecomeCopy",
    "Call",
    "CASTER",
    "Choose",
    "Damage",
    "Destroy",
    "Disable",
    "Discard",
    "Divide",
    "Draw",
    "each",
    "each_as",
    "each_then",
    "EachUnitOf",
    "Effect",
    "Exhaust",
    "field",
    "Field",
    "FromCodex",
    "GainGold",
    "Lasting",
    "LookAt",
    "MakeTokens",
    "Modes",
    "MoveTo",
    "MoveToSlot",
    "NamedRune",
    "on_card",
    "OPPONENTS",
    "PayResist",
    "PickUpTo",
    "PutIntoPlay",
    "Repair",
    "ReturnToHand",
    "Sacrifice",
    "Say",
    "SELF",
    "Seq",
    "Sideline",
    "Steal",
    "TakeControl",
    "TARGET",
    "target_stored",
    "ThisTurn",
    "Trash",
    "TimeRunes",
    "TrashWorker",
    "UpTo",
    "WorkersOr",
]
