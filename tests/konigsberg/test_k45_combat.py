"""K45 7.x combat, 8.x step losses, 9.x retreats, 10.x advance, 12.1a-b HQs, 13.x air."""

from __future__ import annotations

from typing import Any

from k45_helpers import activate, game, hq, push, unit

from wargames.core.actions import Advance, AllocateLosses, Attack, Choose, Outcome, Pass, Retreat
from wargames.core.board import Board
from wargames.core.game import Game
from wargames.core.hexgrid import HexLayout
from wargames.konigsberg.charts import charts, defaults
from wargames.konigsberg.combat import odds

CRT_ALL = {  # a CRT giving one result on every column and die, to test the result's rules
    "rule": "K45 7.4b",
    "zero_defence": "8-1+",
    "shifted_below": "illegal",
    "columns": ["1-2", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1", "7-1", "8-1+"],
}


def crt(code: str) -> dict[str, Any]:
    return {"crt": {**CRT_ALL, "rows": {str(d): [code] * 9 for d in range(1, 7)}}}


def fight(g: Game, attackers: list[str], target: str, side: str = "soviet", die: int = 4) -> Game:
    activate(g, "", side, attackers)
    push(g, "combat", side=side)
    g.apply(Attack((attackers[0],), target))
    for uid in attackers[1:]:
        g.apply(Choose(f"unit:{uid}"))
    g.apply(Pass())
    if g.decision is not None and g.decision.step == "combat-roll":
        g.apply(Outcome(die))
    return g


def label(g: Game, attackers: list[str], target: str, air: int = 0) -> str | None:
    col, _ = odds(g._ctx(), attackers, target, air)
    return None if col is None else charts(g.scenario).crt.scale.label(col)


def test_3_5_1_units_attack_only_into_their_zoc() -> None:
    g = game(
        unit("S", "soviet", "0302"),
        unit("G", "german", "0304"),
        unit(
            "H",
            "german",
            "0303",
        ),
        hexsides=[{"between": ["0302", "0303"], "features": ["major-river"]}],
    )
    activate(g, "", "soviet", ["S"])
    push(g, "combat", side="soviet")
    assert g.check(Attack(("S",), "0304")).rule == "K45 3.5(1)"
    assert g.check(Attack(("S",), "0303")).rule == "K45 3.5(1)"  # across an unbridged major


def test_7_0_empty_hexes_and_lone_hqs_cannot_be_attacked() -> None:
    g = game(unit("S", "soviet", "0302"), hq("H", "german", "0303"))
    activate(g, "", "soviet", ["S"])
    push(g, "combat", side="soviet")
    assert [a for a in g.legal_actions() if isinstance(a, Attack)] == []


def test_7_3a_no_unit_attacks_twice_in_a_segment() -> None:
    g = game(
        unit("S", "soviet", "0302", attack=9),
        unit("G", "german", "0303", defence=1),
        charts=crt("-"),
    )
    fight(g, ["S"], "0303")
    assert g.check(Attack(("S",), "0303")).rule == "K45 7.3a"


def test_7_3c_zero_strength_units_join_but_cannot_attack_alone() -> None:
    g = game(
        unit("Z", "soviet", "0302", attack=0),
        unit("S", "soviet", "0404"),
        unit("G", "german", "0303"),
    )
    activate(g, "", "soviet", ["Z", "S"])
    push(g, "combat", side="soviet")
    assert g.check(Attack(("Z",), "0303")).rule == "K45 7.3c"


def test_0_1d_7_4_totals_rounded_down_after_halving_for_supply() -> None:
    g = game(
        unit("A", "soviet", "0302", attack=3, markers=["oos"]),
        unit("B", "soviet", "0403", attack=3, markers=["oos"]),
        unit("G", "german", "0303", defence=3),
    )
    # 1.5 + 1.5 = 3 against 3: 1-1 (0.1d: total, then round)
    assert label(g, ["A", "B"], "0303") == "1-1"


def test_11_3b_isolated_defenders_are_halved() -> None:
    g = game(
        unit("A", "soviet", "0302", attack=4),
        unit("G", "german", "0303", defence=4, markers=["isolated"]),
    )
    assert label(g, ["A"], "0303") == "2-1"


def test_7_4_3_attacking_across_a_river_halves_the_attacker() -> None:
    g = game(
        unit("A", "soviet", "0302", attack=4),
        unit("G", "german", "0303", defence=2),
        hexsides=[{"between": ["0302", "0303"], "features": ["river"]}],
    )
    assert label(g, ["A"], "0303") == "1-1"


def test_0_2k_7_4_3_a_bridged_river_still_halves_the_attack_but_carries_the_zoc() -> None:
    for crossing in ("road", "rail"):
        g = game(
            unit("A", "soviet", "0302", attack=4),
            unit("G", "german", "0303", defence=2),
            unit("H", "german", "0304", defence=2),
            hexsides=[{"between": ["0302", "0303"], "features": ["river", crossing]}],
        )
        # K45 7.4(3): rivers halve; only movement costs are negated by a bridge (4.2c)
        assert label(g, ["A"], "0303") == "1-1"
        tec = {**defaults()["tec"]}
        tec["halve_attack"] = {**tec["halve_attack"], "bridges_negate": True}
        g2 = game(
            unit("A", "soviet", "0302", attack=4),
            unit("G", "german", "0303", defence=2),
            hexsides=[{"between": ["0302", "0303"], "features": ["river", crossing]}],
            charts={"tec": tec},
        )
        assert label(g2, ["A"], "0303") == "2-1"  # a TEC that says otherwise is data
    g = game(
        unit("S", "soviet", "0302"),
        unit("G", "german", "0304"),
        unit("H", "german", "0303"),
        hexsides=[{"between": ["0302", "0303"], "features": ["major-river", "road"]}],
    )
    activate(g, "", "soviet", ["S"])
    push(g, "combat", side="soviet")
    assert g.check(Attack(("S",), "0303")) is None  # the ZOC crosses the bridged major river


def test_7_4a_terrain_shifts_are_cumulative() -> None:
    g = game(
        unit("A", "soviet", "0302", attack=12),
        unit("G", "german", "0303", defence=2),
        terrain={"forest": ["0303"]},
        features={"town": ["0303"]},
    )
    assert label(g, ["A"], "0303") == "4-1"  # 6-1, forest -1, town -1


def test_7_4a_festung_only_if_every_attacker_crosses_it() -> None:
    festung = [{"between": ["0302", "0303"], "features": ["festung"]}]
    g = game(
        unit("A", "soviet", "0302", attack=6),
        unit("B", "soviet", "0304", attack=6),
        unit("G", "german", "0303", defence=2),
        hexsides=festung,
    )
    assert label(g, ["A"], "0303") == "1-1"  # 3-1 shifted -2
    assert label(g, ["A", "B"], "0303") == "6-1"


def test_7_4b_below_1_2_cancelled_above_7_1_uses_8_1_and_zero_defence() -> None:
    g = game(
        unit("A", "soviet", "0302", attack=1),
        unit("B", "soviet", "0502", attack=30),
        unit("G", "german", "0303", defence=3),
        unit("Z", "german", "0503", defence=0, attack=0),
        terrain={"forest": ["0503"]},
    )
    assert label(g, ["A"], "0303") is None
    assert label(g, ["B"], "0303") == "8-1+"
    assert label(g, ["B"], "0503") == "8-1+"  # zero defence ignores shifts
    fight(g, ["A"], "0303")
    assert any("cancelled" in e.text for e in g.events)


def test_8_0a_first_loss_from_the_strongest_defender() -> None:
    g = game(
        unit("S", "soviet", "0302", attack=20),
        unit("G", "german", "0303", defence=6),
        unit("W", "german", "0303", defence=2),
        charts=crt("D2"),
    )
    fight(g, ["S"], "0303")
    assert g.decision.step == "lose"
    assert g.check(AllocateLosses(("W",))).rule == "K45 8.0a"
    g.apply(AllocateLosses(("G",)))
    assert g.check(AllocateLosses(("W",))) is None  # K45 8.0c: then as the owner pleases


def test_8_0a_attacker_first_loss_from_the_highest_attack() -> None:
    g = game(
        unit("A", "soviet", "0302", attack=8),
        unit("B", "soviet", "0404", attack=2),
        unit("G", "german", "0303", defence=2),
        charts=crt("A1"),
    )
    fight(g, ["A", "B"], "0303")
    assert g.check(AllocateLosses(("B",))).rule == "K45 8.0a"


def test_8_0d_8_0e_single_step_units_are_eliminated() -> None:
    g = game(
        unit("S", "soviet", "0302", attack=20),
        unit("G", "german", "0303", steps=1),
        charts=crt("D1"),
    )
    fight(g, ["S"], "0303")
    g.apply(AllocateLosses(("G",)))
    assert g.state.units["G"].box == "eliminated"


def test_8_1_towns_and_cities_ignore_the_first_loss() -> None:
    g = game(
        unit("S", "soviet", "0302", attack=20),
        unit("G", "german", "0303"),
        features={"town": ["0303"]},
        charts=crt("D2r"),
    )
    fight(g, ["S"], "0303")
    g.apply(AllocateLosses(("G",)))
    assert g.state.units["G"].steps == 1 and g.state.units["G"].at == "0303"  # no retreat: 9.1


def test_7_1a_a1_star_dr_in_a_town_costs_the_attacker_a_step() -> None:
    g = game(
        unit("S", "soviet", "0302", attack=20),
        unit("G", "german", "0303"),
        features={"village": ["0303"]},
        charts=crt("A1*/Dr"),
    )
    fight(g, ["S"], "0303")
    assert g.decision.step == "lose" and g.decision.side == "soviet"
    g.apply(AllocateLosses(("S",)))
    assert g.state.units["G"].at == "0303" and g.state.units["S"].steps == 1


def test_7_1a_a1_star_dr_in_the_open_is_a_retreat() -> None:
    g = game(
        unit("S", "soviet", "0302", attack=20), unit("G", "german", "0303"), charts=crt("A1*/Dr")
    )
    fight(g, ["S"], "0303")
    assert g.decision.step == "retreat" and g.decision.side == "german"
    g.apply(next(iter(g.legal_actions())))
    assert g.state.units["S"].steps == 2


def test_9_2a_each_retreat_hex_farther_from_the_combat_hex() -> None:
    g = game(unit("S", "soviet", "0302", attack=20), unit("G", "german", "0303"), charts=crt("Dr2"))
    fight(g, ["S"], "0303")
    for a in g.legal_actions():
        assert isinstance(a, Retreat) and len(a.path) == 3
        board = g.scenario.board
        assert board.distance("0303", a.path[2]) == 2
    assert g.check(Retreat(("G",), ("0303", "0304", "0303"))) is not None


def test_9_2b_a_retreat_goes_towards_a_supply_source_if_possible() -> None:
    # The German source of the test map is at 0101: of the free hexes next to 0305, the
    # retreat may end only in those nearer it.
    g = game(unit("S", "soviet", "0306", attack=20), unit("G", "german", "0305"), charts=crt("Dr"))
    fight(g, ["S"], "0305")
    assert {a.path[-1] for a in g.legal_actions()} == {"0205", "0304"}
    err = g.check(Retreat(("G",), ("0305", "0405")))
    assert err is not None and err.rule == "K45 9.2b"  # the "if possible" rule that drops it
    assert err.reason == "a retreat towards a supply source is possible"


def test_9_0c_9_2c_retreat_into_an_ezoc_costs_a_step_and_is_avoided() -> None:
    g = game(
        unit("S", "soviet", "0302", attack=20),
        unit("G", "german", "0303"),
        unit("T", "soviet", "0305"),
        charts=crt("Dr"),
    )
    fight(g, ["S"], "0303")
    ends = {a.path[-1] for a in g.legal_actions()}
    zoc = set(g.scenario.board.neighbours("0305")) | set(g.scenario.board.neighbours("0302"))
    assert ends and not ends & zoc  # 9.2c: free hexes exist


def test_9_0b_a_stack_that_cannot_retreat_loses_a_step_per_hex() -> None:
    board_water = [h for h in ("0202", "0203", "0204", "0304", "0402", "0403", "0404", "0303")]
    g = game(
        unit("S", "soviet", "0302", attack=20),
        unit("G", "german", "0303"),
        terrain={"water": [h for h in board_water if h != "0303"]},
        charts=crt("Dr2"),
    )
    fight(g, ["S"], "0303")
    (retreat,) = g.legal_actions()
    assert retreat.path == ("0303",)  # two hexes short: two steps, all it has
    g.apply(retreat)
    assert g.state.units["G"].box == "eliminated"


def test_9_0e_zero_movement_units_take_retreats_as_losses() -> None:
    g = game(
        unit("S", "soviet", "0302", attack=20), unit("U", "german", "0303", mp=0), charts=crt("Dr")
    )
    fight(g, ["S"], "0303")
    g.apply(AllocateLosses(("U",)))
    assert g.state.units["U"].steps == 1 and g.state.units["U"].at == "0303"


def test_9_1_a_village_ignores_the_first_retreat_hex() -> None:
    g = game(
        unit("S", "soviet", "0302", attack=20),
        unit("G", "german", "0303"),
        features={"village": ["0303"]},
        charts=crt("Dr2"),
    )
    fight(g, ["S"], "0303")
    assert all(len(a.path) == 2 for a in g.legal_actions())


def test_12_1a_an_hq_retreats_with_its_stack() -> None:
    g = game(
        unit("S", "soviet", "0302", attack=20),
        unit("G", "german", "0303"),
        hq("H", "german", "0303"),
        charts=crt("Dr"),
    )
    fight(g, ["S"], "0303")
    assert all(set(a.units) == {"G", "H"} for a in g.legal_actions())
    a = next(iter(g.legal_actions()))
    g.apply(a)
    assert g.state.units["H"].at == a.path[-1]


def test_10_0_advance_into_the_vacated_hex_ignoring_ezoc() -> None:
    g = game(
        unit("S", "soviet", "0302", attack=20),
        unit("G", "german", "0303"),
        unit("X", "german", "0305"),
        charts=crt("Dr"),
    )
    fight(g, ["S"], "0303")
    g.apply(next(iter(g.legal_actions())))
    assert g.decision.step == "advance"
    assert g.check(Advance(("S",), ("0302", "0303"))) is None
    g.apply(Advance(("S",), ("0302", "0303")))
    assert g.state.units["S"].at == "0303"


def test_10_1_mechanized_units_advance_two_hexes_but_10_1a_stop_in_towns() -> None:
    g = game(
        unit("M", "soviet", "0302", attack=20, flags=("mech",)),
        unit("S", "soviet", "0201", attack=4),
        unit("G", "german", "0303"),
        charts=crt("Dr"),
    )
    fight(g, ["M"], "0303")
    retreat = next(a for a in g.legal_actions())
    g.apply(retreat)
    two = [a for a in g.legal_actions() if isinstance(a, Advance) and len(a.path) == 3]
    assert two
    g2 = game(
        unit("M", "soviet", "0302", attack=20, flags=("mech",)),
        unit("G", "german", "0303"),
        features={"town": ["0303"]},
        charts=crt("Dr2"),
    )
    fight(g2, ["M"], "0303")
    g2.apply(next(a for a in g2.legal_actions()))
    assert all(len(a.path) == 2 for a in g2.legal_actions() if isinstance(a, Advance))


def test_10_2_non_mechanized_units_advance_one_hex() -> None:
    g = game(unit("S", "soviet", "0302", attack=20), unit("G", "german", "0303"), charts=crt("Dr"))
    fight(g, ["S"], "0303")
    g.apply(next(iter(g.legal_actions())))
    assert all(len(a.path) == 2 for a in g.legal_actions() if isinstance(a, Advance))


def test_10_4_no_advance_over_an_unbridged_major_river() -> None:
    g = game(
        unit("S", "soviet", "0302", attack=20),
        unit("T", "soviet", "0301"),
        unit("G", "german", "0303"),
        hexsides=[{"between": ["0302", "0303"], "features": ["major-river"]}],
        charts=crt("Dr"),
    )
    activate(g, "", "soviet", ["S"])
    push(g, "combat", side="soviet")
    assert g.check(Attack(("S",), "0303")) is not None  # 3.5(4): no ZOC across it


def two_hex_ends(g: Game, uid: str) -> set[str]:
    """The second hexes ``uid`` may advance to (K45 10.1)."""
    return {
        a.path[-1]
        for a in g.legal_actions()
        if isinstance(a, Advance) and a.units == (uid,) and len(a.path) == 3
    }


def test_10_4_no_second_advance_hex_over_an_unbridged_major_river() -> None:
    """K45 10.4: "No unit can advance after combat over an unbridged major river hexside",
    the second hex of a mechanized advance included (10.1)."""
    g = game(
        unit("M", "soviet", "0302", attack=20, flags=("mech",)),
        unit("G", "german", "0303"),
        hexsides=[{"between": ["0303", "0304"], "features": ["major-river"]}],
        charts=crt("Dr"),
    )
    fight(g, ["M"], "0303")
    g.apply(next(iter(g.legal_actions())))  # G retreats
    assert g.decision.step == "advance"
    assert g.check(Advance(("M",), ("0302", "0303", "0304"))) is not None
    assert "0304" not in two_hex_ends(g, "M")
    other = sorted(two_hex_ends(g, "M"))
    assert other  # an open second hex is still reached
    assert g.check(Advance(("M",), ("0302", "0303", other[0]))) is None


def test_10_1a_a_mechanized_unit_across_an_unbridged_minor_river_stops_in_the_first_hex() -> None:
    """K45 10.1a: "A Mechanized unit that crosses an unbridged minor river hexside ... in the
    first hex of its advance after combat must stop and cannot advance a second hex"."""
    g = game(
        unit("M", "soviet", "0302", attack=40, flags=("mech",)),
        unit("G", "german", "0303"),
        hexsides=[{"between": ["0302", "0303"], "features": ["river"]}],
        charts=crt("Dr"),
    )
    fight(g, ["M"], "0303")
    g.apply(next(iter(g.legal_actions())))  # G retreats
    assert g.decision.step == "advance"
    assert g.check(Advance(("M",), ("0302", "0303"))) is None
    assert not two_hex_ends(g, "M")


def test_10_1_two_hexes_only_when_the_defender_retreated() -> None:
    """K45 10.1: "When the Defender retreats, Mechanized combat units (only) can advance up to
    two hexes": not when the defender is eliminated in place (D2); 7.1a: a defender destroyed
    in the act of retreating "counts as a retreat"."""
    g = game(
        unit("M", "soviet", "0302", attack=20, flags=("mech",)),
        unit("G", "german", "0303"),
        charts=crt("D2"),
    )
    take_losses(fight(g, ["M"], "0303"))
    assert g.state.units["G"].box == "eliminated"
    assert g.decision.step == "advance"
    assert g.check(Advance(("M",), ("0302", "0303"))) is None
    assert not two_hex_ends(g, "M")
    # a Dr whose retreat destroys the defender (forced off the map: 0.2a, 4.3a)
    g = game(
        unit("M", "soviet", "0201", attack=20, flags=("mech",)),
        unit("T", "soviet", "0102"),
        unit("U", "soviet", "0202"),
        unit("G", "german", "0101"),  # the corner: its other sides are off the map
        charts=crt("Dr"),
    )
    fight(g, ["M"], "0101")
    g.apply(next(iter(g.legal_actions())))
    assert g.state.units["G"].box == "eliminated"
    assert g.decision.step == "advance"
    assert two_hex_ends(g, "M")


def test_12_1b_an_hq_advances_with_its_stack() -> None:
    g = game(
        unit("S", "soviet", "0302", attack=20),
        hq("H", "soviet", "0302"),
        unit("G", "german", "0303"),
        charts=crt("Dr"),
    )
    fight(g, ["S"], "0303")
    g.apply(next(iter(g.legal_actions())))
    g.apply(Advance(("S",), ("0302", "0303")))
    assert g.check(Advance(("H",), ("0302", "0303"))) is None


def test_13_1_air_units_shift_right_at_most_two_and_13_2_full_attack_grounds() -> None:
    air = {"flags": ["air"], "values": {"full": 2, "normal": 1, "army": "1AA", "front": "3BR"}}
    g = game(
        unit("S", "soviet", "0302", attack=4),
        unit("G", "german", "0303", defence=4),
        unit("A1", "soviet", box="air:1AA", **air),
        unit("A2", "soviet", box="air:1AA", **air),
        unit("A3", "soviet", box="air:1AA", **air),
        charts=crt("-"),
    )
    activate(g, "", "soviet", ["S"])
    push(g, "combat", side="soviet")
    g.apply(Attack(("S",), "0303"))
    g.apply(Choose("air:A1:full"))
    g.apply(Choose("air:A2:normal"))
    assert g.check(Choose("air:A3:full")).rule == "K45 13.1"
    g.apply(Pass())
    assert any("4-1" in e.text for e in g.events)  # 1-1 + 3 shifts
    g.apply(Outcome(3))
    assert g.state.units["A1"].box == "grounded" and g.state.units["A2"].box == "refit"


def test_13_2_a_roll_of_one_grounds_the_air_units() -> None:
    air = {"flags": ["air"], "values": {"full": 2, "normal": 1, "army": "1AA", "front": "3BR"}}
    g = game(
        unit("S", "soviet", "0302", attack=4),
        unit("G", "german", "0303", defence=4),
        unit("A1", "soviet", box="air:1AA", **air),
        charts=crt("-"),
    )
    activate(g, "", "soviet", ["S"])
    push(g, "combat", side="soviet")
    g.apply(Attack(("S",), "0303"))
    g.apply(Choose("air:A1:normal"))
    g.apply(Pass())
    g.apply(Outcome(1))
    assert g.state.units["A1"].box == "grounded"


def test_13_3_soviet_fronts_use_only_their_own_air_army() -> None:
    air4 = {"flags": ["air"], "values": {"full": 2, "normal": 1, "army": "4AA", "front": "2BR"}}
    g = game(
        unit("S", "soviet", "0302"),
        hq("H", "soviet", "0301"),
        unit("G", "german", "0303"),
        unit("A4", "soviet", box="air:4AA", **air4),
    )
    activate(g, "H", "soviet", ["S"])
    push(g, "combat", side="soviet")
    g.apply(Attack(("S",), "0303"))
    assert g.check(Choose("air:A4:full")) is not None  # H is a 3BR HQ


def test_12_6_hipper_attacks_near_the_haff_and_takes_no_losses() -> None:
    g = game(
        unit("S", "german", "0302", attack=6),
        unit("Hipper", "german", "0402", attack=4, mp=0, steps=1, flags=("naval", "nozoc")),
        unit("R", "soviet", "0303", defence=2),
        terrain={"water": ["0402"]},
        features={"haff": ["0402"]},
        charts=crt("A1"),
    )
    fight(g, ["S", "Hipper"], "0303", side="german")
    assert {a.units for a in g.legal_actions()} == {("S",)}


def test_12_6_2_2e_hipper_is_not_commanded_across_an_unbridged_river() -> None:
    # Campaign map: 28K (range 3) in Königsberg (2206) reaches 2007, next to the Haff, at 2
    # hexes only straight across the unbridged Pregel (2106|2007), where its range stops; the
    # way round takes 3, so the Haff (one hex more) is out of its range.
    import attrs

    import wargames
    from wargames.konigsberg.command import in_range, independents

    g = wargames.new_game("konigsberg", seed=1)
    haff = sorted(g.scenario.board.nodes_with("haff"))
    g.state.put(attrs.evolve(g.state.units["Hipper"], box=None, at=haff[0]))
    g.state.put(attrs.evolve(g.state.units["28K"], box=None, at="2206"))
    ctx = g.rules_context()
    assert in_range(ctx, "28K")["2007"] == 2
    assert in_range(ctx, "28K", going=True)["2007"] == 3  # the way round
    assert "Hipper" not in independents(ctx, "28K", in_range(ctx, "28K"))


def _ringed_stack(code: str) -> Game:
    """G1 and G2 in 0303 attacked from 0302, every hex next to 0303 in a Soviet EZOC."""
    board = Board.hex_map(HexLayout(12, 8))
    ring: list[str] = []
    for n in sorted(board.neighbours("0303")):
        if n == "0302" or any(n in board.neighbours(r) for r in ring):
            continue
        ring.append(
            next(
                m
                for m in sorted(board.neighbours(n))
                if board.distance(m, "0303") == 2 and board.distance(m, "0302") > 1
            )
        )
    g = game(
        unit("S", "soviet", "0302", attack=40),
        *[unit(f"Z{i}", "soviet", h, attack=4) for i, h in enumerate(ring)],
        unit("G1", "german", "0303"),
        unit("G2", "german", "0303"),
        charts=crt(code),
    )
    return fight(g, ["S"], "0303")


def test_3_3_9_0c_a_stack_retreating_into_an_ezoc_loses_one_step_in_all() -> None:
    # one step total, not one per unit, for each EZOC hex entered
    for code, steps in (("Dr", 1), ("Dr2", 2)):
        g = _ringed_stack(code)
        stack = next(a for a in g.legal_actions() if isinstance(a, Retreat) and len(a.units) == 2)
        g.apply(stack)
        assert g.decision is not None and g.decision.step == "lose"
        assert g.state.stack[-1].args["count"] == steps


def test_9_0f_units_may_retreat_as_a_stack_or_apart() -> None:
    g = _ringed_stack("Dr")
    groups = {a.units for a in g.legal_actions() if isinstance(a, Retreat)}
    assert groups == {("G1",), ("G2",), ("G1", "G2")}


CORRIDOR = {"water": [f"{c:02d}{r:02d}" for c in (2, 4) for r in range(1, 9)]}  # column 03 only


def take_losses(g: Game) -> Game:
    while g.decision is not None and g.decision.step == "lose":
        g.apply(next(iter(g.legal_actions())))
    return g


def test_9_2d_a_retreating_combat_unit_overruns_a_lone_enemy_hq() -> None:
    g = game(
        unit("S", "soviet", "0302", attack=20),
        unit("G", "german", "0303"),
        hq("H", "soviet", "0304"),
        unit("T", "soviet", "0308"),
        terrain=CORRIDOR,  # the only way back is through the HQ's hex
        charts=crt("Dr2"),
    )
    fight(g, ["S"], "0303")
    assert Retreat(("G",), ("0303", "0304", "0305")) in list(g.legal_actions())
    g.apply(Retreat(("G",), ("0303", "0304", "0305")))
    assert g.state.units["G"].at == "0305" and g.state.units["G"].steps == 2
    assert g.state.units["H"].box == "eliminated" and "H" in g.state.boxes["chits-out"]


def test_9_2d_a_retreat_may_end_by_overrunning_a_lone_enemy_hq() -> None:
    g = game(
        unit("S", "soviet", "0302", attack=20),
        unit("G", "german", "0303"),
        hq("H", "soviet", "0304"),
        unit("T", "soviet", "0308"),
        terrain=CORRIDOR,
        charts=crt("Dr"),
    )
    fight(g, ["S"], "0303")
    g.apply(Retreat(("G",), ("0303", "0304")))
    assert g.state.units["G"].at == "0304" and g.state.units["G"].steps == 2
    assert g.state.units["H"].box == "eliminated"


def test_10_0a_the_defender_never_advances() -> None:
    g = game(
        unit("S", "soviet", "0302", attack=1, steps=1),
        unit("G", "german", "0303", defence=1),
        charts=crt("A1"),
    )
    take_losses(fight(g, ["S"], "0303"))
    assert g.state.units["S"].box == "eliminated"  # the attacker's hex is vacant
    assert g.decision.step == "combat" and g.decision.side == "soviet"
    assert not any(isinstance(a, Advance) for a in g.legal_actions())
    assert g.check(Advance(("G",), ("0303", "0302"))) is not None
    assert g.state.units["G"].at == "0303"


def test_10_3_an_advancing_combat_unit_overruns_a_lone_hq_left_in_the_hex() -> None:
    g = game(
        unit("S", "soviet", "0302", attack=20),
        unit("Z", "soviet", "0203", attack=0),
        unit("G", "german", "0303", steps=1),
        hq("H", "german", "0303"),
        charts=crt("D1"),
    )
    take_losses(
        fight(g, ["S", "Z"], "0303")
    )  # G is eliminated; its HQ stays alone (it did not retreat)
    assert g.state.units["G"].box == "eliminated" and g.state.units["H"].at == "0303"
    assert g.decision.step == "advance"
    # K45 4.3(1): a zero-attack unit overruns nothing
    assert g.check(Advance(("Z",), ("0203", "0303"))) is not None
    g.apply(Advance(("S",), ("0302", "0303")))
    assert g.state.units["S"].at == "0303"
    assert g.state.units["H"].box == "eliminated" and "H" in g.state.boxes["chits-out"]


def test_0_2a_4_3a_a_unit_forced_to_retreat_off_the_map_is_destroyed() -> None:
    g = game(
        unit("S", "soviet", "0201", attack=20),
        unit("T", "soviet", "0102"),
        unit("U", "soviet", "0202"),
        unit("G", "german", "0101"),  # the corner: its other sides are off the map
        charts=crt("Dr"),
    )
    fight(g, ["S"], "0101")
    (retreat,) = g.legal_actions()
    assert retreat.path == ("0101",)
    g.apply(retreat)
    # K45 0.2a, 4.3a: "Destroy any units forced off the map" (not 9.0b's step per hex)
    assert g.state.units["G"].box == "eliminated"


def test_9_0b_a_retreat_blocked_inside_the_map_costs_a_step_per_hex() -> None:
    g = game(
        unit("S", "soviet", "0405", attack=20),
        unit("G", "german", "0505"),
        terrain={"water": ["0406", "0504", "0506", "0605", "0606"]},
        charts=crt("Dr"),
    )
    fight(g, ["S"], "0505")
    (retreat,) = g.legal_actions()
    g.apply(retreat)
    take_losses(g)
    assert g.state.units["G"].at == "0505" and g.state.units["G"].steps == 1


def test_7_4a_festung_and_defensive_lines_benefit_only_the_german_player() -> None:
    lines = [
        {"between": ["0302", "0303"], "features": ["festung"]},
        {"between": ["0504", "0503"], "features": ["line"]},
    ]
    g = game(
        unit("A", "german", "0302", attack=6),
        unit("B", "german", "0504", attack=6),
        unit("S", "soviet", "0303", defence=2),
        unit("T", "soviet", "0503", defence=2),
        hexsides=lines,
    )
    assert label(g, ["A"], "0303") == "3-1"  # a Soviet defender gets no Festung shift
    assert label(g, ["B"], "0503") == "3-1"  # nor a defensive-line shift


def test_3_5_1_3_1a_units_without_a_zoc_may_not_declare_attacks_but_may_join() -> None:
    vs = {"attack": 2, "mp": 0, "steps": 1, "flags": ("nozoc", "volksturm")}
    g = game(
        unit("V", "german", "0302", **vs),
        unit("G", "german", "0304"),
        unit("S", "soviet", "0303", defence=1),
        charts=crt("-"),
    )
    activate(g, "", "german", ["V", "G"])
    push(g, "combat", side="german")
    # K45 3.5(1), 3.1a: a Volksturm has no ZOC, so no enemy unit is in its ZOC
    assert Attack(("V",), "0303") not in g.legal_actions()
    assert g.check(Attack(("V",), "0303")).rule == "K45 3.5(1)"
    g.apply(Attack(("G",), "0303"))
    assert g.check(Choose("unit:V")) is None  # it may still join an attack (7.3c)


def test_9_0e_9_1_a_village_negates_only_the_first_hex_for_zero_movement_units() -> None:
    g = game(
        unit("S", "soviet", "0302", attack=20),
        unit("U", "german", "0303", mp=0),
        features={"village": ["0303"]},
        charts=crt("Dr2"),
    )
    fight(g, ["S"], "0303")
    # K45 9.1 negates the first hex; 9.0e: the second is taken as a loss
    assert g.decision.step == "lose"
    g.apply(AllocateLosses(("U",)))
    assert g.state.units["U"].steps == 1 and g.state.units["U"].at == "0303"


def test_9_0e_9_0b_zero_movement_stacks_lose_a_step_per_hex_not_per_unit() -> None:
    g = game(
        unit("S", "soviet", "0302", attack=20),
        unit("U", "german", "0303", mp=0),
        unit("V", "german", "0303", mp=0),
        charts=crt("Dr"),
    )
    fight(g, ["S"], "0303")
    g.apply(AllocateLosses(("U",)))
    # K45 9.0b: "one step per hex the stack cannot retreat", owner's choice
    assert g.decision is None or g.decision.step != "lose"
    assert g.state.units["U"].steps + g.state.units["V"].steps == 3


def test_7_4b_the_1_2_limit_is_judged_after_terrain_before_air_support() -> None:
    g = game(
        unit("A", "soviet", "0302", attack=2),
        unit("G", "german", "0303", defence=2),
        features={"city": ["0303"]},
    )
    # 1-1 shifted two left by the city (-2): below 1-2 once terrain is applied (K45 7.4b);
    # air support's right shifts cannot bring it back
    assert label(g, ["A"], "0303") is None
    assert label(g, ["A"], "0303", air=2) is None
    g2 = game(
        unit("A", "soviet", "0302", attack=2),
        unit("G", "german", "0303", defence=2),
        features={"town": ["0303"]},
    )
    assert label(g2, ["A"], "0303") == "1-2"  # town -1
    assert label(g2, ["A"], "0303", air=2) == "2-1"  # then air shifts apply


def test_12_8_7_4b_a_cancelled_attack_does_not_release_a_fixed_hq() -> None:
    g = game(
        unit("S", "soviet", "0302", attack=1),
        unit("T", "soviet", "0502", attack=20),
        unit("G", "german", "0303", defence=6),
        hq("6K", "german", "0303"),
        unit("H", "german", "0503", defence=1),
        hq("55K", "german", "0503"),
        charts=crt("-"),
    )
    fight(g, ["S"], "0303")  # 1:6, below 1-2: cancelled (0.1e: not an attack)
    assert any("cancelled" in e.text for e in g.events)
    assert "6K" not in g.state.get("released", ())
    fight(g, ["T"], "0503")  # resolved: the hex has been attacked
    assert "55K" in g.state.get("released", ())


def test_12_8_an_unreleased_fixed_hq_does_not_advance_with_its_stack() -> None:
    """K45 12.8: "the HQs of both Corps may not be moved" until released (an advance after
    combat is a move the attacker may choose, 12.1b)."""
    g = game(
        unit("G", "german", "0302", attack=20),
        hq("55K", "german", "0302"),
        unit("S", "soviet", "0303"),
        charts=crt("Dr"),
    )
    fight(g, ["G"], "0303", side="german")
    g.apply(next(iter(g.legal_actions())))  # the Soviet retreat
    g.apply(Advance(("G",), ("0302", "0303")))
    assert "55K" not in g.state.get("released", ())
    assert Advance(("55K",), ("0302", "0303")) not in list(g.legal_actions())
    assert g.check(Advance(("55K",), ("0302", "0303"))) is not None


def test_5_1_9_2b_a_retreat_survived_beats_an_overstacked_dead_end_nearer_supply() -> None:
    # the hexes nearer the German source are full two deep: retreating there eliminates G
    # (5.1), so 9.2b's "if possible" leaves G the free hex at the same distance
    full = ["0203", "0302", "0102", "0103", "0202", "0301", "0402"]
    units = [unit("S", "soviet", "0304", attack=20), unit("G", "german", "0303")]
    for i, h in enumerate(full):
        units += [unit(f"F{i}a", "german", h), unit(f"F{i}b", "german", h)]
    g = fight(game(*units, charts=crt("Dr")), ["S"], "0303")
    assert list(g.legal_actions()) == [Retreat(("G",), ("0303", "0403"))]
    g.apply(Retreat(("G",), ("0303", "0403")))
    assert g.state.units["G"].at == "0403"
