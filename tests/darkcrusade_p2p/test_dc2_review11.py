"""Eleventh-round review (s28): tests that pin rules the earlier named tests could not fail on:
A.3's three strategic arrivals a point, units already standing there not counted; A's
operational re-entry from a box "may participate in assaults"; and boxes never entered by
operational movement (reading: "boxes are entered by strategic movement only"), so never by
the other side."""

from __future__ import annotations

import pytest

from wargames.core.actions import Choose, Move, Outcome, Pass
from wargames.core.errors import IllegalAction
from wargames.core.game import Game

from .support import advance_to, game, infantry


def _moves(g: Game, uid: str) -> list[tuple[str, ...]]:
    """The paths listed for ``uid`` once chosen (the choice is applied)."""
    g.apply(Choose(uid))
    return sorted(a.path for a in g.legal_actions() if isinstance(a, Move))


# --- F1: DC2 A.3, "Only three units using strategic movement may finish ... on a single point"


def test_units_already_on_a_point_do_not_count_against_the_three_a_3() -> None:
    """DC2 A.3: "Only three units using strategic movement may finish that movement on a
    single point". K0-K2 stand on Krakow before the phase: they do not count, so three
    strategic movers still end there, and only the fourth is refused."""
    units = [infantry(f"K{i}", "axis", "Krakow") for i in range(3)]
    units += [infantry(f"W{i}", "axis", "Warsaw") for i in range(4)]
    g = advance_to(game([*units, infantry("S", "soviet", "Moscow")]), "strategic", "axis")
    path = ("Warsaw", "Lublin", "Krakow")
    for i in range(3):
        assert path in _moves(g, f"W{i}")
        g.apply(Move((f"W{i}",), path))
    on_krakow = sorted(u.id for u in g.state.units_at("Krakow"))
    assert on_krakow == ["K0", "K1", "K2", "W0", "W1", "W2"]
    assert all(p[-1] != "Krakow" for p in _moves(g, "W3"))
    with pytest.raises(IllegalAction, match="three") as err:
        g.apply(Move(("W3",), path))
    assert err.value.rule.startswith("DC2 A")
    assert g.state.units["W3"].at == "Warsaw"


# --- F2: DC2 A, "Those entering by operational movement may participate in assaults" ------


def _in_siberia_against_gorki() -> Game:
    """S (Soviet) has stood in Siberia since before the turn; Axis infantry A holds Gorki."""
    units = [infantry("S", "soviet", "Siberia"), infantry("A", "axis", "Gorki")]
    return advance_to(game(units, control={"Gorki": "axis"}), "operational", "soviet")


def test_a_unit_re_entering_from_siberia_by_operational_movement_may_assault_a() -> None:
    """DC2 A: units "may also remain in Siberia and re-enter on a following turn, using
    either strategic or operational movement. Those entering by operational movement may
    participate in assaults": the move from Siberia into Axis-held Gorki is listed, commits
    S to an attack on Gorki from Siberia, and once the defender is gone S stands on Gorki."""
    g = _in_siberia_against_gorki()
    assert ("Siberia", "Gorki") in _moves(g, "S")
    g.apply(Move(("S",), ("Siberia", "Gorki")))
    assert g.state.get("attacks") == {"Gorki": (("S", "Siberia"),)}
    assert g.state.units["S"].at == "Siberia"  # it attacks; it has not entered yet
    g.apply(Pass())  # the end of operational movement: the battle for Gorki
    assert g.decision is not None and g.decision.step == "fire"
    assert g.state.stack[-1].args["who"] == "attack"
    g.apply(Outcome(6))  # S's fire: two hits, A is eliminated
    assert g.state.stack[-1].args["who"] == "defence"
    g.apply(Outcome(6))  # A's fire (the round's fire is simultaneous): no hit on S
    assert g.state.units["A"].at is None
    assert g.state.units["S"].at == "Gorki"  # the attacker occupies the cleared point


# --- F3: DC2 A, boxes: entered by strategic movement only, never by the other side --------


@pytest.mark.parametrize("side", ["axis", "soviet"])
def test_no_operational_move_enters_a_box_not_even_the_enemy_s_a(side: str) -> None:
    """DC2 A (reading: "boxes are entered by strategic movement only"; the text lets units
    exit the map edge only in its strategic movement paragraph) and the A row's "never usable
    by the other side": a unit on Gorki, next to Siberia, may not move there by operational
    movement, whether Soviet (its own box) or Axis (the enemy's)."""
    other, home = ("soviet", "Vologda") if side == "axis" else ("axis", "Warsaw")
    units = [infantry("U", side, "Gorki"), infantry("O", other, home)]
    g = advance_to(game(units, control={"Gorki": side}), "operational", side)
    assert _moves(g, "U") == [("Gorki", "Moscow"), ("Gorki", "Yaroslavl")]
    with pytest.raises(IllegalAction, match="Gorki-Siberia") as err:
        g.apply(Move(("U",), ("Gorki", "Siberia")))
    assert err.value.rule == "DC2 Operational Movement"
    assert g.state.units["U"].at == "Gorki"
