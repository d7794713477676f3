"""Krim: the search estimate (Title.evaluate) follows the victory hexes and the steps."""

from __future__ import annotations

import pytest
from krim_support import new, unit

import wargames
from wargames.core.state import Result


def test_axis_scores_higher_taking_a_soviet_source_and_lower_losing_steps() -> None:
    game = wargames.new_game("krim", seed=1)
    ctx = game.rules_context()
    before = game.title.evaluate(ctx, "axis")
    assert before + game.title.evaluate(ctx, "soviet") == pytest.approx(1.0)
    ctx.state.control["X14"] = "axis"  # Kerch: a Soviet source and a hex to hold
    taken = game.title.evaluate(ctx, "axis")
    assert taken > before
    axis = sorted(u.id for u in ctx.units_of("axis"))
    ctx.state.put(ctx.state.units[axis[0]].boxed("eliminated"))
    assert game.title.evaluate(ctx, "axis") < taken
    assert game.title.evaluate(ctx, "soviet") > 1 - taken


def test_soviet_scores_lower_losing_units() -> None:
    game = new([unit("S1", "soviet", "C7"), unit("S2", "soviet", "C5"), unit("A", "axis", "H10")])
    ctx = game.rules_context()
    before = game.title.evaluate(ctx, "soviet")
    ctx.state.put(ctx.state.units["S2"].boxed("eliminated"))
    assert game.title.evaluate(ctx, "soviet") < before


def test_a_result_decides_the_estimate() -> None:
    game = wargames.new_game("krim", seed=1)
    ctx = game.rules_context()
    ctx.state.result = Result("soviet", "victory", "test")
    assert game.title.evaluate(ctx, "soviet") == 1.0
    assert game.title.evaluate(ctx, "axis") == 0.0
