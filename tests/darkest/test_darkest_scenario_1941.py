"""The 1941 scenario: the reconstructed map puts the text's hexes where it needs them; the
order of battle; scenario validation (DC data, ScenarioError)."""

from __future__ import annotations

import copy
import tomllib
from typing import Any

import pytest
from darkest_support import army, rifle, scenario

import wargames
from wargames.core.errors import ScenarioError
from wargames.darkest.charts import DATA

SCENARIO = tomllib.loads((DATA / "1941.toml").read_text(encoding="utf-8"))


def board():
    return wargames.load_scenario("darkest", SCENARIO).board


def name_of(b, node: str) -> str:
    return str(b.attr(node, "name", ""))


def test_the_straits_of_the_text_are_adjacent_hexes_across_water() -> None:
    b = board()
    for a, c, opening in (("B7", "B8", "ferry"), ("B8", "C8", "strait"), ("O5", "O6", "strait")):
        assert b.adjacent(a, c)
        feats = b.edge_features(a, c)
        assert "water" in feats and opening in feats
    assert name_of(b, "B8") == "Leningrad" and name_of(b, "O5") == "Kerch"
    assert b.has("B7", "kronshtadt") and b.has("B7", "fortress")


def test_m1_is_in_the_far_south_west_and_warsaw_in_the_west() -> None:
    b = board()
    layout = b.layout
    col, row = layout.to_offset(b.hex_of("M1"))
    assert col == 0 and row == 12 and b.has("M1", "romania") and b.has("M1", "smashing")
    assert name_of(b, "F2") == "Warsaw" and b.has("F2", "smashing")
    assert "axis-edge" in b.features("M1") or b.has("L1", "axis-edge")


def test_the_cities_of_the_text_are_on_the_map() -> None:
    b = board()
    names = {name_of(b, n) for n in b}
    for city in (
        "Warsaw",
        "Helsinki",
        "Bucharest-Ploesti",
        "Leningrad",
        "Moscow",
        "Stalingrad",
        "Kiev",
        "Minsk",
        "Smolensk",
        "Sevastopol",
        "Koenigsberg",
        "Grozny",
    ):
        assert city in names
    moscow = next(n for n in b if name_of(b, n) == "Moscow")
    assert b.attr(moscow, "vp") == 2 and b.attr(moscow, "take_hits") == 2
    sevastopol = next(n for n in b if name_of(b, n) == "Sevastopol")
    assert b.attr(sevastopol, "fire") == 2 and b.has(sevastopol, "fortress")
    for name in ("Leningrad", "Moscow", "Stalingrad"):
        assert b.has(next(n for n in b if name_of(b, n) == name), "objective")


def test_the_map_has_the_terrain_the_rules_read() -> None:
    b = board()
    terrains = {b.terrain(n) for n in b}
    assert {
        "forest",
        "swamp",
        "hills",
        "mountains",
        "baltic",
        "black-sea",
        "azov",
        "lake",
    } <= terrains
    edges = {f for _, _, d in b.graph.edges(data=True) for f in d["features"]}
    assert {"river", "stalin-line", "highway", "strait", "ferry"} <= edges


def test_the_order_of_battle_has_the_units_the_text_names() -> None:
    units = {u["id"]: u for u in SCENARIO["units"]}
    for uid in (
        "G2A",
        "Pz40",
        "PzGr1",
        "PzGr2",
        "PzGr3",
        "PzGr4",
        "R16A",
        "GdsK1",
        "SA1",
        "SA2",
        "SA3",
        "SA4",
        "Rom3A",
        "HunMC",
        "FinKA",
    ):
        assert uid in units
    assert {r["unit"]: (r["turn"], r["at"]) for r in SCENARIO["reinforcements"]} == {
        "G2A": (2, "F2"),
        "Pz40": (3, "F2"),
    }
    assert all(units[u]["box"] == "siberian" for u in ("GdsK1", "SA1", "SA2", "SA3", "SA4"))
    assert SCENARIO["charts"]["provisional"]  # what the text does not give is marked


def bad(**changes: Any) -> dict[str, Any]:
    data = scenario(army("G", "B2"), rifle("R", "B3"))
    for key, value in changes.items():
        data[key] = value
    return data


@pytest.mark.parametrize(
    ("data", "field"),
    [
        (bad(charts={"nonsense": 1}), "charts.nonsense"),
        (bad(charts={"fire_table": {"strengths": [1, 2], "rows": [["1"]]}}), "charts.fire_table"),
        (bad(charts={"movement": {"mech": 2}}), "charts.movement.other"),
        (bad(options={"axis_romania_attacks": "sometimes"}), "options.axis_romania_attacks"),
        (bad(charts={"sea_control": {"baltic": ["Z9"]}}), "charts.sea_control.baltic"),
    ],
)
def test_bad_scenario_data_raises_a_scenario_error_naming_the_field(
    data: dict[str, Any], field: str
) -> None:
    with pytest.raises(ScenarioError) as info:
        wargames.new_game("darkest", copy.deepcopy(data))
    assert info.value.field == field


def test_unit_factors_must_be_whole_numbers() -> None:
    data = bad()
    data["units"][0]["attack"] = 1.5
    with pytest.raises(ScenarioError) as info:
        wargames.new_game("darkest", data)
    assert info.value.field == "units[0].attack"
