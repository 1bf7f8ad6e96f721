"""No Codex log line names a card to an audience that could not see it
(issue 27, point 1; hidden zones: Deluxe rulebook "Discard pile", face
down; house rule R21: hands, discard piles and codexes are seen by their
player's team only).

The scan (tests/log_scan.py) plays seeded bot games of every mode, the
heroes dealt so that every playable hero plays, and reads each log line
as every seat and the spectators get it. `make test` plays
CODEX_LOG_SCAN_GAMES games (few); `make soak` many more.
"""

import os
import re

import pytest

from game.codex import catalog
from game.codex.bots import GreedyBot, RandomBot, play_game
from game.rules import legal_actions, new_game, view
from tests.log_scan import LogScan, NameMatcher, card_name_in
from tests.rules.helpers import act, choose, hand_ids

GAMES = int(os.environ.get("CODEX_LOG_SCAN_GAMES", "12"))
HEROES = tuple(catalog.playable_heroes())
# (mode, seats, heroes per seat): two teams of two, three and four alone.
MODES = (("1hero", 2, 1), ("2hg", 4, 1), ("ffa", 3, 1), ("3hero", 2, 3), ("ffa", 4, 1))
MAX_ACTIONS = 1500

pytestmark = pytest.mark.timeout(1200)


def hideable_names() -> set:
    """The names of the cards that can be in a hidden zone: every card
    that starts in a deck or a codex, tokens excepted (a token that would
    leave play ceases to exist; Deluxe rulebook, "Tokens"). Heroes,
    buildings and add-ons are public wherever they are."""
    return {r["name"] for r in catalog.all_cards() if r["starting_zone"] in ("deck", "codex") and not r["token"]}


MATCHER = NameMatcher(hideable_names())
ID_NAMES = {r["id"]: r["name"] for r in catalog.all_cards() if r["name"] in hideable_names()}


# Cards whose text shows hidden cards, found by the prompt the action
# answers (its start) or the card the action uses: {name: what it shows}.
# "foes": the hands and discard piles of the acting seat's opponents, to its
# team (a look); "chosen": the cards the action picks, to everyone (shown);
# "demonology": the Demonology spells of the acting seat's codex, to everyone.
REVEALS = {
    "Lawful Search": "foes",  # look at an opponent's hand or discard pile
    "Community Service": "foes",
    "Flagstone Spy": "foes",  # look at that player's hand
    "Martial Mastery": "foes",  # look at an opponent's hand
    "Carrion Curse": "foes",  # look at an opponent's hand, then discard from it
    "True Power of Storms: reveal": "chosen",  # reveal and discard two cards
    "Feral Strike: you may take a unit from your codex": "chosen",  # shown, then into the hand
    "Vandy Anadrose: choose a Demonology spell": "chosen",  # from the codex: show it
    "Jurisdiction: play which spell": "chosen",  # from the codex, cast face up (a played card)
    # A discard for Vandy Anadrose's fetch: with one Demonology spell in the
    # codex its fetch is made at once (a forced choice), shown to everyone.
    "Vandy Anadrose: choose a card to discard": "demonology",
}
DEMONOLOGY_SPELLS = {r["id"] for r in catalog.all_cards() if r["spec"] == "demonology" and r["kind"] == "spell"}
VIR = "Vir Garbarean"  # look at (team) or play (all) the top card
# Phrases that name a card shown to everyone earlier in the game, which the
# views no longer show: the source of damage or runes (docs/RULINGS.md "Log
# lines name what dealt the damage": a card in play, a spell cast, or the
# lasting effect of one: "took 1 damage from Bloodlust"), and the card a
# Promise of Payment debt is for (it was played face up: "paid 2 gold for
# Temporal Research, as promised").
EARLIER = re.compile(
    r"(?:damage|runes?) from [^.(]*|^Damage to .*? was prevented|"
    r"gold for .*?(?=, as promised| and lost the game)"
)


def told(text: str) -> str:
    """``text`` without the phrases of :data:`EARLIER`."""
    return EARLIER.sub("", text)


class Oracle:
    """What each action shows, by the rules rather than by the log: a card
    played from hand is public (cast or put into play face up, even when
    it leaves play within the action); the cards of :data:`REVEALS` show
    what their text says. It reads the state before each action (the true
    contents of every hidden pile) and the views before it."""

    def __init__(self, state: dict):
        self.snapshot(state)

    def snapshot(self, state: dict) -> None:
        """Keep the teams and hidden piles of ``state`` (before the next action)."""
        self.teams = [p["team"] for p in state["players"]]
        card = lambda i: catalog.card(state["cards"][i]["card"])["name"]  # noqa: E731
        self.piles = [
            {
                "hand": {card(i) for i in p["hand"]},
                "discard": {card(i) for i in p["discard"]},
                "top": {card(p["deck"][0])} if p["deck"] else set(),
                "demonology": {catalog.card(c)["name"] for c in p["codex"] if c in DEMONOLOGY_SPELLS},
            }
            for p in state["players"]
        ]

    def shown_by(self, action: dict, seat: int, before: dict, audience) -> set:
        """The names ``action`` of ``seat`` shows ``audience`` (LogScan)."""
        mine = before[seat]
        shown = set()
        used = card_name_in(mine, action.get("card") or action.get("attacker"), "iid")
        if action.get("type") == "play" and used:
            shown.add(used)
        mates = audience is not None and self.teams[audience] == self.teams[seat]
        asked = (mine.get("prompt") or {}).get("text", "")
        for source, what in REVEALS.items():
            if not (asked.startswith(source) or source == used):
                continue
            if what == "chosen":
                shown |= {ID_NAMES.get(c) or card_name_in(mine, c, "iid") for c in action.get("choice", [])}
            elif what == "demonology":
                shown |= self.piles[seat]["demonology"]
            elif mates:
                shown |= self._foes(seat)
        if used == VIR and action.get("type") == "ability":
            text = next(c for p in mine["players"] for c in p["play"] if c["iid"] == action["card"])
            says = text["abilities"][action["ability"]]["text"]
            if "play the top card" in says or (mates and "look at the top card" in says):
                shown |= self.piles[seat]["top"]
        return shown

    def _foes(self, seat: int) -> set:
        out = set()
        for other, piles in enumerate(self.piles):
            if self.teams[other] != self.teams[seat]:
                out |= piles["hand"] | piles["discard"]
        return out


class CoverageBot(RandomBot):
    """A random player that first tries what its game has not tried yet:
    a tech pick of cards never teched, a card never played, an ability
    never used (``tried``: shared by the bots of one game), so that a
    few games play many cards (all of them over the soak's games)."""

    def __init__(self, seed: int, tried: set):
        super().__init__(seed)
        self.tried = tried

    def _keys(self, state: dict, action: dict) -> set:
        kind = action["type"]
        if kind == "tech":
            return {("play", card) for card in action["cards"]}
        if kind == "play":
            return {("play", state["cards"][action["card"]]["card"])}
        if kind == "ability":
            return {("ability", state["cards"][action["card"]]["card"], action["ability"])}
        return set()

    def choose(self, state: dict, seat: int):
        """Return an action dict for ``seat``, or None when it has none."""
        fresh = [a for a in legal_actions(state, seat) if self._keys(state, a) - self.tried]
        if not fresh:
            return super().choose(state, seat)
        action = self.rng.choice(fresh)
        if action["type"] != "tech":  # a teched card is tried once played
            self.tried |= self._keys(state, action)
        return action


def game_config(index: int) -> dict:
    """Game ``index`` of the scan: its mode by the index, its heroes the
    next ones of every playable hero in a row, so that the first games
    together deal every hero."""
    mode, seats, per_seat = MODES[index % len(MODES)]
    start = sum(MODES[i % len(MODES)][1] * MODES[i % len(MODES)][2] for i in range(index))
    picks = [HEROES[(start + k) % len(HEROES)] for k in range(seats * per_seat)]
    seat_list = []
    for s in range(seats):
        mine = picks[s * per_seat : (s + 1) * per_seat]
        seat_list.append({"name": f"P{s}", "hero": mine[0]} if per_seat == 1 else {"name": f"P{s}", "heroes": mine})
    return {"mode": mode, "seed": 2700 + index, "seats": seat_list}


def scan_game(index: int) -> LogScan:
    """Play game ``index`` (random and greedy bots by turns of the index)
    with every seat and the spectators reading the log."""
    config = game_config(index)
    seats = len(config["seats"])
    tried = set()
    bots = [
        (GreedyBot(index * 8 + s) if (index + s) % 4 == 0 else CoverageBot(index * 8 + s, tried)) for s in range(seats)
    ]
    first = new_game(config)
    oracle = Oracle(first)
    scan = LogScan(
        f"game {index} ({config['mode']})",
        list(range(seats)) + [None],
        view,
        MATCHER,
        id_names=ID_NAMES,
        shown_by=oracle.shown_by,
        told=told,
    )
    scan.start(first)

    def after(state, seat, action):
        scan.after(state, seat, action)
        oracle.snapshot(state)

    play_game(config, bots, max_actions=MAX_ACTIONS, on_action=after)
    return scan


def test_the_scan_games_deal_every_hero():
    dealt = set()
    for index in range(GAMES):
        for seat in game_config(index)["seats"]:
            dealt.update(seat.get("heroes") or [seat["hero"]])
    assert dealt == set(HEROES)


@pytest.mark.parametrize("index", range(GAMES))
def test_no_log_line_names_a_card_its_reader_could_not_see(index):
    scan = scan_game(index)
    assert scan.lines_read > 100
    assert not scan.failures, "\n".join(scan.failures[:20])


def two_headed_dragon(seat0: dict) -> dict:
    """A Two-Headed Dragon game at turn 3: Ana (seat 0, Grave Stormborne
    in play) and Ari against Bo and Bea, Ana's zones as ``seat0`` says."""
    return new_game(
        {
            "mode": "2hg",
            "seed": 1,
            "seats": [
                {"name": n, "hero": h}
                for n, h in zip(
                    ("Ana", "Ari", "Bo", "Bea"),
                    ("grave_stormborne", "troq_bashar", "river_montoya", "troq_bashar"),
                    strict=True,
                )
            ],
            "scenario": {
                "turn": 3,
                "active": 0,
                "seats": [dict(seat0, play=[{"card": "grave_stormborne"}]), {}, {"hand": ["spark"]}, {}],
            },
        }
    )


def log_texts(state: dict, viewer) -> list:
    return [e["text"] for e in view(state, viewer)["log"]]


def test_a_card_picked_to_discard_is_named_to_its_team_only():
    """Martial Mastery: Ana discards Smoker from her hand, face down (the
    discard pile is hidden, rulebook; R21). Her team reads its name, the
    other team and the spectators that she discarded a card; the same for
    the two cards she draws."""
    s = two_headed_dragon(
        {"hand": ["martial_mastery", "smoker", "tenderfoot"], "gold": 1, "deck": ["fox_viper", "savior_monk"]}
    )
    s = act(s, 0, {"type": "play", "card": hand_ids(s, 0, "martial_mastery")[0], "targets": []})
    s = choose(s, 0, hand_ids(s, 0, "smoker")[0])
    for other in (2, 3, None):
        texts = log_texts(s, other)
        assert not any(hidden in t for t in texts for hidden in ("Smoker", "Fox Viper", "Savior Monk")), texts
        assert "Ana discarded a card." in texts and "Ana drew 2 cards." in texts
    for mate in (0, 1):
        assert "Ana discarded Smoker." in log_texts(s, mate)
        assert "Ana drew Fox Viper, Savior Monk." in log_texts(s, mate)
