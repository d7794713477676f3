"""The board: hex maps and point-to-point maps on one networkx graph.

Nodes are string ids (hex labels such as ``0412`` or point names such as ``Moscow``). Node
attributes: ``terrain`` (str), ``features`` (frozenset of str: city, town, port, fortress,
supply, ...) and any further plain values a scenario gives (``vp``, ``entry``, ...). Edge
attributes: ``features`` (frozenset: river, major-river, bridge, road, rail, autobahn,
impassable, water, straits, ...) and, on point-to-point maps, ``line`` (the line class) and
``capacity`` (side -> units per move). Cost and passability are the title's to decide.

The board never changes during a game; what changes (a blown bridge, a fortified hex) is a
marker in the game state. :attr:`Board.index` compiles the graph once into integer arrays for
hot loops.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from functools import cached_property
from typing import Any, Literal

import networkx as nx

from .board_index import BoardIndex
from .hexgrid import Hex, HexLayout, Hexside

BoardKind = Literal["hex", "points"]
_EMPTY: frozenset[str] = frozenset()


class Board:
    """A map as an undirected networkx graph with typed accessors and a compiled index."""

    def __init__(
        self, graph: nx.Graph[str], layout: HexLayout | None = None, name: str = ""
    ) -> None:
        self.graph = graph
        self.layout = layout
        self.name = name
        self._hex_to_node: dict[Hex, str] = {}
        self._hex_of: dict[str, Hex] = {}
        self._with: dict[str, tuple[str, ...]] = {}
        if layout is not None:
            for node, data in graph.nodes(data=True):
                h = data.get("hex")
                if not isinstance(h, Hex):
                    raise ValueError(f"hex map node {node!r} lacks a 'hex' attribute")
                self._hex_to_node[h] = node
                self._hex_of[node] = h

    # --- construction ---------------------------------------------------------------
    @classmethod
    def hex_map(
        cls,
        layout: HexLayout,
        terrain: Mapping[str, str] | None = None,
        default_terrain: str = "clear",
        features: Mapping[str, Iterable[str]] | None = None,
        hexsides: Mapping[tuple[str, str], Iterable[str]] | None = None,
        attributes: Mapping[str, Mapping[str, Any]] | None = None,
        omit: Iterable[str] = (),
        name: str = "",
    ) -> Board:
        """A full rectangle of hexes, every pair of adjacent hexes joined by an edge.

        ``terrain``, ``features`` and ``attributes`` are keyed by hex label; ``hexsides`` by a
        pair of adjacent labels; ``omit`` lists labels that are not on the map.
        """
        g: nx.Graph[str] = nx.Graph()
        omitted = set(omit)
        for h in layout.hexes():
            label = layout.label(h)
            if label in omitted:
                continue
            g.add_node(label, hex=h, terrain=default_terrain, features=_EMPTY)
        for label, t in (terrain or {}).items():
            _require_node(g, label, "terrain")
            g.nodes[label]["terrain"] = t
        for label, feats in (features or {}).items():
            _require_node(g, label, "features")
            g.nodes[label]["features"] = frozenset(feats)
        for label, attrs_ in (attributes or {}).items():
            _require_node(g, label, "attributes")
            g.nodes[label].update(attrs_)
        for label in list(g.nodes):
            h = g.nodes[label]["hex"]
            for n in h.neighbours():
                if layout.on_map(n):
                    other = layout.label(n)
                    if other in g and not g.has_edge(label, other):
                        g.add_edge(label, other, features=_EMPTY)
        for (a, b), feats in (hexsides or {}).items():
            if not g.has_edge(a, b):
                raise ValueError(f"hexside {a}/{b}: not two adjacent hexes of the map")
            g.edges[a, b]["features"] = frozenset(feats)
        return cls(g, layout, name)

    @classmethod
    def point_map(
        cls,
        points: Mapping[str, Mapping[str, Any]],
        lines: Iterable[tuple[str, str, Mapping[str, Any]]],
        name: str = "",
    ) -> Board:
        """A point-to-point map: named points joined by lines with attributes."""
        g: nx.Graph[str] = nx.Graph()
        for pid, data in points.items():
            d = {"terrain": "clear", "features": _EMPTY, **data}
            d["features"] = frozenset(d["features"])
            g.add_node(pid, **d)
        for a, b, data in lines:
            for p in (a, b):
                _require_node(g, p, "lines")
            d = {"features": _EMPTY, **data}
            d["features"] = frozenset(d["features"])
            g.add_edge(a, b, **d)
        return cls(g, None, name)

    # --- queries --------------------------------------------------------------------
    @property
    def kind(self) -> BoardKind:
        return "hex" if self.layout is not None else "points"

    def __contains__(self, node: object) -> bool:
        return node in self.graph

    def __iter__(self) -> Iterator[str]:
        return iter(self.graph)

    def __len__(self) -> int:
        return int(self.graph.number_of_nodes())

    def __repr__(self) -> str:
        return f"<Board {self.name or self.kind}: {len(self)} nodes>"

    def terrain(self, node: str) -> str:
        return str(self.graph.nodes[node]["terrain"])

    def features(self, node: str) -> frozenset[str]:
        f: frozenset[str] = self.graph.nodes[node]["features"]
        return f

    def has(self, node: str, feature: str) -> bool:
        return feature in self.features(node)

    def attr(self, node: str, key: str, default: Any = None) -> Any:
        return self.graph.nodes[node].get(key, default)

    def neighbours(self, node: str) -> list[str]:
        return list(self.graph.adj[node])

    def adjacent(self, a: str, b: str) -> bool:
        return bool(self.graph.has_edge(a, b))

    def edge_features(self, a: str, b: str) -> frozenset[str]:
        """Features of the hexside or line between two adjacent nodes."""
        f: frozenset[str] = self.graph.edges[a, b]["features"]
        return f

    def edge_attr(self, a: str, b: str, key: str, default: Any = None) -> Any:
        return self.graph.edges[a, b].get(key, default)

    def nodes_with(self, feature: str) -> list[str]:
        """The nodes with ``feature``, in the graph's order (found once per feature)."""
        found = self._with.get(feature)
        if found is None:
            found = self._with[feature] = tuple(
                n for n, d in self.graph.nodes(data=True) if feature in d["features"]
            )
        return list(found)

    # --- hex maps -------------------------------------------------------------------
    def hex_of(self, node: str) -> Hex:
        return self._hex_of[node]

    def node_at(self, h: Hex) -> str | None:
        return self._hex_to_node.get(h)

    def hexside(self, a: str, b: str) -> Hexside:
        return Hexside.of(self.hex_of(a), self.hex_of(b))

    def distance(self, a: str, b: str) -> int:
        """Hex distance on hex maps; fewest lines on point-to-point maps."""
        if self.layout is not None:
            return self._hex_of[a].distance(self._hex_of[b])
        return self.index.hops(self.index.number[a], self.index.number[b])

    @cached_property
    def index(self) -> BoardIndex:
        """Integer ids, adjacency lists and feature bitmasks, built once."""
        return BoardIndex.build(self.graph, self.layout)


def _require_node(g: nx.Graph[str], node: str, field: str) -> None:
    if node not in g:
        raise ValueError(f"{field}: {node!r} is not a node of the map")
