"""Agents that answer decisions: the random agent the CLI and the property tests use."""

from __future__ import annotations

import random
from typing import Literal, TypeVar

from .core.actions import CHANCE, Action, Pass
from .core.game import Game, LegalHeads
from .core.heads import PASS, Head

T = TypeVar("T")


class RandomAgent:
    """Picks a random legal action with its own seeded generator.

    ``balance="kind"`` (the default) passes as often as uniform play would, and otherwise
    picks an action kind (move, attack, choose ...) uniformly, then an action of that kind,
    so that a rare kind such as an attack among hundreds of moves is still tried often;
    ``balance="uniform"`` picks uniformly among all legal actions. Within the chosen actions
    the title's ``playout_weight`` applies (see :class:`~wargames.core.title.Title`).

    At a *factored* decision (a step that lists its heads, ``Step.heads``: Königsberg's
    movement) the kind balance does not list every action: with ``factored=True`` (the
    default) it

    1. passes with probability ``w / (w + n)``, ``w`` the title's weight of a pass and ``n``
       the number of other candidate heads (each unit's kind of move counts one);
    2. otherwise picks a kind uniformly among the candidate heads' kinds, then one of that
       kind's heads (a unit) uniformly, and lists that head's actions only: a head with none
       is dropped and another drawn, a kind left without heads is dropped and another drawn
       (so each kind and unit with a legal action is equally likely); if none is left, it
       passes;
    3. picks one of the head's actions by ``playout_weight``.

    Elsewhere, and always with ``factored=False`` or ``balance="uniform"``, it lists every
    action as above. Chance decisions are left to the game's dice (:meth:`Game.roll`), so a
    game stays reproducible from its seed and the agent's seed.
    """

    def __init__(
        self,
        seed: int = 0,
        balance: Literal["kind", "uniform"] = "kind",
        factored: bool = True,
    ) -> None:
        if balance not in ("kind", "uniform"):
            raise ValueError(f"balance must be 'kind' or 'uniform', not {balance!r}")
        self.rng = random.Random(seed)
        self.balance = balance
        self.factored = factored

    def choose(self, game: Game) -> Action:
        listed: list[Action] | None = None
        if self.factored and self.balance == "kind":
            heads = game.legal_heads()
            if heads.factored:
                return self._choose_factored(game, heads)
            listed = heads.listed
        actions = list(game.legal_actions()) if listed is None else listed
        if not actions:
            raise _dead_end(game)
        weights = game.playout_weights(actions)
        if self.balance == "uniform":
            return self._pick(actions, weights)
        # Pass with the weight share uniform play would give it; otherwise pick a kind, each
        # kind weighing as its likeliest action, then an action of that kind.
        passes = [i for i, a in enumerate(actions) if a.kind == "pass"]
        pass_weight = sum(weights[i] for i in passes)
        if passes and self.rng.random() * sum(weights) < pass_weight:
            return self._pick([actions[i] for i in passes], [weights[i] for i in passes])
        kinds: dict[str, list[int]] = {}
        for i, a in enumerate(actions):
            if a.kind != "pass":
                kinds.setdefault(a.kind, []).append(i)
        names = sorted(kinds)
        kind = self._pick(names, [max(weights[i] for i in kinds[k]) for k in names])
        chosen = kinds[kind]
        return self._pick([actions[i] for i in chosen], [weights[i] for i in chosen])

    def _choose_factored(self, game: Game, heads: LegalHeads) -> Action:
        """Steps 1-3 of the class docstring."""
        others = [h for h in heads.heads if h != PASS]
        if PASS in heads.heads:
            (pass_weight,) = game.playout_weights([Pass()])
            if self.rng.random() * (pass_weight + len(others)) < pass_weight:
                passes = heads.actions(PASS)
                if passes:
                    return self._weighted(game, passes)
        kinds: dict[str, list[Head]] = {}
        for h in others:
            kinds.setdefault(h.kind, []).append(h)
        while kinds:
            names = sorted(kinds)
            kind = names[self.rng.randrange(len(names))]
            pool = kinds[kind]
            while pool:
                actions = heads.actions(pool.pop(self.rng.randrange(len(pool))))
                if actions:
                    return self._weighted(game, actions)
            del kinds[kind]
        passes = heads.actions(PASS)
        if not passes:
            raise _dead_end(game)
        return self._weighted(game, passes)

    def _weighted(self, game: Game, actions: list[Action]) -> Action:
        return self._pick(actions, game.playout_weights(actions))

    def _pick(self, items: list[T], weights: list[float]) -> T:
        if all(w == weights[0] for w in weights):
            return items[self.rng.randrange(len(items))]
        return self.rng.choices(items, weights=weights)[0]


def _dead_end(game: Game) -> RuntimeError:
    return RuntimeError(f"no legal action for {game.decision} (a dead end in the rules)")


def step(game: Game, agent: RandomAgent) -> Action:
    """Answer the pending decision: chance by the game's dice, a side by the agent."""
    side = game.to_act
    if side is None:
        raise RuntimeError("the game is over")
    if side == CHANCE:
        return game.roll()
    action = agent.choose(game)
    game.apply(action)
    return action


def score_after(game: Game, action: Action, side: str, roll: bool = False) -> float:
    """``side``'s :meth:`Title.evaluate` one ply deep: on a copy of ``game`` after ``action``
    (with ``roll``, the chance decisions that follow answered by the copy's dice first).
    Raises IllegalAction if ``action`` is not legal in ``game``."""
    after = game.copy()
    after.apply(action)
    while roll and after.to_act == CHANCE:
        after.roll()
    return after.title.evaluate(after.rules_context(), side)


def play_out(
    game: Game, agent: RandomAgent, max_actions: int = 1_000_000, max_turns: int | None = None
) -> int:
    """Play until the game ends (or a limit); returns the number of actions applied."""
    n = 0
    while not game.is_over() and n < max_actions:
        if max_turns is not None and game.state.turn > max_turns:
            break
        step(game, agent)
        n += 1
    return n
