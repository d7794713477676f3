"""Titles check every chart their rules read at load (typed, in range), so a bad
chart is a ScenarioError naming the field, never a crash in play (issue 10)."""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wargames import api
from wargames.agents import RandomAgent, play_out
from wargames.core.errors import ScenarioError, WargamesError
from wargames.core.scenario import read_scenario_file
from wargames.fuzz import mutate, paths, strings


def default_data(title: str) -> dict[str, Any]:
    t = api.get_title(title)
    return read_scenario_file(t.scenario_files()[t.default_scenario])[1]


def chart_error(title: str, key: str, value: Any) -> ScenarioError:
    data = default_data(title)
    if value is None:
        del data["charts"][key]
    else:
        data["charts"][key] = value
    with pytest.raises(ScenarioError) as info:
        api.new_game(title, data)
    return info.value


@pytest.mark.parametrize(
    ("title", "key", "value", "field"),
    [
        ("minimal", "defence_multiplier", "double", "charts.defence_multiplier"),
        ("minimal", "defence_multiplier", {"forest": "2"}, "charts.defence_multiplier.forest"),
        ("minimal", "movement_cost", {"clear": 1}, "charts.movement_cost.river"),
        ("minimal", "movement_cost", {"clear": 1.5, "river": 1}, "charts.movement_cost"),
        ("minimal", "victory_vp", None, "charts.victory_vp"),
        ("lines", "hit_on", 4.5, "charts.hit_on"),
        ("lines", "hit_on", "5", "charts.hit_on"),
        ("lines", "hit_on", 0, "charts.hit_on"),
        ("lines", "rounds", None, "charts.rounds"),
        ("lines", "rounds", 0, "charts.rounds"),
        ("lines", "stacking", True, "charts.stacking"),
        ("lines", "victory_vp", [3], "charts.victory_vp"),
        ("krim", "combat_terrain", {"hill": "x"}, "charts.combat_terrain.hill"),
        ("krim", "barrage", {"strengths": [1, 3], "hit_on": [6]}, "charts.barrage.hit_on"),
        ("krim", "barrage", {"strengths": [1], "hit_on": ["6"]}, "charts.barrage.hit_on[0]"),
    ],
)
def test_a_bad_chart_is_named_at_load(title: str, key: str, value: Any, field: str) -> None:
    error = chart_error(title, key, value)
    assert error.field == field and error.file == "<data>"


@pytest.mark.parametrize("title", ["minimal", "lines"])
def test_a_mutated_chart_loads_and_plays_or_is_refused_at_load(title: str) -> None:
    data = default_data(title)
    where = [p for p in paths(data) if p[:1] == ("charts",)]
    pool = strings(data)

    @settings(max_examples=40, deadline=None)
    @given(seed=st.integers(0, 2**32 - 1))
    def run(seed: int) -> None:
        rng = random.Random(seed)
        mutated = mutate(json.loads(json.dumps(data)), rng, rng.randint(1, 2), where, pool)
        try:
            game = api.new_game(title, mutated, seed)
        except ScenarioError:
            return
        with contextlib.suppress(WargamesError):  # a typed refusal is fine, nothing else
            play_out(game, RandomAgent(seed), max_actions=150)

    run()
