"""K45 3.x ZOC, 4.x movement, 5.x stacking, 12.2c/12.3 refugees, 12.8 fixed HQs, 0.7c NO GAS.

Hexes down one column (0302, 0303, ...) are adjacent; MP are whole MP of the rules."""

from __future__ import annotations

from k45_helpers import activate, ends, game, hq, push, unit

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
    assert g.state.units["R"].steps == 2  # did not move


def test_11_3b_isolated_units_move_at_half_allowance() -> None:
    g = game(unit("S", "soviet", "0302", mp=4, markers=["isolated"]), unit("G", "german", "1108"))
    movement(g, units=["S"])
    assert "0304" in ends(g, "S") and "0305" not in ends(g, "S")
