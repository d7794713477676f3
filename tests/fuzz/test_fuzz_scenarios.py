"""Property: a mutated scenario of any title plays, or raises ScenarioError naming the file."""

from __future__ import annotations

import json
import random

import pytest
from fuzz_support import TITLES, examples, scenario_data
from hypothesis import given, settings
from hypothesis import strategies as st

from wargames import api
from wargames.core.errors import ScenarioError
from wargames.fuzz import exercise, mutate


@pytest.mark.parametrize("title", TITLES)
def test_a_mutated_scenario_plays_or_raises_scenario_error(title: str) -> None:
    @settings(max_examples=examples(title))
    @given(seed=st.integers(0, 2**32 - 1))
    def run(seed: int) -> None:
        rng = random.Random(seed)
        text, where, pool = scenario_data(title)
        data = mutate(json.loads(text), rng, rng.randint(1, 3), where, pool)
        try:
            game = api.new_game(title, data, seed)
        except ScenarioError as exc:
            # a mutation may replace the whole table by a text (a scenario name or file,
            # named as given) or by another value (a bool, a number: the data named <data>)
            assert exc.file == (data if isinstance(data, str) else "<data>") and str(exc)
            return
        exercise(game, seed, steps=3)

    run()
