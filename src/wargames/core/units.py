"""Units: what the counter says (:class:`UnitDef`) and where it stands (:class:`UnitState`).

Per-step values are tuples read from full strength down: ``attack[0]`` is the attack at full
strength, ``attack[-1]`` with one step left. A unit has ``len(attack)`` steps. Both classes are
frozen: a changed unit is a new value (``attrs.evolve``), so copying a game state never copies
units.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from .jsonvalue import JSONValue, freeze


def _tuple_of_numbers(value: Any) -> tuple[float, ...]:
    if isinstance(value, (int, float)):
        return (value,)
    return tuple(value)


def _strings(value: Iterable[str]) -> frozenset[str]:
    return frozenset(value)


def _same_steps(instance: UnitDef, attribute: attrs.Attribute[Any], value: tuple[Any, ...]) -> None:
    if len(value) == 0:
        raise ValueError(f"unit {instance.id}: {attribute.name} needs at least one value")
    if len(value) not in (1, len(instance.attack)):
        raise ValueError(
            f"unit {instance.id}: {attribute.name} has {len(value)} values for "
            f"{len(instance.attack)} steps"
        )


@attrs.frozen(slots=True)
class UnitDef:
    """A unit's printed values and properties; shared by every state of the game."""

    id: str
    side: str
    type: str
    attack: tuple[float, ...] = attrs.field(converter=_tuple_of_numbers, default=(0,))
    defence: tuple[float, ...] = attrs.field(
        converter=_tuple_of_numbers, default=(0,), validator=_same_steps
    )
    movement: tuple[float, ...] = attrs.field(
        converter=_tuple_of_numbers, default=(0,), validator=_same_steps
    )
    name: str = ""
    nationality: str = ""
    size: str = ""
    flags: frozenset[str] = attrs.field(converter=_strings, default=frozenset())
    range: int = 0
    command: str = ""
    values: Mapping[str, JSONValue] = attrs.field(
        converter=freeze, factory=dict, eq=False, hash=False
    )
    full_steps: int = 0
    """Steps at full strength when ``attack`` does not say (titles whose factors live in
    ``values``, see :mod:`.unit_values`); 0: the length of ``attack``."""

    @property
    def steps(self) -> int:
        """Steps at full strength."""
        return self.full_steps or len(self.attack)

    def value_at(self, name: str, steps: int) -> float:
        """A per-step unit value (:mod:`.unit_values`) with ``steps`` left; one number serves
        every step."""
        value = self.values[name]
        if isinstance(value, (int, float)):
            return value
        seq: tuple[float, ...] = tuple(value)
        return self._at(seq, steps)

    def _at(self, values: tuple[float, ...], steps: int) -> float:
        if not 1 <= steps <= self.steps:
            raise ValueError(f"unit {self.id} has no {steps}-step side")
        return values[0] if len(values) == 1 else values[len(values) - steps]

    def attack_at(self, steps: int) -> float:
        return self._at(self.attack, steps)

    def defence_at(self, steps: int) -> float:
        return self._at(self.defence, steps)

    def movement_at(self, steps: int) -> float:
        return self._at(self.movement, steps)

    def has(self, flag: str) -> bool:
        return flag in self.flags


@attrs.frozen(slots=True)
class UnitState:
    """Where a unit is and how it fares. Exactly one of ``at`` (a node) or ``box`` is set."""

    id: str
    steps: int
    at: str | None = None
    box: str | None = None
    markers: frozenset[str] = attrs.field(converter=_strings, default=frozenset())

    def __attrs_post_init__(self) -> None:
        if (self.at is None) == (self.box is None):
            raise ValueError(f"unit {self.id} must be on exactly one node or in one box")
        if self.steps < 0:
            raise ValueError(f"unit {self.id}: steps must be >= 0")

    @property
    def on_map(self) -> bool:
        return self.at is not None

    def has(self, marker: str) -> bool:
        return marker in self.markers

    def marked(self, *add: str) -> UnitState:
        return attrs.evolve(self, markers=self.markers.union(add))

    def unmarked(self, *remove: str) -> UnitState:
        return attrs.evolve(self, markers=self.markers.difference(remove))

    def moved_to(self, node: str) -> UnitState:
        return attrs.evolve(self, at=node, box=None)

    def boxed(self, box: str) -> UnitState:
        return attrs.evolve(self, at=None, box=box)

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"id": self.id, "steps": self.steps}
        if self.at is not None:
            d["at"] = self.at
        else:
            d["box"] = self.box
        if self.markers:
            d["markers"] = sorted(self.markers)
        return d
