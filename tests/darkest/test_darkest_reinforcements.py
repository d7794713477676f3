"""DC: Russian Replacements, Production, Reinforcements, Siberian Reserve Gamble, Tank Factory
Evacuation, Shock Army Emplacement, German Reinforcements, Movement by sea."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from darkest_support import (
    army,
    at,
    attack,
    ctx,
    markers,
    mech,
    new,
    rifle,
    siberian_korps,
    to_step,
    unit,
)

from wargames.core.actions import Choose, Move, Outcome, Pass, Place
from wargames.darkest import counters as cn
from wargames.darkest.movement import allowance

CENTRES = {"replacement": ["C5", "D5"], "factory": ["D5"]}
RUSSIAN_HOME = {"russian": ["C5", "D5", "B5", "E5", "A6", "B6", "C6", "D6", "E6"]}


EAST_EDGE_AXIS = {"russian": ["C5", "D5"], "axis": ["A6"]}  # A6, an eastern edge hex, Axis


def replace_game(*units, control=RUSSIAN_HOME, **kw):
    """German army G on B1 and ``units``, at the Russian replacements after B.1's choices."""
    g = new(army("G", "B1"), *units, features=CENTRES, control=control, **kw)
    g = to_step(g, "russian-admin", "russian")
    g.apply(Pass())
    return g


def test_replacements_arrive_on_centres_in_supply_and_from_the_eastern_edge() -> None:
    g = replace_game(rifle("R", None, (1, 2)), rifle("S", None, (2, 2)), rifle("F", "D6"))
    assert g.decision.step == "replace"
    assert g.state.get("inf_pool") == 2  # two centres in supply
    places = {(a.unit, a.at) for a in g.legal_actions() if isinstance(a, Place)}
    assert ("R", "C5") in places and ("R", "E6") in places and ("S", "C5") in places
    g.apply(Place("R", "C5"))  # infantry on a centre: Disrupted
    assert cn.DISRUPTED in markers(g, "R")
    assert all(p.at != "C5" for p in g.legal_actions() if isinstance(p, Place))  # 1 per centre
    assert g.state.get("inf_pool") == 0  # R's value is its largest factor, 2: none left
    assert not any(isinstance(p, Place) and p.unit == "S" for p in g.legal_actions())


def test_infantry_from_the_eastern_edge_is_undisrupted() -> None:
    g = replace_game(rifle("R", None, (1, 2)), rifle("F", "D6"))
    g.apply(Place("R", "E6"))
    assert cn.DISRUPTED not in markers(g, "R") and at(g, "R") == "E6"


def test_tank_factors_accumulate_from_the_4_factor_reserve_and_factories() -> None:
    # DC: Russian Replacements: "1 UnDisrupted mechanized korps on each tank factory in
    # supply" each turn: a korps's worth (its largest factor, 2) a factory; unused tank
    # factors accumulate, from the 4-factor off-map reserve.
    g = replace_game(
        mech("M1", None), mech("M2", None), mech("M3", None), rifle("F", "D6"), turns=3
    )
    assert g.state.get("tank_pool") == 6  # 4 off-map + a korps (2) from the D5 factory
    g.apply(Place("M1", "D5"))
    assert cn.DISRUPTED not in markers(g, "M1")  # mechanized korps arrive UnDisrupted
    g.apply(Place("M2", "E6"))
    assert g.state.get("tank_pool") == 2
    g.apply(Pass())
    to_step(g, "fortify")
    to_step(g, "russian-admin", "russian")
    g.apply(Pass())
    assert g.state.get("tank_pool") == 4  # the 2 left over, and the factory's korps


def test_siberians_are_irreplaceable_and_voluntary_elimination_brings_units_back() -> None:
    sib = unit(
        "S1",
        "russian",
        "C6",
        (2, 1),
        kind="guards-korps",
        flags=("white", "siberian", "proriv", "infantry"),
    )
    g = new(
        army("G", "B1"),
        rifle("R", "D6"),
        rifle("F", "E6"),
        sib,
        features=CENTRES,
        control=RUSSIAN_HOME,
    )
    g = to_step(g, "russian-admin", "russian")
    g.apply(Choose("disband"))
    g.apply(Choose("S1"))
    g.apply(Choose("disband"))
    g.apply(Choose("R"))
    assert g.state.units["S1"].box == cn.LOST and g.state.units["R"].box == cn.ELIMINATED
    g.apply(Pass())
    assert any(isinstance(a, Place) and a.unit == "R" for a in g.legal_actions())
    assert not any(isinstance(a, Place) and a.unit == "S1" for a in g.legal_actions())


def test_the_16th_army_eliminated_out_of_supply_is_irreplaceable() -> None:
    from wargames.darkest.supply import eliminate

    g = new(
        army("G", "B1"),
        rifle("R16A", "D6", flags=("proriv", "irreplaceable-unsupplied")),
        rifle("Z", None, (0, 1)),
    )
    eliminate(ctx(g), "R16A", "isolated", unsupplied=True)
    assert g.state.units["R16A"].box == cn.LOST


def _kill_16th_army_by_hits(surrounded: bool) -> str | None:
    ring = [army(f"Z{h}", h, (1, 1)) for h in ("A2", "A3", "B4", "C2", "C3")] if surrounded else []
    g = attack(
        new(
            army("G1", "B2"),
            army("G2", "B2"),
            rifle("R16A", "B3", (1, 2), flags=("proriv", "irreplaceable-unsupplied")),
            rifle("F", "E6"),
            *ring,
        ),
        "B3",
        "G1",
        "G2",
    )
    g.apply(Choose("press:0"))
    g.apply(Outcome(1))  # 8 on row 1: 6 hits, 16. Army eliminated
    g.apply(Outcome(1))  # its 2 on column B row 6: no hit
    return g.state.units["R16A"].box


def test_the_16th_army_destroyed_by_hits_while_out_of_supply_is_irreplaceable() -> None:
    # DC: Russian Replacements: "16. Army, if it is eliminated while out of supply", however
    # it dies: by hits while surrounded as much as in the supply phase.
    assert _kill_16th_army_by_hits(surrounded=True) == cn.LOST
    assert _kill_16th_army_by_hits(surrounded=False) == cn.ELIMINATED


def test_the_16th_army_may_be_withdrawn_and_replaced_by_a_0_1_army() -> None:
    g = new(
        army("G", "B1"),
        rifle("R16A", "D5", (2, 2), flags=("proriv", "withdrawable")),
        rifle("Z", None, (0, 1)),
        rifle("Y", None, (1, 2)),
    )
    g = to_step(g, "russian-admin", "russian")
    g.apply(Choose("withdraw:R16A"))
    assert g.decision.step == "substitute"
    assert set(g.legal_actions()) == {Pass(), Place("Z", "D5")}
    g.apply(Place("Z", "D5"))
    assert g.state.units["R16A"].box == cn.ELIMINATED and at(g, "Z") == "D5"


def test_tank_factory_evacuation_stops_production_then_restarts_two_turns_later() -> None:
    g = new(army("G", "B1"), rifle("F", "D6"), features=CENTRES, control=RUSSIAN_HOME, turns=9)
    g = to_step(g, "russian-admin", "russian")
    g.apply(Choose("evacuate:D5"))
    g.apply(Pass())
    assert g.state.get("tank_pool") == 4  # non-productive from the turn chosen
    states = []
    for _ in range(4):
        to_step(g, "fortify")
        to_step(g, "russian-admin", "russian")
        g.apply(Pass())
        states.append(
            (g.state.turn, g.state.get("factories")["D5"]["state"], g.state.get("tank_pool"))
        )
    assert states[0][:2] == (2, "calendar")  # second turn: moved to the calendar
    assert states[1][:2] == (3, "calendar") and states[1][2] == 4
    assert states[2][:2] == (4, "relocated") and states[2][2] == 6  # productive again


def test_the_siberian_gamble_loses_the_game_1_in_6_per_month_early() -> None:
    g = new(army("G", "B1"), rifle("F", "D6"), turns=9)
    g = to_step(g, "russian-admin", "russian")
    g.apply(Choose("siberians"))
    assert g.decision.step == "gamble"
    # Jun 41: 6 months before Dec 41, 6 chances in 6 of losing the game
    assert dict(g.chance_outcomes()) == {Outcome("lost"): Fraction(1)}
    g.apply(Outcome("lost"))
    assert g.is_over() and g.result().winner == "axis"


def siberians() -> list[dict[str, Any]]:
    """The Siberian Reserve: four 2-2 shock armies (3-3 strong) and a 2-1 guards korps."""
    armies = [
        unit(
            u,
            "russian",
            None,
            (2, 2),
            kind="shock-army",
            box="siberian",
            flags=("white", "siberian", "proriv", "shock", "infantry", "army"),
            values={"strong": [3, 3]},
        )
        for u in ("SA1", "SA3", "SA4", "SA2")
    ]
    return [*armies, siberian_korps()]


def test_siberians_arrive_in_three_waves_and_shock_armies_may_enter_strong() -> None:
    sib = siberians()
    g = new(army("G", "B1"), rifle("F", "D6"), *sib, turns=9)
    for _ in range(5):  # Jun .. Oct
        g = to_step(g, "russian-admin", "russian")
        g.apply(Pass())
    g = to_step(g, "russian-admin", "russian")
    g.apply(Choose("siberians"))  # Nov 41: 1 month early
    g.apply(Outcome("safe"))
    g.apply(Pass())
    assert sorted(g.state.get("due")) == ["GdsK1", "SA1", "SA3"]
    assert Pass() not in g.legal_actions()  # the arrivals must be placed
    g.apply(Place("SA1", "E6"))
    assert g.decision.step == "shock-side"
    g.apply(Choose("strong"))
    assert cn.STRONG in markers(g, "SA1") and cn.factors(ctx(g), "SA1") == (3, 3)
    g.apply(Place("SA3", "D5"))  # next to a Russian unit in supply
    g.apply(Choose("weak"))
    g.apply(Place("GdsK1", "E6"))
    to_step(g, "russian-admin", "russian")
    g.apply(Pass())
    assert list(g.state.get("due")) == ["SA4"]


def test_undisrupted_shock_armies_in_supply_flip_to_their_stronger_side() -> None:
    shock = unit(
        "SA1",
        "russian",
        "D5",
        (2, 2),
        kind="shock-army",
        flags=("white", "siberian", "shock", "infantry", "army"),
        values={"strong": [3, 3]},
    )
    g = new(army("G", "B1"), shock)
    g = to_step(g, "russian-admin", "russian")
    g.apply(Choose("flip:SA1"))
    assert cn.STRONG in markers(g, "SA1")
    assert Choose("flip:SA1") not in g.legal_actions()


def test_german_reinforcements_arrive_on_warsaw_on_their_turn() -> None:
    g = new(
        army("G", "B1"),
        army("G2A", None, box="reinforcements"),
        rifle("F", "D6"),
        reinforcements=[{"turn": 2, "unit": "G2A", "at": "C1"}],
        control={"axis": ["C1"]},
    )
    g = to_step(g, "russian-admin", "russian")
    assert g.state.units["G2A"].box == "reinforcements"
    g.apply(Pass())
    to_step(g, "fortify")
    assert g.state.turn == 2 and at(g, "G2A") == "C1"
    assert cn.DISRUPTED not in markers(g, "G2A")


def test_one_unit_moves_by_sea_to_a_friendly_port_and_may_be_sunk() -> None:
    sea = {"baltic": ["A2", "A3", "A4"]}
    g = new(
        army("G", "B2"),
        army("H", "B1"),
        rifle("F", "E6"),
        terrain=sea,
        features={"port": ["B4"]},
        control={"axis": ["B4"]},
        charts={"sea_control": {"baltic": ["B4"]}},
    )
    g = to_step(g, "sea-move", "axis")
    assert Move(("G",), ("B2", "B4")) in g.legal_actions()
    g.apply(Move(("G",), ("B2", "B4")))
    assert dict(g.chance_outcomes()) == {
        Outcome("safe"): Fraction(5, 6),
        Outcome("sunk"): Fraction(1, 6),
    }
    g.apply(Outcome("sunk"))
    assert g.state.units["G"].box == cn.LOST
    assert g.decision.step != "sea-move"  # 1 unit a phase
    g.state.control["B4"] = "axis"
    from wargames.darkest.supply import sea_controller

    g.state.control["B4"] = "russian"
    assert sea_controller(ctx(g), "baltic") == "russian"


def test_no_more_than_1_replacement_per_hex_both_kinds_only_on_leningrad() -> None:
    # DC: Russian Replacements: "no more than 1 such unit per replacement center or hex
    # (although both an infantry and tank unit can arrive on Leningrad)".
    units = (rifle("R", None, (1, 2)), mech("M", None), rifle("F", "D6"))
    g = replace_game(*units)
    g.apply(Place("R", "D5"))  # D5 is a centre and a factory, but not Leningrad
    assert Place("M", "D5") not in g.legal_actions()
    g.apply(Place("M", "E6"))  # the eastern edge: 1 unit per hex too
    g = replace_game(*units, attributes={"D5": {"both_kinds": True}})
    g.apply(Place("R", "D5"))
    assert Place("M", "D5") in g.legal_actions()
    g = replace_game(rifle("R", None, (1, 2)), mech("M", None), rifle("F", "D6"))
    g.apply(Place("M", "E6"))
    assert Place("R", "E6") not in g.legal_actions()


def test_the_siberian_gamble_risks_1_in_6_for_every_month_early() -> None:
    # DC: Siberian Reserve Gamble: "a 1/6 chance of losing the game for every month the
    # Russian player has brought them in sooner" than Dec 41: 2 months early, 2 in 6.
    g = new(army("G", "B1"), rifle("F", "D6"), turns=9)
    for _ in range(4):  # Jun .. Sep: pass
        g = to_step(g, "russian-admin", "russian")
        g.apply(Pass())
    g = to_step(g, "russian-admin", "russian")
    assert g.state.turn == 5  # Oct 41: 2 months before Dec 41
    g.apply(Choose("siberians"))
    assert dict(g.chance_outcomes()) == {
        Outcome("safe"): Fraction(4, 6),
        Outcome("lost"): Fraction(2, 6),
    }


def test_the_16th_army_may_be_withdrawn_again_after_it_came_back() -> None:
    # DC: Russian Replacements: the text sets no limit on how often 16. A is withdrawn.
    g = new(
        army("G", "B1"),
        rifle("R16A", "D5", (2, 2), flags=("proriv", "withdrawable")),
        rifle("F", "D6"),
        turns=3,
    )
    g = to_step(g, "russian-admin", "russian")
    g.apply(Choose("withdraw:R16A"))
    g.apply(Pass())  # no 0-1 army to put in its place
    g.state.put(g.state.units["R16A"].moved_to("D5"))  # as if it came back as a replacement
    g = to_step(g, "russian-admin", "russian")
    g.apply(Pass())
    g = to_step(g, "russian-admin", "russian")
    assert g.state.turn == 2 and Choose("withdraw:R16A") in g.legal_actions()


def test_random_playouts_rarely_call_the_siberians_early_but_may() -> None:
    """The playout weight steers random agents only; the choice stays legal."""
    import wargames

    game = wargames.new_game("darkest", seed=1)
    actions = [Choose("siberians"), Choose("disband"), Pass()]
    weights = dict(zip(actions, game.playout_weights(actions), strict=True))
    assert weights[Choose("siberians")] < 0.1 and weights[Pass()] == 1.0


def test_a_sea_move_two_seas_join_goes_by_the_friendly_one() -> None:
    # DC: Movement by sea: B2 and B4 are on both the Black Sea (Russian: E4) and the Azov
    # (nobody's: E4 and E5 split); the move goes by the friendly sea, sunk on 1 in 6.
    def sail(azov: list[str]) -> Fraction:
        g = new(
            army("G", "B1"),
            rifle("R", "B2"),
            rifle("F", "E6"),
            terrain={"black-sea": ["A2", "A3", "A4"], "azov": ["C2", "C3"]},
            features={"port": ["B4", "E4", "E5"]},
            control={"russian": ["B2", "B4", "E4"], "axis": ["E5"]},
            charts={"sea_control": {"black-sea": azov[:1] or ["E5"], "azov": azov or ["E5"]}},
        )
        g = to_step(g, "sea-move", "russian")
        g.apply(Move(("R",), ("B2", "B4")))
        return dict(g.chance_outcomes())[Outcome("sunk")]

    assert sail(["E4", "E5"]) == Fraction(1, 6)  # the Black Sea is Russian, the Azov split
    assert sail([]) == Fraction(3, 6)  # both seas Axis: the enemy's risk


def test_every_port_of_the_1941_map_is_reached_by_sea_leningrad_and_kronshtadt_included() -> None:
    # DC: Movement by sea: "from any coastal hex to a friendly-controlled port": a port on
    # the Neva Bay (drawn as the B7/B8 hexside, no sea hex next to them) is on the Baltic.
    import wargames
    from wargames.darkest.sea import sea_moves, seas_of

    g = wargames.new_game("darkest", scenario="1941", seed=1)
    c = ctx(g)
    assert all(seas_of(c, p) for p in c.board.nodes_with("port"))
    moves = {m.path for m in sea_moves(c, "russian")}
    into = {p[-1] for p in moves}
    out = {p[0] for p in moves}
    assert {"B7", "B8"} <= into and "B8" in out


def test_a_port_on_a_bay_hexside_names_its_sea() -> None:
    # attribute seas: the sea a port touches across a water hexside rather than a sea hex
    g = new(
        army("G", "B2"),
        army("H", "B1"),
        rifle("F", "E6"),
        terrain={"baltic": ["A2", "A3"]},
        features={"port": ["C4"]},
        hexsides=[{"between": ["C4", "C5"], "features": ["water"]}],
        attributes={"C4": {"seas": ["baltic"]}},
        control={"axis": ["C4"]},
        charts={"sea_control": {"baltic": ["C4"]}},
    )
    g = to_step(g, "sea-move", "axis")
    assert Move(("G",), ("B2", "C4")) in g.legal_actions()


def test_a_port_s_seas_attribute_names_seas() -> None:
    import pytest
    from darkest_support import scenario

    import wargames
    from wargames.core.errors import ScenarioError

    bad = scenario(army("G", "B2"), rifle("F", "E6"), attributes={"C4": {"seas": ["pacific"]}})
    with pytest.raises(ScenarioError, match="seas"):
        wargames.new_game("darkest", bad, seed=1)


def test_placing_a_unit_takes_control_of_its_hex() -> None:
    # DC: Siberian Reserve Gamble / Russian Replacements / German Reinforcements: a unit put on
    # a hex holds it, as one that moves there does (DC: Supply: control decides supply lines
    # and the loss of Grozny).
    sib = siberians()
    g = new(
        army("G", "B1"),
        rifle("F", "D5"),
        mech("M", "E5"),
        *sib,
        turns=9,
        features={"oil": ["D4"]},
        control={"axis": ["D4"]},
    )
    for _ in range(5):
        g = to_step(g, "russian-admin", "russian")
        g.apply(Pass())
    g = to_step(g, "russian-admin", "russian")
    g.apply(Choose("siberians"))
    g.apply(Outcome("safe"))
    g.apply(Pass())
    assert allowance(ctx(g), "M", "op") == (1, 2)  # Grozny lost
    g.apply(Place("SA1", "D4"))
    g.apply(Choose("weak"))
    assert g.state.control["D4"] == "russian"
    assert allowance(ctx(g), "M", "op") == (2, 2)  # Grozny back in Russian hands
    # a replacement from the eastern edge
    g = replace_game(rifle("R", None, (1, 2)), rifle("F", "D6"), control=EAST_EDGE_AXIS)
    g.apply(Place("R", "A6"))
    assert g.state.control["A6"] == "russian"
    # German reinforcements sent to the Axis map edge from a Russian-held Warsaw
    g = new(
        army("G", "A1"),
        army("G2A", None, box="reinforcements"),
        rifle("F", "D6"),
        reinforcements=[{"turn": 2, "unit": "G2A", "at": "C2"}],
        control={"russian": ["C1", "C2"]},
    )
    g = to_step(g, "russian-admin", "russian")
    g.apply(Pass())
    to_step(g, "fortify")
    assert at(g, "G2A") == "C1" and g.state.control["C1"] == "axis"
