"""DCH: Supply (ranges, rail heads, ZOC blocking, Limited and Isolated, the Snow radius) and
Recovery from Disruption by side, colour and phase."""

from __future__ import annotations

from dch_support import (
    NE,
    RAILHEAD,
    SE,
    SW,
    C,
    W,
    at_step,
    ctx,
    die_for,
    disrupt,
    fight,
    game,
    stage,
)

from wargames.core.actions import Choose, Outcome
from wargames.core.supply import SupplyStatus
from wargames.darkcrusade.hex import counters as cn
from wargames.darkcrusade.hex.supply import statuses


def status(g, uid):  # type: ignore[no-untyped-def]
    return statuses(ctx(g), ctx(g).side_of(uid))[uid]


def test_axis_full_supply_is_four_hexes_from_a_rail_head_three_in_mud_or_snow() -> None:
    board_hex = "2009"  # 4 hexes east of the rail head 1609
    g = game({"I": board_hex})
    assert g.scenario.board.distance(RAILHEAD, board_hex) == 4
    assert status(g, "I") == SupplyStatus.SUPPLIED
    mud = game({"I": board_hex}, turn=9)
    assert status(mud, "I") == SupplyStatus.LIMITED
    # Snow (Dec I): 3 hexes too, with an Axis army in supply near enough for the Snow radius
    snow = game({"I": board_hex, "18A": "1909"}, turn=12)
    assert status(snow, "18A") == SupplyStatus.SUPPLIED
    assert status(snow, "I") == SupplyStatus.LIMITED


def test_limited_supply_reaches_twelve_hexes_isolated_beyond() -> None:
    g = game({"I": "2013"})  # 6 hexes from the rail head
    assert g.scenario.board.distance(RAILHEAD, "2013") == 6
    assert status(g, "I") == SupplyStatus.LIMITED
    g.state.set("railheads", [])  # the nearest Axis country is far beyond 12 hexes
    assert status(g, "I") == SupplyStatus.UNSUPPLIED


def test_an_enemy_zoc_blocks_the_line_unless_a_friendly_unit_holds_the_hex() -> None:
    g = game({"I": C, "H01": "1610"}, profiles={"H01": "2-2"})  # ZOC over 1609 and 1710
    assert status(g, "I") != SupplyStatus.SUPPLIED
    g.state.put(g.state.units["XX"].moved_to(RAILHEAD))
    g.state.put(g.state.units["XIII"].moved_to(W))
    assert status(g, "I") == SupplyStatus.SUPPLIED


def test_in_snow_axis_units_far_from_an_army_in_supply_are_out_of_supply() -> None:
    g = game({"I": C, "18A": RAILHEAD}, turn=12)
    assert status(g, "I") == SupplyStatus.SUPPLIED
    g2 = game({"I": C}, turn=12)
    assert status(g2, "I") == SupplyStatus.UNSUPPLIED


def test_supply_phase_marks_isolated_units_disrupted_and_they_cannot_recover() -> None:
    g = game({"I": "2021", "18A": C})
    g.state.set("railheads", [])
    at_step(g, "supply", side=cn.AXIS)
    assert g.state.units["I"].has(cn.ISOLATED) and g.state.units["I"].has(cn.DISRUPTED)
    at_step(g, "recover", group="german")
    assert g.state.units["I"].has(cn.DISRUPTED)


def test_german_units_in_supply_recover_at_the_end_of_the_axis_turn() -> None:
    g = game({"I": C, "T01": "1814", "H01": "1815"}, profiles={"H01": "2-2"})
    disrupt(g, "I", "T01", "H01")
    at_step(g, "recover", group="german")
    assert not g.state.units["I"].has(cn.DISRUPTED)
    assert g.state.units["T01"].has(cn.DISRUPTED) and g.state.units["H01"].has(cn.DISRUPTED)


def test_red_russian_units_recover_at_the_end_of_the_russian_turn_others_in_a4() -> None:
    g = game({"T01": "1814", "H01": "1815"}, profiles={"H01": "2-2"})
    disrupt(g, "T01", "H01")
    at_step(g, "recover", group="russian-red")
    assert not g.state.units["T01"].has(cn.DISRUPTED)
    assert g.state.units["H01"].has(cn.DISRUPTED)
    at_step(g, "recover", group="russian-other", unattacked=True)
    assert not g.state.units["H01"].has(cn.DISRUPTED)


def test_a4_does_not_recover_russians_under_an_allocated_attack() -> None:
    g = game({"H01": C, "18A": W}, profiles={"H01": "2-2"})
    disrupt(g, "H01")
    g.state.set("allocations", {C: ["18A"]})
    at_step(g, "recover", group="russian-other", unattacked=True)
    assert g.state.units["H01"].has(cn.DISRUPTED)


def test_attacked_russians_not_re_disrupted_recover_after_the_attack() -> None:
    from dch_support import die_for, fight, stage

    g = game({"1Pz": W, "H01": C}, profiles={"H01": "4-4"})  # 2:8 = 1:4
    disrupt(g, "H01")
    fight(g, ["1Pz"], C)
    g.apply(Choose("retreat"))
    g.apply(Choose("press:0"))
    assert stage(g) == "roll"
    g.apply(Outcome(die_for(g, "AE")))
    assert not g.state.units["H01"].has(cn.DISRUPTED)


def _to_roll(g) -> None:  # type: ignore[no-untyped-def]
    g.apply(Choose("retreat"))
    g.apply(Choose("press:0"))
    if stage(g) == "round-up":
        g.apply(Outcome("stay"))


def _finish(g) -> None:  # type: ignore[no-untyped-def]
    while g.decision is not None and g.decision.step.startswith("battle-"):
        g.apply(next(iter(g.legal_actions())))


def test_limited_supply_disruption_after_combat_reads_the_status_at_the_attack() -> None:
    """DCH: Supply: "The supply status for combat is determined at the moment of attack":
    the post-combat Disruption follows the status then, not the last supply phase's marker."""
    g = game({"18A": W, "H01": C}, profiles={"H01": "1-1"})
    board = g.scenario.board
    far = next(
        n for n in sorted(board) if board.distance(n, W) == 6 and board.terrain(n) == "clear"
    )
    g.state.set("railheads", [far])  # Limited Supply now, no LIMITED marker on 18A
    g.state.control[far] = cn.AXIS
    assert status(g, "18A") == SupplyStatus.LIMITED and not g.state.units["18A"].has(cn.LIMITED)
    fight(g, ["18A"], C)
    _to_roll(g)
    g.apply(Outcome(die_for(g, "DE")))
    _finish(g)
    assert g.state.units["18A"].has(cn.DISRUPTED)
    # fully supplied now, but marked Limited by an earlier supply phase: not Disrupted
    g = game({"18A": W, "H01": C}, profiles={"H01": "1-1"})
    g.state.put(g.state.units["18A"].marked(cn.LIMITED))
    assert status(g, "18A") == SupplyStatus.SUPPLIED
    fight(g, ["18A"], C)
    _to_roll(g)
    g.apply(Outcome(die_for(g, "DE")))
    _finish(g)
    assert not g.state.units["18A"].has(cn.DISRUPTED)


def test_an_attacked_russian_out_of_supply_does_not_recover_after_a_non_disrupting_result() -> None:
    """DCH: Recovery from Disruption: re-attacked units "are recovered ... like the un-attacked
    units were" (A.4: only in Full or Limited Supply)."""
    place = {"1Pz": W, "18A": SW, "16A": NE, "9A": SE, "H01": C, "H02": C}
    g = game(place, profiles={"H01": "4-4", "H02": "4-4"})
    disrupt(g, "H01")
    assert status(g, "H01") == SupplyStatus.UNSUPPLIED
    assert not g.state.units["H01"].has(cn.ISOLATED)
    fight(g, ["1Pz"], C)
    _to_roll(g)
    g.apply(Outcome(die_for(g, "AE")))
    _finish(g)
    assert g.state.units["H01"].has(cn.DISRUPTED)
    # the same attack on a Russian stack in supply: recovered after the AE
    g = game({"1Pz": W, "H01": C, "H02": C}, profiles={"H01": "4-4", "H02": "4-4"})
    disrupt(g, "H01")
    assert status(g, "H01") != SupplyStatus.UNSUPPLIED
    fight(g, ["1Pz"], C)
    _to_roll(g)
    g.apply(Outcome(die_for(g, "AE")))
    _finish(g)
    assert not g.state.units["H01"].has(cn.DISRUPTED)
