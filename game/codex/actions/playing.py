"""Playing a card from hand: the move, with who may take it, its check,
change and options (Deluxe rulebook, "Main phase", "Spells"; glossary:
Boost; house rule R7; the cards' rulings named on each)."""

from .. import catalog, stats
from ..cards import registry
from ..effects import pay
from ..errors import RulesError
from ..heroes import ultimate_ready
from ..play import cast_spell, enter_play, spell_played_triggers
from ..specs import minor_spell_tax, tech_problem, tech_waived
from ..state import EVERYONE, card_of, holds_legendary, log, player, seat_name
from ..timerunes import forecast_value, to_future
from .base import (
    Move,
    check_targets,
    everyone_in_play,
    hand_subjects,
    main_refusal,
    target_combos,
    targets_pass,
    walked,
)
from .costs import card_cost, keep_promise, play_refusal


def _spell_hero_ok(state: dict, seat: int, rec: dict) -> bool:
    """A spell needs a hero in play; a spec spell needs that spec's hero; an
    ultimate needs it at max level since the start of the turn (R7). A card
    in play whose ``grants play_without_hero`` allows the spell lifts all of that
    (Guargum ruling: even an ultimate, even the turn he arrived); so does
    the game's map answering it (no spell needs a hero). A map's ``grants
    ultimate_any_level``: an ultimate needs only its spec's hero in play,
    at any level, arrived this turn or not."""
    if registry.any_says(state, "grants:play_without_hero", player(state, seat)["play"], seat, rec["id"]):
        return True
    heroes = [i for i in player(state, seat)["play"] if stats.is_hero(state, i) and not registry.silenced(state, i)]
    if rec["spec"]:
        heroes = [i for i in heroes if catalog.card(state["cards"][i]["card"])["spec"] == rec["spec"]]
    if rec.get("spell_kind") == "ultimate" and not _ultimate_any_level(state, seat, rec["id"]):
        return any(ultimate_ready(state, i) for i in heroes)
    return bool(heroes)


def _ultimate_any_level(state: dict, seat: int, card_id: str) -> bool:
    """True when the game's map lets ``seat`` cast ultimate ``card_id``
    with its spec's hero at any level (``grants ultimate_any_level``)."""
    return bool(registry.global_says(state, "grants:ultimate_any_level", seat, card_id))


def check_play(state: dict, seat: int, action: dict) -> tuple:
    """Play a card from hand: units, spells, upgrades and buildings.

    Units and other non-spells need the tech building of their tech level
    (unless a ``grants play_without_tech`` lifts that);
    spells need a hero (see _spell_hero_ok); legendary cards can't have two
    in play; targets must be legal (check_targets); gold covers the cost
    plus resist. ``"boost": true`` pays the card's boost X on top (glossary:
    Boost X; only cards with boost, only when played from hand). A card in
    play may forbid it (:func:`play_refusal`, the hooks ``forbids_play``;
    code ``forbidden``). Returns the plan ``(iid, cost, targets,
    boosted)``.
    """
    iid, cost, boosted = check_play_card(state, seat, action)
    slots = registry.card_of_id(card_of(state, iid)["card"]).targets
    gold = player(state, seat)["gold"]
    extra = check_targets(state, seat, slots, action.get("targets"), gold - cost)
    return iid, cost + extra, list(action.get("targets") or []), boosted


def check_play_card(state: dict, seat: int, action: dict, zone: str = "hand") -> tuple:
    """Everything :func:`check_play` checks but the targets (none of it
    depends on them); returns ``(iid, cost, boosted)``, the cost with any
    boost, before resist. legal_actions checks a card once this way, then
    each of its target combinations with :func:`check_targets`. ``zone``
    "deck": the card is the top card of the draw pile (a card that plays
    it, paying and meeting every requirement). While the state is frozen
    the verdict is remembered per seat, card, boost and zone (the view's
    reasons ask it again after legal_actions). Raises RulesError with the
    refusal."""
    iid, boost = action.get("card"), action.get("boost", False)
    if isinstance(iid, str) and isinstance(boost, bool):
        verdict = play_card_verdict(state, seat, iid, boost, zone)
    else:
        verdict = _play_card_verdict(state, seat, iid, boost, zone)  # refused there; no memo key of it
    if isinstance(verdict, RulesError):
        raise RulesError(verdict.code, verdict.message)  # a fresh one: see _play_card_verdict
    return verdict


def play_card_verdict(state: dict, seat: int, iid: str, boost: bool, zone: str = "hand") -> tuple | RulesError:
    """:func:`check_play_card`'s verdict on playing card ``iid`` (an id)
    with ``boost`` (a bool) from ``zone``: its plan ``(iid, cost,
    boosted)``, or the RulesError it would raise. Remembered per seat,
    card, boost and zone while the state is frozen, so the error is
    shared: read its code and message, never raise it itself.
    legal_actions asks it of each hand card without raising anything
    (issue 13)."""
    return stats.memoised(
        state, ("play_card", seat, iid, boost, zone), lambda: _play_card_verdict(state, seat, iid, boost, zone)
    )


def _play_card_verdict(state: dict, seat: int, iid: object, boosted: object, zone: str) -> tuple | RulesError:
    """The plan ``(iid, cost, boosted)`` of playing ``iid`` with
    ``boosted`` from ``zone``, or the refusal as a RulesError that is
    never raised (no traceback). The memo keeps the verdict: an error with
    its traceback would tie the frames of the checks, and through them the
    memo, in a reference cycle that only the garbage collector frees, and
    a refusal raised and caught costs several calls (issue 13)."""
    refusal = main_refusal(state, seat)
    if refusal is not None:
        return RulesError(*refusal)
    p = player(state, seat)
    if zone == "deck" and (not p["deck"] or iid != p["deck"][0]):
        return RulesError("not_in_hand", "Only the top card of your draw pile can be played.")
    if zone == "hand" and iid not in p["hand"]:
        return RulesError("not_in_hand", "Choose a card from your hand.")
    rec = catalog.card(card_of(state, iid)["card"])
    if rec["kind"] == "spell":
        if not _spell_hero_ok(state, seat, rec):
            if any(registry.silenced(state, i) for i in p["play"]):
                return RulesError("silenced", "Your heroes are silenced: they can't cast spells until your turn ends.")
            if rec.get("spell_kind") == "ultimate" and not _ultimate_any_level(state, seat, rec["id"]):
                return RulesError(
                    "needs_max_hero", "Ultimate spells need their hero at max level since the start of your turn."
                )
            if rec["spec"]:
                return RulesError("needs_hero", f"That spell needs your {catalog.spec_name(rec['spec'])} hero in play.")
            return RulesError("needs_hero", "Spells need one of your heroes in play.")
    else:
        problem = tech_problem(state, seat, rec)
        if problem and not tech_waived(state, seat, rec["id"]):
            return RulesError("needs_tech", problem)
    if rec["legendary"] and holds_legendary(state, seat, rec["id"]):
        return RulesError("legendary", "You already have that legendary card in play.")
    refusal = play_refusal(state, seat, rec["id"])
    if refusal:
        return RulesError("forbidden", refusal)
    cost = card_cost(state, seat, rec["id"]) + minor_spell_tax(state, seat, rec)
    if not isinstance(boosted, bool):
        return RulesError("bad_boost", '"boost" is true or false.')
    if boosted:
        if not rec["keywords"].get("boost"):
            return RulesError("no_boost", "That card has no boost.")
        cost += rec["keywords"]["boost"]
    if p["gold"] < cost:
        return RulesError("not_enough_gold", f"That costs {cost} gold; you have {p['gold']}.")
    return iid, cost, boosted


def do_play(state: dict, seat: int, plan: tuple) -> None:
    """Pay, then put the card into play or cast it. A boosted card carries
    the mark ``boosted`` for its hooks (arrives or resolve). A forecast
    spell goes to the future instead of resolving; it still counts as
    played ("whenever you play a spell" triggers now). A unit an opposing
    card captures (:func:`captor`: ``restricts arrival``) doesn't arrive: a
    boost paid for it takes effect now (event ``boost_paid``), as it is
    played, and the captured card keeps no boost for later (the Boost
    ruling, docs/RULINGS.md); a unit played tells the cards in play (event
    ``card_played``, outcome "arrived") once it has arrived. The cards in
    play hear of the card as it is paid for (outcome "paid") and, a
    building card, hear it built (``building_built``)."""
    iid, cost, targets, boosted = plan
    marks = {"boosted": True} if boosted else {}
    pay(state, seat, cost)
    rec = catalog.card(card_of(state, iid)["card"])
    keep_promise(state, seat, iid)
    registry.emit_to(state, "card_played", everyone_in_play(state), seat, iid, "paid", skip=iid)
    if rec["kind"] == "building":
        registry.emit_to(state, "building_built", everyone_in_play(state), seat, rec["id"])
    log(
        state,
        f"{seat_name(state, seat)} played {rec['name']}" + (" with its boost." if boosted else "."),
        cards=[iid],
        shown_to=EVERYONE,
    )  # played face up
    if rec["kind"] == "spell" and forecast_value(state, rec["id"]):
        iid = to_future(state, iid)
        card_of(state, iid)["marks"].update(marks)
        spell_played_triggers(state, seat, iid)
    elif rec["kind"] == "spell":
        cast_spell(state, seat, iid, targets, marks=marks)
    else:
        holder = captor(state, seat, iid) if not forecast_value(state, rec["id"]) else None
        if holder is not None:
            if boosted:
                registry.emit(state, "boost_paid", iid)
            registry.emit_to(state, "card_played", [holder], seat, iid, "jailed", with_global=False)  # only the captor
            return
        from_hand = card_of(state, iid)["zone"] == "hand"
        # "If you played it from your hand" (Zarramonde): known while it arrives only.
        iid = enter_play(state, iid, seat, marks=dict(marks, played_from_hand=True) if from_hand else marks)
        if iid in state["cards"]:
            card_of(state, iid)["marks"].pop("played_from_hand", None)
        if rec["kind"] == "unit":
            # "Whenever you play a unit from your hand": only here, never for
            # a unit put into play or made by a spell (those cards' rulings).
            registry.emit_to(state, "card_played", everyone_in_play(state), seat, iid, "arrived", skip=iid)


def captor(state: dict, seat: int, iid: str) -> str | None:
    """The card in play that captures the unit ``iid`` ``seat`` plays from
    hand instead of letting it arrive (``restricts arrival``; the card hears
    ``card_played``, outcome "jailed"), or None. A card with forecast goes to the
    future instead, never captured (its card's ruling); a unit played from
    elsewhere (a card holding it, the top of the deck) is not played from
    hand, so nothing captures it."""
    if catalog.card(card_of(state, iid)["card"])["kind"] != "unit" or card_of(state, iid)["zone"] != "hand":
        return None
    answers = registry.answering("restricts:arrival")
    for src in everyone_in_play(state):
        fn = answers.get(state["cards"][src]["card"])
        if fn is not None and fn(state, src, seat, iid):
            return src
    return None


def play_each(state: dict, seat: int, iid: str | None, out: list) -> None:
    """Append every legal play of hand card ``iid`` (None: nothing), with
    every legal target combination, with and without its boost (glossary:
    Boost). The card is checked once per boost without its targets
    (:func:`play_card_verdict`), then each target combination with
    check_targets (not asked without target slots: base.targets_pass;
    issue 13)."""
    if iid is None:
        return
    card_id = state["cards"][iid]["card"]
    slots = registry.card_of_id(card_id).targets
    boosts = [False, True] if catalog.card(card_id)["keywords"].get("boost") else [False]
    costs = {}  # the plan of each boost that passes: its cost before resist
    for boost in boosts:
        plan = play_card_verdict(state, seat, iid, boost)
        if not isinstance(plan, RulesError):
            costs[boost] = plan
    if not costs:  # every one refused
        return
    gold = state["players"][seat]["gold"]
    for targets in target_combos(state, seat, slots):
        for boost in boosts:
            plan = costs.get(boost)
            if plan is None or not targets_pass(state, seat, slots, targets, gold - plan[1]):
                continue
            play = {"type": "play", "card": iid, "targets": targets}
            if boost:
                play["boost"] = True
            out.append(play)


PLAY = Move("play", main_refusal, check_play, do_play, walked(hand_subjects, play_each), play_each)
