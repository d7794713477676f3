"""Agents' test helpers: Darkest Crusade with the secret set-up (positions where the Axis
cannot see some units), and matches of an agent against the random agent."""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from typing import Protocol

import wargames
from wargames.agents import RandomAgent, step
from wargames.core.actions import Action
from wargames.core.game import Game
from wargames.darkest.charts import DATA


def secret_game(seed: int, to_act: str = "axis") -> Game:
    """A secret set-up game at the first decision of ``to_act`` with hidden Russian units."""
    data = tomllib.loads((DATA / "1941.toml").read_text(encoding="utf-8"))
    data["options"] = {"secret_setup": True}
    game = wargames.new_game("darkest", data, seed=seed)
    agent = RandomAgent(seed)
    for _ in range(2000):
        d = game.decision
        hidden = [u for u in game.view("axis")["units"] if u.get("hidden")]
        if d is not None and d.side == to_act and hidden:
            return game
        step(game, agent)
    raise AssertionError("no position with hidden units")


class Chooser(Protocol):
    def choose(self, game: Game) -> Action: ...


def wins_against_random(
    make: Callable[[int], Chooser], seat: str, seeds: range, title: str = "minimal"
) -> int:
    """Games of ``title`` won by ``make(seed)`` in ``seat`` against the random agent."""
    wins = 0
    for seed in seeds:
        game = wargames.new_game(title, seed=seed)
        agent, rand = make(seed), RandomAgent(seed)
        while not game.is_over():
            d = game.decision
            assert d is not None
            if d.is_chance:
                game.roll()
            else:
                game.apply((agent if d.side == seat else rand).choose(game))
        result = game.result()
        wins += result is not None and result.winner == seat
    return wins
