"""The purple starting deck. Neo Plexus has no text; Plasmodium (forecast
3, haste) and Fading Argonaut (fading 3) have only keywords, which the
engine plays (game/codex/timerunes.py), and need no code. The Stinger
(Hive's) and Mech (Vir Garbarean's) tokens have only keywords too."""

from ..kit import (
    Draw,
    ReturnToHand,
    ability,
    card,
    catalog,
    has_subtype,
    patroller,
    player,
    slot,
    stats,
    tech_at_most,
    total_time_runes,
)
from .common import ask_time_rune_change, time_rune_holders

NONE = (0, 0, {})


# ---- Nullcraft ------------------------------------------------------------------


def _nullcraft_shuns(state, iid, spell_id):
    """Buff and Debuff spells (the spell's subtype: Nullcraft ruling) can't
    ◎ it; their effects that don't target still reach it."""
    return bool({"Buff", "Debuff"} & set(catalog.card(spell_id)["subtypes"]))


card("nullcraft", restricts={"spell_target": _nullcraft_shuns})


# ---- Tinkerer -------------------------------------------------------------------


def _tinker(state, seat, iid, targets):
    ask_time_rune_change(state, seat, "Tinkerer")


card(
    "tinkerer",
    abilities=[
        ability(
            "add or remove a time rune on a card (forecasted ones too) that has one.",
            _tinker,
            exhaust=True,
            available=lambda state, iid: bool(time_rune_holders(state)),
        )
    ],
)


# ---- Hardened Mox ---------------------------------------------------------------


def _mox_trashed(state, iid):
    """Trashed once its controller has a tech II unit in play or in the
    future zone; tech III units, tech II buildings and upgrades don't count
    (Hardened Mox ruling)."""
    p = player(state, state["cards"][iid]["controller"])
    return any(stats.is_unit(state, i) and stats.tech_level(state, i) == 2 for i in p["play"]) or any(
        catalog.card(state["cards"][i]["card"])["kind"] == "unit"
        and catalog.card(state["cards"][i]["card"])["tech"] == 2
        for i in p["future"]
    )


card("hardened_mox", restricts={"remain_in_play": _mox_trashed})


# ---- Battle Suits ---------------------------------------------------------------


def _battle_suits(state, src, iid):
    """Your non-token Soldiers and Mystics have +1 ATK."""
    if not stats.is_unit(state, iid) or catalog.card(state["cards"][iid]["card"])["token"]:
        return NONE
    return (1, 0, {}) if has_subtype(state, iid, "Soldier") or has_subtype(state, iid, "Mystic") else NONE


card("battle_suits", aura=_battle_suits)


# ---- Time Spiral ----------------------------------------------------------------

card("time_spiral", resolve=lambda state, seat, iid, targets: ask_time_rune_change(state, seat, "Time Spiral"))


# ---- Temporal Research ----------------------------------------------------------


def _temporal_research(state, seat, iid, targets):
    """Draw 1, 2 with 3+ time runes, 3 with 10+ (counted as it resolves; the
    spell is discarded after drawing, so it can't draw itself: rulings)."""
    runes = total_time_runes(state, seat)
    Draw(1 + (runes >= 3) + (runes >= 10)).apply(state, seat, seat, iid)


card("temporal_research", resolve=_temporal_research)


# ---- Forgotten Fighter ----------------------------------------------------------


def _two_atk_or_less(state, seat, tid):
    return stats.atk(state, tid) <= 2


card("forgotten_fighter", targets=[slot("unit", patroller, tech_at_most(1), _two_atk_or_less)], resolve=ReturnToHand())
