"""A search bot for any game of the kernel (issue 30, "Bots worth playing"):
information-set Monte Carlo search over determinizations, the same for
Codex, Arcane Codex and C-23.

Each iteration draws a fresh world with the game's ``determinize(state,
seat, rng)``: a copy in which every card hidden from the bot's seat is dealt
again, consistently with what the seat has seen. In that world the bot picks
one of its seat's legal actions by UCB1 (over the actions the world offers:
each action's mean value, plus an exploration term that grows with how
often the action was available and shrinks with how often it was tried),
applies it, plays on with a cheap playout policy (the game's greedy or
random bot, with a little noise) for at most ``depth`` actions, and scores
the position for the seat's side: 1 won, 0 lost, 0.5 drawn once the game is
over, else the game's evaluation (``Game.evaluate``, 0..1). After the budget
the most tried action is chosen, unless it was tried fewer than the
level's ``min_visits`` times or is not worth clearly more (the level's
``margin``) than the pick of the game's prior bot (its greedy bot, asked
in the first world and tried first): then the prior's pick. So the search
overrides the rules of thumb only where it found better, and never dithers
among moves it cannot tell apart (found: an "easy" Codex bot moved its
patrollers from slot to slot for hundreds of actions and never ended its
turn). Nor does it weigh an action the game calls a rearrangement
(``Game.rearranges``: in Codex a patrol move that takes back or moves a
card already placed this turn, house rule R11): found, a "normal" bot
made 35 patrol moves in a row with the same two cards. When other tried
actions tie exactly with the pick's mean value (every one a sure win, say),
the one whose position right after it is best stands instead (a win at
once, else the game's evaluation): found, a "normal" Codex bot with the
game won played Wither on its own Helpful Turtle. :attr:`SearchBot.last_choice` keeps every action weighed with its
tries and mean value, the chosen one first (for hints and replays).

A ``paired`` level compares the root's actions world by world instead:
each dealt world (and the dice of its playouts) serves every action still
in the running, and the worse half is dropped round by round (sequential
halving). Found: in Arcane Codex the luck of the deal swamped the
difference between two actions' means when each action met worlds of its
own (the root's values lay within a few hundredths of each other, and
hard beat greedy about as often as greedy beats itself, issue 30).

Never peeking (issue 30 point 2): the bot hands the real state to the
game's determinize and to nothing else; the root's actions, the playouts
and the evaluation read only the determinized world, whose hidden cards
are the deal's. A world still shares the log lines of the real game (some
name other seats' cards), and neither the playout bots nor the evaluations
read the log. The deal itself depends only on which cards are hidden, never
on where they are (game.kernel.determinize.redeal sorts them first), so two
states that differ only in cards hidden from the seat give the same worlds,
hence, for one seed and one iteration budget, the same action.

Budgets: ``iterations`` (reproducible for a seed) and an optional
``think_ms`` (wall time; whichever ends first). The bot's generator is its
own (Python's random, seeded), never the game's.
"""

import json
import math
import random
import time
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from .errors import EngineFault, RulesError
from .game import Game
from .types import Action, Seat, State


@dataclass(frozen=True)
class Weighed:
    """One action a search weighed at its root: the ``action``, how many
    iterations tried it (``visits``) and its mean value for the seat
    (``value``, 0..1; 0 when never tried)."""

    action: Action
    visits: int
    value: float


@dataclass(frozen=True)
class Level:
    """What a search level spends and how it plays out: ``iterations`` per
    decision, ``depth`` (actions played out after the root action before the
    position is scored), ``playout`` (the game's bot kind that plays the
    playouts: "greedy" or "random"), ``noise`` (the chance a playout step is
    a random legal action instead), ``explore`` (UCB1's exploration
    constant), ``prior`` (the game's bot kind whose pick stands unless the
    search finds an action worth more than ``margin`` above it, tried at
    least ``min_visits`` times; "" for none), ``turns`` (0: off; else a
    playout also stops, and the position is scored, once the state's
    ``turn`` count is this many turns past the root's, so every playout
    is scored at the same point of the turn order: with 2, at the start
    of the seat's next turn in a two-seat game, after the opponent's whole
    reply, rather than mid-turn after a fixed count of actions),
    ``per_game`` (``(game name, level)`` pairs: the level a game plays at
    instead of this one, e.g. a larger budget for a game whose actions cost
    far less than the others', so a level spends about the same time on
    each game, or the prior's ``margin`` a game's evaluation calls for),
    ``mean_steps`` (0: off; else the search
    also stops once its playouts have applied ``mean_steps`` actions per
    iteration of its budget in all: a budget that shrinks with the board,
    whose long turns make long playouts, and stays reproducible for a
    seed, since it counts actions, not time), ``paired`` (False: UCB1 as
    above; True: every root action still in the running is played out in
    the same dealt worlds with the same playout dice, and the worse half
    is dropped round by round (sequential halving), so actions are
    compared world by world rather than across worlds: see
    :meth:`SearchBot._choose_paired`), ``shrink`` and ``floor`` (a budget
    per turn rather than per decision: the ``move``-th decision of a seat's
    turn, counting from 0, searches ``iterations * shrink ** move``
    iterations, never fewer than ``floor``, so a turn's thinking adds up to
    at most ``iterations / (1 - shrink)`` iterations, plus ``floor`` a
    decision past the shrink, however many moves it has; it stays
    reproducible for a seed, since it counts iterations, not time; 1.0:
    each decision searches the whole budget), ``tree`` ("": the search
    weighs the root's actions only; else it grows a tree past the root,
    game.kernel.tree.TreeBot, whose nodes belong to the seat to move:
    "all" chooses every seat's moves in it by UCB1, "own" only its own
    side's, the others' moves there being the playout policy's)."""

    iterations: int
    depth: int
    playout: str = "greedy"
    noise: float = 0.1
    explore: float = 0.7
    prior: str = "greedy"
    margin: float = 0.02
    min_visits: int = 2
    turns: int = 0
    per_game: tuple[tuple[str, "Level"], ...] = ()
    mean_steps: int = 0
    paired: bool = False
    shrink: float = 1.0
    floor: int = 1
    tree: str = ""


def level_for(game: Game, level: Level) -> Level:
    """The level ``level`` plays ``game`` at: its ``per_game`` level for
    that game, if it names one, else itself."""
    return dict(level.per_game).get(game.name, level)


class _Arm:
    """The running totals of one root action."""

    __slots__ = ("action", "available", "total", "visits")

    def __init__(self, action: Action) -> None:
        self.action = action
        self.visits = 0
        self.available = 0
        self.total = 0.0

    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


def action_key(action: Action) -> str:
    """A text that names ``action`` whatever its keys' order (the same
    action in two worlds has one key)."""
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


def squash(margin: float, scale: float) -> float:
    """A score ``margin`` (a side's score less its opponents') as a value
    0..1 for the search (0.5: even), by the logistic curve; ``scale`` is
    the margin that makes about 0.73. The games' evaluations end with it."""
    return 1.0 / (1.0 + math.exp(-margin / scale))


class Tried(Protocol):
    """What :func:`ucb_pick` reads of an arm or a tree's edge."""

    visits: int
    available: int

    def mean(self) -> float: ...


T = TypeVar("T", bound=Tried)


def ucb_pick(offered: list[T], explore: float) -> T:
    """The arm to try among ``offered`` (each with ``visits``,
    ``available`` and ``mean()``): the first never tried, else the best by
    UCB1 over availability (the information-set form: an arm is weighed
    against the times it was offered, not the parent's visits), ``explore``
    its exploration weight. Used by the root search and the tree
    (game.kernel.tree)."""
    best, best_score = offered[0], -math.inf
    for arm in offered:
        if arm.visits == 0:
            return arm
        score = arm.mean() + explore * math.sqrt(math.log(arm.available) / arm.visits)
        if score > best_score:
            best, best_score = arm, score
    return best


def terminal_value(game: Game, state: State, seat: Seat) -> float:
    """The value of a finished ``state`` for ``seat``: 1 when it is among
    the winners (0.75 when the win is shared by several sides, house rule
    R28), 0.5 for a draw, else 0 (the game's outcome)."""
    if game.outcome is None:
        return 0.5
    found = game.outcome(state)
    winners = found.get("winners") or []
    if seat in winners:
        return 0.75 if found.get("shared") else 1.0
    return 0.5 if found.get("draw") else 0.0


class SearchBot:
    """Information-set Monte Carlo search for one game (module docstring).

    ``game``: the kernel Game (needs ``determinize``; ``evaluate`` scores
    cut-off playouts, else playouts run to ``depth`` and an unfinished
    position is worth 0.5); ``seed``: the bot's generator; ``level``: its
    budget and playout policy (its ``per_game`` level for this game, if it
    names one); ``iterations`` replaces the level's iteration budget;
    ``think_ms`` bounds the search's wall time besides; ``move`` (settable
    between choices) is the decision's place in its seat's turn, counting
    from 0, which the level's ``shrink`` takes from the budget
    (:meth:`budget`). ``choose(state, seat)``
    returns an action of ``seat`` (None when it has none) and sets
    :attr:`last_choice`, :attr:`last_iterations` and :attr:`last_steps`
    (the iterations searched and the playout actions they applied).
    Raises EngineFault for a game without determinize."""

    def __init__(
        self,
        game: Game,
        seed: int = 0,
        level: Level | None = None,
        iterations: int | None = None,
        think_ms: float | None = None,
        move: int = 0,
    ) -> None:
        if game.determinize is None:
            raise EngineFault(f"{game.name} has no determinize: it cannot be searched")
        self.game = game
        self.level = level_for(game, level or Level(iterations=100, depth=30))
        self.iterations = self.level.iterations if iterations is None else iterations
        self.think_ms = think_ms
        self.move = move
        self.seed = seed
        self.rng = random.Random(seed)
        self.policy = game.bots[self.level.playout](seed)
        prior_kind = game.bots.get(self.level.prior) if self.level.prior else None
        self.prior = prior_kind(seed) if prior_kind is not None else None
        random_kind = game.bots.get("random")
        self.noisy = random_kind(seed + 1) if random_kind is not None else None
        self.quiet: tuple[str, ...] = tuple(getattr(random_kind, "quiet", ("concede",)))
        self.last_choice: list[Weighed] = []
        self.last_iterations = 0
        self.last_steps = 0

    def budget(self) -> int:
        """The iterations this decision may search: the budget, shrunk by
        the level's ``shrink`` once per earlier decision of the turn
        (``move``), never below the level's ``floor`` (nor above the
        budget, nor below 1)."""
        if self.move <= 0 or self.level.shrink >= 1.0:
            return self.iterations
        shrunk = round(self.iterations * self.level.shrink**self.move)
        return max(1, min(self.iterations, max(self.level.floor, shrunk)))

    def choose(self, state: State, seat: Seat) -> Action | None:
        """The searched action of ``seat`` in ``state`` (None: it has no
        action). Reads ``state`` only through the game's determinize."""
        self.last_choice = []
        self.last_iterations = 0
        self.last_steps = 0
        if state.get("status") != "playing":
            return None
        if self.level.paired:
            return self._choose_paired(state, seat)
        determinize = self.game.determinize
        assert determinize is not None
        deadline = None if self.think_ms is None else time.perf_counter() + self.think_ms / 1000
        arms: dict[str, _Arm] = {}
        order: list[str] = []
        done = steps = 0
        budget = self.budget()
        most = budget * self.level.mean_steps or math.inf
        prior: str | None = None
        while done < budget and steps < most:
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            world = determinize(state, seat, self.rng)
            actions = self._candidates(world, seat)
            if not actions:
                break
            if done == 0 and len(actions) == 1:
                self.last_choice = [Weighed(actions[0], 0, 0.0)]
                return actions[0]
            if done == 0 and self.prior is not None:
                picked = self.prior.choose(self.game.copy_state(world), seat)  # a world: never the real state
                prior = None if picked is None else action_key(picked)
            arm = self._pick(actions, arms, order, prior)
            done += 1
            value, played = self._iterate(world, seat, arm.action, self.rng)
            steps += played
            if value is None:
                continue
            arm.visits += 1
            arm.total += value
        self.last_iterations, self.last_steps = done, steps
        if not arms:
            return None
        return self._settle(state, seat, [arms[k] for k in order], arms.get(prior) if prior is not None else None)

    def _settle(self, state: State, seat: Seat, listed: list[_Arm], fallback: _Arm | None) -> Action:
        """The action chosen among the root's tried ``listed`` arms (in
        listing order): the most tried (the better mean among equals, then
        the first listed), unless it was tried fewer than the level's
        ``min_visits`` times or is worth no more than the level's
        ``margin`` above the prior's pick ``fallback``: then that pick;
        exact ties broken by :meth:`_break_ties`. Sets
        :attr:`last_choice`."""
        ranked = sorted(listed, key=lambda a: (-a.visits, -a.mean()))  # stable: listing order breaks ties
        best = ranked[0]
        if fallback is not None and (
            best.visits < self.level.min_visits or best.mean() <= fallback.mean() + self.level.margin
        ):
            ranked = [fallback, *(a for a in ranked if a is not fallback)]  # nothing clearly better than the prior's
        ranked = self._break_ties(state, seat, ranked)
        self.last_choice = [Weighed(a.action, a.visits, round(a.mean(), 4)) for a in ranked]
        return ranked[0].action

    def _candidates(self, world: State, seat: Seat) -> list[Action]:
        """The root actions of ``seat`` the search weighs in ``world``:
        its legal actions less the quiet ones (conceding...) and the ones
        the game calls rearrangements (``Game.rearranges``: found, bots
        moved the same patrollers back and forth for dozens of actions,
        house rule R11), unless nothing else is left. A prior's pick that
        is not among them is not weighed, so it never stands."""
        actions = [a for a in self.game.legal_actions(world, seat) if a["type"] not in self.quiet]
        rearranges = self.game.rearranges
        if rearranges is None:
            return actions
        kept = [a for a in actions if not rearranges(world, a)]
        return kept or actions

    def _pick(self, actions: list[Action], arms: dict[str, _Arm], order: list[str], first: str | None) -> _Arm:
        """UCB1 over the actions this world offers (an untried one first:
        the prior's pick ``first``, then in listing order); counts each as
        available once more."""
        offered = []
        for action in actions:
            key = action_key(action)
            arm = arms.get(key)
            if arm is None:
                arm = arms[key] = _Arm(action)
                order.append(key)
            arm.available += 1
            offered.append(arm)
        if first is not None and first in arms and arms[first].visits == 0 and arms[first] in offered:
            return arms[first]
        return ucb_pick(offered, self.level.explore)

    def _choose_paired(self, state: State, seat: Seat) -> Action | None:
        """:meth:`choose` by sequential halving over paired worlds (the
        level's ``paired``). The budget (``iterations`` playouts, fewer
        once ``mean_steps`` is spent) is split evenly among rounds, about
        log2 of the root's action count; in a round each action still in
        the running is played out in the same freshly dealt worlds, each
        world's playouts from the same dice (the noise, the playout bots'
        own generators), so two actions' values differ by what the actions
        do, not by the deal. After a round the better half by mean value
        over every world seen so far stays. The prior's pick stands unless
        the best action's mean over the worlds both saw is more than the
        level's ``margin`` above it; :attr:`last_choice` lists the last
        round's actions by value, then the ones dropped, latest first."""
        determinize = self.game.determinize
        assert determinize is not None
        world = determinize(state, seat, self.rng)
        actions = self._candidates(world, seat)
        if not actions:
            return None
        if len(actions) == 1:
            self.last_choice = [Weighed(actions[0], 0, 0.0)]
            return actions[0]
        prior: str | None = None
        if self.prior is not None:
            picked = self.prior.choose(self.game.copy_state(world), seat)  # a world: never the real state
            prior = None if picked is None else action_key(picked)
        arms = {action_key(a): _Arm(a) for a in actions}
        values: dict[str, list[float | None]] = {key: [] for key in arms}
        budget = max(1, self.budget())
        alive = [*(k for k in arms if k == prior), *(k for k in arms if k != prior)][:budget]
        dropped = [k for k in arms if k not in alive]
        rounds = max(1, math.ceil(math.log2(len(alive))))
        most = budget * self.level.mean_steps or math.inf
        done = steps = worlds = 0
        deadline = None if self.think_ms is None else time.perf_counter() + self.think_ms / 1000
        for _ in range(rounds):
            for _ in range(max(1, budget // rounds // len(alive))):
                if worlds and (done + len(alive) > budget or steps >= most):
                    break
                if worlds and deadline is not None and time.perf_counter() >= deadline:
                    break
                if worlds:
                    world = determinize(state, seat, self.rng)
                dice = self.rng.getrandbits(32)
                for key in alive:
                    value, played = self._iterate(self.game.copy_state(world), seat, arms[key].action, self._dice(dice))
                    values[key].append(value)
                    steps += played
                    done += 1
                    if value is not None:
                        arms[key].visits += 1
                        arms[key].total += value
                worlds += 1
            if len(alive) == 1 or steps >= most:
                break
            alive.sort(key=lambda k: -arms[k].mean())  # stable: listing order breaks ties
            keep = max(1, (len(alive) + 1) // 2)
            dropped = alive[keep:][::-1] + dropped
            alive = alive[:keep]
        self.last_iterations, self.last_steps = done, steps
        alive.sort(key=lambda k: -arms[k].mean())
        best = alive[0]
        if prior in arms and prior != best and _paired_gain(values[best], values[prior]) <= self.level.margin:
            best = prior
        order = [best, *(k for k in alive if k != best), *(k for k in dropped if k != best)]
        ranked = self._break_ties(state, seat, [arms[k] for k in order])
        self.last_choice = [Weighed(a.action, a.visits, round(a.mean(), 4)) for a in ranked]
        return ranked[0].action

    def _break_ties(self, state: State, seat: Seat, ranked: list[_Arm]) -> list[_Arm]:
        """``ranked`` (the pick first) with the pick replaced, when other
        tried actions tie with its mean value exactly, by the one of them
        whose position right after it is best for ``seat``: the game's
        terminal value when it ends the game, else its evaluation, in one
        world dealt from the real ``state`` by the bot's seed (its own
        generator, so the search's draws stay as they were); the ranking
        breaks ties in that too. Found (tester, F10): once a win was sure,
        every action scored 1 and a "normal" Codex bot played Wither on
        its own Helpful Turtle, the first such action listed."""
        best = ranked[0]
        tied = [a for a in ranked if a.visits and a.mean() == best.mean()]
        if not best.visits or len(tied) < 2:
            return ranked
        determinize = self.game.determinize
        assert determinize is not None
        world = determinize(state, seat, random.Random(self.seed))
        top = max(tied, key=lambda arm: self._value_after(world, seat, arm.action))  # the first of equals
        return ranked if top is best else [top, *(a for a in ranked if a is not top)]

    def _value_after(self, world: State, seat: Seat, action: Action) -> float:
        """The value for ``seat`` of a copy of ``world`` once ``action`` is
        applied (-1 when that world does not allow it): the terminal value
        of a finished game, else the game's evaluation (0.5 without one)."""
        game = self.game
        after = game.copy_state(world)
        try:
            game.apply_action_in_place(after, seat, action)
        except (RulesError, EngineFault):
            return -1.0
        return self._score(after, seat)

    def _dice(self, seed: int) -> random.Random:
        """A generator for one playout of a paired world: the playout
        bots' own generators are reseeded from ``seed`` too, so every root
        action's playout in that world rolls the same dice."""
        self.policy.rng.seed(seed)
        if self.noisy is not None:
            self.noisy.rng.seed(seed + 1)
        return random.Random(seed + 2)

    def _iterate(self, world: State, seat: Seat, action: Action, rng: random.Random) -> tuple[float | None, int]:
        """Apply ``action`` in ``world`` (the iteration's own copy), play on
        with :meth:`_play_out` and score the result for ``seat``
        (:meth:`_score`); returns the value and the count of actions the
        playout applied after the root's; ``rng`` rolls the noise. The value
        is None when the world could not be played (an engine fault in a
        dealt world: the iteration does not count)."""
        horizon = world.get("turn", 0) + self.level.turns
        try:
            self.game.apply_action_in_place(world, seat, action)
        except (RulesError, EngineFault):
            return None, 0
        played, sound = self._play_out(world, rng, horizon)
        return (self._score(world, seat) if sound else None), played

    def _play_out(self, world: State, rng: random.Random, horizon: int) -> tuple[int, bool]:
        """Play ``world`` on in place with the playout policy (the noisy bot
        at the level's ``noise`` chance a step, rolled with ``rng``) for at
        most the level's ``depth`` actions, stopping once the game is over
        or, with the level's ``turns``, once its ``turn`` count reaches
        ``horizon``; returns the actions applied and False when the world
        could not be played on (an engine fault in a dealt world)."""
        turns = self.level.turns
        played = 0
        try:
            for step in range(self.level.depth):
                if world["status"] != "playing" or (turns and world.get("turn", 0) >= horizon):
                    break
                if self._policy_move(world, self.game.seat_to_ask(world, step), rng) is None:
                    break
                played += 1
        except (RulesError, EngineFault):
            return played, False
        return played, True

    def _policy_move(self, world: State, actor: Seat, rng: random.Random) -> Action | None:
        """One playout step: the playout policy's pick for ``actor`` (the
        noisy bot's at the level's ``noise`` chance, rolled with ``rng``)
        applied to ``world`` and returned (None: no pick, nothing applied).
        Raises what applying it raises."""
        bot = self.noisy if self.noisy is not None and rng.random() < self.level.noise else self.policy
        memo: dict[str, Any] = {}
        with self.game.read(world, memo):  # the bot only reads; its check reads the listing's memo (play_out)
            chosen: Action | None = bot.choose(world, actor)
        if chosen is not None:
            self.game.apply_action_in_place(world, actor, chosen, memo)
        return chosen

    def _score(self, world: State, seat: Seat) -> float:
        """The value of ``world`` for ``seat``: its terminal value once the
        game is over, else the game's evaluation (0.5 without one)."""
        if world["status"] != "playing":
            return terminal_value(self.game, world, seat)
        if self.game.evaluate is None:
            return 0.5
        return float(self.game.evaluate(world, seat))


def _paired_gain(mine: list[float | None], theirs: list[float | None]) -> float:
    """How much ``mine`` is worth above ``theirs`` over the paired worlds
    both were scored in (the mean difference; 0 when there are none)."""
    gains = [a - b for a, b in zip(mine, theirs, strict=False) if a is not None and b is not None]
    return sum(gains) / len(gains) if gains else 0.0


def last_choice_of(bot: Any) -> list[Weighed]:
    """The alternatives ``bot`` weighed at its last choice (a search bot's
    :attr:`SearchBot.last_choice`; none for a bot that weighs nothing)."""
    return list(getattr(bot, "last_choice", []))
