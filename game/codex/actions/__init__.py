"""Every action a seat can take, as one table of moves (issue 28): per
action type who may take it, the check that makes it legal (RulesError
with a stable code), the change it makes and the options listing its
legal actions (:mod:`.table`: ``MOVES``, and ``listed_actions`` in
legal_actions' order). :func:`game.codex.engine.apply_action` and
``legal_actions`` run the same checks, so what is listed is exactly what
is accepted. Sources are named on each function (Deluxe rulebook
sections, house rules).

Modules: :mod:`.base` (the Move record, shared checks), :mod:`.costs`,
:mod:`.economy` (hire, summon, level up), :mod:`.building`,
:mod:`.playing`, :mod:`.abilities`, :mod:`.fighting` (attack, patrol,
reveal), :mod:`.phases` (end main, tech, choose, concede), :mod:`.ffa`
(repair, lend, end lending), :mod:`.table`. What the cards and the view
use is named here.
"""

from .abilities import abilities_of
from .base import main_refusal, on_acting_team
from .building import ADDON_TEARDOWN_DAMAGE, build_price
from .costs import card_cost, hire_cost, keep_promise, play_refusal
from .playing import check_play_card, do_play, play_card_verdict
from .table import MOVES, listed_actions

__all__ = [
    "ADDON_TEARDOWN_DAMAGE",
    "build_price",
    "MOVES",
    "abilities_of",
    "card_cost",
    "check_play_card",
    "do_play",
    "hire_cost",
    "keep_promise",
    "listed_actions",
    "main_refusal",
    "on_acting_team",
    "play_card_verdict",
    "play_refusal",
]
