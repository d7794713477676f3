"""``trace_supply(method="auto")`` picks its search by board size: pure Python below
``AUTO_NUMPY_NODES`` nodes (faster on every title's map), numpy on hex maps from it; both
give the same answer."""

from __future__ import annotations

import pytest

import wargames.core.supply as supply
from wargames.core.board import Board
from wargames.core.hexgrid import HexLayout
from wargames.core.supply import AUTO_NUMPY_NODES, SupplyRules, SupplyStatus, trace_supply


def _engines_used(board: Board, method: supply.Method) -> list[str]:
    used: list[str] = []
    search = supply._search

    def spy(index, engine, *args):  # type: ignore[no-untyped-def]
        used.append(engine)
        return search(index, engine, *args)

    with pytest.MonkeyPatch.context() as m:
        m.setattr(supply, "_search", spy)
        trace_supply(board, SupplyRules(range=6), [board.index.ids[0]], method=method)
    return used


def test_a_small_hex_map_is_searched_in_python() -> None:
    board = Board.hex_map(HexLayout(20, 20))
    assert len(board.index) < AUTO_NUMPY_NODES
    assert set(_engines_used(board, "auto")) == {"python"}
    assert set(_engines_used(board, "numpy")) == {"numpy"}  # asked for, still given


def test_a_big_hex_map_is_searched_with_numpy_and_both_agree() -> None:
    board = Board.hex_map(HexLayout(48, 48))
    assert len(board.index) >= AUTO_NUMPY_NODES
    assert set(_engines_used(board, "auto")) == {"numpy"}
    source = [board.index.ids[0]]
    rules = SupplyRules(range=9)
    a = trace_supply(board, rules, source, method="auto")
    b = trace_supply(board, rules, source, method="python")
    supplied = a.nodes(SupplyStatus.SUPPLIED)
    assert supplied == b.nodes(SupplyStatus.SUPPLIED) and len(supplied) > 50
    assert all(a.distance(n) == b.distance(n) for n in supplied)
