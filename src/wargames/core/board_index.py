"""A board compiled to integers for hot loops (movement, supply, legal-action enumeration).

Built once per board from the networkx graph. Node ``i`` is ``ids[i]``; ``adj[i]`` lists its
neighbours and ``edge_bits[i]`` the feature bitmask of each of those edges, in the same order.
Node features and terrain are bitmasks and small integer codes. On hex maps, ``grid`` places
every node on a padded axial array (one empty cell of border) so that numpy frontier searches
can use six flat offsets (see ``shared/research/performance.md``).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

import networkx as nx
import numpy as np
import numpy.typing as npt

from .hexgrid import DIRECTIONS, Hex, HexLayout

T = TypeVar("T")


class BoardIndex:
    """Integer view of a board. Read-only; derived tables are cached with :meth:`cached`."""

    def __init__(
        self,
        ids: tuple[str, ...],
        adj: tuple[tuple[int, ...], ...],
        edge_bits: tuple[tuple[int, ...], ...],
        node_bits: tuple[int, ...],
        terrain: tuple[int, ...],
        terrain_names: tuple[str, ...],
        feature_names: tuple[str, ...],
        hexes: tuple[Hex, ...] | None,
    ) -> None:
        self.ids = ids
        self.number: dict[str, int] = {n: i for i, n in enumerate(ids)}
        self.adj = adj
        self.edge_bits = edge_bits
        self.node_bits = node_bits
        self.terrain = terrain
        self.terrain_names = terrain_names
        self.terrain_code: dict[str, int] = {t: i for i, t in enumerate(terrain_names)}
        self.feature_names = feature_names
        self.bit: dict[str, int] = {f: 1 << i for i, f in enumerate(feature_names)}
        self.hexes = hexes
        self._cache: dict[Hashable, Any] = {}
        self._positions: dict[Hashable, Any] = {}
        self._hops: dict[int, list[int]] = {}
        self.grid_shape: tuple[int, int] = (0, 0)
        self.cell: npt.NDArray[np.intp] = np.zeros(0, dtype=np.intp)
        self.node_of_cell: npt.NDArray[np.intp] = np.zeros(0, dtype=np.intp)
        self.offsets: tuple[int, ...] = ()
        if hexes is not None:
            self._build_grid(hexes)

    @classmethod
    def build(cls, graph: nx.Graph[str], layout: HexLayout | None) -> BoardIndex:
        ids = tuple(sorted(graph.nodes))
        number = {n: i for i, n in enumerate(ids)}
        # node -> node data, and node -> {neighbour: edge data}, read once as plain dicts (a
        # networkx view's every item read is a Python call)
        by_node: dict[str, dict[str, Any]] = {n: d for n, d in graph.nodes(data=True)}
        adjacency: dict[str, dict[str, dict[str, Any]]] = dict(graph.adjacency())
        feature_names: set[str] = set()
        terrain_names: set[str] = set()
        for d in by_node.values():
            feature_names.update(d["features"])
            terrain_names.add(d["terrain"])
        for edges in adjacency.values():  # each edge twice (from both ends): the same names
            for d in edges.values():
                feature_names.update(d["features"])
        fnames = tuple(sorted(feature_names))
        bit = {f: 1 << i for i, f in enumerate(fnames)}
        tnames = tuple(sorted(terrain_names))
        tcode = {t: i for i, t in enumerate(tnames)}

        masks: dict[frozenset[str], int] = {}  # feature set -> bitmask: few distinct

        def mask(feats: frozenset[str]) -> int:
            try:
                return masks[feats]
            except (KeyError, TypeError):  # TypeError: an unhashable set of features
                pass
            m = 0
            for f in feats:
                m |= bit[f]
            if isinstance(feats, frozenset):
                masks[feats] = m
            return m

        adj: list[tuple[int, ...]] = []
        ebits: list[tuple[int, ...]] = []
        for n in ids:
            edges = adjacency[n]
            nbrs = sorted(edges, key=number.__getitem__)
            adj.append(tuple([number[m] for m in nbrs]))
            ebits.append(tuple([mask(edges[m]["features"]) for m in nbrs]))
        data = [by_node[n] for n in ids]
        node_bits = tuple([mask(d["features"]) for d in data])
        terrain = tuple([tcode[d["terrain"]] for d in data])
        hexes = tuple([d["hex"] for d in data]) if layout is not None else None
        return cls(ids, tuple(adj), tuple(ebits), node_bits, terrain, tnames, fnames, hexes)

    def __len__(self) -> int:
        return len(self.ids)

    # --- bitmask helpers ------------------------------------------------------------------
    def mask(self, *features: str) -> int:
        """Bitmask of the named features; names the board never uses give 0."""
        m = 0
        for f in features:
            m |= self.bit.get(f, 0)
        return m

    def nodes_with(self, feature: str) -> list[int]:
        b = self.bit.get(feature, 0)
        return [i for i, m in enumerate(self.node_bits) if m & b]

    def edge_mask(self, u: int, v: int) -> int:
        """Feature bitmask of the edge u-v (KeyError if not adjacent)."""
        row = self.adj[u]
        for k, w in enumerate(row):
            if w == v:
                return self.edge_bits[u][k]
        raise KeyError((u, v))

    # --- derived tables -------------------------------------------------------------
    def cached(self, key: Hashable, build: Callable[[BoardIndex], T]) -> T:
        """A table derived from the board, built on first use and kept with the index.

        Use it for per-policy tables such as movement costs per unit class and weather.
        """
        try:
            value: T = self._cache[key]
        except KeyError:
            value = self._cache[key] = build(self)
        return value

    def per_position(self, key: Hashable, build: Callable[[], T], limit: int = 256) -> T:
        """A table derived from a position on this board (e.g. a movement ``Situation``),
        kept while the same position comes back: listing a decision's moves asks it once per
        unit, checking and applying the chosen one again. ``key`` must name everything
        ``build`` reads. Bounded: emptied when ``limit`` positions are held."""
        try:
            value: T = self._positions[key]
        except KeyError:
            if len(self._positions) >= limit:
                self._positions.clear()
            value = self._positions[key] = build()
        return value

    def hops(self, a: int, b: int) -> int:
        """Fewest edges between two nodes (-1 if unconnected); BFS rows are cached."""
        row = self._hops.get(a)
        if row is None:
            row = [-1] * len(self.ids)
            row[a] = 0
            queue = deque([a])
            while queue:
                u = queue.popleft()
                for v in self.adj[u]:
                    if row[v] < 0:
                        row[v] = row[u] + 1
                        queue.append(v)
            self._hops[a] = row
        return row[b]

    # --- numpy grid (hex maps) ----------------------------------------------------------
    def _build_grid(self, hexes: tuple[Hex, ...]) -> None:
        qs = [h.q for h in hexes]
        rs = [h.r for h in hexes]
        q0, r0 = min(qs) - 1, min(rs) - 1
        width = max(qs) - q0 + 2
        height = max(rs) - r0 + 2
        self.grid_shape = (height, width)
        cell = np.array([(h.r - r0) * width + (h.q - q0) for h in hexes], dtype=np.intp)
        self.cell = cell
        node_of_cell = np.full(height * width, -1, dtype=np.intp)
        node_of_cell[cell] = np.arange(len(hexes), dtype=np.intp)
        self.node_of_cell = node_of_cell
        self.offsets = tuple(dr * width + dq for dq, dr in DIRECTIONS)

    def grid_mask(self, nodes: npt.NDArray[np.bool_]) -> npt.NDArray[np.bool_]:
        """A flat padded-grid boolean array from a per-node boolean array."""
        out = np.zeros(self.grid_shape[0] * self.grid_shape[1], dtype=np.bool_)
        out[self.cell[nodes]] = True
        return out
