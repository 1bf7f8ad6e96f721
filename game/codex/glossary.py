"""The glossary the page shows: one short entry, in our own words, for every
keyword the engine knows (the keywords of the card data and those the
engine gives or asks about), for each patrol slot and for a few words of the
turn. Shown when a keyword chip or a patrol slot is hovered or tapped on the
board, and on the How to play page (issue 14, point 4). Sources: the Deluxe
and Starter rulebooks' glossaries and patrol zone sections, and the house
rules named in an entry. Data only: nothing here changes a rule.
"""

# Keyword id -> what it does. A keyword with a number ("resist 2") does it
# that many times or by that much; the entry says what the number counts.
KEYWORDS = {
    "anti_air": "Can attack flying things, and hits fliers that fight it or fly past it while it patrols.",
    "armor": "Armor N soaks up the next N damage before HP is lost; used-up armor is gone "
    "(the squad leader's armor 1 comes back each turn, house rule R6).",
    "armor_piercing": "Its damage ignores armor.",
    "boost": "Boost N: when you play it from your hand you may pay N more gold for its extra effect.",
    "channeling": "A spell that stays in play after it is cast; it goes when the hero who cast it leaves play.",
    "deathtouch": "Any combat damage it deals to a unit or hero kills it, even damage its armor soaks up.",
    "detector": "Lets its controller see, target and attack opposing stealth and invisible things; "
    "they can't sneak past that player's patrollers.",
    "ephemeral": "It dies when the turn ends.",
    "fading": "Loses a time rune in each of its controller's upkeeps and is sacrificed when none is left.",
    "flagbearer": "While it is in play, opponents' spells and abilities that could target it or one of "
    "your other things must target a flagbearer.",
    "flying": "Can fly over patrollers that don't fly; only flying or anti-air things can attack it "
    "or deal it combat damage.",
    "forecast": "Played into the future zone with N time runes instead of at once; one goes in each "
    "of your upkeeps, and it comes into play when the last one does.",
    "frenzy": "Frenzy N: +N ATK during your own turn.",
    "haste": "No arrival fatigue: it may attack and use exhaust abilities the turn it arrives.",
    "healing": "Healing N: in your upkeep, removes N damage from each of your units and heroes.",
    "indestructible": "Instead of dying it is exhausted and loses all its damage and attachments; "
    "it can't be sacrificed.",
    "invisible": "Opponents without a detector can't see, target or attack it (unless it patrols), "
    "and it sneaks past their patrollers.",
    "long_range": "When it attacks, a defender without long-range deals it no damage.",
    "obliterate": "Obliterate N: when it attacks, the defending player's N units of the lowest tech "
    "are destroyed first; if its target is gone, it may pick another (house rule R8).",
    "overpower": "Combat damage beyond what kills a patroller hits one other thing it could have "
    "attacked (house rule R16).",
    "readiness": "Attacking doesn't exhaust it, but it still attacks only once a turn.",
    "resist": "Resist N: opponents pay N more gold to target it with a spell or ability.",
    "sparkshot": "When it attacks a patroller, it also deals 1 damage to a patroller next to that one.",
    "stash": "When you end your main phase you may keep one card of your hand through the draw phase "
    "(you draw one card fewer).",
    "stealth": "Sneaks past patrollers of an opponent who has no detector.",
    "swift_strike": "Deals its combat damage before things without swift strike; what it kills first deals none back.",
    "two_lives": "The first time it would die, it stays in play with its damage removed.",
    "unattackable": "Can't be attacked; a patroller with it may be ignored.",
    "unstoppable": "Ignores patrollers when it attacks.",
    "untargetable": "Spells and abilities can't target it.",
}

# Patrol slot -> what a card standing there gets (during opponents' turns).
PATROL_SLOTS = {
    "squad_leader": "Gets armor 1 and must be attacked first by anything that can "
    "attack it (an empty squad leader slot forces nothing, house rule R15).",
    "elite": "Gets +1 ATK.",
    "scavenger": "If it dies while patrolling, you gain 1 gold.",
    "technician": "If it dies while patrolling, you draw a card.",
    "lookout": "Gets resist 1 (opponents pay 1 more gold to target it).",
}

# A few words of the turn the page also explains on hover or tap.
TERMS = {
    "arrival_fatigue": "A card that came into play this turn can't attack or pay an exhaust cost yet "
    "(house rule R5: every card type), unless it has haste.",
    "exhausted": "Turned sideways: it attacked or used an exhaust ability. It can't attack, patrol or "
    "exhaust again until it readies in its controller's next ready step.",
    "patrol": "Ready units and heroes in your patrol zone guard you on opponents' turns: attackers must "
    "deal with them before anything else you have.",
    "worker": "A card from your hand put face down under your base; each worker gives 1 gold in every upkeep.",
    "tech": "After each of your turns, pick codex cards (2 while you have fewer than 10 workers, house "
    "rule R12) to put into your discard pile: that is how your deck grows.",
}


def entries() -> dict:
    """Every glossary entry, as ``{"keywords": {id: text}, "slots": {slot:
    text}, "terms": {id: text}}`` (JSON-able; the page config carries it)."""
    return {"keywords": dict(KEYWORDS), "slots": dict(PATROL_SLOTS), "terms": dict(TERMS)}
