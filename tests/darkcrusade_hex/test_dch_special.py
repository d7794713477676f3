"""DCH: Special Units (Katyushas, Leningrad Railway Guns), Axis allied units in the south, and
the panzer and tank replacements."""

from __future__ import annotations

from fractions import Fraction

import attrs
from dch_support import NW, C, W, at_step, ctx, game

from wargames.core.actions import Attack, Outcome
from wargames.core.game import Game
from wargames.darkcrusade.hex import counters as cn
from wargames.darkcrusade.hex.movement import routes
from wargames.darkcrusade.hex.odds import odds


def test_axis_allied_units_must_remain_in_the_south() -> None:
    g = game({"3RoA": "1015"})
    ends = routes(ctx(g), "3RoA", "op")
    assert ends and all(int(n[2:]) >= 13 for n in ends)
    g2 = game({"I": "1015"})
    assert any(int(n[2:]) < 13 for n in routes(ctx(g2), "I", "op"))


def test_railway_gun_supports_a_russian_attack_down_its_line() -> None:
    # 0512 (Brest) - 0612 is a rail hexside
    g = game({"RG1": "0612", "T01": "0511", "I": "0512"}, turn=2)
    shifts = dict(odds(ctx(g), ["T01"], "0512").shifts)
    assert shifts.get("DCH: Russian Leningrad Railway Guns (support)") == 1


def test_railway_gun_defends_against_attacks_from_its_line() -> None:
    g = game({"RG1": "0612", "H01": "0612", "I": "0512"}, profiles={"H01": "1-1"})
    shifts = dict(odds(ctx(g), ["I"], "0612").shifts)
    assert shifts.get("DCH: Russian Leningrad Railway Guns (defence)") == -1


def test_katyusha_fires_before_the_ground_attacks_disrupting_on_its_index() -> None:
    g = game({"Kat1": W, "T01": NW, "I": C, "XX": C}, turn=2)
    g.state.set("allocations", {C: ["T01"]})
    at_step(g, "combat", side=cn.RUSSIAN, mode="op")
    assert Attack(("Kat1",), C) in list(g.legal_actions())
    g.apply(Attack(("Kat1",), C))
    assert g.decision is not None and g.decision.step == "katyusha-roll"
    assert {a.value: p for a, p in g.chance_outcomes()} == {d: Fraction(1, 6) for d in range(1, 7)}
    g.apply(Outcome(2))  # index A: 1 or 2 disrupts
    g.apply(Outcome(4))
    assert g.state.units["I"].has(cn.DISRUPTED) != g.state.units["XX"].has(cn.DISRUPTED)
    assert Attack(("Kat1",), C) not in list(g.legal_actions())  # once a turn


def test_germans_get_two_panzer_factors_a_month_from_august() -> None:
    from wargames.core.actions import Choose, Pass
    from wargames.core.markers import TURN, scoped

    g = game({"XXXXI": C, "LVI": W}, turn=4)
    for uid in ("XXXXI", "LVI"):
        g.state.put(attrs.evolve(g.state.units[uid], steps=1))
    g.state.put(attrs.evolve(g.state.units["1Pz"], box=cn.ELIMINATED))
    g.state.put(g.state.units["LVI"].marked(scoped(cn.MOVED, TURN)))  # moved: not rebuilt
    at_step(g, "axis-admin")
    assert g.state.get("panzer_factors") == 2
    at_step(g, "panzer-replacements", side=cn.AXIS)
    assert g.decision is not None and g.decision.step == "panzer-replacements"
    # the German player's choice: the korps back to full strength, or the lost division
    assert set(g.legal_actions()) == {Pass(), Choose("rebuild:XXXXI"), Choose("return:1Pz")}
    g.apply(Choose("return:1Pz"))
    assert g.state.units["1Pz"].at is not None and g.state.get("panzer_factors") == 0
    assert g.state.units["XXXXI"].steps == 1
    g2 = game({"XXXXI": C}, turn=3)  # July: no factors yet
    g2.state.put(attrs.evolve(g2.state.units["XXXXI"], steps=1))
    at_step(g2, "axis-admin")
    assert g2.state.get("panzer_factors", 0) == 0
    at_step(g2, "panzer-replacements", side=cn.AXIS)
    assert g2.decision is None or g2.decision.step != "panzer-replacements"
    g3 = game({"XXXXI": C}, turn=4)
    g3.state.put(attrs.evolve(g3.state.units["XXXXI"], steps=1).marked(cn.DISRUPTED))
    at_step(g3, "axis-admin")
    at_step(g3, "panzer-replacements", side=cn.AXIS)
    assert g3.decision is None or g3.decision.step != "panzer-replacements"  # Disrupted


def test_lost_tank_korps_come_back_weakest_first_from_the_factories() -> None:
    g = game({}, turn=2)
    for uid in ("T01", "T07"):
        g.state.put(attrs.evolve(g.state.units[uid], at=None, box=cn.ELIMINATED))
    at_step(g, "russian-admin")
    # 5 factories held + Tankograd = 6 factors: the 2-1 (2) first, then the 3-2 (3); the
    # Russian player places each on the eastern edge (or keeps it back, refunded)
    from wargames.core.actions import Pass, Place

    assert g.decision is not None and g.decision.step == "russian-arrival"
    first = [a for a in g.legal_actions() if isinstance(a, Place)]
    assert first[0].unit == "T07"
    assert {a.at for a in first} <= set(g.scenario.board.nodes_with("east-edge"))
    g.apply(first[0])
    assert g.state.units["T07"].at == first[0].at
    assert g.state.get("tank_factors") == 1
    g.apply(Pass())  # T01 is kept back: its 3 factors return to the bank
    assert g.state.units["T01"].box == cn.ELIMINATED
    assert g.state.get("tank_factors") == 4


def test_a_lone_katyusha_is_moved_through_and_eliminated_by_a_german_unit() -> None:
    from dch_support import E

    from wargames.core.actions import Move

    g = game({"1Pz": W, "Kat1": C})
    path = routes(ctx(g), "1Pz", "op")[E][0]
    assert C in path  # through the Katyusha's hex
    at_step(g, "orders", unit="1Pz", side="axis", mode="op", moved=False)
    g.apply(Move(("1Pz",), path))
    assert g.state.units["Kat1"].box == cn.ELIMINATED
    g2 = game({"1Pz": W, "Kat1": C, "MMRD": C})  # protected by another Russian unit
    assert all(C not in p for p, _ in routes(ctx(g2), "1Pz", "op").values())
    g3 = game({"HuMob": "1814", "Kat1": "1914"})  # German units only, not Axis allies
    assert all("1914" not in p for p, _ in routes(ctx(g3), "HuMob", "op").values())


def test_factories_evacuate_loading_then_on_the_track_then_produce_in_siberia() -> None:
    from wargames.core.actions import Choose
    from wargames.darkcrusade.hex.factories import producing

    g = game({}, turn=2)
    assert producing(ctx(g)) == 5
    at_step(g, "evacuate")
    g.apply(Choose("evacuate:1315"))  # Kharkov
    assert producing(ctx(g)) == 4  # loading: no production
    g.state.turn = 3
    at_step(g, "russian-admin")
    assert g.state.get("factories")["1315"]["state"] == "track"
    g.state.control["1315"] = cn.AXIS  # the Axis takes Kharkov: the factory is gone east
    for turn in (4, 5):
        g.state.turn = turn
        at_step(g, "russian-admin")
        assert g.state.get("factories")["1315"]["state"] == "track"  # not yet 3 turns
    g.state.turn = 6
    at_step(g, "russian-admin")
    assert g.state.get("factories")["1315"]["state"] == "siberia"  # "3 turns later"
    assert producing(ctx(g)) == 5


def test_an_odd_rifle_factor_may_be_rolled_up_to_an_army_at_even_odds() -> None:
    from wargames.core.actions import Choose, Place

    g = game({}, turn=2)
    for i in range(1, 31):
        uid = f"H{i:02d}"
        g.state.put(attrs.evolve(g.state.units[uid], at=None, box=cn.ELIMINATED))
    board = g.scenario.board
    made = 1 + sum(  # 1 for Siberia, 1 a major city held, 2 for Moscow
        2 if "Moscow" in str(board.attr(n, "name", "")) else 1
        for n in board.nodes_with("major")
        if g.state.control.get(n) == cn.RUSSIAN
    )
    g.state.set("rifle_factors", 1 - made % 2)  # an odd total this turn
    at_step(g, "russian-admin")
    assert g.decision is not None and g.decision.step == "rifle-roll"
    bank = g.state.get("rifle_factors")
    assert bank % 2 == 1
    g.apply(Choose("roll-up"))
    assert {a.value: p for a, p in g.chance_outcomes()} == {
        "up": Fraction(1, 2),
        "kept": Fraction(1, 2),
    }
    g.apply(Outcome("up"))
    assert g.state.get("rifle_factors") == bank - 1
    place = next(a for a in g.legal_actions() if isinstance(a, Place))
    g.apply(place)
    assert g.state.units[place.unit].at == place.at


def test_an_undefended_railway_gun_is_moved_through_and_eliminated_like_a_katyusha() -> None:
    from dch_support import E

    from wargames.core.actions import Move

    g = game({"1Pz": W, "RG1": C}, turn=4)
    path = routes(ctx(g), "1Pz", "op")[E][0]
    assert C in path
    at_step(g, "orders", unit="1Pz", side="axis", mode="op", moved=False)
    g.apply(Move(("1Pz",), path))
    assert g.state.units["RG1"].box == cn.ELIMINATED
    g2 = game({"1Pz": W, "RG1": C, "MMRD": C}, turn=4)  # defended
    assert all(C not in p for p, _ in routes(ctx(g2), "1Pz", "op").values())


def _gun_battle(blocked: bool) -> Game:
    from dch_support import die_for, fight, stage

    from wargames.core.actions import Choose, Outcome

    # 1208 lies on the rail line 1109 - 1208 - 1308; the Germans attack from 1109, so the
    # stack may retreat to 1308 (rail) or 1207; blocked: a German army holds the rail hex
    # 1308 (a full friendly hex would not do: a railway gun does not count for stacking)
    extra = {"9A": "1308"} if blocked else {}
    attackers = ["18A", "XXXXI", "I"]
    g = game(
        {**dict.fromkeys(attackers, "1109"), "RG1": "1208", "H01": "1208", **extra},
        profiles={"H01": "1-1"},
    )
    fight(g, attackers, "1208")
    g.apply(Choose("retreat"))
    g.apply(Choose("press:0"))
    if stage(g) == "round-up":
        g.apply(Outcome("stay"))
    g.apply(Outcome(die_for(g, "D1")))
    if Choose("retreat:1") in g.legal_actions():
        g.apply(Choose("retreat:1"))
    return g


def test_a_railway_gun_retreats_only_back_up_its_rail_line() -> None:
    from wargames.core.actions import Retreat

    g = _gun_battle(blocked=False)
    routes = [a for a in g.legal_actions() if isinstance(a, Retreat)]
    assert routes and {a.path[1] for a in routes} == {"1308"}  # the rail hexside only
    assert all(set(a.units) == {"RG1", "H01"} for a in routes)


def test_a_railway_gun_that_cannot_retreat_up_its_line_is_destroyed() -> None:
    from wargames.core.actions import Retreat

    g = _gun_battle(blocked=True)
    assert g.state.units["RG1"].box == cn.ELIMINATED
    routes = [a for a in g.legal_actions() if isinstance(a, Retreat)]
    assert routes and all(a.units == ("H01",) for a in routes)  # the army retreats alone
    assert "1308" not in {a.path[1] for a in routes}


def test_a_factory_cut_off_from_the_east_by_rail_cannot_be_evacuated() -> None:
    """DCH: Factory Evacuation: "Russian factories may be evacuated by rail to Siberia" (the
    rail line traced back to the owner's side, DCH: Strategic Movement by Rail)."""
    from wargames.darkcrusade.hex.factories import evacuable
    from wargames.darkcrusade.hex.terrain import rail_nodes

    g = game({}, turn=2)
    assert "0902" in evacuable(ctx(g))  # Leningrad
    for n in rail_nodes(ctx(g)):
        g.state.control[n] = cn.AXIS
    g.state.control["0902"] = cn.RUSSIAN  # Leningrad holds out, cut off
    assert evacuable(ctx(g)) == []


def test_railway_guns_move_with_the_other_units_omf() -> None:
    """DCH: OMFs: "All other Russian or Axis units 3" (the railway guns included): they move
    operationally and by rail like other units."""
    from wargames.darkcrusade.hex.rail import movers

    g = game({"RG1": "0902"}, turn=5)
    assert cn.omf(ctx(g), "RG1") == 3
    assert "RG1" in movers(ctx(g), cn.RUSSIAN)
    at_step(g, "operations", side=cn.RUSSIAN, mode="op")
    from wargames.core.actions import Choose

    assert Choose("RG1") in list(g.legal_actions())
