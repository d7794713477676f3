"""Command ranges (wargames.core.command): counted in hexes, with closed terrain and hexsides
and hexsides that stop the count in the first hex beyond."""

from __future__ import annotations

from wargames.core.board import Board
from wargames.core.command import RangeRules, command_range
from wargames.core.hexgrid import HexLayout
from wargames.core.retreat import HexsideMatch

ROW = HexLayout(8, 1)


def labels(board: Board, found: dict[int, int]) -> dict[str, int]:
    return {board.index.ids[n]: d for n, d in sorted(found.items())}


def test_range_counts_hexes_from_the_hq() -> None:
    board = Board.hex_map(ROW)
    got = labels(board, command_range(board.index, "0101", 4))
    assert got == {"0101": 0, "0201": 1, "0301": 2, "0401": 3, "0501": 4}


def test_range_never_enters_closed_terrain() -> None:
    board = Board.hex_map(ROW, terrain={"0301": "water"})
    got = labels(board, command_range(board.index, "0101", 5, RangeRules({"water"})))
    assert got == {"0101": 0, "0201": 1}


def test_range_never_crosses_closed_hexsides() -> None:
    board = Board.hex_map(ROW, hexsides={("0201", "0301"): {"impassable"}})
    rules = RangeRules(closed_hexsides=[HexsideMatch({"impassable"})])
    assert labels(board, command_range(board.index, "0101", 5, rules)) == {"0101": 0, "0201": 1}


def test_range_stops_in_the_first_hex_across_a_stop_hexside() -> None:
    board = Board.hex_map(ROW, hexsides={("0201", "0301"): {"major-river"}})
    rules = RangeRules(stop_hexsides=[HexsideMatch({"major-river"}, unless={"bridge"})])
    got = labels(board, command_range(board.index, "0101", 5, rules))
    assert got == {"0101": 0, "0201": 1, "0301": 2}
    bridged = Board.hex_map(ROW, hexsides={("0201", "0301"): {"major-river", "bridge"}})
    assert len(command_range(bridged.index, "0101", 5, rules)) == 6


def test_a_stop_does_not_apply_when_another_way_in_is_open() -> None:
    board = Board.hex_map(HexLayout(4, 3), hexsides={("0102", "0202"): {"major-river"}})
    rules = RangeRules(stop_hexsides=[HexsideMatch({"major-river"})])
    got = labels(board, command_range(board.index, "0102", 3, rules))
    assert got["0302"] == 2 and "0402" in got


def test_a_count_stopped_straight_across_goes_on_by_a_longer_open_way() -> None:
    # K45 2.2e: 0202 is first reached straight across the river (stopped there), but the
    # longer way 0101-0201-0202 crosses none, so the count goes on to 0301 (3 hexes), which
    # only 0202 leads to within range.
    sides = {("0101", "0202"): {"major-river"}, ("0201", "0301"): {"impassable"}}
    board = Board.hex_map(HexLayout(4, 3), hexsides=sides)
    rules = RangeRules(
        closed_hexsides=[HexsideMatch({"impassable"})],
        stop_hexsides=[HexsideMatch({"major-river"})],
    )
    got = labels(board, command_range(board.index, "0101", 3, rules))
    assert got["0202"] == 1 and got["0301"] == 3


def test_going_gives_the_nodes_the_count_goes_on_from() -> None:
    # 0202 is reached at 1 straight across the river (stopped), at 2 by the open way: the
    # count goes on from it at 2; a node reached only across the river is not going.
    sides = {("0101", "0202"): {"major-river"}, ("0201", "0301"): {"impassable"}}
    board = Board.hex_map(HexLayout(4, 3), hexsides=sides)
    rules = RangeRules(
        closed_hexsides=[HexsideMatch({"impassable"})],
        stop_hexsides=[HexsideMatch({"major-river"})],
    )
    going = labels(board, command_range(board.index, "0101", 3, rules, going=True))
    assert going["0101"] == 0 and going["0202"] == 2 and going["0301"] == 3
    stopped = Board.hex_map(ROW, hexsides={("0201", "0301"): {"major-river"}})
    found = labels(stopped, command_range(stopped.index, "0101", 5, rules))
    going = labels(stopped, command_range(stopped.index, "0101", 5, rules, going=True))
    assert found["0301"] == 2 and "0301" not in going
