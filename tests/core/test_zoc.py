"""Zones of control: the zone map against a naive neighbour scan, and the K45 3.4/3.5 limits."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Mapping

from hypothesis import given
from hypothesis import strategies as st

from wargames.core.board import Board
from wargames.core.hexgrid import HexLayout
from wargames.core.zoc import Barrier, ZocPolicy, ZocRules, zones

TERRAINS = ("clear", "clear", "rough", "forest", "swamp", "water")
HEXSIDES = (
    *[frozenset()] * 6,
    frozenset({"river"}),
    frozenset({"river", "bridge"}),
    frozenset({"major-river"}),
    frozenset({"major-river", "bridge"}),
    frozenset({"impassable"}),
    frozenset({"water"}),
    frozenset({"road"}),
    frozenset({"road", "river", "bridge"}),
)


@st.composite
def boards(draw: st.DrawFn, max_columns: int = 5, max_rows: int = 4) -> Board:
    """Small random hex maps with random terrain and hexside features."""
    columns = draw(st.sampled_from(range(2, max_columns + 1)))
    layout = HexLayout(columns, draw(st.sampled_from(range(2, max_rows + 1))))
    labels = [layout.label(h) for h in layout.hexes()]
    terrain = {label: draw(st.sampled_from(TERRAINS)) for label in labels}
    bare = Board.hex_map(layout, terrain=terrain)
    edges = sorted(tuple(sorted(e)) for e in bare.graph.edges)
    sides = {(a, b): draw(st.sampled_from(HEXSIDES)) for a, b in edges}
    return Board.hex_map(layout, terrain=terrain, hexsides=sides)


def naive_zones(board: Board, units: Mapping[Hashable, str]) -> dict[str, set[Hashable]]:
    """K45 3.5(4) by hand: own hex plus neighbours, not into water, not across impassable or
    water hexsides or unbridged major rivers."""
    out: dict[str, set[Hashable]] = defaultdict(set)
    for key, at in units.items():
        out[at].add(key)
        for n in board.neighbours(at):
            f = board.edge_features(at, n)
            blocked = (
                "impassable" in f or "water" in f or ("major-river" in f and "bridge" not in f)
            )
            if not blocked and board.terrain(n) != "water":
                out[n].add(key)
    return dict(out)


@given(st.data())
def test_zones_equal_naive_neighbour_scan(data: st.DataObject) -> None:
    board = data.draw(boards())
    labels = sorted(board)
    placed = data.draw(st.lists(st.sampled_from(labels), max_size=4))
    units = {f"u{i}": at for i, at in enumerate(placed)}
    zm = zones(board.index, units)
    expected = naive_zones(board, units)
    assert {k: set(v) for k, v in zm.labels(board.index).items()} == expected
    for label in labels:
        n = board.index.number[label]
        assert (n in zm) == (label in expected)
        assert zm.exerting(n) == frozenset(expected.get(label, ()))


def _line(features: dict[tuple[str, str], set[str]] | None = None, **terrain: str) -> Board:
    """A 4x1 strip 0101-0401 (flat columns, so each hex touches the next)."""
    return Board.hex_map(HexLayout(4, 1), terrain=terrain or None, hexsides=features)


def test_zoc_not_across_unbridged_major_river_k45_3_5_4() -> None:
    board = _line({("0201", "0301"): {"major-river"}})
    zm = zones(board.index, {"A": "0201"})
    assert zm.labels(board.index) == {"0101": {"A"}, "0201": {"A"}}


def test_zoc_across_bridged_major_river_k45_3_5_4() -> None:
    board = _line({("0201", "0301"): {"major-river", "bridge"}})
    assert "0301" in zones(board.index, {"A": "0201"}).labels(board.index)


def test_zoc_not_into_water_hex_nor_across_impassable_k45_3_5_4() -> None:
    board = Board.hex_map(
        HexLayout(4, 1),
        terrain={"0301": "water"},
        hexsides={("0101", "0201"): {"impassable"}},
    )
    assert zones(board.index, {"A": "0201"}).labels(board.index) == {"0201": {"A"}}


def test_zoc_barriers_are_a_policy() -> None:
    board = _line({("0201", "0301"): {"river"}})
    policy = ZocPolicy(barriers=(Barrier("river", unless=frozenset({"bridge"})),))
    assert "0301" not in zones(board.index, {"A": "0201"}, policy).labels(board.index)


def test_zoc_only_into_clear_from_clear_panzergruppe_darkest_crusade() -> None:
    board = _line(**{"0301": "forest"})
    ix = board.index

    def clear_to_clear(unit: Hashable, source: int, target: int) -> bool:
        return unit != "PzGr" or (ix.terrain[source] == ix.terrain[target])

    zm = zones(ix, {"PzGr": "0201"}, ZocPolicy(extends=clear_to_clear))
    assert zm.labels(ix) == {"0101": {"PzGr"}, "0201": {"PzGr"}}


def test_zone_map_knows_which_units_exert_for_the_same_unit_rule() -> None:
    board = _line()
    ix = board.index
    zm = zones(ix, {"A": "0101", "B": "0401"})
    n = ix.number
    assert zm.exerting(n["0201"]) == {"A"}
    assert zm.shared(n["0101"], n["0201"])
    assert not zm.shared(n["0201"], n["0301"])


def test_friendly_units_negate_ezoc_for_supply_only_k45_3_4() -> None:
    board = _line()
    ix = board.index
    zm = zones(ix, {"A": "0201"})
    friendly = ix.number["0301"]
    for_supply = zm.without([friendly])
    assert friendly in zm and friendly not in for_supply
    assert ix.number["0101"] in for_supply
    assert not ZocRules(stop_on_enter=True).friends_negate  # movement keeps the EZOC


def test_units_exerting_are_the_callers_choice_k45_3_1a() -> None:
    board = _line()
    exerting = {k: at for k, at in {"inf": "0101", "HQ": "0401"}.items() if k != "HQ"}
    assert set(zones(board.index, exerting).labels(board.index)) == {"0101", "0201"}
