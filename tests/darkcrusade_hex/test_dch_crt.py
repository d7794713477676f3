"""DCH: Combat Results Table (provisional): the data is exactly the documented derivation
from the Moscow Attacked! and War Against Russia CRTs; the column scale's floor and cap."""

from __future__ import annotations

import pytest
from dch_support import C, W, at_step, column_label, game, stage

from wargames.core.actions import Attack, Choose, Pass
from wargames.core.errors import IllegalAction
from wargames.darkcrusade.hex import counters as cn
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


def test_an_attack_below_1_5_cannot_be_declared() -> None:
    """DCH: "Attacks at less than 1:5 odds are not allowed": the declaration cannot end (2
    against 13); the attack can only be cancelled, and the refusal changes nothing."""
    g = game({"18A": C, "I": C, "XIII": C, "1Pz": C, "T07": W}, turn=2)
    at_step(g, "early-attacks", side=cn.RUSSIAN, mode="pre")
    g.apply(Attack(("T07",), C))
    assert Pass() not in set(g.legal_actions())
    before = g.to_json()
    with pytest.raises(IllegalAction, match="below 1:5"):
        g.apply(Pass())
    assert g.to_json() == before
    g.apply(Choose("cancel"))


def test_an_attack_on_hidden_armies_below_1_5_is_read_on_1_5() -> None:
    """Hidden armies' strengths are unknown when the attack is declared (DCH: hidden Russian
    armies), so the floor cannot refuse it; revealed below 1:5, it is read on 1:5."""
    g = game({"H01": C, "H02": C, "1Pz": W}, turn=2, profiles={"H01": "6-6", "H02": "6-6"})
    at_step(g, "early-attacks", side=cn.AXIS, mode="pre")
    g.apply(Attack(("1Pz",), C))
    g.apply(Pass())  # 2 against 12, declared
    assert stage(g) and column_label(g) == "1-5"
