"""Observation tensors: a numpy encoding of one side's view (never of the state).

:func:`observe` is built only from ``game.view(side)``, the scenario and the supply traced
on the position the side sees (the units its pictures draw), so it cannot show what the view
hides. It gives two float32 arrays:

**planes**, shape ``(P, N)`` over the board's N nodes in sorted order, the planes in order:

- for each side S of the title (the title's order): ``units:S``, the number of S's units on
  the node; ``steps:S``, their steps left; then for each unit type T of the scenario (sorted)
  ``type:S:T``, the number of S's units of type T there;
- ``units:unknown``: units the view shows without saying whose (a hidden unit);
- ``control:S`` for each side: 1 where S controls the node;
- ``marker:M`` for each marker M of :attr:`Title.observed_markers`: the number of units seen
  with that marker on the node (disrupted, out of supply ...);
- ``supply:S`` for each side S, only for a title that traces supply per node
  (:meth:`Title.supply`): 1 where a unit of S would be in supply, 0.5 where in limited
  supply, 0 where out of it, as traced on the position the observing side sees (the units
  it sees, as its pictures draw them: a unit it cannot see neither blocks nor carries a
  line), so the plane tells nothing the view hides;
- ``terrain:T`` for each terrain of the board (sorted): 1 where the node has that terrain.

**scalars**, shape ``(K,)``: ``turn`` (0 at the first turn, 1 at the last), ``me:S`` one-hot
(the observing side), ``phase:i`` one-hot over the title's phases, ``segment`` (the
segment's number divided by the phase's segment count), ``over`` (1 once the game has
ended); then for each side S: ``units:S`` and ``steps:S``, the seen units of S on the map and
their steps as shares of S's units and full steps in the scenario; ``control:S``, the share
of the board's nodes S controls; ``objectives:S``, the share of the objective nodes (a
``vp`` attribute or the ``victory`` feature) S controls (0 without objectives); and for each
marker M of :attr:`Title.observed_markers`, ``marker:M:S``, the share of S's units seen with
it (supply counts, where the title marks supply); last, for each name V of
:attr:`Title.observed_vars`, ``var:V``: that title variable of the view, a number as it is,
a list or mapping by its length.

:func:`observation_shape` publishes both shapes and :func:`plane_names` /
:func:`scalar_names` the meaning of each row.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

import numpy as np

from .core.game import Game
from .core.render import scene
from .core.scenario import Scenario
from .core.supply import SupplyStatus
from .core.title import Title
from .scenario_cache import ScenarioCache

__all__ = [
    "Observation",
    "ObservationShape",
    "observation_shape",
    "observe",
    "plane_names",
    "scalar_names",
    "traces_supply",
]

Array = np.ndarray[Any, np.dtype[np.float32]]


class Observation(NamedTuple):
    planes: Array
    scalars: Array

    def flat(self) -> Array:
        """Planes then scalars in one vector."""
        return np.concatenate([self.planes.ravel(), self.scalars])


class ObservationShape(NamedTuple):
    planes: tuple[int, int]
    scalars: tuple[int]

    @property
    def flat(self) -> int:
        return self.planes[0] * self.planes[1] + self.scalars[0]


def _types(scenario: Scenario) -> list[str]:
    return sorted({d.type for d in scenario.units.values()})


def _terrains(scenario: Scenario) -> list[str]:
    return sorted({scenario.board.terrain(n) for n in scenario.board})


def plane_names(title: Title, scenario: Scenario) -> list[str]:
    """The meaning of each plane, in order."""
    names: list[str] = []
    for side in title.sides:
        names += [f"units:{side}", f"steps:{side}"]
        names += [f"type:{side}:{t}" for t in _types(scenario)]
    names.append("units:unknown")
    names += [f"control:{side}" for side in title.sides]
    names += [f"marker:{m}" for m in title.observed_markers]
    if traces_supply(title):
        names += [f"supply:{side}" for side in title.sides]
    names += [f"terrain:{t}" for t in _terrains(scenario)]
    return names


def traces_supply(title: Title) -> bool:
    """Whether the title traces supply per node (overrides :meth:`Title.supply`), so that
    the observation has ``supply:S`` planes."""
    return type(title).supply is not Title.supply


def scalar_names(title: Title, scenario: Scenario) -> list[str]:
    """The meaning of each scalar, in order."""
    names = ["turn", *(f"me:{s}" for s in title.sides)]
    names += [f"phase:{i}" for i in range(len(title.phases))]
    names += ["segment", "over"]
    for side in title.sides:
        names += [f"units:{side}", f"steps:{side}", f"control:{side}", f"objectives:{side}"]
        names += [f"marker:{m}:{side}" for m in title.observed_markers]
    return [*names, *(f"var:{v}" for v in title.observed_vars)]


def objectives(scenario: Scenario) -> list[str]:
    """The objective nodes: a ``vp`` attribute or the ``victory`` feature (sorted)."""
    board = scenario.board
    return sorted(n for n in board if board.attr(n, "vp") or board.has(n, "victory"))


def observation_shape(title: Title, scenario: Scenario) -> ObservationShape:
    """The shapes of :func:`observe`'s planes and scalars for this title and scenario."""
    return ObservationShape(
        (len(plane_names(title, scenario)), len(scenario.board)),
        (len(scalar_names(title, scenario)),),
    )


def observe(game: Game, side: str) -> Observation:
    """The observation tensors of ``side`` (from ``game.view(side)`` and the supply
    traced on the position ``side`` sees)."""
    lines = scene.supply_lines(game, side) if traces_supply(game.title) else None
    return encode_view(game.title, game.scenario, game.view(side), lines)


class _Layout:
    """What every observation of one title and scenario shares (built once)."""

    def __init__(self, title: Title, scenario: Scenario) -> None:
        self.title, self.scenario = title, scenario
        self.shape = observation_shape(title, scenario)
        self.nodes = {n: i for i, n in enumerate(sorted(scenario.board))}
        self.sides = {s: i for i, s in enumerate(title.sides)}
        types = {t: i for i, t in enumerate(_types(scenario))}
        self.per_side = 2 + len(types)
        self.unknown = self.per_side * len(self.sides)
        self.control = self.unknown + 1
        self.markers = {
            m: self.control + len(self.sides) + i for i, m in enumerate(title.observed_markers)
        }
        # unit id -> (its side's base plane, its type plane)
        self.units = {
            uid: (self.per_side * self.sides[d.side], 2 + types[d.type])
            for uid, d in scenario.units.items()
            if d.side in self.sides
        }
        self.objectives = frozenset(objectives(scenario))
        self.totals = {s: [0, 0] for s in title.sides}  # units, full steps
        for d in scenario.units.values():
            if d.side in self.totals:
                self.totals[d.side][0] += 1
                self.totals[d.side][1] += d.steps
        names = scalar_names(title, scenario)
        self.side_scalars = {s: names.index(f"units:{s}") for s in title.sides}
        self.vars = {v: names.index(f"var:{v}") for v in title.observed_vars}
        self.static = np.zeros(self.shape.planes, dtype=np.float32)
        self.supply = self.control + len(self.sides) + len(self.markers)
        base = self.supply + (len(self.sides) if traces_supply(title) else 0)
        terrains = {t: i for i, t in enumerate(_terrains(scenario))}
        for node, col in self.nodes.items():
            self.static[base + terrains[scenario.board.terrain(node)], col] = 1


_SUPPLY_VALUE = {
    SupplyStatus.SUPPLIED: 1.0,
    SupplyStatus.LIMITED: 0.5,
    SupplyStatus.UNSUPPLIED: 0.0,
}

_LAYOUTS: ScenarioCache[_Layout] = ScenarioCache(_Layout)


def _layout(title: Title, scenario: Scenario) -> _Layout:
    return _LAYOUTS.get(title, scenario)


def encode_view(
    title: Title,
    scenario: Scenario,
    view: dict[str, Any],
    supply: Mapping[str, Mapping[str, SupplyStatus]] | None = None,
) -> Observation:
    """The observation tensors of a view (see the module docstring); ``supply``: side ->
    its supply trace on the position the view's side sees (:func:`scene.supply_lines`),
    for the ``supply:S`` planes (left 0 without it)."""
    lay = _layout(title, scenario)
    planes = lay.static.copy()
    if supply and traces_supply(title):
        for side, lines in supply.items():
            row = planes[lay.supply + lay.sides[side]]
            for node, status in lines.items():
                row[lay.nodes[node]] = _SUPPLY_VALUE[status]
    scalars = np.zeros(lay.shape.scalars, dtype=np.float32)
    nodes, sides = lay.nodes, lay.sides
    markers = {m: i for i, m in enumerate(title.observed_markers)}
    counts = {s: np.zeros(2 + len(markers), dtype=np.float32) for s in sides}
    owners = scenario.units
    for unit in view.get("units", ()):
        col = nodes.get(unit.get("at"))
        if col is None:
            continue
        d = owners.get(unit.get("id", ""))
        seen = counts.get(d.side) if d is not None else None
        for marker in unit.get("markers", ()):
            row = lay.markers.get(marker)
            if row is not None:
                planes[row, col] += 1
                if seen is not None:
                    seen[2 + markers[marker]] += 1
        planes_of = lay.units.get(unit.get("id", ""))
        if planes_of is None:
            planes[lay.unknown, col] += 1
            continue
        base, kind = planes_of
        planes[base, col] += 1
        planes[base + 1, col] += float(unit.get("steps", 0))
        planes[base + kind, col] += 1
        if seen is not None:
            seen[0] += 1
            seen[1] += float(unit.get("steps", 0))
    held = {s: [0, 0] for s in sides}  # nodes, objectives
    for node, owner in view.get("control", {}).items():
        if node in nodes and owner in sides:
            planes[lay.control + sides[owner], nodes[node]] = 1
            held[owner][0] += 1
            held[owner][1] += node in lay.objectives
    for side, at in lay.side_scalars.items():
        units, steps = lay.totals[side]
        c = counts[side]
        scalars[at] = c[0] / max(1, units)
        scalars[at + 1] = c[1] / max(1, steps)
        scalars[at + 2] = held[side][0] / max(1, len(nodes))
        scalars[at + 3] = held[side][1] / max(1, len(lay.objectives))
        scalars[at + 4 : at + 4 + len(markers)] = c[2:] / max(1, units)
    for name, at in lay.vars.items():
        value = view.get("vars", {}).get(name)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            scalars[at] = float(value)
        elif isinstance(value, (list, dict)):
            scalars[at] = float(len(value))
    cal = scenario.calendar
    span = max(1, cal.last - cal.first)
    scalars[0] = (int(view.get("turn", cal.first)) - cal.first) / span
    me = view.get("side")
    if me in sides:
        scalars[1 + sides[me]] = 1
    phase = int(view.get("phase", -1))
    base = 1 + len(sides) + len(title.phases)  # segment, then over
    if 0 <= phase < len(title.phases):
        scalars[1 + len(sides) + phase] = 1
        n = max(1, len(title.phases[phase].segments))
        scalars[base] = max(0, int(view.get("segment", 0))) / n
    scalars[base + 1] = 1.0 if view.get("result") is not None else 0.0
    return Observation(planes, scalars)
