"""Multi-source breadth-first search over a compiled board, in numpy or in pure Python.

Both engines answer the same question: for every node, the fewest steps from the nearest seed
through open nodes over allowed edges (``-1`` where unreached), optionally stopping after
``limit`` steps. :func:`grid_bfs` expands a sparse frontier of flat cells over the padded axial
grid of a hex map (six flat offsets, a per-direction mask when some hexsides are closed);
:func:`list_bfs` is a level-synchronous BFS over adjacency lists and works on any board. Which
edges are allowed is an :class:`EdgeFilter`: "an edge with any ``closed`` feature is shut unless it
also has an ``opened`` feature; if ``along`` is given, only edges with one of those are used".
See ``shared/research/performance.md`` for the measurements behind the choice.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cached_property

import numpy as np
import numpy.typing as npt

from .board_index import BoardIndex

BoolArray = npt.NDArray[np.bool_]
IntArray = npt.NDArray[np.int32]
CellArray = npt.NDArray[np.intp]


class EdgeFilter:
    """Which edges of a board a search may cross, as feature bitmasks; build with :func:`edges`."""

    def __init__(self, index: BoardIndex, closed: int, opened: int, along: int | None) -> None:
        self.index = index
        self.closed = closed
        self.opened = opened
        self.along = along

    def allows(self, bits: int) -> bool:
        """Whether an edge with these feature bits may be crossed."""
        if self.along is not None and not bits & self.along:
            return False
        return not bits & self.closed or bool(bits & self.opened)

    @cached_property
    def adj(self) -> tuple[tuple[int, ...], ...]:
        """Adjacency lists holding only allowed edges (the board's own lists if all are)."""
        index = self.index
        # edge bits -> allows(bits): few distinct
        allowed = {b: self.allows(b) for b in {b for row in index.edge_bits for b in row}}
        rows = tuple(
            tuple([v for v, b in zip(nbrs, bits, strict=True) if allowed[b]])
            for nbrs, bits in zip(index.adj, index.edge_bits, strict=True)
        )
        return index.adj if rows == index.adj else rows

    @cached_property
    def _grid(self) -> tuple[bool, tuple[BoolArray, ...] | None]:
        index = self.index
        if not index.offsets:
            return False, None
        size = index.grid_shape[0] * index.grid_shape[1]
        where = {off: k for k, off in enumerate(index.offsets)}
        # Plain Python lists in the loop (a numpy item read or write costs ten times more).
        masks = [bytearray(size) for _ in index.offsets]
        cell = index.cell.tolist()
        node_of_cell = index.node_of_cell.tolist()
        allowed: dict[int, bool] = {}  # edge bits -> allows(bits): few distinct
        full = True
        for u, (nbrs, bits) in enumerate(zip(index.adj, index.edge_bits, strict=True)):
            cu = cell[u]
            for v, b in zip(nbrs, bits, strict=True):
                ok = allowed.get(b)
                if ok is None:
                    ok = allowed[b] = self.allows(b)
                if not ok:
                    continue
                k = where.get(cell[v] - cu)
                if k is None:  # an edge the grid cannot express: use list_bfs
                    return False, None
                masks[k][cu] = 1
            for k, off in enumerate(index.offsets):
                if not masks[k][cu] and node_of_cell[cu + off] >= 0:
                    full = False
        if full:
            return True, None
        return True, tuple(np.frombuffer(m, dtype=np.uint8).astype(np.bool_) for m in masks)

    @property
    def on_grid(self) -> bool:
        """Whether :func:`grid_bfs` can follow exactly these edges (hex maps only)."""
        return self._grid[0]

    @property
    def directions(self) -> tuple[BoolArray, ...] | None:
        """Per direction, the grid cells whose edge that way is allowed; None if every one is."""
        return self._grid[1]


def edges(
    index: BoardIndex, closed: int = 0, opened: int = 0, along: int | None = None
) -> EdgeFilter:
    """The (cached) filter for these feature bitmasks on this board (``along=0``: no edge)."""
    return index.cached(
        ("frontier.edges", closed, opened, along),
        lambda ix: EdgeFilter(ix, closed, opened, along),
    )


def seeds_array(seeds: Iterable[int]) -> CellArray:
    """Node numbers as a flat int array."""
    if isinstance(seeds, np.ndarray):
        return seeds.astype(np.intp, copy=False).ravel()
    return np.fromiter(seeds, dtype=np.intp)


def grid_bfs(
    index: BoardIndex,
    open_nodes: BoolArray,
    seeds: Iterable[int],
    limit: int | None = None,
    directions: Sequence[BoolArray] | None = None,
) -> IntArray:
    """Steps from the nearest open seed to every node of a hex map, by a numpy frontier.

    ``open_nodes`` is a bool per node; ``directions`` (from :attr:`EdgeFilter.directions`)
    restricts the edges crossed, ``None`` allows every hexside. Returns an int32 per node.
    """
    size = index.grid_shape[0] * index.grid_shape[1]
    free = np.zeros(size, dtype=np.bool_)
    free[index.cell] = open_nodes
    dist = np.full(size, -1, dtype=np.int32)
    stamp = np.empty(size, dtype=np.intp)
    count = index.cached("frontier.count", lambda ix: np.arange(6 * size, dtype=np.intp))
    front = index.cell[seeds_array(seeds)]
    seeded = np.zeros(size, dtype=np.bool_)
    seeded[front[free[front]]] = True
    front = np.flatnonzero(seeded)  # sorted, each cell once (np.unique would import numpy.ma)
    free[front] = False
    dist[front] = 0
    offsets = np.asarray(index.offsets, dtype=np.intp)
    level = 0
    while front.size and (limit is None or level < limit):
        level += 1
        if directions is None:
            cand = (front[:, None] + offsets).ravel()
        else:
            cand = np.concatenate(
                [front[ok[front]] + off for off, ok in zip(index.offsets, directions, strict=True)]
            )
        cand = cand[free[cand]]
        # keep one copy of each cell: the copy whose position the last write left in ``stamp``
        position = count[: cand.size]
        stamp[cand] = position
        front = cand[stamp[cand] == position]
        free[front] = False
        dist[front] = level
    out: IntArray = dist[index.cell]
    return out


def list_bfs(
    adj: Sequence[Sequence[int]],
    open_nodes: BoolArray | Sequence[bool],
    seeds: Iterable[int],
    limit: int | None = None,
) -> IntArray:
    """Steps from the nearest open seed to every node, by a pure-Python level BFS over ``adj``."""
    free = np.asarray(open_nodes, dtype=np.bool_).tolist()
    dist = [-1] * len(free)
    front = []
    for s in seeds_array(seeds).tolist():
        if free[s]:
            free[s] = False
            dist[s] = 0
            front.append(s)
    level = 0
    while front and (limit is None or level < limit):
        level += 1
        nxt = []
        for u in front:
            for v in adj[u]:
                if free[v]:
                    free[v] = False
                    dist[v] = level
                    nxt.append(v)
        front = nxt
    return np.asarray(dist, dtype=np.int32)
