"""Point-to-point maps: line capacities (DC2 Lines A-C), point moves, strategic traces."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import pytest
from brute_paths import simple_paths
from hypothesis import given
from hypothesis import strategies as st

from wargames.core.board import Board
from wargames.core.errors import IllegalAction, ScenarioError
from wargames.core.lines import (
    Carried,
    Limit,
    LineLedger,
    LinePolicy,
    Remaining,
    UnitLoad,
    line_paths,
    load,
    point_moves,
    segment_ledger,
    store_ledger,
    strategic_trace,
)
from wargames.core.scenario import parse_scenario
from wargames.core.state import GameState

HALF = Fraction(1, 2)
DC2 = LinePolicy(
    {
        ("major", "axis"): Limit(6, {"armour": 4}),
        ("minor", "axis"): Limit(4, {"armour": 2}),
        ("inferior", "axis"): Limit(2, {"armour": 1}),
        ("major", "soviet"): Limit(4, {"armour": 3}),
        ("minor", "soviet"): Limit(3, {"armour": 2}),
        ("inferior", "soviet"): Limit(2, {"armour": 1}),
    },
    rule="DC2 Lines A",
)


def east_front() -> Board:
    points = {p: {} for p in ("Brest", "Minsk", "Smolensk", "Moscow", "Pinsk", "Kiev", "Kerch")}
    lines = [
        ("Brest", "Minsk", {"line": "major"}),
        ("Minsk", "Smolensk", {"line": "minor", "features": {"highway"}}),
        ("Smolensk", "Moscow", {"line": "major", "features": {"highway"}}),
        ("Brest", "Pinsk", {"line": "inferior"}),
        ("Pinsk", "Kiev", {"line": "minor"}),
        ("Kiev", "Kerch", {"line": "inferior", "features": {"straits"}, "capacity": {"axis": 1}}),
    ]
    return Board.point_map(points, lines)


def move_along_line(
    board: Board, a: str, b: str, side: str, items: list[Carried], led: LineLedger | None = None
) -> LineLedger:
    """Record ``items`` moving a-b in a (fresh) segment ledger under the DC2 capacities."""
    return (led or LineLedger()).add(board, DC2, a, b, side, items)


def test_axis_major_line_carries_six_of_which_four_armour_dc2_a_1_a() -> None:
    board = east_front()
    six = [Carried(kind="armour")] * 4 + [Carried()] * 2
    ledger = move_along_line(board, "Brest", "Minsk", "axis", six)
    with pytest.raises(IllegalAction, match="7 units, limit 6") as err:
        move_along_line(board, "Minsk", "Brest", "axis", [Carried()], ledger)
    assert err.value.rule == "DC2 Lines A"
    with pytest.raises(IllegalAction, match="5 armour units, limit 4"):
        move_along_line(board, "Brest", "Minsk", "axis", [Carried(kind="armour")] * 5)


def test_soviet_capacities_differ_dc2_a_2() -> None:
    board = east_front()
    four = [Carried(kind="armour")] * 3 + [Carried()]
    move_along_line(board, "Brest", "Minsk", "soviet", four)
    with pytest.raises(IllegalAction):
        move_along_line(board, "Brest", "Minsk", "soviet", [*four, Carried()])


def test_half_value_units_and_ignored_fraction_dc2_b() -> None:
    # an inferior line carries 2: two units and a half-value one count 2 (the 1/2 is ignored)
    board = east_front()
    items = [Carried(), Carried(), Carried(HALF)]
    assert load(items) == 2
    move_along_line(board, "Brest", "Pinsk", "axis", items)
    with pytest.raises(IllegalAction):
        move_along_line(board, "Brest", "Pinsk", "axis", [*items, Carried(HALF)])


def test_two_value_army_units_dc2_c() -> None:
    board = east_front()
    with pytest.raises(IllegalAction, match="3 units, limit 2"):
        move_along_line(board, "Brest", "Pinsk", "axis", [Carried(2), Carried()])


def test_line_capacity_attribute_overrides_the_class_total() -> None:
    board = east_front()
    assert DC2.limit(board, "Kiev", "Kerch", "axis") == Limit(1, {"armour": 1})
    with pytest.raises(IllegalAction):
        move_along_line(board, "Kiev", "Kerch", "axis", [Carried()] * 2)


def test_capacity_counts_both_directions_of_a_line() -> None:
    board = east_front()
    led = move_along_line(board, "Brest", "Minsk", "axis", [Carried()] * 4)
    led = move_along_line(board, "Minsk", "Brest", "axis", [Carried()] * 2, led)
    assert led.remaining(board, DC2, "Brest", "Minsk", "axis") == Remaining(0, (("armour", 4),))
    assert led.remaining(board, DC2, "Brest", "Minsk", "soviet") == Remaining(4, (("armour", 3),))


def test_move_needs_a_line() -> None:
    with pytest.raises(IllegalAction, match="not joined"):
        move_along_line(east_front(), "Brest", "Moscow", "axis", [Carried()])


@given(st.lists(st.tuples(st.sampled_from((HALF, 1, 2)), st.booleans()), max_size=10))
def test_limit_equals_floor_of_weights(raw: list[tuple[Fraction | int, bool]]) -> None:
    items = [Carried(w, "armour" if a else "") for w, a in raw]
    limit = Limit(4, {"armour": 2})
    total = sum((Fraction(w) for w, _ in raw), Fraction())
    armour = sum((Fraction(w) for w, a in raw if a), Fraction())
    fits = int(total) <= 4 and int(armour) <= 2
    assert (limit.excess(items) is None) == fits


def test_moves_to_adjacent_points_and_attacks_enemy_points_dc2_operational() -> None:
    board = east_front()
    moves = point_moves(board, "Minsk", enemies={"Smolensk"})
    assert dict(moves.enter) == {"Brest": 1}
    assert moves.attack == {"Smolensk"}


def test_two_points_along_the_highway_dc2_d() -> None:
    board = east_front()

    def highway(a: str, b: str) -> bool:
        return "highway" in board.edge_features(a, b)

    assert dict(point_moves(board, "Minsk", 2, along=highway).enter) == {
        "Smolensk": 1,
        "Moscow": 2,
    }
    # the first point moved to must not be enemy-occupied
    blocked = point_moves(board, "Minsk", 2, enemies={"Smolensk"}, along=highway)
    assert not blocked.enter and blocked.attack == {"Smolensk"}


def test_strategic_trace_along_friendly_points_only_dc2_a_2() -> None:
    board = east_front()
    ours = {"Brest", "Minsk", "Pinsk", "Kiev", "Kerch"}
    trace = strategic_trace(board, "Brest", ours)
    assert trace.labels() == {"Brest": 0, "Kerch": 3, "Kiev": 2, "Minsk": 1, "Pinsk": 1}
    assert trace.path_labels("Kiev") == ["Brest", "Pinsk", "Kiev"]


def test_no_strategic_movement_across_kerch_straits_nor_through_barred_points_dc2_a_1() -> None:
    board = east_front()
    ours = {"Brest", "Minsk", "Pinsk", "Kiev", "Kerch"}
    assert "Kerch" not in strategic_trace(board, "Brest", ours, barred_lines=["straits"])
    assert "Kiev" not in strategic_trace(board, "Brest", ours, barred_points={"Pinsk"})


# --- line classes as scenario data (issue 9 item 4) ------------------------------------------

SIDES = ("axis", "soviet")


def p2p_data(**changes: object) -> dict[str, object]:
    """A small point-to-point scenario with DC2 line classes."""
    data: dict[str, object] = {
        "title": "t",
        "name": "lines",
        "calendar": {"turns": 1},
        "map": {
            "kind": "points",
            "line_kinds": ["armour"],
            "line_classes": {
                "major": {"axis": {"units": 6, "armour": 4}, "soviet": {"units": 4, "armour": 3}},
                "inferior": {
                    "axis": {"units": 2, "armour": 1},
                    "soviet": {"units": 2, "armour": 1},
                },
            },
            "points": [
                {"id": "Brest", "x": 0, "y": 0},
                {"id": "Minsk", "x": 3, "y": -2},
                {"id": "Pinsk", "x": 3, "y": 1},
            ],
            "lines": [
                {"between": ["Brest", "Minsk"], "class": "major"},
                {"between": ["Brest", "Pinsk"], "class": "inferior"},
                {"between": ["Minsk", "Pinsk"], "class": "inferior"},
            ],
        },
        "units": [
            {"id": "HQ", "side": "axis", "type": "hq", "at": "Brest", "line": {"weight": "1/2"}},
            {
                "id": "SS",
                "side": "axis",
                "type": "armour",
                "at": "Brest",
                "line": {"weight": 0.5, "kind": "armour", "retreat": "1/2"},
            },
            {"id": "3R", "side": "axis", "type": "army", "at": "Brest", "line": {"weight": 2}},
            {"id": "5A", "side": "soviet", "type": "army", "at": "Minsk"},
        ],
    }
    data.update(changes)
    return data


def unit_x(line: dict[str, object]) -> dict[str, object]:
    return {"id": "X", "side": "axis", "type": "t", "at": "Brest", "line": line}


def _map(**changes: object) -> dict[str, object]:
    m = dict(p2p_data()["map"])  # type: ignore[call-overload]
    m.update(changes)
    return m


def test_scenario_line_classes_become_the_line_policy() -> None:
    sc = parse_scenario(p2p_data(), "s.toml", SIDES)
    assert sc.lines.limit(sc.board, "Brest", "Minsk", "axis") == Limit(6, {"armour": 4})
    assert sc.lines.limit(sc.board, "Pinsk", "Minsk", "soviet") == Limit(2, {"armour": 1})
    assert sc.load("HQ") == UnitLoad(HALF)
    assert sc.load("SS").moving() == Carried(HALF, "armour")
    assert sc.load("3R").retreating() == Carried(2)
    assert sc.load("5A") == UnitLoad()
    assert sc.board.attr("Minsk", "x") == 3 and sc.board.attr("Minsk", "y") == -2


@pytest.mark.parametrize(
    ("data", "field", "reason"),
    [
        (
            {"map": _map(lines=[{"between": ["Brest", "Minsk"], "class": "mayor"}])},
            "map.lines[0].class",
            "unknown line class 'mayor'",
        ),
        (
            {"map": _map(line_classes={"major": {"allies": {"units": 3}}})},
            "map.line_classes.major.allies",
            "not a side",
        ),
        (
            {"map": _map(line_classes={"major": {"axis": {"units": 3, "armor": 1}}})},
            "map.line_classes.major.axis.armor",
            "unknown kind 'armor'",
        ),
        (
            {"map": _map(line_classes={"major": {"axis": {"units": 3, "armour": 4}}})},
            "map.line_classes.major.axis.armour",
            "more than",
        ),
        (
            {"map": _map(line_classes={"major": {"axis": {"armour": 1}}})},
            "map.line_classes.major.axis.units",
            "missing",
        ),
        (
            {"map": _map(line_classes={"major": {"axis": {"units": 6}}})},
            "map.lines[0].class",
            "no capacity for soviet",
        ),
        (
            {"units": [unit_x({"weight": 0})]},
            "units[0].line.weight",
            "> 0",
        ),
        (
            {"units": [unit_x({"weight": "a"})]},
            "units[0].line.weight",
            "not a number",
        ),
        (
            {"units": [unit_x({"kind": "tank"})]},
            "units[0].line.kind",
            "unknown kind 'tank'",
        ),
        (
            {"units": [unit_x({"wt": 1})]},
            "units[0].line.wt",
            "unknown key",
        ),
        (
            {"units": [{k: v for k, v in unit_x({"weight": 1}).items() if k != "id"}]},
            "units[0].id",
            "missing",
        ),
        (
            {"map": {**_map(), "points": [{"id": "Brest", "x": 1}]}},
            "map.points[0].y",
            "both x and y",
        ),
    ],
)
def test_bad_line_data_names_file_and_field(
    data: dict[str, object], field: str, reason: str
) -> None:
    with pytest.raises(ScenarioError) as err:
        parse_scenario(p2p_data(**data), "s.toml", SIDES)
    assert err.value.file == "s.toml"
    assert err.value.field == field
    assert reason in err.value.reason


def test_ledger_fits_and_remaining_never_raise_and_add_does() -> None:
    sc = parse_scenario(p2p_data(), "s.toml", SIDES)
    board, policy = sc.board, sc.lines
    led = LineLedger()
    armour = [Carried(kind="armour")] * 4
    led = led.add(board, policy, "Brest", "Minsk", "axis", armour)
    assert led.remaining(board, policy, "Minsk", "Brest", "axis") == Remaining(2, (("armour", 0),))
    assert not led.fits(board, policy, "Brest", "Minsk", "axis", [Carried(HALF, "armour")] * 2)
    assert led.fits(board, policy, "Brest", "Minsk", "axis", [Carried()] * 2)
    # half-value units: 4 + 1/2 + 1/2 + 1/2 counts 5 (DC2 B: the fraction is ignored)
    assert led.fits(board, policy, "Brest", "Minsk", "axis", [Carried(HALF)] * 5)
    assert not led.fits(board, policy, "Brest", "Minsk", "axis", [Carried(HALF)] * 6)
    assert not led.fits(board, policy, "Minsk", "Nowhere", "axis", [Carried()])
    # the Soviet load is separate
    soviet = led.remaining(board, policy, "Brest", "Minsk", "soviet")
    assert soviet == Remaining(4, (("armour", 3),))
    with pytest.raises(IllegalAction, match="5 armour units, limit 4"):
        led.add(board, policy, "Minsk", "Brest", "axis", [Carried(kind="armour")])


def test_ledger_is_json_state_reset_every_segment() -> None:
    sc = parse_scenario(p2p_data(), "s.toml", SIDES)
    state = GameState(units=dict(sc.start), turn=2, phase=1, segment=0)
    led = segment_ledger(state).add(sc.board, sc.lines, "Brest", "Pinsk", "axis", [Carried(HALF)])
    store_ledger(state, led)
    again = segment_ledger(state)
    assert again == LineLedger.from_json(json.loads(json.dumps(again.to_json())))
    assert again.weights("Pinsk", "Brest", "axis") == {"": HALF}
    state.segment = 1
    assert segment_ledger(state).weights("Pinsk", "Brest", "axis") == {}


def test_retreat_paths_respect_line_capacity_with_retreat_weights_dc2_c() -> None:
    sc = parse_scenario(p2p_data(), "s.toml", SIDES)
    board, policy = sc.board, sc.lines
    led = LineLedger()
    two = [sc.load("3R").retreating()]  # a Rumanian army counts 2 in retreat too
    paths = line_paths(board, "Brest", 2, "axis", two, led, policy)
    assert ("Brest", "Pinsk") in paths and ("Brest", "Minsk", "Pinsk") in paths
    led = led.add(board, policy, "Brest", "Pinsk", "axis", [Carried()])
    paths = line_paths(board, "Brest", 2, "axis", two, led, policy, closed={"Minsk"})
    assert paths == []
    paths = line_paths(board, "Brest", 1, "axis", [Carried()], led, policy)
    assert paths == [("Brest", "Minsk"), ("Brest", "Pinsk")]


@given(
    st.lists(st.tuples(st.sampled_from((HALF, 1, 2)), st.booleans()), max_size=8),
    st.lists(st.tuples(st.sampled_from((HALF, 1, 2)), st.booleans()), max_size=4),
)
def test_fits_agrees_with_add_and_limit(
    before: list[tuple[Fraction | int, bool]], more: list[tuple[Fraction | int, bool]]
) -> None:
    sc = parse_scenario(p2p_data(), "s.toml", SIDES)
    board, policy = sc.board, sc.lines
    first = [Carried(w, "armour" if a else "") for w, a in before]
    extra = [Carried(w, "armour" if a else "") for w, a in more]
    limit = policy.limit(board, "Brest", "Minsk", "soviet")
    if limit.excess(first) is not None:
        return
    led = LineLedger().add(board, policy, "Brest", "Minsk", "soviet", first)
    fits = led.fits(board, policy, "Brest", "Minsk", "soviet", extra)
    assert fits == (limit.excess([*first, *extra]) is None)
    if fits:
        led.add(board, policy, "Brest", "Minsk", "soviet", extra)
    else:
        with pytest.raises(IllegalAction):
            led.add(board, policy, "Brest", "Minsk", "soviet", extra)


def test_a_line_without_a_capacity_carries_any_load_and_fits_never_raises() -> None:
    board = Board.point_map({"A": {}, "B": {}}, [("A", "B", {"line": "track"})])
    led = LineLedger()
    assert led.fits(board, DC2, "A", "B", "axis", [Carried()] * 50)
    assert led.remaining(board, DC2, "A", "B", "axis") is None
    assert not led.fits(board, DC2, "A", "Nowhere", "axis", [Carried()])
    assert led.add(board, DC2, "A", "B", "axis", [Carried()] * 9).weights("A", "B", "axis") == {
        "": Fraction(9)
    }


@given(
    st.integers(1, 3),
    st.sampled_from((HALF, 1, 2)),
    st.lists(
        st.tuples(st.sampled_from(("Brest", "Minsk", "Pinsk")), st.integers(0, 3)), max_size=4
    ),
    st.frozensets(st.sampled_from(("Minsk", "Pinsk"))),
)
def test_line_paths_are_the_simple_paths_every_line_of_which_fits(
    length: int,
    weight: Fraction | int,
    used: list[tuple[str, int]],
    closed: frozenset[str],
) -> None:
    sc = parse_scenario(p2p_data(), "s.toml", SIDES)
    board, policy = sc.board, sc.lines
    led = LineLedger()
    for other, n in used:  # load some lines from Brest first
        if board.adjacent("Brest", other) and led.fits(
            board, policy, "Brest", other, "axis", [Carried()] * n
        ):
            led = led.add(board, policy, "Brest", other, "axis", [Carried()] * n)
    items = [Carried(weight)]
    got = line_paths(board, "Brest", length, "axis", items, led, policy, closed)
    want = [
        p
        for p in simple_paths(board, ("Brest",), length)
        if len(p) > 1
        and not set(p[1:]) & closed
        and all(led.fits(board, policy, a, b, "axis", items) for a, b in itertools.pairwise(p))
    ]
    assert sorted(got) == sorted(want)
