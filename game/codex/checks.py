"""State-based checks, run after every step: deaths, channeling, dance
partners, and the end of the game.

Sources: Deluxe rulebook "Death", "Heroes" (a dead hero returns to the command
zone and its levels and runes are lost), "Patrol zone" (scavenger and
technician bonuses); glossary "Channeling"; house rules R13 and R14; in a
free-for-all R25 (free gold), R26 (a lent card's slot bonus) and R28 (the
end of the game), see freeforall.py.
"""

from functools import cache

from . import catalog, stats
from .cards import registry
from .effects import draw, gain_gold, indestructible_instead, leave_play, trash
from .flow import OPS, ask, check_answer, op, push
from .freeforall import base_fallen, credit_kill, is_ffa, lent_by
from .heroes import gain_levels
from .outcome import finish
from .state import (
    acting_seats,
    attachments_of,
    in_play,
    is_opponent,
    is_patrolling,
    legendary_names,
    log,
    move,
    name,
    patrol_slot,
    player,
    seat_name,
    second_legendaries,
    team_of,
)


def state_based_checks(state: dict) -> None:
    """Discard second copies of legendaries, apply every pending death and
    forced sacrifice, then end the game if a base has fallen. Loops until
    nothing more changes. A round with nothing to do (:func:`_settled`, the
    usual case after a step) only checks the end of the game."""
    changed = True
    while changed and state["status"] == "playing":
        changed = False
        if _settled(state):
            _check_game_end(state)
            return
        for iid in second_legendaries(state):
            _discard_second_copy(state, iid)
            changed = True
        dying = _dying(state)
        _announce_deaths(state, dying)
        for iid in dying:
            if iid in state["cards"] and state["cards"][iid]["zone"] == "play":
                die(state, iid)
                changed = True
        for iid in _forced_trash(state):
            trash(state, iid)
            changed = True
        sacrificed = _forced_sacrifices(state)
        _announce_deaths(state, sacrificed)
        for iid in sacrificed:
            if iid in state["cards"] and state["cards"][iid]["zone"] == "play":
                log(state, f"{name(state, iid)} was sacrificed.", cards=[iid])
                die(state, iid)
                changed = True
        if _check_game_end(state):
            return


def _settled(state: dict) -> bool:
    """True when a round of :func:`state_based_checks` has nothing to do
    now: no second copy of a legendary (state.second_legendaries),
    nothing in play that would die (:func:`_would_die`), is trashed
    (:func:`_must_trash`) or sacrificed (:func:`_must_sacrifice`,
    indestructible or not). One pass over the things in play that only
    reads (issue 13), each thing's HP from stats.hp_reader (what the
    things share read once per pass: issue 30, point 3); False when
    something may be to do, and the round then runs in full."""
    cards = state["cards"]
    trashing, sacrificing = registry.answering("restricts:remain_in_play"), registry.answering("must_sacrifice")
    channeling, legendary = _channeling_spells(), legendary_names()
    card = catalog.card
    with stats.frozen(state):
        hp_of = stats.hp_reader(state)
        for p in state["players"]:
            seen = None  # the legendary names of this player's things so far
            for iid in p["play"]:
                inst = cards[iid]
                card_id = inst["card"]
                named = legendary.get(card_id)
                if named is not None:
                    if seen is None:
                        seen = set()
                    elif named in seen:
                        return False  # a second copy (state.second_legendaries)
                    seen.add(named)
                if inst["marks"].get("doomed"):
                    return False  # _would_die, whatever its HP
                kind = card(card_id)["kind"]
                if kind in _MORTAL:
                    hp = hp_of(iid, inst)
                    if inst["damage"] >= hp or (hp <= 0 and kind != "building"):
                        return False  # _would_die
                if card_id in trashing and _must_trash(state, iid, inst, trashing):
                    return False
                if (card_id in channeling or card_id in sacrificing) and _must_sacrifice(
                    state, iid, inst, sacrificing, channeling
                ):
                    return False
    return True


def _discard_second_copy(state: dict, iid: str) -> None:
    """A second copy of a legendary came under a player's control (a
    control change, a loan given back, a token): it is discarded instead,
    to its owner's discard pile (Deluxe rulebook, "Legendary Cards"). It
    leaves play ("leaves" triggers) but does not die: being discarded
    replaces coming under that control."""
    seat = state["cards"][iid]["controller"]
    log(
        state,
        f"{seat_name(state, seat)} already controls {name(state, iid)}: the second copy was discarded (legendary).",
        cards=[iid],
    )
    leave_play(state, iid)
    move(state, iid, "discard")


def _announce_deaths(state: dict, batch: list) -> None:
    """ "Whenever a unit dies": before a batch of simultaneous deaths is
    carried out, every card in play, those about to die included, hears of
    each dying unit (hook ``unit_dies``), so the outcome doesn't depend on
    the order the batch is processed in (Captured Bugblatter ruling: it
    triggers on its own death too). The resolved spells watching this turn
    (``state["turn_watchers"]``: Death Rites) hear it too, the watch as
    ``src``."""
    units = [i for i in batch if i in state["cards"] and stats.is_unit(state, i)]
    if not units:
        return
    answers = registry.answering("unit_dies")
    watchers = [i for p in state["players"] for i in p["play"] if registry.answers_as(state, i) in answers]
    for dead in units:
        for src in watchers:
            fn = answers.get(registry.answers_as(state, src)) if src in state["cards"] else None
            if fn is not None and state["cards"][src]["zone"] == "play":
                fn(state, src, dead)
        for watch in list(state.get("turn_watchers", ())):  # a resolved spell's "this turn" (Death Rites)
            answers[watch["card"]](state, watch, dead)


def _dying(state: dict) -> list:
    """Things in play that die now: destroyed, sacrificed or deathtouched
    ones (mark ``doomed``), units and heroes with lethal damage or no HP
    left, and building cards with damage up to their HP, except those that
    :func:`_escapes_death` saves."""
    cards = state["cards"]
    with stats.frozen(state):  # only reading: each thing's stats computed once
        would_die = [iid for p in state["players"] for iid in p["play"] if _would_die(state, iid, cards[iid])]
    if not would_die:
        return []  # every doomed thing in play was in would_die: none is left for the scan below
    dying = [iid for iid in would_die if not _escapes_death(state, iid)]
    # What an indestructible thing just lost (its attachments) goes too.
    return dying + [i for i in in_play(state) if state["cards"][i]["marks"].get("doomed") and i not in dying]


_MORTAL = ("unit", "hero", "building")  # what lethal damage or no HP kills


def _would_die(state: dict, iid: str, inst: dict) -> bool:
    """True when ``iid`` in play (instance ``inst``) is doomed, or is a unit
    or hero with lethal damage or no HP left, or a building card with
    damage up to its HP (before :func:`_escapes_death`). Only reads."""
    if inst["marks"].get("doomed"):
        return True  # whatever its HP
    kind = catalog.card(inst["card"])["kind"]
    if kind not in _MORTAL:
        return False
    hp = stats.hp(state, iid)
    # A building card in play (Verdant Tree) dies of its damage only.
    return inst["damage"] >= hp or (hp <= 0 and kind != "building")


def _escapes_death(state: dict, iid: str) -> bool:
    """``iid`` would die: apply the keywords that replace dying.

    Indestructible: effects.indestructible_instead (exhausted, damage and
    attachments removed; Indestructible ruling for 0 HP).
    Two lives: without a crumbling rune it loses all damage and gets one
    instead; with one it really dies (Justice Juggernaut and Garus Rook
    rulings: "dies" triggers only run on the real death). A card whose hook
    ``escapes_death`` says so does something else instead, before two lives
    (Brave Knight returns to his owner's hand when combat damage was
    lethal, mark ``combat_death``). Returns True when it doesn't die.
    """
    inst = state["cards"][iid]
    if stats.kw(state, iid, "indestructible"):
        indestructible_instead(state, iid)
        return True
    if registry.ask(state, "escapes_death", iid, False):
        return True  # the card did what it does instead (Brave Knight)
    if stats.kw(state, iid, "two_lives") and not inst["marks"].get("crumbling"):
        inst["marks"].pop("combat_death", None)
        inst["marks"].pop("doomed", None)
        inst["marks"].pop("expired", None)
        inst["marks"].pop("killed_by", None)
        inst["damage"] = 0
        inst["marks"]["crumbling"] = True
        log(state, f"{name(state, iid)} got a crumbling rune instead of dying.", cards=[iid])
        return True
    if registry.any_says(state, "grants:host_save", attachments_of(state, iid), iid):
        return True  # an attachment saved it (Soul Stone; after two lives: ruling)
    return False


def _forced_trash(state: dict) -> list:
    """Things in play a state-based check trashes (``restricts remain_in_play``:
    Hardened Mox once its controller has a tech II unit); indestructible or
    not, trashing is neither dying nor sacrificing."""
    answers = registry.answering("restricts:remain_in_play")
    if not answers:
        return []
    cards = state["cards"]
    return [iid for p in state["players"] for iid in p["play"] if _must_trash(state, iid, cards[iid], answers)]


def _must_trash(state: dict, iid: str, inst: dict, answers: dict) -> bool:
    """True when ``iid`` in play (instance ``inst``) answers question
    ``restricts remain_in_play`` (its index ``answers``) yes; only a card that answers
    is asked (registry.ask's default otherwise)."""
    return inst["card"] in answers and registry.ask(state, "restricts:remain_in_play", iid, False)


def _forced_sacrifices(state: dict) -> list:
    answers, channeling = registry.answering("must_sacrifice"), _channeling_spells()
    cards = state["cards"]
    out = [
        iid
        for p in state["players"]
        for iid in p["play"]
        if _must_sacrifice(state, iid, cards[iid], answers, channeling)
    ]
    # Indestructible things can't be sacrificed (glossary: Indestructible).
    return [iid for iid in out if not stats.kw(state, iid, "indestructible")]


def _must_sacrifice(state: dict, iid: str, inst: dict, answers: dict, channeling: frozenset) -> bool:
    """True when ``iid`` in play (instance ``inst``) must be sacrificed,
    indestructible or not: a channeling ongoing spell (``channeling``)
    whose controller controls no hero of its spec (glossary: Channeling;
    not while the game's map grants its controller the spell without a
    hero, ``grants play_without_hero``), or a card answering ``must_sacrifice`` (its index
    ``answers``) yes; only a card that answers is asked."""
    if inst["card"] in channeling and not registry.global_says(
        state, "grants:play_without_hero", inst["controller"], inst["card"]
    ):
        if not _controls_spec_hero(state, inst["controller"], catalog.card(inst["card"])["spec"]):
            return True
    return inst["card"] in answers and registry.ask(state, "must_sacrifice", iid, False)


@cache
def _channeling_spells() -> frozenset:
    """The ids of the catalog's ongoing spells with channeling (read only;
    catalog facts never change while the engine runs)."""
    return frozenset(
        rec["id"] for rec in catalog.all_cards() if rec.get("ongoing") and rec["keywords"].get("channeling")
    )


def _controls_spec_hero(state: dict, seat: int, spec: str) -> bool:
    for iid in player(state, seat)["play"]:
        rec = catalog.card(state["cards"][iid]["card"])
        if rec["kind"] == "hero" and rec["spec"] == spec:
            return True
    return False


def die(state: dict, iid: str) -> None:
    """``iid`` dies: its "dies" trigger and its killer's ``kills`` trigger
    (effects.damage_card records the killer), then it goes to its zone,
    then the bonus of the patrol slot it died in goes to its controller
    (scavenger: 1 gold, technician: a card; Deluxe rulebook "Patrol zone").

    Units go to their owner's discard pile, tokens cease to exist, ongoing
    spells go to the discard pile. A lent card's slot bonus goes to its
    lender (house rule R26). In a free-for-all an opposing unit dying on the
    active player's turn may give them free gold (house rule R25,
    freeforall.credit_kill). A hero goes to its owner's command zone
    with its levels and runes lost, may not be summoned again until its
    owner's next turn has ended (house rule R13; the game's map may change
    the wait: ``modifies hero_wait``), and one opposing hero that can level
    gains two levels, chosen by the acting player (house rule R14). The map
    and every card in play hear ``hero_dies`` before it moves (a map may
    bury it for good).
    """
    inst = state["cards"][iid]
    rec = catalog.card(inst["card"])
    owner, controller = inst["owner"], inst["controller"]
    slot = patrol_slot(state, iid) if _patrolling_now(state, iid) else None
    registry.emit(state, "dies", iid)
    killer = inst["marks"].get("killed_by")
    kills = registry.handler("kills", killer["card"]) if killer is not None else None
    if kills is not None and registry.silenced(state, killer["iid"]):
        kills = None  # a silenced hero's ability is gone
    if kills is not None:
        kills(state, killer, iid, slot)
    log(state, f"{name(state, iid)} died.", cards=[iid])
    credit_kill(state, iid)
    # A lent card's slot bonus goes to its lender (house rule R26).
    bonus_to = lent_by(state, iid)
    if bonus_to is None:
        bonus_to = controller
    leave_play(state, iid)
    if rec["kind"] == "hero":
        p = player(state, owner)
        own_turn = team_of(state, owner) == team_of(state, state["active"])
        wait = p["turns_ended"] + (2 if own_turn else 1)
        p["hero_ready_after"][inst["card"]] = registry.fold(state, "modifies:hero_wait", (), wait, owner, inst["card"])
        registry.emit_to(state, "hero_dies", in_play(state), owner, inst["card"])
        move(state, iid, "command")
        _queue_hero_death_levels(state, owner)
    else:
        # A card that says where the dead unit goes instead (mark
        # ``dies_to``: Reteller of Truths returns it to its owner's hand;
        # it really died, so its death triggers ran).
        where = inst["marks"].get("dies_to", "discard")
        if where == "hand":  # told while it is still in play, face up
            log(state, f"{rec['name']} returned to {seat_name(state, owner)}'s hand.", cards=[iid])
        move(state, iid, where)
    # The slot bonus goes to the player whose patrol zone it was (the
    # controller), even when someone else owns the card (docs/RULINGS.md),
    # except for a lent card: then to the lender (R26).
    if slot == "scavenger":
        if gain_gold(state, bonus_to, 1):
            log(state, f"{seat_name(state, bonus_to)} gained 1 gold from the scavenger slot.")
    elif slot == "technician":
        draw(state, bonus_to, 1)


def _patrolling_now(state: dict, iid: str) -> bool:
    return is_patrolling(state, iid)


def _queue_hero_death_levels(state: dict, dead_owner: int) -> None:
    """Queue house rule R14 for a hero of ``dead_owner`` that just died.

    It runs as its own step, after the state-based checks that killed the
    hero: heroes that die in the same batch are gone by then (not offered),
    and two heroes dying at once give two choices, one after the other (an
    ``ask`` made here at once would replace the other's open prompt). Steps
    queued by the same batch keep the order of the deaths.
    """
    queue = state["queue"]
    at = 0
    while at < len(queue) and queue[at].get("op") == "hero_death_levels":
        at += 1
    queue.insert(at, {"op": "hero_death_levels", "dead_owner": dead_owner})


@op("hero_death_levels")
def _hero_death_levels_step(state: dict, step: dict) -> None:
    _hero_death_levels(state, step["dead_owner"])


def _hero_death_levels(state: dict, dead_owner: int) -> None:
    candidates = []
    for p in state["players"]:
        if not is_opponent(state, p["seat"], dead_owner):
            continue
        for iid in p["play"]:
            inst = state["cards"][iid]
            rec = catalog.card(inst["card"])
            if rec["kind"] == "hero" and inst["level"] < rec["max_level"]:
                candidates.append(iid)
    if not candidates:
        return
    # The player whose action was resolving chooses; a death in the upkeep
    # of the next turn (the previous player's action started it) is the
    # active player's to decide (R17).
    acting = state.get("acting")
    chooser = acting if acting is not None and acting in acting_seats(state) else state["active"]
    ask(state, chooser, "Choose a hero to gain two levels.", candidates, {"op": "gain_levels", "levels": 2})


@op("gain_levels")
def _gain_levels_step(state: dict, step: dict) -> None:
    for iid in step["choice"]:
        if iid in state["cards"] and state["cards"][iid]["zone"] == "play":
            gain_levels(state, iid, step["levels"])


def _check_game_end(state: dict) -> bool:
    """End the game when a base has fallen; True when it ended. In a
    free-for-all house rule R28 decides (freeforall.base_fallen)."""
    teams = state["teams"]
    if all(team["damage"] < team["hp"] for team in teams):
        return False  # the usual case, read without a list
    fallen = [t for t, team in enumerate(teams) if team["damage"] >= team["hp"]]
    if is_ffa(state):
        return base_fallen(state)
    alive = [t for t in range(len(state["teams"])) if t not in fallen]
    finish(state, alive[0] if len(alive) == 1 else None, "base destroyed")
    return True


def answer(state: dict, seat: int, choice) -> None:
    """Apply ``seat``'s answer to the open prompt and resume the queue
    (validated by :func:`check_answer`, whose errors it raises)."""
    choice = check_answer(state, seat, choice)
    prompt = state["prompt"]
    step = dict(prompt["then"])
    step["choice"] = choice
    state["prompt"] = None
    push(state, step)
    run(state)


def run(state: dict) -> None:
    """Run queued steps until the queue is empty, a prompt opens or the game ends."""
    state_based_checks(state)
    while state["status"] == "playing" and state["prompt"] is None and state["queue"]:
        step = state["queue"].pop(0)
        OPS[step["op"]](state, step)
        state_based_checks(state)
