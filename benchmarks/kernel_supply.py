"""Supply for a whole side: ``wargames.core.supply.trace_supply`` against networkx.

Method of ``shared/research/performance.md`` (ii): an nx.Graph of the passable hexes of
``random_board(size)``; enemy units placed with ``default_rng(11)`` until the units plus their
passable neighbours block at least 300 hexes; 10 random unblocked sources. The query is every hex
reachable from a source through unblocked passable hexes, unbounded and within 10 hexes (11
``bfs_layers``: the sources and 10 more). Our side takes the units as ``blocked`` and their
neighbours as ``zoc`` and returns statuses, distances and paths on request; the reference is
``bfs_layers(restricted_view(G, blocked, []), sources)``. Reachable sets are checked equal
before timing. Rows "python engine" time the pure-Python BFS used where the numpy grid cannot
follow the board's edges (point-to-point maps).
"""

from __future__ import annotations

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


def position(board: Board) -> tuple[nx.Graph, list[str], set[str], list[str]]:
    """(passable graph, enemy unit hexes, their passable neighbours, sources)."""
    g = board.graph.subgraph(n for n in board if board.terrain(n) != "impassable").copy()
    rng = np.random.default_rng(11)
    nodes = sorted(g)
    units: list[str] = []
    blocked: set[str] = set()
    while len(blocked) < 300:
        u = nodes[int(rng.integers(len(nodes)))]
        units.append(u)
        blocked.add(u)
        blocked.update(g.adj[u])
    free = [n for n in nodes if n not in blocked]
    sources = [free[int(i)] for i in rng.choice(len(free), 10, replace=False)]
    return g, units, blocked - set(units), sources


def measures() -> list[Measure]:
    out = []
    for size in (64, 128):
        board = random_board(size)
        g, units, zoc, sources = position(board)
        ix = board.index
        unit_ids, zoc_ids = {ix.number[n] for n in units}, {ix.number[n] for n in zoc}
        blocked = set(units) | zoc
        for limit in (None, RANGE):
            rules = SupplyRules(range=limit, closed_terrain={"impassable"})

            def trace(method: Method, rules: SupplyRules = rules) -> SupplyMap:
                return trace_supply(
                    board, rules, sources, blocked=unit_ids, zoc=zoc_ids, method=method
                )

            def reference(limit: int | None = limit) -> set[str]:
                layers = nx.bfs_layers(nx.restricted_view(g, blocked, []), sources)
                if limit is not None:
                    layers = islice(layers, limit + 1)
                return set().union(*layers)

            expected = reference()
            for method in ("numpy", "python"):
                found = trace(method).nodes(SupplyStatus.SUPPLIED)  # type: ignore[arg-type]
                assert found == expected, f"{size}: {method} supply differs from networkx"

            t_ref = per_call(reference)
            what = f"supply {size}x{size} {'unbounded' if limit is None else f'within {limit}'}"
            out.append(Measure(what, per_call(lambda: trace("numpy")), t_ref, TARGET))
            out.append(
                Measure(
                    f"{what} (python engine)",
                    per_call(lambda: trace("python")),
                    t_ref,
                    PYTHON_TARGET,
                )
            )
    return out


if __name__ == "__main__":
    for m in measures():
        print(
            f"{m.label:45s} ours {m.ours * 1e6:9.0f} us  {m.reference_name} "
            f"{m.reference * 1e6:9.0f} us  x{m.ratio:6.1f} (target {m.target})"
            f"{'' if m.met else '  MISSED'}"
        )
