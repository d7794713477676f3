"""K45 fourteenth-round review (a data audit): chart values the code must read, not shadow
with constants (3.0a EZOC costs), a strategic road cost the doubled MP can count (4.4), and
notes that say only what the data holds (the CRT's result codes, the halving of rivers)."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest
from k45_helpers import game, push, unit

from wargames.core.actions import Move
from wargames.core.errors import ScenarioError
from wargames.konigsberg.charts import defaults


def tec_with(**over: Any) -> dict[str, Any]:
    tec = copy.deepcopy(dict(defaults()["tec"]))
    tec.update(over)
    return tec


def reaches(start: str, mp: int, goal: str, **tec: Any) -> bool:
    """Whether S (movement ``mp``) at ``start`` is offered a move to ``goal`` with G at 0306
    (its EZOC holds 0305, not 0304), under the default TEC changed by ``tec``."""
    g = game(
        unit("S", "soviet", start, mp=mp),
        unit("G", "german", "0306"),
        charts={"tec": tec_with(**tec)},
    )
    push(g, "movement", side="soviet", units=["S"])
    return any(
        isinstance(a, Move) and a.units == ("S",) and a.path[-1] == goal for a in g.legal_actions()
    )


@pytest.mark.parametrize(
    ("enter", "leave", "into", "out_of"),
    [
        (2, 2, False, False),
        (0, 0, True, True),
        (1, 1, False, True),
        (0, 2, True, False),
        (2, 0, False, True),
    ],
)
def test_3_0a_the_ezoc_costs_are_read_from_the_tec(
    enter: int, leave: int, into: bool, out_of: bool
) -> None:
    """K45 3.0a: "+2MPs to enter and another +2MPs to leave an EZOC", from ``tec.ezoc_enter``
    and ``tec.ezoc_leave``: a scenario's own TEC changes what the move listing offers. S (MA
    3) at 0302 enters 0305 in the EZOC for 3 MP of clear plus the entry cost; S (MA 2) at
    0305 leaves for 0304 for 1 MP plus the leaving cost."""
    assert reaches("0302", 3, "0305", ezoc_enter=enter, ezoc_leave=leave) is into
    assert reaches("0305", 2, "0304", ezoc_enter=enter, ezoc_leave=leave) is out_of


def test_3_0a_a_move_the_replaced_tec_allows_is_legal_and_played() -> None:
    """K45 3.0a: the check of a move (not only the listing) uses the scenario's EZOC costs."""
    g = game(
        unit("S", "soviet", "0302", mp=3),
        unit("G", "german", "0306"),
        charts={"tec": tec_with(ezoc_enter=0, ezoc_leave=0)},
    )
    push(g, "movement", side="soviet", units=["S"])
    g.apply(Move(("S",), ("0302", "0303", "0304", "0305")))
    assert g.state.units["S"].at == "0305"


@pytest.mark.parametrize("value", [0.25, 0.75, 0, -0.5, 1.25])
def test_4_4_a_strategic_road_cost_not_a_multiple_of_a_half_is_refused(value: float) -> None:
    """K45 4.4: MP are counted doubled, so the strategic road cost must be a positive multiple
    of ½ MP; 0.25 would be counted as 0 (free strategic movement) and 0.75 as ½."""
    with pytest.raises(ScenarioError) as err:
        game(unit("S", "soviet", "0102"), charts={"tec": tec_with(strategic_road=value)})
    assert "charts.tec.strategic_road" in str(err.value)


@pytest.mark.parametrize("value", [0.5, 1, 1.5])
def test_4_4_a_strategic_road_cost_in_half_mp_is_accepted(value: float) -> None:
    game(unit("S", "soviet", "0102"), charts={"tec": tec_with(strategic_road=value)})


def test_crt_note_names_only_codes_the_grid_holds() -> None:
    """The CRT note names the codes from the text (7.1, 7.1a, 8.1, 9.1 use them) and ours:
    each named code is in the grid and every code of the grid is named once."""
    crt = defaults()["crt"]
    grid = {c for row in crt["rows"].values() for c in row}
    text, ours = (
        set(re.search(rf"{label} \(([^)]*)\)", crt["note"]).group(1).split(", "))  # type: ignore[union-attr]
        for label in ("from the text", "ours")
    )
    assert text <= grid and not text & ours and text | ours == grid


def test_tec_note_states_the_river_halving_reading() -> None:
    """K45 7.4(3): the note of the TEC says rivers halve bridged or not (``bridges_negate``)."""
    assert "bridges_negate" in defaults()["tec"]["note"]
