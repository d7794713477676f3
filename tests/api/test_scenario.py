"""Scenario files: the documented example loads; every error names the file and the field."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

import wargames
from wargames.core.errors import ScenarioError

DOCS = Path(__file__).parents[2] / "docs" / "scenarios.md"


def doc_example() -> str:
    text = DOCS.read_text(encoding="utf-8")
    match = re.search(r"```toml\n(title = .*?)```", text, re.S)
    assert match
    return match.group(1)


@pytest.fixture
def example(tmp_path: Path) -> Path:
    path = tmp_path / "river.toml"
    path.write_text(doc_example(), encoding="utf-8")
    return path


def test_the_documented_example_loads_and_plays(example: Path) -> None:
    sc = wargames.load_scenario("minimal", example)
    assert sc.name == "river-crossing"
    assert sc.board.terrain("0202") == "forest"
    assert sc.board.edge_features("0302", "0402") == {"river"}
    assert sc.board.attr("0402", "vp") == 3
    assert sc.start["B2"].steps == 1 and sc.start["R2"].box == "reinforcements"
    assert sc.units["R2"].attack == (2,)
    assert sc.calendar.label(2) == "Noon"
    game = wargames.new_game("minimal", example, seed=3)
    assert game.decision is not None


def test_json_scenarios_load_like_toml(example: Path, tmp_path: Path) -> None:
    import tomllib

    data = tomllib.loads(example.read_text())
    path = tmp_path / "river.json"
    path.write_text(json.dumps(data))
    assert (
        wargames.load_scenario("minimal", path).board.index.ids
        == wargames.load_scenario("minimal", example).board.index.ids
    )


def broken(example: Path, edit: str, tmp_path: Path) -> ScenarioError:
    text = example.read_text() + "\n" + edit
    path = tmp_path / "broken.toml"
    path.write_text(text)
    with pytest.raises(ScenarioError) as info:
        wargames.load_scenario("minimal", path)
    assert info.value.file == str(path)
    return info.value


@pytest.mark.parametrize(
    ("edit", "field", "reason"),
    [
        ('colour = "red"', "colour", "unknown key"),
        (
            '[[units]]\nid = "B1"\nside = "blue"\ntype = "x"\nat = "0101"',
            "units[4].id",
            "duplicate",
        ),
        (
            '[[units]]\nid = "X"\nside = "green"\ntype = "x"\nat = "0101"',
            "units[4].side",
            "not a side",
        ),
        (
            '[[units]]\nid = "X"\nside = "blue"\ntype = "x"\nat = "0909"',
            "units[4].at",
            "not a node",
        ),
        ('[[units]]\nid = "X"\nside = "blue"\ntype = "x"', "units[4].at", "exactly one"),
        (
            '[[units]]\nid = "X"\nside = "blue"\ntype = "x"\nat = "0101"\nattack = [1, 2]\n'
            "defence = [1, 2, 3]",
            "units[4]",
            "3 values for 2 steps",
        ),
        (
            '[[units]]\nid = "X"\nside = "blue"\ntype = "x"\nat = "0101"\nsteps = 4',
            "units[4].steps",
            "only 1 steps",
        ),
        (
            '[[units]]\nid = "X"\nside = "blue"\ntype = "x"\nat = "0101"\nspeed = 4',
            "units[4].speed",
            "unknown key",
        ),
        ('[[reinforcements]]\nturn = 9\nunit = "R2"', "reinforcements[1].turn", "outside"),
        ('[[reinforcements]]\nturn = 2\nunit = "R9"', "reinforcements[1].unit", "not a unit"),
        ('[[map.hexsides]]\nbetween = ["0101", "0303"]', "map.hexsides[1].between", "not adjacent"),
        ("[options]\nfog = true", "options.fog", "unknown option"),
    ],
)
def test_errors_name_the_file_and_field(
    example: Path, tmp_path: Path, edit: str, field: str, reason: str
) -> None:
    text = example.read_text()
    if edit.startswith("[options]"):
        text = text.replace("[options]", "")
    if edit.startswith("colour"):
        text = edit + "\n" + text
        edit = ""
    example.write_text(text)
    error = broken(example, edit, tmp_path)
    assert error.field == field
    assert reason in error.reason


def load_data(data: dict[str, Any]) -> ScenarioError:
    with pytest.raises(ScenarioError) as info:
        wargames.load_scenario("minimal", data)
    return info.value


def base() -> dict[str, Any]:
    return {
        "title": "minimal",
        "name": "x",
        "calendar": {"turns": 1},
        "map": {"columns": 3, "rows": 3},
        "charts": {
            "crt": {"columns": ["1-1"], "rows": {"1-6": ["-"]}},
            "victory_vp": 1,
            "movement_cost": {"clear": 1, "river": 1},
            "defence_multiplier": {},
        },
    }


def test_wrong_types_are_named() -> None:
    data = base()
    data["calendar"] = {"turns": "three"}
    error = load_data(data)
    assert (error.field, error.reason) == ("calendar.turns", "expected an integer, got str")
    data = base()
    data["map"]["columns"] = True
    assert load_data(data).field == "map.columns"


def test_missing_sections_are_named() -> None:
    data = base()
    del data["calendar"]
    assert load_data(data).field == "calendar"


def test_unknown_map_kind() -> None:
    data = base()
    data["map"]["kind"] = "squares"
    assert load_data(data).field == "map.kind"


def test_title_validates_its_own_charts() -> None:
    data = base()
    data["charts"]["crt"]["rows"] = {"1-6": ["XX"]}
    error = load_data(data)
    assert error.field == "charts.crt" and "XX" in error.reason
    data["charts"]["crt"]["rows"] = {"1-6": ["-", "-"]}
    error = load_data(data)
    assert error.field == "charts.crt" and "2 cells for 1 columns" in error.reason


def test_unreadable_and_malformed_files(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match="cannot read"):
        wargames.load_scenario("minimal", tmp_path / "missing.toml")
    bad = tmp_path / "bad.toml"
    bad.write_text("title = ")
    with pytest.raises(ScenarioError, match="not valid TOML"):
        wargames.load_scenario("minimal", bad)
    dates = tmp_path / "dates.toml"
    dates.write_text('title = "minimal"\nwhen = 1941-06-22\n')
    with pytest.raises(ScenarioError, match="when: date values are not allowed"):
        wargames.load_scenario("minimal", dates)


def test_point_maps_load() -> None:
    data = base()
    data["map"] = {
        "kind": "points",
        "points": [{"id": "A", "features": ["city"]}, {"id": "B"}],
        "lines": [{"between": ["A", "B"], "class": "rail", "capacity": {"blue": 2, "red": 1}}],
    }
    sc = wargames.load_scenario("minimal", data)
    assert sc.board.kind == "points"
    assert sc.board.edge_attr("A", "B", "capacity") == {"blue": 2, "red": 1}
    data["map"]["lines"].append({"between": ["A", "C"]})
    assert load_data(data).field == "map.lines[1].between[1]"
