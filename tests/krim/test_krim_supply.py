"""Krim: Supply Check: operational supply by month (OOS markers), tactical supply now."""

from __future__ import annotations

from krim_support import goto, new, put, unit

from wargames.core.actions import Choose, Move, Pass
from wargames.krim.supply import OOS, in_tactical_supply


def units() -> list[dict[str, object]]:
    return [
        unit("A1", "axis", "H9"),
        unit("A2", "axis", "E5"),
        unit("S1", "soviet", "C7"),
        unit("S2", "soviet", "C3"),
    ]


def test_unit_cut_off_at_month_start_gets_oos_marker() -> None:
    """Krim: Operational Supply: checked at the beginning of each calendar month."""
    # Soviet S2 at C3 is cut from C7 by a wall of Axis units
    wall = [unit(f"W{i}", "axis", h) for i, h in enumerate(["C2", "C4", "B3", "B4", "D3", "D4"])]
    game = new(units() + wall)
    assert game.state.units["S2"].has(OOS)
    assert not game.state.units["S1"].has(OOS)
    assert not game.state.units["A1"].has(OOS)


def test_oos_marker_stays_all_month_even_when_supply_returns() -> None:
    wall = [unit(f"W{i}", "axis", h) for i, h in enumerate(["C2", "C4", "B3", "B4", "D3", "D4"])]
    game = new(units() + wall)
    for i in range(6):
        put(game, f"W{i}", box="eliminated")
    # the second couplet of October: no month-start check, the marker stays
    goto(game, "Supply Check", "month-start-supply", turn=2)
    assert game.state.units["S2"].has(OOS)
    # ... but a unit with the marker in tactical supply moves and fights at full strength
    ctx = game._ctx()
    assert in_tactical_supply(ctx, "S2")


def test_month_end_eliminates_units_still_cut_off() -> None:
    wall = [unit(f"W{i}", "axis", h) for i, h in enumerate(["C2", "C4", "B3", "B4", "D3", "D4"])]
    game = new(units() + wall)
    goto(game, "Month end", "month-end-supply", turn=2)
    assert game.state.units["S2"].box == "eliminated"


def test_month_end_spares_units_that_trace_again() -> None:
    wall = [unit(f"W{i}", "axis", h) for i, h in enumerate(["C2", "C4", "B3", "B4", "D3", "D4"])]
    game = new(units() + wall)
    put(game, "W0", box="eliminated")
    goto(game, "Month end", "month-end-supply", turn=2)
    assert game.state.units["S2"].at == "C3" and not game.state.units["S2"].has(OOS)


def test_tactical_sources_give_no_operational_supply() -> None:
    """Krim: Supply Sources: "The operational supply sources provide both operational and
    tactical supplies"; the tactical ones (the Soviet ports, B3 here) only tactical supply: S2,
    whose only line leads to B3, is in tactical supply but gets the OOS marker and is eliminated
    at month end."""
    wall = [unit(f"W{i}", "axis", h) for i, h in enumerate(["C2", "C4", "B4", "D3", "D4"])]
    game = new(
        units() + wall,
        features={"supply-tactical": ["B3"], "soviet-source": ["C7", "H2", "B3"]},
        control={"axis": ["H10"], "soviet": ["C7", "B3"]},
    )
    assert in_tactical_supply(game._ctx(), "S2")
    assert game.state.units["S2"].has(OOS)
    goto(game, "Month end", "month-end-supply", turn=2)
    assert game.state.units["S2"].box == "eliminated"


def test_month_end_checks_only_units_with_an_oos_marker() -> None:
    """Krim: Operational Supply: "a further supply check for each unit with an OOS marker is
    made": S2, in supply at month start (no marker) and cut off later in the month, stays."""
    wall = [unit(f"W{i}", "axis", h) for i, h in enumerate(["C2", "C4", "B3", "B4", "D3", "D4"])]
    game = new(units() + wall)
    game.state.put(game.state.units["S2"].unmarked(OOS))  # as if it traced at month start
    assert not game.state.units["S2"].has(OOS)
    goto(game, "Month end", "month-end-supply", turn=2)
    assert game.state.units["S2"].at == "C3"


def test_month_end_check_only_after_the_months_last_couplet() -> None:
    wall = [unit(f"W{i}", "axis", h) for i, h in enumerate(["C2", "C4", "B3", "B4", "D3", "D4"])]
    game = new(units() + wall)
    goto(game, "Month end", "month-end-supply", turn=1)  # October has two couplets
    assert game.state.units["S2"].at == "C3"


def test_source_serves_only_the_side_controlling_it() -> None:
    """Krim: Supply Sources: the source must be controlled by the side receiving supply."""
    game = new(units())
    ctx = game._ctx()
    assert in_tactical_supply(ctx, "S2")
    game.state.control["C7"] = "axis"
    assert not in_tactical_supply(ctx, "S2")
    assert in_tactical_supply(ctx, "A2")


def test_supply_lines_never_cross_impassable_hexes() -> None:
    game = new(units(), terrain={"lagoon": ["C2", "C4", "B3", "B4", "D3", "D4"]})
    ctx = game._ctx()
    assert not in_tactical_supply(ctx, "S2")


def test_out_of_tactical_supply_moves_with_half_its_mf() -> None:
    """Krim: Supply (movement): half the printed MF without tactical supply."""
    game = new([*units(), unit("S3", "soviet", "F5", mf=4)])
    game.state.control["C7"] = "axis"  # no Soviet source: no tactical supply
    goto(game, "Soviet Movement Phase", "movement")
    game.apply(Choose("move:S3"))
    moves = [a for a in game.legal_actions() if isinstance(a, Move)]
    assert max(len(m.path) for m in moves) - 1 <= 2
    game.apply(Pass())


def test_month_end_clears_the_marker_of_a_unit_shipped_to_the_qrb() -> None:
    wall = [unit(f"W{i}", "axis", h) for i, h in enumerate(["C2", "C4", "B3", "B4", "D3", "D4"])]
    game = new([*units(), *wall])
    assert game.state.units["S2"].has(OOS)
    put(game, "S2", box="qrb", markers=("oos",))
    goto(game, "Month end", "month-end-supply", turn=2)
    assert game.state.units["S2"].box == "qrb" and not game.state.units["S2"].has(OOS)


def test_a_unit_on_a_source_needs_no_line() -> None:
    """Krim: Supply Lines: a unit occupying a supply source hex does not need a supply line."""
    ring = [unit(f"W{i}", "axis", h) for i, h in enumerate(["C6", "C8", "B7", "B8", "D7", "D8"])]
    game = new([*units(), *ring])
    assert not game.state.units["S1"].has(OOS)
    assert in_tactical_supply(game._ctx(), "S1")
