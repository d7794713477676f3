"""Eleventh rules review (s28): rules the code kept but no test held, on every path they take
(placement spots; leaving a hex unflips a shock army and loses a fortification), and the loss
of Rumania and of Grozny capping panzer/tank movement at 1 hex, highway hexes included. Each
gap test fails under the mutation the review found passing every test of its row (named in
each test's docstring)."""

from __future__ import annotations

from typing import Any

from darkest_support import (
    army,
    at,
    attack,
    ctx,
    markers,
    mech,
    new,
    panzergruppe,
    rifle,
    to_step,
    unit,
)
from test_darkest_reinforcements import EAST_EDGE_AXIS, replace_game, siberians

from wargames.core.actions import Advance, Attack, Choose, Move, Outcome, Pass, Place, Retreat
from wargames.core.game import Game
from wargames.darkest.movement import allowance, path_may_attack, routes


def _siberians_due() -> Game:
    """Russian F in supply on D5; German armies on D4 (next to F) and E6 (an eastern-edge
    hex); C5 an empty Axis victory city next to F; the Siberians due in the replace step."""
    g = new(
        army("G", "D4"),
        army("G2", "E6"),
        army("G0", "A1"),
        rifle("F", "D5"),
        rifle("X", None),
        *siberians(),
        turns=9,
        features={"victory": ["C5"]},
        control={"axis": ["C5", "D4", "E6"]},
    )
    for _ in range(5):
        g = to_step(g, "russian-admin", "russian")
        g.apply(Pass())
    g = to_step(g, "russian-admin", "russian")
    g.apply(Choose("siberians"))
    g.apply(Outcome("safe"))
    g.apply(Pass())
    assert g.decision.step == "replace"
    return g


def test_siberians_are_not_placed_on_axis_units_or_an_empty_axis_victory_city() -> None:
    """DC: Siberian Reserve Gamble: entry from the eastern edge, on or next to a Russian unit in
    supply, or on a Russian city or town in supply; never onto Axis units, and an undefended
    Axis victory city "must still be attacked to be taken" (DC: Fortresses). (K11: `_free`
    ignores Axis units; K12: it ignores Axis strongpoints.)"""
    legal = list(_siberians_due().legal_actions())
    assert Place("SA1", "C4") in legal  # a free hex next to F
    assert Place("SA1", "D4") not in legal  # German army G, next to F
    assert Place("SA1", "E6") not in legal  # German army G2, on the eastern edge
    assert Place("SA1", "C5") not in legal  # empty Axis victory city next to F


def test_a_replacement_from_the_eastern_edge_is_not_placed_on_an_axis_unit() -> None:
    """DC: Russian Replacements: "or from the eastern mapboard edge", not onto the German
    army G6 on the edge hex A6. (K11.)"""
    g = replace_game(
        army("G6", "A6"), rifle("R", None, (1, 2)), rifle("F", "D6"), control=EAST_EDGE_AXIS
    )
    legal = list(g.legal_actions())
    assert Place("R", "E6") in legal
    assert Place("R", "A6") not in legal


def _shock(uid: str, where: str) -> dict[str, Any]:
    """A shock army on its stronger (3-3) side."""
    return unit(
        uid,
        "russian",
        where,
        (2, 2),
        kind="shock-army",
        flags=("white", "siberian", "proriv", "shock", "infantry", "army"),
        values={"strong": [3, 3]},
        markers=("strong",),
    )


def _sea_move(g: Game, path: tuple[str, str], uid: str) -> None:
    g.apply(Move((uid,), path))
    if g.decision.is_chance:
        g.apply(Outcome("safe"))
    assert at(g, uid) == path[-1]


def test_a_strong_shock_army_is_flipped_back_by_an_operational_move() -> None:
    """DC: Shock Army Emplacement: "they are flipped back if they move". (K14d: the op move
    keeps STRONG.)"""
    g = to_step(new(army("G", "A1"), _shock("S", "D5")), "operations", "russian", "op")
    g.apply(Choose("S"))
    g.apply(Move(("S",), ("D5", "D4")))
    assert at(g, "S") == "D4" and "strong" not in markers(g, "S")


def test_a_strong_shock_army_is_flipped_back_by_a_sea_move() -> None:
    """DC: Shock Army Emplacement: flipped back if they move, by sea too. (K14a.)"""
    g = new(
        army("G", "E1"),
        _shock("S", "B3"),
        terrain={"baltic": ["A2", "A3", "A4", "A5"]},
        features={"port": ["B5"]},
        control={"russian": ["B5"]},
        charts={"sea_control": {"baltic": ["B5"]}},
    )
    g = to_step(g, "sea-move", "russian")
    _sea_move(g, ("B3", "B5"), "S")
    assert "strong" not in markers(g, "S")


def test_a_strong_shock_army_is_flipped_back_when_it_retreats() -> None:
    """DC: Shock Army Emplacement: flipped back if they move or are Disrupted; a retreat does
    both, so it may not recover as a 3-3. (K14b.)"""
    g = attack(new(army("G", "B2", (1, 3)), _shock("S", "B3"), rifle("F", "C2")), "B3", "G")
    g.apply(Choose("press:0"))
    g.apply(Outcome(6))
    g.apply(Outcome(1))
    assert g.decision.step == "withdraw"
    g.apply(Retreat(("S",), ("B3", "B4")))
    assert at(g, "S") == "B4" and "strong" not in markers(g, "S")


def test_a_strong_shock_army_is_flipped_back_when_it_advances() -> None:
    """DC: Shock Army Emplacement: flipped back if they move, an advance after combat too.
    (K14c.)"""
    g = new(army("G", "B3", (1, 0)), army("G0", "A1"), _shock("S", "B4"))
    g = to_step(g, "operations", "russian", "op")
    g.apply(Choose("S"))
    g.apply(Attack(("S",), "B3"))
    g.apply(Pass())
    g.apply(Choose("B3"))
    while g.decision.step != "advance":
        if g.decision.is_chance:
            g.apply(Outcome(6) if g.decision.step == "fire" else g.legal_actions()[0])
        else:
            acts = g.legal_actions()
            g.apply(Pass() if Pass() in acts else acts[0])
    assert at(g, "G") is None
    g.apply(Advance(("S",), ("B4", "B3")))
    assert at(g, "S") == "B3" and "strong" not in markers(g, "S")


def test_a_fortified_army_loses_its_fortification_by_an_operational_move() -> None:
    """DC: Fortifications (Changes 6): the fortification is lost by leaving its hex.
    (K16: the op move keeps FORTIFIED.)"""
    g = new(army("G", "C3", markers=("fortified",)), rifle("R", "A6"))
    g = to_step(g, "operations", "axis", "op")
    g.apply(Choose("G"))
    g.apply(Move(("G",), ("C3", "C4")))
    assert at(g, "G") == "C4" and "fortified" not in markers(g, "G")


def test_a_fortified_army_loses_its_fortification_by_a_sea_move() -> None:
    """DC: Fortifications (Changes 6): lost by a sea move too. (K15.)"""
    g = new(
        army("G", "B2", markers=("fortified",)),
        rifle("F", "E6"),
        terrain={"baltic": ["A2", "A3", "A4"]},
        features={"port": ["B4"]},
        control={"axis": ["B4"]},
        charts={"sea_control": {"baltic": ["B4"]}},
    )
    g = to_step(g, "sea-move", "axis")
    _sea_move(g, ("B2", "B4"), "G")
    assert "fortified" not in markers(g, "G")


_HIGHWAY = [
    {"between": pair, "features": ["highway"]}
    for pair in (["C1", "C2"], ["C2", "C3"], ["C3", "C4"], ["C4", "C5"])
]


def test_the_loss_of_rumania_caps_panzers_at_1_hex_and_1_bonus_hex_on_the_highway() -> None:
    """DC: Supply: "The Axis loss of Rumania reduces panzer operational movement and OMB to 1
    hex each" (reading: a hard cap, highway hexes included). With the shipped charts a panzer
    moves 1 hex and 1 bonus hex anyway, so the loss bites only on the highway: before it the
    panzergruppe moves 2 highway hexes and attacks (4 with the bonus), after it 1 and 2."""
    for lost in (False, True):
        g = new(
            panzergruppe("P", "C1"),
            rifle("R", "A6"),
            hexsides=_HIGHWAY,
            features={"romania": ["E1"], "oil": ["E1"]},
            control={("russian" if lost else "axis"): ["E1"]},
        )
        c = ctx(g)
        assert allowance(c, "P", "op") == (1, 1)
        ends = routes(c, "P", "op").ends
        furthest = max(c.board.distance("C1", n) for n in ends)
        assert furthest == (2 if lost else 4)
        assert ("C3" in ends) is True
        assert ends["C3"][1] is not lost  # 2 highway hexes: may still attack only if held
        assert ends["C2"][1] is True
        assert path_may_attack(c, "P", ("C1", "C2", "C3"), "op") is not lost
        # review 12: the Blitzkrieg! of the same turn is capped alike (1 hex and 1 bonus hex)
        blitz = routes(c, "P", "blitz").ends
        assert max(c.board.distance("C1", n) for n in blitz) == (2 if lost else 4)
        assert blitz["C3"][1] is not lost


def test_the_loss_of_grozny_caps_tank_korps_at_1_hex_on_the_highway() -> None:
    """DC: Supply: "The Russian loss of Grozny similarly reduces tank operational movement to 1
    hex" (the same reading): on the highway a mechanized korps moves 4 hexes and attacks (6
    with the bonus of 2); after the loss it moves 1 hex and attacks, 3 hexes with the bonus."""
    for lost in (False, True):
        g = new(
            army("G", "A1"),
            mech("M", "C5"),
            hexsides=_HIGHWAY,
            features={"oil": ["E1"]},
            control={("axis" if lost else "russian"): ["E1"]},
        )
        c = ctx(g)
        assert allowance(c, "M", "op") == ((1, 2) if lost else (2, 2))
        ends = routes(c, "M", "op").ends
        assert ends["C3"][1] is not lost  # 2 highway hexes: may still attack only if held
        assert ends["C4"][1] is True
        if lost:
            assert max(c.board.distance("C5", n) for n in ends) == 3
            assert ends["C2"][1] is False
        else:
            assert ends["C1"][1] is True
