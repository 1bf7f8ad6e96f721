"""The purple starting deck. Neo Plexus has no text; Plasmodium (forecast
3, haste) and Fading Argonaut (fading 3) have only keywords, which the
engine plays (game/codex/timerunes.py), and need no code. The Stinger
(Hive's) and Mech (Vir Garbarean's) tokens have only keywords too."""

from .. import kit
from .common import ask_time_rune_change, time_rune_holders

NONE = (0, 0, {})


# ---- Nullcraft ------------------------------------------------------------------


def _nullcraft_shuns(state, iid, spell_id):
    """Buff and Debuff spells (the spell's subtype: Nullcraft ruling) can't
    ◎ it; their effects that don't target still reach it."""
    return bool({"Buff", "Debuff"} & set(kit.catalog.card(spell_id)["subtypes"]))


kit.card("nullcraft", restricts={"spell_target": _nullcraft_shuns})


# ---- Tinkerer -------------------------------------------------------------------


def _tinker(state, seat, iid, targets):
    ask_time_rune_change(state, seat, "Tinkerer")


kit.card(
    "tinkerer",
    abilities=[
        kit.ability(
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
    p = kit.player(state, state["cards"][iid]["controller"])
    return any(kit.stats.is_unit(state, i) and kit.stats.tech_level(state, i) == 2 for i in p["play"]) or any(
        kit.catalog.card(state["cards"][i]["card"])["kind"] == "unit"
        and kit.catalog.card(state["cards"][i]["card"])["tech"] == 2
        for i in p["future"]
    )


kit.card("hardened_mox", restricts={"remain_in_play": _mox_trashed})


# ---- Battle Suits ---------------------------------------------------------------


def _battle_suits(state, src, iid):
    """Your non-token Soldiers and Mystics have +1 ATK."""
    if not kit.stats.is_unit(state, iid) or kit.catalog.card(state["cards"][iid]["card"])["token"]:
        return NONE
    return (1, 0, {}) if kit.has_subtype(state, iid, "Soldier") or kit.has_subtype(state, iid, "Mystic") else NONE


kit.card("battle_suits", aura=_battle_suits)


# ---- Time Spiral ----------------------------------------------------------------

kit.card("time_spiral", resolve=lambda state, seat, iid, targets: ask_time_rune_change(state, seat, "Time Spiral"))


# ---- Temporal Research ----------------------------------------------------------


def _temporal_research(state, seat, iid, targets):
    """Draw 1, 2 with 3+ time runes, 3 with 10+ (counted as it resolves; the
    spell is discarded after drawing, so it can't draw itself: rulings)."""
    runes = kit.total_time_runes(state, seat)
    kit.Draw(1 + (runes >= 3) + (runes >= 10)).apply(state, seat, seat, iid)


kit.card("temporal_research", resolve=_temporal_research)


# ---- Forgotten Fighter ----------------------------------------------------------


def _two_atk_or_less(state, seat, tid):
    return kit.stats.atk(state, tid) <= 2


kit.card(
    "forgotten_fighter",
    targets=[kit.slot("unit", kit.patroller, kit.tech_at_most(1), _two_atk_or_less)],
    resolve=kit.ReturnToHand(),
)
