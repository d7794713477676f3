"""Fifteenth rules review (s29): options, scenarios and variants. The secret set-up's victory
shift is checked at each boundary, so neither threshold can drift without a failing test."""

from __future__ import annotations

from darkest_support import ctx
from test_darkest_victory import AXIS_CITIES, cities

from wargames.darkest.victory import axis_cities, german_vdp, russian_vdp


def test_the_secret_set_up_shifts_both_thresholds_by_exactly_2_cities() -> None:
    # DC: Secret, Nonhistorical Russian Setup: "at the cost of shifting the Victory Conditions 2
    # cities to the Germans' favor": the Axis wins with 6 (8 - 2), the Russian with 4 or less
    # (6 - 2); 5 cities, even with an objective, give no result.
    g = cities(options={"secret_setup": True})
    g.state.put(g.state.units["G"].moved_to("C2"))  # as if set up
    g.state.put(g.state.units["R"].moved_to("E6"))
    for c in AXIS_CITIES[:2]:
        g.state.control[c] = "russian"
    assert axis_cities(ctx(g)) == (6, True)
    assert german_vdp(ctx(g)).winner == "axis"
    assert russian_vdp(ctx(g)) is None
    g.state.control[AXIS_CITIES[2]] = "russian"
    assert axis_cities(ctx(g)) == (5, True)
    assert german_vdp(ctx(g)) is None  # not shifted further than 2
    assert russian_vdp(ctx(g)) is None  # not unshifted, nor shifted the Russians' way
    g.state.control[AXIS_CITIES[3]] = "russian"
    assert axis_cities(ctx(g)) == (4, True)
    assert russian_vdp(ctx(g)).winner == "russian"
    assert german_vdp(ctx(g)) is None


def test_without_the_secret_set_up_7_cities_give_no_result() -> None:
    # DC: Victory Conditions: the unshifted thresholds, 8 for the Axis, 6 or less for the Russian.
    g = cities()
    g.state.control[AXIS_CITIES[0]] = "russian"
    assert axis_cities(ctx(g)) == (7, True)
    assert russian_vdp(ctx(g)) is None and german_vdp(ctx(g)) is None
    g.state.control[AXIS_CITIES[1]] = "russian"
    assert russian_vdp(ctx(g)).winner == "russian"
