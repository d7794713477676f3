"""Odds and differential columns: defender-favour rounding, floors, caps, zero defence, shifts."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wargames.core.errors import IllegalAction
from wargames.core.odds import Column, ColumnScale

# K45 7.4b: below 1-2 cancelled, above 7-1 on 8-1+, zero defence on 8-1+ whatever the shifts.
K45_COLUMNS = ["1-2", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1", "7-1", "8-1+"]
K45 = ColumnScale.odds(K45_COLUMNS, rule="K45 7.4b", zero_defence="8-1+", shifted_below="illegal")
# Dark Crusade chart note: below 1:5 not allowed, above 9:1 rounded down to 9:1.
DC_COLUMNS = ["1:5", "1:4", "1:3", "1:2", "1:1", "2:1", "3:1", "4:1", "5:1", "6:1", "7:1", "8:1"]
DC = ColumnScale.odds([*DC_COLUMNS, "9:1"], rule="DC chart note")
# Krim-style edges: an open column below 1:3 and a strict column above 10:1.
KRIM = ColumnScale.odds(["<1:3", "1:3", "1:2", "1:1", "2:1", "5:1", "10:1", ">10:1"])
DIFF = ColumnScale.differential(["<=-3", "-2", "-1", "0", "+1", "+2", "+3", "+4", "+5+"])


def reference_odds(scale: ColumnScale, labels: list[str], a: int, d: int) -> int | None:
    """Brute force: the last column a:b with a*b_col >= d*a_col (integer arithmetic only)."""
    best = None
    for i, label in enumerate(labels):
        num, den = (int(x) for x in label.rstrip("+").replace(":", "-").split("-"))
        if a * den >= d * num:
            best = i
    return best


@pytest.mark.parametrize(
    ("scale", "labels"), [(K45, K45_COLUMNS), (DC, [*DC_COLUMNS, "9:1"])], ids=["K45", "DC"]
)
def test_odds_columns_match_brute_force_for_all_small_pairs(
    scale: ColumnScale, labels: list[str]
) -> None:
    for a in range(0, 61):
        for d in range(1, 16):
            expected = reference_odds(scale, labels, a, d)
            if expected is None:
                with pytest.raises(IllegalAction):
                    scale.column(a, d)
            else:
                assert scale.column(a, d) == expected, (a, d)


def test_odds_are_rounded_in_the_defenders_favour() -> None:
    assert K45.label(K45.column(17, 5)) == "3-1"  # 3.4 -> 3-1
    assert K45.label(K45.column(5, 6)) == "1-2"  # 0.83 -> 1-2
    assert DC.label(DC.column(5, 12)) == "1:3"  # 0.42 -> 1:3


def test_attack_below_1_2_is_cancelled_k45_7_4b() -> None:
    with pytest.raises(IllegalAction, match=r"K45 7\.4b") as err:
        K45.column(2, 5)
    assert err.value.rule == "K45 7.4b"
    assert "1-2" in err.value.reason


def test_odds_above_7_1_use_the_8_1_column_k45_7_4b() -> None:
    assert K45.label(K45.column(8, 1)) == "8-1+"
    assert K45.label(K45.column(40, 3)) == "8-1+"


def test_zero_defence_uses_8_1_regardless_of_shifts_k45_7_4b() -> None:
    assert K45.label(K45.column(3, 0)) == "8-1+"
    assert K45.label(K45.column(3, 0, shift=-4)) == "8-1+"
    assert K45.label(K45.column(0, 0)) == "8-1+"


def test_zero_defence_without_a_fixed_column_is_infinite_odds_and_shifts_apply() -> None:
    assert DC.label(DC.column(3, 0)) == "9:1"
    assert DC.label(DC.column(3, 0, shift=-2)) == "7:1"


def test_terrain_shift_below_1_2_cancels_the_attack_k45_7_4b() -> None:
    assert K45.label(K45.column(2, 1, shift=-2)) == "1-2"
    with pytest.raises(IllegalAction, match="shifted -3"):
        K45.column(2, 1, shift=-3)


def test_shifts_clamp_at_the_top_column() -> None:
    assert K45.label(K45.column(6, 1, shift=5)) == "8-1+"
    assert K45.shifted(0, 99) == len(K45_COLUMNS) - 1


def test_below_1_5_is_not_allowed_and_above_9_1_reads_9_1_dark_crusade() -> None:
    with pytest.raises(IllegalAction, match="DC chart note"):
        DC.column(1, 6)
    assert DC.label(DC.column(1, 5)) == "1:5"
    assert DC.label(DC.column(95, 10)) == "9:1"


def test_shift_below_the_lowest_column_clamps_when_the_policy_says_so() -> None:
    assert DC.label(DC.column(1, 5, shift=-2)) == "1:5"  # default shifted_below="clamp"


def test_odds_below_the_floor_read_the_lowest_column_when_the_policy_says_so() -> None:
    lenient = ColumnScale.odds(K45_COLUMNS, below="lowest")
    assert lenient.label(lenient.column(1, 9)) == "1-2"


def test_open_lowest_and_strict_highest_columns_krim_style() -> None:
    assert KRIM.label(KRIM.column(1, 4)) == "<1:3"
    assert KRIM.label(KRIM.column(0, 4)) == "<1:3"
    assert KRIM.label(KRIM.column(10, 1)) == "10:1"
    assert KRIM.label(KRIM.column(21, 2)) == ">10:1"
    assert KRIM.label(KRIM.column(4, 1)) == "2:1"
    assert KRIM.label(KRIM.column(1, 2, shift=-5)) == "<1:3"


def test_three_to_two_column_between_1_1_and_2_1() -> None:
    scale = ColumnScale.odds(["1:2", "1:1", "3:2", "2:1"])
    assert scale.label(scale.column(7, 5)) == "1:1"
    assert scale.label(scale.column(3, 2)) == "3:2"
    assert scale.label(scale.column(9, 5)) == "3:2"


@given(st.integers(0, 30), st.integers(0, 30), st.integers(-10, 10))
def test_differential_columns_match_brute_force(a: int, d: int, shift: int) -> None:
    diff = a - d
    raw = 0 if diff <= -3 else min(diff + 3, 8)
    expected = min(max(raw + shift, 0), 8)
    assert DIFF.column(a, d, shift) == expected


@given(st.integers(0, 10), st.integers(1, 20))
def test_attack_needed_is_the_least_attack_reaching_the_column(index: int, defence: int) -> None:
    for scale in (K45, DC, KRIM, DIFF):
        if index >= len(scale.columns):
            continue
        need = scale.attack_needed(index, defence)
        assert (scale.raw_column(need, defence) or 0) >= index
        if need > 0 and scale.columns[index].threshold is not None:
            below = scale.raw_column(need - 1, defence)
            assert below is None or below < index


@given(st.integers(1, 80), st.integers(1, 20))
def test_more_attack_never_lowers_the_column(a: int, d: int) -> None:
    assert (KRIM.raw_column(a + 1, d) or 0) >= (KRIM.raw_column(a, d) or 0)
    column = KRIM.columns[KRIM.column(a, d)]
    assert column.threshold is None or Fraction(a, d) >= column.threshold


def test_column_labels_parse() -> None:
    assert Column.parse("8-1+", "odds") == Column("8-1+", Fraction(8))
    assert Column.parse("3:2", "odds") == Column("3:2", Fraction(3, 2))
    assert Column.parse(">10:1", "odds") == Column(">10:1", Fraction(10), strict=True)
    assert Column.parse("<=-4", "differential") == Column("<=-4", None)
    assert Column.parse("+6+", "differential") == Column("+6+", Fraction(6))
    assert Column.parse("1..2", "differential").threshold == 1


@pytest.mark.parametrize(
    ("labels", "message"),
    [
        (["1-1", "1-2"], "not above"),
        (["1-2", "1-2"], "not above"),
        (["1-2", "<1:1"], "only the first"),
        (["1-0"], "zero"),
        (["one to one"], "not an odds column"),
        ([], "at least one"),
    ],
)
def test_bad_column_lists_are_refused_naming_the_column(labels: list[str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        ColumnScale.odds(labels)


def test_unknown_zero_defence_column_is_refused() -> None:
    with pytest.raises(ValueError, match="no column '9-1'"):
        ColumnScale.odds(K45_COLUMNS, zero_defence="9-1")


def test_negative_strength_is_refused() -> None:
    with pytest.raises(ValueError, match="negative"):
        K45.column(-1, 2)
