"""Supply tracing for a whole side at once: one multi-source search, then O(1) per unit.

:func:`trace_supply` searches from a side's supply sources over the nodes a supply line may use
(passable under :class:`SupplyRules`, not holding an enemy unit, not in an enemy ZOC unless a
friendly unit negates it) and returns a :class:`SupplyMap` that answers, for any node, its
:class:`SupplyStatus`, its distance and a supply path. The title decides everything that
changes during play and passes it in: sources (see :class:`SupplySources` for sources that change
hands), blocked and ZOC nodes (from the ZOC module), which seas are friendly, which nodes
qualify (see :func:`closer_to_friendly`), and whether a limited supply centre is cut off.

Nodes may be given as node ids (``"0412"``), node numbers of ``board.index`` or a bool array
with one entry per node number. Ranges count steps: a node ``range`` hexes from a source is in.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Literal

import attrs
import numpy as np
import numpy.typing as npt

from . import frontier
from .board import Board
from .board_index import BoardIndex
from .frontier import BoolArray, EdgeFilter, IntArray

Node = int | str
Nodes = Iterable[Node] | BoolArray
Method = Literal["auto", "numpy", "python"]
MapEdge = Literal["north", "south", "east", "west"]

__all__ = [
    "MapEdge",
    "Method",
    "Node",
    "Nodes",
    "SupplyMap",
    "SupplyRules",
    "SupplySources",
    "SupplyStatus",
    "closer_to_friendly",
    "map_edge",
    "node_mask",
    "node_numbers",
    "trace_supply",
]


class SupplyStatus(enum.Enum):
    """What a trace gives a node: a full supply line, a limited one, or none."""

    SUPPLIED = "supplied"
    LIMITED = "limited"
    UNSUPPLIED = "unsupplied"


_BY_CODE = (SupplyStatus.UNSUPPLIED, SupplyStatus.SUPPLIED, SupplyStatus.LIMITED)
_CODE = {s: k for k, s in enumerate(_BY_CODE)}


def _names(values: Iterable[str]) -> frozenset[str]:
    return frozenset((values,) if isinstance(values, str) else values)


def _range(_: object, attribute: attrs.Attribute[int | None], value: int | None) -> None:
    if value is not None and value < 0:
        raise ValueError(f"{attribute.name} must be >= 0 or None, not {value}")


@attrs.frozen
class SupplyRules:
    """A title's supply-line policy (which may differ by side or weather: use ``attrs.evolve``).

    - ``range``: most steps from a source, or from the rail net when ``rail`` is set; None: any.
    - ``limited_range``: a weaker tier (K45 11.2c): nodes beyond ``range`` but within this of
      the limited sources are :attr:`SupplyStatus.LIMITED`.
    - ``closed_terrain``: terrain a line never enters (``"impassable"``).
    - ``sea_terrain``: terrain a line enters only when the trace names it friendly.
    - ``closed_edges`` / ``opened_by``: an edge with any closed feature is shut unless it also
      has an opening one (K45 11.1a: ``{"major-river", "water"}`` unless ``{"road", "rail"}``;
      Darkest Crusade: ``{"water"}`` unless ``{"straits"}``).
    - ``rail``: edge features of lines followed any distance after the overland leg of at most
      ``range`` steps, back to a source (Dark Crusade hex: N hexes to a railroad, then along it).
    """

    range: int | None = attrs.field(default=None, validator=_range)
    limited_range: int | None = attrs.field(default=None, validator=_range)
    closed_terrain: frozenset[str] = attrs.field(default=frozenset(), converter=_names)
    sea_terrain: frozenset[str] = attrs.field(default=frozenset(), converter=_names)
    closed_edges: frozenset[str] = attrs.field(default=frozenset(), converter=_names)
    opened_by: frozenset[str] = attrs.field(default=frozenset(), converter=_names)
    rail: frozenset[str] = attrs.field(default=frozenset(), converter=_names)

    def edges(self, index: BoardIndex) -> EdgeFilter:
        """The overland edges a line may cross on this board."""
        return frontier.edges(index, index.mask(*self.closed_edges), index.mask(*self.opened_by))

    def rail_edges(self, index: BoardIndex) -> EdgeFilter:
        """The edges of the rail leg: rail features, and allowed overland too."""
        closed, opened = index.mask(*self.closed_edges), index.mask(*self.opened_by)
        return frontier.edges(index, closed, opened, index.mask(*self.rail))

    def passable(self, index: BoardIndex, friendly_seas: Iterable[str] = ()) -> BoolArray:
        """Per node, whether terrain lets a line in (read-only, cached per board)."""
        seas = _names(friendly_seas)
        if not seas <= self.sea_terrain:
            raise ValueError(f"friendly seas {sorted(seas - self.sea_terrain)} are not sea_terrain")
        shut = self.closed_terrain | (self.sea_terrain - seas)
        return index.cached(("supply.passable", shut), lambda ix: _terrain_mask(ix, shut))


def _terrain_mask(index: BoardIndex, shut: frozenset[str]) -> BoolArray:
    codes = [index.terrain_code[t] for t in shut if t in index.terrain_code]
    out = ~np.isin(np.asarray(index.terrain, dtype=np.intp), codes)
    out.flags.writeable = False
    return out


@attrs.frozen(eq=False)
class _Leg:
    """One search of a trace: steps per node (-1 unreached) over the edges of ``edges``."""

    dist: IntArray
    edges: EdgeFilter


@attrs.frozen(eq=False, repr=False)
class SupplyMap:
    """The result of one :func:`trace_supply`: per-node status, distance and path on request.

    ``codes`` holds a read-only status code per node number (0 unsupplied, 1 supplied, 2
    limited); use :meth:`status` or :meth:`mask` rather than the codes themselves.
    """

    board: Board
    codes: npt.NDArray[np.int8]
    _tiers: tuple[tuple[_Leg, ...], ...]

    def __attrs_post_init__(self) -> None:
        self.codes.flags.writeable = False

    def __repr__(self) -> str:
        none, full, limited = np.bincount(self.codes, minlength=3).tolist()
        where = self.board.name or self.board.kind
        return f"<SupplyMap {where}: {full} supplied, {limited} limited, {none} unsupplied>"

    def _number(self, node: Node) -> int:
        return self.board.index.number[node] if isinstance(node, str) else int(node)

    def status(self, node: Node) -> SupplyStatus:
        """The node's supply status (O(1))."""
        return _BY_CODE[self.codes[self._number(node)]]

    def in_supply(self, node: Node) -> bool:
        """Whether the node has a full supply line."""
        return bool(self.codes[self._number(node)] == _CODE[SupplyStatus.SUPPLIED])

    def mask(self, status: SupplyStatus = SupplyStatus.SUPPLIED) -> BoolArray:
        """A bool per node number: has this status."""
        out: BoolArray = self.codes == _CODE[status]
        return out

    def nodes(self, status: SupplyStatus = SupplyStatus.SUPPLIED) -> frozenset[str]:
        """The ids of the nodes with this status."""
        ids = self.board.index.ids
        return frozenset(ids[i] for i in np.flatnonzero(self.mask(status)).tolist())

    def statuses(self) -> dict[str, SupplyStatus]:
        """Node id -> status, for the nodes with a supply line (supplied or limited)."""
        ids = self.board.index.ids
        return {ids[i]: _BY_CODE[int(self.codes[i])] for i in np.flatnonzero(self.codes).tolist()}

    def distance(self, node: Node) -> int | None:
        """Steps of the overland leg back to a source (or to the rail net); None if unsupplied."""
        i = self._number(node)
        code = int(self.codes[i])
        return int(self._tiers[code - 1][-1].dist[i]) if code else None

    def path(self, node: Node) -> list[str] | None:
        """A supply line from the node back to a source, valid under the trace's rules."""
        index = self.board.index
        i = self._number(node)
        code = int(self.codes[i])
        if not code:
            return None
        out = [i]
        for leg in reversed(self._tiers[code - 1]):
            d = int(leg.dist[i])
            while d > 0:
                for v, bits in zip(index.adj[i], index.edge_bits[i], strict=True):
                    if leg.dist[v] == d - 1 and leg.edges.allows(bits):
                        i, d = v, d - 1
                        out.append(i)
                        break
                else:  # pragma: no cover - a BFS distance always has a predecessor
                    raise AssertionError(f"no step back from {index.ids[i]}")
        return [index.ids[k] for k in out]


def node_mask(index: BoardIndex, nodes: Nodes) -> BoolArray:
    """A bool per node number from ids, numbers or a bool array."""
    if isinstance(nodes, np.ndarray) and nodes.dtype == np.bool_:
        if nodes.shape != (len(index),):
            raise ValueError(f"a node mask needs shape ({len(index)},), not {nodes.shape}")
        return nodes
    out = np.zeros(len(index), dtype=np.bool_)
    out[node_numbers(index, nodes)] = True
    return out


def node_numbers(index: BoardIndex, nodes: Nodes) -> npt.NDArray[np.intp]:
    """Node numbers from ids, numbers or a bool array."""
    if isinstance(nodes, np.ndarray):
        if nodes.dtype == np.bool_:
            return np.flatnonzero(node_mask(index, nodes))
        return nodes.astype(np.intp, copy=False).ravel()
    items = list(nodes)
    numbers = np.asarray(items)
    if numbers.dtype.kind not in "iu" or numbers.ndim != 1:
        number = index.number
        numbers = np.array([number[n] if isinstance(n, str) else n for n in items], dtype=np.intp)
    if numbers.size and not 0 <= numbers.min() <= numbers.max() < len(index):
        raise ValueError(f"node numbers run from 0 to {len(index) - 1}")
    return numbers.astype(np.intp, copy=False)


AUTO_NUMPY_NODES = 2048
"""The board size from which ``method="auto"`` searches with numpy (on a hex grid). Measured:
whole random games, the pure-Python search against numpy, took 2.46 s against 2.64-3.0 s on
Krim's 266 hexes and 8.5-9.1 s against 8.4-8.7 s on Dark Crusade (hex)'s 457; Königsberg
'45 (1672 hexes; about twice as fast) and Darkest (250) had pinned Python for it; on 4096
hexes and more numpy is 2 to 4 times faster (``benchmarks/kernel_supply.py``)."""


def _engine(index: BoardIndex, method: Method, filters: Iterable[EdgeFilter]) -> Method:
    if method == "python":
        return method
    on_grid = all(f.on_grid for f in filters)
    if method == "numpy" and not on_grid:
        raise ValueError("method 'numpy' needs a hex map whose allowed edges are all hexsides")
    if method == "auto" and len(index) < AUTO_NUMPY_NODES:
        return "python"
    return "numpy" if on_grid else "python"


def _search(
    index: BoardIndex,
    engine: Method,
    open_nodes: BoolArray,
    seeds: Iterable[int],
    limit: int | None,
    edges: EdgeFilter,
) -> IntArray:
    if engine == "numpy":
        return frontier.grid_bfs(index, open_nodes, seeds, limit, edges.directions)
    return frontier.list_bfs(edges.adj, open_nodes, seeds, limit)


def trace_supply(
    board: Board,
    rules: SupplyRules,
    sources: Nodes,
    *,
    blocked: Nodes = (),
    zoc: Nodes = (),
    negated: Nodes = (),
    through: Nodes | None = None,
    friendly_seas: Iterable[str] = (),
    limited_sources: Nodes | None = None,
    method: Method = "auto",
) -> SupplyMap:
    """Trace supply for a whole side from ``sources`` under ``rules``.

    A line may not enter ``blocked`` nodes (enemy units), nor ``zoc`` nodes (enemy ZOC) except
    those in ``negated`` (K45 11.1a: friendly units negate EZOC for supply), nor, when
    ``through`` is given, any node outside it. A source a line could not enter supplies nothing.
    ``limited_sources`` feed the ``limited_range`` tier (K45 11.2c: a cut-off Königsberg);
    None means the same sources (a longer, weaker range). ``method`` picks the engine:
    ``"numpy"`` (hex maps), ``"python"`` (any board) or ``"auto"`` (numpy on hex maps of
    :data:`AUTO_NUMPY_NODES` nodes or more, else Python; both give the same answer).
    """
    index = board.index
    open_nodes = rules.passable(index, friendly_seas) & ~node_mask(index, blocked)
    open_nodes &= ~(node_mask(index, zoc) & ~node_mask(index, negated))
    if through is not None:
        open_nodes &= node_mask(index, through)
    overland = rules.edges(index)
    rail = rules.rail_edges(index) if rules.rail else None
    engine = _engine(index, method, (overland,) if rail is None else (overland, rail))

    def tier(seeds: Nodes, limit: int | None) -> tuple[_Leg, ...]:
        start = node_numbers(index, seeds)
        if rail is None:
            return (_Leg(_search(index, engine, open_nodes, start, limit, overland), overland),)
        on_rail = _search(index, engine, open_nodes, start, None, rail)
        net = np.flatnonzero(on_rail >= 0)
        leg = _Leg(_search(index, engine, open_nodes, net, limit, overland), overland)
        return (_Leg(on_rail, rail), leg)

    codes = np.zeros(len(index), dtype=np.int8)
    limited = rules.limited_range
    if limited is not None and limited_sources is None and rules.range is not None:
        # one search to the longer range; the status splits at ``range``
        full = tier(sources, max(rules.range, limited))
        dist = full[-1].dist
        codes[dist >= 0] = _CODE[SupplyStatus.LIMITED]
        codes[(dist >= 0) & (dist <= rules.range)] = _CODE[SupplyStatus.SUPPLIED]
        return SupplyMap(board, codes, (full, full))
    full = tier(sources, rules.range)
    tiers: tuple[tuple[_Leg, ...], ...] = (full,)
    if limited is not None and limited_sources is not None:
        weak = tier(limited_sources, limited)
        codes[weak[-1].dist >= 0] = _CODE[SupplyStatus.LIMITED]
        tiers = (full, weak)
    codes[full[-1].dist >= 0] = _CODE[SupplyStatus.SUPPLIED]
    return SupplyMap(board, codes, tiers)


def closer_to_friendly(board: Board, friendly: Nodes, enemy: Nodes) -> BoolArray:
    """Per node, whether it is fewer steps from a friendly node than from any enemy unit.

    Darkest Crusade supply: "a line of areas closer to friendly units or cities than to enemy
    units". Steps count over every edge of the board; a node no enemy can reach qualifies if a
    friendly node can. Pass the result as ``through`` to :func:`trace_supply`. A title that
    keeps one side's counts while the other's change: :func:`steps_from` and :func:`closer`.
    """
    return closer(steps_from(board, friendly), steps_from(board, enemy))


def steps_from(board: Board, nodes: Nodes, method: Method = "auto") -> IntArray:
    """Per node (by board index), the fewest steps over every edge of the board from the
    nearest of ``nodes``; -1 where none reaches (:func:`closer_to_friendly`'s counts).
    ``method`` as :func:`trace_supply`'s (an engine never changes the counts)."""
    index = board.index
    everything = np.ones(len(index), dtype=np.bool_)
    edges = frontier.edges(index)
    engine = _engine(index, method, (edges,))
    return _search(index, engine, everything, node_numbers(index, nodes), None, edges)


def closer(ours: IntArray, theirs: IntArray) -> BoolArray:
    """Per node, whether ``ours`` (steps from the friendly nodes, :func:`steps_from`) reach
    it in fewer steps than ``theirs`` (from the enemy), or only ``ours`` reach it."""
    out: BoolArray = (ours >= 0) & ((theirs < 0) | (ours < theirs))
    return out


def map_edge(board: Board, *edges: MapEdge) -> list[str]:
    """The ids of a hex map's nodes on the named edges (first/last printed column or row)."""
    layout = board.layout
    if layout is None:
        raise ValueError("map_edge needs a hex map")
    out = []
    for node in board:
        col, row = layout.to_offset(board.hex_of(node))
        on = {
            "west": col == 0,
            "east": col == layout.columns - 1,
            "north": row == 0,
            "south": row == layout.rows - 1,
        }
        if any(on[e] for e in edges):
            out.append(node)
    return sorted(out)


def _owners(value: Mapping[str, str]) -> Mapping[str, str]:
    return MappingProxyType(dict(value))


@attrs.frozen
class SupplySources:
    """Which side each supply source serves; a title keeps one in its game state.

    ``for_good`` sources stop changing hands once captured (K45 11.2a: the split sources turn
    Soviet for the rest of the game); ``converted`` records those already captured.
    """

    owners: Mapping[str, str] = attrs.field(converter=_owners)
    for_good: frozenset[str] = attrs.field(default=frozenset(), converter=_names)
    converted: frozenset[str] = attrs.field(default=frozenset(), converter=_names)

    def of(self, side: str) -> list[str]:
        """The sources serving ``side`` now, sorted: pass them to :func:`trace_supply`."""
        return sorted(n for n, s in self.owners.items() if s == side)

    def captured(self, node: str, side: str) -> SupplySources:
        """The table after ``side`` takes ``node`` (unchanged if it is not a source to change)."""
        if node not in self.owners or node in self.converted or self.owners[node] == side:
            return self
        converted = self.converted | {node} if node in self.for_good else self.converted
        return attrs.evolve(self, owners={**self.owners, node: side}, converted=converted)
