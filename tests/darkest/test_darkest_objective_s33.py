"""The search estimate's objective term (:func:`wargames.darkest.victory.objective`): the
Axis's win needs Leningrad, Moscow or Stalingrad (DC: Victory Conditions; the ``objective``
hexes), so the term is full with one held in supply and otherwise grows as the Axis nears
one. It decides no rule."""

from __future__ import annotations

import pytest
from darkest_support import army, ctx, new, rifle
from test_darkest_victory import cities

from wargames.core.estimate import control_share, logistic, step_share
from wargames.darkest import victory
from wargames.darkest.victory import approach, axis_cities, objective


def test_a_required_city_held_in_supply_fills_the_objective() -> None:
    held = ctx(cities())  # C2, an objective hex, held in supply with 7 other cities
    assert axis_cities(held) == (8, True)
    assert objective(held) == 1.0


def test_without_a_required_city_the_objective_grows_as_the_axis_nears_one() -> None:
    features = {"victory": ["E6"], "objective": ["E6"]}
    far = ctx(new(army("G", "A1"), rifle("R", "E6"), features=features))
    near = ctx(new(army("G", "D6"), rifle("R", "E6"), features=features))
    assert axis_cities(far)[1] is False and axis_cities(near)[1] is False
    assert 0.0 <= objective(far) < objective(near) < 0.5  # half at most until one is held
    no_objective = ctx(new(army("G", "D6"), rifle("R", "E6"), features={"victory": ["E6"]}))
    assert objective(no_objective) == 0.0


def test_the_estimate_weighs_the_objective() -> None:
    c = ctx(cities())
    total, _ = axis_cities(c)
    margin = total - (victory.charts(c).victory["russian_max"] - victory.shift(c)) - 0.5
    expected = (
        0.4 * logistic(margin, 1.5)
        + 0.15 * objective(c)
        + 0.2 * step_share(c, "axis")
        + 0.1 * control_share(c, "axis")
        + 0.15 * approach(c)
    )
    assert victory.estimate(c, "axis") == pytest.approx(expected)
    assert victory.estimate(c, "russian") == pytest.approx(1 - expected)
