"""Combat tables from data: lookups, DRM clamping, exact distributions, numpy batches."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from wargames.core.crt import CRT, Dice, FireTable
from wargames.core.errors import IllegalAction
from wargames.core.results import parse_result

# K45-style odds CRT. The real cells are not known (research/konigsberg.md): placeholder cells
# in the K45 notation, policy from K45 7.4b.
K45_DATA: dict[str, Any] = {
    "provisional": True,
    "note": "placeholder cells in K45 notation; the printed CRT is not known",
    "kind": "odds",
    "dice": "1d6",
    "rule": "K45 7.4b",
    "zero_defence": "8-1+",
    "shifted_below": "illegal",
    "columns": ["1-2", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1", "7-1", "8-1+"],
    "rows": {
        "1": ["A2", "A1", "A1", "A1/D1", "D1", "D1r2", "D2r2", "D2r2", "D3r2"],
        "2": ["A1", "A1", "A1/D1", "D1", "D1r2", "D1r2", "D2r2", "D2r2", "D3r2"],
        "3": ["A1", "A1*/Dr", "D1", "D1", "D1r2", "D2r2", "D2r2", "D3r2", "D3r2"],
        "4": ["A1*/Dr", "Dr", "D1", "D1r2", "D1r2", "D2r2", "D3r2", "D3r2", "D3r2"],
        "5": ["Dr", "D1", "D1r2", "D1r2", "D2r2", "D2r2", "D3r2", "D3r2", "D3r2"],
        "6": ["D1", "D1r2", "D1r2", "D2r2", "D2r2", "D3r2", "D3r2", "D3r2", "D3r2"],
    },
}

# Dark-Crusade-style odds CRT: the chart's codes and edges (below 1:5 not allowed, above 9:1
# reads 9:1); the cells are placeholders (research/crusade.md: not found). Rows 0 and 7 are
# there for die-roll modifiers.
DC_DATA: dict[str, Any] = {
    "provisional": True,
    "rule": "DC chart note",
    "columns": ["1:5", "1:4", "1:3", "1:2", "1:1", "2:1", "3:1", "4:1", "5:1", "7:1", "9:1"],
    "rows": {
        "7": ["AD", "D", "D1", "D2", "D3", "DE", "DE", "BK", "BK", "BK", "BK"],
        "6": ["AD", "AD", "D", "D1", "D2", "D3", "DE", "DE", "BK", "BK", "BK"],
        "5": ["AE", "AD", "X/2", "D", "D1", "D2", "D3", "DE", "DE", "BK", "BK"],
        "4": ["AE", "AE", "AD", "X/2", "D", "D1", "D2", "D3", "DE", "DE", "BK"],
        "3": ["AE", "AE", "AE", "X", "X/2", "D", "D1", "D2", "D3", "DE", "DE"],
        "2": ["AE", "AE", "AE", "AE", "X", ".5X", "D", "D1", "D2", "D3", "DE"],
        "0-1": ["AE", "AE", "AE", "AE", "2X", "X", "X/2", "D", "D1", "D2", "D3"],
    },
}

# A 2d6 differential table (illustration): attack minus defence.
DIFF_DATA: dict[str, Any] = {
    "kind": "differential",
    "dice": "2d6",
    "columns": ["<=-2", "-1", "0", "+1", "+2", "+3+"],
    "rows": {
        "2-4": ["AE", "AE", "A1", "A1", "NE", "NE"],
        "5-6": ["AE", "A1", "NE", "NE", "D1", "D1"],
        "7": ["A1", "NE", "NE", "D1", "D1", "D2"],
        "8-9": ["NE", "NE", "D1", "D1", "D2", "DE"],
        "10-12": ["NE", "D1", "D1", "D2", "DE", "DE"],
    },
}

# Darkest Crusade ground combat results table (darkest-crusade.txt): hits by strength 1-25;
# the row is read by the die in column A or B; "-" is no hit.
DARKEST_ROWS = [
    "1 2 3 3 4 5 5 6 6 7 7 8 8 9 9 10 10 11 11 12 12 13 13 14 14",
    "1 2 2 3 3 4 5 5 5 6 6 7 7 8 8 9 9 10 10 11 11 12 12 13 13",
    "1 1 2 2 3 3 4 4 5 5 6 6 7 7 8 8 9 9 10 10 11 11 12 12 13",
    "- 1 1 2 2 3 3 4 4 5 5 6 6 7 7 8 8 9 9 10 10 11 11 12 12",
    "- - 1 1 2 2 2 3 4 4 5 5 6 6 7 7 8 8 9 9 10 10 11 11 12",
    "- - - 1 1 1 2 2 3 3 4 4 5 5 6 6 7 7 8 8 9 9 10 10 11",
]
DARKEST_DATA: dict[str, Any] = {
    "dice": "1d6",
    "strengths": list(range(1, 26)),
    "die_columns": {"A": [1, 2, 3, 4, 5, 6], "B": [6, 5, 4, 3, 2, 1]},
    "rows": [row.split() for row in DARKEST_ROWS],
}

K45 = CRT.from_data(K45_DATA)
DC = CRT.from_data(DC_DATA)
DIFF = CRT.from_data(DIFF_DATA)
DARKEST = FireTable.from_data(DARKEST_DATA)
DARKEST_SPLIT = FireTable.from_data({**DARKEST_DATA, "above": "split"})
TABLES = {"K45": K45, "DC": DC, "DIFF": DIFF}


def test_k45_lookup_reads_die_row_and_odds_column_k45_7_2() -> None:
    assert str(K45.lookup(K45.column(17, 5), 4)) == "D1r2"
    assert str(K45.lookup("1-1", 3)) == "A1*/Dr"
    assert K45.lookup(0, 1) == parse_result("A2")


def test_k45_attack_below_1_2_is_cancelled_k45_7_4b() -> None:
    with pytest.raises(IllegalAction, match=r"K45 7\.4b"):
        K45.column(1, 3)


def test_dark_crusade_edges_below_1_5_not_allowed_above_9_1_reads_9_1() -> None:
    with pytest.raises(IllegalAction, match="DC chart note"):
        DC.column(2, 11)
    assert DC.scale.label(DC.column(30, 3)) == "9:1"
    assert str(DC.lookup(DC.column(30, 3), 6)) == "BK"


def test_die_roll_modifiers_clamp_to_the_tables_rows() -> None:
    assert K45.lookup(0, 6, drm=+3) == K45.lookup(0, 6)
    assert K45.lookup(0, 1, drm=-2) == K45.lookup(0, 1)
    assert str(DC.lookup("1:1", 6, drm=+1)) == "D3"  # the 7 row, there for modifiers
    assert str(DC.lookup("1:1", 1, drm=-5)) == "2X"  # below the 0-1 row reads it


def test_two_dice_distribution_weights_rows_by_their_totals() -> None:
    dist = DIFF.distribution("0")
    assert dist[parse_result("D1")] == Fraction(5 + 4 + 3 + 2 + 1, 36)  # totals 8 to 12
    assert dist[parse_result("A1")] == Fraction(6, 36)  # 2, 3, 4
    assert DIFF.scale.label(DIFF.column(3, 9)) == "<=-2"
    assert DIFF.scale.label(DIFF.column(9, 2)) == "+3+"


@pytest.mark.parametrize("name", TABLES)
def test_every_distribution_sums_to_exactly_one(name: str) -> None:
    table = TABLES[name]
    for column in range(len(table.scale.columns)):
        for drm in range(-4, 5):
            dist = table.distribution(column, drm)
            assert sum(dist.values()) == 1
            assert all(p > 0 for p in dist.values())


@pytest.mark.parametrize("name", TABLES)
def test_distribution_agrees_with_monte_carlo_batches(name: str) -> None:
    table = TABLES[name]
    rng = np.random.default_rng(20240601)
    n = 40_000
    for column in range(len(table.scale.columns)):
        drm = column % 3 - 1
        ids = table.resolve_batch(np.full(n, column), rng, drm)
        counts = np.bincount(ids, minlength=len(table.results)) / n
        exact = table.distribution(column, drm)
        for i, result in enumerate(table.results):
            assert abs(counts[i] - float(exact.get(result, 0))) < 0.015, (column, str(result))


@pytest.mark.parametrize("name", TABLES)
def test_batch_lookup_agrees_with_single_lookups(name: str) -> None:
    table = TABLES[name]
    grid = [
        (c, r, d)
        for c in range(len(table.scale.columns))
        for r in range(table.dice.low - 1, table.dice.high + 2)
        for d in (-3, -1, 0, 2)
    ]
    cols, rolls, drms = (np.array(x) for x in zip(*grid, strict=True))
    ids = table.lookup_batch(cols, rolls, drms)
    assert [table.results[i] for i in ids] == [table.lookup(c, r, d) for c, r, d in grid]


@given(st.integers(0, 2**32 - 1), st.integers(1, 300))
def test_resolve_batch_uses_the_rolls_it_draws(seed: int, k: int) -> None:
    columns = np.random.default_rng(seed).integers(0, len(K45.scale.columns), k)
    rolls = K45.dice.roll_batch(np.random.default_rng(seed + 1), k)
    ids = K45.resolve_batch(columns, np.random.default_rng(seed + 1))
    assert np.array_equal(ids, K45.lookup_batch(columns, rolls))


def test_batch_refuses_columns_out_of_range() -> None:
    with pytest.raises(ValueError, match="column indices"):
        K45.lookup_batch([0, 9], [1, 1])


def test_dice_specs_parse_and_give_exact_distributions() -> None:
    assert Dice.parse("1d6") == Dice(1, 6)
    assert Dice.parse("d10") == Dice(1, 10)
    assert str(Dice.parse("2d6")) == "2d6"
    two = Dice(2, 6).distribution()
    assert two[2] == Fraction(1, 36) and two[7] == Fraction(6, 36)
    assert sum(two.values()) == 1
    with pytest.raises(ValueError, match="NdS"):
        Dice.parse("2x6")


def _broken(change: Mapping[str, Any], rows: Mapping[str, Any] | None = None) -> dict[str, Any]:
    data = {**K45_DATA, **change}
    if rows is not None:
        data["rows"] = {**K45_DATA["rows"], **rows}
    return data


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (_broken({}, {"3": ["A1"] * 8}), r"row '3': 8 cells for 9 columns"),
        (_broken({}, {"2": ["A1"] * 8 + ["D?"]}), r"row '2', column '8-1\+': result code 'D\?'"),
        (_broken({"rows": {k: v for k, v in K45_DATA["rows"].items() if k != "4"}}), "no row for"),
        (_broken({}, {"3-4": ["A1"] * 9}), "both hold"),
        (_broken({"rows": {"1-5": ["A1"] * 9}}), "do not cover 1d6"),
        (_broken({"colour": "red"}), "unknown key 'colour'"),
        (_broken({"kind": "ratio"}), "kind 'ratio'"),
        (_broken({"dice": "six"}), "dice 'six'"),
        (_broken({"zero_defence": "9-1"}), "no column '9-1'"),
        (_broken({}, {"x": ["A1"] * 9}), "row 'x': not a die value"),
        (_broken({"columns": "1-2"}), "columns: expected a list"),
        ({"rows": {}}, "needs 'columns' and 'rows'"),
    ],
)
def test_bad_table_data_is_refused_naming_the_row_and_column(
    data: dict[str, Any], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        CRT.from_data(data)


def test_even_a_1_factor_unit_has_a_50_percent_chance_of_a_hit_darkest_crusade() -> None:
    assert DARKEST.distribution(1) == {0: Fraction(1, 2), 1: Fraction(1, 2)}


def test_the_row_is_read_by_die_column_a_or_b_darkest_crusade() -> None:
    assert DARKEST.hits(25, 1, "A") == 14 == DARKEST.hits(25, 6, "B")
    assert DARKEST.hits(25, 6, "A") == 11 == DARKEST.hits(25, 1, "B")
    assert DARKEST.hits(4, 4, "A") == 2
    assert DARKEST.indexes == ("A", "B")


def test_pressed_attack_moves_the_firing_column_darkest_crusade() -> None:
    assert DARKEST.hits(5, 3, shift=+2) == DARKEST.hits(7, 3)
    assert DARKEST.hits(5, 3, shift=-2) == DARKEST.hits(3, 3)
    assert DARKEST.hits(2, 1, shift=-5) == 0  # below the first column: no hits


def test_unsupplied_fire_loses_a_hit_but_never_below_zero_darkest_crusade() -> None:
    assert DARKEST.hits(6, 1, modifier=-1) == 4
    assert DARKEST.hits(1, 6, modifier=-1) == 0


def test_strength_above_the_largest_column_caps_or_splits_by_policy() -> None:
    assert DARKEST.hits(40, 1) == DARKEST.hits(25, 1) == 14
    assert DARKEST_SPLIT.hits(40, 1) == 14 + DARKEST.hits(15, 1)
    assert DARKEST_SPLIT.hits(50, 6) == 2 * 11


@pytest.mark.parametrize("table", [DARKEST, DARKEST_SPLIT], ids=["cap", "split"])
def test_fire_distributions_sum_to_one_and_match_batches(table: FireTable) -> None:
    rng = np.random.default_rng(7)
    n = 30_000
    for strength in (0, 1, 4, 13, 25, 31, 60):
        for index in ("A", "B"):
            dist = table.distribution(strength, index)
            assert sum(dist.values()) == 1
            hits = table.hits_batch(np.full(n, strength), rng, index)
            for h, p in dist.items():
                assert abs(np.mean(hits == h) - float(p)) < 0.015, (strength, index, h)


def test_fire_batch_agrees_with_single_lookups() -> None:
    strengths = np.arange(0, 80)
    for table in (DARKEST, DARKEST_SPLIT):
        for index in ("A", "B"):
            rolls = table.dice.roll_batch(np.random.default_rng(3), strengths.size)
            hits = table.hits_batch(strengths, np.random.default_rng(3), index)
            expected = [
                table.hits(int(s), int(r), index) for s, r in zip(strengths, rolls, strict=True)
            ]
            assert hits.tolist() == expected


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"rows": [*DARKEST_DATA["rows"][:5], ["1"] * 24]}, "row 6: 24 cells for 25 columns"),
        ({"rows": [["D1"] * 25] * 6}, r"row 1, column 1: .*not a number of hits"),
        ({"die_columns": {"A": [1, 2, 3, 4, 5, 5]}}, "die column 'A'"),
        ({"die_columns": {"A": [1, 2, 3]}}, "3 die values for 6 rows"),
        ({"strengths": [3, 2, *range(3, 26)]}, "must increase"),
        ({"above": "wrap"}, "above"),
        ({"hits": 1}, "unknown key 'hits'"),
    ],
)
def test_bad_fire_table_data_is_refused(change: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        FireTable.from_data({**DARKEST_DATA, **change})


def test_unknown_die_column_is_refused() -> None:
    with pytest.raises(ValueError, match="no die column 'C'"):
        DARKEST.hits(3, 1, "C")
