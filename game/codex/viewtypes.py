"""The shape of a Codex view (game.codex.view.view), typed (issue 28: "the
view typed and documented"). mypy checks that view.py builds these; the
fields' meanings are in docs/ENGINE.md, "Views". Keys marked NotRequired
appear only when they apply (a fact that is set, or a viewer who may see
it); the others are always there. JSON only: ids are strings, seats ints.
"""

from typing import Any, NotRequired, TypedDict


class Ability(TypedDict):
    """An activated ability of a card in play or forecasted (public)."""

    text: str
    gold: int
    exhaust: bool
    sacrifice: bool


class Face(TypedDict):
    """What a card of a hidden zone shows, by catalog id (no instance id)."""

    card: str
    name: str
    kind: str
    cost: int | None


class PrivateCard(Face):
    """A card of a hidden zone its owner's team sees: its instance id too."""

    iid: str


class HandCard(PrivateCard):
    """A card of the viewer's (or a teammate's) hand."""

    tax: int  # minor spell tax (3-hero rules)
    effective_cost: int  # the gold playing it costs now, that tax included
    why_not: NotRequired[str]  # the viewer's own hand, main phase: why it can't be played


class Named(TypedDict):
    """A card held or buried under another, face up (public)."""

    iid: str
    card: str
    name: str


class CopyOf(TypedDict):
    """The card a copy is underneath (public)."""

    card: str
    name: str


class CardInPlay(TypedDict):
    """A card in play, the same for every viewer (view._card_public)."""

    iid: str
    card: str
    name: str
    kind: str  # "unit", "hero", "building", "spell" (ongoing), "upgrade"
    owner: int
    controller: int
    exhausted: bool
    damage: int
    plus: int  # +1/+1 runes
    minus: int  # -1/-1 runes
    time: int  # time runes (fading, forecast)
    # public marks every card in play shows, set or not (marks.MARKS, form "always")
    crumbling: NotRequired[bool]  # two lives used (mark crumbling)
    disabled: NotRequired[bool]  # skips its next ready step (mark disabled)
    arrived_this_turn: bool
    # units and heroes
    atk: NotRequired[int]
    hp: NotRequired[int]  # building cards too
    keywords: NotRequired[dict[str, Any]]
    tech: NotRequired[int | None]
    illusion: NotRequired[bool]
    silenced: NotRequired[bool]
    # heroes
    level: NotRequired[int]
    mid_level: NotRequired[int]
    max_level: NotRequired[int]
    # from its public marks, each only when it shows something (declared in
    # marks.MARKS with their field and form: view._marked)
    partners: NotRequired[list[str]]
    runes: NotRequired[dict[str, int]]
    added_subtypes: NotRequired[list[str]]
    oath: NotRequired[str]
    prisoner: NotRequired[Named]
    buried: NotRequired[list[Named]]
    copy: NotRequired[CopyOf]
    named_cost: NotRequired[int]
    attached_to: NotRequired[str]
    lent_by: NotRequired[int]
    demon: NotRequired[bool]
    no_levels: NotRequired[bool]
    spar_only: NotRequired[bool]
    shackled_by: NotRequired[int]
    # the gold an opponent pays to attack it (view._attack_tax)
    attack_tax: NotRequired[int]
    abilities: NotRequired[list[Ability]]


class FutureCard(TypedDict):
    """A forecasted card (public)."""

    iid: str
    card: str
    name: str
    time: int
    abilities: NotRequired[list[Ability]]


class HeroInCommand(TypedDict):
    """A hero in its owner's command zone (public)."""

    iid: str
    card: str
    name: str
    kind: str  # "hero"
    level: int
    cooldown_turns: int  # owner's turns to end before it may be summoned (R13)
    gone: NotRequired[bool]  # the map bars it: never summoned again (heroes.barred_for_good)


class Building(TypedDict):
    """A tech building or add-on (public)."""

    id: str
    name: str
    damage: int
    done: bool
    hp: int
    disabled: NotRequired[bool]  # a card disabled it


class Repair(TypedDict):
    """What one repair of a base costs and mends (free-for-all, house rule
    R24: freeforall.REPAIR_COST, REPAIR_HP)."""

    gold: int
    hp: int


class PlayerEntry(TypedDict):
    """One player of ``players``: public for everyone, and the NotRequired
    hidden zones for the viewer's team (or a revealed hand)."""

    seat: int
    name: str
    team: int
    gold: int
    workers: int
    hand_count: int
    deck_count: int
    discard_count: int
    codex_count: int
    trash_count: int
    future: list[FutureCard]
    tech_owed: bool
    hired_this_turn: bool
    ended_main: bool
    command: list[HeroInCommand]
    play: list[CardInPlay]
    patrol: dict[str, str | None]
    buildings: dict[str, Building | None]
    turns_ended: int
    hero_limit: int
    tech_2_spec: str | None
    tech_lab_spec: str | None
    tech_tax: int
    free_gold: int
    conceded: bool
    free_gold_cap: NotRequired[int]  # free-for-all: the most free gold a turn (R25)
    promised: NotRequired[bool]
    debt: NotRequired[int]
    extra_turns: NotRequired[int]
    # the viewer's team only (a revealed hand: Face entries and hand_revealed)
    hand: NotRequired[list[HandCard] | list[Face]]
    hand_revealed: NotRequired[bool]
    discard: NotRequired[list[PrivateCard]]
    trash: NotRequired[list[PrivateCard]]
    codex: NotRequired[dict[str, int]]
    # the viewer's own entry only
    reasons: NotRequired[dict[str, str]]
    hire_cost: NotRequired[int]
    addon_teardown_damage: NotRequired[int]
    build_costs: NotRequired[dict[str, int]]  # building id -> the gold it costs now (actions.build_price)
    tech_waits: NotRequired[dict[str, str]]  # card id -> why its tech isn't met yet (specs.tech_waits)
    repair: NotRequired[Repair]  # free-for-all: one repair of the base (R24)
    # free-for-all final rounds (R28), while the viewer is still in: the seat
    # its concession would make win at once, or None (freeforall.lone_leader)
    concede_leaves_winner: NotRequired[int | None]


class Prompt(TypedDict):
    """An open question: who must answer and its text; the options only for
    that seat."""

    seat: int
    text: str
    id: NotRequired[int]
    options: NotRequired[list[Any]]
    count: NotRequired[int]
    optional: NotRequired[bool]


class View(TypedDict):
    """A whole view (view.view)."""

    viewer: int | None
    mode: str
    status: str
    winner: int | None
    winners: list[int]
    result_reason: str | None
    turn: int
    active: int
    phase: str
    teams: list[dict[str, int]]
    players: list[PlayerEntry]
    prompt: Prompt | None
    log: list[dict[str, Any]]
    final: dict[str, Any] | None
    news: list[dict[str, str]]
    map: NotRequired[dict[str, Any]]
