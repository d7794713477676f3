"""Strength totals: cumulative modifiers, exact fractions, the title's rounding (K45 0.1c, 0.1d)."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wargames.core.strength import (
    HALF,
    QUARTER,
    StrengthRounding,
    modified,
    round_strength,
    total_strength,
)

factors = st.sampled_from([Fraction(1), HALF, QUARTER, Fraction(3, 2), Fraction(2)])


def test_halved_for_terrain_and_supply_is_quartered_k45_0_1c() -> None:
    assert modified(7, HALF, HALF) == modified(7, QUARTER) == Fraction(7, 4)


def test_stack_is_totalled_before_halving_k45_0_1d() -> None:
    halved = [modified(3, HALF), modified(3, HALF)]
    assert total_strength(halved, "down") == 3  # 1.5 + 1.5, rounded once
    assert StrengthRounding(per_unit=True).total(halved, "attack") == 2  # 1 + 1


def test_fractions_kept_until_every_modifier_is_applied_k45_0_1c() -> None:
    # 5 halved is 2.5; halved again 1.25: rounding after the first halving would give 1.
    assert total_strength([modified(5, HALF, HALF), modified(5, HALF, HALF)]) == 2


def test_supply_halving_rounds_down_on_offence_and_up_on_defence() -> None:
    # Darkest Crusade supply: firepower halved, rounded down on offence, up on defence.
    policy = StrengthRounding(attack="down", defence="up")
    units = [modified(5, HALF)]
    assert policy.total(units, "attack") == 2
    assert policy.total(units, "defence") == 3


@pytest.mark.parametrize(
    ("value", "rounding", "expected"),
    [
        (Fraction(5, 2), "down", 2),
        (Fraction(5, 2), "up", 3),
        (Fraction(5, 2), "nearest", 3),
        (Fraction(9, 4), "nearest", 2),
        (Fraction(11, 4), "nearest", 3),
        (Fraction(3), "up", 3),
        (Fraction(0), "down", 0),
        (4, "nearest", 4),
    ],
)
def test_rounding_cases(value: Fraction, rounding: str, expected: int) -> None:
    assert round_strength(value, rounding) == expected  # type: ignore[arg-type]


@given(st.fractions(min_value=0, max_value=100))
def test_each_rounding_stays_within_one_of_the_exact_value(value: Fraction) -> None:
    down, up, nearest = (round_strength(value, r) for r in ("down", "up", "nearest"))
    assert down <= value < down + 1
    assert up - 1 < value <= up
    assert abs(value - nearest) <= HALF


@given(st.lists(st.tuples(st.integers(0, 20), st.lists(factors, max_size=3)), max_size=6))
def test_total_is_the_exact_sum_rounded_once_k45_0_1d(
    units: list[tuple[int, list[Fraction]]],
) -> None:
    exact = sum((s * math.prod(f, start=Fraction(1)) for s, f in units), Fraction(0))
    values = [modified(s, *f) for s, f in units]
    assert total_strength(values, "down") == math.floor(exact)
    assert StrengthRounding(defence="up").total(values, "defence") == math.ceil(exact)


def test_negative_strength_or_factor_is_refused() -> None:
    with pytest.raises(ValueError, match="negative"):
        modified(-1)
    with pytest.raises(ValueError, match="negative"):
        modified(3, Fraction(-1, 2))


def test_unknown_rounding_or_role_is_refused() -> None:
    with pytest.raises(ValueError, match="rounding"):
        round_strength(1, "sideways")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        StrengthRounding(attack="sideways")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="role"):
        StrengthRounding().total([1], "support")  # type: ignore[arg-type]
