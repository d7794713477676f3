"""The board graph and its compiled index."""

from __future__ import annotations

import networkx as nx
import pytest
from hypothesis import given
from hypothesis import strategies as st

from wargames.core.board import Board
from wargames.core.hexgrid import HexLayout


@given(
    st.integers(1, 9),
    st.integers(1, 9),
    st.sampled_from(["flat", "pointy"]),
    st.sampled_from(["odd", "even"]),
)
def test_hex_map_edges_join_exactly_the_adjacent_hexes(
    cols: int, rows: int, orient: str, shifted: str
) -> None:
    layout = HexLayout(cols, rows, orientation=orient, shifted=shifted)  # type: ignore[arg-type]
    board = Board.hex_map(layout)
    assert len(board) == cols * rows
    for a in board:
        for b in board:
            assert board.adjacent(a, b) == (board.hex_of(a).distance(board.hex_of(b)) == 1)


def test_index_mirrors_the_graph() -> None:
    board = Board.hex_map(
        HexLayout(4, 3),
        terrain={"0101": "forest"},
        features={"0202": ["city", "port"]},
        hexsides={("0101", "0102"): ["river", "bridge"]},
    )
    ix = board.index
    assert [ix.ids[i] for i in range(len(ix))] == sorted(board)
    for i, node in enumerate(ix.ids):
        assert {ix.ids[j] for j in ix.adj[i]} == set(board.neighbours(node))
        assert ix.terrain_names[ix.terrain[i]] == board.terrain(node)
        for j, bits in zip(ix.adj[i], ix.edge_bits[i], strict=True):
            names = {f for f in ix.feature_names if bits & ix.bit[f]}
            assert names == board.edge_features(node, ix.ids[j])
    a, b = ix.number["0101"], ix.number["0102"]
    assert ix.edge_mask(a, b) == ix.mask("river", "bridge") == ix.edge_mask(b, a)
    assert ix.nodes_with("city") == [ix.number["0202"]]
    assert ix.mask("no-such-feature") == 0


def test_grid_places_every_hex_in_its_own_cell_with_six_neighbour_offsets() -> None:
    board = Board.hex_map(HexLayout(7, 5))
    ix = board.index
    assert len(set(ix.cell.tolist())) == len(ix)
    for i in range(len(ix)):
        around = {int(ix.node_of_cell[ix.cell[i] + off]) for off in ix.offsets} - {-1}
        assert around == set(ix.adj[i])


def test_point_map_lines_and_capacities() -> None:
    board = Board.point_map(
        {"Minsk": {"features": ["city"]}, "Smolensk": {}, "Moscow": {"terrain": "city"}},
        [
            ("Minsk", "Smolensk", {"line": "rail", "capacity": {"axis": 3, "soviet": 2}}),
            ("Smolensk", "Moscow", {"line": "road"}),
        ],
    )
    assert board.kind == "points"
    assert board.edge_attr("Smolensk", "Minsk", "capacity") == {"axis": 3, "soviet": 2}
    assert board.distance("Minsk", "Moscow") == 2
    assert board.has("Minsk", "city") and board.terrain("Moscow") == "city"


def test_board_distance_on_points_matches_networkx() -> None:
    g = nx.random_regular_graph(3, 20, seed=4)
    points = {str(n): {} for n in g}
    board = Board.point_map(points, [(str(a), str(b), {}) for a, b in g.edges])
    lengths = dict(nx.all_pairs_shortest_path_length(g))
    for a in g:
        for b in g:
            assert board.distance(str(a), str(b)) == lengths[a][b]


def test_hexside_between_non_adjacent_hexes_is_an_error() -> None:
    with pytest.raises(ValueError, match="0101/0303"):
        Board.hex_map(HexLayout(4, 4), hexsides={("0101", "0303"): ["river"]})


def test_omitted_hexes_are_not_on_the_board() -> None:
    board = Board.hex_map(HexLayout(3, 3), omit=["0202"])
    assert "0202" not in board and len(board) == 8
    assert "0202" not in board.neighbours("0201")


def test_per_position_tables_are_built_once_per_key_and_bounded() -> None:
    index = Board.hex_map(HexLayout(3, 3)).index
    built: list[int] = []

    def build(n: int) -> object:
        built.append(n)
        return object()

    first = index.per_position(("p", 1), lambda: build(1), limit=2)
    assert index.per_position(("p", 1), lambda: build(1), limit=2) is first
    index.per_position(("p", 2), lambda: build(2), limit=2)
    index.per_position(("p", 3), lambda: build(3), limit=2)  # full: emptied first
    assert index.per_position(("p", 1), lambda: build(1), limit=2) is not first
    assert built == [1, 2, 3, 1]
