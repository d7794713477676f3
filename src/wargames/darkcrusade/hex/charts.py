"""The title's charts (``data/charts/charts.toml``) with any scenario overrides, checked once.

A scenario's ``[charts]`` may replace a whole top-level table (``crt``, ``weather`` ...).
``charts(ctx)`` builds the checked :class:`Charts` once per scenario; ``check(scenario)``
raises a :class:`ScenarioError` naming the field at fault.
"""

from __future__ import annotations

import tomllib
import weakref
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs

from wargames.core.chart_shape import check_shape
from wargames.core.context import Context
from wargames.core.crt import CRT
from wargames.core.errors import ScenarioError
from wargames.core.jsonvalue import thaw
from wargames.core.scenario import Scenario

FILE = Path(__file__).parent / "data" / "charts" / "charts.toml"
WEATHERS = ("good", "light-mud", "mud", "hard-frost", "snow")
TERRAIN_WORDS = ("closed", "one-hex")  # DCH: Terrain Effects: no entry; 1 hex a turn
with open(FILE, "rb") as _f:
    DEFAULTS: dict[str, Any] = tomllib.load(_f)


@attrs.frozen
class Charts:
    crt: CRT
    weather: tuple[str, ...]
    weather_months: tuple[str, ...]
    movement: Mapping[str, Any]
    supply: Mapping[str, int]
    victory: Mapping[str, Any]
    hidden: Mapping[str, Any]
    siberians: Mapping[str, int]
    rail: Mapping[str, Any]
    reinforcements: Mapping[str, Any]
    special: Mapping[str, Any]
    sea: Mapping[str, Any]
    air: Mapping[str, Any]
    exchange_options: Mapping[str, Any]


_CACHE: weakref.WeakKeyDictionary[Scenario, Charts] = weakref.WeakKeyDictionary()


def build(scenario: Scenario) -> Charts:
    data = dict(DEFAULTS)
    data.update(thaw(scenario.charts))
    file = scenario.file
    unknown = set(data) - set(DEFAULTS)
    if unknown:
        raise ScenarioError(file, f"charts.{sorted(unknown)[0]}", "unknown chart")
    # every default value given, of its kind (the terrain chart's values are checked below)
    check_shape(file, "charts", data, DEFAULTS, free=("charts.movement.terrain",))
    _check_terrain(file, data["movement"]["terrain"])
    k = data["victory"]["moscow_collapse_in_sixths"]  # DCH: Victory Conditions (its 33%)
    if not 0 <= k <= 6:
        raise ScenarioError(
            file, "charts.victory.moscow_collapse_in_sixths", "a number of sixths, 0 to 6"
        )
    for i, hex_ in enumerate(data["rail"]["railheads"]):  # DCH: Rail Movement
        if hex_ not in scenario.board:
            raise ScenarioError(file, f"charts.rail.railheads[{i}]", f"{hex_!r} is no hex")
    for group, seas in data["sea"]["groups"].items():  # DCH: Strategic Movement by Sea
        for i, sea in enumerate(seas):
            if sea not in data["sea"]["control"]:
                raise ScenarioError(file, f"charts.sea.groups.{group}[{i}]", f"no sea {sea!r}")
    try:
        crt = CRT.from_data(data["crt"])
    except ValueError as exc:
        raise ScenarioError(file, "charts.crt", str(exc)) from None
    weather = tuple(data["weather"]["by_turn"])
    for i, w in enumerate(weather):
        if w not in WEATHERS:
            raise ScenarioError(file, f"charts.weather.by_turn[{i}]", f"one of {WEATHERS}")
    for table in ("strike", "intercept"):
        if len(data["air"][table]) != 6:
            raise ScenarioError(file, f"charts.air.{table}", "one result per die face 1-6")
    if len(weather) < scenario.calendar.last:
        raise ScenarioError(file, "charts.weather.by_turn", "one weather per game turn")
    return Charts(
        crt=crt,
        weather=weather,
        weather_months=tuple(data["weather"]["months"]),
        movement=data["movement"],
        supply=data["supply"],
        victory=data["victory"],
        hidden=data["hidden"],
        siberians=data["siberians"],
        rail=data["rail"],
        reinforcements=data["reinforcements"],
        special=data["special"],
        sea=data["sea"],
        air=data["air"],
        exchange_options=data["exchange_options"],
    )


def _check_terrain(file: str, table: Any) -> None:
    """DCH: Terrain Effects: ``[movement.terrain]`` has a table for each unit class in the
    defaults, giving each of the defaults' terrains a whole number of factors (1 or more),
    ``"closed"`` or ``"one-hex"``."""
    path = "charts.movement.terrain"
    if not isinstance(table, Mapping):
        raise ScenarioError(file, path, "expected a table")
    for kind, default in DEFAULTS["movement"]["terrain"].items():
        row = table.get(kind)
        if not isinstance(row, Mapping):
            raise ScenarioError(file, f"{path}.{kind}", "missing (a table for each unit class)")
        for name in sorted(set(row) - set(default)):
            raise ScenarioError(file, f"{path}.{kind}.{name}", f"one of {sorted(default)}")
        for name in default:
            value = row.get(name)
            if value is None:
                raise ScenarioError(file, f"{path}.{kind}.{name}", "missing (the default has it)")
            fits = isinstance(value, int) and not isinstance(value, bool) and value >= 1
            if not fits and value not in TERRAIN_WORDS:
                raise ScenarioError(
                    file, f"{path}.{kind}.{name}", f"1 or more factors or one of {TERRAIN_WORDS}"
                )


def charts(ctx: Context) -> Charts:
    got = _CACHE.get(ctx.scenario)
    if got is None:
        got = _CACHE[ctx.scenario] = build(ctx.scenario)
    return got


def check(scenario: Scenario) -> None:
    _CACHE[scenario] = build(scenario)
