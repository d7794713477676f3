"""The whole game as plain data, cheap to copy.

Everything a rule may change lives here: units, control of nodes, turn, the step stack (the
sequence cursor), boxes of off-map items (chit cups, ...), node markers, dice state, the title's
own variables and the result. Values inside are immutable (frozen units, tuples, frozen JSON),
so :meth:`GameState.copy` copies a few dicts and never the board.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Hashable, Iterator, Mapping
from types import MappingProxyType
from typing import Any, Generic, TypeVar

import attrs

from .jsonvalue import FrozenDict, freeze, thaw
from .units import UnitState

T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V")
Occupancy = Mapping[str, tuple[str, ...]]
"""node -> ids of the units on it (:meth:`GameState.occupancy`)."""


@attrs.frozen(slots=True)
class Frame:
    """One entry of the step stack: the title's step ``step`` with its arguments ``args``.

    The bottom frame is the current segment of the turn sequence; frames above it are dynamic
    sub-steps (a chit draw, a battle round, a loss allocation by the other side).
    """

    step: str
    args: Mapping[str, Any] = attrs.field(converter=freeze, factory=FrozenDict)
    id: int | None = None
    """Set on a frame that called a sub-step (:meth:`Context.call`), so results find it."""
    caller: int | None = None
    """The ``id`` of the frame that called this one, which receives its results."""

    def get(self, key: str, default: Any = None) -> Any:
        return self.args.get(key, default)

    def with_args(self, **changes: Any) -> Frame:
        return attrs.evolve(self, args={**self.args, **changes})

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"step": self.step}
        if self.args:
            d["args"] = thaw(self.args)
        if self.id is not None:
            d["id"] = self.id
        if self.caller is not None:
            d["caller"] = self.caller
        return d


@attrs.frozen(slots=True)
class Result:
    """How a game ended: the winner (None for a draw), the victory level and why."""

    winner: str | None
    level: str
    reason: str

    def __str__(self) -> str:
        who = self.winner if self.winner is not None else "nobody"
        return f"{self.level} ({who}): {self.reason}"

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "level": self.level, "reason": self.reason}


class TrackedDict(dict[K, V]):
    """A dict that counts its changes: ``version`` grows with every write made through its
    methods (item set or deleted, ``update``, ``pop`` ...), so the same object with the same
    ``version`` holds what it held (the game's position memo, :meth:`GameState.same_as`; a
    write made around them, as ``dict.__setitem__(d, k, v)``, is not counted). Otherwise a
    plain dict; it pickles and copies as one with the same items and count."""

    __slots__ = ("version",)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.version = 0

    def __reduce__(self) -> tuple[Any, ...]:
        # with its count, so a pickled game's memo mark (same object, same count) stays true
        return (_restore_tracked, (dict(self), self.version))

    def __setitem__(self, key: K, value: V) -> None:
        self.version += 1
        super().__setitem__(key, value)

    def __delitem__(self, key: K) -> None:
        self.version += 1
        super().__delitem__(key)

    def __ior__(self, other: Any) -> TrackedDict[K, V]:  # type: ignore[override,misc]
        self.version += 1
        super().__ior__(other)
        return self

    def clear(self) -> None:
        self.version += 1
        super().clear()

    def pop(self, *args: Any) -> Any:
        self.version += 1
        return super().pop(*args)

    def popitem(self) -> tuple[K, V]:
        self.version += 1
        return super().popitem()

    def setdefault(self, key: K, default: Any = None) -> Any:
        self.version += 1
        return super().setdefault(key, default)

    def update(self, *args: Any, **kwargs: Any) -> None:
        self.version += 1
        super().update(*args, **kwargs)


def _tracked_copy(items: Mapping[K, V]) -> TrackedDict[K, V]:
    """A new counting dict (count 0) with ``items``' items: ``TrackedDict(items)`` without
    its Python-level ``__init__`` (a state copy makes two per position)."""
    out: TrackedDict[K, V] = _NEW_DICT(TrackedDict)
    _UPDATE(out, items)
    out.version = 0
    return out


_NEW_DICT = dict.__new__
_UPDATE = dict.update


def _restore_tracked(items: dict[Any, Any], version: int) -> TrackedDict[Any, Any]:
    out: TrackedDict[Any, Any] = TrackedDict(items)
    out.version = version
    return out


def _version(d: object) -> int | None:
    return d.version if type(d) is TrackedDict else None


@attrs.define(slots=True, eq=True)
class GameState:
    """The mutable record of a game; rules change it only inside ``apply``.

    ``phase`` and ``segment`` index the title's fixed turn sequence (-1 before the first);
    ``stack`` holds the frames of the step now running, the segment's frame at the bottom.
    """

    units: dict[str, UnitState]
    turn: int = 1
    phase: int = -1
    segment: int = -1
    control: dict[str, str] = attrs.field(factory=dict)
    stack: tuple[Frame, ...] = ()
    boxes: dict[str, tuple[str, ...]] = attrs.field(factory=dict)
    markers: dict[str, frozenset[str]] = attrs.field(factory=dict)
    rng: int = 0
    script: tuple[int, ...] = ()
    vars: dict[str, Any] = attrs.field(factory=dict)
    result: Result | None = None
    _occupancy: Occupancy | None = attrs.field(default=None, init=False, eq=False, repr=False)
    # the units dict and its change count the occupancy was last found true for: a write made
    # to a counting dict (``TrackedDict``) past :meth:`put` starts a new one
    _occupancy_mark: tuple[object, int | None] | None = attrs.field(
        default=None, init=False, eq=False, repr=False
    )

    def __getstate__(self) -> dict[str, Any]:
        """Pickle without the occupancy cache (rebuilt on demand)."""
        return {f.name: getattr(self, f.name) for f in attrs.fields(GameState) if f.init}

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            object.__setattr__(self, name, value)
        object.__setattr__(self, "_occupancy", None)
        object.__setattr__(self, "_occupancy_mark", None)

    def copy(self) -> GameState:
        """An independent copy; shares only immutable values."""
        copy = GameState(
            units=_tracked_copy(self.units),
            turn=self.turn,
            phase=self.phase,
            segment=self.segment,
            control=_tracked_copy(self.control),
            stack=self.stack,
            boxes=dict(self.boxes),
            markers=dict(self.markers),
            rng=self.rng,
            script=self.script,
            vars=dict(self.vars),
            result=self.result,
        )
        if self._occupancy_true():  # immutable, so the copy may share it
            copy._occupancy = self._occupancy
            copy._occupancy_mark = (copy.units, _version(copy.units))
        return copy

    def change_marks(self) -> tuple[object, int | None, object, int | None]:
        """The control and the units dicts, each with its change count (``TrackedDict``):
        unchanged for :meth:`same_as` while no write is made to them."""
        control, units = self.control, self.units
        return (
            control,
            control.version if type(control) is TrackedDict else None,
            units,
            units.version if type(units) is TrackedDict else None,
        )

    def same_as(
        self, other: GameState, mark: tuple[object, int | None, object, int | None]
    ) -> bool:
        """``self == other``, where ``mark`` is ``other``'s :meth:`change_marks` taken when
        ``self`` was equal to it: the control and the units (the largest fields) are not
        compared again when each is the same counting dict with the same count (no write
        since); the rest always is."""
        control, version, units, units_version = mark
        if version is None or other.control is not control or _version(control) != version:
            return self == other
        if units_version is None or other.units is not units or _version(units) != units_version:
            return _REST(self) == _REST(other)
        return _OTHERS(self) == _OTHERS(other)

    # --- units -----------------------------------------------------------------------
    def unit(self, uid: str) -> UnitState:
        return self.units[uid]

    def put(self, unit: UnitState) -> None:
        """Store a unit's new state (the only way units change, so caches stay true)."""
        units = self.units
        true = self._occupancy_true()
        old = units.get(unit.id)
        units[unit.id] = unit
        if old is None or old.at != unit.at:
            self._occupancy = None
        elif true:  # the same hexes: still true after this write
            self._occupancy_mark = (units, _version(units))

    def units_at(self, node: str) -> list[UnitState]:
        """The units on a node, in id order."""
        return [u for u in self.units.values() if u.at == node]

    def units_in(self, box: str) -> list[UnitState]:
        return [u for u in self.units.values() if u.box == box]

    def occupancy(self) -> Occupancy:
        """node -> ids of the units on it (occupied nodes only, units in the state's order);
        read-only, cached until a unit changes node (by :meth:`put`, or by any write to the
        units when they are a counting dict, ``TrackedDict``)."""
        occ, mark, units = self._occupancy, self._occupancy_mark, self.units
        if (
            occ is not None
            and mark is not None
            and mark[0] is units
            and mark[1] == (units.version if type(units) is TrackedDict else None)
        ):
            return occ  # (``_occupancy_true``, inline: asked very often)
        out: dict[str, tuple[str, ...]] = {}
        get = out.get
        for u in units.values():
            at = u.at
            if at is not None:
                here = get(at)
                out[at] = (u.id,) if here is None else (*here, u.id)
        occ = self._occupancy = MappingProxyType(out)
        self._occupancy_mark = (units, _version(units))
        return occ

    def _occupancy_true(self) -> bool:
        """Whether the cached occupancy is that of the units now."""
        mark = self._occupancy_mark
        return (
            self._occupancy is not None
            and mark is not None
            and mark[0] is self.units
            and mark[1] == _version(self.units)
        )

    def on_map(self) -> Iterator[UnitState]:
        return (u for u in self.units.values() if u.at is not None)

    # --- title variables -------------------------------------------------------------
    def set(self, key: str, value: Any) -> None:
        """Set a title variable; the value is frozen so copies can share it."""
        self.vars[key] = freeze(value)

    def get(self, key: str, default: Any = None) -> Any:
        return self.vars.get(key, default)

    # --- node markers ----------------------------------------------------------------
    def mark(self, node: str, *markers: str) -> None:
        self.markers[node] = self.markers.get(node, frozenset()).union(markers)

    def unmark(self, node: str, *markers: str) -> None:
        left = self.markers.get(node, frozenset()).difference(markers)
        if left:
            self.markers[node] = left
        else:
            self.markers.pop(node, None)

    def marked(self, node: str, marker: str) -> bool:
        return marker in self.markers.get(node, ())

    # --- JSON ------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "phase": self.phase,
            "segment": self.segment,
            "units": [self.units[k].to_json() for k in sorted(self.units)],
            "control": dict(sorted(self.control.items())),
            "stack": [f.to_json() for f in self.stack],
            "boxes": {k: list(v) for k, v in sorted(self.boxes.items())},
            "markers": {k: sorted(v) for k, v in sorted(self.markers.items())},
            "rng": str(self.rng),
            "script": list(self.script),
            "vars": thaw(dict(sorted(self.vars.items()))),
            "result": None if self.result is None else self.result.to_json(),
        }


_REST = operator.attrgetter(
    *(f.name for f in attrs.fields(GameState) if f.eq and f.name != "control")
)
"""The fields ``GameState.__eq__`` compares but the control."""
_OTHERS = operator.attrgetter(
    *(f.name for f in attrs.fields(GameState) if f.eq and f.name not in ("control", "units"))
)
"""The fields ``GameState.__eq__`` compares but the control and the units."""


class UnitsMemo(Generic[T]):
    """Values derived from a position's units (and whatever the key names), kept while the
    units stay the same objects: a unit's every change stores a new frozen ``UnitState``
    (:meth:`GameState.put`), so the same objects in the same order mean unchanged units.
    Cheap to ask (no hashing of the units), and cheaper still while the state's units are
    the counting dict (``TrackedDict``) last seen with no write since: then they are not
    compared at all. Bounded: emptied when ``limit`` keys are held."""

    def __init__(self, limit: int = 512) -> None:
        # key -> (the units, the value, the units dict and its change count when last seen)
        self._table: dict[Hashable, tuple[tuple[UnitState, ...], T, object, int | None]] = {}
        self._limit = limit

    def get(self, state: GameState, key: Hashable, build: Callable[[], T]) -> T:
        """The value for ``key`` with ``state``'s units, built by ``build()`` if not kept;
        ``key`` must name everything else ``build`` reads (the scenario, variables ...)."""
        held = state.units
        version = _version(held)
        got = self._table.get(key)
        if got is not None and version is not None and got[2] is held and got[3] == version:
            return got[1]  # the same counting dict, no write since: the same units
        units = tuple(held.values())
        if got is not None and len(got[0]) == len(units) and all(map(operator.is_, got[0], units)):
            self._table[key] = (got[0], got[1], held, version)
            return got[1]
        value = build()
        if len(self._table) >= self._limit:
            self._table.clear()
        self._table[key] = (units, value, held, version)
        return value


class PartMemo(Generic[T]):
    """Values derived from a part of a position's units (one side's, say; the caller passes
    them, in a fixed order) and whatever the key and ``owner`` name, kept while those units
    stay the same (equal frozen ``UnitState`` values: mostly the same objects, see
    :class:`UnitsMemo`), so that changes to the other units keep them. Bounded: emptied when
    ``limit`` keys are held."""

    def __init__(self, limit: int = 512) -> None:
        self._table: dict[Hashable, tuple[object, tuple[UnitState, ...], T]] = {}
        self._limit = limit

    def get(
        self,
        part: tuple[UnitState, ...],
        key: Hashable,
        build: Callable[[], T],
        owner: object = None,
    ) -> T:
        """The value for ``key`` with the units ``part``, built by ``build()`` if not kept;
        ``build`` may read of the units only those in ``part``, and ``key`` and ``owner`` must
        name everything else it reads (variables ...). ``owner`` (the scenario, say) is
        compared by identity: equal units of another game's scenario never match, even
        where the key names that scenario by an ``id()`` since reused."""
        got = self._table.get(key)
        if got is not None and got[0] is owner and got[1] == part:
            return got[2]  # identical units compare at once
        value = build()
        if len(self._table) >= self._limit:
            self._table.clear()
        self._table[key] = (owner, part, value)
        return value
