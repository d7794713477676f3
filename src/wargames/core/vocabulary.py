"""The names a title's scenarios and saves may use: boxes, unit and node markers, unit flags,
reinforcement areas and state variables. A title declares them (``Title.vocabulary``); the
loaders refuse any other name, naming the file and field, and the conformance kit checks that
play never makes one up.

A name may be a pattern with ``*`` (``"air:*"`` allows ``"air:LW"``); a scoped marker
(``moved@phase``, :mod:`.markers`) is checked by its name before the ``@``. ``None`` (the
default of every field) leaves that kind of name unchecked.

>>> v = Vocabulary(boxes=("eliminated", "air:*"), unit_markers=("moved",))
>>> v.unknown("boxes", ["air:LW", "cup"])
['cup']
>>> v.unknown("unit_markers", ["moved@phase"]), v.unknown("flags", ["anything"])
([], [])
"""

from __future__ import annotations

from collections.abc import Iterable
from fnmatch import fnmatchcase

import attrs

from .errors import ScenarioError
from .lines import LEDGER_VAR
from .scenario import Scenario
from .state import GameState

KINDS = ("boxes", "unit_markers", "node_markers", "flags", "areas", "vars")
NOUNS = {
    "boxes": "box",
    "unit_markers": "unit marker",
    "node_markers": "node marker",
    "flags": "flag",
    "areas": "area",
    "vars": "state variable",
}
"""Each kind of name in words, for error messages."""
KERNEL_NAMES = {"boxes": ("eliminated",), "vars": (LEDGER_VAR,)}
"""Names the kernel itself uses (:func:`.changes.eliminate`, the line ledger): always allowed."""


def _names(value: Iterable[str] | None) -> tuple[str, ...] | None:
    return None if value is None else tuple(value)


@attrs.frozen
class Vocabulary:
    """Each field: the names (or ``*`` patterns) allowed, or None (not checked)."""

    boxes: tuple[str, ...] | None = attrs.field(default=None, converter=_names)
    """Boxes units may be in, and the keys of ``GameState.boxes`` (cups, holding boxes)."""
    unit_markers: tuple[str, ...] | None = attrs.field(default=None, converter=_names)
    node_markers: tuple[str, ...] | None = attrs.field(default=None, converter=_names)
    flags: tuple[str, ...] | None = attrs.field(default=None, converter=_names)
    """Flags of unit definitions in scenarios."""
    areas: tuple[str, ...] | None = attrs.field(default=None, converter=_names)
    """``area`` names of reinforcements."""
    vars: tuple[str, ...] | None = attrs.field(default=None, converter=_names)
    """Keys of ``GameState.vars``."""

    def allows(self, kind: str, name: str) -> bool:
        """Whether ``name`` is a declared name of ``kind`` (always, when undeclared)."""
        known: tuple[str, ...] | None = getattr(self, kind)
        if known is None:
            return True
        if kind.endswith("markers"):
            name = name.split("@", 1)[0]
        if name in KERNEL_NAMES.get(kind, ()):
            return True
        return any(name == k or ("*" in k and fnmatchcase(name, k)) for k in known)

    def unknown(self, kind: str, names: Iterable[str]) -> list[str]:
        """The names of ``names`` that ``kind`` does not allow, in order."""
        return [n for n in names if not self.allows(kind, n)]

    def describe(self, kind: str) -> str:
        """The declared names of ``kind``, for error messages."""
        known: tuple[str, ...] | None = getattr(self, kind)
        return ", ".join(known) if known else "none"

    def state_problems(self, state: GameState) -> list[str]:
        """Every name in ``state`` outside the vocabulary, as ``field: name`` texts."""
        out: list[str] = []
        for u in state.units.values():
            if u.box is not None and not self.allows("boxes", u.box):
                out.append(f"units.{u.id}.box: {u.box}")
            marks = self.unknown("unit_markers", sorted(u.markers))
            out += [f"units.{u.id}.markers: {m}" for m in marks]
        out += [f"boxes: {b}" for b in self.unknown("boxes", state.boxes)]
        for node, here in state.markers.items():
            out += [f"markers.{node}: {m}" for m in self.unknown("node_markers", sorted(here))]
        out += [f"vars: {k}" for k in self.unknown("vars", state.vars)]
        return out


def check_scenario_names(scenario: Scenario, vocabulary: Vocabulary) -> None:
    """Raise ScenarioError at the first unit flag, start box or marker, or reinforcement area
    of ``scenario`` outside ``vocabulary``."""

    def fail(field: str, kind: str, name: str) -> None:
        reason = f"unknown {NOUNS[kind]} {name!r} (known: {vocabulary.describe(kind)})"
        raise ScenarioError(scenario.file, field, reason)

    for i, (uid, d) in enumerate(scenario.units.items()):
        for flag in vocabulary.unknown("flags", sorted(d.flags)):
            fail(f"units[{i}].flags", "flags", flag)
        start = scenario.start[uid]
        if start.box is not None and not vocabulary.allows("boxes", start.box):
            fail(f"units[{i}].box", "boxes", start.box)
        for m in vocabulary.unknown("unit_markers", sorted(start.markers)):
            fail(f"units[{i}].markers", "unit_markers", m)
    for i, r in enumerate(scenario.reinforcements):
        if r.area is not None and not vocabulary.allows("areas", r.area):
            fail(f"reinforcements[{i}].area", "areas", r.area)
