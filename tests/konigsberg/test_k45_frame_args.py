"""K45's steps declare their frame arguments (``Step.args``, issue 10): a save whose frame holds
a wrong unit, a value of another shape or an unknown key is refused at load, naming the field;
every step declares its arguments, and the turn's segments fit them."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest

import wargames
from wargames.core.errors import SaveError
from wargames.testing import check_args_declared, frame_refusal, save_with_frame


@cache
def _save_with(step_name: str, seed: int = 1) -> tuple[str, int]:
    data, i = save_with_frame(wargames.new_game("konigsberg", seed=seed), step_name, seed, 500)
    return json.dumps(data), i


def save_with(step_name: str) -> tuple[dict[str, Any], int]:
    """A save of a seeded random game whose stack holds a ``step_name`` frame, and its index."""
    text, i = _save_with(step_name)
    return json.loads(text), i


def refusal(step_name: str, edit: Callable[[dict[str, Any]], None]) -> SaveError:
    data, i = save_with(step_name)
    return frame_refusal(data, i, edit)


def _set(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda args: args.__setitem__(key, value)


def _second_attacker(args: dict[str, Any]) -> None:
    args["attackers"] = [*args["attackers"], "ZZ"]


def _bad_path(args: dict[str, Any]) -> None:
    args["paths"] = {args["target"]: [[args["target"], "Z99"]]}


@pytest.mark.parametrize(
    ("step_name", "edit", "field", "reason"),
    [
        ("attack", _second_attacker, "attackers[1]", "expected a unit of the scenario, got 'ZZ'"),
        ("attack", _set("attackers", "96RC"), "attackers", "expected a list of a unit"),
        ("attack", _set("air", ["1AA-a:sideways"]), "air[0]", "unit:full or unit:normal"),
        ("attack", _set("air", ["ZZ:full"]), "air[0]", "expected an air unit"),
        ("attack", _set("target", "Z99"), "target", "expected a node of the map"),
        ("attack", _set("odds", 3), "odds", "not an argument of this step"),
        ("advance", _bad_path, "paths.*[0][1]", "expected a node of the map, got 'Z99'"),
        ("advance", _set("advanced", [1]), "advanced[0]", "expected a unit of the scenario"),
        ("refugees", _set("stage", "lunch"), "stage", "expected 'place' or 'event' or 'move'"),
        ("refugees", _set("todo", ["X1"]), "todo[0]", "expected a refugee counter"),
        ("refugees", _set("count", True), "count", "expected a whole number"),
    ],
)
def test_a_corrupted_frame_argument_is_refused_naming_the_field(
    step_name: str, edit: Callable[[dict[str, Any]], None], field: str, reason: str
) -> None:
    error = refusal(step_name, edit)
    head, _, tail = field.partition("*")
    assert error.field.startswith("state.stack[")
    assert f".args.{head}" in error.field and error.field.endswith(tail)
    assert reason in error.reason


def test_an_uncorrupted_save_with_those_frames_loads() -> None:
    for name in ("attack", "advance", "refugees"):
        data, _ = save_with(name)
        loaded = wargames.load_game(json.dumps(data))
        assert json.loads(loaded.to_json())["state"] == data["state"]


def test_every_k45_step_declares_its_frame_arguments() -> None:
    game = wargames.new_game("konigsberg", seed=1)
    assert game.title.args_declared
    assert all(s.args is not None for s in game.title.steps.values())
    check_args_declared(game)
