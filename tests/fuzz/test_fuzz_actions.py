"""Property: any object passed to check/apply of any title gets IllegalAction or is legal;
check and apply agree, and a rejected action leaves the game byte-identical."""

from __future__ import annotations

import random

import pytest
from fuzz_support import POSITIONS, TITLES, examples, saves
from hypothesis import given, settings
from hypothesis import strategies as st

from wargames import api
from wargames.fuzz import check_agreement, mutated_actions


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
