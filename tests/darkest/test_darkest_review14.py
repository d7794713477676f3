"""Fourteenth rules review (s29): the data against the rule text. The calendar lists are read
by the same turn reckoning as the Siberian and victory turns and checked against the scenario's
labels; the rules once keyed on unit ids (16. Army, the Siberian waves, 11. Army's home) read
unit data; provisional values are listed in ``[charts.provisional]``; no data goes unread."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from darkest_support import army, new, rifle, scenario, siberian_korps, skip, to_step

import wargames
from wargames.core.actions import Choose, Pass, Place
from wargames.core.errors import ScenarioError
from wargames.darkest import charts, sea, secret


def shipped_notes() -> dict[str, str]:
    data = tomllib.loads((charts.DATA / "1941.toml").read_text(encoding="utf-8"))
    return dict(charts.of(wargames.load_scenario("darkest", data)).provisional)


LATE = ["Aug 41", "Sep 41", "Oct 41", "Nov 41", "Dec 41", "Jan 42", "Feb 42"]


def late_start(labels: list[str], first: int = 3) -> dict[str, object]:
    data = scenario(army("G", "C2"), rifle("R", "C5"), turns=len(labels))
    data["calendar"] = {"turns": len(labels), "first": first, "labels": labels}
    return data


# --- 1. The calendar ---------------------------------------------------------------------------


def test_a_scenario_starting_in_august_rolls_the_october_weather_on_oct_41() -> None:
    # DC: Weather: "In October, the best 2 numbers are Good weather and the rest Mud. If Oct
    # was Mud, November is Good. If Oct was Good, Nov is SNOW." calendar.toml's entries are
    # turns 1.., as siberians_safe and axis_victory_last are: a scenario starting at turn 3
    # (Aug 41) rolls on turn 5 (Oct 41) and no other.
    g = wargames.new_game("darkest", late_start(LATE), seed=3)
    rolled: list[int] = []
    weather: dict[int, str] = {}
    while g.decision is not None:
        if g.decision.is_chance:
            if g.decision.step == "weather":
                rolled.append(g.state.turn)
            g.roll()
            continue
        weather[g.state.turn] = str(g.state.get("weather"))
        g.apply(skip(g))
    assert rolled == [5]
    assert weather[4] == "good"
    assert weather[7] == "snow"  # Dec 41


def test_calendar_months_that_disagree_with_the_scenario_labels_are_refused() -> None:
    # A scenario starting at turn 1 labelled from Aug 41 would get June's weather in August.
    with pytest.raises(ScenarioError, match=r"charts\.calendar\.months"):
        wargames.new_game("darkest", late_start(LATE, first=1), seed=1)


# --- 2. Rules read unit data, not unit ids -----------------------------------------------------


def test_16th_army_under_another_id_may_still_be_withdrawn() -> None:
    # DC: Russian Replacements: "16. A may be removed from the map ... and may be replaced with
    # any 0-1 army": the unit's flag withdrawable, whatever its id.
    g = new(
        army("G", "A1"),
        rifle("A16", "D5", (2, 2), flags=("proriv", "irreplaceable-unsupplied", "withdrawable")),
        rifle("R16A", "D4", (2, 2)),  # the old id, without the flag: not 16. Army
    )
    g = to_step(g, "russian-admin")
    legal = set(g.legal_actions())
    assert Choose("withdraw:A16") in legal
    assert Choose("withdraw:R16A") not in legal


def test_siberians_under_other_ids_arrive_in_the_waves_the_chart_names() -> None:
    # DC: Siberian Reserve Gamble: the waves are charts.siberian_waves (the text's 1. GdsK,
    # 1. and 3. Shock; 4. Shock; 2. Shock by default): S1 and S2 on the turn they come (safely
    # in Dec 41, turn 7), S3 the turn after.
    waves = {"siberian_waves": [["S1", "S2"], ["S3"]]}
    g = new(
        army("G", "A1"),
        rifle("R", "D6"),
        *(siberian_korps(u) for u in ("S1", "S2", "S3")),
        turns=9,
        charts=waves,
    )
    g = to_step(g, "replace", "russian")
    while g.state.turn < 7:
        assert not g.state.get("due")
        g.apply(skip(g))
        g = to_step(g, "replace", "russian")
    assert sorted(g.state.get("due")) == ["S1", "S2"]
    for uid in ("S1", "S2"):
        place = next(a for a in g.legal_actions() if isinstance(a, Place) and a.unit == uid)
        g.apply(place)
    g.apply(Pass())
    g = to_step(g, "replace", "russian")
    assert list(g.state.get("due")) == ["S3"]


def test_a_siberian_box_unit_no_wave_names_is_refused_at_load() -> None:
    with pytest.raises(ScenarioError, match=r"charts\.siberian_waves"):
        new(army("G", "A1"), rifle("R", "D6"), siberian_korps("S1"))


def test_the_11th_army_may_start_in_germany_by_its_homes_value_not_its_id() -> None:
    # DC: Secret ... Setup: "11. A may instead start in Germany": values.homes names the
    # lands a unit may start in; a German army without it starts in Germany only.
    romania = {"romania": ["A2"], "germany": ["A1"]}
    g = new(
        army("X11", None, box="setup", values={"homes": ["romania", "germany"]}),
        army("G11A", None, box="setup"),
        rifle("R", "D6"),
        features=romania,
        control={"axis": ["A1", "A2"]},
        options={"secret_setup": True},
    )
    c = g._ctx()
    assert secret.spots(c, "X11") == ["A1", "A2"]
    assert secret.spots(c, "G11A") == ["A1"]


# --- 3 and 4. Provisional values are listed as such ----------------------------------------------


def test_every_provisional_mark_in_the_code_names_a_note_of_the_1941_scenario() -> None:
    # A rule or value the text does not give is "(provisional: key)" in the code and has its
    # note in [charts.provisional] of data/1941.toml (and the table's Provisional data).
    notes = shipped_notes()
    marks: list[str] = []
    for path in sorted(Path(charts.__file__).parent.glob("*.py")):
        text = path.read_text()
        assert "(provisional)" not in text, f"{path.name}: name the note, (provisional: key)"
        marks += re.findall(r"\(provisional: (\w+)\)", text)
    assert {"reinforcements", "evacuation", "die_column", "city_absorbs"} <= set(marks)
    assert {"factory_factors"} <= set(marks)
    assert sorted(set(marks) - set(notes)) == []


def test_the_assumed_chart_values_and_the_fire_reading_are_provisional_in_1941() -> None:
    notes = shipped_notes()
    assert {"die_column", "city_absorbs", "factory_factors", "fire_above"} <= set(notes)
    # the order of battle note agrees with the data: 51st Army is a black 1-2
    assert "1-2 (51st Army)" in notes["order_of_battle"]


# --- 5. No data goes unread --------------------------------------------------------------------


def test_a_draw_count_of_cities_is_refused_as_it_would_change_nothing() -> None:
    # DC: Victory Conditions: the draw ("only 7 victory point cities without L, M, or S") is
    # what neither victory leaves; a draw_cities number would be read by nothing.
    victory = {"axis_cities": 8, "draw_cities": 7, "russian_max": 6, "secret_shift": 2}
    with pytest.raises(ScenarioError, match=r"charts\.victory\.draw_cities"):
        new(army("G", "A1"), rifle("R", "D6"), charts={"victory": victory})


def test_every_hex_feature_of_the_1941_map_is_read_by_the_title() -> None:
    # DC: Movement by sea: "from any coastal hex": the coastal hexes are sea.seas_of's (every
    # port among them), not a "coast" list; the highway is a hexside feature, not a hex one.
    data = tomllib.loads((charts.DATA / "1941.toml").read_text(encoding="utf-8"))
    source = "".join(p.read_text() for p in Path(charts.__file__).parent.glob("*.py"))
    features = set(data["map"]["features"])
    assert "coast" not in features and "highway" not in features
    assert sorted(f for f in features if f'"{f}"' not in source) == []
    board = wargames.load_scenario("darkest", data).board
    c = wargames.new_game("darkest", data, seed=1)._ctx()
    assert all(sea.seas_of(c, p) for p in board.nodes_with("port"))
