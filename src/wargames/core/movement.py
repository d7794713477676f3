"""Movement: reachable hexes, their MP cost and a path, for a unit or a stack; path validation.

A title describes movement with three values:

* :class:`Costs` - integer MP to enter each terrain and to cross each hexside feature, and the
  road cost, for one unit class (and weather). Compiled once per board into per-edge integer
  tables (``BoardIndex.cached``). Let the title scale MP: with half-MP units a road costs 1 and
  clear terrain 2, and the allowance is doubled.
* :class:`MovePolicy` - the kind of move: EZOC effects (:class:`~wargames.core.zoc.ZocRules`),
  the minimum one-hex move, stopping next to enemies, mobile assaults, and the rule citations
  used in :class:`~wargames.core.errors.IllegalAction`.
* :class:`Situation` - the position: enemy and friendly hexes, enemy zones of control, and an
  optional entry test (stacking for strategic movement).

:func:`reach` runs a Dial bucket-queue search (see ``shared/research/performance.md``) and
returns a :class:`Reach`; :func:`check_path` validates one given path.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import pairwise
from operator import itemgetter
from typing import Any, overload

import attrs

from .board_index import BoardIndex
from .errors import IllegalAction
from .zoc import IGNORE_ZOC, Node, ZocRules, ZoneMap, node_id, strings

#: Per node, the edges a unit may take: (neighbour, MP cost, crossing ends the move).
Rows = tuple[tuple[tuple[int, int, bool], ...], ...]


def _pairs(
    items: Mapping[str, int | None] | Iterable[tuple[str, int | None]],
) -> tuple[tuple[str, int | None], ...]:
    pairs = tuple(sorted(items.items() if isinstance(items, Mapping) else items))
    for name, cost in pairs:
        if cost is not None and cost < 0:
            raise ValueError(f"cost of {name!r} must be >= 0 or None, not {cost}")
    return pairs


@attrs.frozen(slots=True)
class Crossing:
    """A hexside feature's effect on movement, unless the hexside also has one of ``unless``.

    ``cost``: extra MP to cross (``None``: the hexside cannot be crossed, K45 4.2d).
    ``stop``: crossing ends the move (K45 4.2b: unbridged minor river).
    """

    feature: str
    cost: int | None = 0
    unless: frozenset[str] = attrs.field(default=frozenset(), converter=strings)
    stop: bool = False


@attrs.frozen(slots=True, cache_hash=True)
class Costs:
    """MP to move for one unit class: per terrain entered, per hexside crossed, along roads.

    ``terrain`` maps terrain name to MP (``None``: prohibited); unlisted terrain costs
    ``default`` (``None``: prohibited). An edge with one of ``road_features`` costs ``road``
    instead of terrain and hexside (K45 4.2a), even into prohibited terrain (K45 4.2d); the road
    is taken unless the ordinary way is cheaper and does not stop the unit. ``roads_only``:
    only road edges may be used (K45 4.4 strategic movement).
    """

    terrain: tuple[tuple[str, int | None], ...] = attrs.field(converter=_pairs)
    crossings: tuple[Crossing, ...] = ()
    road: int | None = None
    road_features: frozenset[str] = attrs.field(default=frozenset({"road"}), converter=strings)
    roads_only: bool = False
    default: int | None = None

    def rows(self, index: BoardIndex) -> Rows:
        """The per-edge cost table of this class on a board (built once, then cached)."""
        return index.cached(("movement.rows", self), self._build)

    def _build(self, index: BoardIndex) -> Rows:
        by_code = dict(self.terrain)
        entry = [by_code.get(name, self.default) for name in index.terrain_names]
        crossings = [(c, index.mask(c.feature), index.mask(*c.unless)) for c in self.crossings]
        road_mask = index.mask(*self.road_features) if self.road is not None else 0
        terrain = index.terrain
        # An edge's cost reads only the terrain entered and the edge's features: few distinct
        # pairs, so each is worked out once.
        known: dict[tuple[int, int], tuple[int, bool] | None] = {}

        def edge(code: int, bits: int) -> tuple[int, bool] | None:
            cost = None if self.roads_only else entry[code]
            stop = False
            for crossing, m, unless in crossings:
                if cost is not None and bits & m and not bits & unless:
                    cost = None if crossing.cost is None else cost + crossing.cost
                    stop = stop or crossing.stop
            road = self.road if bits & road_mask else None
            if road is not None and (cost is None or stop or road <= cost):
                cost, stop = road, False
            return None if cost is None else (cost, stop)

        rows = []
        for nbrs, edge_bits in zip(index.adj, index.edge_bits, strict=True):
            row = []
            for v, bits in zip(nbrs, edge_bits, strict=True):
                pair = (terrain[v], bits)
                try:
                    got = known[pair]
                except KeyError:
                    got = known[pair] = edge(*pair)
                if got is not None:
                    row.append((v, *got))
            rows.append(tuple(row))
        return tuple(rows)


def stack_rows(index: BoardIndex, costs: Costs | Sequence[Costs]) -> Rows:
    """Per-edge costs for a stack: on each edge the dearest member's cost; an edge is open only
    if every member may take it, and stops the stack if it stops any member (cached)."""
    if isinstance(costs, Costs):
        return costs.rows(index)
    members = tuple(dict.fromkeys(costs))
    if not members:
        raise ValueError("a stack needs at least one unit class")
    if len(members) == 1:
        return members[0].rows(index)
    return index.cached(("movement.stack", frozenset(members)), lambda ix: _merge(ix, members))


def _merge(index: BoardIndex, members: tuple[Costs, ...]) -> Rows:
    tables = [m.rows(index) for m in members]
    rows = []
    for u in range(len(index)):
        edges = [{v: (c, s) for v, c, s in t[u]} for t in tables]
        row = []
        for v, c, s in tables[0][u]:
            for other in edges[1:]:
                got = other.get(v)
                if got is None:
                    break
                c, s = max(c, got[0]), s or got[1]
            else:
                row.append((v, c, s))
        rows.append(tuple(row))
    return tuple(rows)


# The search's private tables encode flags in the cost: _SLOW sends an edge to the search's
# general path, _HALT to its quick path for an edge that only ends the move, and _CROSS marks a
# crossing that ends the move (K45 4.2b). Costs stay below _SLOW; unlimited MP is _FAR.
_SLOW = 1 << 48
_HALT = 1 << 49
_CROSS = 1 << 50
_MASK = _SLOW - 1
_FAR = 1 << 47
Edges = tuple[tuple[int, int], ...]
#: Per node: (plain edges by rising cost, flagged edges).
SearchRows = Sequence[tuple[Edges, Edges]]


class _RowsOnDemand(Sequence[tuple[Edges, Edges]]):
    """A search table whose row ``u`` is made by :meth:`_row` when a search first reads it
    (kept in ``_rows``, None until then), so a table costs only the rows searches reach."""

    __slots__ = ("_rows",)

    def __init__(self, size: int) -> None:
        self._rows: list[tuple[Edges, Edges] | None] = [None] * size

    def __len__(self) -> int:
        return len(self._rows)

    @overload
    def __getitem__(self, u: int) -> tuple[Edges, Edges]: ...

    @overload
    def __getitem__(self, u: slice) -> Sequence[tuple[Edges, Edges]]: ...

    def __getitem__(self, u: int | slice) -> Any:
        if isinstance(u, slice):
            return [self[i] for i in range(len(self))[u]]
        row = self._rows[u]
        if row is None:
            row = self._rows[u] = self._row(u)
        return row

    def _row(self, u: int) -> tuple[Edges, Edges]:
        raise NotImplementedError


def _made(rows: SearchRows) -> Sequence[tuple[Edges, Edges] | None]:
    """The rows of ``rows`` made so far, to read without a method call (None: not yet)."""
    return rows._rows if isinstance(rows, _RowsOnDemand) else rows


class _FoldedRows(_RowsOnDemand):
    """:func:`stack_rows` as (neighbour, cost) pairs with the stop flag folded into the cost,
    by rising cost, the flagged edges apart (:func:`_split`)."""

    __slots__ = ("_table",)

    def __init__(self, table: Rows) -> None:
        super().__init__(len(table))
        self._table = table

    def _row(self, u: int) -> tuple[Edges, Edges]:
        flag = _HALT | _CROSS
        return _split([(v, c | flag if s else c) for v, c, s in self._table[u]])


class _SlowRows(_RowsOnDemand):
    """Every edge of ``base`` on the search's general path (an entry test applies to every
    hex)."""

    __slots__ = ("_base",)

    def __init__(self, base: SearchRows) -> None:
        super().__init__(len(base))
        self._base = base

    def _row(self, u: int) -> tuple[Edges, Edges]:
        a, b = self._base[u]
        return ((), tuple([(v, c | _SLOW) for v, c in a + b]))


class _OverlayRows(_RowsOnDemand):
    """A position's search table: the board's rows, with every edge into a special node (EZOC,
    enemy, stop) or out of an EZOC flagged; each row is overlaid when a search first reads
    it, so a position costs only the rows its searches reach."""

    __slots__ = ("_adj", "_base", "_base_made", "_halt_only", "_slow", "_special", "_zset")

    def __init__(
        self,
        base: SearchRows,
        slow: SearchRows,
        special: frozenset[int],
        zset: frozenset[int],
        halt_only: frozenset[int],
        adj: Sequence[tuple[int, ...]],
    ) -> None:
        super().__init__(len(base))
        self._base, self._slow, self._adj = base, slow, adj
        self._base_made = _made(base)
        self._special, self._zset, self._halt_only = special, zset, halt_only

    def _row(self, u: int) -> tuple[Edges, Edges]:
        if u in self._zset:
            return self._slow[u]
        special, halt_only = self._special, self._halt_only
        row = self._base_made[u]
        if row is None:
            row = self._base[u]
        if special.isdisjoint(self._adj[u]):  # no neighbour special: the row as it is
            return row
        plain, flagged = row
        keep, other = [], []
        for v, c in plain:
            if v not in special:
                keep.append((v, c))
            else:
                other.append((v, c | _HALT if v in halt_only else c | _SLOW))
        for v, c in flagged:
            other.append((v, c | _SLOW) if v in special else (v, c))
        return (tuple(keep), tuple(other))


def _search_rows(index: BoardIndex, costs: Costs | Sequence[Costs]) -> SearchRows:
    """:func:`stack_rows` as (neighbour, cost) pairs with the stop flag folded into the cost."""
    key = _costs_key(costs)
    return index.cached(("movement.search", key), lambda ix: _FoldedRows(stack_rows(ix, costs)))


def _costs_key(costs: Costs | Sequence[Costs]) -> Costs | frozenset[Costs]:
    return costs if isinstance(costs, Costs) else frozenset(costs)


_COST = itemgetter(1)


def _split(edges: Iterable[tuple[int, int]]) -> tuple[Edges, Edges]:
    ordered = sorted(edges, key=_COST)
    if not ordered or ordered[-1][1] < _SLOW:  # no flagged edge (most rows)
        return tuple(ordered), ()
    return tuple([e for e in ordered if e[1] < _SLOW]), tuple([e for e in ordered if e[1] >= _SLOW])


def slowest(factors: Iterable[int]) -> int:
    """A stack's movement allowance: its slowest member's (Krim: Movement of Stacks)."""
    return min(factors)


def halved(factor: int, round_up: bool = False) -> int:
    """Half a movement factor, rounded down or up as the title says (Krim tactical supply,
    K45 isolation, Dark Crusade weather: down for Axis, up for Russians)."""
    return -(-factor // 2) if round_up else factor // 2


@attrs.frozen(slots=True)
class Citations:
    """The rule each movement restriction cites in an :class:`IllegalAction`."""

    adjacent: str = "movement: adjacent hexes only"
    prohibited: str = "movement: prohibited terrain"
    enemy: str = "movement: enemy-occupied hex"
    allowance: str = "movement: allowance"
    zoc_stop: str = "ZOC: stop on entering"
    zoc_same_unit: str = "ZOC: EZOC to EZOC of the same unit"
    zoc_forbidden: str = "ZOC: no EZOC"
    crossing_stop: str = "movement: stop after crossing"
    enemy_adjacent: str = "movement: stop next to an enemy"
    entry: str = "movement: cannot enter"
    assault: str = "assault"


@attrs.frozen(slots=True, cache_hash=True)
class MovePolicy:
    """A kind of move.

    ``zoc``: EZOC effects. ``minimum_move``: a unit may always move one hex by spending all its
    MP, unless that hex is prohibited (Krim: Movement). ``stop_next_to_enemy``: entering a hex
    adjacent to an enemy unit ends the move (Krim: Operational Transfers, with ``mp=None``).
    ``assault_multiplier``: if not 0, the unit may end its move by entering an enemy-occupied
    hex for that multiple of the cost (Krim: Mobile Assault, 3), except into
    ``assault_closed_terrain``; otherwise enemy-occupied hexes are closed. ``mp_unit``: the
    MP counted per MP of the rules (K45 counts half MPs: 2); errors state the rules' MP.
    """

    zoc: ZocRules = IGNORE_ZOC
    minimum_move: bool = False
    stop_next_to_enemy: bool = False
    assault_multiplier: int = 0
    assault_closed_terrain: frozenset[str] = attrs.field(default=frozenset(), converter=strings)
    rules: Citations = Citations()
    mp_unit: int = attrs.field(default=1, validator=attrs.validators.ge(1))

    def mp(self, counted: int) -> str:
        """``counted`` MP as the rules state them (``mp_unit`` 2: 7 is "3.5")."""
        return f"{counted / self.mp_unit:g}"


def _ids(nodes: Iterable[Node]) -> frozenset[Node]:
    return frozenset(nodes)


@attrs.frozen(slots=True)
class Situation:
    """The position a unit moves in: ``enemies`` and ``friends`` (occupied nodes), the enemy
    zones of control, and ``can_enter(node)``, an optional test of every hex entered (K45
    4.4a(2): the stacking limit during strategic movement)."""

    enemies: frozenset[Node] = attrs.field(default=frozenset(), converter=_ids)
    friends: frozenset[Node] = attrs.field(default=frozenset(), converter=_ids)
    zoc: ZoneMap[Any] | None = None
    can_enter: Callable[[int], bool] | None = None
    _memo: dict[tuple[Any, ...], Any] = attrs.field(factory=dict, init=False, repr=False, eq=False)


@attrs.frozen(slots=True, eq=False)
class _Prepared:
    """A situation seen through a policy: the node sets the search tests."""

    enemies: frozenset[int]
    friends: frozenset[int]
    zones: ZoneMap[Any]
    stop: frozenset[int]
    near_enemy: frozenset[int]
    closed: frozenset[int]
    special: frozenset[int]
    no_assault: frozenset[int]
    all_slow: bool
    enter_cost: int
    search: tuple[Any, ...]

    @classmethod
    def of(cls, index: BoardIndex, policy: MovePolicy, situation: Situation) -> _Prepared:
        """The sets for ``policy`` in ``situation``, computed once per situation and policy."""
        key = (policy, index)
        prep: _Prepared | None = situation._memo.get(key)
        if prep is None:
            prep = situation._memo[key] = cls._build(index, policy, situation)
        return prep

    def rows(
        self, index: BoardIndex, costs: Costs | Sequence[Costs], situation: Situation
    ) -> SearchRows:
        """The search table with every edge into a special node (EZOC, enemy, stop) or out of
        an EZOC flagged slow, so the search's fast path is a plain Dial step. Memoized."""
        key = (self, index, _costs_key(costs))
        rows: SearchRows | None = situation._memo.get(key)
        if rows is None:
            base = _search_rows(index, costs)
            # every edge slow: the same table in every position, so kept with the board
            slow = index.cached(("movement.all-slow", key[2]), lambda _: _SlowRows(base))
            if self.all_slow:
                rows = slow
            else:
                # The overlay reads only these sets: positions that differ elsewhere (a
                # friendly unit moved) share it.
                shape = (self.special, self.zones.nodes, self.stop, self.closed)
                rows = index.per_position(
                    ("movement.overlay", key[2], self.enter_cost, *shape),
                    lambda: self._overlay(index, base, slow),
                )
            situation._memo[key] = rows
        return rows

    def _overlay(self, index: BoardIndex, base: SearchRows, slow: SearchRows) -> SearchRows:
        special = self.special
        if not special:
            return base
        halt_only = self.stop - self.closed
        if self.enter_cost:
            halt_only -= self.zones.nodes
        return _OverlayRows(base, slow, special, self.zones.nodes, halt_only, index.adj)

    @classmethod
    def _build(cls, index: BoardIndex, policy: MovePolicy, situation: Situation) -> _Prepared:
        enemies = _numbers(index, situation.enemies)
        friends = _numbers(index, situation.friends)
        rules = policy.zoc
        zones: ZoneMap[Any] = _NO_ZONES
        if situation.zoc is not None and rules.active():
            zones = situation.zoc.without(friends) if rules.friends_negate else situation.zoc
        near: frozenset[int] = frozenset()
        if policy.stop_next_to_enemy:
            near = frozenset(v for e in enemies for v in index.adj[e])
        stop = near | zones.nodes if rules.stop_on_enter else near
        closed = enemies | zones.nodes if rules.forbidden else enemies
        no_assault = frozenset(
            index.terrain_code[t] for t in policy.assault_closed_terrain if t in index.terrain_code
        )
        special = zones.nodes | stop | closed
        all_slow = situation.can_enter is not None  # every entry is tested
        search: tuple[Any, ...] = (zones.nodes, rules.enter_cost, rules.leave_cost)
        search += (rules.no_same_unit,)
        search += (rules.one_hex_onto_friend, friends, closed, stop, enemies)
        return cls(
            enemies,
            friends,
            zones,
            stop,
            near,
            closed,
            special,
            no_assault,
            all_slow,
            rules.enter_cost,
            search,
        )


_NO_ZONES: ZoneMap[Any] = ZoneMap({}, frozenset())


def _numbers(index: BoardIndex, nodes: frozenset[Node]) -> frozenset[int]:
    if all(isinstance(n, int) for n in nodes):
        return nodes  # type: ignore[return-value]
    return frozenset(node_id(index, n) for n in nodes)


@attrs.frozen(slots=True)
class Reach:
    """Where a move can end: ``cost[node]`` is the least MP spent to end there; ``assaults``
    the enemy hexes a mobile assault can enter, with its cost. ``path(node)`` gives a route."""

    index: BoardIndex = attrs.field(repr=False)
    start: int
    cost: Mapping[int, int]
    assaults: Mapping[int, int]
    _via: Mapping[int, int] = attrs.field(repr=False)
    _last: Mapping[int, int] = attrs.field(repr=False)

    def __contains__(self, node: object) -> bool:
        if isinstance(node, str):
            node = self.index.number.get(node, -1)
        return node in self.cost

    def __len__(self) -> int:
        return len(self.cost)

    def path(self, node: Node) -> list[int]:
        """A cheapest path from the start to ``node`` (reached or assaulted), both included."""
        v = node_id(self.index, node)
        if v not in self.cost and v not in self.assaults:
            raise KeyError(f"{self.index.ids[v]} is not reachable")
        out = [v]
        u = self._last.get(v, self._via.get(v, -1)) if v != self.start else -1
        while u != -1:
            out.append(u)
            u = self._via[u]
        out.reverse()
        return out

    def labels(self) -> dict[str, int]:
        """``cost`` keyed by node label, in label order."""
        ids = self.index.ids
        return {ids[n]: c for n, c in sorted(self.cost.items(), key=lambda kv: ids[kv[0]])}

    def path_labels(self, node: Node) -> list[str]:
        """:meth:`path` as node labels."""
        return [self.index.ids[n] for n in self.path(node)]

    def path_table(self) -> dict[int, tuple[str, ...]]:
        """:meth:`path_labels` of every node in ``cost``, as tuples, built once with their
        shared beginnings (cheaper than asking each node's path)."""
        ids, via, last = self.index.ids, self._via, self._last
        start = self.start
        done: dict[int, tuple[str, ...]] = {start: (ids[start],)}  # paths along ``via``
        out: dict[int, tuple[str, ...]] = {}
        for v in self.cost:
            parent = last.get(v) if v != start else None
            u = v if parent is None else parent
            path = done.get(u)
            if path is None:  # u's path along ``via``, and those of the nodes on the way
                chain = []
                while path is None:
                    chain.append(u)
                    u = via[u]
                    path = done.get(u)
                for w in reversed(chain):
                    path = done[w] = (*path, ids[w])
            out[v] = path if parent is None else (*path, ids[v])
        return out


def reach(
    index: BoardIndex,
    start: Node,
    mp: int | None,
    costs: Costs | Sequence[Costs],
    policy: MovePolicy = MovePolicy(),
    situation: Situation | None = None,
) -> Reach:
    """Every node a unit or stack at ``start`` can end its move in with ``mp`` movement points
    (``None``: unlimited), with the least cost and a path (Dial's bucket queue).

    Tables derived from ``situation`` are kept with it: reuse one situation for every unit
    moving in the same position (a side's movement phase)."""
    if situation is None:
        situation = Situation()
    memo = situation._memo
    key = (policy, index, costs if isinstance(costs, Costs) else _costs_key(costs))
    found = memo.get(key)
    if found is None:  # the position's sets and search table, once per position and policy
        prep = _Prepared.of(index, policy, situation)
        found = memo[key] = (prep, prep.rows(index, costs, situation))
    prep, rows = found
    known = _made(rows)  # the rows already worked out (None: not yet)
    s = start if isinstance(start, int) else index.number[start]
    zset, enter, leave, same, one_hex, friends, closed, stop, enemies = prep.search
    check = situation.can_enter
    min_start = s if policy.minimum_move else -1
    mult = policy.assault_multiplier
    no_assault = prep.no_assault
    terrain = index.terrain
    far, slow, cross, mask = _FAR, _SLOW, _CROSS, _MASK

    free: dict[int, int] = {s: 0}
    free_get = free.get
    via: dict[int, int] = {s: -1}
    halted: dict[int, int] = {}
    halted_get = halted.get
    halted_via: dict[int, int] = {}
    assaults: dict[int, int] = {}
    assault_via: dict[int, int] = {}
    # Bounded: one bucket per MP. Unlimited: buckets on demand, and the search ends after
    # more empty buckets in a row than any one step can cost.
    buckets: list[list[int]] | defaultdict[int, list[int]]
    if mp is None:
        limit = far
        buckets = defaultdict(list)
        span = max((c & mask for a, b in rows for _, c in a + b), default=0) + enter + leave + 1
    else:
        limit = mp
        buckets = [[] for _ in range(mp + 1)]
        span = mp + 2
    if not (policy.zoc.forbidden and s in zset):  # K45 4.4: strategic moves never start in EZOC
        buckets[0].append(s)
    d = idle = 0
    while d <= limit and idle < span:
        bucket = buckets[d]
        idle = 0 if bucket else idle + 1
        for u in bucket:
            if free[u] != d:
                continue
            row = known[u]
            plain, flagged = rows[u] if row is None else row
            if u == min_start:  # every step from the start may be a minimum move
                plain, flagged = (), plain + flagged
            for v, c in plain:  # the fast path: a plain Dial step
                nd = d + c
                if nd > limit:
                    break
                if nd < free_get(v, far):
                    free[v] = nd
                    via[v] = u
                    buckets[nd].append(v)
            for v, c in flagged:
                if not c & slow and u != min_start:  # an edge that only ends the move
                    nd = d + (c & mask)
                    if nd <= limit and nd < halted_get(v, far):
                        halted[v] = nd
                        halted_via[v] = u
                    continue
                # the general path: EZOC, enemy, stop, entry test, minimum move
                halt = c >= cross
                c &= mask
                nd = d + c + leave if u in zset else d + c
                first = u == s
                if v in zset:
                    nd += enter
                    if same and prep.zones.shared(u, v):
                        if not (first and one_hex and v in friends):
                            continue
                        halt = True  # the one-hex move onto a friendly unit ends there
                if v in closed:
                    if mult and v in enemies and terrain[v] not in no_assault:
                        nd += c * (mult - 1)
                        if nd <= limit and nd < assaults.get(v, far):
                            assaults[v] = nd
                            assault_via[v] = u
                    continue
                if nd > limit:
                    if u != min_start:
                        continue
                    nd, halt = limit, True
                if check is not None and not check(v):
                    continue
                if halt or v in stop:
                    if nd < halted_get(v, far):
                        halted[v] = nd
                        halted_via[v] = u
                elif nd < free_get(v, far):
                    free[v] = nd
                    via[v] = u
                    buckets[nd].append(v)
        d += 1
    cost = free
    last: dict[int, int] = {}
    for v, c in halted.items():
        if c < cost.get(v, far):
            cost[v] = c
            last[v] = halted_via[v]
    for v, u in assault_via.items():
        last.setdefault(v, u)
    return Reach(index, s, cost, assaults, via, last)


def check_path(
    index: BoardIndex,
    path: Sequence[Node],
    mp: int | None,
    costs: Costs | Sequence[Costs],
    policy: MovePolicy = MovePolicy(),
    situation: Situation | None = None,
) -> int:
    """The MP a move along ``path`` (start first) spends; :class:`IllegalAction` citing
    ``policy.rules`` if the rules forbid it. A last step into an enemy hex is a mobile assault."""
    if situation is None:
        situation = Situation()
    rows = stack_rows(index, costs)
    prep = _Prepared.of(index, policy, situation)
    rules, cite = policy.zoc, policy.rules
    ids = [node_id(index, n) for n in path]
    name = index.ids
    limit = _FAR if mp is None else mp
    if not ids:
        raise ValueError("a path needs at least its start")
    zset = prep.zones.nodes
    if rules.forbidden and ids[0] in zset and len(ids) > 1:
        raise IllegalAction(
            cite.zoc_forbidden, f"{name[ids[0]]}: the move may not start in an EZOC"
        )
    spent = 0
    stopped: str | None = None
    steps = len(ids) - 1
    for i, (u, v) in enumerate(pairwise(ids)):
        first, final = i == 0, i == steps - 1
        where = f"{name[u]} to {name[v]}"
        if stopped is not None:
            raise IllegalAction(stopped, f"the move must end in {name[u]}")
        if v not in index.adj[u]:
            raise IllegalAction(cite.adjacent, f"{where}: not adjacent")
        edge = {w: (c, h) for w, c, h in rows[u]}.get(v)
        if edge is None:
            terrain = index.terrain_names[index.terrain[v]]
            raise IllegalAction(cite.prohibited, f"{where}: {terrain} or the hexside is closed")
        c, halt = edge
        step = c + (rules.leave_cost if u in zset else 0) + (rules.enter_cost if v in zset else 0)
        if (
            rules.no_same_unit
            and prep.zones.shared(u, v)
            and not (first and final and rules.one_hex_onto_friend and v in prep.friends)
        ):
            raise IllegalAction(cite.zoc_same_unit, f"{where}: both in the ZOC of one enemy unit")
        if v in prep.enemies:
            assault = policy.assault_multiplier and index.terrain[v] not in prep.no_assault
            if not (assault and final):
                raise IllegalAction(cite.enemy, f"{where}: {name[v]} is enemy-occupied")
            step += c * (policy.assault_multiplier - 1)
            if spent + step > limit:
                raise IllegalAction(cite.assault, f"{where}: assault needs {policy.mp(step)} MP")
            return spent + step
        if v in prep.closed:
            raise IllegalAction(cite.zoc_forbidden, f"{where}: {name[v]} is in an EZOC")
        if situation.can_enter is not None and not situation.can_enter(v):
            raise IllegalAction(cite.entry, f"{where}: {name[v]} may not be entered")
        if spent + step > limit:
            if not (policy.minimum_move and first and final):
                raise IllegalAction(
                    cite.allowance,
                    f"{where}: needs {policy.mp(spent + step)} MP, has {policy.mp(limit)}",
                )
            step = limit - spent
        spent += step
        if halt:
            stopped = cite.crossing_stop
        elif rules.stop_on_enter and v in zset:
            stopped = cite.zoc_stop
        elif v in prep.near_enemy:
            stopped = cite.enemy_adjacent
    return spent
