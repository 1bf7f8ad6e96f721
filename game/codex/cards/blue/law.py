"""Law (blue spec): its 12 codex cards and its hero Bigby Hayes.

Fine points follow the official rulings (reference/codex-cards/rulings.json,
"Blue" and "Heroes") and docs/RULINGS.md ("Blue cards: Law").
"""

from .. import kit


def controller(state: dict, iid: str) -> int:
    """The seat controlling in-play ``iid``."""
    return kit.card_of(state, iid)["controller"]


def in_main(state: dict) -> bool:
    """True in a main phase (a draw then is limited by house rule R9)."""
    return state["phase"] == "main"


# ---- Tech 0/I units ------------------------------------------------------------

# Scribe: arrives, draw a card.
kit.card("scribe", arrives=kit.Draw(1))


# Tax Collector arrives: steal 1 gold from an opponent (the controller picks
# which when several have gold; nothing from an empty purse, ruling).
_tax_collector = kit.Choose(
    "tax_collector",
    kit.Steal(1),
    options=lambda state, seat, iid: [o for o in kit.opponents(state, seat) if kit.player(state, o)["gold"] > 0],
    prompt="Tax Collector: steal 1 gold from which opponent?",
    with_seat=True,
)
kit.card("tax_collector", arrives=_tax_collector)


# ---- Tech II units -------------------------------------------------------------


def _never(state, iid, *_args):
    return False


def _guardian_hits(state, iid, moment, dest):
    """Guardian of the Gates: a unit he deals combat damage to is disabled
    (the unit, not himself; also when armor took all the damage: rulings)."""
    if moment == "dealt" and kit.stats.is_unit(state, dest) and kit.thing_exists(state, dest):
        kit.disable(state, dest)


kit.card("guardian_of_the_gates", can_attack=_never, in_combat=_guardian_hits)


def _insurance_agent(state, iid):
    """Insurance Agent arrives: put an insurance rune on a unit (◎; an
    Illusion dies when targeted and is never insured, ruling)."""
    seat = controller(state, iid)
    kit.ask_target(
        state,
        seat,
        kit.slot("unit"),
        "Insurance Agent: choose a unit to insure.",
        {"op": "insurance_agent", "agent": iid},
    )


@kit.op("insurance_agent")
def _insure(state, step):
    for tid in step["choice"]:
        insured = kit.card_of(state, tid)["marks"].setdefault("insured_by", [])
        insured.append(step["agent"])
        kit.add_named_rune(state, tid, "insurance")
        kit.log(state, f"{kit.name(state, tid)} is insured.", cards=[tid])


def _insured_dies(state, src, dead):
    """Insurance Agent: when the unit he insured dies, his controller gains
    gold equal to its cost and draws a card. Only this agent's own rune
    counts (a new or copied agent insures nothing of the old one's; two
    agents on one unit both pay; a second rune from elsewhere pays nothing
    more; leaving play without dying pays nothing: rulings)."""
    if src not in kit.card_of(state, dead)["marks"].get("insured_by", ()):
        return
    seat = controller(state, src)
    cost = kit.catalog.card(kit.printed_card(kit.card_of(state, dead)))["cost"] or 0
    if kit.gain_gold(state, seat, cost):
        kit.log(state, f"{kit.seat_name(state, seat)} collected {cost} gold of insurance.")
    kit.draw(state, seat, 1, in_main=in_main(state))


kit.card("insurance_agent", arrives=_insurance_agent, unit_dies=_insured_dies)

# Justice Juggernaut: unstoppable and two lives are keywords; it can't patrol.
kit.card("justice_juggernaut", can_patrol=_never)

# Arresting Constable: exhaust: disable a tech 0, I or II unit (◎).
kit.card(
    "arresting_constable",
    abilities=[
        kit.ability(
            "disable a tech 0, I or II unit.",
            kit.Disable(),
            targets=[kit.slot("unit", kit.tech_at_most(2))],
            exhaust=True,
        )
    ],
)


def _council_counts(state, src, seat, iid, outcome):
    """Censorship Council keeps count of the cards each opponent plays from
    hand this turn, as they are paid for (mark ``plays``: seat -> {"turn",
    "n"})."""
    if outcome == "paid" and kit.is_opponent(state, controller(state, src), seat):
        plays = kit.card_of(state, src)["marks"].setdefault("plays", {})
        seen = plays.get(str(seat), {"turn": state["turn"], "n": 0})
        plays[str(seat)] = {"turn": state["turn"], "n": seen["n"] + 1 if seen["turn"] == state["turn"] else 1}


def _silence_after_one(state, src, seat, card_id, from_hand):
    """Censorship Council: during their turns, opponents play at most one
    card from hand (hiring a worker isn't playing a card; cards put into
    play by effects don't count: ruling)."""
    if (
        not from_hand
        or not kit.is_opponent(state, controller(state, src), seat)
        or kit.team_of(state, seat) != kit.team_of(state, state["active"])
    ):
        return None
    seen = kit.card_of(state, src)["marks"].get("plays", {}).get(str(seat), {"turn": None, "n": 0})
    if seen["turn"] == state["turn"] and seen["n"] >= 1:
        return "Censorship Council: you may play only one card from your hand this turn."
    return None


kit.card("censorship_council", card_played=_council_counts, forbids_play=_silence_after_one)


# ---- Tech III ------------------------------------------------------------------


def _gryphon_base(state, src, team):
    """Lawbringer Gryphon: its controller's base has flying while it is in
    play (ruling); flying, resist 2 and obliterate 4 are keywords."""
    return kit.team_of(state, controller(state, src)) == team


kit.card("lawbringer_gryphon", grants={"base_flying": _gryphon_base})


# ---- Spells --------------------------------------------------------------------


def _tech_building(state, seat, tid):
    return tid.startswith("bld:") and tid.rsplit(":", 1)[1] in ("tech_1", "tech_2")


def _injunction(state, seat, iid, targets):
    """Injunction: the chosen Tech I or II building is off during its
    owner's next turn (no cards of its level, no next tech building from it;
    a Tech III already standing keeps working), and each unit of that tech
    level its owner controls now is disabled, whatever its spec (rulings).
    It doesn't target (no ◎)."""
    tid = targets[0]
    if not kit.thing_exists(state, tid):
        return
    _, owner, where = tid.split(":")
    owner, level = int(owner), int(where[-1])
    kit.switch_off(state, owner, where)
    kit.log(state, f"{kit.seat_name(state, owner)}'s Tech {'I' * level} building is shut down for their next turn.")
    for unit in list(kit.player(state, owner)["play"]):
        if kit.stats.is_unit(state, unit) and kit.stats.tech_level(state, unit) == level:
            kit.disable(state, unit)


kit.card("injunction", targets=[kit.slot("building", _tech_building, icon=False)], resolve=_injunction)


def _tech_1_or_2_unit(rec):
    return rec["kind"] == "unit" and rec["tech"] in (1, 2)


def _look_then_offer(state, seat, option):
    """Then you may put a tech I or II unit from that pile into play under
    your control: free, no tech building needed (ruling). The options are
    card ids (the pile's ids are hidden)."""
    seen = kit.look_at(state, seat, option)
    units = sorted(
        {state["cards"][i]["card"] for i in seen if _tech_1_or_2_unit(kit.catalog.card(state["cards"][i]["card"]))}
    )
    kit.ask(
        state,
        seat,
        "Community Service: you may put one of these units into play under your control.",
        units,
        {"op": "community_service_put", "seat": seat, "pile": option},
        optional=bool(units),
    )


@kit.op("community_service_put")
def _community_service_put(state, step):
    zone, owner = step["pile"].split(":")
    for card_id in step["choice"]:
        pick = next((i for i in kit.player(state, int(owner))[zone] if state["cards"][i]["card"] == card_id), None)
        if pick is not None:
            kit.log(
                state,
                f"{kit.seat_name(state, step['seat'])} put {kit.name(state, pick)} into play.",
                cards=[pick],
                shown_to=kit.EVERYONE,
            )
            kit.enter_play(state, pick, step["seat"])


# Community Service: look at an opponent's hand or discard pile.
kit.card(
    "community_service",
    resolve=kit.Choose(
        "community_service",
        kit.Call(_look_then_offer),
        options=lambda state, seat, _iid: kit.look_options(state, seat),
        prompt="Community Service: look at which pile?",
        with_seat=True,
    ),
)


def jurisdiction_options(state: dict, seat: int, gold: int) -> list:
    """The spells Jurisdiction may play for ``seat`` with ``gold`` left:
    non-ultimate spells of its codex it can pay for (:func:`card_cost`),
    with a legal target for each slot, that no card in play forbids."""
    out = []
    for card_id in sorted(kit.player(state, seat)["codex"]):
        rec = kit.catalog.card(card_id)
        if rec["kind"] != "spell" or rec.get("spell_kind") == "ultimate":
            continue
        if kit.card_cost(state, seat, card_id) > gold or not kit.free_cast_ready(state, seat, card_id):
            continue
        if kit.play_refusal(state, seat, card_id, from_hand=False):
            continue
        out.append(card_id)
    return out


def _jurisdiction(state, seat, iid, targets):
    """Jurisdiction: play a non-ultimate spell from your codex, paying its
    cost; it is discarded afterwards like any spell. Its hero isn't needed:
    a channeling spell without its hero is discarded at once (ruling)."""
    options = jurisdiction_options(state, seat, kit.player(state, seat)["gold"])
    kit.ask(
        state,
        seat,
        "Jurisdiction: play which spell from your codex?",
        options,
        {"op": "jurisdiction", "seat": seat},
        optional=bool(options),
    )


def _cast_from_codex(state, seat, card_id):
    kit.take_from_codex(kit.player(state, seat), card_id)
    spell = kit.make_instance(state, card_id, seat, "stack")
    kit.cast_free(state, seat, spell, cost=kit.card_cost(state, seat, card_id))


kit.each("jurisdiction", kit.Call(_cast_from_codex))


kit.card("jurisdiction", resolve=_jurisdiction)


def _judgment_day(state, seat, iid, targets):
    """Judgment Day: destroy every tech 0, I and II unit (tokens are tech 0;
    heroes aren't units). They die: dies triggers and patrol slot bonuses
    happen (ruling)."""
    for unit in [i for p in state["players"] for i in p["play"]]:
        if kit.stats.is_unit(state, unit) and (kit.stats.tech_level(state, unit) or 0) <= 2:
            kit.destroy(state, unit)


kit.card("judgment_day", resolve=_judgment_day)


# ---- Bigby Hayes ---------------------------------------------------------------


def _bigby_license(state, src, seat, card_id):
    """Judgment Day: your max-level Law hero can cast it however recently he
    arrived or reached max level (its own text)."""
    return card_id == "judgment_day" and kit.reached(state, src, "max")


kit.card(
    "bigby_hayes",
    grants={"play_without_hero": _bigby_license},
    abilities=kit.by_band(
        mid=[
            kit.ability(
                "sideline a tech 0 or I patroller.",
                kit.Sideline(),
                targets=[kit.slot("unit", kit.patroller, kit.tech_at_most(1))],
                exhaust=True,
            )
        ],
        max=[kit.ability("draw a card.", kit.Draw(1), exhaust=True)],
    ),
)
