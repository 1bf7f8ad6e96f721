"""Finesse (neutral spec of the Starter set): its codex cards, its hero
River Montoya and the Dancer tokens (Harmony makes them; their keywords
are data)."""

from .. import kit

NONE = (0, 0, {})


def _dancers(state, seat):
    return [i for i in kit.player(state, seat)["play"] if kit.card_of(state, i)["card"] in ("dancer", "angry_dancer")]


def _harmony_spell(state, src, seat, spell, outcome):
    """Harmony: whenever you play another spell, a Dancer token (limit 3
    Dancers and Angry Dancers together)."""
    if outcome != "cast" or kit.card_of(state, src)["controller"] != seat:
        return
    if len(_dancers(state, seat)) < 3:
        kit.make_token(state, "dancer", seat)


def _stop_the_music(state, seat, iid, targets):
    """Harmony's sacrifice: your Dancers flip into Angry Dancers, keeping
    damage and runes; flipping is not arriving (ruling)."""
    for dancer in _dancers(state, seat):
        if kit.card_of(state, dancer)["card"] == "dancer":
            kit.card_of(state, dancer)["card"] = "angry_dancer"
    kit.log(state, f"{kit.seat_name(state, seat)} stopped the music: the Dancers are angry now.")


kit.card(
    "harmony", card_played=_harmony_spell, abilities=[kit.Ability("stop the music.", _stop_the_music, sacrifice=True)]
)
kit.card("dancer")  # the token does nothing itself: Harmony's Stop the Music flips it (above)


# Discord: one opponent's tech 0 and I units get -2/-1 this turn.
kit.card(
    "discord",
    resolve=kit.Choose(
        "discord",
        [
            kit.EachUnitOf(
                kit.ThisTurn(atk=-2, hp=-1), where=lambda state, iid: (kit.stats.tech_level(state, iid) or 0) <= 1
            ),
            kit.Say("{seat}'s tech 0 and I units got -2/-1 this turn."),
        ],
        options=kit.OPPONENTS,
        prompt="Discord: choose an opponent.",
        with_seat=True,
    ),
)


def _unpartnered(state, seat, tid):
    return kit.yours(state, seat, tid) and not any(
        tid in kit.card_of(state, src)["marks"].get("partners", [])
        for src in kit.player(state, seat)["play"]
        if kit.card_of(state, src)["card"] == "two_step"
    )


def _two_step(state, seat, iid, targets):
    """Two Step: two of your unpartnered units become dance partners; an
    Illusion partner dies when targeted, so the Two Step goes at once."""
    kit.card_of(state, iid)["marks"]["partners"] = list(targets)
    if all(kit.standing(state, t) for t in targets):
        kit.log(
            state,
            f"{kit.name(state, targets[0])} and {kit.name(state, targets[1])} are dance partners.",
            cards=[targets[0], targets[1]],
        )


def _two_step_aura(state, src, iid):
    return (2, 2, {}) if iid in kit.card_of(state, src)["marks"].get("partners", []) else NONE


def _two_step_gone(state, iid):
    """Two Step is sacrificed when you stop controlling either partner."""
    inst = kit.card_of(state, iid)
    partners = inst["marks"].get("partners")
    if partners is None:
        return False
    return any(
        p not in state["cards"]
        or state["cards"][p]["zone"] != "play"
        or state["cards"][p]["controller"] != inst["controller"]
        for p in partners
    )


kit.card(
    "two_step",
    targets=[kit.slot("unit", _unpartnered), kit.slot("unit", _unpartnered)],
    resolve=_two_step,
    aura=_two_step_aura,
    must_sacrifice=_two_step_gone,
)


def _appel_stomp(state, seat, iid, targets):
    """Appel Stomp: sideline a patroller, draw a card, then you may put Appel
    Stomp on top of your deck (otherwise it goes to the discard pile)."""
    kit.sideline(state, targets[0])
    kit.draw(state, seat, 1, in_main=True)
    kit.ask(
        state, seat, "Put Appel Stomp on top of your deck?", ["top", "discard"], {"op": "appel_stomp", "spell": iid}
    )


@kit.op("appel_stomp")
def _appel_stomp_end(state, step):
    if step["choice"] == ["top"] and step["spell"] in state["cards"]:
        kit.move(state, step["spell"], "deck", top=True)


kit.card("appel_stomp", targets=[kit.slot(kit.CHARACTER, kit.patroller)], resolve=_appel_stomp)


def _nimble_fencer(state, src, iid):
    """Nimble Fencer: your Virtuosos (herself too) have haste."""
    return (0, 0, {"haste": 1}) if kit.has_subtype(state, iid, "Virtuoso") else NONE


kit.card("nimble_fencer", aura=_nimble_fencer)


def _starlet_aura(state, src, iid):
    """Star-Crossed Starlet: +1 ATK for each damage on her."""
    return (kit.card_of(state, iid)["damage"], 0, {}) if src == iid else NONE


kit.card(
    "star_crossed_starlet",
    aura=_starlet_aura,
    upkeep=lambda state, iid: kit.damage_card(state, iid, 1, by=kit.name(state, iid)),
)


def _grounded_guide(state, src, iid):
    """Grounded Guide: your other units +1 ATK; Virtuosos +2/+1 instead."""
    if src == iid or not kit.stats.is_unit(state, iid):
        return NONE
    return (2, 1, {}) if kit.has_subtype(state, iid, "Virtuoso") else (1, 0, {})


kit.card("grounded_guide", aura=_grounded_guide)


def _maestro_cost(state, src, seat, card_id, cost):
    """Maestro: your Virtuosos cost 0."""
    return 0 if "Virtuoso" in kit.catalog.card(card_id)["subtypes"] else cost


def _maestro_grant(state, src, iid):
    """Maestro: your Virtuosos gain "exhaust: 2 damage to a building (◎)"."""
    if not kit.has_subtype(state, iid, "Virtuoso"):
        return []
    return [
        kit.Ability(
            "2 damage to a building.",
            lambda s, seat, me, targets: kit.damage_building(s, targets[0], 2, by=kit.name(s, me)),
            targets=[kit.A_BUILDING],
            exhaust=True,
        )
    ]


kit.card("maestro", modifies={"cost": _maestro_cost}, grants={"abilities": _maestro_grant})


def _blademaster(state, src, iid):
    """Blademaster: your units and heroes have swift strike."""
    return (0, 0, {"swift_strike": 1}) if kit.stats.is_character(state, iid) else NONE


kit.card("blademaster", aura=_blademaster)


def _river_cost(state, src, seat, card_id, cost):
    """River Montoya, max band: your tech 0 units cost 1 less (min 0)."""
    rec = kit.catalog.card(card_id)
    if kit.reached(state, src, "max") and rec["kind"] == "unit" and rec["tech"] == 0:
        return max(0, cost - 1)
    return cost


# River Montoya, mid band: exhaust to sideline a tech 0 or I patroller.
kit.card(
    "river_montoya",
    modifies={"cost": _river_cost},
    abilities=kit.by_band(
        mid=[
            kit.ability(
                "sideline a tech 0 or tech I patroller.",
                kit.Sideline(),
                targets=[kit.slot("unit", kit.patroller, kit.tech_at_most(1))],
                exhaust=True,
            )
        ]
    ),
)
