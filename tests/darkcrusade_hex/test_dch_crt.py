"""DCH: Combat Results Table (provisional): the data is exactly the documented derivation
from the Moscow Attacked! and War Against Russia CRTs; the column scale's floor and cap."""

from __future__ import annotations

import pytest
from dch_support import game

from wargames.core.errors import IllegalAction
from wargames.darkcrusade.hex.charts import DEFAULTS, build

MA_COLUMNS = ["1-5", "1-4", "1-3", "1-2", "1-1", "3-2", "2-1", "3-1", "4-1", "5-1", "7-1", "10-1"]
MA = {  # shared/research/crusade.md section 3, die 6 .. 1
    6: "D/AE D D R2 R2 R2 R2 DE BR BR BR BR",
    5: "AE AD S R1 R1 R1 R2 R2 DE BR BR BR",
    4: "AE D/AE AD - D R1 R1 R2 R2 DE BR BR",
    3: "AE AE D/AE AD S D R1 R1 R2 R2 DE BR",
    2: "AE AE AE D/AE AD S D D R1 R2 R2 DE",
    1: "AE AE AE AE AE AD - S D R1 R1 R2",
}
CODES = {
    "BR": "BK",
    "DE": "DE",
    "R2": "D2",
    "R1": "D1",
    "S": "D",
    "D": "D",
    "-": "-",
    "AD": "AD",
    "AE": "AE",
    "D/AE": "2X",
}
WAR_X = [("1-1", 2), ("3-2", 1), ("2-1", 1)]
OURS = [
    "1-5",
    "1-4",
    "1-3",
    "1-2",
    "1-1",
    "3-2",
    "2-1",
    "3-1",
    "4-1",
    "5-1",
    "6-1",
    "7-1",
    "8-1",
    "9-1",
]
READS = {"6-1": "5-1", "8-1": "7-1", "9-1": "10-1"}


def derived() -> dict[int, list[str]]:
    ma = {d: row.split() for d, row in MA.items()}
    cells = {(c, d): ma[d][i] for i, c in enumerate(MA_COLUMNS) for d in ma}
    out = {(c, d): CODES[v] for (c, d), v in cells.items()}
    for c in MA_COLUMNS:  # step 2: the D2 just below the lowest DE becomes D3
        des = [d for d in range(1, 7) if cells[(c, d)] == "DE"]
        if des and min(des) > 1 and out[(c, min(des) - 1)] == "D2":
            out[(c, min(des) - 1)] = "D3"
    for c, d in WAR_X:  # step 3: War Against Russia's X cells
        out[(c, d)] = "X"
    for i, c in enumerate(MA_COLUMNS):  # step 3: an S at 3:2 or above becomes X/2
        for d in range(1, 7):
            if cells[(c, d)] == "S" and i >= MA_COLUMNS.index("3-2") and (c, d) not in WAR_X:
                out[(c, d)] = "X/2"
    return {d: [out[(READS.get(c, c), d)] for c in OURS] for d in range(1, 7)}


def test_crt_is_the_documented_derivation() -> None:
    data = DEFAULTS["crt"]
    assert data["provisional"] is True
    assert data["columns"] == OURS
    assert {int(k): v for k, v in data["rows"].items()} == derived()


def test_attacks_below_1_5_are_not_allowed_and_above_9_1_read_9_1() -> None:
    g = game({})
    crt = build(g.scenario).crt
    with pytest.raises(IllegalAction, match="1:5"):
        crt.column(1, 6)
    assert crt.scale.label(crt.column(1, 5)) == "1-5"
    assert crt.scale.label(crt.column(40, 2)) == "9-1"
    assert crt.scale.label(crt.column(17, 5)) == "3-1"  # rounded down
