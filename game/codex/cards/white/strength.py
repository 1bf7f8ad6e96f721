"""Strength (white spec): its 12 codex cards, its hero Garus Rook and the
Bird token Bird's Nest makes.

Ardra's Boulder has no text, and the Bird token only flying: they need no
code; Garus Rook's max band (two lives) is a keyword. Fine points follow
the official rulings (reference/codex-cards/rulings.json, "White",
"Heroes") and docs/RULINGS.md ("White cards: Strength").
"""

from .. import kit

NONE = (0, 0, {})


def _controller(state, iid):
    return kit.card_of(state, iid)["controller"]


# ---- Bird's Nest ---------------------------------------------------------------

BIRD_LIMIT = 2


def _nest_birds(state, seat):
    """Make Birds for ``seat`` up to the limit of two Birds in play: a second
    Nest sees the two Birds and makes none (ruling)."""
    have = sum(1 for i in kit.player(state, seat)["play"] if kit.card_of(state, i)["card"] == "bird")
    for _ in range(BIRD_LIMIT - have):
        kit.make_token(state, "bird", seat)


def _nest(state, seat, iid, targets):
    """Bird's Nest (channeling, stays in play): two 1/1 flying Birds."""
    _nest_birds(state, seat)


def _nest_upkeep(state, iid):
    """Upkeep: lost Birds come back, up to two in play. Birds stay when the
    Nest goes (ruling)."""
    _nest_birds(state, _controller(state, iid))


kit.card("bird_s_nest", resolve=_nest, upkeep=_nest_upkeep)


# ---- Entangling Vines ------------------------------------------------------------


def _vines(state, seat, iid, targets):
    """Entangling Vines: attached to a patrolling unit (◎), which is
    sidelined and can't attack or patrol while it stays attached; the hold
    begins now (state.tick: a Gargoyle woken later may attack, Gargoyle
    ruling)."""
    host = targets[0]
    kit.attach(state, iid, host)
    kit.card_of(state, iid)["marks"]["since"] = kit.tick(state)
    if kit.standing(state, host):
        kit.sideline(state, host)


def _vines_hold(state, src, iid):
    """Since when the Vines hold ``iid`` (their host), else None; Vines
    attached before the clock (state.tick) hold since 0, the oldest."""
    return kit.card_of(state, src)["marks"].get("since", 0) if kit.attached_to(state, src) == iid else None


kit.card(
    "entangling_vines",
    targets=[kit.slot("unit", kit.patroller)],
    resolve=_vines,
    restricts={"attack_and_patrol": _vines_hold},
    must_sacrifice=kit.host_gone,
)


# ---- Thunderclap -------------------------------------------------------------------


def _clappable(state, seat, tid):
    """A unit without flying that costs 2 or less (tokens cost 0, ruling)."""
    rec = kit.catalog.card(kit.card_of(state, tid)["card"])
    cost = 0 if rec.get("token") else (rec["cost"] or 0)
    return not kit.stats.kw(state, tid, "flying") and cost <= 2


CLAP = kit.slot("unit", _clappable, prompt="Thunderclap: sideline which unit (up to three)?")


# Thunderclap: up to three units without flying that cost 2 or less (◎,
# picked as it resolves, one prompt each; any unit, patrolling or not: an
# Illusion dies when targeted, ruling) are sidelined.
kit.card("thunderclap", resolve=kit.PickUpTo("thunderclap", CLAP, 3, pick=kit.Sideline()))


# ---- Earthquake -----------------------------------------------------------------------


def _buildings_of(state, seat):
    """Every building of ``seat``: tech buildings, add-on, base, building cards."""
    cards = [i for i in kit.player(state, seat)["play"] if kit.kind_of(state, i) == "building"]
    return kit.building_ids(state, seat) + [kit.base_id(state, seat)] + cards


def _damage_on(state, tid):
    rec = kit.building_record(state, tid) if kit.is_building_id(tid) else kit.card_of(state, tid)
    return rec["damage"] if rec is not None else 0


def _quake(state, seat, victim):
    """4 damage to each damaged building of ``victim``'s, then 1 to each
    undamaged one, read afresh (ruling: a building destroyed by the first
    damages the base, which then takes no 1)."""
    for tid in [t for t in _buildings_of(state, victim) if kit.thing_exists(state, t) and _damage_on(state, t) > 0]:
        kit.damage_building(state, tid, 4, by=kit.catalog.card("earthquake")["name"])
    for tid in [t for t in _buildings_of(state, victim) if kit.thing_exists(state, t) and _damage_on(state, t) == 0]:
        kit.damage_building(state, tid, 1, by=kit.catalog.card("earthquake")["name"])


# Earthquake (ultimate): the caster picks an opponent (one opponent in a
# 1-hero game: no question).
_earthquake = kit.Choose("earthquake", kit.Call(_quake), options=kit.OPPONENTS, prompt="Earthquake: whose buildings?")


kit.card("earthquake", resolve=_earthquake)


# ---- Mythmaking -------------------------------------------------------------------------


def _mythmaking(state, src, iid):
    """Mythmaking: your legendary units +2/+2 and legendary buildings +2
    HP; opponents' legendary units -1/-1."""
    rec = kit.catalog.card(kit.card_of(state, iid)["card"])
    if not rec["legendary"]:
        return NONE
    mine = _controller(state, src)
    if _controller(state, iid) == mine:
        if rec["kind"] == "unit":
            return (2, 2, {})
        return (0, 2, {}) if rec["kind"] == "building" else NONE
    if rec["kind"] == "unit" and kit.is_opponent(state, mine, _controller(state, iid)):
        return (-1, -1, {})
    return NONE


kit.card("mythmaking", aura_all=_mythmaking)


# ---- Doubling Barbarbarian ----------------------------------------------------------------


def _doubling(state, src, iid):
    """Doubling Barbarbarian: whatever ATK, HP or armor he gains he gains
    twice: +1/+1 runes, this-turn and lasting effects, auras and patrol slot
    bonuses (rulings: squad leader gives 2 armor, a rune +2/+2; it ends
    with the effect). Losses (-1/-1 runes, ...) are not doubled; healing
    isn't a gain (ruling)."""
    if iid != src or kit.is_busy("doubling", iid):
        return NONE
    inst = kit.card_of(state, iid)
    rec = kit.catalog.card(inst["card"])
    raw = kit.raw_stats(state, iid, "doubling")
    gain_atk = max(0, raw["atk"] + inst["minus"] - (rec["atk"] or 0))
    gain_hp = max(0, raw["hp"] + inst["minus"] - (rec["hp"] or 0))
    armor = raw["kw"].get("armor", 0)
    return (gain_atk, gain_hp, {"armor": armor} if armor else {})


kit.card("doubling_barbarbarian", aura=_doubling)


# ---- Whitestar Grappler -----------------------------------------------------------------


def _grapple(state, seat, iid, targets):
    """Whitestar Grappler: a unit (◎) takes 4 damage; if it still lives it
    deals its ATK to the Grappler and is sidelined if it was patrolling."""
    tid = targets[0]
    if not kit.standing(state, tid):
        return
    kit.damage_card(state, tid, 4, by=kit.name(state, iid), source=iid)
    inst = kit.card_of(state, tid)
    if inst["marks"].get("doomed") or inst["damage"] >= kit.stats.hp(state, tid):
        return
    kit.damage_card(state, iid, kit.stats.atk(state, tid), by=kit.name(state, tid), source=tid)
    kit.sideline(state, tid)


kit.card(
    "whitestar_grappler",
    abilities=[
        kit.ability(
            "a unit takes 4 damage; if it lives it hits back and is sidelined.",
            _grapple,
            targets=[kit.slot("unit")],
            exhaust=True,
        )
    ],
)


# ---- Colossus, Jefferson DeGrey ---------------------------------------------------------

kit.card("colossus", unstoppable_toward=lambda state, iid, target: target.startswith("base:"))


def _jefferson(state, iid):
    """Jefferson DeGrey: arriving, he destroys every token in play."""
    for tid in [i for p in state["players"] for i in p["play"]]:
        if kit.catalog.card(kit.card_of(state, tid)["card"]).get("token"):
            kit.destroy(state, tid)


kit.card("jefferson_degrey_ghostly_diplomat", arrives=_jefferson)


# ---- Morningstar Pass ---------------------------------------------------------------------


def _pass_shields(state, src, target):
    """Morningstar Pass: damage to its controller's other buildings (tech
    buildings, add-on, base, building cards) is prevented."""
    if target == src:
        return False
    mine = _controller(state, src)
    if kit.is_building_id(target):
        if target.startswith("base:"):
            return target == kit.base_id(state, mine)
        return int(target.split(":")[1]) == mine
    return target in state["cards"] and kit.kind_of(state, target) == "building" and _controller(state, target) == mine


def _pass_tax(state, iid, seat):
    """Opponents (``seat`` attacking) pay 1 gold each time they attack it;
    without it, no attack (ruling)."""
    return 1 if kit.is_opponent(state, seat, _controller(state, iid)) else 0


kit.card("morningstar_pass", restricts={"building_damage": _pass_shields}, modifies={"attack_tax": _pass_tax})


# ---- Oathkeeper of Kor Mountain ------------------------------------------------------------

OATHS = ["play no cards from hand but workers", "skip my draw/discard phase"]


def _oath_arrives(state, iid):
    """Arriving, its controller swears one oath, kept while it is in play."""
    seat = _controller(state, iid)
    kit.ask(state, seat, "Oathkeeper of Kor Mountain: swear which oath?", OATHS, {"op": "oathkeeper", "card": iid})


@kit.op("oathkeeper")
def _oath_sworn(state, step):
    if step["card"] in state["cards"]:
        for oath in step["choice"]:
            kit.card_of(state, step["card"])["marks"]["oath"] = oath
            kit.log(state, f'{kit.seat_name(state, _controller(state, step["card"]))} swore: "I will {oath}."')


def _oath(state, iid):
    return kit.card_of(state, iid)["marks"].get("oath")


def _oath_forbids(state, src, seat, card_id, from_hand):
    """First oath: no card from hand (hiring a worker isn't playing one;
    putting cards into play by an effect is fine, ruling)."""
    if _oath(state, src) == OATHS[0] and seat == _controller(state, src) and from_hand:
        return "Your oath (Oathkeeper of Kor Mountain) forbids playing cards from your hand."
    return None


def _oath_skips(state, src, seat):
    """Second oath: no draw/discard phase; the hand stays as it is (ruling)."""
    return _oath(state, src) == OATHS[1] and seat == _controller(state, src)


def _sideline_all(state, seat, iid, targets):
    """Pay 2: sideline every patrolling unit."""
    for tid in [i for p in state["players"] for i in p["play"]]:
        if kit.stats.is_unit(state, tid) and kit.is_patrolling(state, tid):
            kit.sideline(state, tid)


kit.card(
    "oathkeeper_of_kor_mountain",
    arrives=_oath_arrives,
    forbids_play=_oath_forbids,
    restricts={"draw": _oath_skips},
    abilities=[kit.ability("sideline every patrolling unit.", _sideline_all, gold=2)],
)


# ---- Garus Rook -------------------------------------------------------------------------------


def _rook_unstoppable(state, iid, patroller_id):
    """Mid band: a patrol zone holding just one patroller can't stop him."""
    if not kit.reached(state, iid, "mid"):
        return False
    zone = kit.player(state, _controller(state, patroller_id))["patrol"]
    return sum(1 for occupant in zone.values() if occupant is not None) == 1


kit.card("garus_rook", unstoppable_by=_rook_unstoppable)
