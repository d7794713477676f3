"""DC: Ground Combat Results Table: the data file matches the printed table cell by cell."""

# ruff: noqa: E501 (the printed rows are kept tab-separated, exactly as in the text)

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from wargames.core.crt import FireTable
from wargames.darkest.charts import FIRE_TABLE

# The table as printed in the rule text (die columns A and B, then strengths 1-25).
PRINTED = """
1	6	1	2	3	3	4	5	5	6	6	7	7	8	8	9	9	10	10	11	11	12	12	13	13	14	14
2	5	1	2	2	3	3	4	5	5	5	6	6	7	7	8	8	9	9	10	10	11	11	12	12	13	13
3	4	1	1	2	2	3	3	4	4	5	5	6	6	7	7	8	8	9	9	10	10	11	11	12	12	13
4	3	-	1	1	2	2	3	3	4	4	5	5	6	6	7	7	8	8	9	9	10	10	11	11	12	12
5	2	-	-	1	1	2	2	2	3	4	4	5	5	6	6	7	7	8	8	9	9	10	10	11	11	12
6	1	-	-	-	1	1	1	2	2	3	3	4	4	5	5	6	6	7	7	8	8	9	9	10	10	11
"""
TEXT = Path(__file__).resolve().parents[3] / "shared" / "rules" / "darkest-crusade.txt"


def printed_rows(text: str) -> list[list[str]]:
    rows = []
    for line in text.splitlines():
        cells = line.strip().split("\t")
        if len(cells) == 27 and cells[0] in "123456" and cells[0]:
            rows.append([c.strip() for c in cells])
    return rows


def table() -> FireTable:
    data = {k: v for k, v in FIRE_TABLE.items() if k not in ("provisional", "note")}
    return FireTable.from_data(data)


@pytest.mark.parametrize("row", range(6))
@pytest.mark.parametrize("strength", range(1, 26))
def test_every_cell_of_the_fire_table_matches_the_text(row: int, strength: int) -> None:
    printed = printed_rows(PRINTED)[row]
    a, b, cell = int(printed[0]), int(printed[1]), printed[1 + strength]
    want = 0 if cell == "-" else int(cell)
    fire = table()
    assert fire.hits(strength, a, "A") == want
    assert fire.hits(strength, b, "B") == want


def test_the_embedded_copy_is_the_rule_text_s_table() -> None:
    if not TEXT.exists():
        pytest.skip("the rule text is not beside this checkout")
    assert printed_rows(TEXT.read_text(encoding="utf-8")) == printed_rows(PRINTED)


def test_a_one_factor_unit_hits_on_half_the_die() -> None:
    # Coatney: "even a 1-factor unit has a 50% chance of disrupting 1 enemy unit".
    assert table().distribution(1) == {0: Fraction(1, 2), 1: Fraction(1, 2)}


def test_strengths_above_25_fire_as_25_plus_the_rest() -> None:
    fire = table()
    for roll in range(1, 7):
        assert fire.hits(30, roll) == fire.hits(25, roll) + fire.hits(5, roll)
    assert fire.hits(0, 1) == 0
