"""Cards coming into play and spells being cast: arriving (played, put
into play, out of the future, tokens made) and the spell pipeline
(being targeted: an Illusion dies; the effect, the discard pile, "whenever you play a
spell"). Below the actions and the turn structure, which both bring cards
into play. Sources: rulebook "Playing cards", glossary "Arrival fatigue",
"Forecast", "Illusion"; house rule R5."""

from . import catalog, stats
from .cards import registry
from .effects import destroy
from .flow import op, push
from .state import card_of, change_control, holds_legendary, in_play, log, make_instance, move, name, player, seat_name
from .targeting import dies_when_targeted
from .timerunes import arrive_with_time_runes, forecast_value, to_future


def enter_play(state: dict, iid: str, seat: int, marks: dict = None) -> str:
    """Put ``iid`` into play under ``seat`` (from hand, command zone or the
    future): it arrives this turn (arrival fatigue), gets its fading time
    runes, then its "arrives" trigger runs. ``marks`` are set on it before
    that trigger (e.g. ``{"boosted": True}``, glossary: Boost); a card
    marked ``boosted`` then loses the mark and hears ``boost_paid`` (its
    boost effect).

    A card with forecast that would come into play from anywhere but the
    future goes to the future zone instead (Forecast ruling) and nothing
    arrives. A second copy of a legendary ``seat`` controls goes to the
    discard pile instead (Deluxe rulebook, "Legendary Cards"). Returns the
    card's id in play (or in the future, or the discard pile); a card from
    a hidden zone gets a fresh one.
    """
    inst = state["cards"][iid]
    origin = inst["zone"]
    if inst["zone"] != "future" and forecast_value(state, inst["card"]):
        iid = to_future(state, iid)
        card_of(state, iid)["marks"].update(marks or {})
        return iid
    if holds_legendary(state, seat, inst["card"]):
        # Deluxe rulebook, "Legendary Cards": the second copy is discarded
        # instead; it never arrives.
        log(
            state,
            f"{seat_name(state, seat)} already controls {name(state, iid)}: the second copy was discarded (legendary).",
            cards=[iid],
        )
        return move(state, iid, "discard")
    if inst["zone"] == "command":
        _hero_to_play(state, iid)
    else:
        iid = move(state, iid, "play")
    if card_of(state, iid)["controller"] != seat:  # put into play under another's control
        change_control(state, iid, seat)
    inst = card_of(state, iid)
    inst["arrived"] = state["turn"]
    inst["marks"].update(marks or {})
    _note_first_from_hand(state, iid, origin)
    arrive_with_time_runes(state, iid)
    registry.emit(state, "arrives", iid)
    if inst["marks"].pop("boosted", False):
        registry.emit(state, "boost_paid", iid)
    announce_arrival(state, iid)
    return iid


def _note_first_from_hand(state: dict, iid: str, origin: str) -> None:
    """Mark ``iid`` ``first_from_hand`` (the turn number) when it is the
    first unit that arrived from its controller's hand this turn, played or
    put into play; arrivals from anywhere else don't count (Drakk Ramhorn
    rulings). The player's ``hand_unit_turn`` remembers the turn of that
    first arrival, whoever cares about it."""
    inst = card_of(state, iid)
    p = player(state, inst["controller"])
    if origin == "hand" and stats.is_unit(state, iid) and p.get("hand_unit_turn") != state["turn"]:
        p["hand_unit_turn"] = state["turn"]
        inst["marks"]["first_from_hand"] = state["turn"]


def announce_arrival(state: dict, iid: str) -> None:
    """Tell the other cards of ``iid``'s controller that it arrived: their
    ``other_arrives`` hooks run (Blooming Ancient). Used by every way of
    arriving: played, put into play, out of the future, tokens made."""
    seat = card_of(state, iid)["controller"]
    registry.emit_to(state, "other_arrives", player(state, seat)["play"], iid, skip=iid)


def make_token(state: dict, card_id: str, seat: int) -> str:
    """Create token ``card_id`` in play under ``seat``; it arrives this turn
    (with its fading time runes). A token with forecast goes to the future
    zone instead. Returns its instance id."""
    if forecast_value(state, card_id):
        # A forecast token starts in the future (Forecast ruling; Vir
        # Garbarean's Mech token).
        iid = make_instance(state, card_id, seat, "future")
        log(state, f"{player(state, seat)['name']} got a {name(state, iid)} token in the future.", cards=[iid])
        return to_future(state, iid)
    iid = make_instance(state, card_id, seat, "play")
    state["cards"][iid]["arrived"] = state["turn"]
    log(state, f"{player(state, seat)['name']} got a {name(state, iid)} token.", cards=[iid])
    arrive_with_time_runes(state, iid)
    announce_arrival(state, iid)
    return iid


def _hero_to_play(state: dict, iid: str) -> None:
    inst = card_of(state, iid)
    p = player(state, inst["owner"])
    p["command"].remove(iid)
    p["play"].append(iid)
    inst["zone"] = "play"


def cast_spell(state, seat, iid, targets, played=True, marks=None):
    """Resolve a spell: what it ◎ is targeted (:func:`on_targeted`: an
    Illusion dies at once); then its effect;
    then it goes to the discard pile (or stays in play if ongoing); then
    "whenever you play a spell" triggers (Harmony ruling: after resolving),
    unless ``played`` is False (a forecast spell resolving from the future
    was played earlier). ``marks`` go on the spell (e.g. ``boosted``); the
    Illusions its targeting destroyed are its mark ``vanished`` while it
    resolves, ``{target id: controller}`` (Shadow Blade ruling: their
    controller discards)."""
    rec = catalog.card(card_of(state, iid)["card"])
    vanished = on_targeted(state, icon_targets(registry.card_of_id(rec["id"]).targets, targets))
    if rec["ongoing"]:
        iid = move(state, iid, "play")
        card_of(state, iid)["arrived"] = state["turn"]
        arrive_with_time_runes(state, iid)  # an ongoing spell with fading
    else:
        iid = move(state, iid, "stack")
    card_of(state, iid)["marks"].update(marks or {})
    if vanished:
        card_of(state, iid)["marks"]["vanished"] = vanished
    push(state, {"op": "spell_resolve", "seat": seat, "spell": iid, "targets": targets, "played": played})


@op("spell_resolve")
def _spell_resolve(state, step):
    """Run the spell's effect, then queue its cleanup and triggers. A spell
    already gone does nothing (a channeling spell cast without its hero is
    discarded at once: Jurisdiction ruling); it was still played."""
    iid = step["spell"]
    push(state, {"op": "spell_done", "seat": step["seat"], "spell": iid, "played": step.get("played", True)})
    if iid not in state["cards"]:
        return
    resolve = registry.card_of_id(card_of(state, iid)["card"]).resolve
    if resolve is not None:
        resolve(state, step["seat"], iid, step["targets"])


@op("spell_done")
def _spell_done(state, step):
    """A finished non-ongoing spell goes to the discard pile (unless its
    effect put it elsewhere); then "whenever you play a spell" triggers."""
    iid, seat = step["spell"], step["seat"]
    inst = state["cards"].get(iid)
    if inst is not None:
        inst["marks"].pop("vanished", None)  # an ongoing spell stays in play without it
    if inst is not None and inst["zone"] == "stack":
        move(state, iid, "discard")
    if step.get("played", True):
        spell_played_triggers(state, seat, iid)


def spell_played_triggers(state, seat, iid):
    """The cards in play hear that ``seat`` played spell ``iid`` (event
    ``card_played``, outcome "cast": "whenever you play a spell", Harmony),
    after noting the turn in the player's ``spell_turn`` ("if you played a
    spell this turn": Calypso Vystari)."""
    player(state, seat)["spell_turn"] = state["turn"]
    registry.emit_to(state, "card_played", in_play(state), seat, iid, "cast", skip=iid)


def icon_targets(slots: list, targets: list) -> list:
    """The ones of ``targets`` (one per target slot of ``slots``, in order)
    that a spell or ability ◎: those of the slots with the target icon. A
    slot without it picks its thing without targeting (Arrest, Temporal
    Distortion): no resist, no Illusion dies, nothing hears it was
    targeted (glossary: Illusion and its rulings; Smoker ruling)."""
    return [t for s, t in zip(slots, targets, strict=False) if s.icon]


def on_targeted(state: dict, targets: list) -> dict:
    """``targets`` were just ◎ by a spell or ability (only those:
    :func:`icon_targets`), before its effect: Illusions among them die
    (:func:`kill_targeted_illusions`), then the cards still in play hear
    it (:func:`targeted_triggers`). The one rule of being targeted:
    casting a spell, using an ability and a target picked while an effect
    resolves (cards.common.ask_target and the cards that pick their own)
    all come here. A resist is paid by the caller, with the cost. Returns
    what :func:`kill_targeted_illusions` returns."""
    vanished = kill_targeted_illusions(state, targets)
    targeted_triggers(state, targets)
    return vanished


def kill_targeted_illusions(state: dict, targets: list) -> dict:
    """Illusions among ``targets`` die on being targeted (glossary:
    Illusion; targeting.dies_when_targeted): they are destroyed before the
    effect resolves. Returns ``{id: controller}`` of those destroyed (an
    indestructible one is not), for an effect that cares who controlled
    them (Shadow Blade ruling)."""
    vanished = {}
    for tid in targets:
        if dies_when_targeted(state, tid):
            log(state, f"{name(state, tid)} vanished when targeted.", cards=[tid])
            destroy(state, tid)
            if state["cards"][tid]["marks"].get("doomed"):
                vanished[tid] = state["cards"][tid]["controller"]
    return vanished


def targeted_triggers(state: dict, targets: list) -> None:
    """The cards in play among ``targets`` (the ◎ targets of a spell or
    ability just chosen) hear event ``affected`` ("targeted") before the
    effect resolves (Smoker ruling: he returns to hand at once)."""
    for tid in targets:
        inst = state["cards"].get(tid) if isinstance(tid, str) else None
        if inst is not None and inst["zone"] == "play" and not inst["marks"].get("doomed"):
            registry.emit(state, "affected", tid, "targeted", None)


@op("forecast_arrives")
def _forecast_arrives(state: dict, step: dict) -> None:
    """The last time rune left a forecasted card: a spell resolves (with no
    targets), anything else arrives under its owner's control (no tech,
    cost or hero needed then, Forecast ruling)."""
    iid, seat = step["card"], step["seat"]
    inst = state["cards"].get(iid)
    if inst is None or inst["zone"] != "future":
        return
    log(state, f"{seat_name(state, seat)}'s {name(state, iid)} came out of the future.", cards=[iid])
    if catalog.card(inst["card"])["kind"] == "spell":
        cast_spell(state, seat, iid, [], played=False)
    else:
        enter_play(state, iid, seat)
