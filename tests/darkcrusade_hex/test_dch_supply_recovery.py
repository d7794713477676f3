"""DCH: Supply (ranges, rail heads, ZOC blocking, Limited and Isolated, the Snow radius) and
Recovery from Disruption by side, colour and phase."""

from __future__ import annotations

from dch_support import RAILHEAD, C, W, at_step, ctx, disrupt, game

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

    from wargames.core.actions import Choose, Outcome

    g = game({"1Pz": W, "H01": C}, profiles={"H01": "4-4"})  # 2:8 = 1:4
    disrupt(g, "H01")
    fight(g, ["1Pz"], C)
    g.apply(Choose("retreat"))
    g.apply(Choose("press:0"))
    assert stage(g) == "roll"
    g.apply(Outcome(die_for(g, "AE")))
    assert not g.state.units["H01"].has(cn.DISRUPTED)
