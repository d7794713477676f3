"""Property: a mutated save of any title loads into a game that works, or raises SaveError."""

from __future__ import annotations

import json
import random

import pytest
from fuzz_support import POSITIONS, TITLES, examples, save_paths, saves
from hypothesis import given, settings
from hypothesis import strategies as st

from wargames import api
from wargames.core.errors import SaveError
from wargames.fuzz import exercise, mutate


@pytest.mark.parametrize("title", TITLES)
def test_a_mutated_save_loads_whole_or_raises_save_error(title: str) -> None:
    @settings(max_examples=examples(title))
    @given(seed=st.integers(0, 2**32 - 1), at=st.sampled_from(range(len(POSITIONS))))
    def run(seed: int, at: int) -> None:
        rng = random.Random(seed)
        where, pool = save_paths(title, at)
        data = mutate(json.loads(saves(title)[at]), rng, rng.randint(1, 3), where, pool)
        try:
            text = json.dumps(data)
        except ValueError:
            return
        try:
            game = api.load_game(text)
        except SaveError:
            return
        exercise(game, seed, steps=3)

    run()
