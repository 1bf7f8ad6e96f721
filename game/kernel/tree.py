"""A search tree past the root for the search bots (issue 30): information-set
Monte Carlo tree search over the same determinized worlds as
game.kernel.search, for any game of the kernel.

Why: the root-only search (game.kernel.search.SearchBot) plays every move
after the root's, the rest of its own turn and the opponent's reply, with
the greedy bot, so it can only find the best move against greedy play from
then on; in C-23 and Arcane Codex neither more iterations, longer playouts,
other weights nor seeing the hidden cards lifted it (docs/BENCHMARKS.md,
"Search bots"). Here the later moves of the turn and the reply are searched
too. Measured there: C-23's "hard" grows an "own" tree (43 of 60 games
against greedy where the root-only level won 41); in Arcane Codex it did
no better than the paired root-only level, which stays.

Each iteration deals a fresh world for the searching seat (the game's
``determinize``: the cards hidden from it dealt anew) and walks down the
tree from the root. A node belongs to the seat to move there; its edges are
that seat's actions, keyed by the seat and the action's ``action_key``, so
the same action in two worlds is one edge. With the level's ``tree``
"all" every seat's moves are chosen as below; with "own" only the
searching side's, and another seat's move in the tree is the playout
policy's (the greedy bot's, with the level's noise), an edge that leads on
to the searching side's later moves. At a node the walk looks at the
actions this world allows (the search's candidates: no quiet action, no
rearrangement), counts each as available once more, and takes an untried
one if there is any (the prior bot's pick first, then in listing order),
else the best by UCB1 over availability (a mean from the node's seat's point
of view plus the level's ``explore`` times sqrt(ln available / tries)). An
action that is the only one allowed is played and takes no node. The first
untried action taken ends the walk with a new node under it (one node
added per iteration); from there the playout policy plays on as the
root-only search does (``depth``, ``turns`` counted from the root's turn,
``noise``), and the position is scored for each node's seat (a finished
game's terminal value, else the game's evaluation). Every edge walked gets
one more try and its seat's value.

The root's choice is ranked as the root-only search ranks it (the most
tried, the prior's pick unless it is clearly beaten, exact ties broken by
the position right after: SearchBot._settle). Reproducible for a seed and
an iteration budget (its draws come from the bot's own generator, the
tree is rebuilt at every decision) and never peeks: the real state goes to
determinize and nowhere else, as in game.kernel.search.
"""

import math
import time

from .errors import EngineFault, RulesError
from .game import Game
from .search import Level, SearchBot, Weighed, _Arm, action_key, level_for, ucb_pick
from .types import Action, Seat, State


class _Edge(_Arm):
    """An action of the seat ``actor`` at a node, with its running totals
    from that seat's point of view and the node it leads to (None until
    an iteration first takes it)."""

    __slots__ = ("actor", "child")

    def __init__(self, action: Action, actor: Seat) -> None:
        super().__init__(action)
        self.actor = actor
        self.child: _Node | None = None


class _Node:
    """A node of the tree: its edges by ``seat|action key``, in the order
    first seen, and the prior bot's pick here (its key; None until asked,
    "" when it picks none)."""

    __slots__ = ("edges", "prior")

    def __init__(self) -> None:
        self.edges: dict[str, _Edge] = {}
        self.prior: str | None = None


class TreeBot(SearchBot):
    """The search with a tree past the root (module docstring), for a
    level whose ``tree`` is set; any other level searches as
    :class:`~game.kernel.search.SearchBot` does. Takes and returns what
    SearchBot does; ``choose`` sets :attr:`last_choice` (the root's
    actions with their tries and mean values), :attr:`last_iterations`
    and :attr:`last_steps` (the actions applied past the root's in all,
    the walk's and the playouts'), and keeps the tree it grew in
    :attr:`last_root`. Source: issue 30, "Search bots"."""

    last_root: "_Node | None" = None

    def choose(self, state: State, seat: Seat) -> Action | None:
        """The searched action of ``seat`` in ``state`` (None: it has no
        action). Reads ``state`` only through the game's determinize."""
        if not self.level.tree:
            return super().choose(state, seat)
        self.last_choice = []
        self.last_iterations = self.last_steps = 0
        if state.get("status") != "playing":
            return None
        determinize = self.game.determinize
        assert determinize is not None
        deadline = None if self.think_ms is None else time.perf_counter() + self.think_ms / 1000
        root = self.last_root = _Node()
        done = steps = 0
        budget = self.budget()
        most = budget * self.level.mean_steps or math.inf
        while done < budget and steps < most:
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            world = determinize(state, seat, self.rng)
            if done == 0:
                actions = self._candidates(world, seat)
                if len(actions) <= 1:
                    self.last_choice = [Weighed(a, 0, 0.0) for a in actions]
                    return actions[0] if actions else None
            done += 1
            steps += self._descend(root, world, seat)
        self.last_iterations, self.last_steps = done, steps
        tried: list[_Arm] = [e for e in root.edges.values() if e.visits]
        if not tried:
            return None
        fallback = root.edges.get(root.prior) if root.prior else None
        return self._settle(state, seat, tried, fallback if fallback is not None and fallback.visits else None)

    def _descend(self, root: _Node, world: State, seat: Seat) -> int:
        """One iteration in ``world`` (its own copy): walk down from
        ``root`` (``seat`` moves there), add one node, play out, score and
        back the values up; returns the actions applied past the root's.
        A world that cannot be played (an engine fault in a dealt world)
        backs nothing up."""
        game = self.game
        horizon = world.get("turn", 0) + self.level.turns
        turns = self.level.turns
        path: list[_Edge] = []
        searched = self._searched_seats(world, seat)
        node, walked, actor = root, -1, seat  # walked: the actions applied past the root's
        try:
            while world["status"] == "playing" and not (turns and world.get("turn", 0) >= horizon):
                if path:
                    actor = game.seat_to_ask(world, walked + 1)
                if actor not in searched:  # a seat the level leaves to the playout policy ("own")
                    chosen = self._policy_move(world, actor, self.rng)
                    if chosen is None:
                        break
                    walked += 1
                    node = self._follow(node, path, actor, chosen)
                    continue
                actions = self._candidates(world, actor)
                if not actions:
                    break
                if path and len(actions) == 1:  # forced: no node of its own
                    game.apply_action_in_place(world, actor, actions[0])
                    walked += 1
                    continue
                edge = self._select(node, world, actor, actions)
                game.apply_action_in_place(world, actor, edge.action)
                walked += 1
                path.append(edge)
                if edge.child is None:
                    edge.child = _Node()
                    break
                node = edge.child
        except (RulesError, EngineFault):
            return max(0, walked)
        played, sound = self._play_out(world, self.rng, horizon)
        if sound:
            values: dict[Seat, float] = {}
            for edge in path:
                if edge.actor not in values:
                    values[edge.actor] = self._score(world, edge.actor)
                edge.visits += 1
                edge.total += values[edge.actor]
        return max(0, walked) + played

    def _searched_seats(self, world: State, seat: Seat) -> set[Seat] | range:
        """The seats whose moves the tree chooses by UCB1: every seat (the
        level's ``tree`` "all"), or ``seat``'s side alone ("own": the
        game's ``partners``, else ``seat``)."""
        if self.level.tree != "own":
            return range(len(world["players"]))
        partners = self.game.partners
        return {seat} if partners is None else set(partners(world, seat))

    def _follow(self, node: _Node, path: list[_Edge], actor: Seat, action: Action) -> _Node:
        """The node under ``node`` that ``actor``'s ``action`` (the playout
        policy's, already applied) leads to, made when new; its edge joins
        ``path`` (its tries and values are kept as any edge's)."""
        edge = _offered(node, actor, action)
        path.append(edge)
        if edge.child is None:
            edge.child = _Node()
        return edge.child

    def _select(self, node: _Node, world: State, actor: Seat, actions: list[Action]) -> _Edge:
        """The edge the walk takes at ``node`` among ``actions`` (those this
        world allows ``actor``), each counted available once more: an untried
        one if any (the prior bot's pick first, asked in this world the
        first time the node is walked), else the best by UCB1 over
        availability."""
        offered = []
        for action in actions:
            offered.append(_offered(node, actor, action))
        if node.prior is None:
            node.prior = self._prior_pick(world, actor)
        first = node.edges.get(node.prior) if node.prior else None
        if first is not None and first.visits == 0 and first in offered:
            return first
        return ucb_pick(offered, self.level.explore)

    def _prior_pick(self, world: State, actor: Seat) -> str:
        """The key of the prior bot's pick for ``actor`` in ``world`` ("" for
        no prior or no pick); the bot reads a copy (a world: never the real
        state)."""
        if self.prior is None:
            return ""
        picked = self.prior.choose(self.game.copy_state(world), actor)
        return "" if picked is None else f"{actor}|{action_key(picked)}"


def search_bot(
    game: Game,
    seed: int = 0,
    level: Level | None = None,
    iterations: int | None = None,
    think_ms: float | None = None,
    move: int = 0,
) -> SearchBot:
    """The search bot ``level`` calls for in ``game`` (takes SearchBot's
    arguments): a :class:`TreeBot` when the level it plays ``game`` at
    (its ``per_game`` one, if any) grows a tree, else a
    :class:`~game.kernel.search.SearchBot`."""
    tree = level is not None and bool(level_for(game, level).tree)
    kind = TreeBot if tree else SearchBot
    return kind(game, seed=seed, level=level, iterations=iterations, think_ms=think_ms, move=move)


__all__ = ["TreeBot", "search_bot"]


def _offered(node: _Node, actor: Seat, action: Action) -> _Edge:
    """The edge of ``node`` for ``actor``'s ``action``, made when new,
    counted available once more (it was offered in this world)."""
    key = f"{actor}|{action_key(action)}"
    edge = node.edges.get(key)
    if edge is None:
        edge = node.edges[key] = _Edge(action, actor)
    edge.available += 1
    return edge
