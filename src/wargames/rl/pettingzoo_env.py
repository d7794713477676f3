"""A PettingZoo AEC environment for any registered title (needs ``wargames[rl]``).

The agents are the title's sides. An action is an index of the title's fixed action
encoding (:mod:`wargames.encoding`); the observation is a dict with ``"observation"``, the
acting side's flat observation tensor (:mod:`wargames.observation`, built from its view
only), and ``"action_mask"``, an int8 array with 1 at the legal indices (all 0 when the
side is not to act). Chance decisions are resolved by the game's own seeded dice, so a
game is reproducible from the seed given to ``reset`` (without one: the last seed plus one,
starting at 0). Rewards come at the end only: +1 to
the winner, -1 to the loser, 0 for both in a draw. ``max_actions`` truncates a game.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from ..api import new_game
from ..core.game import Game
from ..encoding import ActionEncoding, action_encoding
from ..observation import observation_shape, observe

__all__ = ["WargamesEnv", "env"]


class WargamesEnv(AECEnv):  # type: ignore[misc]
    """One title's games as a PettingZoo AEC environment (see the module docstring)."""

    metadata = {"render_modes": ["ansi"], "name": "wargames_v0", "is_parallelizable": False}

    def __init__(
        self,
        title: str,
        scenario: str | None = None,
        max_actions: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.title_name = title
        self.scenario_name = scenario
        self.max_actions = max_actions
        self.render_mode = render_mode
        self.game: Game = new_game(title, scenario, 0)
        self.encoding: ActionEncoding = action_encoding(self.game)
        self.possible_agents = list(self.game.title.sides)
        self.agents = list(self.possible_agents)
        size = self.encoding.num_distinct_actions
        flat = observation_shape(self.game.title, self.game.scenario).flat
        self._obs_space = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(-np.inf, np.inf, (flat,), np.float32),
                "action_mask": gymnasium.spaces.Box(0, 1, (size,), np.int8),
            }
        )
        self._act_space = gymnasium.spaces.Discrete(size)
        self.metadata = {**self.metadata, "name": f"wargames_{title}_v0"}
        self._legal: dict[int, Any] = {}
        self._actions = 0
        self._next_seed = 0

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._obs_space

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._act_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is None:
            seed = self._next_seed
        self._next_seed = seed + 1
        self.game = new_game(self.title_name, self.scenario_name, seed)
        self.encoding = action_encoding(self.game)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._actions = 0
        self._settle()

    def _settle(self) -> None:
        """Roll the dice until a side must act or the game is over; set who acts."""
        game = self.game
        while not game.is_over() and game.decision is not None and game.decision.is_chance:
            game.roll()
        if game.is_over():
            result = game.result()
            assert result is not None
            for a in self.agents:
                self.terminations[a] = True
                if result.winner is not None:
                    self.rewards[a] = 1.0 if a == result.winner else -1.0
            self._legal = {}
            return
        if self.max_actions is not None and self._actions >= self.max_actions:
            for a in self.agents:
                self.truncations[a] = True
            self._legal = {}
            return
        d = game.decision
        assert d is not None
        self.agent_selection = d.side
        self._legal = self.encoding.legal(game).actions

    def observe(self, agent: str) -> dict[str, Any]:
        mask = np.zeros(self.encoding.num_distinct_actions, dtype=np.int8)
        if agent == self.agent_selection and self._legal:
            mask[list(self._legal)] = 1
        return {"observation": observe(self.game, agent).flat(), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None or int(action) not in self._legal:
            raise ValueError(f"{action} is not a legal action index of {agent} now")
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        self.game.apply(self._legal[int(action)])
        self._actions += 1
        self._settle()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return repr(self.game)
        return None

    def close(self) -> None:
        pass


def env(title: str, **kwargs: Any) -> WargamesEnv:
    """A new environment of ``title`` (``scenario``, ``max_actions``, ``render_mode``)."""
    return WargamesEnv(title, **kwargs)
