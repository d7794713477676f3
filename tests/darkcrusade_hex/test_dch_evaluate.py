"""Title.evaluate for search agents: the result once over, else an estimate in [0, 1] that
rises with the victory city points the Axis holds in supply and its share of steps, and that
the two sides read as complements."""

from __future__ import annotations

from dch_support import ctx, game

import wargames
from wargames.core.state import Result
from wargames.darkcrusade.hex import counters as cn


def test_evaluate_reads_the_result_once_the_game_is_over() -> None:
    g = game({})
    g.state.result = Result(cn.RUSSIAN, "victory", "test")
    assert g.title.evaluate(ctx(g), cn.RUSSIAN) == 1.0
    assert g.title.evaluate(ctx(g), cn.AXIS) == 0.0


def test_evaluate_rises_with_axis_victory_points_in_supply_and_sides_are_complements() -> None:
    g = wargames.new_game("darkcrusade-hex", seed=0)
    c = ctx(g)
    axis, russian = g.title.evaluate(c, cn.AXIS), g.title.evaluate(c, cn.RUSSIAN)
    assert 0.0 < axis < 1.0 and abs(axis + russian - 1.0) < 1e-9
    board = g.scenario.board
    kiev = next(n for n in board.nodes_with("victory") if "Kiev" in str(board.attr(n, "name")))
    g.state.control[kiev] = cn.AXIS
    g.state.set("railheads", [kiev])  # a rail head on Kiev: the city is in Axis supply
    assert g.title.evaluate(ctx(g), cn.AXIS) > axis
    g2 = wargames.new_game("darkcrusade-hex", seed=0)
    before = g2.title.evaluate(ctx(g2), cn.AXIS)
    for u in list(g2.state.on_map()):
        if g2.scenario.units[u.id].side == cn.RUSSIAN and u.id.startswith("T"):
            g2.state.put(u.boxed(cn.ELIMINATED))
    assert g2.title.evaluate(ctx(g2), cn.AXIS) > before  # the Russian tank korps are gone
