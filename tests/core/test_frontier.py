"""The two breadth-first engines of :mod:`wargames.core.frontier` against networkx."""

from __future__ import annotations

import networkx as nx
import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from wargames.core.board import Board
from wargames.core.frontier import edges, grid_bfs, list_bfs
from wargames.core.hexgrid import HexLayout

BOARD = Board.hex_map(HexLayout(7, 6))
INDEX = BOARD.index
N = len(INDEX)


def expected(open_nodes: list[bool], seeds: list[int], limit: int | None) -> list[int]:
    """Fewest steps from an open seed through open nodes, by networkx (-1: unreached)."""
    g = nx.Graph()
    g.add_nodes_from(i for i in range(N) if open_nodes[i])
    g.add_edges_from(
        (u, v) for u in range(N) for v in INDEX.adj[u] if open_nodes[u] and open_nodes[v]
    )
    starts = {s for s in seeds if open_nodes[s]}
    dist = [-1] * N
    if starts:
        for node, d in nx.multi_source_dijkstra_path_length(g, starts).items():
            if limit is None or d <= limit:
                dist[node] = int(d)
    return dist


@given(
    st.lists(st.booleans(), min_size=N, max_size=N),
    st.lists(st.integers(0, N - 1), max_size=6),
    st.none() | st.integers(0, 5),
)
def test_grid_and_list_bfs_agree_with_networkx(
    open_nodes: list[bool], seeds: list[int], limit: int | None
) -> None:
    """Repeated and closed seeds count once or not at all; ``limit`` stops the search."""
    assert edges(INDEX).on_grid
    want = expected(open_nodes, seeds, limit)
    mask = np.array(open_nodes, dtype=np.bool_)
    assert grid_bfs(INDEX, mask, seeds + seeds, limit).tolist() == want
    assert list_bfs(INDEX.adj, mask, seeds + seeds, limit).tolist() == want
