"""Issue 10: steps declare their frame arguments (``Step.args``); a saved frame holding
anything else, or a value of another shape, is refused at load naming the field, and the
conformance kit catches a step that uses an argument it did not declare."""

from __future__ import annotations

import doctest
import json
from typing import Any

import pytest

import wargames
from wargames import api
from wargames.agents import RandomAgent, step
from wargames.core import frame_args
from wargames.core.errors import SaveError
from wargames.testing import check_position


def test_the_module_examples() -> None:
    assert doctest.testmod(frame_args).failed == 0


def save_at(title: str, step_name: str, seed: int = 1) -> dict[str, Any]:
    """A save of a seeded random game of ``title`` whose stack holds a ``step_name`` frame."""
    game = wargames.new_game(title, seed=seed)
    agent = RandomAgent(seed)
    for _ in range(3000):
        if any(f.step == step_name for f in game.state.stack):
            return dict(json.loads(game.to_json()))
        step(game, agent)
    raise AssertionError(f"no {step_name} frame in {title} seed {seed}")


def frame_error(title: str, step_name: str, edit: Any) -> SaveError:
    data = save_at(title, step_name)
    frame = next(f for f in data["state"]["stack"] if f["step"] == step_name)
    edit(frame.setdefault("args", {}))
    with pytest.raises(SaveError) as info:
        api.load_game(json.dumps(data))
    return info.value


@pytest.mark.parametrize(
    ("edit", "field", "reason"),
    [
        (lambda a: a.__setitem__("round", "two"), "round", "a whole number"),
        (lambda a: a.__setitem__("attackers", ["N1", "ZZ"]), "attackers[1]", "a unit"),
        (lambda a: a.__setitem__("target", "Atlantis"), "target", "a node"),
        (lambda a: a.__setitem__("side", "east"), "side", "a side"),
        (lambda a: a.__setitem__("stage", "lunch"), "stage", "expected"),
        (lambda a: a.__setitem__("mode", "x"), "mode", "not an argument"),
    ],
)
def test_a_bad_frame_argument_in_a_save_is_named(edit: Any, field: str, reason: str) -> None:
    error = frame_error("lines", "battle", edit)
    assert error.field.endswith(f".args.{field}") and reason in error.reason


def test_the_kit_catches_an_argument_the_step_did_not_declare(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    title = api.get_title("lines")
    battle = title.step("battle")
    assert battle.args is not None
    narrowed = {k: v for k, v in battle.args.items() if k != "round"}
    data = save_at("lines", "battle")
    game = api.load_game(json.dumps(data))
    agent = RandomAgent(2)
    while not any(f.step == "battle" and "round" in f.args for f in game.state.stack):
        step(game, agent)
        assert not game.is_over()
    check_position(game)
    monkeypatch.setattr(type(battle), "args", narrowed)
    with pytest.raises(AssertionError, match=r"outside Step\.args"):
        check_position(game)
