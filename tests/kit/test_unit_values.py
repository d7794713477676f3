"""A title's declared unit values are checked by the loader, per-step values give steps."""

from __future__ import annotations

from typing import Any, ClassVar

import pytest
from tiny import scenario

from wargames.core.errors import ScenarioError
from wargames.core.scenario import Scenario, parse_scenario
from wargames.core.title import Title
from wargames.core.unit_values import NUMBER, PER_STEP, STRING, UnitValue


class Fire(Title):
    name: ClassVar[str] = "fire"
    sides: ClassVar[tuple[str, ...]] = ("a", "b")
    unit_values: ClassVar[tuple[UnitValue, ...]] = (
        UnitValue("fire", PER_STEP, required=True, maximum=20),
        UnitValue("weight", NUMBER, integer=False, maximum=2),
        UnitValue("arm", STRING),
    )


def load(*values: dict[str, Any]) -> Scenario:
    units = [
        {"id": f"u{i}", "side": "a", "type": "inf", "at": "A", "values": v}
        for i, v in enumerate(values)
    ]
    units.append({"id": "b1", "side": "b", "type": "inf", "at": "C", "values": {"fire": 1}})
    sc = parse_scenario(scenario(units=units), "my.toml", ("a", "b"))
    Fire().check_scenario(sc)
    return sc


def test_per_step_fire_factors_give_steps_and_read_by_step() -> None:
    sc = load({"fire": [5, 3, 1], "weight": 0.5})
    d = sc.units["u0"]
    assert d.steps == 3 and sc.start["u0"].steps == 3
    assert [d.value_at("fire", s) for s in (3, 2, 1)] == [5, 3, 1]
    assert sc.units["b1"].steps == 1 and sc.units["b1"].value_at("fire", 1) == 1


@pytest.mark.parametrize(
    ("values", "field", "reason"),
    [
        ({"fire": [1, 2], "colour": "red"}, "units[0].values.colour", "not a unit value"),
        ({"weight": 1}, "units[0].values.fire", "missing"),
        ({"fire": [1.5]}, "units[0].values.fire", "whole numbers"),
        ({"fire": [99]}, "units[0].values.fire", "outside"),
        ({"fire": [1], "weight": 3}, "units[0].values.weight", "outside"),
        ({"fire": [True]}, "units[0].values.fire", "expected numbers"),
        ({"fire": [1], "arm": 3}, "units[0].values.arm", "strings"),
    ],
)
def test_wrong_unit_values_name_the_file_and_field(
    values: dict[str, Any], field: str, reason: str
) -> None:
    with pytest.raises(ScenarioError) as info:
        load(values)
    assert info.value.file == "my.toml" and info.value.field == field
    assert reason in info.value.reason


def test_per_step_lists_must_match_the_attack_steps() -> None:
    units = [
        {
            "id": "u0",
            "side": "a",
            "type": "inf",
            "attack": [2, 1],
            "at": "A",
            "values": {"fire": [3, 2, 1]},
        },
        {"id": "b1", "side": "b", "type": "inf", "at": "C", "values": {"fire": 1}},
    ]
    sc = parse_scenario(scenario(units=units), "my.toml", ("a", "b"))
    with pytest.raises(ScenarioError, match="one per step"):
        Fire().check_scenario(sc)
