"""The title's charts: the fire table and the calendar from ``data/``, and the scenario's numbers.

A scenario's ``[charts]`` may replace any of them; what it leaves out comes from the title's
data files and defaults here. ``charts(ctx)`` builds the checked :class:`Charts` once per
scenario. ``check(scenario)`` raises a :class:`ScenarioError` naming the field at fault.
"""

from __future__ import annotations

import tomllib
import weakref
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs

from wargames.core.context import Context
from wargames.core.crt import FireTable
from wargames.core.errors import ScenarioError
from wargames.core.jsonvalue import thaw
from wargames.core.scenario import Scenario

from .position import SEAS

DATA = Path(__file__).parent / "data"
WEATHERS = ("good", "october", "november", "snow")


def _load(name: str) -> dict[str, Any]:
    with open(DATA / name, "rb") as f:
        return tomllib.load(f)


FIRE_TABLE = _load("fire-table.toml")
CALENDAR = _load("calendar.toml")

DEFAULTS: dict[str, Any] = {
    "fire_table": FIRE_TABLE,
    "calendar": CALENDAR,
    # DC: Operational Movement: mech korps 2 hexes, others 1; OMB +1 Axis, +2 Russian.
    "movement": {"mech": 2, "other": 1, "omb_axis": 1, "omb_russian": 2},
    # DC: Victory Conditions: 8 cities win, 6 or less in Feb 42 lose; the secret set-up shifts
    # them 2 cities. The text's draw ("only 7 victory point cities without L, M, or S") is
    # what neither victory leaves (victory.final), so it has no number here.
    "victory": {"axis_cities": 8, "russian_max": 6, "secret_shift": 2},
    # DC: Movement by sea: sea -> the hexes whose holder controls it (the scenario's:
    # Koenigsberg, Sevastopol, both sides of the Kerch Straits).
    "sea_control": {},
    # DC: Movement by sea: sinking chances in sixths (friendly sea, enemy sea).
    "sea_loss": {"friendly": 1, "enemy": 3},
    # DC: Supply: units surviving isolated on a fortress or major city, a victory city, and
    # (Russian) Leningrad or Moscow (attribute sustain).
    "sustain": {"fortress": 1, "victory": 2},
    # DC: Russian Replacements: the off-map reserve of tank factors at the start (the text's
    # 4), and the factors a tank factory in supply produces a turn: "1 UnDisrupted mechanized
    # korps", worth its largest factor (2 for the 1941 order of battle's 2-0 korps)
    # (provisional: factory_factors).
    "replacements": {"tank_reserve": 4, "factory_factors": 2},
    # DC: Ground Combat Results Table: which die column each side reads
    # (provisional: die_column).
    "die_column": {"axis": "A", "russian": "B"},
    # DC: Fortresses ...: hits a fortress or city absorbs per battle round
    # (provisional: city_absorbs).
    "city_absorbs": 1,
    # DC: Siberian Reserve Gamble: "1st turn of arrival: 1. Guards Korps and 1. and 3. Shock
    # Armies. 2nd turn: 4. Shock Army. 3rd turn: 2. Shock Army." (the units' ids); every unit
    # of the siberian box must be named in a wave.
    "siberian_waves": [["GdsK1", "SA1", "SA3"], ["SA4"], ["SA2"]],
    "provisional": {},
}


@attrs.frozen
class Charts:
    fire: FireTable
    weather: tuple[str, ...]
    winter: tuple[str, ...]
    months: tuple[str, ...]
    siberians_safe: int
    axis_victory_last: int
    movement: Mapping[str, int]
    victory: Mapping[str, int]
    sea_control: Mapping[str, tuple[str, ...]]
    sea_loss: Mapping[str, int]
    sustain: Mapping[str, int]
    tank_reserve: int
    factory_factors: int
    die_column: Mapping[str, str]
    city_absorbs: int
    siberian_waves: tuple[tuple[str, ...], ...]
    provisional: Mapping[str, str]


_CACHE: weakref.WeakKeyDictionary[Scenario, Charts] = weakref.WeakKeyDictionary()


def charts(ctx: Context) -> Charts:
    return of(ctx.scenario)


def of(scenario: Scenario) -> Charts:
    got = _CACHE.get(scenario)
    if got is None:
        got = _CACHE[scenario] = check(scenario)
    return got


def _ints(file: str, field: str, value: Any, keys: tuple[str, ...]) -> dict[str, int]:
    if not isinstance(value, Mapping):
        raise ScenarioError(file, field, "expected a table")
    out: dict[str, int] = {}
    for k in keys:
        v = value.get(k)
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise ScenarioError(file, f"{field}.{k}", "expected a whole number >= 0")
        out[k] = v
    extra = set(value) - set(keys)
    if extra:
        raise ScenarioError(file, f"{field}.{sorted(extra)[0]}", "unknown key")
    return out


def check(scenario: Scenario) -> Charts:
    """The scenario's charts over the title's defaults, checked field by field."""
    file = scenario.file
    given: dict[str, Any] = thaw(scenario.charts)
    unknown = set(given) - set(DEFAULTS)
    if unknown:
        raise ScenarioError(file, f"charts.{sorted(unknown)[0]}", "unknown chart")
    data = {**DEFAULTS, **given}
    table = dict(data["fire_table"]) if isinstance(data["fire_table"], Mapping) else None
    if table is None:
        raise ScenarioError(file, "charts.fire_table", "expected a table")
    for meta in ("provisional", "note", "source"):
        table.pop(meta, None)
    try:
        fire = FireTable.from_data(table)
    except ValueError as exc:
        raise ScenarioError(file, "charts.fire_table", str(exc)) from None
    cal = data["calendar"]
    if not isinstance(cal, Mapping):
        raise ScenarioError(file, "charts.calendar", "expected a table")
    # The calendar's entries are turns 1, 2, .. (as siberians_safe and axis_victory_last are),
    # whatever turn the scenario starts on; months must agree with the scenario's labels.
    first, turns = scenario.calendar.first, scenario.calendar.last
    if first < 1:
        raise ScenarioError(file, "charts.calendar", "its entries are turns 1..; start at 1")
    lists: dict[str, tuple[str, ...]] = {}
    for key in ("months", "weather", "winter"):
        v = cal.get(key)
        if not isinstance(v, list) or len(v) < turns or not all(isinstance(x, str) for x in v):
            raise ScenarioError(file, f"charts.calendar.{key}", f"give {turns} names, one a turn")
        lists[key] = tuple(v)
    for i, label in enumerate(scenario.calendar.labels):
        k = first - 1 + i
        if lists["months"][k] != label:
            raise ScenarioError(
                file,
                f"charts.calendar.months[{k}]",
                f"turn {first + i} is {label!r} in the scenario but {lists['months'][k]!r} here",
            )
    for i, w in enumerate(lists["weather"]):
        if w not in WEATHERS:
            raise ScenarioError(file, f"charts.calendar.weather[{i}]", f"not one of {WEATHERS}")
    for key in ("siberians_safe", "axis_victory_last"):
        v = cal.get(key)
        if isinstance(v, bool) or not isinstance(v, int):
            raise ScenarioError(file, f"charts.calendar.{key}", "expected a turn number")
    seas = data["sea_control"]
    if not isinstance(seas, Mapping):
        raise ScenarioError(file, "charts.sea_control", "expected a table")
    sea_control: dict[str, tuple[str, ...]] = {}
    for sea, hexes in seas.items():
        if not isinstance(hexes, list) or not all(h in scenario.board for h in hexes):
            raise ScenarioError(file, f"charts.sea_control.{sea}", "expected hexes of the map")
        sea_control[sea] = tuple(hexes)
    for node in scenario.board:
        named = scenario.board.attr(node, "seas", None)
        if named is not None and not (
            isinstance(named, (list, tuple)) and all(s in SEAS for s in named)
        ):
            raise ScenarioError(file, f"map.attributes.{node}.seas", f"expected names of {SEAS}")
    die = data["die_column"]
    if not isinstance(die, Mapping) or set(die) != {"axis", "russian"}:
        raise ScenarioError(file, "charts.die_column", "give the die column of axis and russian")
    for side, col in die.items():
        if col not in fire.indexes:
            raise ScenarioError(file, f"charts.die_column.{side}", f"no die column {col!r}")
    prov = data["provisional"]
    if not isinstance(prov, Mapping) or not all(isinstance(v, str) for v in prov.values()):
        raise ScenarioError(file, "charts.provisional", "expected a table of notes")
    absorbs = data["city_absorbs"]
    if isinstance(absorbs, bool) or not isinstance(absorbs, int) or absorbs < 0:
        raise ScenarioError(file, "charts.city_absorbs", "expected a whole number >= 0")
    waves = data["siberian_waves"]
    if not isinstance(waves, list) or not all(
        isinstance(w, list) and all(isinstance(u, str) for u in w) for w in waves
    ):
        raise ScenarioError(file, "charts.siberian_waves", "lists of unit ids, a turn each")
    named = [u for w in waves for u in w]
    if len(named) != len(set(named)):
        raise ScenarioError(file, "charts.siberian_waves", "a unit is named in two waves")
    for uid, start in scenario.start.items():
        if start.box == "siberian" and uid not in named:
            raise ScenarioError(file, "charts.siberian_waves", f"{uid} is in no wave")
    given_repl = data["replacements"]
    if not isinstance(given_repl, Mapping):
        raise ScenarioError(file, "charts.replacements", "expected a table")
    replacements = _ints(
        file,
        "charts.replacements",
        {**DEFAULTS["replacements"], **given_repl},
        tuple(DEFAULTS["replacements"]),
    )
    return Charts(
        fire=fire,
        weather=lists["weather"],
        winter=lists["winter"],
        months=lists["months"],
        siberians_safe=int(cal["siberians_safe"]),
        axis_victory_last=int(cal["axis_victory_last"]),
        movement=_ints(file, "charts.movement", data["movement"], tuple(DEFAULTS["movement"])),
        victory=_ints(file, "charts.victory", data["victory"], tuple(DEFAULTS["victory"])),
        sea_control=sea_control,
        sea_loss=_ints(file, "charts.sea_loss", data["sea_loss"], ("friendly", "enemy")),
        sustain=_ints(file, "charts.sustain", data["sustain"], ("fortress", "victory")),
        tank_reserve=replacements["tank_reserve"],
        factory_factors=replacements["factory_factors"],
        die_column=dict(die),
        city_absorbs=absorbs,
        siberian_waves=tuple(tuple(w) for w in waves),
        provisional=dict(prov),
    )
