"""K45 3.x ZOC, 4.x movement, 5.x stacking, 12.2c/12.3 refugees, 12.8 fixed HQs, 0.7c NO GAS.

Hexes down one column (0302, 0303, ...) are adjacent; MP are whole MP of the rules."""

from __future__ import annotations

from k45_helpers import activate, ends, game, hq, push, unit

from wargames.api import load_game
from wargames.core.actions import Move, Pass
from wargames.konigsberg.actions import AtrocityMove, StrategicMove


def movement(g, side="soviet", units=None):  # type: ignore[no-untyped-def]
    return push(g, "movement", side=side, **({"units": units} if units is not None else {}))


def test_3_0a_ezoc_costs_two_to_enter_and_two_to_leave() -> None:
    g = game(unit("S", "soviet", "0302", mp=5), unit("G", "german", "0306"))
    movement(g, units=["S"])
    reach = ends(g, "S")
    assert "0304" in reach  # 1 + 1
    assert "0305" in reach  # 1 + 1 + (1 + 2 EZOC) = 5
    assert g.check(Move(("S",), ("0302", "0303", "0304", "0305"))) is None
    g2 = game(unit("S", "soviet", "0302", mp=4), unit("G", "german", "0306"))
    movement(g2, units=["S"])
    assert "0305" not in ends(g2, "S")
    err = g2.check(Move(("S",), ("0302", "0303", "0304", "0305")))
    assert err is not None and err.rule == "K45 4.3(2)"


def test_3_0a_leaving_an_ezoc_costs_two_more() -> None:
    # S starts in G's EZOC: 0304 costs 1 + 2 to leave, 0303 one more (4 MP).
    g = game(unit("S", "soviet", "0305", mp=3), unit("G", "german", "0306"))
    movement(g, units=["S"])
    assert "0304" in ends(g, "S") and "0303" not in ends(g, "S")
    err = g.check(Move(("S",), ("0305", "0304", "0303")))
    assert err is not None and err.rule == "K45 4.3(2)"
    g2 = game(unit("S", "soviet", "0305", mp=4), unit("G", "german", "0306"))
    movement(g2, units=["S"])
    assert g2.check(Move(("S",), ("0305", "0304", "0303"))) is None


def test_3_1a_hqs_and_volksturm_exert_no_zoc() -> None:
    g = game(
        unit("S", "soviet", "0302", mp=4),
        hq("H", "german", "0305"),
        unit("V", "german", "0805", attack=1, mp=0, steps=1, flags=("nozoc", "volksturm")),
    )
    movement(g, units=["S"])
    assert "0304" in ends(g, "S") and g.check(Move(("S",), ("0302", "0303", "0304"))) is None


def test_4_1_units_move_one_at_a_time_and_once() -> None:
    g = game(unit("S", "soviet", "0302"), unit("T", "soviet", "0502"), unit("G", "german", "1108"))
    movement(g, units=["S", "T"])
    assert g.check(Move(("S", "T"), ("0302", "0303"))).rule == "K45 4.1"
    g.apply(Move(("S",), ("0302", "0303")))
    assert g.check(Move(("S",), ("0303", "0304"))).rule == "K45 4.1"


def test_2_2f_out_of_command_units_may_not_move() -> None:
    g = game(unit("S", "soviet", "0302"), unit("T", "soviet", "0502"), unit("G", "german", "1108"))
    activate(g, "", "soviet", ["S"])
    movement(g)
    assert not ends(g, "T")
    assert g.check(Move(("T",), ("0502", "0503"))).rule == "K45 2.2f"


def test_4_2_terrain_costs_from_the_tec() -> None:
    g = game(
        unit("S", "soviet", "0302", mp=3),
        unit("G", "german", "1108"),
        terrain={"forest": ["0303"], "marsh": ["0403"]},
    )
    movement(g, units=["S"])
    assert g.check(Move(("S",), ("0302", "0303", "0304"))) is None  # forest 2 + clear 1
    assert "0305" not in ends(g, "S") or g.check(Move(("S",), ("0302", "0303", "0304", "0305")))


def test_4_2a_roads_cost_one_along_a_continuous_road() -> None:
    road = [
        {"between": ["0302", "0303"], "features": ["road"]},
        {"between": ["0303", "0304"], "features": ["road"]},
    ]
    g = game(
        unit("S", "soviet", "0302", mp=2),
        unit("G", "german", "1108"),
        terrain={"marsh": ["0303", "0304"]},
        hexsides=road,
    )
    movement(g, units=["S"])
    assert g.check(Move(("S",), ("0302", "0303", "0304"))) is None


def test_4_2b_unbridged_minor_river_costs_one_and_stops() -> None:
    river = [{"between": ["0302", "0303"], "features": ["river"]}]
    g = game(unit("S", "soviet", "0302", mp=6), unit("G", "german", "1108"), hexsides=river)
    movement(g, units=["S"])
    assert g.check(Move(("S",), ("0302", "0303"))) is None
    assert g.check(Move(("S",), ("0302", "0303", "0304"))).rule == "K45 4.2b"


def test_4_2c_a_bridge_negates_the_river() -> None:
    bridge = [{"between": ["0302", "0303"], "features": ["river", "road", "bridge"]}]
    g = game(unit("S", "soviet", "0302", mp=6), unit("G", "german", "1108"), hexsides=bridge)
    movement(g, units=["S"])
    assert g.check(Move(("S",), ("0302", "0303", "0304"))) is None


def test_4_2d_water_and_unbridged_major_rivers_are_prohibited() -> None:
    g = game(
        unit("S", "soviet", "0302", mp=6),
        unit("G", "german", "1108"),
        terrain={"water": ["0303"]},
        hexsides=[{"between": ["0302", "0402"], "features": ["major-river"]}],
    )
    movement(g, units=["S"])
    assert g.check(Move(("S",), ("0302", "0303"))).rule == "K45 4.2d"
    assert "0303" not in ends(g, "S")
    assert g.check(Move(("S",), ("0302", "0402"))).rule == "K45 4.2d"


def test_4_3_1_units_cannot_enter_enemy_hexes_but_overrun_lone_hqs() -> None:
    g = game(
        unit("S", "soviet", "0302"),
        unit("G", "german", "0304"),
        hq("H", "german", "0502"),
        unit("Z", "soviet", "0602", attack=0),
    )
    movement(g, units=["S", "Z"])
    assert g.check(Move(("S",), ("0302", "0303", "0304"))).rule == "K45 4.3(1)"
    assert g.check(Move(("Z",), ("0602", "0502"))).rule == "K45 4.3(1)"  # zero attack
    g.apply(Move(("S",), ("0302", "0402", "0502")))  # K45 4.7, 12.1d
    assert g.state.units["H"].box == "eliminated"
    assert "H" in g.state.boxes["chits-out"]  # K45 12.1c(2)


def test_4_4_strategic_movement_half_mp_along_roads_never_in_ezoc() -> None:
    road = [
        {"between": [f"03{r:02d}", f"03{r + 1:02d}"], "features": ["road"]} for r in range(1, 8)
    ]
    g = game(unit("S", "soviet", "0301", mp=3), unit("G", "german", "0808"), hexsides=road)
    movement(g, units=["S"])
    assert "0307" in ends(g, "S", "strategic-move")  # six road hexes at half MP
    assert g.check(StrategicMove(("S",), tuple(f"03{r:02d}" for r in range(1, 8)))) is None
    g2 = game(unit("S", "soviet", "0301", mp=3), unit("G", "german", "0405"), hexsides=road)
    movement(g2, units=["S"])
    err = g2.check(StrategicMove(("S",), tuple(f"03{r:02d}" for r in range(1, 7))))
    assert err is not None and err.rule == "K45 4.4"


def test_4_4a_strategic_movement_never_passes_a_full_stack() -> None:
    road = [
        {"between": [f"03{r:02d}", f"03{r + 1:02d}"], "features": ["road"]} for r in range(1, 8)
    ]
    g = game(
        unit("S", "soviet", "0301", mp=3),
        unit("A", "soviet", "0303"),
        unit("B", "soviet", "0303"),
        unit("G", "german", "1108"),
        hexsides=road,
    )
    movement(g, units=["S"])
    err = g.check(StrategicMove(("S",), ("0301", "0302", "0303", "0304")))
    assert err is not None and err.rule == "K45 4.4a(2)"


def test_5_0_two_combat_units_and_one_hq_a_hex() -> None:
    g = game(
        unit("S", "soviet", "0302"),
        unit("A", "soviet", "0304"),
        unit("B", "soviet", "0304"),
        hq("H", "soviet", "0502"),
        hq("J", "soviet", "0504"),
        unit("G", "german", "1108"),
    )
    movement(g, units=["S", "H"])
    assert g.check(Move(("S",), ("0302", "0303", "0304"))).rule == "K45 5.0"
    assert g.check(Move(("H",), ("0502", "0503", "0504"))).rule == "K45 5.0"
    assert "0304" in ends(g, "H")


def test_5_2_soviet_and_german_units_never_stack() -> None:
    g = game(
        unit("S", "soviet", "0302"),
        unit("G", "german", "0304", attack=0, defence=1),
        unit("X", "german", "1108"),
    )
    movement(g, units=["S"])
    assert "0304" not in ends(g, "S")


def test_12_2b_12_2c_refugees_cost_extra_and_stack_only_with_hqs() -> None:
    g = game(
        unit("S", "soviet", "0302", mp=5),
        unit("M", "soviet", "0502", mp=5, flags=("mech",)),
        hq("H", "soviet", "0702"),
        unit("G", "german", "1108"),
    )
    g.state.set("refugees", {"R1": "0303", "R2": "0503", "R3": "0703"})
    movement(g, units=["S", "M", "H"])
    assert g.check(Move(("S",), ("0302", "0303"))).rule == "K45 12.2b"
    assert g.check(Move(("S",), ("0302", "0303", "0304"))) is None  # 1 + 2 + 1 <= 5
    assert g.check(Move(("S",), ("0302", "0303", "0304", "0305"))) is None
    assert g.check(Move(("S",), ("0302", "0303", "0304", "0305", "0306"))).rule == "K45 12.2c"
    assert g.check(Move(("M",), ("0502", "0503", "0504", "0505"))).rule == "K45 12.2c"  # +4
    assert g.check(Move(("H",), ("0702", "0703"))) is None


def test_12_3_atrocity_removes_refugees_and_adds_a_volksturm() -> None:
    g = game(
        unit("S", "soviet", "0302", mp=3),
        unit("G", "german", "1108"),
        unit(
            "V3",
            "german",
            box="volksturm-reserve",
            attack=1,
            mp=0,
            steps=1,
            flags=("nozoc", "volksturm"),
        ),
    )
    g.state.set("refugees", {"R1": "0303"})
    movement(g, units=["S"])
    assert any(isinstance(a, AtrocityMove) for a in g.legal_actions())
    g.apply(AtrocityMove(("S",), ("0302", "0303", "0304", "0305")))
    assert g.state.get("refugees") == {}
    assert g.state.units["V3"].box == "volksturm"
    assert g.check(AtrocityMove(("S",), ("0305", "0306"))) is not None


def test_12_8_fixed_hqs_move_only_once_released() -> None:
    g = game(hq("55K", "german", "0302"), unit("G", "german", "0303"), unit("S", "soviet", "1108"))
    movement(g, side="german", units=["55K", "G"])
    assert g.check(Move(("55K",), ("0302", "0402"))).rule == "K45 12.8"
    assert g.check(Move(("G",), ("0303", "0304"))) is None  # its units move
    g.state.set("released", ["55K"])
    assert g.check(Move(("55K",), ("0302", "0402"))) is None


def test_0_7c_no_gas_costs_moving_full_strength_mech_a_step() -> None:
    g = game(
        unit("P", "german", "0302", flags=("mech",)),
        unit("Q", "german", "0502", flags=("mech",), steps=1),
        unit("R", "german", "0702", flags=("mech",)),
        unit("S", "soviet", "1108"),
    )
    g.state.set("no_gas", True)
    movement(g, side="german", units=["P", "Q", "R"])
    g.apply(Move(("P",), ("0302", "0303")))
    g.apply(Move(("Q",), ("0502", "0503")))
    g.apply(Pass())
    assert g.state.units["P"].steps == 1 and g.state.units["Q"].steps == 1
    assert g.state.units["Q"].at == "0503"  # K45 0.7c: single-step mech units not affected
    assert g.state.units["R"].steps == 2  # did not move


def test_11_3b_isolated_units_move_at_half_allowance() -> None:
    g = game(unit("S", "soviet", "0302", mp=4, markers=["isolated"]), unit("G", "german", "1108"))
    movement(g, units=["S"])
    assert "0304" in ends(g, "S") and "0305" not in ends(g, "S")


CORRIDOR = {"water": [f"{c:02d}{r:02d}" for c in (2, 4) for r in range(1, 9)]}  # column 03 only


def test_12_2c_moves_through_refugees_paying_the_extra_cost_are_listed() -> None:
    g = game(
        unit("S", "soviet", "0302", mp=5),
        unit("G", "german", "1108"),
        hq("H", "soviet", "0306"),
        terrain=CORRIDOR,
    )
    g.state.set("refugees", {"R1": "0303"})
    movement(g, units=["S", "H"])
    # the only way down the corridor is through the refugees: 1 + (1 + 2) + 1 = 5 MP
    assert g.check(Move(("S",), ("0302", "0303", "0304", "0305"))) is None
    assert {"0304", "0305"} <= ends(g, "S")
    assert "0306" not in ends(g, "S")  # 12.2c: cannot pay the extra for a sixth MP
    assert "0303" not in ends(g, "S")  # 12.2b: never ends on the refugees
    # 12.2b: an HQ may end on them, paying the extra too
    assert g.check(Move(("H",), ("0306", "0305", "0304", "0303"))) is None
    assert "0303" in ends(g, "H")
    # 12.3: the Soviet player may instead drive through, paying nothing extra
    driven = ends(g, "S", "atrocity-move")
    assert (
        "0306" in driven
        and g.check(AtrocityMove(("S",), ("0302", "0303", "0304", "0305", "0306", "0307"))) is None
    )
    assert "0307" in driven


def test_12_3_an_atrocity_is_listed_even_where_a_cheaper_way_round_exists() -> None:
    g = game(unit("S", "soviet", "0303", mp=3), unit("G", "german", "1108"))
    g.state.set("refugees", {"R1": "0304"})
    movement(g, units=["S"])
    assert "0305" in ends(g, "S")  # round the refugees
    path = ("0303", "0304", "0305")
    assert g.check(AtrocityMove(("S",), path)) is None
    assert "0305" in ends(g, "S", "atrocity-move")
    g.apply(
        next(a for a in g.legal_actions() if isinstance(a, AtrocityMove) and a.path[-1] == "0305")
    )
    assert g.state.get("refugees") == {}


def test_4_1_a_move_ends_away_from_the_units_hex() -> None:
    g = game(unit("S", "soviet", "0302", mp=4), unit("G", "german", "1108"))
    movement(g, units=["S"])
    assert g.check(Move(("S",), ("0302", "0303", "0302"))).rule == "K45 4.1"


def test_12_2d_refugees_exert_no_zoc() -> None:
    g = game(
        unit("S", "soviet", "0302", mp=1),
        unit("T", "soviet", "0305", mp=1),
        unit("G", "german", "1108"),
    )
    g.state.set("refugees", {"R1": "0304"})
    movement(g, units=["S", "T"])
    # entering (0303) or leaving (0305) a hex next to refugees costs no EZOC +2
    assert g.check(Move(("S",), ("0302", "0303"))) is None and "0303" in ends(g, "S")
    assert g.check(Move(("T",), ("0305", "0306"))) is None and "0306" in ends(g, "T")


def test_12_2d_refugees_ignore_ezoc_when_they_move() -> None:
    road = [
        {"between": [f"01{r:02d}", f"01{r - 1:02d}"], "features": ["road"]} for r in range(8, 4, -1)
    ]
    g = game(
        unit("S", "soviet", "0206"),  # its ZOC covers the road at 0106 and 0105
        unit("G", "german", "0207"),
        hexsides=road,
    )
    g.state.set("refugees", {"R1": "0107"})
    push(g, "refugees", stage="move", todo=["R1"])
    assert Move(("R1",), ("0107", "0106", "0105", "0104")) in list(g.legal_actions())
    g.apply(Move(("R1",), ("0107", "0106", "0105")))
    assert g.state.get("refugees") == {"R1": "0105"}


def test_5_0b_markers_never_affect_stacking() -> None:
    g = game(
        unit("S", "soviet", "0302"),
        unit("A", "soviet", "0304", markers=["oos"]),
        unit("B", "soviet", "0306", markers=["isolated"]),
        hq("H", "soviet", "0306", markers=["oos"]),
        unit("G", "german", "1108"),
        features={"city": ["0304"]},
        control={"soviet": ["0304"]},  # a control marker too
    )
    movement(g, units=["S"])
    assert g.check(Move(("S",), ("0302", "0303", "0304"))) is None
    assert {"0304", "0306"} <= ends(g, "S")
    assert g.check(Move(("S",), ("0302", "0303", "0304", "0305", "0306"))) is None


def test_4_3a_4_5_the_map_edge_is_a_hard_boundary_no_off_map_movement() -> None:
    g = game(unit("S", "soviet", "0101", mp=6), unit("G", "german", "1108"))
    movement(g, units=["S"])
    # Hexes off the map are refused by the kernel's validation of the action's fields,
    # before the title's 4.3a check: the move never reaches the movement rules.
    for path in (("0101", "0001"), ("0101", "0100"), ("0101", "0102", "0002", "0103")):
        off = next(h for h in path if h not in g.scenario.board)
        err = g.check(Move(("S",), path))
        assert err is not None and f"{off!r} is not a node" in err.reason
    assert ends(g, "S") <= set(g.scenario.board)


def test_4_4_4_4a_1_strategic_movement_only_along_roads_cites_4_4() -> None:
    road = [{"between": ["0301", "0302"], "features": ["road"]}]
    rail = [{"between": ["0302", "0303"], "features": ["rail"]}]
    g = game(unit("S", "soviet", "0401", mp=3), unit("G", "german", "1108"), hexsides=road + rail)
    movement(g, units=["S"])
    err = g.check(StrategicMove(("S",), ("0401", "0301", "0302")))
    assert err is not None and err.rule == "K45 4.4"  # must start on and follow a road
    g2 = game(unit("S", "soviet", "0301", mp=3), unit("G", "german", "1108"), hexsides=road + rail)
    movement(g2, units=["S"])
    err = g2.check(StrategicMove(("S",), ("0301", "0302", "0303")))
    assert err is not None and err.rule == "K45 4.4"  # 4.4a(1): not along a railroad
    assert g2.check(StrategicMove(("S",), ("0301", "0302"))) is None


def test_12_8_the_release_at_two_soviet_vps_is_for_good() -> None:
    g = game(
        hq("55K", "german", "0302"),
        unit("G", "german", "0305", mp=8),
        unit("S", "soviet", "0103"),
        unit("T", "soviet", "1103"),
    )
    movement(g, side="soviet", units=["S", "T"])
    g.apply(Move(("S",), ("0103", "0104")))
    g.apply(Move(("T",), ("1103", "1104")))  # two VP hexes: the fixed HQs are released
    # only the fixed HQs the scenario has (no 6K here), so the save loads back
    assert g.state.get("released") == ("55K",)
    assert load_game(g.to_json()).to_json() == g.to_json()
    g.apply(Pass())
    g.state.put(g.state.units["S"].moved_to("0808"))
    movement(g, side="german", units=["G", "55K"])
    g.apply(Move(("G",), ("0305", "0205", "0104")))  # the Germans retake Elbing: one Soviet VP left
    assert g.state.control["0104"] == "german"
    assert g.check(Move(("55K",), ("0302", "0402"))) is None  # K45 12.8: released for good


def test_4_4_12_2b_12_2c_an_hq_moves_strategically_through_refugees_paying_extra() -> None:
    road = [
        {"between": [f"03{r:02d}", f"03{r + 1:02d}"], "features": ["road"]} for r in range(1, 8)
    ]
    g = game(
        hq("H", "soviet", "0301", mp=4),
        unit("S", "soviet", "0501", mp=3),
        unit("G", "german", "1108"),
        hexsides=[
            *road,
            *({"between": [f"05{r:02d}", f"05{r + 1:02d}"], "features": ["road"]} for r in (1, 2)),
        ],
    )
    g.state.set("refugees", {"R1": "0303", "R2": "0503"})
    movement(g, units=["H", "S"])
    path = tuple(f"03{r:02d}" for r in range(1, 5))
    # K45 12.2b: refugees stack with HQs, so 4.4a(2) lets an HQ pass them in strategic
    # movement; 12.2c: it pays +2 MP on entering (3 road hexes at 1/2 MP + 2 = 3.5 MP)
    assert g.check(StrategicMove(("H",), path)) is None
    assert {"0304", "0305"} <= ends(g, "H", "strategic-move")
    longer = (*path, "0305", "0306")
    assert g.check(StrategicMove(("H",), longer)).rule == "K45 12.2c"  # 4.5 MP > 4
    # a combat unit never passes refugees in strategic movement (12.2b with 4.4a(2))
    assert g.check(StrategicMove(("S",), ("0501", "0502", "0503"))) is not None
