"""Property: any object passed to check/apply of any title gets IllegalAction or is legal;
check and apply agree, and a rejected action leaves the game byte-identical."""

from __future__ import annotations

import random

import pytest
from fuzz_support import POSITIONS, TITLES, examples, saves
from hypothesis import given, settings
from hypothesis import strategies as st

from wargames import api
from wargames.agents import RandomAgent, step
from wargames.fuzz import check_agreement, mutated_actions
from wargames.testing import check_near_misses


@pytest.mark.parametrize("title", TITLES)
def test_check_and_apply_agree_on_mutated_actions(title: str) -> None:
    @settings(max_examples=examples(title))
    @given(seed=st.integers(0, 2**32 - 1), at=st.sampled_from(range(len(POSITIONS))))
    def run(seed: int, at: int) -> None:
        game = api.load_game(saves(title)[at])
        for action in mutated_actions(game, random.Random(seed)):
            if game.is_over():
                return
            check_agreement(game, action)

    run()


@pytest.mark.parametrize("title", TITLES)
def test_check_accepts_no_option_the_legal_list_lacks(title: str) -> None:
    """Over a seeded random game, at every 5th decision: near misses of 12 listed actions
    (an option's prefix dropped or swapped, another unit or node, a path extended) are
    refused by ``check`` (``testing.check_near_misses``, as ``check_title`` asks less often)."""
    game = api.new_game(title, None, seed=5)
    agent, rng = RandomAgent(5), random.Random(5)
    for n in range(400):
        if game.is_over():
            break
        if n % 5 == 0 and not game.decision.is_chance:
            check_near_misses(game, rng, n=12)
        step(game, agent)
