"""Darkest Crusade with the secret set-up: positions where the Axis cannot see some units."""

from __future__ import annotations

import tomllib

import wargames
from wargames.agents import RandomAgent, step
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
