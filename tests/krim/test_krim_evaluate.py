"""Krim: the search estimate (Title.evaluate) follows the victory hexes and the steps."""

from __future__ import annotations

import pytest
from krim_support import new, unit

import wargames
from wargames.core.state import Result
from wargames.krim.victory import approach


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


def test_axis_scores_higher_nearer_sevastopol_and_kerch() -> None:
    """The Axis wins by taking Sevastopol and Kerch: the same forces nearer them score more."""
    game = wargames.new_game("krim", seed=1)
    ctx = game.rules_context()
    axis = sorted(u.id for u in ctx.units_of("axis"))
    before = game.title.evaluate(ctx, "axis")
    near = approach(ctx)
    ctx.state.put(ctx.state.units[axis[0]].moved_to("D8"))  # next to Sevastopol (C7)
    assert approach(ctx) > near
    assert game.title.evaluate(ctx, "axis") > before
    assert game.title.evaluate(ctx, "axis") + game.title.evaluate(ctx, "soviet") == pytest.approx(1)


def test_approach_counts_land_distance_and_held_objectives() -> None:
    units = [unit("S1", "soviet", "C7"), unit("A", "axis", "C3"), unit("B", "axis", "H9")]
    game = new(units)
    ctx = game.rules_context()
    far = approach(ctx)
    ctx.state.put(ctx.state.units["A"].moved_to("C5"))  # two hexes nearer C7 over land
    assert approach(ctx) > far
    ctx.state.control["C7"] = "axis"
    ctx.state.control["H2"] = "axis"
    assert approach(ctx) == 1.0  # every victory hex of this map held
