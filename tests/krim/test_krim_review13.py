"""Krim: thirteenth rules review: a unit picked to move (or to OpTrans) and given up is no
movement; the phase-start resets, crossed by walking the real sequence of play (``walk``,
never ``goto``): one barrage per hex per Combat Phase, the Soviet mandatory attack of every
turn, sea transfers before any other movement of each Movement Phase, Kerch Straits entries
at the start of each OpTrans Phase."""

from __future__ import annotations

import pytest
from krim_support import new, unit, walk
from test_krim_sea import CONTROL, FEATURES, SEA

from wargames.core.actions import Attack, Choose, Move, Outcome, Pass, Place
from wargames.core.errors import IllegalAction
from wargames.core.game import Game

BIG = (30, 30, 30)


def straits_game() -> Game:
    """S1 (D8) and T (B3, a source hex) on the map, K in the Reinforcements Available box;
    the game stands at turn 1's Soviet Movement Phase."""
    units = [
        unit("S1", "soviet", "D8"),
        unit("A0", "axis", "H10"),
        unit("T", "soviet", "B3"),
        unit("K", "soviet", None, box="soviet-available"),
    ]
    game = new(units, features=FEATURES, terrain=SEA, control=CONTROL)
    return walk(game, 1, "Soviet Movement Phase", "movement")


def gun(uid: str, at: str) -> dict[str, object]:
    return unit(uid, "soviet", at, (4,), (1,), 3, kind="artillery", flags=("artillery",), rng=3)


def test_a_unit_picked_to_move_and_given_up_does_not_end_the_sea_transfers() -> None:
    """Krim: Sea Transfers "should be conducted before any other movement": S1 picked to move
    and given up (no hex entered) has not moved, so T may still be transferred; once S1 enters
    a hex, the transfers end."""
    game = straits_game()
    game.apply(Choose("move:S1"))
    game.apply(Pass())
    assert game.state.units["S1"].at == "D8"
    assert Place("T", "H2") in set(game.legal_actions())
    game.apply(Place("T", "H2"))
    assert game.state.units["T"].at == "H2"
    game = straits_game()
    game.apply(Choose("move:S1"))
    game.apply(Move(("S1",), ("D8", "D7")))
    game.apply(Pass())
    with pytest.raises(IllegalAction, match="before any other movement"):
        game.apply(Place("T", "H2"))


def test_an_optrans_picked_and_given_up_does_not_end_the_straits_entries() -> None:
    """Krim: The Kerch Straits: units enter "at the start of the Operational Transfer Phase"
    (reading: before the first OpTrans made): S1 picked for an OpTrans and given up has made
    none, so K may still enter H5; once S1's OpTrans is made, the entries end."""
    game = walk(straits_game(), 3, "Soviet Operational Transfers", "optrans")
    game.apply(Choose("optrans:S1"))
    game.apply(Pass())
    assert game.decision is not None and game.decision.step == "optrans"
    assert Place("K", "H5") in set(game.legal_actions())
    game.apply(Choose("optrans:S1"))
    game.apply(Move(("S1",), ("D8", "D7")))
    with pytest.raises(IllegalAction, match="start of the OpTrans Phase"):
        game.apply(Place("K", "H5"))


def test_a_hex_barraged_in_one_combat_phase_may_be_barraged_in_the_next() -> None:
    """Krim: Barrages: "Each enemy-occupied hex may be the target of only one barrage per
    Combat Phase": E6, barraged by G in the Soviet Combat Phase, may be barraged by G again in
    the Axis Combat Phase (G's fire "during the enemy combat phase")."""
    units = [unit("S1", "soviet", "C7"), unit("A0", "axis", "H10"), unit("A1", "axis", "E6")]
    game = walk(new([*units, gun("G", "E8")]), 1, "Soviet Combat Phase", "barrages")
    game.apply(Attack(("G",), "E6"))
    game.apply(Choose("fire"))
    game.apply(Outcome("miss"))
    walk(game, 1, "Axis Combat Phase", "barrages")
    assert game.decision is not None and game.decision.side == "soviet"
    assert Attack(("G",), "E6") in set(game.legal_actions())
    game.apply(Attack(("G",), "E6"))


def mandatory_game() -> Game:
    """S2 (E6) faces A1 (E5), both too strong to lose a unit; the Soviet Mandatory Attacks
    option is on (calendar months 4-6: turns 6-8)."""
    units = [
        unit("S1", "soviet", "C7"),
        unit("A0", "axis", "H10"),
        unit("S2", "soviet", "E6", BIG, BIG),
        unit("A1", "axis", "E5", BIG, BIG),
    ]
    return new(units, options={"soviet_mandatory_attacks": True})


def resolve(game: Game, loses: dict[str, str]) -> None:
    """The battle just declared: odds, a roll of 1, and each side's unit losing a step."""
    game.apply(Choose("odds"))
    game.apply(Outcome(1))
    while game.decision is not None and game.decision.step == "battle":
        game.apply(Choose(f"step:{loses[game.decision.side]}"))


@pytest.mark.parametrize("first", ["soviet", "axis"])
def test_each_turns_mandatory_attack_is_owed_afresh(first: str) -> None:
    """Krim option: Soviet Mandatory Attacks: "the Soviet player must attack every turn": a
    Soviet PA in turn 6 (or an Axis one in turn 5) does not discharge the next Soviet Combat
    Phase's attack."""
    game = mandatory_game()
    if first == "soviet":
        walk(game, 6, "Soviet Combat Phase", "assaults")
        game.apply(Attack(("S2",), "E5"))
        resolve(game, {"soviet": "S2", "axis": "A1"})
        nxt = 7
    else:
        walk(game, 5, "Axis Combat Phase", "assaults")
        game.apply(Attack(("A1",), "E6"))
        resolve(game, {"soviet": "S2", "axis": "A1"})
        nxt = 6
    walk(game, nxt, "Soviet Combat Phase", "assaults")
    assert (game.state.units["S2"].at, game.state.units["A1"].at) == ("E6", "E5")
    assert Pass() not in set(game.legal_actions())
    with pytest.raises(IllegalAction, match="Mandatory Attacks"):
        game.apply(Pass())


def test_a_move_in_one_movement_phase_does_not_bar_the_next_ones_sea_transfers() -> None:
    """Krim: Sea Transfers: "any Soviet unit starting a Soviet Movement Phase" in a source hex
    may be transferred, "before any other movement" of that phase: S1's move in turn 1 ends
    turn 1's transfers, not turn 2's."""
    game = straits_game()
    game.apply(Choose("move:S1"))
    game.apply(Move(("S1",), ("D8", "D7")))
    game.apply(Pass())
    assert Place("T", "H2") not in set(game.legal_actions())
    walk(game, 2, "Soviet Movement Phase", "movement")
    assert Place("T", "H2") in set(game.legal_actions())
    game.apply(Place("T", "H2"))
    assert game.state.units["T"].at == "H2"


@pytest.mark.parametrize("side", ["soviet", "axis"])
def test_an_optrans_in_one_turn_does_not_bar_the_next_turns_straits_entries(side: str) -> None:
    """Krim: The Kerch Straits: Soviet units "may enter ... at the start of the Operational
    Transfer Phase": a Soviet OpTrans in turn 3 (or an Axis one in turn 3's Axis OpTrans
    Phase) does not close the entries at the start of turn 4's Soviet OpTrans Phase."""
    game = straits_game()
    name = "Soviet" if side == "soviet" else "Axis"
    mover, path = ("S1", ("D8", "D7")) if side == "soviet" else ("A0", ("H10", "G10"))
    walk(game, 3, f"{name} Operational Transfers", "optrans")
    game.apply(Choose(f"optrans:{mover}"))
    game.apply(Move((mover,), path))
    assert game.state.units[mover].at == path[-1]
    walk(game, 4, "Soviet Operational Transfers", "optrans")
    assert Place("K", "H5") in set(game.legal_actions())
    game.apply(Place("K", "H5"))
    assert game.state.units["K"].at == "H5"
