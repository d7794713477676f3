"""Krim's steps declare their frame arguments (``Step.args``): a saved Krim game whose pending
frame holds a malformed argument is refused at load, naming the field."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

import wargames
from wargames import api
from wargames.krim import TITLE
from wargames.testing import frame_refusal, save_with_frame


def save_at(step_name: str, seed: int = 1) -> dict[str, Any]:
    """A save of a seeded random campaign whose stack holds a ``step_name`` frame."""
    return save_with_frame(wargames.new_game("krim", seed=seed), step_name, seed, 5000)[0]


def test_every_krim_step_declares_its_frame_arguments() -> None:
    assert {name for name, s in TITLE.steps.items() if s.args is None} == set()


@pytest.mark.parametrize("step_name", ["battle", "move-group", "barrage"])
def test_a_save_with_well_formed_frames_loads_back(step_name: str) -> None:
    data = save_at(step_name)
    assert json.loads(api.load_game(json.dumps(data)).to_json()) == data


Edit = Callable[[dict[str, Any]], None]


def _set(path: tuple[str, ...], value: Any) -> Edit:
    def edit(args: dict[str, Any]) -> None:
        for key in path[:-1]:
            args = args[key]
        args[path[-1]] = value

    return edit


@pytest.mark.parametrize(
    ("step_name", "edit", "field", "reason"),
    [
        ("battle", _set(("battle", "stage"), "lunch"), "battle.stage", "expected"),
        ("battle", _set(("battle", "attackers"), ["ZZ"]), "battle.attackers[0]", "a unit"),
        ("battle", _set(("battle", "target"), "Atlantis"), "battle.target", "a node"),
        ("battle", _set(("battle", "column"), "3:1"), "battle.column", "a whole number"),
        ("battle", _set(("battle", "morale"), 1), "battle.morale", "unknown field"),
        ("battle", lambda a: a["battle"].pop("kind"), "battle.kind", "missing"),
        ("move-group", _set(("spent",), "lots"), "spent", "a whole number"),
        ("move-group", _set(("units",), ["ZZ"]), "units[0]", "a unit"),
        ("move-group", _set(("side",), "east"), "side", "a side"),
        ("move-group", _set(("start",), "Z99"), "start", "a node"),
        ("movement", _set(("hurry",), True), "hurry", "not an argument"),
    ],
)
def test_a_malformed_frame_argument_in_a_saved_krim_game_is_refused(
    step_name: str, edit: Edit, field: str, reason: str
) -> None:
    data = save_at(step_name)
    index = next(i for i, f in enumerate(data["state"]["stack"]) if f["step"] == step_name)
    error = frame_refusal(data, index, edit)
    assert error.field.endswith(f".args.{field}"), error.field
    assert reason in error.reason
