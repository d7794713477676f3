"""Krim: seventh rules review: railroad guns follow the campaign's Chongar line into the Crimea
and never enter impassable terrain (the review's other regression tests are in the barrage,
supply, sea and OpTrans test files)."""

from __future__ import annotations

import itertools

from krim_support import goto, new, rail_gun, unit

import wargames
from wargames.core.actions import Choose, Move
from wargames.core.game import Game
from wargames.krim.battle import prohibited


def rail_moves(game: Game) -> list[Move]:
    return [a for a in game.legal_actions() if isinstance(a, Move)]


def test_railroad_guns_follow_the_chongar_line_into_the_crimea() -> None:
    """Krim: Railways and Railroad Artillery: "Those units will only move and retreat along
    German-controlled railroad hexes". On the campaign map (provisional reconstruction) the rail
    from K21 crosses the Sivash at Chongar (J20, a land hex: the provisional crossing) to
    Dzhankoi (I16): with no Soviet unit left and every rail hex a land unit can enter taken by
    the Axis, Dora at K21 can move to Dzhankoi, and no move ends in or passes impassable
    terrain."""
    game = wargames.new_game("krim", None, 0)
    st, board = game.state, game.scenario.board
    for u in list(st.units.values()):
        if game.scenario.units[u.id].side == "soviet" and u.at is not None:
            st.put(u.boxed("eliminated"))
    closed = set(game._ctx().charts["movement"]["impassable"])
    for n in board:
        if board.has(n, "rail") and board.terrain(n) not in closed:
            st.control[n] = "axis"  # the line taken by Axis units
    st.put(st.units["Dora"].moved_to("K21"))
    goto(game, "Axis Movement Phase", "movement", turn=12)
    game.apply(Choose("move:Dora"))
    moves = rail_moves(game)
    assert any(m.path[-1] == "I16" for m in moves)
    assert all(board.terrain(n) not in closed for m in moves for n in m.path)


def test_railroad_guns_never_move_into_impassable_terrain() -> None:
    """Krim: Railroad Artillery moves only along rail, and Krim: Terrain Effects on Movement
    (provisional chart: lagoon impassable) still apply: a German-controlled rail line across a
    lagoon hex (E7) is closed to the gun, as it is to its retreats (battle.prohibited)."""
    rail = ["E9", "E8", "E7", "E6", "E5"]
    sides = [(a, b, "rail") for a, b in itertools.pairwise(rail)]
    gun = rail_gun("RR", "E9")
    game = new(
        [unit("S1", "soviet", "C7"), unit("A0", "axis", "H10"), gun],
        terrain={"lagoon": ["E7"]},
        hexsides=sides,
        control={"axis": ["H10", *rail], "soviet": ["C7"]},
        features={"rail": rail},
    )
    goto(game, "Axis Movement Phase", "movement")
    game.apply(Choose("move:RR"))
    moves = rail_moves(game)
    assert sorted(m.path[-1] for m in moves) == ["E8"]
    assert not any("E7" in m.path for m in moves)
    assert game.check(Move(("RR",), ("E9", "E8", "E7", "E6"))) is not None
    ctx = game._ctx()
    assert ctx.board.index.number["E7"] in prohibited(ctx, "axis", ["RR"])
