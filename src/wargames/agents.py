"""Agents that answer decisions: the random agent the CLI and the property tests use."""

from __future__ import annotations

import random
from typing import Literal

from .core.actions import Action
from .core.game import Game


class RandomAgent:
    """Picks a random legal action with its own seeded generator.

    ``balance="kind"`` (the default) passes as often as uniform play would, and otherwise
    picks an action kind (move, attack, choose ...) uniformly, then an action of that kind,
    so that a rare kind such as an attack among hundreds of moves is still tried often;
    ``balance="uniform"`` picks uniformly among all legal actions. Chance decisions are left
    to the game's dice (:meth:`Game.roll`), so a game stays reproducible from its seed and
    the agent's seed.
    """

    def __init__(self, seed: int = 0, balance: Literal["kind", "uniform"] = "kind") -> None:
        if balance not in ("kind", "uniform"):
            raise ValueError(f"balance must be 'kind' or 'uniform', not {balance!r}")
        self.rng = random.Random(seed)
        self.balance = balance

    def choose(self, game: Game) -> Action:
        actions = list(game.legal_actions())
        if not actions:
            d = game.decision
            raise RuntimeError(f"no legal action for {d} (a dead end in the rules)")
        if self.balance == "kind":
            others = [a for a in actions if a.kind != "pass"]
            # pass as often as uniform play would, so the tempo of the game is unchanged
            if len(others) == len(actions) or self.rng.randrange(len(actions)) < len(others):
                kinds = sorted({a.kind for a in others})
                kind = kinds[self.rng.randrange(len(kinds))]
                actions = [a for a in others if a.kind == kind]
            else:
                actions = [a for a in actions if a.kind == "pass"]
        return actions[self.rng.randrange(len(actions))]


def step(game: Game, agent: RandomAgent) -> Action:
    """Answer the pending decision: chance by the game's dice, a side by the agent."""
    d = game.decision
    if d is None:
        raise RuntimeError("the game is over")
    if d.is_chance:
        return game.roll()
    action = agent.choose(game)
    game.apply(action)
    return action


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
