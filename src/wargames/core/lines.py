"""Point-to-point maps: moves along lines, line capacities, strategic traces.

On a point-to-point map a unit moves from a point to an adjacent point along a line. Lines
carry a limited number of units per side and move, with sub-limits for classes such as armour,
and some units count as half (Dark Crusade 2nd edition, Lines A-C). :class:`Limit` checks one
load, and :func:`strategic_trace` finds the points a unit can reach along friendly-controlled
points (Strategic Land Movement A), reusing :func:`~wargames.core.movement.reach`; the per-turn
and per-point limits of strategic movement are the title's (they count units, not line loads).

A scenario declares its line classes (``[map.line_classes]``: class -> side -> ``units`` and
per-kind sub-limits) and each unit's weight and kind (``line = {weight, kind, retreat}``); the
loader builds a :class:`LinePolicy` and a :class:`UnitLoad` per unit. :class:`LineLedger` is
the per-segment record of what moved along each line, kept in the game state as JSON
(:func:`segment_ledger`, :func:`store_ledger`), with non-raising :meth:`LineLedger.fits` and
:meth:`LineLedger.remaining`; :func:`line_paths` lists retreat paths the lines can carry.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Iterable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import attrs

from .board import Board
from .errors import IllegalAction
from .movement import Costs, Crossing, MovePolicy, Reach, Situation, reach

if TYPE_CHECKING:
    from .state import GameState


def _fraction(value: Fraction | int | str) -> Fraction:
    return Fraction(value)


@attrs.frozen(slots=True)
class Carried:
    """One unit's load on a line: its ``weight`` (1, or 1/2 for half-value units, 2 for
    Hungarian and Rumanian armies) and its ``kind`` for sub-limits (e.g. ``"armour"``)."""

    weight: Fraction = attrs.field(default=Fraction(1), converter=_fraction)
    kind: str = ""


def _limits(
    items: Mapping[str, int] | Iterable[tuple[str, int]],
) -> tuple[tuple[str, int], ...]:
    return tuple(sorted(items.items() if isinstance(items, Mapping) else items))


def load(items: Iterable[Carried], kind: str | None = None) -> int:
    """Units counted on a line: weights summed, a remaining fraction ignored (DC2 B); only
    ``kind`` if given."""
    return math.floor(sum((c.weight for c in items if kind is None or c.kind == kind), Fraction()))


@attrs.frozen(slots=True)
class Limit:
    """A capacity: at most ``total`` units, and at most ``kinds[k]`` of kind ``k``.

    >>> Limit(6, {"armour": 4}).excess([Carried(kind="armour")] * 5)
    '5 armour units, limit 4'
    """

    total: int
    kinds: tuple[tuple[str, int], ...] = attrs.field(default=(), converter=_limits)

    def excess(self, items: Iterable[Carried]) -> str | None:
        """Why ``items`` exceed this limit, or ``None`` if they fit."""
        items = tuple(items)
        n = load(items)
        if n > self.total:
            return f"{n} units, limit {self.total}"
        for kind, cap in self.kinds:
            k = load(items, kind)
            if k > cap:
                return f"{k} {kind} units, limit {cap}"
        return None


LineLimits = tuple[tuple[tuple[str, str], Limit], ...]


def _line_limits(
    items: Mapping[tuple[str, str], Limit] | Iterable[tuple[tuple[str, str], Limit]],
) -> LineLimits:
    return tuple(sorted(items.items() if isinstance(items, Mapping) else items, key=lambda i: i[0]))


@attrs.frozen(slots=True)
class LinePolicy:
    """Line capacities by (line class, side), e.g. ``("major", "axis"): Limit(6, {"armour":
    4})``. A line's own ``capacity`` attribute ({side: n}) overrides the total."""

    limits: LineLimits = attrs.field(default=(), converter=_line_limits)
    rule: str = "line capacity"

    def limit(self, board: Board, a: str, b: str, side: str) -> Limit:
        """The capacity of the line a-b for ``side``; KeyError if it has none."""
        got = self.find(board, a, b, side)
        if got is None:
            raise KeyError(f"no capacity for {side} on line {a}-{b}")
        return got

    def find(self, board: Board, a: str, b: str, side: str) -> Limit | None:
        """The capacity of the line a-b for ``side``, or None if it has none (unlimited)."""
        if not board.adjacent(a, b):
            raise IllegalAction(self.rule, f"{a} and {b} are not joined by a line")
        base = dict(self.limits).get((board.edge_attr(a, b, "line", ""), side))
        total = (board.edge_attr(a, b, "capacity") or {}).get(side)
        if total is None:
            return base
        return Limit(total, base.kinds if base is not None else ())


@attrs.frozen(slots=True)
class PointMoves:
    """Where a unit can go on a point map: ``enter`` (point -> lines used) and ``attack``
    (enemy-occupied points it may move against, which it must clear before occupying)."""

    enter: Mapping[str, int]
    attack: frozenset[str]


def point_moves(
    board: Board,
    start: str,
    steps: int = 1,
    enemies: Collection[str] = (),
    along: Callable[[str, str], bool] | None = None,
) -> PointMoves:
    """Points reachable in up to ``steps`` lines; only the last may be enemy-occupied (an
    attack). ``along(a, b)`` limits the lines usable (DC2 D: two points along the highway;
    breakthrough: a second unoccupied point)."""
    enemy = set(enemies)
    seen = {start: 0}
    frontier = [start]
    attack: set[str] = set()
    for n in range(1, steps + 1):
        nxt = []
        for p in frontier:
            for q in board.neighbours(p):
                if q in seen or (along is not None and not along(p, q)):
                    continue
                if q in enemy:
                    attack.add(q)
                    continue
                seen[q] = n
                nxt.append(q)
        frontier = nxt
    del seen[start]
    return PointMoves(seen, frozenset(attack))


def strategic_trace(
    board: Board,
    start: str,
    controlled: Collection[str],
    barred_lines: Iterable[str] = (),
    barred_points: Collection[str] = (),
) -> Reach:
    """The points reachable along lines through friendly ``controlled`` points only (DC2 A.2),
    never along a line with a feature in ``barred_lines`` (A.1: the Kerch Straits) nor into or
    through ``barred_points`` (A.1: Elista). ``cost`` is the number of lines used."""
    index = board.index
    costs = Costs({}, crossings=tuple(Crossing(f, None) for f in barred_lines), default=1)
    closed = frozenset(p for p in index.ids if p not in controlled or p in barred_points)
    return reach(index, start, None, costs, MovePolicy(), Situation(enemies=closed - {start}))


# --- line classes and unit loads as scenario data ---------------------------------------------

TOTAL = "units"
"""The key of a side's total in a scenario's ``[map.line_classes]`` (the other keys are kinds)."""


def _optional_fraction(value: Fraction | int | str | None) -> Fraction | None:
    return None if value is None else Fraction(value)


@attrs.frozen(slots=True)
class UnitLoad:
    """What one unit counts on a line (DC2 Lines B-C): its ``weight`` moving, its weight in
    ``retreat`` (None: the same) and the ``kind`` it counts as for sub-limits.

    >>> UnitLoad(Fraction(1, 2), "armour", retreat=1).retreating()
    Carried(weight=Fraction(1, 1), kind='armour')
    """

    weight: Fraction = attrs.field(default=Fraction(1), converter=_fraction)
    kind: str = ""
    retreat: Fraction | None = attrs.field(default=None, converter=_optional_fraction)

    def moving(self) -> Carried:
        return Carried(self.weight, self.kind)

    def retreating(self) -> Carried:
        return Carried(self.weight if self.retreat is None else self.retreat, self.kind)


def parse_weight(value: object) -> Fraction:
    """A unit weight from scenario data: a number (``0.5``, ``2``) or a fraction text
    (``"1/2"``); ValueError unless it is finite and > 0."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise ValueError("expected a number or a fraction such as '1/2'")
    try:
        w = Fraction(str(value)) if isinstance(value, float) else Fraction(value)
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"{value!r} is not a number or a fraction such as '1/2'") from None
    if w <= 0:
        raise ValueError("must be > 0")
    return w


# --- the per-segment ledger, kept in the game state -----------------------------------------

LineKey = tuple[str, str, str]
"""(point, point, side) with the two points in sorted order."""


def _key(a: str, b: str, side: str) -> LineKey:
    return (a, b, side) if a <= b else (b, a, side)


@attrs.frozen(slots=True)
class Remaining:
    """What a line can still carry for a side: whole ``units`` and per-kind ``kinds``."""

    units: int
    kinds: tuple[tuple[str, int], ...] = ()


@attrs.frozen(slots=True)
class LineLedger:
    """Weights moved along each line by each side in one segment of the turn (DC2 Lines A:
    the line load). ``stamp`` is the (turn, phase, segment) it belongs to; a ledger from an
    earlier segment reads as empty (:func:`segment_ledger`). Adding returns a new ledger."""

    stamp: tuple[int, int, int] = (0, -1, -1)
    used: Mapping[LineKey, tuple[tuple[str, Fraction], ...]] = attrs.field(factory=dict)

    def weights(self, a: str, b: str, side: str) -> dict[str, Fraction]:
        """Total weight (key ``""``) and weight per kind moved along a-b by ``side``."""
        return dict(self.used.get(_key(a, b, side), ()))

    def _after(self, a: str, b: str, side: str, items: Iterable[Carried]) -> dict[str, Fraction]:
        w = self.weights(a, b, side)
        for c in items:
            w[""] = w.get("", Fraction(0)) + c.weight
            if c.kind:
                w[c.kind] = w.get(c.kind, Fraction(0)) + c.weight
        return w

    def excess(
        self,
        board: Board,
        policy: LinePolicy,
        a: str,
        b: str,
        side: str,
        items: Iterable[Carried],
    ) -> str | None:
        """Why adding ``items`` to line a-b would exceed its capacity, or None if it fits (a
        line without a capacity for ``side`` carries any load)."""
        limit = policy.find(board, a, b, side)
        if limit is None:
            return None
        w = self._after(a, b, side, items)
        n = math.floor(w.get("", Fraction(0)))
        if n > limit.total:
            return f"line {a}-{b} ({side}): {n} units, limit {limit.total}"
        for kind, cap in limit.kinds:
            k = math.floor(w.get(kind, Fraction(0)))
            if k > cap:
                return f"line {a}-{b} ({side}): {k} {kind} units, limit {cap}"
        return None

    def fits(
        self,
        board: Board,
        policy: LinePolicy,
        a: str,
        b: str,
        side: str,
        items: Iterable[Carried],
    ) -> bool:
        """Whether line a-b can still carry ``items`` for ``side`` (DC2 Lines A-B)."""
        if not board.adjacent(a, b):
            return False
        return self.excess(board, policy, a, b, side, items) is None

    def remaining(
        self, board: Board, policy: LinePolicy, a: str, b: str, side: str
    ) -> Remaining | None:
        """Whole units (and per kind) the line a-b can still carry for ``side``, None if it
        has no capacity (unlimited); a load's fraction is dropped (DC2 B), so e.g. two more
        half-value units may fit in 1. Never raises for two joined points."""
        limit = policy.find(board, a, b, side)
        if limit is None:
            return None
        w = self.weights(a, b, side)
        left = max(0, limit.total - math.floor(w.get("", Fraction(0))))
        kinds = tuple(
            (kind, max(0, cap - math.floor(w.get(kind, Fraction(0))))) for kind, cap in limit.kinds
        )
        return Remaining(left, kinds)

    def add(
        self,
        board: Board,
        policy: LinePolicy,
        a: str,
        b: str,
        side: str,
        items: Iterable[Carried],
    ) -> LineLedger:
        """This ledger with ``items`` moved along a-b; IllegalAction citing the policy's rule
        if the line cannot carry them."""
        items = tuple(items)
        if not board.adjacent(a, b):
            raise IllegalAction(policy.rule, f"{a} and {b} are not joined by a line")
        why = self.excess(board, policy, a, b, side, items)
        if why is not None:
            raise IllegalAction(policy.rule, why)
        w = self._after(a, b, side, items)
        return LineLedger(self.stamp, {**self.used, _key(a, b, side): tuple(sorted(w.items()))})

    def to_json(self) -> dict[str, Any]:
        return {
            "stamp": list(self.stamp),
            "lines": [
                [a, b, side, {k: str(v) for k, v in w}]
                for (a, b, side), w in sorted(self.used.items())
            ],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> LineLedger:
        t, p, s = (int(x) for x in data["stamp"])
        used = {
            _key(str(a), str(b), str(side)): tuple(sorted((k, Fraction(v)) for k, v in w.items()))
            for a, b, side, w in data["lines"]
        }
        return cls((t, p, s), used)


LEDGER_VAR = "lines"


def _stamp(state: GameState) -> tuple[int, int, int]:
    return (state.turn, state.phase, state.segment)


def segment_ledger(state: GameState, var: str = LEDGER_VAR) -> LineLedger:
    """The line ledger of the segment now running, from the state variable ``var``; empty if
    none was stored in this segment (so it resets itself every segment)."""
    data = state.get(var)
    if data is not None:
        ledger = LineLedger.from_json(data)
        if ledger.stamp == _stamp(state):
            return ledger
    return LineLedger(_stamp(state))


def store_ledger(state: GameState, ledger: LineLedger, var: str = LEDGER_VAR) -> None:
    """Keep ``ledger`` in the state (as JSON, so it is saved and replayed with the game)."""
    state.set(var, LineLedger(_stamp(state), ledger.used).to_json())


def line_paths(
    board: Board,
    start: str,
    length: int,
    side: str,
    items: Iterable[Carried],
    ledger: LineLedger,
    policy: LinePolicy,
    closed: Collection[str] = (),
    along: Callable[[str, str], bool] | None = None,
) -> list[tuple[str, ...]]:
    """Every simple path of 1 to ``length`` lines from ``start`` that never enters a
    ``closed`` point and whose every line can still carry ``items`` for ``side`` (DC2 Lines C:
    retreats count against the line capacity, with retreat weights; Kerch Straits: retreat
    only up to the line capacity). ``along(a, b)`` may bar further lines."""
    items = tuple(items)
    shut = set(closed)
    out: list[tuple[str, ...]] = []

    def walk(path: tuple[str, ...]) -> None:
        here = path[-1]
        for nxt in sorted(board.neighbours(here)):
            if nxt in path or nxt in shut or (along is not None and not along(here, nxt)):
                continue
            if not ledger.fits(board, policy, here, nxt, side, items):
                continue
            longer = (*path, nxt)
            out.append(longer)
            if len(longer) <= length:
                walk(longer)

    walk((start,))
    return out
