"""A loaded scenario shared by many games (``new_game(title, load_scenario(...))``, and the
runner's one load per process): the same games as from fresh loads (issue 17: playouts at
scale read the file and build the board's tables once)."""

from __future__ import annotations

import pytest

import wargames
from wargames import simulate
from wargames.agents import RandomAgent, step
from wargames.core.errors import ScenarioError


def _played(game: wargames.Game, seed: int, actions: int) -> str:
    agent = RandomAgent(seed)
    for _ in range(actions):
        if game.is_over():
            break
        step(game, agent)
    return game.to_json()


@pytest.mark.parametrize("title", ["konigsberg", "darkest", "darkcrusade-p2p"])
def test_games_from_one_loaded_scenario_are_those_of_fresh_loads(title: str) -> None:
    shared = wargames.load_scenario(title)
    first = wargames.new_game(title, shared, seed=2)
    _played(first, 2, 150)  # the board's tables are now built for the shared scenario
    second = wargames.new_game(title, shared, seed=3)
    assert second.scenario is shared and second.scenario.board is first.scenario.board
    fresh = wargames.new_game(title, seed=3)
    assert fresh.scenario is not shared
    assert _played(second, 3, 250) == _played(fresh, 3, 250)


def test_a_loaded_scenario_takes_no_options_and_must_be_the_titles() -> None:
    shared = wargames.load_scenario("darkcrusade-p2p", options={"may_1941": True})
    assert wargames.new_game("darkcrusade-p2p", shared).turn_label == "May 41"
    with pytest.raises(ValueError, match="load_scenario"):
        wargames.new_game("darkcrusade-p2p", shared, options={"may_1941": False})
    with pytest.raises(ScenarioError, match="not of 'darkest'"):
        wargames.new_game("darkest", shared)


def test_the_runner_loads_a_runs_scenario_once_per_process() -> None:
    data = simulate.scenario_data("minimal")
    loaded = simulate._loaded("minimal", data)
    assert simulate._loaded("minimal", dict(data)) is loaded  # equal data: the same load
    changed = {**data, "options": {**data.get("options", {})}, "name": "other"}
    assert simulate._loaded("minimal", changed) is not loaded
    again = simulate._loaded("minimal", data)  # one entry: loaded anew
    assert again is not loaded
    data["name"] = "mutated after the load"  # the runner keeps its own copy of the data
    assert simulate._loaded("minimal", data) is not again
