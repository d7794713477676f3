"""Krim: Movement Phase: MF and terrain, the one-hex minimum, stacks, Mud, railroad guns."""

from __future__ import annotations

import itertools

import pytest
from krim_support import goto, new, rail_gun, unit

from wargames.core.actions import Choose, Move, Pass
from wargames.core.errors import IllegalAction
from wargames.core.game import Game


def moves(game: Game) -> dict[str, Move]:
    return {a.path[-1]: a for a in game.legal_actions() if isinstance(a, Move)}


def base(*extra: dict[str, object], **kw: object) -> Game:
    units = [unit("S1", "soviet", "C7"), unit("A0", "axis", "H10"), *extra]
    return new(units, **kw)  # type: ignore[arg-type]


def test_cost_of_natural_terrain_limits_the_move() -> None:
    game = base(unit("A1", "axis", "E5", mf=2), terrain={"broken": ["E4", "E6"]})
    goto(game, "Axis Movement Phase", "movement")
    game.apply(Choose("move:A1"))
    dests = moves(game)
    assert "E3" not in dests  # broken E4 (2) leaves nothing for E3
    assert "E7" not in dests
    assert "E6" in dests and "F5" in dests and "G5" in dests


def test_one_hex_is_always_possible_on_the_first_leg() -> None:
    """Krim: Movement: every unit may move one hex by spending all its MP."""
    game = base(unit("A1", "axis", "E5", mf=1), terrain={"hill": ["E6"]})
    goto(game, "Axis Movement Phase", "movement")
    game.apply(Choose("move:A1"))
    assert "E6" in moves(game)
    game.apply(moves(game)["E6"])
    assert not moves(game)  # all MP spent


def test_minimum_move_never_enters_prohibited_terrain() -> None:
    game = base(unit("A1", "axis", "B5", mf=1))
    goto(game, "Axis Movement Phase", "movement")
    game.apply(Choose("move:A1"))
    assert "A5" not in moves(game)


def test_stack_moves_at_the_slowest_mf() -> None:
    """Krim: Movement of Stacks: the slowest unit's MF."""
    game = base(unit("A1", "axis", "E5", mf=6), unit("A2", "axis", "E5", mf=3))
    goto(game, "Axis Movement Phase", "movement")
    game.apply(Choose("move:A1"))
    game.apply(Choose("join:A2"))
    dests = moves(game)
    assert "E8" in dests and "E9" not in dests


def test_only_units_that_started_together_may_join() -> None:
    game = base(unit("A1", "axis", "E5", mf=6), unit("A2", "axis", "E7", mf=6))
    goto(game, "Axis Movement Phase", "movement")
    game.apply(Choose("move:A2"))
    game.apply(moves(game)["E5"])
    game.apply(Pass())
    game.apply(Choose("move:A1"))
    assert Choose("join:A2") not in list(game.legal_actions())
    with pytest.raises(IllegalAction, match="Movement of Stacks"):
        game.apply(Choose("join:A2"))


def test_a_moved_unit_moves_no_more_this_phase() -> None:
    game = base(unit("A1", "axis", "E5", mf=6))
    goto(game, "Axis Movement Phase", "movement")
    game.apply(Choose("move:A1"))
    game.apply(moves(game)["E7"])
    game.apply(Pass())
    with pytest.raises(IllegalAction):
        game.apply(Choose("move:A1"))


def test_mud_adds_one_mp_per_river_hexside() -> None:
    """Krim: Mud: crossing a river costs 1 more MP (provisional river cost 1)."""
    rivers = [("E5", "E6", "river")]
    clear = base(unit("A1", "axis", "E5", mf=3), hexsides=rivers)
    goto(clear, "Axis Movement Phase", "movement", turn=1)
    clear.apply(Choose("move:A1"))
    assert "E7" in moves(clear) and moves(clear)["E7"].path == ("E5", "E6", "E7")
    mud = base(unit("A1", "axis", "E5", mf=3), hexsides=rivers)
    goto(mud, "Axis Movement Phase", "movement", turn=5)  # December: Mud
    mud.apply(Choose("move:A1"))
    assert "E6" in moves(mud)
    assert "E7" not in moves(mud) or moves(mud)["E7"].path != ("E5", "E6", "E7")


def test_manmade_terrain_costs_nothing() -> None:
    game = base(unit("A1", "axis", "E5", mf=2), features={"town": ["E6"], "fortification": ["E7"]})
    goto(game, "Axis Movement Phase", "movement")
    game.apply(Choose("move:A1"))
    assert "E7" in moves(game)


def test_entering_a_hex_next_to_an_enemy_ends_the_move() -> None:
    """Provisional ZOC (charts.zoc): regular movement stops next to an enemy unit."""
    game = base(unit("A1", "axis", "E8", mf=6), unit("S2", "soviet", "E4"))
    goto(game, "Axis Movement Phase", "movement")
    game.apply(Choose("move:A1"))
    assert "E5" in moves(game)
    ezoc = set(game.scenario.board.neighbours("E4"))
    assert all(not ezoc.intersection(m.path[1:-1]) for m in moves(game).values())
    game.apply(moves(game)["E5"])
    assert not moves(game)


def test_railroad_guns_move_only_on_german_controlled_rail() -> None:
    """Krim: Railroad Artillery: only along German-controlled rail, infinite MF."""
    rail = ["E9", "E8", "E7", "E6", "E5", "E4"]
    sides = [(a, b, "rail") for a, b in itertools.pairwise(rail)]
    gun = rail_gun("RR", "E9")
    control = {"axis": ["H10", "E9", "E8", "E7", "E6"], "soviet": ["C7", "E5", "E4"]}
    game = base(gun, hexsides=sides, control=control, features={"rail": rail})
    goto(game, "Axis Movement Phase", "movement")
    game.apply(Choose("move:RR"))
    assert sorted(moves(game)) == ["E6", "E7", "E8"]


def test_a_move_may_not_end_in_a_full_hex() -> None:
    """Krim: The Kerch Straits: "Stacking limits must be observed" (provisional limit 3, where
    a move ends): with three Axis units in F5 a fourth may pass through but not stop there."""
    full = [unit(f"A{i}", "axis", "F5") for i in (2, 3, 4)]
    game = base(unit("A1", "axis", "E5"), *full)
    goto(game, "Axis Movement Phase", "movement")
    game.apply(Choose("move:A1"))
    dests = moves(game)
    assert "F5" not in dests and "E6" in dests
    with pytest.raises(IllegalAction, match="stacking"):
        game.apply(Move(("A1",), ("E5", "F5")))
    assert game.state.units["A1"].at == "E5"


def test_mechanized_units_pay_their_own_terrain_costs() -> None:
    """Krim: Movement: "MP costs for some terrain differs for mechanized and non-mechanized
    units" (provisional chart: hill 3 mechanized, 2 others): with MF 3, hill E6 then clear E7
    is 2 + 1 for infantry but 3 + 1 for a mechanized unit."""
    path = ("E5", "E6", "E7")
    foot = base(unit("A1", "axis", "E5", mf=3), terrain={"hill": ["E6"]})
    goto(foot, "Axis Movement Phase", "movement")
    foot.apply(Choose("move:A1"))
    assert foot.check(Move(("A1",), path)) is None
    mech = base(unit("A1", "axis", "E5", mf=3, flags=("mechanized",)), terrain={"hill": ["E6"]})
    goto(mech, "Axis Movement Phase", "movement")
    mech.apply(Choose("move:A1"))
    assert "E6" in moves(mech)  # the hill alone: 3 MP
    with pytest.raises(IllegalAction):
        mech.apply(Move(("A1",), path))


def test_one_hex_minimum_does_not_apply_after_the_first_leg() -> None:
    """Krim: Movement: the one-hex guarantee spends "all available MPs", once: A1 (MF 4)
    moves three clear hexes, then with 1 MP left may enter clear D9 but not hill E9 (2)."""
    game = base(unit("A1", "axis", "E5", mf=4), terrain={"hill": ["E9"]})
    goto(game, "Axis Movement Phase", "movement")
    game.apply(Choose("move:A1"))
    game.apply(Move(("A1",), ("E5", "E6", "E7", "E8")))
    dests = moves(game)
    assert "D9" in dests and "E9" not in dests
    with pytest.raises(IllegalAction):
        game.apply(Move(("A1",), ("E8", "E9")))
    assert game.state.units["A1"].at == "E8"


def test_a_group_picks_up_no_unit_after_it_has_moved() -> None:
    """Krim: Movement of Stacks: "units must start the Movement Phase already stacked
    together": A1 moves into E6, where A2 (not yet moved) stands; A2 may not join."""
    game = base(unit("A1", "axis", "E5", mf=6), unit("A2", "axis", "E6", mf=6))
    goto(game, "Axis Movement Phase", "movement")
    game.apply(Choose("move:A1"))
    game.apply(Move(("A1",), ("E5", "E6")))
    assert Choose("join:A2") not in list(game.legal_actions())
    with pytest.raises(IllegalAction, match="Movement of Stacks"):
        game.apply(Choose("join:A2"))
