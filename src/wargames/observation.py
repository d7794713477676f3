"""Observation tensors: a numpy encoding of one side's view (never of the state).

:func:`observe` is built only from ``game.view(side)`` and the scenario, so it cannot show
what the view hides. It gives two float32 arrays:

**planes**, shape ``(P, N)`` over the board's N nodes in sorted order, the planes in order:

- for each side S of the title (the title's order): ``units:S``, the number of S's units on
  the node; ``steps:S``, their steps left; then for each unit type T of the scenario (sorted)
  ``type:S:T``, the number of S's units of type T there;
- ``units:unknown``: units the view shows without saying whose (a hidden unit);
- ``control:S`` for each side: 1 where S controls the node;
- ``marker:M`` for each marker M of :attr:`Title.observed_markers`: the number of units seen
  with that marker on the node (disrupted, out of supply ...);
- ``terrain:T`` for each terrain of the board (sorted): 1 where the node has that terrain.

**scalars**, shape ``(K,)``: ``turn`` (0 at the first turn, 1 at the last), ``me:S`` one-hot
(the observing side), ``phase:i`` one-hot over the title's phases, ``segment`` (the
segment's number divided by the phase's segment count), ``over`` (1 once the game has
ended).

:func:`observation_shape` publishes both shapes and :func:`plane_names` /
:func:`scalar_names` the meaning of each row.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from .core.game import Game
from .core.scenario import Scenario
from .core.title import Title
from .scenario_cache import ScenarioCache

__all__ = [
    "Observation",
    "ObservationShape",
    "observation_shape",
    "observe",
    "plane_names",
    "scalar_names",
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
    names += [f"terrain:{t}" for t in _terrains(scenario)]
    return names


def scalar_names(title: Title, scenario: Scenario) -> list[str]:
    """The meaning of each scalar, in order."""
    names = ["turn", *(f"me:{s}" for s in title.sides)]
    names += [f"phase:{i}" for i in range(len(title.phases))]
    return [*names, "segment", "over"]


def observation_shape(title: Title, scenario: Scenario) -> ObservationShape:
    """The shapes of :func:`observe`'s planes and scalars for this title and scenario."""
    return ObservationShape(
        (len(plane_names(title, scenario)), len(scenario.board)),
        (len(scalar_names(title, scenario)),),
    )


def observe(game: Game, side: str) -> Observation:
    """The observation tensors of ``side`` (from ``game.view(side)`` only)."""
    return encode_view(game.title, game.scenario, game.view(side))


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
        self.static = np.zeros(self.shape.planes, dtype=np.float32)
        base = self.control + len(self.sides) + len(self.markers)
        terrains = {t: i for i, t in enumerate(_terrains(scenario))}
        for node, col in self.nodes.items():
            self.static[base + terrains[scenario.board.terrain(node)], col] = 1


_LAYOUTS: ScenarioCache[_Layout] = ScenarioCache(_Layout)


def _layout(title: Title, scenario: Scenario) -> _Layout:
    return _LAYOUTS.get(title, scenario)


def encode_view(title: Title, scenario: Scenario, view: dict[str, Any]) -> Observation:
    """The observation tensors of a view (see the module docstring)."""
    lay = _layout(title, scenario)
    planes = lay.static.copy()
    scalars = np.zeros(lay.shape.scalars, dtype=np.float32)
    nodes, sides = lay.nodes, lay.sides
    for unit in view.get("units", ()):
        col = nodes.get(unit.get("at"))
        if col is None:
            continue
        for marker in unit.get("markers", ()):
            row = lay.markers.get(marker)
            if row is not None:
                planes[row, col] += 1
        planes_of = lay.units.get(unit.get("id", ""))
        if planes_of is None:
            planes[lay.unknown, col] += 1
            continue
        base, kind = planes_of
        planes[base, col] += 1
        planes[base + 1, col] += float(unit.get("steps", 0))
        planes[base + kind, col] += 1
    for node, owner in view.get("control", {}).items():
        if node in nodes and owner in sides:
            planes[lay.control + sides[owner], nodes[node]] = 1
    cal = scenario.calendar
    span = max(1, cal.last - cal.first)
    scalars[0] = (int(view.get("turn", cal.first)) - cal.first) / span
    me = view.get("side")
    if me in sides:
        scalars[1 + sides[me]] = 1
    phase = int(view.get("phase", -1))
    if 0 <= phase < len(title.phases):
        scalars[1 + len(sides) + phase] = 1
        n = max(1, len(title.phases[phase].segments))
        scalars[-2] = max(0, int(view.get("segment", 0))) / n
    scalars[-1] = 1.0 if view.get("result") is not None else 0.0
    return Observation(planes, scalars)
