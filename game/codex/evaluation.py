"""How good a Codex position is for a seat, for the search bots' cut-off
playouts (issue 30; game.kernel.search): each side's base HP left (the
game is won by destroying the other base, rulebook "Winning"), its units
and heroes in play (attack, HP left, hero levels), its workers, gold, tech
buildings and add-on, and its hand, as one score; the seat's side against
its strongest opponent, squashed to 0..1. Reads the board, the counts and
the seat's own cards only: everything a determinized copy holds, never the
log."""

from game.kernel.search import squash

from . import stats
from .state import team_of

# Weights of the score, in base-HP points.
UNIT_ATK = 0.6
UNIT_HP = 0.4
HERO_LEVEL = 0.3
WORKER = 0.5
MAX_WORKERS = 10
GOLD = 0.08
TECH_BUILDING = 1.5
ADDON = 1.0
BUILDING_DAMAGE = 0.3
HAND_CARD = 0.25
SCALE = 8.0  # a lead of this many points is worth about 0.73


def side_score(state: dict, team: int) -> float:
    """The score of team ``team`` (module docstring): higher is better."""
    side = state["teams"][team]
    score = float(max(0, side["hp"] - side["damage"]))
    cards = state["cards"]
    for p in state["players"]:
        if p["team"] != team:
            continue
        for iid in p["play"]:
            inst = cards[iid]
            if not stats.is_character(state, iid):
                continue
            left = max(0, stats.hp(state, iid) - inst["damage"])
            score += UNIT_ATK * stats.atk(state, iid) + UNIT_HP * left
            if stats.is_hero(state, iid):
                score += HERO_LEVEL * inst["level"]
        score += WORKER * min(MAX_WORKERS, len(p["workers"]) + p["base_workers"])
        score += GOLD * p["gold"] + HAND_CARD * len(p["hand"])
        for slot, building in p["buildings"].items():
            if building is None or not building.get("done", True):
                continue
            score += (ADDON if slot == "addon" else TECH_BUILDING) - BUILDING_DAMAGE * building.get("damage", 0)
    return score


def evaluate(state: dict, seat: int) -> float:
    """``seat``'s side's score less its strongest opponent's, squashed to
    0..1 (0.5: even)."""
    mine = team_of(state, seat)
    teams = {p["team"] for p in state["players"]}
    best_other = max(side_score(state, t) for t in teams if t != mine)
    return squash(side_score(state, mine) - best_other, SCALE)
