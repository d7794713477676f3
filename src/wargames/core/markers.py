"""Unit markers that clear themselves at the end of a segment, a phase or a turn.

"Moved this phase", "attacked this segment", "used its air support this turn": a marker scoped
to a span of the turn is stored on the unit as ``name@scope`` (so saves need nothing new) and
the kernel removes every such marker when that span ends. Markers without a scope stay until a
rule removes them.

>>> from wargames.core.units import UnitState
>>> u = UnitState("u1", 2, at="0101").marked(scoped("moved", PHASE))
>>> has_scoped(u, "moved", PHASE), sorted(u.markers)
(True, ['moved@phase'])
"""

from __future__ import annotations

from typing import Final

from .state import GameState
from .units import UnitState

SEGMENT: Final = "segment"
PHASE: Final = "phase"
TURN: Final = "turn"
SCOPES: Final = (SEGMENT, PHASE, TURN)


def scoped(marker: str, scope: str) -> str:
    """The stored name of ``marker`` kept until the end of ``scope`` (segment, phase, turn)."""
    if scope not in SCOPES:
        raise ValueError(f"unknown marker scope {scope!r} (one of {', '.join(SCOPES)})")
    return f"{marker}@{scope}"


def has_scoped(unit: UnitState, marker: str, scope: str) -> bool:
    """Whether ``unit`` carries ``marker`` scoped to ``scope``."""
    return scoped(marker, scope) in unit.markers


def clear_scoped(state: GameState, scope: str) -> None:
    """Remove every marker scoped to ``scope`` from every unit (the kernel calls this when a
    segment, phase or turn ends; a turn's end also ends its last phase and segment)."""
    suffix = "@" + scope
    for unit in list(state.units.values()):
        if not unit.markers:
            continue
        gone = [m for m in unit.markers if m.endswith(suffix)]
        if gone:
            state.put(unit.unmarked(*gone))
