"""The card registry and the one event dispatcher (issue 12).

A leaf module: it imports nothing of the engine, so every engine module may
import it at the top. Card modules register what their card does here (see
:mod:`game.codex.cards.api` for the declaration helpers); the engine never
imports a card module, it asks this registry.

A card takes part in the game in one way: it answers some of the named
**events** (what happens: "arrives", "unit_dies", ...), **questions** (what
the engine asks of a card: "can_attack", "aura", ...) and keys of the three
general **mechanisms** (issue 28): it *modifies* a stat (:data:`STATS`:
"cost", "hire_cost", "damage_taken", ...), *restricts* an action
(:data:`RESTRICTIONS`: "target", "level", "draw", ...) or *grants* a status
(:data:`GRANTS`: "stealth", "illusion", "abilities", ...); one handler per
name (a key as ``"mechanism:key"``) and card. A map is a **global card**
(cards/maps/, :data:`GLOBAL_CARDS`): the game's map answers beside the
cards in play, for every seat (:func:`global_card`). The handlers are indexed by
name (``{name: {card id: handler}}``), so the engine only looks at
the cards that answer what it asks. Moments that differ only in a fact
are one event family carrying the fact (``affected``, ``in_combat``,
``card_played``: :data:`AFFECTED`, :data:`IN_COMBAT`, :data:`PLAYED`), and
each card answering it reads the fact. A new kind of trigger is a new fact
of a family (or a new event) here plus the one place of the rules that
emits it; a new one-card effect is a key of a mechanism, not a new
question.

Source: issue 12 (card API), issue 28, docs/ENGINE.md "Cards".
"""

from collections.abc import Callable
from dataclasses import dataclass, field

# Events: ``name -> signature of the handler``. "Self" events reach the card
# they happen to; the others reach the cards in play named by the emitter.
EVENTS = {
    "arrives": "(state, iid): the card itself arrived (played, put into play, token made)",
    "boost_paid": "(state, iid): the card itself, a unit, was played with its boost paid: its boost "
    "effect, right after its arrives trigger (play.enter_play), or as it is played when a "
    "Jail takes it instead (actions.do_play; Boost ruling)",
    "attacks": "(state, iid, ctx): the card itself was declared as an attacker",
    "dies": "(state, iid): the card itself dies",
    "leaves": "(state, iid): the card itself leaves play by any means",
    "upkeep": "(state, iid): its controller's upkeep",
    "end_of_turn": "(state, iid): the end of every turn",
    "max_level": "(state, iid): the hero itself reached its max level",
    "affected": "(state, iid, how, detail): something was just done to the card itself in play, "
    "by anything; how (detail) is one of AFFECTED",
    "in_combat": "(state, iid, moment, detail): a moment of combat of the card itself; moment "
    "(detail) is one of IN_COMBAT",
    "kills": "(state, killer, victim, slot): damage from this card killed a unit or hero",
    "other_arrives": "(state, src, iid): another card of src's controller arrived",
    "card_played": "(state, src, seat, iid, outcome): seat played card iid from hand (hiring a "
    "worker is not playing a card); outcome (who hears it) is one of PLAYED",
    "any_attacks": "(state, src, attacker, ctx): any attack was declared (src: any card in play)",
    "attacker_dealt": "(state, src, attacker, dealt): an attacker of src's controller dealt "
    "combat damage; dealt = [(target, amount > 0)]",
    "unit_dies": "(state, src, dead): any unit in play dies; src: any card in play, or an entry "
    "{card, seat, turn} of state['turn_watchers'] while a resolved spell's this-turn effect "
    "watches (Death Rites; checks._announce_deaths)",
    "building_built": "(state, src, seat, building_id): seat built a tech building or add-on or played "
    "a building card (src: any card in play)",
    "unit_leaves": "(state, src, iid): a unit in play is about to leave play by any means, before "
    "it moves (src: any card in play; effects.leave_play: Second Chances)",
    "player_upkeep": "(state, src, seat): seat's upkeep, right after its workers' gold (src: the game's "
    "global card, then seat's cards in play; turns._upkeep: Big Game Hunters)",
    "hero_dies": "(state, src, seat, hero_card): seat's hero (card id hero_card) died and goes to the "
    "command zone next, its wait set (src: the global card, then any card in play; checks: Burial Grounds)",
}

# The facts an event family carries (issue 28): a handler answers the family
# and looks at the fact, so a new card hears any of these moments with no
# engine edit. ``fact -> (detail) and the one rules point that emits it``.
AFFECTED = {
    "exhausted": "(None) the card was just exhausted (effects.exhaust: Rampaging Elephant)",
    "targeted": "(None) a spell or ability just ◎ the card, before the effect resolves (play.on_targeted: Smoker)",
    "time_runes_removed": "(count) count time runes were just removed from the card "
    "(timerunes.remove_time_runes: Rememberer)",
    "control_changed": "(seat) the card just came under seat's control (state.change_control: Mind Control)",
}

IN_COMBAT = {
    "dealt": "(dest) the card dealt combat damage to card dest, also when armor absorbed all of it "
    "(combat: Guardian of the Gates)",
    "attack_done": "(ctx) its attack's combat is over and it is still in play (combat: Ogre Recruiter)",
}

# card_played: the outcome and who hears it. The card played itself never
# hears it (it is in hand, or it is the unit that arrived).
PLAYED = {
    "paid": "seat just paid for iid, before it resolves or arrives; every card in play hears "
    "(actions.do_play: Censorship Council)",
    "arrived": "the unit iid seat played has arrived (not one put into play or made by a "
    "spell); every card in play hears (Drill Sergeant, Flagstone Garrison)",
    "cast": "the spell iid seat played has resolved, or was forecast; every card in play hears "
    "(play.spell_played_triggers: Harmony)",
    "jailed": "src took the unit iid seat played instead of letting it arrive (after src answered "
    "restricts arrival True); only src hears (Jail)",
}

# Questions: ``name -> signature``; the answer's meaning is in the text.
# The general ones a card answers about itself or what it gives; a stat it
# changes, an action it forbids or a status it grants is asked through a
# mechanism below instead.
QUESTIONS = {
    "aura": "(state, src, iid) -> (atk, hp, keywords) src gives its controller's thing iid",
    "aura_all": "(state, src, iid) -> (atk, hp, keywords) src gives any thing in play",
    "abilities": "(state, iid) -> [Ability] the card's activated abilities now",
    "must_sacrifice": "(state, iid) -> True: a state-based sacrifice",
    "can_attack": "(state, iid) -> False forbids attacking",
    "can_patrol": "(state, iid) -> False keeps it out of the patrol zone",
    "attackable_by": "(state, iid, attacker) -> False forbids attacker from attacking iid",
    "unstoppable_by": "(state, iid, patroller) -> True: iid ignores that patroller when attacking",
    "unstoppable_toward": "(state, iid, target) -> True: iid ignores every patroller while attacking target",
    "escapes_death": "(state, iid) -> True: iid would die but something else happens instead (the "
    "handler did it); the mark combat_death says combat damage was lethal",
    "forbids_play": "(state, src, seat, card_id, from_hand) -> a sentence: src (anyone's, in play) "
    "stops seat playing card_id now; None allows it",
    "damage_as_runes": "(state, iid) -> True: iid deals its damage to units and heroes as -1/-1 "
    "runes (Plague Spitter, Poisonblade Rogue, Orpal Gloor)",
}

# The three general mechanisms (issue 28, "effects as declarations"): a card
# *modifies* a stat, *restricts* an action or *grants* a status, each named
# by a key of the vocabularies below (``key -> signature and meaning``). A
# card registers ``@card.modifies("hire_cost")`` (or ``card(..., modifies=
# {"hire_cost": fn})``); the engine asks ``"modifies:hire_cost"`` (the
# mechanism and the key, :func:`key_name`) with the same helpers as a
# question (fold, any_says, ask, answering), indexed by it so it only looks
# at the cards that answer that key. A "self" key is asked of the card itself (``ask``); the others of
# the cards in play named by the asker (``src``). A new key is one line here
# plus the one place of the rules that asks it, no new mechanism.

# modifies: a number of the game for what matches (fold: each answering card
# maps the value in turn, or the asker reads the answers as written).
STATS = {
    "cost": "(state, src, seat, card_id, cost) -> cost of card_id for seat, src in play (Maestro, "
    "River Montoya, Guargum, Pirate-Gang Commander; actions.costs)",
    "own_cost": "self (state, seat, cost) -> the card's own cost while seat plays it from hand "
    "(Gigadon; actions.costs)",
    "hire_cost": "(state, src, seat, cost) -> cost of hiring a worker for seat (Rich Earth)",
    "build_cost": "(state, src, seat, building_id, cost) -> cost of building_id (tech building, "
    "add-on or building card) for seat, src anyone's in play (Building Inspector)",
    "worker_gold_cap": "(state, src, seat) -> the most gold seat's workers produce in its upkeep "
    "(src anyone's in play: Slow-Time Generator; turns upkeep)",
    "draw_count": "(state, src, seat) -> extra cards seat draws in its draw phase, and as much more "
    "hand size (src anyone's in play: Shrine of Forbidden Knowledge; turns)",
    "base_floor": "(state, src, team, dealer) -> HP: damage dealer (a seat) deals can't take team's "
    "base below it (src anyone's in play: Blackhand Dozer; effects)",
    "damage_taken": "(state, src, iid, taken, deathtouch) -> the damage unit or hero iid takes after "
    "armor, src anyone's in play (Focus Master); effects.damage_card",
    "effect_damage_taken": "(state, src, iid, taken) -> the damage unit or hero iid takes from a "
    "spell or ability (sparkshot and the Tower included), src anyone's in play (Sentry); "
    "effects.damage_card",
    "attack": "self (state, iid, target) -> extra ATK while iid attacks target (combat damage: "
    "Steam Tank, Makeshift Rambaster, Air Hammer)",
    "attack_tax": "self (state, iid, seat) -> gold seat must pay each time one of its units or "
    "heroes attacks iid (Setsuki Hiruki, Morningstar Pass); targeting.attack_tax, view",
    "hero_wait": "(state, src, seat, hero_card, after) -> the turn count (turns_ended) seat's dead hero "
    "hero_card waits for before it may be summoned again (house rule R13; the global card: Pinnacle; "
    "checks)",
}

# restricts: an action is forbidden (True, or the refusal's words) or held
# (a time) while the card says so.
RESTRICTIONS = {
    "target": "(state, src, seat, tid) -> True: src (anyone's, in play) stops seat's spells and "
    "abilities from ◎ tid (Mind-Parry Monk); targeting.can_target",
    "spell_target": "self (state, iid, spell_id) -> True: spell_id's ◎ slots can't pick iid "
    "(Nullcraft; targeting.slot_candidates, for spell slots carrying their spell)",
    "level": "(state, src, hero) -> True: src (anyone's, in play) stops hero gaining levels "
    "(Chronofixer); heroes.can_level",
    "building_damage": "(state, src, target) -> True: src (anyone's, in play) prevents all damage to "
    "building target (Morningstar Pass); effects.damage_building",
    "attack_and_patrol": "(state, src, iid) -> the time (state.tick) since when src (anyone's, in "
    "play) stops iid attacking and patrolling, or None (Entangling Vines); targeting.held_fast",
    "draw": "(state, src, seat) -> True: src (seat's, in play) makes seat skip its draw/discard "
    "phase, the hand stays (Oathkeeper of Kor Mountain); turns.draw_phase",
    "leave_play": "self (state, iid) -> True: iid can't leave play now other than by dying (Gilded "
    "Glaxx); effects.can_leave_play",
    "remain_in_play": "self (state, iid) -> True: iid can't stay in play: a state-based check "
    "trashes it (Hardened Mox; checks)",
    "sacrifice": "self (state, iid) -> True: iid can't be sacrificed (Pestering Haunt, Gilded Glaxx); effects",
    "arrival": "(state, src, seat, iid) -> True: src (anyone's, in play) takes the unit iid seat "
    "plays from hand instead of letting it arrive (then it hears card_played, outcome 'jailed': Jail)",
    "patrol": "(state, src, seat, iid, slot, lender) -> a refusal (code, sentence): src (the global "
    "card) keeps iid out of seat's patrol slot (lender: the seat lending it, house rule R26, else "
    "None); None allows it (Fury Road; actions.patrol_move_refusal, freeforall.lend_problem)",
    "hire_card": "(state, src, seat) -> a sentence: src (the global card) makes seat's hires take no "
    "card from hand; the sentence refuses a hire that names one (Daggerfall Prison Camp; actions.hire_refusal)",
    "damage": "(state, src) -> the name of what prevents it: src (the global card) prevents all damage "
    "now; None lets it through (No Rush 15 Minutes; effects.damage_prevented)",
    "ready": "(state, src, iid) -> a step name: src (the global card) holds exhausted iid back at its "
    "controller's ready step; each acting seat's held cards go to that step, queued before its upkeep "
    '({"op": name, "seat": s, "cards": [...]}: Mystical Forest; turns.begin_turn)',
    "summon": "(state, src, seat, hero_card) -> a sentence: src (the global card) keeps seat from ever "
    "summoning hero_card again (Burial Grounds; heroes.barred_for_good)",
    "build": "(state, src, building) -> a sentence: src (the global card) keeps everyone from building "
    "building (Vortoss Ruins; specs.addons, actions.build_refusal)",
}

# grants: a status, a permission or an ability the card gives.
GRANTS = {
    "abilities": "(state, src, iid) -> [Ability] src gives another card of its controller (Maestro)",
    "play_without_hero": "(state, src, seat, card_id) -> True: seat may play spell card_id without "
    "its hero (Guargum, Prynn, Bigby)",
    "play_without_tech": "(state, src, seat, card_id) -> True: seat may play card_id without its "
    "tech building (Pirate-Gang Commander)",
    "stealth": "self (state, iid, target) -> True: iid has stealth while attacking target (Stalking Tiger)",
    "pass_patroller": "(state, src, attacker, patroller) -> True: src (its controller's card) lets "
    "attacker ignore that patroller (Shrine of Forbidden Knowledge)",
    "freedom": "self (state, iid) -> the time (state.tick) since when iid may attack and patrol "
    "whatever held it before, 0 for never (an awake Gargoyle); targeting.held_fast",
    "illusion": "(state, src, iid) -> True: src (any card in play) makes unit iid an Illusion (Dreamscape)",
    "keep_illusion": "(state, src, iid) -> True: src keeps its controller's Illusion iid from dying "
    "when targeted (Macciatus)",
    "hand_reveal": "(state, src, seat) -> True: src's controller and teammates see seat's hand "
    "(Eyes of the Chancellor; view.hand_revealed_to)",
    "base_flying": "(state, src, team) -> True: src gives team's base flying (Lawbringer Gryphon)",
    "host_save": "(state, src, host) -> True: attachment src saves its host from dying (it did what "
    "it does instead; asked after two lives: Soul Stone)",
    "hire_again": "(state, src, seat) -> True: src (the global card) lets seat hire more than once a "
    "turn (Flagstone Mines; actions.hire_refusal)",
    "ultimate_any_level": "(state, src, seat, card_id) -> True: src (the global card) lets seat cast "
    "ultimate card_id with its spec's hero in play at any level (Pinnacle; actions.playing)",
    "addon": "(state, src, seat, addon) -> truthy: src (the global card) gives seat what add-on addon "
    "gives without building it; for a Tech Lab, the spec it unlocks once chosen (a string; Vortoss "
    "Ruins; specs, view)",
}

MECHANISMS = {"modifies": STATS, "restricts": RESTRICTIONS, "grants": GRANTS}

# What the index is keyed by: an event or question name, or a mechanism's
# key as ``"mechanism:key"`` (one string, so asking it hashes no tuple: the
# engine asks these in its hottest paths).
Name = str


def key_name(mechanism: str, key: str) -> str:
    """The index name of ``key`` of ``mechanism``: ``"modifies:hire_cost"``."""
    return f"{mechanism}:{key}"


# ``"mechanism:key" -> signature``: the names the index holds beside the
# events and questions.
KEYS = {key_name(mech, key): sig for mech, keys in MECHANISMS.items() for key, sig in keys.items()}

NAMES = {**EVENTS, **QUESTIONS, **KEYS}


@dataclass
class Target:
    """One target slot of a spell or ability (the ◎ icon when ``icon``).

    ``kinds``: which things qualify: any of "unit", "hero", "building",
    "base" (and "upgrade", "spell" for cards in play of those kinds).
    ``filter(state, seat, tid) -> bool`` narrows it further (e.g. "tech 0
    or I", "patroller", "friendly"). ``icon`` False means the effect picks
    without targeting (resist, untargetable and flagbearer don't apply).
    ``prompt`` is the question asked when the slot is chosen mid-effect.
    ``spell``: the card id of the spell whose slot it is (set by
    cards.api.card), so a thing may refuse that spell (``shuns_spell``).
    """

    kinds: tuple
    filter: Callable | None = None
    icon: bool = True
    prompt: str = "Choose a target."
    spell: str = ""


@dataclass
class Ability:
    """An activated ability: a cost, target slots and what it does.

    ``exhaust``: the cost includes exhausting the card (arrival fatigue
    applies, house rule R5); ``gold``: gold cost; ``sacrifice``: the card is
    sacrificed as the cost. ``resolve(state, seat, iid, targets)`` does the
    effect (a function or a declarative effect of cards/fx/).
    ``available(state, iid)`` says whether it can be used now (a cost beyond
    gold and exhausting that can't be paid, e.g. no card to discard: the
    action is refused with ``bad_ability``). ``from_future``: it is used
    while the card waits in its owner's future zone, not in play
    (Omegacron; actions.check_ability_use).
    """

    text: str
    resolve: Callable
    targets: list = field(default_factory=list)
    exhaust: bool = False
    gold: int = 0
    sacrifice: bool = False
    available: Callable | None = None
    from_future: bool = False


@dataclass
class Card:
    """What one card does beyond its facts (which come from data/cards.json).

    ``targets``: the target slots chosen when the card (a spell) is played;
    ``resolve(state, seat, iid, targets)``: a spell's effect; ``handlers``:
    ``{event or question name, or "mechanism:key": handler}`` (see
    :data:`NAMES`). ``card_id``
    is set on registration and not compared. A card with no handler at all
    still "works" (catalog.works): its effect lives elsewhere or it has
    only keywords.
    """

    targets: list = field(default_factory=list)
    resolve: Callable | None = None
    handlers: dict = field(default_factory=dict)
    card_id: str = field(default="", compare=False)

    def on(self, *names: Name):
        """Decorator: ``fn`` answers each of the events/questions ``names``
        (or ``"mechanism:key"`` names of :data:`KEYS`) for this card.
        Raises ValueError for an unknown name or a name this card already
        answers."""

        def add(fn):
            for name in names:
                self._add(name, fn)
            return fn

        return add

    def modifies(self, key: str):
        """Decorator: ``fn`` answers the stat ``key`` of :data:`STATS` for
        this card. Raises ValueError for an unknown key or one answered."""
        return self.on(key_name("modifies", key))

    def restricts(self, key: str):
        """Decorator: ``fn`` answers the restriction ``key`` of
        :data:`RESTRICTIONS`. Raises ValueError as :meth:`modifies`."""
        return self.on(key_name("restricts", key))

    def grants(self, key: str):
        """Decorator: ``fn`` answers the grant ``key`` of :data:`GRANTS`.
        Raises ValueError as :meth:`modifies`."""
        return self.on(key_name("grants", key))

    def _add(self, name: Name, fn: Callable) -> None:
        if name not in NAMES:
            raise ValueError(f"{self.card_id or 'card'}: no event or question (or mechanism key) named {name!r}")
        if name in self.handlers:
            raise ValueError(f"{self.card_id}: {name!r} answered twice")
        self.handlers[name] = fn
        if self.card_id and (REGISTRY.get(self.card_id) is self or GLOBAL_CARDS.get(self.card_id) is self):
            _INDEX[name][self.card_id] = fn


def Hooks(targets=None, resolve=None, **handlers) -> Card:  # noqa: N802 (the old class name)
    """A :class:`Card` from keyword handlers (``arrives=fn, aura=fn, ...``,
    and ``modifies={key: fn}``, ``restricts=...``, ``grants=...``), the
    shape card code and tests used before issue 12. Raises ValueError for
    an unknown name or key."""
    card = Card(targets=list(targets or []), resolve=resolve)
    for name, fn in handlers.items():
        if name in MECHANISMS:
            for key, answer in fn.items():
                card._add(key_name(name, key), answer)
        elif fn is not None:
            card._add(name, fn)
    return card


_INDEX = {name: {} for name in NAMES}


class _Registry(dict):
    """``card id -> Card``, keeping the per-name handler index in step when
    a card is added or removed (tests add and remove test-only cards)."""

    def __setitem__(self, card_id, card):
        if card_id in self:
            self._unindex(card_id)
        super().__setitem__(card_id, card)
        card.card_id = card_id
        for name, fn in card.handlers.items():
            _INDEX[name][card_id] = fn

    def __delitem__(self, card_id):
        self._unindex(card_id)
        super().__delitem__(card_id)

    def pop(self, card_id, *default):
        if card_id in self:
            self._unindex(card_id)
        return super().pop(card_id, *default)

    def _unindex(self, card_id):
        for name in self[card_id].handlers:
            _INDEX[name].pop(card_id, None)


REGISTRY = _Registry()
# ``map id -> Card``: the global cards (cards/maps/), indexed with the cards
# by their ids (no card id is a map id: :func:`register` checks).
GLOBAL_CARDS = _Registry()
_NONE = Card()


def register(card_id: str, card: Card) -> Card:
    """Register ``card`` as the behaviour of ``card_id`` (a catalog id) and
    return it. Raises ValueError when ``card_id`` is registered already, as
    a card or a global card."""
    if card_id in REGISTRY or card_id in GLOBAL_CARDS:
        raise ValueError(f"card {card_id} registered twice")
    REGISTRY[card_id] = card
    return card


def register_global(map_id: str, card: Card) -> Card:
    """Register ``card`` as the global card ``map_id`` (a map's id: the game
    whose ``state["map"]`` it is asks it, :func:`global_card`) and return
    it. Raises ValueError when the id is registered already."""
    if map_id in REGISTRY or map_id in GLOBAL_CARDS:
        raise ValueError(f"card {map_id} registered twice")
    GLOBAL_CARDS[map_id] = card
    return card


def card_of_id(card_id: str) -> Card:
    """The registered :class:`Card` of ``card_id``, or an empty one."""
    return REGISTRY.get(card_id, _NONE)


def handler(name: Name, card_id: str):
    """The handler card ``card_id`` registered for event/question ``name``,
    or None. Raises KeyError for an unknown name."""
    return _INDEX[name].get(card_id)


def answering(name: Name) -> dict:
    """``{card id: handler}`` of every card answering ``name`` (an event,
    a question or a ``"mechanism:key"``; read only)."""
    return _INDEX[name]


def silenced(state: dict, iid: str) -> bool:
    """True when in-play card ``iid`` has lost all its abilities: a hero of a
    player silenced until after their next turn (``silenced_until`` above
    their ``turns_ended``: Free Speech; a hero arriving meanwhile too, Free
    Speech ruling). Then it answers no event or question here, its
    activated abilities and keywords are gone (actions.abilities_of,
    stats) and it casts no spells (actions)."""
    inst = state["cards"].get(iid)
    if inst is None or inst["zone"] != "play":
        return False
    p = state["players"][inst["controller"]]
    return p.get("silenced_until", 0) > p["turns_ended"] and inst["card"] in p["heroes"]


def answers_as(state: dict, iid: str) -> str:
    """The card id whose handlers in-play ``iid`` uses: its card's, or ""
    (none) while it has lost all its abilities (:func:`silenced`). Every
    dispatch by instance goes through here."""
    return "" if silenced(state, iid) else state["cards"][iid]["card"]


def handler_in(state: dict, index: dict, iid: str):
    """The handler of ``index`` (one name's ``{card id: handler}``, from
    :func:`answering`) that card ``iid`` uses, or None: the same as
    ``index.get(answers_as(state, iid))``, asking :func:`silenced` only
    when its card answers at all (no card id is ""). Raises KeyError when
    ``iid`` is not a card of the state."""
    fn = index.get(state["cards"][iid]["card"])
    if fn is not None and silenced(state, iid):
        return None
    return fn


def emit(state: dict, name: str, iid: str, *args) -> None:
    """Event ``name`` happens to in-play ``iid``: run its card's handler
    (if any) with ``(state, iid, *args)``."""
    fn = handler_in(state, _INDEX[name], iid)
    if fn is not None:
        fn(state, iid, *args)


def emit_to(state: dict, name: str, sources, *args, skip=None, with_global=True) -> None:
    """Event ``name`` reaches the game's global card (:func:`global_card`:
    its map, unless ``with_global`` is False), then the cards ``sources``
    (ids, in that order; copied first): each one still in the game whose
    card answers it, other than ``skip``, runs ``handler(state, src,
    *args)`` (the global card's ``src`` is its id). An event no card
    registered answers returns at once, without reading ``sources``."""
    index = _INDEX[name]
    if not index:
        return
    if with_global:
        gid = state.get("map")  # global_card, read in place
        fn = index.get(gid) if gid is not None else None
        if fn is not None:
            fn(state, gid, *args)
    cards = state["cards"]
    for src in list(sources):
        if src != skip and src in cards:
            fn = handler_in(state, index, src)
            if fn is not None:
                fn(state, src, *args)


def ask(state: dict, name: Name, iid: str, default, *args):
    """Question ``name`` about ``iid`` itself: its card's answer to
    ``(state, iid, *args)``, or ``default`` when it doesn't answer."""
    fn = handler_in(state, _INDEX[name], iid)
    return default if fn is None else fn(state, iid, *args)


def global_card(state: dict):
    """The id of the game's global card, or None: its map (``state["map"]``,
    one of data/maps.json), registered like a card under its id
    (:data:`GLOBAL_CARDS`, cards/maps/). It is one more source, before the
    cards, of every question asked through :func:`fold` and
    :func:`any_says` (:func:`global_says` asks it alone) and of every event
    sent with :func:`emit_to`, for every seat; its handlers get its id as
    ``src`` (docs/ENGINE.md "Maps are global cards")."""
    return state.get("map")


def fold(state: dict, name: Name, sources, value, *args):
    """Question ``name`` folded over the game's global card, then the cards
    ``sources`` in order: each answering one maps ``value`` to
    ``handler(state, src, *args, value)`` (costs: Maestro, River Montoya,
    Rich Earth, Hard Times Mill). ``sources`` empty: the global card's
    answer alone."""
    index = _INDEX[name]
    gid = state.get("map")  # global_card, read in place
    if gid is not None:
        fn = index.get(gid)
        if fn is not None:
            value = fn(state, gid, *args, value)
    cards = state["cards"]
    for src in sources:
        fn = index.get(cards[src]["card"])  # handler_in, read in place (issue 13)
        if fn is not None and not silenced(state, src):
            value = fn(state, src, *args, value)
    return value


def any_says(state: dict, name: Name, sources, *args) -> bool:
    """Question ``name``: True when the game's global card or one of the
    cards ``sources`` answers ``handler(state, src, *args)`` truthfully
    (licences and waivers)."""
    index = _INDEX[name]
    gid = state.get("map")  # global_card, read in place
    if gid is not None:
        fn = index.get(gid)
        if fn is not None and fn(state, gid, *args):
            return True
    cards = state["cards"]
    for src in sources:
        fn = index.get(cards[src]["card"])  # handler_in, read in place (issue 13)
        if fn is not None and not silenced(state, src) and fn(state, src, *args):
            return True
    return False


def global_says(state: dict, name: Name, *args):
    """Question ``name`` asked of the game's global card alone: its answer
    ``handler(state, gid, *args)``, or None without a map or when it does
    not answer (the keys only a map answers: a refusal's sentence, a
    permission, a spec; what :func:`any_says` would only test)."""
    gid = state.get("map")  # global_card, read in place
    if gid is None:
        return None
    fn = _INDEX[name].get(gid)
    return None if fn is None else fn(state, gid, *args)


def global_answers(state: dict, name: Name) -> bool:
    """True when the game's global card answers ``name`` (an asker whose
    verdict then depends on more than the cards in play asks it
    everywhere: actions.patrol_each)."""
    gid = state.get("map")
    return gid is not None and gid in _INDEX[name]
