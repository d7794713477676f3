"""Charts merged over a title's defaults keep the defaults' shape (issue 10: a bad chart is
refused at load, naming the field, and never crashes in play)."""

from __future__ import annotations

import doctest
import tomllib
from pathlib import Path
from typing import Any

import pytest

import wargames
from wargames import api
from wargames.core import chart_shape
from wargames.core.chart_shape import check_shape
from wargames.core.errors import ScenarioError
from wargames.core.scenario import read_scenario_file

SRC = Path(wargames.__file__).parent


def test_the_module_examples() -> None:
    assert doctest.testmod(chart_shape).failed == 0


def test_kinds_keys_lists_and_data_keyed_tables() -> None:
    defaults = {"pool": {"1-1": 10, "2-1": 4}, "levels": [[8, "major", "soviet"]], "x": 0.5}
    check_shape("f", "charts", {**defaults, "pool": {"3-1": 2, "1-1": 1, "2-1": 1}}, defaults)
    check_shape("f", "charts", {**defaults, "x": 1}, defaults)  # a whole number is a number
    check_shape("f", "charts", {**defaults, "levels": [[9, "minor", "axis"], []]}, defaults)
    with pytest.raises(ScenarioError, match=r"charts.pool.3-1: expected a whole number"):
        check_shape("f", "charts", {**defaults, "pool": {**defaults["pool"], "3-1": {}}}, defaults)
    with pytest.raises(ScenarioError, match=r"charts.levels\[0\]\[1\]: expected a text"):
        check_shape("f", "charts", {**defaults, "levels": [[8, 2, "soviet"]]}, defaults)
    with pytest.raises(ScenarioError, match=r"charts\.x: expected a number, got True"):
        check_shape("f", "charts", {**defaults, "x": True}, defaults)
    check_shape("f", "charts", {**defaults, "x": "free"}, defaults, free=("charts.x",))


def _chart_error(title: str, defaults: Path, edit: Any) -> ScenarioError:
    t = api.get_title(title)
    data = read_scenario_file(t.scenario_files()[t.default_scenario])[1]
    with defaults.open("rb") as f:
        charts = tomllib.load(f)
    edit(charts)
    data["charts"] = {**data.get("charts", {}), **charts}
    with pytest.raises(ScenarioError) as info:
        wargames.new_game(title, data)
    return info.value


K45 = SRC / "konigsberg" / "data" / "charts.toml"
DCH = SRC / "darkcrusade" / "hex" / "data" / "charts" / "charts.toml"


@pytest.mark.parametrize(
    ("title", "defaults", "edit", "field"),
    [  # each of these crashed in play before (found by fuzzing the charts)
        ("konigsberg", K45, lambda c: c["refugees"]["cost"].pop("mech"), "refugees.cost.mech"),
        ("konigsberg", K45, lambda c: c["command"].pop("special"), "command.special"),
        ("konigsberg", K45, lambda c: c["refugees"].update(cities=[1]), "refugees.cities[0]"),
        ("darkcrusade-hex", DCH, lambda c: c["rail"].update(railhead_step=[1]), "rail"),
        ("darkcrusade-hex", DCH, lambda c: c["hidden"]["pool"].update({"1-1": {}}), "hidden"),
        ("darkcrusade-hex", DCH, lambda c: c["sea"].pop("control"), "sea.control"),
        ("darkcrusade-hex", DCH, lambda c: c["rail"]["railheads"].append(""), "rail.railheads"),
        ("darkcrusade-hex", DCH, lambda c: c["sea"]["groups"]["baltic"].append("x"), "sea.groups"),
    ],
)
def test_a_chart_that_crashed_in_play_is_refused_at_load(
    title: str, defaults: Path, edit: Any, field: str
) -> None:
    error = _chart_error(title, defaults, edit)
    assert error.field.startswith(f"charts.{field}")
