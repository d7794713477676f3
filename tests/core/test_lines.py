"""Point-to-point maps: line capacities (DC2 Lines A-C), point moves, strategic traces."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wargames.core.board import Board
from wargames.core.errors import IllegalAction
from wargames.core.lines import (
    Carried,
    Ledger,
    Limit,
    LinePolicy,
    line_key,
    load,
    move_along_line,
    point_moves,
    strategic_move,
    strategic_trace,
)

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


def test_axis_major_line_carries_six_of_which_four_armour_dc2_a_1_a() -> None:
    board = east_front()
    six = [Carried(kind="armour")] * 4 + [Carried()] * 2
    ledger = move_along_line(board, "Brest", "Minsk", "axis", six, Ledger(), DC2)
    with pytest.raises(IllegalAction, match="7 units, limit 6") as err:
        move_along_line(board, "Minsk", "Brest", "axis", [Carried()], ledger, DC2)
    assert err.value.rule == "DC2 Lines A"
    with pytest.raises(IllegalAction, match="5 armour units, limit 4"):
        move_along_line(
            board, "Brest", "Minsk", "axis", [Carried(kind="armour")] * 5, Ledger(), DC2
        )


def test_soviet_capacities_differ_dc2_a_2() -> None:
    board = east_front()
    four = [Carried(kind="armour")] * 3 + [Carried()]
    move_along_line(board, "Brest", "Minsk", "soviet", four, Ledger(), DC2)
    with pytest.raises(IllegalAction):
        move_along_line(board, "Brest", "Minsk", "soviet", [*four, Carried()], Ledger(), DC2)


def test_half_value_units_and_ignored_fraction_dc2_b() -> None:
    # an inferior line carries 2: two units and a half-value one count 2 (the 1/2 is ignored)
    board = east_front()
    items = [Carried(), Carried(), Carried(HALF)]
    assert load(items) == 2
    move_along_line(board, "Brest", "Pinsk", "axis", items, Ledger(), DC2)
    with pytest.raises(IllegalAction):
        move_along_line(board, "Brest", "Pinsk", "axis", [*items, Carried(HALF)], Ledger(), DC2)


def test_two_value_army_units_dc2_c() -> None:
    board = east_front()
    with pytest.raises(IllegalAction, match="3 units, limit 2"):
        move_along_line(board, "Brest", "Pinsk", "axis", [Carried(2), Carried()], Ledger(), DC2)


def test_line_capacity_attribute_overrides_the_class_total() -> None:
    board = east_front()
    assert DC2.limit(board, "Kiev", "Kerch", "axis") == Limit(1, {"armour": 1})
    with pytest.raises(IllegalAction):
        move_along_line(board, "Kiev", "Kerch", "axis", [Carried()] * 2, Ledger(), DC2)


def test_capacity_counts_both_directions_of_a_line() -> None:
    assert line_key("Brest", "Minsk", "axis") == line_key("Minsk", "Brest", "axis")


def test_move_needs_a_line() -> None:
    with pytest.raises(IllegalAction, match="not joined"):
        move_along_line(east_front(), "Brest", "Moscow", "axis", [Carried()], Ledger(), DC2)


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


def test_strategic_moves_per_turn_and_three_per_point_dc2_a() -> None:
    board = east_front()
    ours = {"Brest", "Minsk", "Pinsk", "Kiev"}
    ledger = Ledger()
    for _ in range(3):
        ledger = strategic_move(board, "Brest", "Kiev", ours, ledger, per_turn=4)
    with pytest.raises(IllegalAction, match="limit 3"):
        strategic_move(board, "Brest", "Kiev", ours, ledger, per_turn=4)
    ledger = strategic_move(board, "Brest", "Minsk", ours, ledger, per_turn=4)
    with pytest.raises(IllegalAction, match="limit 4"):
        strategic_move(board, "Brest", "Pinsk", ours, ledger, per_turn=4)
    with pytest.raises(IllegalAction, match="no line of friendly points"):
        strategic_move(board, "Brest", "Moscow", ours, Ledger(), per_turn=4)
