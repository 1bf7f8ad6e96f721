"""The tutorial's script (issue 34 point 1; docs/LEARN.md): data, not page
code. The page (static/js/learn.js) walks the steps in order; the server
starts each chapter's match from its ``setup`` (learn.lessons).

A chapter: ``title``; ``setup``: the engine config of its match (mode,
seed, seats, and a ``scenario`` for a position later in a game:
docs/ENGINE.md "Scenarios"; seat 0 is the learner, seat 1 the bot, which
plays at the ``bot`` level); ``steps``.

A step: ``lesson`` (its heading); ``say``: what to do, pointing at what to
press; ``why``: the reason, in a sentence; ``highlight``: a CSS selector of
the page's elements to light up ("" none); ``expect``: the action the step
waits for, as the keys an action must have with those values (``kind``:
the kind of the hand card it plays, "unit" or "spell"; None: the
step is read, and "Next" goes on); ``free``: other actions are allowed
meanwhile (they are harmless there), else they are held back with
``wrong``, a gentle sentence, and nothing is sent; ``end``: "next" (the
step ends the chapter and offers the next one), "real" (the tutorial's end:
"Play a real game against the easy bot") or "" (none).

The rulebook's own first game pits Bashing against Finesse (seeds/, the
Codex rulebook's starter decks: Troq Bashar and River Montoya, each with
the neutral starting deck), so the tutorial does too. Every sentence is our
own words.
"""

HEROES = ("troq_bashar", "river_montoya")


def _seats(bot_name: str = "Easy bot") -> list:
    return [{"name": "You", "hero": HEROES[0]}, {"name": bot_name, "hero": HEROES[1]}]


def step(lesson, say, why, highlight="", expect=None, free=False, wrong="", end=""):
    """One step of the script as a dict (the module docstring says what each key means)."""
    return {
        "lesson": lesson,
        "say": say,
        "why": why,
        "highlight": highlight,
        "expect": expect,
        "free": free,
        "wrong": wrong or "Not yet: " + say[0].lower() + say[1:],
        "end": end,
    }


HAND = "#hand .card.playable"
HIRE = "#action-bar [data-action=hire], #hand .card.target"
END_MAIN = "#action-bar [data-action=end_main]"
MY_UNITS = "#me-area .card.can-act:not(.in-command)"
HERO_IN_COMMAND = "#me-area .card.in-command"
MY_HERO = "#me-area .card.kind-hero"
BUILD = "#action-bar [data-action=build][data-building=tech_2]"

CHAPTERS = [
    {
        "title": "Your first turn",
        "bot": "easy",
        "setup": {"mode": "1hero", "seed": 34, "seats": _seats()},
        "steps": [
            step(
                "The turn",
                "Welcome! You play Troq Bashar's Bashing deck; the bot plays River Montoya's Finesse deck.",
                "Each turn you collect gold from your workers, spend it on workers, cards and buildings, "
                "and end your main phase; whoever destroys the other's base first wins.",
                "#banner",
            ),
            step(
                "Workers and gold",
                "Press \u201cHire a worker\u2026\u201d, then pick a card in your hand to put face down as a worker.",
                "Each worker brings 1 gold at the start of every turn, so an early worker pays for itself many times.",
                HIRE,
                expect={"type": "hire"},
            ),
            step(
                "Playing units",
                "Pick a lit card in your hand and press Play: a cheap unit such as Timely Messenger is a good start.",
                "Units fight for you: they attack the other base and defend yours. "
                "A card costs the gold on its corner.",
                HAND,
                expect={"type": "play", "kind": "unit"},
            ),
            step(
                "The patrol zone",
                "Pick the unit you just played and put it on patrol: choose a slot such as Squad Leader.",
                "Patrollers guard your base: attackers have to get past them first, and each slot adds a bonus "
                "(the Squad Leader gets armor 1 and must be attacked first).",
                MY_UNITS + ", #me-area .slot.target",
                expect={"type": "patrol"},
                free=True,
            ),
            step(
                "Ending the turn",
                "Press \u201cEnd main phase\u201d when you are done spending (if gold is left, the page asks first: "
                "you may end anyway).",
                "You then draw a fresh hand (two more cards than before, up to five) and the bot takes its turn.",
                END_MAIN,
                expect={"type": "end_main"},
                free=True,
            ),
            step(
                "Tech",
                "Choose two cards from your codex in the tech panel and confirm them.",
                "Teching puts two cards of your codex into your discard pile each turn; they join your deck when "
                "it runs out and the discard pile is shuffled in, so your deck grows stronger with the cards you "
                "pick. A card's tech level (TI, TII, TIII) is the tech building you need to play it. "
                "You may tech while the bot plays.",
                "#tech-panel",
                expect={"type": "tech"},
            ),
            step(
                "On to battle",
                "Well done: you know the shape of a turn. The next lesson jumps later into a game.",
                "Later turns bring more gold, stronger cards and the fight for the bases.",
                end="next",
            ),
        ],
    },
    {
        "title": "Into battle",
        "bot": "easy",
        "setup": {
            "mode": "1hero",
            "seed": 35,
            "seats": _seats(),
            "scenario": {
                "turn": 9,
                "active": 0,
                "seats": [
                    {
                        "hand": ["tenderfoot", "spark"],
                        "gold": 10,
                        "workers": 8,
                        "buildings": {"tech_1": True},
                        "tech_owed": False,
                        "play": [{"card": "older_brother"}, {"card": "older_brother"}],
                    },
                    {"hand": ["tenderfoot"], "base_damage": 16, "tech_owed": False, "workers": 6},
                ],
            },
        },
        "steps": [
            step(
                "Heroes",
                "It is a few turns later. Pick Troq Bashar in your command zone and summon him.",
                "A hero is a strong unit you can bring back: "
                "when it dies it returns to the command zone after a while.",
                HERO_IN_COMMAND,
                expect={"type": "summon"},
            ),
            step(
                "Levels",
                "Pick Troq Bashar in play and level him up.",
                "Each level costs 1 gold; at his middle and top levels a hero gets stronger and gains new powers.",
                MY_HERO,
                expect={"type": "level_up"},
            ),
            step(
                "Tech buildings",
                "Press \u201cBuild Tech II\u201d.",
                "A Tech II building lets you play the tech II cards you have teched (you may tech any card of "
                "your codex; its building lets you play it).",
                BUILD,
                expect={"type": "build", "building": "tech_2"},
            ),
            step(
                "Attacking",
                "Pick one of your Older Brothers and attack the bot's base.",
                "A unit that began the turn in play may attack; the base has only 4 HP left.",
                MY_UNITS + ", #opponents .target",
                expect={"type": "attack"},
            ),
            step(
                "Winning",
                "Attack the base with your other Older Brother to destroy it.",
                "A destroyed base wins the game: that is the only goal, whatever else is on the board.",
                MY_UNITS + ", #opponents .target",
                expect={"type": "attack"},
            ),
            step(
                "You won",
                "You destroyed the base and won your first game of Codex!",
                "Now try a whole game: the easy bot plays every turn of its own.",
                end="real",
            ),
        ],
    },
]


def chapter(index: int) -> dict:
    """The chapter ``index`` of :data:`CHAPTERS`. Raises IndexError for one that is not there."""
    if not 0 <= index < len(CHAPTERS):
        raise IndexError(index)
    return CHAPTERS[index]
