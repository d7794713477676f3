"""Supply for a whole side: ``wargames.core.supply.trace_supply`` against networkx.

Method of ``shared/research/performance.md`` (ii): an nx.Graph of the passable hexes of
``random_board(size)``; enemy units placed with ``default_rng(11)`` until the units plus their
passable neighbours block at least 300 hexes; 10 random unblocked sources. The query is every hex
reachable from a source through unblocked passable hexes, unbounded and within 10 hexes (11
``bfs_layers``: the sources and 10 more). Our side takes the units as ``blocked`` and their
neighbours as ``zoc`` and returns a ``SupplyMap`` (status, distance, path on request); the
reference is ``bfs_layers(restricted_view(G, blocked, []), sources)``. Reachable sets are checked
equal before timing. The "python engine" rows time the pure-Python BFS, used where the numpy grid
cannot follow the board's edges (point-to-point maps).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from itertools import islice

import networkx as nx
import numpy as np
from _maps import random_board
from _measure import Measure, per_call

from wargames.core.board import Board
from wargames.core.supply import Method, SupplyMap, SupplyRules, SupplyStatus, trace_supply

TARGET = 20.0
PYTHON_TARGET = 5.0
RANGE = 10


class Position:
    """The benchmark position on one board: passable graph, enemy units, their ZOC, sources."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.graph = board.graph.subgraph(
            n for n in board if board.terrain(n) != "impassable"
        ).copy()
        rng = np.random.default_rng(11)
        nodes = sorted(self.graph)
        units: set[str] = set()
        blocked: set[str] = set()
        while len(blocked) < 300:
            u = nodes[int(rng.integers(len(nodes)))]
            units.add(u)
            blocked.add(u)
            blocked.update(self.graph.adj[u])
        free = [n for n in nodes if n not in blocked]
        self.sources = [free[int(i)] for i in rng.choice(len(free), 10, replace=False)]
        self.blocked = blocked
        number = board.index.number
        self.units = {number[n] for n in units}
        self.zoc = {number[n] for n in blocked - units}

    def trace(self, limit: int | None, method: Method) -> SupplyMap:
        rules = SupplyRules(range=limit, closed_terrain={"impassable"})
        return trace_supply(
            self.board, rules, self.sources, blocked=self.units, zoc=self.zoc, method=method
        )

    def reference(self, limit: int | None) -> set[str]:
        layers: Iterable[list[str]] = nx.bfs_layers(
            nx.restricted_view(self.graph, self.blocked, []), self.sources
        )
        if limit is not None:
            layers = islice(layers, limit + 1)
        return set().union(*layers)


def compare(pos: Position, size: int, limit: int | None) -> list[Measure]:
    expected = pos.reference(limit)
    t_ref = per_call(lambda: pos.reference(limit))
    what = f"supply {size}x{size} {'unbounded' if limit is None else f'within {limit}'}"
    engines: tuple[tuple[Method, str, float], ...] = (
        ("numpy", what, TARGET),
        ("python", f"{what} (python engine)", PYTHON_TARGET),
    )
    out = []
    for method, label, target in engines:
        found = pos.trace(limit, method).nodes(SupplyStatus.SUPPLIED)
        assert found == expected, f"{label}: supplied hexes differ from networkx"
        out.append(Measure(label, per_call(partial(pos.trace, limit, method)), t_ref, target))
    return out


def measures() -> list[Measure]:
    out = []
    for size in (64, 128):
        pos = Position(random_board(size))
        for limit in (None, RANGE):
            out.extend(compare(pos, size, limit))
    return out


if __name__ == "__main__":
    for m in measures():
        print(
            f"{m.label:45s} ours {m.ours * 1e6:8.0f} us  {m.reference_name} "
            f"{m.reference * 1e6:8.0f} us  x{m.ratio:5.1f} (target {m.target})"
            f"{'' if m.met else '  MISSED'}"
        )
