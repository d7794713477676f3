"""A title's named unit values: the factors and data each counter carries in ``values``.

Titles whose counters are not "attack / defence / movement" (fire factors, two factors, hits,
line weights) declare what they read in :attr:`Title.unit_values`; the loader then checks every
unit's ``values`` against the declarations (unknown names, wrong types, bounds, one entry per
step) and names the file and field on any error. A per-step value is a list read from full
strength down, like ``attack``; a unit that gives no ``attack`` takes its number of steps from
its longest per-step value.

>>> fire = UnitValue("fire", PER_STEP, required=True)
>>> fire.check([3, 1], steps=2)
>>> fire.check([3, 1, 0], steps=2)
'needs 1 or 2 entries (one per step), not 3'
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

import attrs

from .errors import ScenarioError

if TYPE_CHECKING:
    from .scenario import Scenario

PER_STEP: Final = "per-step"
NUMBER: Final = "number"
NUMBERS: Final = "numbers"
STRING: Final = "string"
STRINGS: Final = "strings"
KINDS: Final = (PER_STEP, NUMBER, NUMBERS, STRING, STRINGS)
MAX_VALUE: Final = 1_000_000


@attrs.frozen(slots=True)
class UnitValue:
    """One named value: its ``kind`` (per-step numbers, a number, a list of numbers, a string,
    a list of strings), whether every unit must give it, and the bounds of its numbers."""

    name: str
    kind: str = PER_STEP
    required: bool = False
    minimum: float = 0
    maximum: float = MAX_VALUE
    integer: bool = True
    doc: str = ""

    def __attrs_post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unit value {self.name!r}: kind must be one of {', '.join(KINDS)}")

    def check(self, value: Any, steps: int) -> str | None:
        """Why ``value`` is wrong for a unit of ``steps`` steps, or None."""
        if self.kind in (STRING, STRINGS):
            items = value if self.kind == STRINGS and isinstance(value, (list, tuple)) else [value]
            if self.kind == STRINGS and not isinstance(value, (list, tuple)):
                return "expected a list of strings"
            return None if all(isinstance(v, str) for v in items) else "expected strings"
        if self.kind == NUMBER:
            items = [value]
        elif isinstance(value, (list, tuple)):
            items = value
        elif self.kind == PER_STEP:
            items = [value]
        else:
            return "expected a list of numbers"
        for v in items:
            if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
                return f"expected numbers, got {v!r}"
            if self.integer and v != int(v):
                return f"expected whole numbers, got {v!r}"
            if not self.minimum <= v <= self.maximum:
                return f"{v!r} is outside {self.minimum}..{self.maximum}"
        if self.kind == PER_STEP and len(items) not in (1, steps):
            return f"needs 1 or {steps} entries (one per step), not {len(items)}"
        return None


def check_unit_values(scenario: Scenario, declared: Sequence[UnitValue]) -> None:
    """Check every unit's ``values`` against ``declared`` (nothing to check if none are), and
    give units without ``attack`` their steps from their longest per-step value."""
    if not declared:
        return
    table = {v.name: v for v in declared}
    names = ", ".join(sorted(table))
    raw = scenario.data.get("units", ())
    units = dict(scenario.units)
    for i, data in enumerate(raw):
        uid = data["id"]
        values = data.get("values", {})
        field = f"units[{i}].values"
        for key in values:
            if key not in table:
                raise ScenarioError(scenario.file, f"{field}.{key}", f"not a unit value ({names})")
        d = units[uid]
        steps = d.steps
        if "attack" not in data:
            lengths = [
                len(v)
                for k, v in values.items()
                if table[k].kind == PER_STEP and isinstance(v, (list, tuple))
            ]
            steps = max(lengths, default=steps)
        for spec in declared:
            if spec.name not in values:
                if spec.required:
                    raise ScenarioError(scenario.file, f"{field}.{spec.name}", "missing")
                continue
            why = spec.check(values[spec.name], steps)
            if why is not None:
                raise ScenarioError(scenario.file, f"{field}.{spec.name}", why)
        if steps != d.steps:
            start = scenario.start[uid]
            if "steps" not in data:
                scenario.start[uid] = attrs.evolve(start, steps=steps)  # type: ignore[index]
            units[uid] = attrs.evolve(d, full_steps=steps)
    scenario.units.update(units)  # type: ignore[attr-defined]
