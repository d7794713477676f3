"""Every Dark Crusade (hex) step declares the frame arguments it reads (``Step.args``): a save
whose frame holds a wrong unit, a value of another shape or an unknown key is refused at load,
naming the field; the turn's segments fit the declarations."""

from __future__ import annotations

import json
import tomllib
from functools import cache
from typing import Any

import pytest

import wargames
from wargames.core.game import Game
from wargames.darkcrusade.hex import DATA
from wargames.testing import check_args_declared, frame_refusal, save_with_frame


def new(free_setup: bool = False) -> Game:
    data = tomllib.loads((DATA / "barbarossa-1941.toml").read_text(encoding="utf-8"))
    data["options"] = {"free_setup": free_setup}
    return wargames.new_game("darkcrusade-hex", data, seed=3)


@cache
def saved(step_name: str) -> tuple[str, int]:
    """A save (JSON text) of a seeded random game holding a ``step_name`` frame, its index
    (the first of a few seeded games that reaches one: rare steps need not come in each)."""
    for seed in (3, 4, 5, 6, 7, 8):
        try:
            data, i = save_with_frame(new(step_name == "setup-place"), step_name, seed, 3000)
        except AssertionError:
            continue
        return json.dumps(data), i
    raise AssertionError(f"no seeded game reached a {step_name} frame")


def test_every_step_declares_its_frame_arguments() -> None:
    game = new()
    assert game.title.args_declared
    assert all(s.args is not None for s in game.title.steps.values())
    check_args_declared(game)


CASES = [
    ("orders", "unit", "ZZ", "expected a unit of the scenario, got 'ZZ'"),
    ("orders", "mode", "blitz", "expected 'op' or 'break'"),
    ("orders", "side", "martian", "expected a side"),
    ("orders", "moved", "no", "expected true or false"),
    ("orders", "hits", 1, "not an argument of this step"),
    ("operations", "mode", "pre", "expected 'op' or 'break'"),
    ("setup-place", "unit", ["H01"], "expected a unit of the scenario"),
    ("russian-arrival", "coming", [["H30", "bank", 1]], "expected '' or 'rifle_factors'"),
    ("russian-arrival", "coming", [["H30", ""]], "expected a list of a unit of the scenario"),
    ("rail", "unit", 7, "expected a unit of the scenario or None"),
    ("declare", "units", ["0408"], "expected a unit of the scenario"),
    ("declare", "target", "9999", "expected a node of the map"),
    ("battle-loss", "by", "chance", "expected a side"),
]


@pytest.mark.parametrize(("step_name", "key", "value", "reason"), CASES)
def test_a_corrupted_frame_argument_is_refused_naming_the_field(
    step_name: str, key: str, value: Any, reason: str
) -> None:
    text, i = saved(step_name)
    error = frame_refusal(json.loads(text), i, lambda args: args.__setitem__(key, value))
    assert error.field.startswith("state.stack[") and f".args.{key}" in error.field
    assert reason in error.reason


def test_an_uncorrupted_save_with_those_frames_loads() -> None:
    for name in sorted({c[0] for c in CASES}):
        text, _ = saved(name)
        assert json.loads(wargames.load_game(text).to_json())["state"] == json.loads(text)["state"]
