"""Agents that answer decisions: the random agent the CLI and the property tests use."""

from __future__ import annotations

import random

from .core.actions import Action
from .core.game import Game


class RandomAgent:
    """Picks uniformly among the legal actions with its own seeded generator.

    Chance decisions are left to the game's dice (:meth:`Game.roll`), so the game stays
    reproducible from its seed and the agent's seed.
    """

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        actions = list(game.legal_actions())
        if not actions:
            d = game.decision
            raise RuntimeError(f"no legal action for {d} (a dead end in the rules)")
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
