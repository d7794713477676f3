"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley and
Whitehouse 2012) over determinised games, with progressive widening for big decisions.

Each iteration draws a determinisation of the game for the agent's side
(:meth:`Game.determinize`: the same view and events for that side, the dice and everything
it cannot know resampled) and walks one shared tree down it:

- a node's children are actions; at a node only the children legal in this determinisation
  are *available*, and one is selected by UCB1 with availability counts (ISMCTS's
  "subset-armed bandit": ``mean + c * sqrt(ln(available) / visits)``);
- a node may grow a new child while it has fewer than ``1 + widening * visits ** 0.5``
  (progressive widening): the new action is drawn by the random agent's kind-balanced
  policy on the determinisation (factored where the title lists heads), so a decision with
  hundreds of moves never has to be listed whole; with ``screen=n`` (opt-in, default 0) it
  is the best for the deciding side, by :meth:`Title.evaluate` right after it, of ``n``
  actions so drawn (a one-ply screened widening prior: among hundreds of moves the few good
  ones are otherwise seldom drawn, and a pass, which changes nothing, outscores the rest);
- with ``prior=n`` (opt-in, default 0) the root is widened best first instead: up to ``n``
  of its legal actions (a seeded sample when there are more) are scored once for the
  deciding side by :meth:`Title.evaluate` one ply deep in a determinisation (the chance
  that follows answered by its dice), and each widening of the root adds the best not yet
  a child that is legal in the iteration's determinisation (a sole legal action is played
  without a search). In a decision of hundreds of moves the few that take a victory hex
  are then always tried, which neither random nor screened widening ensures;
- chance decisions are answered by the determinisation's own dice and make no node (an
  open-loop tree: a node is the sequence of the sides' actions);
- after the tree, ``depth`` more actions are played by the random agent, and the position is
  scored with :meth:`Title.evaluate` for every side that acted on the path; each node adds
  the score of the side that chose its action.

The action played is the root's most visited child that is legal in the real game (ties:
the best mean, then the agent's seeded generator), unless it would bring the game back to a
position the agent has already decided in during this game: then the next such child that
does not, then the first legal action listed that does not, and the repeat only if every
action repeats. A position is known by a digest of its side's view (:meth:`Game.view`,
canonical JSON, BLAKE2b), so the check reads nothing the side may not see. This stops a
search from cycling where two actions undo each other (a unit picked, then passed on, in
a movement segment), which random play escapes by chance and a search whose estimate no
move improves does not. The agent only ever plays determinised games, so it cannot read
what its side may not know; with the same seed and the same view it makes the same choices
(without a ``time_limit``).
"""

from __future__ import annotations

import hashlib
import math
import random
import time
from collections.abc import Iterable, Sequence

from .agents import RandomAgent, play_out, score_after
from .core.actions import CHANCE, Action
from .core.errors import IllegalAction
from .core.game import Game
from .core.jsonvalue import dumps

__all__ = ["ISMCTSAgent"]


class _Node:
    """One action of the tree: who chose it, its visits, total score and availability."""

    __slots__ = ("action", "actor", "available", "children", "order", "total", "visits")

    def __init__(self, action: Action | None, actor: str) -> None:
        self.action = action
        self.actor = actor
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.available = 0
        self.order: Sequence[Action] = ()  # the root's widening order (``prior``), best first


class ISMCTSAgent:
    """Single-observer ISMCTS with progressive widening (see the module)."""

    def __init__(
        self,
        seed: int = 0,
        iterations: int = 64,
        depth: int = 12,
        exploration: float = 0.7,
        widening: float = 3.0,
        time_limit: float | None = None,
        screen: int = 0,
        prior: int = 0,
    ) -> None:
        if iterations < 1 or depth < 0 or widening < 0 or screen < 0 or prior < 0:
            raise ValueError(
                "iterations must be positive, depth, widening, screen and prior not negative"
            )
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.depth = depth
        self.exploration = exploration
        self.widening = widening
        self.time_limit = time_limit
        self.screen = screen
        self.prior = prior
        self.decisions = 0
        self.iterations_run = 0
        self._seen: set[bytes] = set()
        self._game: tuple[str, int, int] = ("", 0, 0)

    @staticmethod
    def _key(game: Game, side: str) -> bytes:
        """A digest of the position as ``side`` sees it (its view, canonical JSON)."""
        return hashlib.blake2b(dumps(game.view(side)).encode(), digest_size=16).digest()

    def _remember(self, game: Game, side: str) -> None:
        """Note the position decided in; forget the last game's when this is another game
        (another title or seed, or a history no longer than at the last decision)."""
        name, seed, length = game.title.name, game.seed, len(game.history)
        last = self._game
        if (name, seed) != last[:2] or (length <= last[2] and length > 0):
            self._seen.clear()
        self._game = (name, seed, length)
        self._seen.add(self._key(game, side))

    def _repeats(self, game: Game, side: str, action: Action) -> bool:
        """Whether ``action`` brings the game back to a position already decided in."""
        after = game.copy()
        after.apply(action)
        return self._key(after, side) in self._seen

    def _fresh(self, game: Game, side: str, first: Action, others: Iterable[Action]) -> Action:
        """``first``, unless it repeats a position: then the first of ``others``, then of
        the legal actions listed, that does not; ``first`` if every one does."""
        if not self._repeats(game, side, first):
            return first
        for action in others:
            if action != first and not self._repeats(game, side, action):
                return action
        for action in game.legal_actions():
            if action != first and not self._repeats(game, side, action):
                return action
        return first

    def choose(self, game: Game) -> Action:
        """The action the search picks for the side to act (never at a chance decision)."""
        d = game.decision
        if d is None or d.is_chance:
            raise ValueError("the search agent answers a side's decision only")
        self.decisions += 1
        side = d.side
        self._remember(game, side)
        root = _Node(None, side)
        start = time.perf_counter()  # the time limit counts the root's scoring too
        if self.prior:
            legal = game.legal_actions()
            if len(legal) == 1:
                return legal[0]
            root.order = self._ranked(game, side, legal)
        for _ in range(self.iterations):
            self._iterate(game, side, root)
            self.iterations_run += 1
            if self.time_limit is not None and time.perf_counter() - start > self.time_limit:
                break
        return self._best(game, root)

    def _ranked(self, game: Game, side: str, legal: Iterable[Action]) -> list[Action]:
        """Up to ``prior`` of the ``legal`` actions (a seeded sample when there are more),
        best first for ``side`` by :meth:`Title.evaluate` one ply deep in one determinisation
        whose dice answer the chance that follows (ties in a seeded random order; one not
        legal there is left out)."""
        g = game.determinize(side, self.rng.getrandbits(63))
        pool = list(legal)
        self.rng.shuffle(pool)
        scored = []
        for action in pool[: self.prior]:
            try:
                scored.append((score_after(g, action, side, roll=True), action))
            except IllegalAction:  # not legal in this determinisation: left out of the order
                continue
        scored.sort(key=lambda x: -x[0])  # stable: ties keep the shuffled order
        return [a for _, a in scored]

    def _best(self, game: Game, root: _Node) -> Action:
        """The most visited legal child of the root (ties: best mean, then at random), or the
        next that does not repeat a position (:meth:`_fresh`)."""
        side = root.actor
        legal = [c for c in root.children.values() if game.check(c.action) is None]
        if not legal:  # no iteration reached a child legal here: play as the random agent
            return self._fresh(game, side, RandomAgent(self.rng.getrandbits(63)).choose(game), ())

        def rank(c: _Node) -> tuple[int, float]:
            return (c.visits, c.total / c.visits if c.visits else 0.0)

        top = max(rank(c) for c in legal)
        best = [c for c in legal if rank(c) == top]
        action = best[self.rng.randrange(len(best))].action
        assert action is not None
        ranked = sorted(legal, key=rank, reverse=True)  # stable: the tree's order on ties
        return self._fresh(game, side, action, (c.action for c in ranked if c.action is not None))

    def _iterate(self, game: Game, side: str, root: _Node) -> None:
        """One determinisation: select and widen down the tree, play out, back up."""
        g = game.determinize(side, self.rng.getrandbits(63))
        policy = RandomAgent(self.rng.getrandbits(63))
        path = [root]
        node = root
        while True:
            actor = g.to_act
            if actor is None:
                break
            if actor == CHANCE:
                g.roll()
                continue
            child = self._select(g, node, actor, policy)
            g.apply(child.action)
            path.append(child)
            node = child
            if child.visits == 0:
                break
        play_out(g, policy, max_actions=self.depth)
        ctx = g.rules_context()
        scores = {who: g.title.evaluate(ctx, who) for who in {n.actor for n in path[1:]}}
        root.visits += 1  # the root's visits widen it; its score is never read
        for n in path[1:]:
            n.visits += 1
            n.total += scores[n.actor]

    @staticmethod
    def _grow(node: _Node, action: Action, actor: str) -> _Node:
        child = node.children[action] = _Node(action, actor)
        child.available = 1
        return child

    def _propose(self, g: Game, node: _Node, actor: str, policy: RandomAgent) -> Action:
        """The action a widening adds: the random agent's, or with ``screen`` (opt-in) the
        best for ``actor`` by :meth:`Title.evaluate` right after it (on a copy of ``g``) of
        ``screen`` actions the random agent draws that are not children yet."""
        if not self.screen:
            return policy.choose(g)
        drawn: list[Action] = []
        for _ in range(self.screen):
            action = policy.choose(g)
            if action not in node.children and action not in drawn:
                drawn.append(action)
        if len(drawn) <= 1:
            return drawn[0] if drawn else policy.choose(g)

        return max(drawn, key=lambda action: score_after(g, action, actor))

    @staticmethod
    def _next(g: Game, node: _Node) -> Action | None:
        """The best of ``node.order`` not yet a child and legal in ``g`` (None: none is)."""
        for action in node.order:
            if action not in node.children and g.check(action) is None:
                return action
        return None

    def _select(self, g: Game, node: _Node, actor: str, policy: RandomAgent) -> _Node:
        """The child to follow at ``node`` in determinisation ``g`` (``actor`` decides)."""
        if len(node.children) < 1 + self.widening * math.sqrt(node.visits):
            action = self._next(g, node) if node.order else None
            if action is None:
                action = self._propose(g, node, actor, policy)
            if action not in node.children:
                return self._grow(node, action, actor)
        available = [c for c in node.children.values() if g.check(c.action) is None]
        if not available:  # none of the tree's actions is legal here: grow one that is
            action = policy.choose(g)
            if action not in node.children:
                return self._grow(node, action, actor)
            available = [node.children[action]]
        for c in available:
            c.available += 1
        unvisited = [c for c in available if c.visits == 0]
        if unvisited:
            return unvisited[self.rng.randrange(len(unvisited))]

        def ucb(c: _Node) -> float:
            mean = c.total / c.visits
            return mean + self.exploration * math.sqrt(math.log(max(c.available, 1)) / c.visits)

        return max(available, key=ucb)
