"""Saved games: bad files give a SaveError naming the field; nothing loads half-way."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

import wargames
from wargames.agents import RandomAgent, play_out
from wargames.core.errors import SaveError


@pytest.fixture(scope="module")
def saved() -> str:
    game = wargames.new_game("minimal", seed=5)
    play_out(game, RandomAgent(5), max_actions=40)
    assert not game.is_over()
    return game.to_json()


def corrupt(saved: str, edit: Callable[[dict[str, Any]], None]) -> SaveError:
    data = json.loads(saved)
    edit(data)
    with pytest.raises(SaveError) as info:
        wargames.load_game(json.dumps(data), file="game.json")
    assert info.value.file == "game.json"
    return info.value


def setitem(path: list[Any], value: Any) -> Callable[[dict[str, Any]], None]:
    def edit(d: dict[str, Any]) -> None:
        for key in path[:-1]:
            d = d[key]
        d[path[-1]] = value

    return edit


@pytest.mark.parametrize(
    ("path", "value", "field"),
    [
        (["format"], "chess-pgn", "format"),
        (["version"], 99, "version"),
        (["title"], "monopoly", "title"),
        (["seed"], "7", "seed"),
        (["extra"], 1, "extra"),
        (["actions", 0, "type"], "teleport", "actions[0].type"),
        (["actions", 0, "units"], "B1", "actions[0].units"),
        (["state", "units", 0, "id"], "Z9", "state.units[0].id"),
        (["state", "units", 0, "steps"], 7, "state.units[0].steps"),
        (["state", "units", 0, "at"], "9999", "state.units[0].at"),
        (["state", "stack", 0, "step"], "dance", "state.stack[0].step"),
        (["state", "rng"], "-5", "state.rng"),
        (["state", "turn"], 40, "state.turn"),
        (["state", "surprise"], 1, "state.surprise"),
        (["scenario", "units", 0, "at"], "9999", "scenario.units[0].at"),
        (["events", 0], {"kind": 1}, "events[0]"),
    ],
)
def test_bad_fields_are_named(saved: str, path: list[Any], value: Any, field: str) -> None:
    if path[0] == "actions":  # aim at a move, whose fields are typed
        moves = [i for i, a in enumerate(json.loads(saved)["actions"]) if a["type"] == "move"]
        path = ["actions", moves[0], *path[2:]]
        field = field.replace("[0]", f"[{moves[0]}]")
    if path[:2] == ["state", "units"] and path[-1] == "at":  # aim at a unit on the map
        units = json.loads(saved)["state"]["units"]
        i = next(i for i, u in enumerate(units) if "at" in u)
        path = ["state", "units", i, "at"]
        field = f"state.units[{i}].at"
    error = corrupt(saved, setitem(path, value))
    assert error.field == field


def test_not_json_and_not_an_object(saved: str) -> None:
    with pytest.raises(SaveError, match="not valid JSON"):
        wargames.load_game(saved[:-10])
    with pytest.raises(SaveError, match="JSON object"):
        wargames.load_game("[1, 2]")


def test_missing_unit_in_state(saved: str) -> None:
    error = corrupt(saved, lambda d: d["state"]["units"].pop())
    assert error.field == "state.units" and "missing" in error.reason


def test_python_code_in_a_save_is_data_refused_by_the_variable_s_shape(saved: str) -> None:
    # read as data: a text where the title declares nodes is refused by its shape
    data = json.loads(saved)
    data["state"]["vars"]["attacked"] = "__import__('os').system('false')"
    with pytest.raises(SaveError) as info:
        wargames.load_game(json.dumps(data))
    assert info.value.field == "state.vars.attacked" and "list of a node" in info.value.reason


def test_action_from_json_errors() -> None:
    with pytest.raises(SaveError, match="unknown action type"):
        wargames.action_from_json("minimal", '{"type": "fly"}')
    with pytest.raises(SaveError) as info:
        wargames.action_from_json("minimal", '{"type": "move", "units": ["B1"]}')
    assert info.value.field == "action.path"
    with pytest.raises(SaveError) as info:
        wargames.action_from_json("minimal", '{"type": "outcome", "value": [1]}')
    assert info.value.field == "action.value"
