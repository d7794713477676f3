"""Supply tracing: one multi-source search per side, checked against networkx and the rules."""

from __future__ import annotations

import itertools
from collections.abc import Collection, Iterable
from typing import Any

import attrs
import networkx as nx
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from wargames.core.board import Board
from wargames.core.hexgrid import HexLayout
from wargames.core.supply import (
    Method,
    SupplyMap,
    SupplyRules,
    SupplySources,
    SupplyStatus,
    closer_to_friendly,
    map_edge,
    trace_supply,
)

SUPPLIED, LIMITED, UNSUPPLIED = SupplyStatus.SUPPLIED, SupplyStatus.LIMITED, SupplyStatus.UNSUPPLIED
METHODS: tuple[Method, ...] = ("numpy", "python")
PYTHON: tuple[Method, ...] = ("python",)
EDGE_FEATURES = ("river", "major-river", "bridge", "road", "rail", "water", "straits")
K45 = SupplyRules(
    closed_terrain={"impassable"},
    closed_edges={"major-river", "water", "impassable"},
    opened_by={"road", "rail"},
)


def row(n: int, **kwargs: Any) -> Board:
    """A one-row map 0101-0n01: a path of hexes, handy for ranges."""
    return Board.hex_map(HexLayout(n, 1), **kwargs)


# --- a networkx oracle, written from the rule text and not from the module ------------------


def open_nodes(
    board: Board,
    rules: SupplyRules,
    blocked: Collection[str] = (),
    zoc: Collection[str] = (),
    negated: Collection[str] = (),
    through: Collection[str] | None = None,
    seas: Collection[str] = (),
) -> set[str]:
    shut = rules.closed_terrain | (rules.sea_terrain - set(seas))
    return {
        n
        for n, t in board.graph.nodes(data="terrain")
        if t not in shut
        and n not in blocked
        and (n not in zoc or n in negated)
        and (through is None or n in through)
    }


def crossable(rules: SupplyRules, features: frozenset[str]) -> bool:
    return not features & rules.closed_edges or bool(features & rules.opened_by)


def oracle_tier(
    board: Board, rules: SupplyRules, ok: set[str], sources: Iterable[str], cutoff: int | None
) -> dict[str, int]:
    g = board.graph
    land = nx.Graph()
    land.add_nodes_from(ok)
    land.add_edges_from(
        (a, b) for a, b, f in g.edges(data="features") if {a, b} <= ok and crossable(rules, f)
    )
    seeds = {s for s in sources if s in ok}
    if rules.rail:
        rail = nx.Graph()
        rail.add_nodes_from(ok)
        rail.add_edges_from((a, b) for a, b in land.edges if g.edges[a, b]["features"] & rules.rail)
        seeds = set().union(*(nx.node_connected_component(rail, s) for s in seeds))
    if not seeds:
        return {}
    return dict(nx.multi_source_dijkstra_path_length(land, seeds, cutoff=cutoff, weight=None))


def oracle(
    board: Board,
    rules: SupplyRules,
    ok: set[str],
    sources: Iterable[str],
    limited_sources: Iterable[str] | None = None,
) -> tuple[dict[str, int], set[str]]:
    """(distance of each supplied node, limited nodes) by networkx, through the ``ok`` nodes."""
    full = oracle_tier(board, rules, ok, sources, rules.range)
    lr = rules.limited_range
    if lr is None:
        return full, set()
    if limited_sources is None:
        if rules.range is None:
            return full, set()
        weak = oracle_tier(board, rules, ok, sources, max(lr, rules.range))
    else:
        weak = oracle_tier(board, rules, ok, limited_sources, lr)
    return full, set(weak) - set(full)


def assert_valid_path(
    board: Board,
    rules: SupplyRules,
    result: SupplyMap,
    node: str,
    ok: set[str],
    sources: Collection[str],
) -> None:
    """The path starts at the node, steps between adjacent open nodes over crossable edges,
    stays within range overland and then follows rail edges, and ends at a source."""
    path = result.path(node)
    assert path is not None and path[0] == node and path[-1] in sources
    assert set(path) <= ok
    overland = result.distance(node)
    assert overland is not None
    limit = rules.range if result.status(node) is SUPPLIED else rules.limited_range
    assert limit is None or overland <= limit
    for k, (a, b) in enumerate(itertools.pairwise(path)):
        features = board.edge_features(a, b)  # KeyError if not adjacent
        assert crossable(rules, features)
        if k >= overland:
            assert features & rules.rail
    if not rules.rail:
        assert len(path) - 1 == overland


# --- random boards ---------------------------------------------------------------------------


@st.composite
def boards(
    draw: st.DrawFn, terrains: tuple[str, ...] = ("clear",) * 5 + ("impassable", "sea")
) -> Board:
    cols, rows = draw(st.integers(2, 7)), draw(st.integers(1, 7))
    layout = HexLayout(cols, rows)
    labels = [layout.label(h) for h in layout.hexes()]
    omit = draw(st.sets(st.sampled_from(labels), max_size=len(labels) // 4))
    terrain = {n: draw(st.sampled_from(terrains)) for n in labels if n not in omit}
    board = Board.hex_map(layout, terrain=terrain, omit=omit)
    pairs = sorted(board.graph.edges)
    feats = st.frozensets(st.sampled_from(EDGE_FEATURES), max_size=2)
    for (a, b), f in zip(
        pairs, draw(st.lists(feats, min_size=len(pairs), max_size=len(pairs))), strict=True
    ):
        board.graph.edges[a, b]["features"] = f
    return board


@attrs.frozen
class Case:
    """A random position: a board, a side's sources, enemy units, EZOC, negation, friendly seas."""

    board: Board
    sources: frozenset[str]
    blocked: frozenset[str]
    zoc: frozenset[str]
    negated: frozenset[str]
    seas: tuple[str, ...]

    def trace(
        self, rules: SupplyRules, method: Method, limited_sources: list[str] | None
    ) -> SupplyMap:
        ix = self.board.index
        return trace_supply(
            self.board,
            rules,
            self.sources,
            blocked=[ix.number[n] for n in self.blocked],  # numbers and ids both work
            zoc=self.zoc,
            negated=self.negated,
            friendly_seas=self.seas,
            limited_sources=limited_sources,
            method=method,
        )

    def open(self, rules: SupplyRules) -> set[str]:
        return open_nodes(self.board, rules, self.blocked, self.zoc, self.negated, None, self.seas)

    def check(self, rules: SupplyRules, limited_sources: list[str] | None = None) -> None:
        """Both engines give networkx's supplied and limited sets and distances, valid paths."""
        ok = self.open(rules)
        full, limited = oracle(self.board, rules, ok, self.sources, limited_sources)
        sources = self.sources | set(limited_sources or ())
        for method in METHODS if self.board.layout else PYTHON:
            result = self.trace(rules, method, limited_sources)
            assert result.nodes(SUPPLIED) == set(full)
            assert result.nodes(LIMITED) == limited
            assert {n: result.distance(n) for n in full} == full
            for n in [*full, *limited]:
                assert_valid_path(self.board, rules, result, n, ok, sources)
            for n in set(self.board) - set(full) - limited:
                assert result.status(n) is UNSUPPLIED and result.path(n) is None
                assert result.distance(n) is None


def cases(board: Board) -> st.SearchStrategy[Case]:
    nodes = sorted(board)
    some = st.frozensets(st.sampled_from(nodes), max_size=max(1, len(nodes) // 3))
    return st.builds(
        Case,
        st.just(board),
        st.frozensets(st.sampled_from(nodes), min_size=1, max_size=3),
        some,
        some,
        some,
        st.sampled_from([(), ("sea",)]),
    )


rule_sets = st.builds(
    SupplyRules,
    range=st.none() | st.integers(0, 6),
    closed_terrain=st.just({"impassable"}),
    sea_terrain=st.just({"sea"}),
    closed_edges=st.sets(st.sampled_from(EDGE_FEATURES), max_size=3),
    opened_by=st.sets(st.sampled_from(EDGE_FEATURES), max_size=2),
)
hex_cases = boards().flatmap(cases)


# --- properties ------------------------------------------------------------------------------


@given(hex_cases, rule_sets)
def test_supplied_set_and_distances_equal_networkx_search(case: Case, rules: SupplyRules) -> None:
    case.check(rules)


@given(hex_cases, rule_sets, st.integers(0, 3), st.sampled_from(["rail", "road"]))
def test_rail_leg_equals_networkx_rail_component_then_range(
    case: Case, rules: SupplyRules, reach: int, line: str
) -> None:
    case.check(attrs.evolve(rules, range=reach, rail={line}))


@given(hex_cases, rule_sets, st.integers(0, 3), st.integers(0, 6), st.booleans(), st.data())
def test_limited_tier_equals_networkx_search(
    case: Case, rules: SupplyRules, reach: int, lr: int, rail: bool, data: st.DataObject
) -> None:
    rules = attrs.evolve(rules, range=reach, limited_range=lr, rail={"rail"} if rail else ())
    nodes = sorted(case.board)
    own = data.draw(st.none() | st.lists(st.sampled_from(nodes), max_size=2))
    case.check(rules, own)


@given(boards(), st.data())
def test_closer_to_friendly_equals_networkx_distance_fields(
    board: Board, data: st.DataObject
) -> None:
    nodes = sorted(board)
    friends = data.draw(st.sets(st.sampled_from(nodes), max_size=4))
    enemies = data.draw(st.sets(st.sampled_from(nodes), max_size=4))
    mask = closer_to_friendly(board, friends, enemies)

    def field(seeds: set[str]) -> dict[str, int]:
        return dict(nx.multi_source_dijkstra_path_length(board.graph, seeds)) if seeds else {}

    ours, theirs = field(friends), field(enemies)
    expected = {n for n, d in ours.items() if n not in theirs or d < theirs[n]}
    ids = board.index.ids
    assert {ids[i] for i in np.flatnonzero(mask)} == expected


@st.composite
def point_maps(draw: st.DrawFn) -> Board:
    names = [f"P{i}" for i in range(draw(st.integers(2, 12)))]
    pairs = [(a, b) for i, a in enumerate(names) for b in names[i + 1 :]]
    lines = draw(st.lists(st.sampled_from(pairs), unique=True, max_size=2 * len(names)))
    feats = st.sets(st.sampled_from(EDGE_FEATURES), max_size=2)
    terrain = st.sampled_from(["clear", "clear", "impassable"])
    return Board.point_map(
        {p: {"terrain": draw(terrain)} for p in names},
        [(a, b, {"features": draw(feats)}) for a, b in lines],
    )


@given(point_maps().flatmap(cases), rule_sets)
def test_point_to_point_map_uses_python_bfs_and_equals_networkx(
    case: Case, rules: SupplyRules
) -> None:
    case.check(rules)


# --- the rules, one example each -------------------------------------------------------------


def test_enemy_units_and_ezoc_block_supply_lines_k45_11_1() -> None:
    board = row(6)
    free = trace_supply(board, K45, ["0101"])
    assert free.nodes() == {"0101", "0201", "0301", "0401", "0501", "0601"}
    by_unit = trace_supply(board, K45, ["0101"], blocked=["0401"])
    assert by_unit.nodes() == {"0101", "0201", "0301"}
    by_zoc = trace_supply(board, K45, ["0101"], zoc=["0301", "0401", "0501"], blocked=["0401"])
    assert by_zoc.nodes() == {"0101", "0201"}
    assert by_zoc.status("0601") is UNSUPPLIED


def test_friendly_units_negate_ezoc_for_supply_only_k45_11_1a() -> None:
    board = row(4)
    ezoc = ["0201", "0301"]
    assert not trace_supply(board, K45, ["0101"], zoc=ezoc).in_supply("0401")
    negated = trace_supply(board, K45, ["0101"], zoc=ezoc, negated=["0201", "0301"])
    assert negated.in_supply("0401")
    assert negated.path("0401") == ["0401", "0301", "0201", "0101"]


def test_unbridged_major_river_closed_unless_road_or_rail_k45_11_1a() -> None:
    river = {("0201", "0301"): {"major-river"}}
    assert trace_supply(row(4, hexsides=river), K45, ["0101"]).nodes() == {"0101", "0201"}
    for line in ("road", "rail"):
        crossed = {("0201", "0301"): {"major-river", line}}
        assert trace_supply(row(4, hexsides=crossed), K45, ["0101"]).in_supply("0401")
    water = {("0201", "0301"): {"water"}}
    assert not trace_supply(row(4, hexsides=water), K45, ["0101"]).in_supply("0301")


def test_impassable_terrain_blocks_supply_lines_krim() -> None:
    board = row(4, terrain={"0301": "impassable"})
    assert trace_supply(board, K45, ["0101"]).nodes() == {"0101", "0201"}


def test_unit_on_its_source_needs_no_line_krim() -> None:
    result = trace_supply(row(3), K45, ["0201"], zoc=["0101", "0301"])
    assert result.in_supply("0201")
    assert result.distance("0201") == 0 and result.path("0201") == ["0201"]


def test_source_held_or_zoc_covered_by_enemy_supplies_nothing() -> None:
    assert not trace_supply(row(3), K45, ["0101"], blocked=["0101"]).nodes()
    assert not trace_supply(row(3), K45, ["0101"], zoc=["0101"]).nodes()


def test_range_counts_hexes_from_the_source_dark_crusade_hex() -> None:
    """Axis full supply: 4 hexes back to a source (3 in Mud or Snow)."""
    board = row(8)
    clear = SupplyRules(range=4)
    assert trace_supply(board, clear, ["0101"]).nodes() == {"0101", "0201", "0301", "0401", "0501"}
    mud = trace_supply(board, SupplyRules(range=3), ["0101"])
    assert not mud.in_supply("0501") and mud.distance("0401") == 3


def test_limited_supply_centre_units_out_of_supply_not_isolated_k45_11_2c() -> None:
    """Königsberg cut off from Elbing: units tracing only to it are LIMITED within ten hexes."""
    board = row(15)
    rules = attrs.evolve(K45, limited_range=10)
    edge_source, konigsberg = "0101", "1501"
    result = trace_supply(
        board, rules, [edge_source], blocked=["0301"], limited_sources=[konigsberg]
    )
    assert result.nodes(SUPPLIED) == {"0101", "0201"}
    assert result.status("0501") is LIMITED  # ten hexes from Königsberg
    assert result.status("0401") is UNSUPPLIED  # eleven: out of supply, and may become isolated
    assert result.distance("0501") == 10
    assert result.path("1401") == ["1401", "1501"]
    # with the Autobahn open, Königsberg is a full source again (K45 11.2b)
    full = trace_supply(board, rules, [edge_source, konigsberg], blocked=["0301"])
    assert full.nodes(SUPPLIED) == set(board) - {"0301"}


def test_limited_range_beyond_full_range_from_the_same_sources_dark_crusade_hex() -> None:
    """Full supply within 4 hexes; Limited Supply up to 12; beyond that, Isolated."""
    board = row(16)
    result = trace_supply(board, SupplyRules(range=4, limited_range=12), ["0101"])
    assert [result.status(n).value for n in ("0501", "0601", "1301", "1401")] == [
        "supplied",
        "limited",
        "limited",
        "unsupplied",
    ]


def test_n_hexes_to_a_railroad_then_along_it_to_the_map_edge_dark_crusade_hex() -> None:
    """Soviet supply: 6 hexes (here 2) to a friendly railroad, then along it to the east edge."""
    layout = HexLayout(8, 3)
    rail = {
        ("0802", "0702"): {"rail"},
        ("0702", "0602"): {"rail"},
        ("0602", "0502"): {"rail"},
        ("0502", "0402"): {"rail"},
    }
    board = Board.hex_map(layout, hexsides=rail)
    east = map_edge(board, "east")
    assert east == ["0801", "0802", "0803"]
    rules = SupplyRules(range=2, rail={"rail"})
    result = trace_supply(board, rules, east)
    assert result.in_supply("0202")  # two hexes from the railhead at 0402
    assert not result.in_supply("0102")
    path = result.path("0202")
    assert path is not None and path[0::2][:2] == ["0202", "0402"] and path[-1] == "0802"
    assert result.distance("0202") == 2
    # a blocked rail hex cuts the line: the railhead is now 0602
    cut = trace_supply(board, rules, east, blocked=["0502"])
    assert not cut.in_supply("0202") and cut.in_supply("0402")


def test_supply_across_straits_hexsides_darkest_crusade() -> None:
    """Supply can be traced across hexsides B7/B8, B8/C8 and the Kerch Strait O5/O6."""
    water = SupplyRules(closed_edges={"water"}, opened_by={"straits"})
    closed = row(3, hexsides={("0201", "0301"): {"water"}})
    assert not trace_supply(closed, water, ["0101"]).in_supply("0301")
    strait = row(3, hexsides={("0201", "0301"): {"water", "straits"}})
    assert trace_supply(strait, water, ["0101"]).in_supply("0301")


def test_supply_through_friendly_sea_only_darkest_crusade() -> None:
    board = row(4, terrain={"0201": "sea", "0301": "sea"})
    rules = SupplyRules(sea_terrain={"sea"})
    assert not trace_supply(board, rules, ["0101"]).in_supply("0401")
    assert trace_supply(board, rules, ["0101"], friendly_seas={"sea"}).in_supply("0401")
    with pytest.raises(ValueError, match="not sea_terrain"):
        trace_supply(board, rules, ["0101"], friendly_seas={"baltic"})


def test_line_of_hexes_closer_to_friendly_than_enemy_units_darkest_crusade() -> None:
    """A line of hexes closer to friendly units or cities than to enemy units, to the map edge."""
    board = Board.hex_map(HexLayout(9, 1))
    west = map_edge(board, "west")
    friendly, enemy = ["0301"], ["0701"]
    qualifies = closer_to_friendly(board, friendly, enemy)
    ids = board.index.ids
    assert [ids[i] for i in np.flatnonzero(qualifies)] == ["0101", "0201", "0301", "0401"]
    result = trace_supply(board, SupplyRules(), west, through=qualifies)
    assert result.in_supply("0301") and result.in_supply("0401")
    assert not result.in_supply("0501")  # equally close to both: not closer to friends
    # a friendly city further east extends the line
    pocket = closer_to_friendly(board, [*friendly, "0601"], enemy)
    assert trace_supply(board, SupplyRules(), west, through=pocket).in_supply("0601")


def test_split_source_becomes_soviet_for_good_k45_11_2a() -> None:
    sources = SupplySources(
        {"0101": "German", "0901": "Soviet", "0501": "German"}, for_good={"0501"}
    )
    assert sources.of("German") == ["0101", "0501"]
    taken = sources.captured("0501", "Soviet")
    assert taken.of("Soviet") == ["0501", "0901"] and taken.converted == {"0501"}
    assert taken.captured("0501", "German") is taken  # retaken, but stays Soviet
    assert sources.captured("0501", "German") is sources  # German already: nothing converts


def test_sources_change_hands_any_number_of_times_krim() -> None:
    sources = SupplySources({"0101": "Axis", "0901": "Soviet"})
    back = sources.captured("0101", "Soviet").captured("0101", "Axis")
    assert back == sources
    assert sources.captured("0401", "Soviet") is sources  # not a source


def test_inputs_as_ids_numbers_or_bool_masks_agree() -> None:
    board = row(6)
    ix = board.index
    by_id = trace_supply(board, K45, ["0101"], blocked=["0401"])
    mask = np.zeros(len(ix), dtype=np.bool_)
    mask[ix.number["0401"]] = True
    by_mask = trace_supply(board, K45, np.array([ix.number["0101"]]), blocked=mask)
    assert (by_id.codes == by_mask.codes).all()
    assert by_mask.status(ix.number["0201"]) is SUPPLIED
    assert by_mask.status(np.int64(ix.number["0201"])) is SUPPLIED  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="shape"):
        trace_supply(board, K45, ["0101"], blocked=mask[:3])
    with pytest.raises(ValueError, match="node numbers"):
        trace_supply(board, K45, [len(ix)])
    assert repr(by_id) == "<SupplyMap hex: 3 supplied, 0 limited, 3 unsupplied>"


def test_rules_reject_negative_ranges_and_numpy_on_point_maps() -> None:
    with pytest.raises(ValueError, match="range"):
        SupplyRules(range=-1)
    board = Board.point_map({"A": {}, "B": {}}, [("A", "B", {})])
    assert trace_supply(board, SupplyRules(), ["A"]).in_supply("B")
    with pytest.raises(ValueError, match="numpy"):
        trace_supply(board, SupplyRules(), ["A"], method="numpy")
    with pytest.raises(ValueError, match="hex map"):
        map_edge(board, "east")
