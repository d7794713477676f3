"""What each side may know: views built by inclusion, per-side events, determinisation.

A side's view lists, field by field, what that side may see; it is never the state with some
fields removed, so a new field cannot leak. The kernel's default view
(:func:`public_view`) holds the position (turn, phase, units, control, boxes, markers, the
title's variables, the step stack, the result) and never the dice's state or scripted rolls,
which no side may know. A title with hidden units says which units a side sees
(:meth:`Title.visible_units`); a title with hidden variables or richer rules writes its own
``view``. Events told to some sides only (:meth:`Context.tell`, :meth:`Context.emit_about`
for events naming units) reach the others' logs in their redacted version
(:class:`~wargames.core.events.Redacted`) or not at all; an action's own event is told so
by :func:`action_units` and :func:`redacted_action` (the title's defaults).
:meth:`Title.determinize` samples the hidden information anew, consistent with what a side
knows (as OpenSpiel's ``resample_from_infostate``): search agents play on such samples, and
the conformance kit checks that a side's view, events and picture do not change under it,
nor under twin games (``wargames.testing.check_twins``), and that twin games give the same
sample (the kernel relabels alike hidden units first, :mod:`.alike`).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from .actions import Action
from .context import Context
from .events import Redacted
from .jsonvalue import dumps, thaw
from .last_entry import LastEntry
from .scenario import Scenario
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


def _unit_parts(text: str, units: Collection[str]) -> list[str]:
    return [p for p in text.split(":") if p in units]


_LAST: LastEntry[tuple[str, ...]] = LastEntry()
"""The scenario, action and its units of the latest :func:`action_units` call: applying an
action asks it twice (its audience, its redacted text)."""


def action_units(scenario: Scenario, action: Action) -> list[str]:
    """The units ``action`` names: every string of its fields that is a unit id of the
    scenario, or a ``:``-separated part of one (``Choose("step:G2")`` names ``G2``)."""
    return list(_LAST.get((scenario, action), lambda: tuple(_action_units(scenario, action))))


def _action_units(scenario: Scenario, action: Action) -> list[str]:
    out: list[str] = []
    todo: list[Any] = [v for k, v in action.to_dict().items() if k != "type"]
    while todo:
        v = todo.pop(0)
        if isinstance(v, str):
            out += [p for p in _unit_parts(v, scenario.units) if p not in out]
        elif isinstance(v, list):
            todo = [*v, *todo]
    return out


def _mask(value: Any, hidden: Collection[str]) -> Any:
    if isinstance(value, str):
        return ":".join("?" if p in hidden else p for p in value.split(":"))
    if isinstance(value, list):
        return [_mask(v, hidden) for v in value]
    return value


def redacted_action(ctx: Context, action: Action) -> Redacted | None:
    """``action`` as told to a side that may not see some of the units it names: each of
    them written ``?`` in its fields (``{"type":"move","units":["?"],"path":[...]}``);
    None if it names no such unit (a secret decision: the others are told nothing)."""
    named = action_units(ctx.scenario, action)
    hidden = {u for u, m in zip(named, ctx.masked(named), strict=True) if m == "?"}
    if not hidden:
        return None
    d = {k: (v if k == "type" else _mask(v, hidden)) for k, v in action.to_dict().items()}
    return Redacted(dumps(d), {"action": d})
