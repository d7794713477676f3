"""What each side may know: views built by inclusion, per-side events, determinisation.

A side's view lists, field by field, what that side may see; it is never the state with some
fields removed, so a new field cannot leak. The kernel's default view
(:func:`public_view`) holds the position (turn, phase, units, control, boxes, markers, the
title's variables, the step stack, the result) and never the dice's state or scripted rolls,
which no side may know. A title with hidden units says which units a side sees
(:meth:`Title.visible_units`); a title with hidden variables or richer rules writes its own
``view``. Events told to some sides only (:meth:`Context.tell`) are left out of the others'
logs. :meth:`Title.determinize` samples the hidden information anew, consistent with what a
side knows (as OpenSpiel's ``resample_from_infostate``): search agents play on such samples,
and the conformance kit checks that a side's view, events and picture do not change under it.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from .jsonvalue import thaw
from .state import GameState

VIEW_FIELDS = ("turn", "phase", "segment", "units", "control", "stack", "boxes", "markers")
"""The position's fields every side sees by default (plus ``vars`` and ``result``)."""


def public_view(
    state: GameState, side: str, visible: Collection[str] | None = None
) -> dict[str, Any]:
    """The default view of ``side``: the position, with only the ``visible`` units (None:
    all), and without the dice's state."""
    units = [
        state.units[k].to_json() for k in sorted(state.units) if visible is None or k in visible
    ]
    return {
        "side": side,
        "turn": state.turn,
        "phase": state.phase,
        "segment": state.segment,
        "units": units,
        "control": dict(sorted(state.control.items())),
        "stack": [f.to_json() for f in state.stack],
        "boxes": {k: list(v) for k, v in sorted(state.boxes.items())},
        "markers": {k: sorted(v) for k, v in sorted(state.markers.items())},
        "vars": thaw(dict(sorted(state.vars.items()))),
        "result": None if state.result is None else state.result.to_json(),
    }
