"""Point-to-point maps: moves along lines, line capacities, strategic traces.

On a point-to-point map a unit moves from a point to an adjacent point along a line. Lines
carry a limited number of units per side and move, with sub-limits for classes such as armour,
and some units count as half (Dark Crusade 2nd edition, Lines A-C). :class:`Limit` checks one
load, :class:`Ledger` keeps what a move or turn has used so far (per line and side, or any other
key), and :func:`strategic_trace` finds the points a unit can reach along friendly-controlled
points (Strategic Land Movement A), reusing :func:`~wargames.core.movement.reach`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Hashable, Iterable, Mapping
from fractions import Fraction

import attrs

from .board import Board
from .errors import IllegalAction
from .movement import Costs, Crossing, MovePolicy, Reach, Situation, reach


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
        """The capacity of the line a-b for ``side``."""
        if not board.adjacent(a, b):
            raise IllegalAction(self.rule, f"{a} and {b} are not joined by a line")
        base = dict(self.limits).get((board.edge_attr(a, b, "line", ""), side))
        total = (board.edge_attr(a, b, "capacity") or {}).get(side)
        if total is None:
            if base is None:
                raise KeyError(f"no capacity for {side} on line {a}-{b}")
            return base
        return Limit(total, base.kinds if base is not None else ())


def line_key(a: str, b: str, side: str) -> tuple[frozenset[str], str]:
    """The ledger key of the line a-b used by ``side`` (either direction)."""
    return frozenset((a, b)), side


@attrs.frozen(slots=True)
class Ledger:
    """Loads used so far in a move or turn, per key (a line and side, a destination, a
    turn). Adding returns a new ledger."""

    used: Mapping[Hashable, tuple[Carried, ...]] = attrs.field(factory=dict)

    def load(self, key: Hashable) -> tuple[Carried, ...]:
        """What has been carried under ``key`` so far."""
        return self.used.get(key, ())

    def add(self, key: Hashable, items: Iterable[Carried], limit: Limit, rule: str) -> Ledger:
        """This ledger with ``items`` added under ``key``; :class:`IllegalAction` citing
        ``rule`` if that exceeds ``limit``."""
        total = self.load(key) + tuple(items)
        why = limit.excess(total)
        if why is not None:
            raise IllegalAction(rule, f"{_describe(key)}: {why}")
        return Ledger({**self.used, key: total})


def _describe(key: Hashable) -> str:
    if isinstance(key, tuple) and len(key) == 2 and isinstance(key[0], frozenset):
        return f"line {'-'.join(sorted(key[0]))} ({key[1]})"
    return str(key)


def move_along_line(
    board: Board,
    a: str,
    b: str,
    side: str,
    items: Iterable[Carried],
    ledger: Ledger,
    policy: LinePolicy,
) -> Ledger:
    """Record units of ``side`` moving from point ``a`` to the adjacent point ``b``, checking the
    line's capacity for the move (DC2 Lines A)."""
    limit = policy.limit(board, a, b, side)
    return ledger.add(line_key(a, b, side), items, limit, policy.rule)


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


def strategic_move(
    board: Board,
    start: str,
    destination: str,
    controlled: Collection[str],
    ledger: Ledger,
    per_turn: int,
    per_point: int = 3,
    barred_lines: Iterable[str] = (),
    barred_points: Collection[str] = (),
    rule: str = "strategic movement",
) -> Ledger:
    """Record one unit's strategic move: it needs a trace (:func:`strategic_trace`), the side may
    move ``per_turn`` units a turn (DC2 A: victory points) and at most ``per_point`` may end on
    one point (A.3). Each unit counts 1 whatever its size."""
    trace = strategic_trace(board, start, controlled, barred_lines, barred_points)
    if destination not in trace or destination == start:
        raise IllegalAction(rule, f"no line of friendly points from {start} to {destination}")
    one = (Carried(),)
    ledger = ledger.add("strategic moves this turn", one, Limit(per_turn), rule)
    return ledger.add(f"strategic arrivals at {destination}", one, Limit(per_point), rule)
