"""DCH: Fortresses, Entrenchment, Defense Lines, and Terrain Effects (defence); the Russian
supply line; the D withdrawal; Limited-Supply attackers; cancelling attacks."""

from __future__ import annotations

from dch_support import NW, SW, C, E, W, at_step, ctx, die_for, fight, game, stage

import wargames
from wargames.core.actions import Choose, Outcome, Pass, Retreat
from wargames.core.game import Game
from wargames.core.supply import SupplyStatus
from wargames.darkcrusade.hex import counters as cn
from wargames.darkcrusade.hex.odds import odds
from wargames.darkcrusade.hex.supply import statuses
from wargames.darkcrusade.hex.terrain import defence_strength


def defence(g, node: str, units: list[str]) -> int:  # type: ignore[no-untyped-def]
    return defence_strength(ctx(g), node, units, [])


def test_victory_cities_double_every_infantry_unit_major_cities_one_cities_add_one() -> None:
    g = game({"H01": "1408", "H02": "1408"}, profiles={"H01": "2-3", "H02": "2-2"})
    assert defence(g, "1408", ["H01", "H02"]) == 10  # Moscow: a victory city
    g2 = game({"H01": "1315", "H02": "1315"}, profiles={"H01": "2-3", "H02": "2-2"})
    assert defence(g2, "1315", ["H01", "H02"]) == 8  # Kharkov: major city, one doubled
    g3 = game({"H01": "1114", "H02": "1114"}, profiles={"H01": "2-3", "H02": "2-2"})
    assert defence(g3, "1114", ["H01", "H02"]) == 5  # a town ("O", no solid dot): no bonus
    g5 = game({"H01": "1311", "H02": "1311"}, profiles={"H01": "2-3", "H02": "2-2"})
    assert g5.scenario.board.features("1311") == {"city"}
    assert defence(g5, "1311", ["H01", "H02"]) == 6  # a city: +1 to one
    g4 = game({"T01": "1408"})
    assert defence(g4, "1408", ["T01"]) == 2  # tank korps are not infantry-type


def test_forest_adds_one_hills_double_infantry() -> None:
    forest = "1405"
    g = game({"H01": forest, "H02": forest}, profiles={"H01": "2-2", "H02": "2-2"})
    assert g.scenario.board.terrain(forest) == "forest" and not g.scenario.board.features(forest)
    assert defence(g, forest, ["H01", "H02"]) == 5
    g2 = game({"H01": "1105"}, profiles={"H01": "2-3"})
    assert g2.scenario.board.terrain("1105") == "hills"
    assert defence(g2, "1105", ["H01"]) == 6


def test_russian_supply_is_six_hexes_to_a_railroad_then_along_it_to_the_east_edge() -> None:
    g = game({"H01": "1408"}, profiles={"H01": "2-2"})  # Moscow, on the rail net
    assert statuses(ctx(g), cn.RUSSIAN)["H01"] == SupplyStatus.SUPPLIED
    # cut every rail hex by Axis control: only the 6-hex leg to the edge itself is left
    from wargames.darkcrusade.hex.terrain import rail_nodes

    for n in rail_nodes(ctx(g)):
        g.state.control[n] = cn.AXIS
    g.state.control["1408"] = cn.RUSSIAN
    assert statuses(ctx(g), cn.RUSSIAN)["H01"] != SupplyStatus.SUPPLIED


def d_result(g: Game) -> None:
    """18A, 16A and 9A attack C (no retreat choice, no pressing) and roll a D."""
    fight(g, ["18A", "16A", "9A"], C)
    g.apply(Choose("retreat"))
    g.apply(Choose("press:0"))
    if stage(g) == "round-up":
        g.apply(Outcome("stay"))
    g.apply(Outcome(die_for(g, "D")))


def test_d_disrupts_all_defenders_who_may_withdraw_up_to_two_hexes() -> None:
    g = game({"18A": W, "16A": NW, "9A": SW, "H01": C}, profiles={"H01": "4-4"})  # 15:4
    d_result(g)
    assert g.state.units["H01"].has(cn.DISRUPTED)
    options = list(g.legal_actions())
    assert Pass() in options
    assert {len(a.path) for a in options if isinstance(a, Retreat)} <= {2, 3}
    g.apply(Pass())
    assert g.state.units["H01"].at == C


def test_a_withdrawal_that_would_end_overstacked_is_retreated_on() -> None:
    """DCH: D: "Units retreated if hex overstacked": a withdrawal may not end where it would
    overstack; it goes on (here a third hex) to a hex where it fits."""
    board = wargames.new_game("darkcrusade-hex", seed=0).scenario.board
    far = [n for n in board.neighbours(E) if board.distance(n, W) == 3]
    full = {"H02": far[0], "H03": far[0]}  # two armies: the Russian limit
    g = game({"18A": W, "16A": NW, "9A": SW, "H01": C, **full}, profiles={"H01": "4-4"})
    d_result(g)
    paths = [a.path for a in g.legal_actions() if isinstance(a, Retreat)]
    assert paths and all(p[-1] != far[0] for p in paths)
    onward = [p for p in paths if len(p) == 4 and p[2] == far[0]]
    assert onward, "the withdrawal through the full hex goes on to a third hex"
    assert all(board.distance(p[-1], C) >= 2 for p in onward)
    assert max(len(p) for p in paths if far[0] not in p) <= 3  # others: 2 hexes at most
    g.apply(next(a for a in g.legal_actions() if isinstance(a, Retreat) and a.path == onward[0]))
    assert g.state.units["H01"].at == onward[0][-1]


def test_limited_supply_attackers_shift_left_and_are_disrupted_after_the_attack() -> None:
    g = game({"18A": W, "H01": C}, profiles={"H01": "1-1"})
    g.state.set("railheads", [])  # the Axis countries are far away: Limited Supply at best
    assert dict(odds(ctx(g), ["18A"], C).shifts).get("DCH: Supply (Limited-Supply attackers)")
    g.state.put(g.state.units["18A"].marked(cn.LIMITED))
    fight(g, ["18A"], C)
    g.apply(Choose("retreat"))
    g.apply(Choose("press:0"))
    if stage(g) == "round-up":
        g.apply(Outcome("stay"))
    g.apply(Outcome(6))
    while g.decision is not None and g.decision.step.startswith("battle-"):
        g.apply(next(iter(g.legal_actions())))
    assert g.state.units["18A"].has(cn.DISRUPTED)


def test_the_russians_may_not_cancel_attacks_once_resolution_has_begun() -> None:
    g = game({"T01": W, "T02": NW, "I": C}, turn=2)
    g.state.set("allocations", {C: ["T01", "T02"]})
    at_step(g, "combat", side=cn.RUSSIAN, mode="op")
    assert all(not getattr(a, "option", "").startswith("cancel:") for a in g.legal_actions())
    g2 = game({"18A": W, "H01": C}, profiles={"H01": "2-2"})
    g2.state.set("allocations", {C: ["18A"]})
    at_step(g2, "combat", side=cn.AXIS, mode="op")
    assert Choose("cancel:" + C) in list(g2.legal_actions())


def test_on_a_d_some_defenders_may_withdraw_and_others_stay() -> None:
    g = game({"18A": W, "16A": NW, "9A": SW, "H01": C, "T01": C}, profiles={"H01": "2-2"})
    fight(g, ["18A", "16A", "9A"], C)  # 15:4
    g.apply(Choose("retreat"))
    g.apply(Choose("press:0"))
    if stage(g) == "round-up":
        g.apply(Outcome("stay"))
    g.apply(Outcome(die_for(g, "D")))
    alone = [a for a in g.legal_actions() if isinstance(a, Retreat) and a.units == ("T01",)]
    assert alone
    g.apply(alone[0])
    assert g.state.units["T01"].at != C and g.state.units["H01"].at == C
    assert g.decision is not None and g.decision.step == "battle-retreat"  # H01 may still go
    g.apply(Pass())
    assert g.state.units["H01"].at == C


def test_no_withdrawal_is_offered_once_every_defender_has_gone() -> None:
    from wargames.darkcrusade.hex.battle import Battle
    from wargames.darkcrusade.hex.retreats import withdrawals

    g = game({"18A": W, "H01": "1814"}, profiles={"H01": "2-2"})
    b = Battle(C, cn.AXIS, "op", ("18A",), (W,), ("H01",))
    assert withdrawals(ctx(g), b) == []
