"""What a playing card is in Arcane Codex, from its rank and suit alone.

A card is written as rank then suit: ``"AS"``, ``"7D"``, ``"10C"``, ``"KH"``
(ranks A 2-10 J Q K; suits S H D C). Rulebook "Card Types by Rank",
"Power" (costs), "Creatures" (stats), "Card Suits" (abilities), "Spells";
house rules A35 (suits matter for creatures only) and the deck facts
above A1 (52 cards, one of each rank and suit).
"""

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
# Rulebook "Card Suits": the ability each suit gives a creature.
ABILITIES = {"S": "Venom", "H": "Swift", "D": "Sentinel", "C": "Crush"}
# Rulebook "Spells (2, 4, 6, 8, 10)".
SPELLS = {"2": "Arcane Bolt", "4": "Destruction", "6": "Revelation", "8": "Mind Drain", "10": "Oblivion"}
CREATURE_RANKS = ("3", "5", "7", "9")
SAGE_ESSENCE = 5  # rulebook "Permanents": a sage enters with 5 essence
# Rulebook "King", house rule A23: each sage ability and the essence it
# costs (``plus`` gains 1), and what it does, in our own words (the board's
# buttons say it: the view's ``sage_abilities``).
SAGE_ABILITIES = {"plus": -1, "minus2": 2, "minus5": 5}
SAGE_EFFECTS = {
    "plus": "Draw a card",
    "minus2": "Destroy an opposing creature",
    "minus5": "Deal 10 damage to your opponent",
}
# What each suit ability and each kind of card does, in our own words, for
# the board's card panel (the view's ``effect``); rulebook "Card Suits",
# "Spells (2, 4, 6, 8, 10)", "Permanents"; house rules A6, A18, A20, A23.
# docs/ARCANE.md and the how-to-play page say more.
ABILITY_EFFECTS = {
    "Venom": "any creature it damages is destroyed",
    "Swift": "it may attack on the turn it arrives",
    "Sentinel": "attacking does not exhaust it, so it can still block",
}
SPELL_EFFECTS = {
    "2": "Deals 2 damage to an opposing creature, sage or player.",
    "4": "Sends an opposing creature to the discard pile.",
    "6": "You draw 3 cards.",
    "8": "Your opponent discards 2 cards of their choice.",
    "10": "Banishes an opposing card from the arena (lands too): it leaves the game.",
}


def full_deck() -> list:
    """The 52 card codes, in a fixed order (rank, then suit); the deck
    facts above A1."""
    return [rank + suit for rank in RANKS for suit in SUITS]


def split(code: str) -> tuple:
    """``(rank, suit)`` of a card code. Raises ValueError for anything that
    is not one of the 52 cards."""
    if not isinstance(code, str) or len(code) < 2 or code[:-1] not in RANKS or code[-1] not in SUITS:
        raise ValueError(f"not a card: {code!r}")
    return code[:-1], code[-1]


def kind(code: str) -> str:
    """``land`` (A), ``creature`` (3 5 7 9), ``spell`` (2 4 6 8 10),
    ``relic`` (J), ``charm`` (Q) or ``sage`` (K): rulebook "Card Types by
    Rank"; the suit never changes it (A35)."""
    rank = split(code)[0]
    if rank == "A":
        return "land"
    if rank in CREATURE_RANKS:
        return "creature"
    if rank in SPELLS:
        return "spell"
    return {"J": "relic", "Q": "charm", "K": "sage"}[rank]


def cost(code: str) -> int:
    """The power a card costs: its value for 2-10, 5 for J and Q, 10 for K,
    0 for a land (rulebook "Power", cost table; "Lands are free")."""
    rank = split(code)[0]
    fixed = {"A": 0, "J": 5, "Q": 5, "K": 10}
    return fixed[rank] if rank in fixed else int(rank)


def base_stats(code: str) -> tuple:
    """``(power, toughness)`` of a creature card: rank // 2 and rank // 2
    rounded up (rulebook "Creatures": 3 -> 1/2, 5 -> 2/3, 7 -> 3/4, 9 -> 4/5).
    Raises ValueError for a card that is not a creature."""
    if kind(code) != "creature":
        raise ValueError(f"{code} is not a creature")
    n = int(split(code)[0])
    return n // 2, (n + 1) // 2


def ability(code: str):
    """The suit ability of a creature card (Venom, Swift, Sentinel, Crush),
    None for any other card (rulebook "Card Suits"; A35)."""
    return ABILITIES[split(code)[1]] if kind(code) == "creature" else None


def label(code: str) -> str:
    """The card as printed: rank and suit symbol, e.g. ``"7\u2666"``."""
    rank, suit = split(code)
    return rank + SUIT_SYMBOLS[suit]


def effect(code: str, options: dict, whose: str = "your") -> str:
    """What the card does, one to three sentences in our own words, at a
    table of ``options`` (the state's table options: A6 ``land_power``,
    A18 ``crush_vs_sage``, A23 ``sage_ultimate``), for a reader to whom the
    card's creatures are ``whose`` ("your", or "North's" for another
    player's relic): "A 3/4 creature. Sentinel: attacking does not exhaust
    it, so it can still block." for 7\u2666. Raises ValueError for anything
    that is not one of the 52 cards, KeyError for options missing a key."""
    what = kind(code)
    if what == "creature":
        p, t = base_stats(code)
        name = ability(code)
        if name == "Crush":
            to = "the attack's target" if options["crush_vs_sage"] == "target" else "the defending player"
            return f"A {p}/{t} creature. Crush: damage beyond what destroys its blockers goes on to {to}."
        return f"A {p}/{t} creature. {name}: {ABILITY_EFFECTS[name]}."
    if what == "spell":
        return SPELL_EFFECTS[split(code)[0]]
    if what == "land":
        when = "from the turn after it is played" if options["land_power"] == "next_turn" else "a turn"
        return f"Free to play, one a turn; each land gives its player 1 power {when}."
    if what in ("relic", "charm"):
        bonus = "deal 1 more damage" if what == "relic" else "need 1 more damage to be destroyed"
        return f"While it stays, {whose} creatures {bonus}."
    ultimate = " (not on the turn it arrives)" if options["sage_ultimate"] == "not_on_entry" else ""
    return (
        "Arrives with 5 essence; once a turn in its player's main phase: +1 (gain an essence and draw), "
        f"-2 (destroy an opposing creature) or -5 (10 damage to the opponent){ultimate}. "
        "Damage to it removes essence; at 0 it is gone."
    )


def describe(code: str) -> str:
    """A short phrase in our own words naming the card and what it is in the
    game, for the log: "7\u2666, a 3/4 creature with Sentinel", "2\u2660,
    Arcane Bolt", "K\u2663, a sage"."""
    what = kind(code)
    if what == "creature":
        p, t = base_stats(code)
        return f"{label(code)}, a {p}/{t} creature with {ability(code)}"
    if what == "spell":
        return f"{label(code)}, {SPELLS[split(code)[0]]}"
    return f"{label(code)}, a {what}"
