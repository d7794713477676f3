"""Alike hidden units: which of two units with the same counter is which, when a side sees
neither, is itself hidden. Determinisation relabels such units canonically first, so that
two games differing only in that (twin games) give the same sample for the same seed.

Two units are *alike* when their counters show the same values (:func:`counter_key`: side,
type, factors, movement, flags, range; not their ids, names, commands or title values). The
canonical labels of a class of alike units that a side cannot tell apart are given in the
order of what the state holds about each apart from its label (:func:`_slot`): its own
state and every place a variable, a frame argument or a box names it. The relabelling renames
the unit everywhere in the state, so every fact about it stays with its slot.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from typing import Any

import attrs

from .jsonvalue import FrozenDict, dumps
from .scenario import Scenario
from .state import Frame, GameState
from .units import UnitDef

Path = tuple[Any, ...]


def counter_key(d: UnitDef) -> tuple[Any, ...]:
    """What a unit's counter shows when face up: side, type, factors, movement, flags and
    range (not its id, name, command or title values)."""
    return (d.side, d.type, d.attack, d.defence, d.movement, d.flags, d.range)


def strings(value: Any) -> set[str]:
    """Every string in a JSON value, and every ``:``-separated part of one."""
    out: set[str] = set()
    todo = [value]
    while todo:
        v = todo.pop()
        if isinstance(v, str):
            out |= {v, *v.split(":")}
        elif isinstance(v, Mapping):
            todo += [*v.keys(), *v.values()]
        elif isinstance(v, (list, tuple)):
            todo += list(v)
    return out


def classes(scenario: Scenario, units: Collection[str]) -> list[list[str]]:
    """``units`` grouped by :func:`counter_key` (classes of two or more, ids sorted)."""
    groups: dict[tuple[Any, ...], list[str]] = {}
    for uid in sorted(units):
        groups.setdefault(counter_key(scenario.units[uid]), []).append(uid)
    return [g for g in groups.values() if len(g) > 1]


def _named(state: GameState) -> dict[str, Any]:
    """The parts of the state that name units besides the units themselves (frozen values,
    read as they are)."""
    return {
        "vars": state.vars,
        "stack": [f.args for f in state.stack],
        "boxes": state.boxes,
    }


def _mentions(value: Any, ids: Collection[str], path: Path = ()) -> Iterator[tuple[str, Path]]:
    """(unit, where) for every mention of a unit of ``ids`` in a JSON value: a string or a
    ``:``-part of one (where: its path and the part's index), or a table's key (where: the
    table's path, and the value under the key)."""
    if isinstance(value, str):
        for i, part in enumerate(value.split(":")):
            if part in ids:
                yield part, (*path, i)
    elif isinstance(value, Mapping):
        for k, v in value.items():
            if k in ids:
                yield k, (*path, "key", dumps(v))
            yield from _mentions(v, ids, (*path, k if k not in ids else "key"))
    elif isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            yield from _mentions(v, ids, (*path, i))


def _slot(state: GameState, uid: str, where: list[Path]) -> str:
    """What the state holds about ``uid`` apart from its label, as text."""
    own = state.units[uid].to_json()
    own.pop("id", None)
    return dumps({"unit": own, "named": sorted(map(list, where), key=dumps)})


def rename(value: Any, names: Mapping[str, str]) -> Any:
    """A frozen JSON value with every unit of ``names`` renamed (strings, ``:``-parts, keys)."""
    if isinstance(value, str):
        if ":" in value:
            return ":".join(names.get(p, p) for p in value.split(":"))
        return names.get(value, value)
    if isinstance(value, Mapping):
        return FrozenDict({rename(k, names): rename(v, names) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple(rename(v, names) for v in value)
    return value


def canonical_labels(state: GameState, scenario: Scenario, hidden: Collection[str]) -> None:
    """Relabel, in ``state``, the units of ``hidden`` within each class of alike units
    (:func:`classes`), in the order of their slots (:func:`_slot`), so that the result does
    not depend on which of them bore which label."""
    groups = classes(scenario, hidden)
    if not groups:
        return
    ids = {u for g in groups for u in g}
    named = _named(state)
    where: dict[str, list[Path]] = {u: [] for u in ids}
    for uid, path in _mentions(named, ids):
        where[uid].append(path)
    names: dict[str, str] = {}
    for group in groups:
        order = sorted(group, key=lambda u: (_slot(state, u, where[u]), u))
        names.update({old: new for old, new in zip(order, group, strict=True) if old != new})
    if not names:
        return
    # only the variables, frames and boxes that name a relabelled unit are rewritten
    relabel(state, names, {path[:2] for u in names for path in where[u]})


def relabel(
    state: GameState, names: Mapping[str, str], where: Collection[tuple[Any, ...]] | None = None
) -> None:
    """Rename units in ``state`` (``names``: old id -> new id, a permutation of the ids it
    names): the units themselves (kept in id order) and every mention in the variables, the
    boxes and the frames' arguments; with ``where``, only the parts it names, as
    ``("vars", name)``, ``("boxes", name)`` or ``("stack", frame index)``."""
    if not names:
        return
    renamed = {names.get(u, u): s for u, s in state.units.items()}
    new = set(names.values())
    state.units = {}
    for uid in sorted(renamed):  # in id order, as every state keeps them
        state.put(attrs.evolve(renamed[uid], id=uid) if uid in new else renamed[uid])
    if where is None:
        where = {
            *(("vars", k) for k in state.vars),
            *(("boxes", k) for k in state.boxes),
            *(("stack", i) for i in range(len(state.stack))),
        }
    for part, key in where:
        if part == "vars":
            state.vars[key] = rename(state.vars[key], names)
        elif part == "boxes":
            state.boxes[key] = rename(state.boxes[key], names)
    frames = {key for part, key in where if part == "stack"}
    if frames:
        state.stack = tuple(
            Frame(f.step, rename(f.args, names), id=f.id, caller=f.caller) if i in frames else f
            for i, f in enumerate(state.stack)
        )
