"""Darkest's steps declare their frame arguments (``Step.args``, issue 10): a save whose frame
holds a wrong unit, a value of another shape or an unknown key is refused at load, naming the
field; every step declares its arguments, and the turn's segments fit them."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

import wargames
from wargames.core.errors import SaveError
from wargames.testing import check_args_declared, frame_refusal, save_with_frame


def save_with(step_name: str, seed: int = 1) -> tuple[dict[str, Any], int]:
    """A save of a seeded random game whose stack holds a ``step_name`` frame, and its index."""
    return save_with_frame(wargames.new_game("darkest", seed=seed), step_name, seed, 500)


def refusal(step_name: str, edit: Callable[[dict[str, Any]], None]) -> SaveError:
    data, i = save_with(step_name)
    return frame_refusal(data, i, edit)


@pytest.mark.parametrize(
    ("step_name", "key", "value", "reason"),
    [
        ("orders", "unit", "ZZ", "expected a unit of the scenario, got 'ZZ'"),
        ("orders", "unit", ["PzGr1"], "expected a unit of the scenario"),
        ("orders", "moved", "no", "expected true or false"),
        ("orders", "mode", "lunch", "expected 'first' or 'op' or 'blitz' or 'proriv'"),
        ("orders", "side", "martian", "expected a side"),
        ("orders", "hits", 1, "not an argument of this step"),
        ("absorb", "by", "ZZ", "expected a side"),
        ("absorb", "who", "attack", "not an argument of this step"),
        ("substitute", "at", "Z99", "expected a node of the map"),
    ],
)
def test_a_corrupted_frame_argument_is_refused_naming_the_field(
    step_name: str, key: str, value: Any, reason: str
) -> None:
    error = refusal(step_name, lambda args: args.__setitem__(key, value))
    assert error.field.startswith("state.stack[") and error.field.endswith(f".args.{key}")
    assert reason in error.reason


def test_an_uncorrupted_save_with_those_frames_loads() -> None:
    for name in ("orders", "absorb", "substitute"):
        data, _ = save_with(name)
        loaded = wargames.load_game(json.dumps(data))
        assert json.loads(loaded.to_json())["state"] == data["state"]


def test_every_darkest_step_declares_its_frame_arguments() -> None:
    game = wargames.new_game("darkest", seed=1)
    assert game.title.args_declared
    assert all(s.args is not None for s in game.title.steps.values())
    check_args_declared(game)
