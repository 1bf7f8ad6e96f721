"""Every key a card instance's ``marks`` may hold, declared once (issue 28,
"``marks`` and the view typed and documented").

A card instance (``state["cards"][iid]``, state.fresh_instance) keeps its
printed facts in fixed fields and what rules and cards remember about it in
the free dict ``marks``. Each key the engine or a card module writes is
declared here: :class:`Marks` gives its type to mypy, and :data:`MARKS`
gives, at run time, the same type, what the mark means and who writes it
(a rule of the engine, or the card whose module writes it). A test checks
that the two agree and that every mark key written in the source is
declared; :func:`check` (called by game.codex.invariants after every action
of the property tests) checks that every instance's marks are declared and
of their declared type.

A "turn" mark holds ``state["turn"]``, the number of the turn it was set
in; most are read as "this turn" (the mark equals the current turn).
Card ids (``"c12"``) are instance ids; ``card`` values are catalog ids.
Seats inside dict keys are strings (JSON objects have string keys).
"""

from types import UnionType
from typing import Any, NamedTuple, TypedDict, Union, get_args, get_origin, get_type_hints, is_typeddict


class KilledBy(TypedDict):
    """Who dealt the damage that made a character die (effects.note_kill)."""

    iid: str
    card: str
    seat: int
    level: int


class Lent(TypedDict):
    """A free-for-all loan (house rule R26): the lender and the borrower."""

    by: int
    to: int


class Copied(TypedDict):
    """A copy's own face underneath (cards/common.become_copy): the card it
    was before it became a copy and the tech level it keeps."""

    was: str
    tech: int


class TurnCount(TypedDict):
    """How many times something happened in turn ``turn``."""

    turn: int
    n: int


class Marks(TypedDict, total=False):
    """The type of an instance's ``marks`` (every key optional): see
    :data:`MARKS` for each one's meaning and writer."""

    attached: str
    boosted: bool
    built: dict[str, int]
    buried: list[str]
    charged: TurnCount
    combat_death: bool
    copy: Copied
    crumbling: bool
    daigo: str
    demon: bool
    dies_to: str
    disabled: bool
    doomed: bool
    expired: bool
    faded: bool
    first_from_hand: int
    follow: bool
    gargoyle_turn: int
    garth_turn: int
    held_by: str
    illusion: bool
    insured_by: list[str]
    killed_by: KilledBy
    lent: Lent
    looked_at: str
    max_turn: int
    named_cost: int
    nebula_turn: int
    no_levels_turn: int
    oath: str
    orpal_max_turn: int
    orpal_turn: int
    partners: list[str]
    pending: list[str]
    played_from_hand: bool
    plays: dict[str, TurnCount]
    poison_turn: int
    prisoner: str
    rampaged: int
    retold: TurnCount
    revealed: int
    runes: dict[str, int]
    sentry_turn: int
    since: int
    spar_turn: int
    subtypes: list[str]
    tag: str
    tied_to: list[str]
    transformed: str
    trashed: list[list[Any]]
    used_turn: int
    vanished: dict[str, int]
    void_star_turn: int
    warlocks: list[str]
    was: int


# How the view shows a public mark (``form -> what the card in play
# carries``); game.codex.view renders each form, so a new card's public mark
# is one declaration here, no view edit.
FORMS = {
    "always": "True or False, on every card in play (the mark set or not)",
    "value": "the value (a list or dict copied), when set: not empty, not 0",
    "present": "the value (a list copied), whenever the mark is there (0 and [] shown)",
    "flag": "True, when the mark is set",
    "this_turn": "True, when the mark is the current turn (a turn mark)",
    "lender": "the lending seat (``by``) of a loan record (Lent)",
    "held": "the held card, face up: ``{iid, card, name}`` (a card id)",
    "held_list": "the held cards, face up: ``[{iid, card, name}]`` (card ids)",
    "was": "the card a copy is underneath: ``{card, name}`` (Copied)",
    "in_play": "how many of the card ids are in play, when any is",
}


class Shown(NamedTuple):
    """Where and how a public mark shows on its card in play (the view's
    card field ``field`` and a form of :data:`FORMS`)."""

    field: str
    form: str


class Mark(NamedTuple):
    """One declared mark: its type (as in :class:`Marks`), what it means,
    who writes it ("rule: <module>" for the engine, "card: <name>" for a
    card's module) and, for a public mark, how every viewer's view shows it
    (:class:`Shown`; None: the view doesn't show it)."""

    type: Any
    meaning: str
    writer: str
    shown: Shown | None = None


_TYPES = get_type_hints(Marks)


def _m(key: str, meaning: str, writer: str, shown: tuple[str, str] | None = None) -> tuple[str, Mark]:
    return key, Mark(_TYPES[key], meaning, writer, Shown(*shown) if shown else None)


MARKS: dict[str, Mark] = dict(
    [
        # ---- dying (the state-based checks read these; checks.py) ----
        _m("doomed", "it is destroyed at the next state-based check", "rule: effects, turns (ephemeral), cards"),
        _m("combat_death", "the damage that kills it was lethal combat damage", "rule: effects.damage_card"),
        _m("expired", "an ephemeral that ran out at the end of the turn: nobody's kill (R25)", "rule: turns"),
        _m("killed_by", "who dealt the damage that kills it (KilledBy)", "rule: effects.note_kill"),
        _m("crumbling", "a two lives unit that used its second life", "rule: checks", ("crumbling", "always")),
        _m("faded", "it leaves play by losing its last time rune (fading)", "rule: timerunes"),
        _m(
            "dies_to",
            "where it goes instead of the discard pile when it dies",
            "card: Reteller of Truths, Graveyard, Rambasa Twin",
        ),
        _m(
            "disabled",
            "it doesn't ready at its controller's next upkeep",
            "rule: effects.disable; card: Ready or Not",
            ("disabled", "always"),
        ),
        # ---- playing and arriving ----
        _m("boosted", "played with its boost paid (until its hooks heard it)", "rule: actions.playing"),
        _m("played_from_hand", "arriving from its controller's hand (during arrival only)", "rule: actions.playing"),
        _m("first_from_hand", "turn it was the first unit from its controller's hand", "rule: play"),
        _m("vanished", "a spell's targets an Illusion rule destroyed: {target id: controller}", "rule: play"),
        _m(
            "follow",
            "its new id is remembered when it moves (state.move -> followed)",
            "card: Second Chances, Prynn Pasternaak, Max Geiger",
        ),
        _m("max_turn", "turn the hero reached its max level (0: set up there)", "rule: heroes, setup"),
        _m(
            "no_levels_turn",
            "turn it can't gain levels (Nether Drain)",
            "card: Nether Drain",
            ("no_levels", "this_turn"),
        ),
        _m("revealed", "turn it was revealed (stealth lost to a detector or an attack)", "rule: combat, fighting"),
        _m("tag", "a scenario's name for the card (tests build positions)", "rule: setup (scenarios)"),
        # ---- copies, transformations, attachments, control ----
        _m("transformed", "its printed card while it shows another face", "rule: cards/common.transform, become_copy"),
        _m(
            "copy",
            "a copy's own card underneath and the tech level it keeps (Copied)",
            "rule: cards/common.become_copy",
            ("copy", "was"),
        ),
        _m("illusion", "an effect made it an Illusion", "rule: cards/common.become_copy"),
        _m("tied_to", "ids it leaves play with (a copy tied to its maker)", "rule: cards/common.become_copy"),
        _m("attached", "id of the card it is attached to", "rule: cards/common.attach", ("attached_to", "value")),
        _m("held_by", "id of the card that holds it while attached", "rule: cards/common.attach"),
        _m("since", "the tick it was attached (newest attachment wins)", "card: Entangling Vines"),
        _m("lent", "a free-for-all loan: lender and borrower (Lent; R26)", "rule: freeforall", ("lent_by", "lender")),
        _m("was", "the controller of the unit before the spell took control", "card: Mind Control"),
        _m("subtypes", "subtypes an effect gave it (sorted)", "card: Fox's Den School", ("added_subtypes", "value")),
        _m("demon", "a hero made a Demon", "card: Metamorphosis", ("demon", "flag")),
        # ---- runes and counters ----
        _m(
            "runes",
            "named runes on it: {kind: count} (feather, blood, sword...)",
            "rule: cards/common; cards",
            ("runes", "value"),
        ),
        _m("charged", "uses of its ability this turn (TurnCount)", "card: Young Lightning Dragon"),
        _m("retold", "uses of its return-to-hand this turn (TurnCount)", "card: Reteller of Truths"),
        _m("plays", "cards each opponent played from hand this turn: {seat: TurnCount}", "card: Censorship Council"),
        _m("built", "turn each opponent last built: {seat: turn}", "card: Building Inspector"),
        # ---- once per turn abilities: the turn it was last used ----
        _m("gargoyle_turn", "turn its once-per-turn ability was used", "card: Gargoyle"),
        _m("garth_turn", "turn its once-per-turn ability was used", "card: Garth Torken"),
        _m("orpal_turn", "turn its once-per-turn ability was used", "card: Orpal Gloor"),
        _m("orpal_max_turn", "turn its max-level ability was used", "card: Orpal Gloor"),
        _m("nebula_turn", "turn its once-per-turn ability was used", "card: Nebula"),
        _m("void_star_turn", "turn its once-per-turn ability was used", "card: Void Star"),
        _m(
            "spar_turn",
            "turn it readied to spar (it can't attack)",
            "card: Sparring Partner",
            ("spar_only", "this_turn"),
        ),
        _m("sentry_turn", "turn its sentry ability was used", "card: Sentry"),
        _m("rampaged", "turn its rampage trigger was used", "card: Rampaging Elephant"),
        _m("poison_turn", "turn its damage became runes", "card: Poisonblade Rogue"),
        _m("used_turn", "turn it returned a unit to play", "card: Second Chances"),
        # ---- what a card remembers of others ----
        _m("partners", "ids of its partners", "card: Two Step", ("partners", "present")),
        _m("buried", "ids of the units buried under it", "card: Graveyard", ("buried", "held_list")),
        _m("prisoner", "id of the unit it holds", "card: Jail", ("prisoner", "held")),
        _m("insured_by", "ids of the Insurance Agents that insured it", "card: Insurance Agent"),
        _m("pending", "ids left play together, to return one", "card: Second Chances"),
        _m("trashed", "[[old id, seat]] it trashed, to bring back", "card: Prynn Pasternaak"),
        _m("warlocks", "ids of the Warlocks it made", "card: Terras Q the Shackled", ("shackled_by", "in_play")),
        _m("daigo", "id of the Daigo Stormborne token it made", "card: Hero's Monument"),
        _m("looked_at", "id of the top card it last looked at", "card: Vir Garbarean"),
        _m("named_cost", "the cost it named", "card: Reputable Newsman", ("named_cost", "present")),
        _m("oath", "the oath sworn with it", "card: Oathkeeper of Kor Mountain", ("oath", "value")),
    ]
)


# The marks naming the cards a card in play holds out of play: each held card
# sits in a zone of no list (its holder's module names the zone) and is
# public, face up, on its holder (invariants.check_zones; the view's
# ``prisoner`` and ``buried``).
HOLDS = ("buried", "prisoner")


def held_by(marks: dict) -> list:
    """The ids of the cards that the holder of ``marks`` (an instance's
    marks) holds out of play, by the :data:`HOLDS` marks, in that order."""
    out = []
    for key in HOLDS:
        value = marks.get(key)
        out.extend([value] if isinstance(value, str) else value or ())
    return out


def conforms(value: Any, tp: Any) -> bool:
    """True when ``value`` (JSON data) has type ``tp``: bool, int, str,
    None, ``list[X]``, ``dict[K, V]`` (K str), a union, ``Any`` or a
    TypedDict (its keys exactly the required ones, each of its type). A
    bool is no int here."""
    if tp is Any:
        return True
    if tp is None or tp is type(None):
        return value is None
    if tp is bool:
        return isinstance(value, bool)
    if tp is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if tp is str:
        return isinstance(value, str)
    if is_typeddict(tp):
        hints = get_type_hints(tp)
        return (
            isinstance(value, dict)
            and set(value) <= set(hints)
            and tp.__required_keys__ <= set(value)
            and all(conforms(v, hints[k]) for k, v in value.items())
        )
    origin, args = get_origin(tp), get_args(tp)
    if origin is Union or origin is UnionType:
        return any(conforms(value, a) for a in args)
    if origin is list:
        return isinstance(value, list) and all(conforms(v, args[0]) for v in value)
    if origin is dict:
        return isinstance(value, dict) and all(conforms(k, args[0]) and conforms(v, args[1]) for k, v in value.items())
    raise TypeError(f"no check for type {tp!r}")


def check(iid: str, marks: dict) -> None:
    """Raise AssertionError naming the first key of instance ``iid``'s
    ``marks`` that is not declared in :data:`MARKS` or not of its declared
    type (the invariant of game.codex.invariants)."""
    for key, value in marks.items():
        mark = MARKS.get(key)
        assert mark is not None, f"{iid} has an undeclared mark {key!r} (declare it in game/codex/marks.py)"
        assert conforms(value, mark.type), f"{iid}'s mark {key!r} is {value!r}, not {mark.type}"
