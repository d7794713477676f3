"""Krim: Operational Transfers."""

from __future__ import annotations

import pytest
from krim_support import goto, new, put, rail_gun, unit

from wargames.core.actions import Choose, Move, Pass
from wargames.core.errors import IllegalAction
from wargames.core.game import Game
from wargames.krim.barrage import fire_error
from wargames.krim.battle import can_assault
from wargames.krim.optrans import can_optrans


def game_at(turn: int, *extra: dict[str, object]) -> Game:
    units = [unit("S1", "soviet", "C7"), unit("A0", "axis", "H10"), *extra]
    game = new(units)
    goto(game, "Axis Operational Transfers", "begin-optrans", turn=turn)
    return game


def test_no_optrans_in_the_first_calendar_month() -> None:
    game = game_at(2, unit("A1", "axis", "H8"))
    assert can_optrans(game._ctx(), "A1") == "no OpTrans during the first calendar month"
    # nothing to decide: the phase passes by itself
    assert game.decision is not None and game.decision.step == "movement"
    assert can_optrans(game_at(3, unit("A1", "axis", "H8"))._ctx(), "A1") is None


def test_optrans_has_unlimited_mp_and_stops_next_to_an_enemy() -> None:
    game = game_at(3, unit("A1", "axis", "H8", mf=1), unit("S2", "soviet", "C3"))
    game.apply(Choose("optrans:A1"))
    dests = {a.path[-1]: a for a in game.legal_actions() if isinstance(a, Move)}
    assert "B8" in dests  # far beyond an MF of 1
    near = set(game.scenario.board.neighbours("C3"))
    assert all(not near.intersection(m.path[1:-1]) for m in dests.values())
    game.apply(dests["C4"])
    assert game.state.units["A1"].at == "C4"


def test_optrans_needs_tactical_supply_at_the_phase_start() -> None:
    units = [unit("S1", "soviet", "C7"), unit("A0", "axis", "H10"), unit("A1", "axis", "H8")]
    game = new(units)
    game.state.control["H10"] = "soviet"  # the Axis source is lost
    goto(game, "Axis Operational Transfers", "begin-optrans", turn=3)
    why = can_optrans(game._ctx(), "A1")
    assert why is not None and "tactical supply" in why
    assert game.decision is not None and game.decision.step == "movement"


def test_no_move_pa_or_barrage_after_an_optrans() -> None:
    """Krim: no move in the following Movement Phase, no PA or barrage in the Combat Phase."""
    gun = unit("G1", "axis", "H7", (4,), (1,), 3, kind="artillery", flags=("artillery",), rng=3)
    game = game_at(3, unit("A1", "axis", "H8"), gun, unit("S2", "soviet", "E5"))
    game.apply(Choose("optrans:A1"))
    target = next(a for a in game.legal_actions() if isinstance(a, Move) and a.path[-1] == "E6")
    game.apply(target)
    game.apply(Choose("optrans:G1"))
    target = next(a for a in game.legal_actions() if isinstance(a, Move) and a.path[-1] == "G6")
    game.apply(target)
    why = fire_error(game._ctx(), "G1", "E5")
    assert why is not None and "OpTrans" in why
    game.apply(Pass())  # end of the OpTrans Phase
    assert game.decision is not None and game.decision.step == "movement"
    with pytest.raises(IllegalAction, match="Operational Transfers"):
        game.apply(Choose("move:A1"))
    assert not can_assault(game._ctx(), "A1", "E5")
    game.apply(Pass())
    # Combat Phase: the gun may not fire and A1 may not attack: nothing to decide
    assert game.decision is not None and game.decision.side == "soviet"


def test_one_optrans_per_unit() -> None:
    """Krim: Operational Transfers: a unit makes one OpTrans a player turn (so a unit that
    stopped next to an enemy cannot OpTrans on): after A1's, "optrans:A1" is neither offered nor
    accepted, while A2 may still make its own."""
    game = game_at(3, unit("A1", "axis", "H8"), unit("A2", "axis", "G9"))
    game.apply(Choose("optrans:A1"))
    game.apply(next(a for a in game.legal_actions() if isinstance(a, Move)))
    assert game.decision is not None and game.decision.step == "optrans"
    legal = set(game.legal_actions())
    assert Choose("optrans:A1") not in legal and Choose("optrans:A2") in legal
    assert can_optrans(game._ctx(), "A1") == "A1 has already made its OpTrans"
    with pytest.raises(IllegalAction, match="already made its OpTrans"):
        game.apply(Choose("optrans:A1"))


def test_railroad_artillery_never_optrans() -> None:
    gun = rail_gun("RR", "H8")
    game = game_at(3, gun)
    with pytest.raises(IllegalAction, match="Railroad Artillery"):
        game.apply(Choose("optrans:RR"))


def test_optrans_marker_ends_with_the_player_turn() -> None:
    game = game_at(3, unit("A1", "axis", "H8"))
    game.apply(Choose("optrans:A1"))
    game.apply(next(a for a in game.legal_actions() if isinstance(a, Move)))
    assert game.state.units["A1"].has("optrans")
    goto(game, "Axis Combat Phase", "end-player-turn", turn=3)
    assert not game.state.units["A1"].has("optrans")
    put(game, "A1", "H8")


def test_an_optrans_may_not_end_in_a_full_hex() -> None:
    """Krim: stacking (provisional limit 3) where an OpTrans ends: F8 holds three Axis units."""
    full = [unit(f"A{i}", "axis", "F8") for i in (2, 3, 4)]
    game = game_at(3, unit("A1", "axis", "H8"), *full)
    game.apply(Choose("optrans:A1"))
    dests = {a.path[-1]: a for a in game.legal_actions() if isinstance(a, Move)}
    assert "F8" not in dests and "G8" in dests
    path = (*dests["G8"].path, "F8")
    assert game.scenario.board.adjacent("G8", "F8")
    with pytest.raises(IllegalAction, match="stacking"):
        game.apply(Move(("A1",), path))
    assert game.state.units["A1"].at == "H8"


def test_a_unit_chosen_for_optrans_without_its_prefix_is_refused_and_nothing_changes() -> None:
    """Krim: Operational Transfers: the unit is chosen as ``optrans:<unit>``; a bare id was
    accepted by check and then pushed a move of no unit, which broke the game."""
    game = game_at(3, unit("A1", "axis", "H8"))
    assert Choose("optrans:A1") in list(game.legal_actions())
    before = game.to_json()
    with pytest.raises(IllegalAction, match="optrans:<unit>") as raised:
        game.apply(Choose("A1"))
    assert raised.value.rule == "Krim: Operational Transfers"
    assert game.to_json() == before
    game.apply(Choose("optrans:A1"))
    assert any(isinstance(a, Move) for a in game.legal_actions())
