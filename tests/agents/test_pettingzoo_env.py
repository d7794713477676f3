"""The PettingZoo AEC environment passes PettingZoo's API and seed tests for every title."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import wargames

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from pettingzoo.test import api_test, seed_test

from wargames.rl.pettingzoo_env import WargamesEnv

SMALL = ("minimal", "lines")  # the other titles are big: shorter runs


@pytest.mark.parametrize("title", wargames.titles())
def test_api_test_passes(title: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        cycles = 100 if title in SMALL else 15
        api_test(WargamesEnv(title, max_actions=120), num_cycles=cycles)


@pytest.mark.parametrize("title", wargames.titles())
def test_seed_test_passes(title: str) -> None:
    n = 20 if title in SMALL else 5
    seed_test(lambda: WargamesEnv(title, max_actions=n), num_cycles=n)


def test_a_game_played_through_the_env_ends_with_opposite_rewards() -> None:
    env = WargamesEnv("minimal")
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    final: dict[str, float] = {}
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        if term or trunc:
            final[agent] = float(reward)
            env.step(None)
            continue
        assert obs["action_mask"].any()
        assert env.game.decision is not None and env.game.decision.side == agent
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    result = env.game.result()
    assert result is not None and result.winner is not None
    assert final[result.winner] == 1.0 and sum(final.values()) == 0.0


def test_an_illegal_index_is_refused() -> None:
    env = WargamesEnv("minimal")
    env.reset(seed=1)
    obs = env.observe(env.agent_selection)
    with pytest.raises(ValueError):
        env.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
