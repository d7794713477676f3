"""What each side may see, built by inclusion (DCH: Hidden and/vs. Revealed Russian units).

A hidden army's counter is not in the state before its first combat; a drawn counter shows
to both once revealed; the face-down mech group shows to the Russian player only until each
korps fights. Every other field listed here is public: among them the face-up factory
counters (Loading, on the Turn Record Track, in Siberia: DCH: Factory Evacuation), the
replacement banks, the seas used this turn and the first turn's river hexside.
"""

from __future__ import annotations

from typing import Any

from wargames.core.jsonvalue import thaw
from wargames.core.state import GameState

from .hidden import visible_profile

PUBLIC_VARS = (
    "allocations",
    "railheads",
    "railed",
    "rifle_factors",
    "siberians_started",
    "moscow_rolled",
    "romania_attacked",
    "revealed",
    "lost_profiles",
    "mech_units",
    "airbases",
    "conversion",
    "converted",
    "grounded",
    "russian_strikes",
    "factories",
    "panzer_factors",
    "tank_factors",
    "sea_used",
    "free_river",
)


def side_view(state: GameState, side: str) -> dict[str, Any]:
    vars_: dict[str, Any] = thaw(dict(state.vars))
    units = []
    for uid in sorted(state.units):
        u = state.units[uid]
        entry: dict[str, Any] = {"id": uid, "steps": u.steps, "markers": sorted(u.markers)}
        if u.at is not None:
            entry["at"] = u.at
        else:
            entry["box"] = u.box
        prof = visible_profile(vars_, uid, side)
        if prof is not None:
            entry["profile"] = prof
        units.append(entry)
    battle = vars_.get("battle")
    return {
        "side": side,
        "turn": state.turn,
        "phase": state.phase,
        "segment": state.segment,
        "stack": [f.to_json() for f in state.stack],
        "units": units,
        "control": dict(sorted(state.control.items())),
        "vars": {k: vars_[k] for k in PUBLIC_VARS if k in vars_},
        "battle": battle,
        "result": None if state.result is None else state.result.to_json(),
    }
