"""The blue starting deck. Each spec's helper writes its own block (Law,
then Peace, then Truth)."""
from ...flow import ask, op
from ...state import card_of, name
from ...targeting import thing_exists
from ..api import card
from ..common import at_end_of_turn, become_copy, end_copy
from .common import tech_upto, units_where

# ---- TRUTH block: Spectral Aven, Manufactured Truth ----------------------------

card("spectral_aven")  # a flying Illusion: the engine plays it


def _manufactured_truth(state, seat, iid, targets):
    """Manufactured Truth: one of your tech 0 or I units becomes a copy of
    another tech 0 or I unit until end of turn. No ◎: flagbearers, resist
    and Illusions don't care (Flagbearer ruling); both are chosen as it
    resolves (common.become_copy: the printed card, no modifiers)."""
    mine = units_where(state, lambda i: card_of(state, i)["controller"] == seat and tech_upto(state, i, 1))
    ask(state, seat, "Manufactured Truth: choose your tech 0 or I unit that becomes a copy.", mine,
        {"op": "manufactured_truth_copy", "seat": seat})


@op("manufactured_truth_copy")
def _manufactured_truth_copy(state, step):
    if not step["choice"]:
        return
    unit = step["choice"][0]
    others = units_where(state, lambda i: i != unit and tech_upto(state, i, 1))
    ask(state, step["seat"], f"Manufactured Truth: choose the tech 0 or I unit {name(state, unit)} copies.",
        others, {"op": "manufactured_truth_become", "unit": unit})


@op("manufactured_truth_become")
def _manufactured_truth_become(state, step):
    unit = step["unit"]
    if not step["choice"] or not thing_exists(state, unit):
        return
    become_copy(state, unit, step["choice"][0])
    at_end_of_turn(state, {"op": "manufactured_truth_ends", "iid": unit})


@op("manufactured_truth_ends")
def _manufactured_truth_ends(state, step):
    """The copy lasts until the end of the turn."""
    end_copy(state, step["iid"])


card("manufactured_truth", resolve=_manufactured_truth)
