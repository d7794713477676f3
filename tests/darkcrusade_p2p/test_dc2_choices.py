"""DC2 A and D: ``check`` is no laxer than the legal list when a unit is chosen: a unit the
list does not offer (no line to another point, no move in the phase's mode) is refused with
the reason, and the game is unchanged."""

from __future__ import annotations

import pytest

import wargames
from wargames.core.actions import Choose
from wargames.core.errors import IllegalAction
from wargames.core.state import Frame


def test_a_unit_with_no_line_to_another_point_is_not_chosen_for_strategic_movement() -> None:
    """DC2 A: Helsinki's Finnish korps has no line of friendly points to a point with room."""
    g = wargames.new_game("darkcrusade-p2p", seed=3)
    assert g.state.stack[-1].step == "strategic" and g.state.units["FinKA"].at == "Helsinki"
    assert Choose("FinKA") not in list(g.legal_actions())
    before = g.to_json()
    with pytest.raises(IllegalAction, match="no line of friendly points leads from Helsinki"):
        g.apply(Choose("FinKA"))
    assert g.to_json() == before


def test_a_unit_with_no_breakthrough_move_is_not_chosen_in_the_breakthrough_phase() -> None:
    """DC2 Lines D (breakthrough): an army in Bucharest, with no breakthrough move from there
    (as random play reached it), is not offered, and choosing it is refused."""
    g = wargames.new_game("darkcrusade-p2p", seed=3)
    g.state.put(g.state.units["9A"].moved_to("Bucharest"))
    args = {"side": "axis", "mode": "breakthrough", "unit": None, "breakthrough": False}
    g.state.stack = (Frame("operational", args),)
    assert Choose("9A") not in list(g.legal_actions())
    with pytest.raises(IllegalAction, match="9A has no legal move now"):
        g.apply(Choose("9A"))
