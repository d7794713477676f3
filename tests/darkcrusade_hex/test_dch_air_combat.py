"""DCH: Air Attack and Combat Results: interception (Shot Down, Intercepted, ranges, one
defensive use, Luftwaffe combined, Russians alone), airstrikes on each unit (anti-aircraft
first, D in place, D*, AA, +1 against Disrupted units, korps broken down), bombing under a
ground attack, air supply intercepted, and entrenchment."""

from __future__ import annotations

from fractions import Fraction

import attrs
from dch_support import NE, SW, C, W, at_step, ctx, fight, game, pick_group, stage

import wargames
from wargames.core.actions import Choose, Outcome, Pass
from wargames.core.game import Game
from wargames.core.markers import TURN, has_scoped
from wargames.darkcrusade.hex import counters as cn
from wargames.darkcrusade.hex.air import BOX, available
from wargames.darkcrusade.hex.air_combat import DEFENDED, player_turn
from wargames.darkcrusade.hex.zoc import zone_map


def with_air(g: Game, bases: dict[str, str]) -> None:
    for uid, hex_ in bases.items():
        g.state.put(attrs.evolve(g.state.units[uid], box=BOX))
        g.state.control[hex_] = g.scenario.units[uid].side
    g.state.set("airbases", bases)


def russian_support(g: Game) -> None:
    """A Russian tank korps (east of C) attacks the German XX korps in C, with VVS-W flying
    support."""
    fight(g, ["T01"], C)
    assert stage(g) == "air"
    g.apply(Choose("VVS-W"))


def test_a_mission_may_be_intercepted_and_shot_down() -> None:
    g = game({"T01": "1910", "XX": C}, turn=2, axis_hexes=("1609",))
    with_air(g, {"VVS-W": "1812", "II.FK": "1609"})
    russian_support(g)
    assert g.decision.side == "axis" and g.decision.step == "air-intercept"
    assert set(g.legal_actions()) == {Pass(), Choose("II.FK")}
    g.apply(Choose("II.FK"))
    assert {a.value: p for a, p in g.chance_outcomes()} == {v: Fraction(1, 6) for v in range(1, 7)}
    shift = g.state.get("battle")["shift"]
    g.apply(Outcome(6))  # Shot Down
    assert stage(g) == "no-retreat"
    assert g.state.get("battle")["shift"] == shift  # the mission was prevented
    # Shot Down: out of the game until 2 player-turns later
    assert g.state.get("grounded")["VVS-W"] == player_turn(ctx(g)) + 3
    assert not available(ctx(g), "VVS-W")
    assert has_scoped(g.state.units["II.FK"], DEFENDED, TURN)


def test_an_intercepted_mission_is_prevented_and_back_next_turn_a_miss_lets_it_through() -> None:
    g = game({"T01": "1910", "XX": C}, turn=2, axis_hexes=("1609",))
    with_air(g, {"VVS-W": "1812", "II.FK": "1609"})
    russian_support(g)
    g.apply(Choose("II.FK"))
    g.apply(Outcome(4))  # Intercepted
    assert g.state.get("grounded")["VVS-W"] == 2 * 3  # the German player-turn of turn 3
    assert stage(g) == "no-retreat"
    g2 = game({"T01": "1910", "XX": C}, turn=2, axis_hexes=("1609",))
    with_air(g2, {"VVS-W": "1812", "II.FK": "1609"})
    russian_support(g2)
    before = g2.state.get("battle")["shift"]
    g2.apply(Choose("II.FK"))
    g2.apply(Outcome(3))  # "-": the mission goes on
    assert g2.decision.step == "air-strike-roll"  # the bombing of XX
    g2.apply(Outcome(2))
    assert g2.state.get("battle")["shift"] == before + 1  # the Russian Close Air Support


def test_luftwaffe_interceptors_combine_a_russian_interceptor_flies_alone() -> None:
    g = game({"18A": W, "H01": C}, profiles={"H01": "1-1"}, axis_hexes=("1609",))
    with_air(g, {"II.FK": "1609", "VVS-W": "1812", "VVS-SW": "1812"})
    fight(g, ["18A"], C)
    g.apply(Choose("II.FK"))
    assert set(g.legal_actions()) == {Pass(), Choose("VVS-W"), Choose("VVS-SW")}
    g.apply(Choose("VVS-W"))
    g.apply(Outcome(1))  # no effect
    # Russian front air units may not be combined: no second interceptor
    assert g.decision.step == "air-strike-roll"
    g2 = game({"T01": "1910", "XX": C}, turn=2, axis_hexes=("1609",))
    with_air(g2, {"VVS-W": "1812", "II.FK": "1609", "V.FK": "1609"})
    russian_support(g2)
    g2.apply(Choose("II.FK"))
    g2.apply(Outcome(1))
    assert set(g2.legal_actions()) == {Pass(), Choose("V.FK")}  # freely combined


def test_one_defensive_use_a_turn_and_interception_in_range_only() -> None:
    g = game({"T01": "1910", "XX": C}, turn=2, axis_hexes=("1609",))
    with_air(g, {"VVS-W": "1812", "II.FK": "1609"})
    g.state.put(g.state.units["II.FK"].marked(f"{DEFENDED}@turn"))
    russian_support(g)
    assert g.decision.step == "air-strike-roll"  # II.FK has intercepted this turn already
    far = game({"T01": "1910", "XX": C}, turn=2, axis_hexes=("0412",))
    with_air(far, {"VVS-W": "1812", "II.FK": "0412"})
    russian_support(far)
    assert far.decision.step == "air-strike-roll"  # 0412 is beyond the 6 hexes


def test_beyond_half_range_the_interception_roll_is_one_better() -> None:
    from wargames.darkcrusade.hex.air_combat import intercept_result

    g = game({"T01": "1910", "XX": C}, turn=2, axis_hexes=("1609",))
    with_air(g, {"VVS-W": "1812", "II.FK": "1609"})
    c = ctx(g)
    # VVS-W is 2 hexes from C (within half of 4); II.FK 2 hexes (within half of 6)
    assert intercept_result(c, "II.FK", "VVS-W", C, 3) == "-"
    with_air(g, {"VVS-W": "1814", "II.FK": "1609"})  # 4 hexes from C: beyond half range
    assert intercept_result(ctx(g), "II.FK", "VVS-W", C, 3) == "Intercepted"


def test_airstrike_rolls_for_each_unit_anti_aircraft_first_d_in_place() -> None:
    g = game({"18A": C, "XX": C, "T01": "1910"}, turn=2, axis_hexes=("1609",))
    with_air(g, {"VVS-W": "1812"})
    at_step(g, "operations", side=cn.RUSSIAN, mode="op")
    assert Choose("air:VVS-W") in set(g.legal_actions())
    g.apply(Choose("air:VVS-W"))
    assert Choose(C) in set(g.legal_actions())
    g.apply(Choose(C))
    assert g.decision.step == "air-strike-roll"
    assert g.state.stack[-1].args["unit"] == "18A"  # the UnDisrupted German army first (AA)
    g.apply(Outcome(6))  # D: Disrupted in place
    assert cn.disrupted(ctx(g), "18A") and g.state.units["18A"].at == C
    assert g.state.stack[-1].args["unit"] == "XX"
    g.apply(Outcome(4))  # D* on an infantry korps in the clear: D
    assert cn.disrupted(ctx(g), "XX")
    assert g.decision.step == "operations"
    assert has_scoped(g.state.units["VVS-W"], "flown", TURN)
    assert Choose("air:VVS-W") not in set(g.legal_actions())  # one offensive use a turn


def test_aa_shoots_down_an_air_unit_attacking_an_undisrupted_german_army() -> None:
    g = game({"18A": C, "XX": C, "T01": "1910"}, turn=2, axis_hexes=("1609",))
    with_air(g, {"VVS-W": "1812"})
    at_step(g, "operations", side=cn.RUSSIAN, mode="op")
    g.apply(Choose("air:VVS-W"))
    g.apply(Choose(C))
    g.apply(Outcome(1))  # AA against 18A
    assert "VVS-W" in g.state.get("grounded")
    assert g.decision.step == "operations"  # shot down: XX is not struck
    # against a unit that is not anti-aircraft capable, AA is "-"
    g2 = game({"XX": C, "T01": "1910"}, turn=2, axis_hexes=("1609",))
    with_air(g2, {"VVS-W": "1812"})
    at_step(g2, "operations", side=cn.RUSSIAN, mode="op")
    g2.apply(Choose("air:VVS-W"))
    g2.apply(Choose(C))
    g2.apply(Outcome(1))
    assert "VVS-W" not in g2.state.get("grounded", {})


def test_d_star_spares_armour_entrenched_units_and_forest() -> None:
    from wargames.darkcrusade.hex.air_combat import strike_result

    g = game({"XX": C, "LVI": NE, "T01": "1910"}, turn=2, axis_hexes=("1609",))
    with_air(g, {"VVS-W": "1812"})
    c = ctx(g)
    assert strike_result(c, "VVS-W", "XX", 4) == "D"
    g.state.put(g.state.units["XX"].marked(cn.ENTRENCHED))
    assert strike_result(ctx(g), "VVS-W", "XX", 4) == "-"
    assert strike_result(ctx(g), "VVS-W", "XX", 6) == "D"  # a plain D still hits
    assert strike_result(ctx(g), "VVS-W", "LVI", 5) == "D"  # motorized is not armour
    g.state.put(g.state.units["LVI"].moved_to(C))
    g3 = game({"1Pz": C}, turn=2)
    with_air(g3, {"VVS-W": "1812"})
    assert strike_result(ctx(g3), "VVS-W", "1Pz", 5) == "-"  # panzer
    board = g.scenario.board
    forest = next(n for n in board if board.terrain(n) == "forest")
    g4 = game({"XX": forest}, turn=2)
    with_air(g4, {"VVS-W": forest})
    assert strike_result(ctx(g4), "VVS-W", "XX", 5) == "-"


def test_strikes_are_one_better_against_disrupted_units_and_break_down_a_korps() -> None:
    from wargames.darkcrusade.hex.air_combat import strike_result

    g = game({"XX": C, "LVI": C}, turn=2)
    with_air(g, {"VVS-W": "1812"})
    assert strike_result(ctx(g), "VVS-W", "XX", 3) == "-"
    g.state.put(g.state.units["XX"].marked(cn.DISRUPTED))
    assert strike_result(ctx(g), "VVS-W", "XX", 3) == "D"  # read as a 4: D*
    g.state.put(attrs.evolve(g.state.units["T01"], at="1910", box=None))
    at_step(g, "operations", side=cn.RUSSIAN, mode="op")
    g.apply(Choose("air:VVS-W"))
    g.apply(Choose(C))
    while g.state.stack[-1].args.get("unit") != "LVI":
        g.apply(Outcome(2))
    assert g.state.units["LVI"].steps == 2
    g.apply(Outcome(6))
    assert g.state.units["LVI"].steps == 1  # the motorized korps is broken down


def test_air_supply_may_be_intercepted() -> None:
    g = game({"I": "2013", "T01": "1813"}, axis_hexes=("1609",))
    with_air(g, {"II.FK": "1609", "VVS-W": "1713"})
    at_step(g, "air-supply", side=cn.AXIS)
    g.apply(Choose("II.FK>2013"))
    assert g.decision.step == "air-intercept" and g.decision.side == "russian"
    g.apply(Choose("VVS-W"))
    g.apply(Outcome(5))  # Intercepted
    assert not g.state.units["I"].has("air-supplied@turn")
    assert g.decision is None or g.decision.step != "air-drop"


def test_undisrupted_units_entrench_in_a1_and_leave_it_when_they_move() -> None:
    g = game({"XX": C, "XIII": SW, "H01": "2010"}, profiles={"H01": "1-1"})
    g.state.put(g.state.units["XIII"].marked(cn.DISRUPTED))
    at_step(g, "axis-admin")
    assert g.state.units["XX"].has(cn.ENTRENCHED)
    assert not g.state.units["XIII"].has(cn.ENTRENCHED)  # Disrupted units do not
    at_step(g, "operations", side=cn.AXIS, mode="op")
    g.apply(Choose("XX"))
    move = next(a for a in g.legal_actions() if a.kind == "move")
    g.apply(move)
    assert not g.state.units["XX"].has(cn.ENTRENCHED)


def test_russian_front_air_units_do_not_combine_airstrikes_on_one_hex() -> None:
    g = game({"XX": C, "T01": "1910"}, turn=2, axis_hexes=("1609",))
    with_air(g, {"VVS-W": "1812", "VVS-SW": "1812"})
    at_step(g, "operations", side=cn.RUSSIAN, mode="op")
    g.apply(Choose("air:VVS-W"))
    g.apply(Choose(C))
    g.apply(Outcome(2))
    assert g.decision is not None and g.decision.step == "operations"
    # VVS-SW has no other target in range: C, struck by VVS-W, is closed to it
    assert Choose("air:VVS-SW") not in set(g.legal_actions())


def test_airfields_are_positioned_by_the_player_within_ground_movement_or_by_rail() -> None:
    from wargames.core.actions import Place
    from wargames.darkcrusade.hex.air import airfield_hexes, base

    g = wargames.new_game("darkcrusade-hex", seed=0)
    pick_group(g, "plain")
    at_step(g, "airfields", side=cn.AXIS)
    assert g.decision is not None and g.decision.step == "airfields"
    assert Choose("II.FK") in set(g.legal_actions())
    g.apply(Choose("II.FK"))
    options = airfield_hexes(ctx(g), "II.FK")
    board = g.scenario.board
    zoc = zone_map(ctx(g), cn.RUSSIAN)
    for n, by_rail in options.items():
        assert g.state.control[n] == cn.AXIS  # never beyond the front line
        assert board.index.number[n] not in zoc
        assert by_rail == (board.distance("0412", n) > 9)
    far = next(n for n, r in options.items() if r)
    g.apply(Place("II.FK", far))
    assert base(ctx(g), "II.FK") == far
    # moved by rail: Disrupted, the air unit does not fly this game-turn
    assert has_scoped(g.state.units["II.FK"], "flown", TURN)
    assert has_scoped(g.state.units["II.FK"], DEFENDED, TURN)
    assert Choose("II.FK") not in set(g.legal_actions())  # one move a player-turn


def test_an_airfield_overrun_on_the_ground_is_shot_down() -> None:
    g = game({"XX": C}, turn=2, axis_hexes=("1609",))
    with_air(g, {"II.FK": "1609"})
    g.state.control["1609"] = cn.RUSSIAN  # the enemy took the airfield's hex
    at_step(g, "axis-admin")
    assert "II.FK" in g.state.get("grounded", {})
    assert not available(ctx(g), "II.FK")


def test_d_star_spares_units_in_major_victory_or_fortress_cities() -> None:
    """DCH: D*: units in major, victory or fortress cities read D* as "-" (not in the open)."""
    from wargames.darkcrusade.hex.air_combat import sheltered

    g = game({"H01": "1408", "H02": C}, profiles={"H01": "2-2", "H02": "2-2"})  # Moscow; clear
    assert sheltered(ctx(g), "H01") and not sheltered(ctx(g), "H02")


def test_an_airstrike_takes_the_anti_aircraft_units_first() -> None:
    """DCH: Airstrike: each ground unit of the stack separately, anti-aircraft-capable units
    (an UnDisrupted German army) first."""
    from wargames.darkcrusade.hex.air_combat import aa_capable, strike_order

    g = game({"11Pz": C, "18A": C})
    c = ctx(g)
    assert g.state.occupancy()[C] == ("11Pz", "18A")  # the panzer division on top
    assert aa_capable(c, "18A") and not aa_capable(c, "11Pz")
    assert strike_order(c, C, cn.RUSSIAN) == ["18A", "11Pz"]


def test_airstrikes_keep_the_first_turn_rules_on_rumania() -> None:
    """DCH: Special First Turn Rules: "The Axis may not attack out of Rumania on the first
    turn.  (The Russians may not attack Rumania unless the Axis do attack out of it.)" (an
    airstrike "attacks each ground unit in the target hex"); an Axis airstrike out of Rumania
    later opens Rumania to the Russians."""
    from wargames.darkcrusade.hex.air_combat import strike_targets

    board = game({}).scenario.board
    target = next(
        n
        for n in sorted(board.nodes_with("romania"))
        if board.distance("0920", n) <= 4
        and any(not board.has(m, "romania") for m in board.neighbours(n))
    )
    beside = next(m for m in sorted(board.neighbours(target)) if not board.has(m, "romania"))
    g = game({"3RoA": target, "H01": beside}, turn=2, profiles={"H01": "4-4"})
    with_air(g, {"VVS-S": beside})
    assert target not in strike_targets(ctx(g), "VVS-S")
    g.state.set("romania_attacked", True)
    assert target in strike_targets(ctx(g), "VVS-S")
    for turn, allowed in ((1, False), (2, True)):
        g = game({"3RoA": target, "H01": beside}, turn=turn, profiles={"H01": "4-4"})
        with_air(g, {"IV.FK": "0621"})  # an airfield in Rumania
        assert bool(strike_targets(ctx(g), "IV.FK")) == allowed
    at_step(g, "airstrike", side=cn.AXIS, unit="IV.FK")
    g.apply(Choose(beside))
    assert g.state.get("romania_attacked") is True
