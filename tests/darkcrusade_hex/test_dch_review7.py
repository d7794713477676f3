"""Seventh rules review of Dark Crusade (hex): each test rebuilds a reviewer's position that the
code got wrong (`notes/s27/review7-dch/findings.md`)."""

from __future__ import annotations

from dch_support import RAILHEAD, ctx, game

from wargames.core.markers import TURN, scoped
from wargames.core.supply import SupplyStatus
from wargames.darkcrusade.hex import air
from wargames.darkcrusade.hex import counters as cn
from wargames.darkcrusade.hex.supply import statuses, supply_map
from wargames.darkcrusade.hex.terrain import rail_nodes
from wargames.darkcrusade.hex.weather import MUD, SNOW, weather

MUD_TURN, SNOW_TURN = 9, 12


def test_an_empty_axis_held_rail_hex_blocks_only_the_rail_leg_of_a_russian_supply_line() -> None:
    """DCH: Supply: "For the Russians, it is 6 hexes back to a friendly railroad and then to
    a[n] ... eastern ... mapboard edge hex. A supply line cannot be traced through (or from) an
    enemy-occupied hex or a hex adjacent to and accessible by an enemy unit with a Zone of
    Control." H01 on 0502 (only land neighbour 0602): the line 0502-0602-0603-0703-0803 runs 4
    hexes overland to the Russian rail net at 0803, across the empty rail hex 0603 the Axis
    holds. Axis control keeps 0603 off the friendly railroad, not off the overland leg."""
    g = game({"H01": "0502"})
    g.state.control["0603"] = cn.AXIS
    c = ctx(g)
    assert "0603" in rail_nodes(c) and "0703" in rail_nodes(c)
    assert statuses(c, cn.RUSSIAN)["H01"] == SupplyStatus.SUPPLIED
    lines = supply_map(c, cn.RUSSIAN)
    assert lines.path("0502") == ["0502", "0602", "0603", "0703", "0803"]
    # the rail leg still may not run through the Axis-held hex: the spur 0703, reached by rail
    # only through 0603, is off the net (1 hex overland from it, not 0)
    assert lines.distance("0603") == 2 and lines.distance("0703") == 1
    # an enemy unit on the overland leg does block it
    g2 = game({"H01": "0502", "I": "0602"})
    assert statuses(ctx(g2), cn.RUSSIAN)["H01"] != SupplyStatus.SUPPLIED


def test_in_snow_an_air_supplied_army_is_an_axis_army_in_supply_for_the_three_hex_rule() -> None:
    """DCH: Weather: "In Snow weather turns, Axis units farther than 3 hexes away from an Axis
    army unit in supply are considered to be out of supply, unless air-supplied"; DCH: Air
    Supply: an air unit "may supply all the otherwise out of supply units in any one hex". 18A
    on 1209 (4 hexes from the rail head: Limited in Snow) is air-supplied, so in supply; korps I
    beside it on 1309 (3 hexes: a full line) is within 3 hexes of it and stays in supply."""
    army, korps = "1209", "1309"
    g = game({"18A": army, "I": korps}, turn=SNOW_TURN)
    c = ctx(g)
    assert weather(c) == SNOW
    assert c.board.distance(army, RAILHEAD) == 4 and c.board.distance(korps, RAILHEAD) == 3
    lines = supply_map(c, cn.AXIS)
    assert lines.status(army) == SupplyStatus.LIMITED
    assert lines.status(korps) == SupplyStatus.SUPPLIED
    g.state.put(g.state.units["18A"].marked(scoped(cn.AIR_SUPPLIED, TURN)))
    got = statuses(ctx(g), cn.AXIS)
    assert got == {"18A": SupplyStatus.SUPPLIED, "I": SupplyStatus.SUPPLIED}


def test_in_mud_an_airfield_moves_the_halved_maximum_ground_movement() -> None:
    """DCH: Airfields: "It has its side's maximum ground movement to move to a new position";
    DCH: Weather: "In Mud and Snow, the OMF is halved". In Mud a panzer division moves OMF 3 +
    OMB 3, so an Axis airfield moves at most 6 hexes (farther only by rail)."""
    g = game({}, turn=MUD_TURN)
    fk = "I.FK"
    c = ctx(g)
    assert weather(c) == MUD
    old = air.base(c, fk)
    for n in c.board:  # the Axis holds everything near the base: only the reach limits
        if c.board.distance(n, old) <= 10:
            g.state.control[n] = cn.AXIS
    c = ctx(g)
    offered = air.airfield_hexes(c, fk)
    by_road = [n for n, rail in offered.items() if not rail]
    assert max(c.board.distance(old, n) for n in by_road) == 6


def test_airfield_reach_is_the_fastest_class_allowance_with_weather_and_oil() -> None:
    """DCH: Airfields, Weather and Supply (Ploesti/Grozny: "reduced to a maximum OMF of 4"):
    the side's maximum ground movement is its fastest class's OMF, capped when the oil is lost
    and halved in Mud and Snow (down for the Axis, up for the Russians), plus the OMB."""
    clear, mud, snow = ctx(game({})), ctx(game({}, turn=MUD_TURN)), ctx(game({}, turn=SNOW_TURN))
    assert (air.reach(clear, cn.AXIS), air.reach(clear, cn.RUSSIAN)) == (6 + 3, 5 + 5)
    assert (air.reach(mud, cn.AXIS), air.reach(mud, cn.RUSSIAN)) == (3 + 3, 3 + 5)
    assert (air.reach(snow, cn.AXIS), air.reach(snow, cn.RUSSIAN)) == (3 + 3, 3 + 5)
    g = game({})
    board = g.scenario.board
    (ploesti,) = [n for n in board.nodes_with("oil") if board.has(n, "romania")]
    g.state.control[ploesti] = cn.RUSSIAN
    assert air.reach(ctx(g), cn.AXIS) == 4 + 3  # panzers capped at 4: as fast as infantry
