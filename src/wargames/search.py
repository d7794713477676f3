"""A search agent over hidden information: determinised Monte Carlo with truncated playouts.

At each decision of its side the agent draws a determinisation of the game
(:meth:`Game.determinize`: the same view and events for that side, the dice and everything
the side cannot know resampled), lists the legal actions there, and keeps at most
``candidates`` of them (sampled by kind, like the random agent, the pass always kept; an
action the title weighs ``w < 1`` for playouts is a candidate with probability ``w``). It
then spends ``playouts`` playouts over the candidates by UCB1; each playout draws a fresh
determinisation, applies the candidate, plays ``depth`` further actions with the random agent
(the dice of the determinisation decide chance) and scores the position with the title's
:meth:`Title.evaluate` for the agent's side. The candidate with the best mean score is
played (ties: a random one of them, from the agent's seeded generator). ``time_limit``
(seconds) stops the playouts early. With ``screen`` > 0 and more legal actions than
``candidates``, the candidates are chosen instead by scoring up to ``screen`` sampled actions
one ply deep with :meth:`Title.evaluate` (the best, two more of the sample and the pass).

It only ever sees determinised games, so it cannot read what its side may not know; with
the same seed and the same view it makes the same choices (without a ``time_limit``).
"""

from __future__ import annotations

import math
import random
import time

from .agents import RandomAgent, play_out, score_after
from .core.actions import Action
from .core.game import Game

__all__ = ["SearchAgent"]


class SearchAgent:
    """Determinised Monte Carlo search with truncated random playouts (see the module)."""

    def __init__(
        self,
        seed: int = 0,
        playouts: int = 64,
        depth: int = 40,
        candidates: int = 12,
        exploration: float = 0.7,
        time_limit: float | None = None,
        screen: int = 0,
    ) -> None:
        if playouts < 1 or depth < 0 or candidates < 1 or screen < 0:
            raise ValueError("playouts and candidates must be positive, depth not negative")
        self.rng = random.Random(seed)
        self.playouts = playouts
        self.depth = depth
        self.candidates = candidates
        self.exploration = exploration
        self.time_limit = time_limit
        self.screen = screen
        self.decisions = 0
        self.playouts_run = 0

    def _determinize(self, game: Game, side: str) -> Game:
        return game.determinize(side, self.rng.getrandbits(63))

    def _candidates(self, root: Game, actions: list[Action]) -> list[Action]:
        # The title's playout weights: an action weighing w < 1 (legal but mostly
        # self-defeating, e.g. an early gamble) is a candidate with probability w only.
        weights = root.playout_weights(actions)
        kept = [a for a, w in zip(actions, weights, strict=True) if w >= 1 or self.rng.random() < w]
        actions = kept or actions
        if len(actions) <= self.candidates:
            return actions
        if self.screen:
            return self._screened(root, actions)
        kinds: dict[str, list[Action]] = {}
        for a in actions:
            kinds.setdefault(a.kind, []).append(a)
        for group in kinds.values():
            self.rng.shuffle(group)
        out = list(kinds.pop("pass", []))[:1]
        names = sorted(kinds)
        while len(out) < self.candidates and names:
            for name in list(names):
                if len(out) >= self.candidates:
                    break
                group = kinds[name]
                out.append(group.pop())
                if not group:
                    names.remove(name)
        return out

    def _screened(self, root: Game, actions: list[Action]) -> list[Action]:
        """Up to ``screen`` of ``actions`` (sampled) scored one ply deep by the title's
        evaluation; the best ``candidates - 2`` of them, two more of the sample at random and
        the pass (if legal) go on to the playouts."""
        d = root.decision
        assert d is not None
        pool = list(actions)
        self.rng.shuffle(pool)
        passes = [a for a in pool if a.kind == "pass"][:1]
        sample = [a for a in pool if a.kind != "pass"][: self.screen]
        scored = []
        for a in sample:
            scored.append((score_after(root, a, d.side), a))
        scored.sort(key=lambda x: -x[0])  # stable: ties keep the shuffled order
        keep = max(1, self.candidates - 2 - len(passes))
        best = [a for _, a in scored[:keep]]
        rest = [a for _, a in scored[keep:]]
        return passes + best + rest[:2]

    def choose(self, game: Game) -> Action:
        """The action the search picks for the side to act (never at a chance decision)."""
        d = game.decision
        if d is None or d.is_chance:
            raise ValueError("the search agent answers a side's decision only")
        side = d.side
        self.decisions += 1
        root = self._determinize(game, side)
        actions = self._candidates(root, list(root.legal_actions()))
        if not actions:
            raise RuntimeError(f"no legal action for {d}")
        if len(actions) == 1:
            return actions[0]
        visits = [0] * len(actions)
        totals = [0.0] * len(actions)
        start = time.perf_counter()
        for n in range(self.playouts):
            if n < len(actions):
                i = n
            else:
                log_n = math.log(n)
                i = max(
                    range(len(actions)),
                    key=lambda j: (
                        totals[j] / visits[j] + self.exploration * math.sqrt(log_n / visits[j])
                    ),
                )
            totals[i] += self._playout(game, side, actions[i])
            visits[i] += 1
            self.playouts_run += 1
            if self.time_limit is not None and time.perf_counter() - start > self.time_limit:
                break
        means = [totals[j] / visits[j] if visits[j] else -1.0 for j in range(len(actions))]
        top = max(means)
        # Ties (no playout told the candidates apart) go to a random one, as the random
        # agent would choose, never to the first listed (often a pass).
        best = [j for j, m in enumerate(means) if m >= top - 1e-9]
        return actions[best[self.rng.randrange(len(best))]]

    def _playout(self, game: Game, side: str, action: Action) -> float:
        g = self._determinize(game, side)
        g.apply(action)
        policy = RandomAgent(self.rng.getrandbits(63))
        play_out(g, policy, max_actions=self.depth)
        return g.title.evaluate(g.rules_context(), side)
