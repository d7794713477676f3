"""The charts of a Königsberg '45 scenario: the defaults of ``data/charts.toml`` merged with the
scenario's own ``[charts]`` (key by key), checked once and compiled into kernel values.

``charts(ctx)`` is cached per scenario; ``validate(scenario)`` raises ``ScenarioError`` naming
the file and field of any bad value.
"""

from __future__ import annotations

import tomllib
import weakref
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

import attrs

from wargames.core.chart_shape import check_shape
from wargames.core.context import Context
from wargames.core.crt import CRT
from wargames.core.errors import ScenarioError
from wargames.core.movement import Costs, Crossing
from wargames.core.scenario import Scenario

DATA = Path(__file__).parent / "data"
ROADS = frozenset({"road", "autobahn"})
# K45 0.2k: a river crossed by a road or railroad is a bridged river hexside
BRIDGED = frozenset({"bridge", "road", "autobahn", "rail"})


@cache
def defaults() -> Mapping[str, Any]:
    """The default charts (``data/charts.toml``)."""
    with open(DATA / "charts.toml", "rb") as f:
        return tomllib.load(f)


@attrs.frozen(slots=True, eq=False)
class Charts:
    """The merged charts of one scenario, with the kernel objects built from them."""

    data: Mapping[str, Any]
    crt: CRT
    foot: Costs
    mech: Costs
    strategic: Costs
    names: Mapping[str, str]  # place name -> hex
    ezoc: tuple[int, int]  # K45 3.0a: MP (doubled) to enter and to leave an EZOC

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def turn(self, turn: int) -> Mapping[str, Any]:
        """The Turn Record Track box of ``turn`` (K45 0.2b)."""
        for box in self.data["track"]["turns"]:
            if int(box["turn"]) == turn:
                return box  # type: ignore[no-any-return]
        return {"turn": turn, "limits": {}, "replacements": {}, "chits": []}

    def place(self, name: str) -> str:
        return self.names[name]


_CACHE: weakref.WeakKeyDictionary[Scenario, Charts] = weakref.WeakKeyDictionary()


def charts(ctx: Context | Scenario) -> Charts:
    """The compiled charts of the game's scenario (built once per scenario)."""
    scenario = ctx.scenario if isinstance(ctx, Context) else ctx
    got = _CACHE.get(scenario)
    if got is None:
        got = _CACHE[scenario] = _build(scenario)
    return got


def merged(scenario: Scenario) -> dict[str, Any]:
    out = dict(defaults())
    out.update(scenario.charts)
    return out


def _costs(tec: Mapping[str, Any], kind: str) -> Costs:
    """K45 4.2 with MP doubled: the half MP of strategic movement (4.4) stays whole."""
    terrain = {k: 2 * int(v) for k, v in tec["movement"][kind].items()}
    crossings = [Crossing("river", 2 * int(tec["minor_river"]), unless=BRIDGED, stop=True)]
    lake = tec.get("lake", 0)  # K45 7.4 note: a frozen-lake hexside (a road crossing ignores it)
    crossings.append(Crossing("lake", None if lake == "prohibited" else 2 * int(lake)))
    crossings.append(Crossing("impassable", None))
    crossings.append(Crossing("water", None))
    major = tec["major_river"]
    crossings.append(
        Crossing("major-river", None if major == "prohibited" else 2 * int(major), BRIDGED)
    )
    return Costs(terrain, tuple(crossings), road=2 * int(tec["road"]), road_features=ROADS)


def _build(scenario: Scenario) -> Charts:
    data = merged(scenario)
    tec = data["tec"]
    names = {
        str(scenario.board.attr(n, "name")): n
        for n in scenario.board
        if scenario.board.attr(n, "name") is not None
    }
    strategic = Costs(
        {}, road=int(2 * float(tec["strategic_road"])), roads_only=True, road_features=ROADS
    )
    return Charts(
        data,
        CRT.from_data(data["crt"]),
        _costs(tec, "foot"),
        _costs(tec, "mech"),
        strategic,
        names,
        (2 * int(tec["ezoc_enter"]), 2 * int(tec["ezoc_leave"])),
    )


REQUIRED = (
    "crt",
    "tec",
    "barrage",
    "random_events",
    "chits",
    "command",
    "stacking",
    "air",
    "supply",
    "victory",
    "refugees",
    "volksturm",
    "track",
    "early_arrival",
    "hipper",
    "mikosch",
)


def validate(scenario: Scenario) -> None:
    """Check the merged charts and the scenario's units against them (K45 data)."""
    file = scenario.file
    data = merged(scenario)
    for key in REQUIRED:
        if key not in data:
            raise ScenarioError(file, f"charts.{key}", "missing")
    # every default value given, of its kind; tec.lake may also be "prohibited" (K45 7.4)
    check_shape(file, "charts", data, defaults(), free=("charts.tec.lake",))
    try:
        table = CRT.from_data(data["crt"])
    except (ValueError, KeyError, TypeError) as exc:
        raise ScenarioError(file, "charts.crt", str(exc)) from None
    if len(table.scale.columns) < 2:
        raise ScenarioError(file, "charts.crt.columns", "needs the columns 1-2 ... 8-1+")
    for result in table.results:
        for part in result.parts:
            if part.letters or (part.flags and part.flags != "*"):
                raise ScenarioError(file, "charts.crt", f"unknown result {result}")
    tec = data["tec"]
    try:
        for kind in ("foot", "mech"):
            _costs(tec, kind)
        strategic_road = float(tec["strategic_road"])
    except (KeyError, ValueError, TypeError) as exc:
        raise ScenarioError(file, "charts.tec", f"bad or missing value: {exc}") from None
    # K45 4.4: MP are counted doubled, so the strategic road cost is a whole number of half MP
    if strategic_road <= 0 or not (2 * strategic_road).is_integer():
        raise ScenarioError(
            file,
            "charts.tec.strategic_road",
            f"must be a positive multiple of 1/2 MP (MP are counted in halves), "
            f"got {strategic_road:g}",
        )
    for key in ("ezoc_enter", "ezoc_leave"):  # K45 3.0a
        if int(tec[key]) < 0:
            raise ScenarioError(file, f"charts.tec.{key}", f"must not be negative, got {tec[key]}")
    if not isinstance(tec.get("halve_attack", {}).get("bridges_negate", False), bool):
        raise ScenarioError(file, "charts.tec.halve_attack.bridges_negate", "true or false")
    terrains = {scenario.board.terrain(n) for n in scenario.board} - {"water"}
    for kind in ("foot", "mech"):
        for t in terrains:
            if t not in tec["movement"][kind]:
                raise ScenarioError(file, f"charts.tec.movement.{kind}", f"no cost for {t!r}")
    attacks = data["barrage"].get("attacks", {})
    for face in range(1, 7):
        if str(face) not in attacks:
            raise ScenarioError(file, f"charts.barrage.attacks.{face}", "missing")
    for total in range(2, 13):
        if str(total) not in data["random_events"]:
            raise ScenarioError(file, f"charts.random_events.{total}", "missing")
    names = {str(scenario.board.attr(n, "name")) for n in scenario.board}
    for field, name in (
        ("supply.centre", data["supply"]["centre"]),
        ("supply.link", data["supply"]["link"]),
    ):
        if name not in names:
            raise ScenarioError(file, f"charts.{field}", f"no hex is named {name!r}")
    hqs = {u.id for u in scenario.units.values() if "hq" in u.flags}
    chits = set(data["chits"]) | hqs
    for i, box in enumerate(data["track"].get("turns", [])):
        for j, chit in enumerate(box.get("chits", [])):
            if chit not in chits:
                raise ScenarioError(
                    file, f"charts.track.turns[{i}].chits[{j}]", f"unknown chit {chit!r}"
                )
        for force in box.get("limits", {}):
            if force not in ("german", "2BR", "3BR"):
                raise ScenarioError(
                    file,
                    f"charts.track.turns[{i}].limits.{force}",
                    "forces are german, 2BR and 3BR",
                )
    for u in scenario.units.values():
        if u.command and u.command not in hqs:
            raise ScenarioError(file, f"units.{u.id}.command", f"{u.command!r} is not an HQ")
        if (
            u.side == "soviet"
            and "air" not in u.flags
            and u.values.get("front") not in ("2BR", "3BR")
        ):
            raise ScenarioError(file, f"units.{u.id}.values.front", "must be 2BR or 3BR")
