"""DCH: the Game-turn Sequence (its order and asymmetry), Strategic Movement by Rail, the
General Rule, the Siberian Reserve Gamble, the Special First Turn Rules and Victory."""

from __future__ import annotations

from fractions import Fraction

import attrs
from dch_support import NW, C, E, W, at_step, ctx, die_for, fight, game, pick_group, stage

import wargames
from wargames.core.actions import Attack, Choose, Outcome, Pass, Place
from wargames.core.errors import IllegalAction
from wargames.core.game import Game
from wargames.darkcrusade.hex import counters as cn
from wargames.darkcrusade.hex.attacks import attack_error, base_odds, must_attack
from wargames.darkcrusade.hex.rail import destinations, limit
from wargames.darkcrusade.hex.sequence import PHASES
from wargames.darkcrusade.hex.victory import axis_points, final


def test_the_turn_runs_a1_to_a9_then_b1_to_b8() -> None:
    names = [p.name.split(" ")[0] for p in PHASES]
    a = [n for n in names if n.startswith("A.")]
    b = [n for n in names if n.startswith("B.")]
    assert a == [f"A.{i}" for i in range(1, 10)]
    assert b == [f"B.{i}" for i in range(1, 9)]
    assert names.index("A.9") < names.index("B.1")
    steps = {p.name.split(" ")[0]: [s.step for s in p.segments] for p in PHASES}
    assert steps["A.2"] == ["early-attacks"] and steps["A.3"] == ["operations"]
    assert steps["A.6"] == ["operations", "recover", "combat"]
    assert steps["A.8"] == ["air-supply", "supply"] and steps["B.6"] == ["air-supply", "supply"]


def test_one_axis_unit_moves_by_rail_and_arrives_disrupted() -> None:
    g = game({"18A": "0312", "I": "0312"})
    at_step(g, "rail", side=cn.AXIS)
    assert limit(ctx(g), cn.AXIS) == 1
    g.apply(Choose("18A"))
    dest = destinations(ctx(g), "18A")[0]
    g.apply(Place("18A", dest))
    assert g.state.units["18A"].at == dest and g.state.units["18A"].has(cn.DISRUPTED)
    assert g.decision is None or g.decision.step != "rail"  # only one unit


def test_a_disrupted_unit_may_not_move_by_rail() -> None:
    """DCH: Disrupted Units "may not move or attack in the owning player's turn": not by rail
    either."""
    g = game({"18A": "0312", "I": "0312"})
    g.state.put(g.state.units["18A"].marked(cn.DISRUPTED))
    at_step(g, "rail", side=cn.AXIS)
    options = set(g.legal_actions())
    assert Choose("I") in options and Choose("18A") not in options


def test_russian_rail_moves_equal_victory_points_held_plus_one_but_two_on_turn_one() -> None:
    g = game({})
    assert limit(ctx(g), cn.RUSSIAN) == 2
    g.state.turn = 2
    board = g.scenario.board
    held = [n for n in board.nodes_with("victory") if g.state.control.get(n) == cn.RUSSIAN]
    # victory points, not cities: Moscow counts 3 and Leningrad 2 (7 one-point cities more)
    assert len(held) == 9
    assert limit(ctx(g), cn.RUSSIAN) == 3 + 2 + 7 + 1
    moscow = next(n for n in held if "Moscow" in str(board.attr(n, "name")))
    g.state.control[moscow] = cn.AXIS
    assert limit(ctx(g), cn.RUSSIAN) == 2 + 7 + 1


def test_the_axis_may_not_attack_out_of_rumania_on_turn_one() -> None:
    g = game({"11A": "0720", "H01": "0719"})  # Rumania to Bessarabia
    err = attack_error(ctx(g), "11A", "0719")
    assert isinstance(err, IllegalAction) and "First Turn" in err.rule
    g.state.turn = 2
    assert attack_error(ctx(g), "11A", "0719") is None


def test_the_russians_may_not_attack_rumania_until_the_axis_attacks_out_of_it() -> None:
    g = game({"3RoA": "0720", "T01": "0719"}, turn=2)
    assert attack_error(ctx(g), "T01", "0720") is not None
    g.state.set("romania_attacked", True)
    assert attack_error(ctx(g), "T01", "0720") is None


def test_general_rule_adjacent_german_armies_must_be_attacked_too() -> None:
    # the Russians attack the korps in C from W; the army in NW is next to both
    g = game({"I": C, "18A": NW, "H01": W}, turn=2, profiles={"H01": "4-4"})
    err = must_attack(ctx(g), {C: ["H01"]})
    assert isinstance(err, IllegalAction) and "General Rule" in err.rule
    g.state.put(g.state.units["18A"].marked(cn.DISRUPTED))
    assert must_attack(ctx(g), {C: ["H01"]}) is None  # a Disrupted army need not be


def test_general_rule_the_adjacent_army_must_be_attacked_at_odds_at_least_equal() -> None:
    """DCH: General Rule: "... must also be attacked at odds at least equal to the odds of the
    attacks against the other" (base columns: H01 4 against the korps's 3)."""
    tanks = {"T07": "1708", "T08": "1708", "T01": "1808", "T02": "1808"}
    g = game({"I": C, "18A": NW, "H01": W, **tanks}, turn=2, profiles={"H01": "4-4"})
    c = ctx(g)
    col = base_odds(c, ["H01"], C).base
    for attackers in (["T07"], ["T07", "T08"], ["T01", "T02"], ["T01", "T02", "T07", "T08"]):
        lower = base_odds(c, attackers, NW).base < col
        err = must_attack(c, {C: ["H01"], NW: attackers})
        assert (err is not None) == lower, (attackers, err)
    assert base_odds(c, ["T01", "T02"], NW).base == col  # equal odds suffice


def test_disrupted_units_may_not_attack() -> None:
    g = game({"18A": W, "H01": C})
    g.state.put(g.state.units["18A"].marked(cn.DISRUPTED))
    assert attack_error(ctx(g), "18A", C) is not None


def test_early_attacks_are_declared_then_resolved_at_once() -> None:
    g = game({"18A": W, "16A": NW, "H01": C}, turn=2)
    at_step(g, "early-attacks", side=cn.AXIS, mode="pre")
    g.apply(Attack(("18A",), C))
    assert Choose("16A") in list(g.legal_actions())
    g.apply(Choose("16A"))
    g.apply(Pass())
    assert g.decision is not None and g.decision.step == "reveal"


def siberians_back(g: Game) -> None:
    for uid in ("S1", "S2", "S3", "S4"):
        g.state.put(attrs.evolve(g.state.units[uid], box=cn.SIBERIA))


def test_siberian_reserve_early_is_a_one_in_nine_gamble() -> None:
    g = game({}, turn=5)
    siberians_back(g)
    at_step(g, "siberians")
    assert {a for a in g.legal_actions()} == {Pass(), Choose("siberians")}
    g.apply(Choose("siberians"))
    # the Russian player places it: the eastern edge, next to a Russian unit in supply, ...
    places = {a.at for a in g.legal_actions() if isinstance(a, Place)}
    assert set(g.scenario.board.nodes_with("east-edge")) <= places
    assert "1408" in places  # Moscow, a Russian city in supply
    g.apply(Place("S1", "1408"))
    assert g.state.units["S1"].at == "1408"
    assert {a.value: p for a, p in g.chance_outcomes()} == {
        "lost": Fraction(1, 9),
        "safe": Fraction(8, 9),
    }
    assert sum(1 for u in g.state.units.values() if u.box == cn.SIBERIA) == 3
    g.apply(Outcome("lost"))
    assert g.result() is not None and g.result().winner == cn.AXIS  # type: ignore[union-attr]


def test_siberians_come_safely_from_the_safe_turn_one_a_turn() -> None:
    g = game({}, turn=13)
    siberians_back(g)
    at_step(g, "siberians")
    g.apply(Place("S1", "1408"))
    assert sum(1 for u in g.state.units.values() if u.box == cn.SIBERIA) == 3
    assert g.result() is None


def test_siberians_may_also_be_placed_next_to_a_russian_unit_in_supply() -> None:
    g = game({"T01": C}, turn=13)  # C: a clear steppe hex, no city, town or map edge
    siberians_back(g)
    at_step(g, "siberians")
    places = {a.at for a in g.legal_actions() if isinstance(a, Place)}
    assert C in places and W in places and E in places
    assert "1608" not in places  # two hexes off, no city or town
    assert not g.scenario.board.has(E, "city") and not g.scenario.board.has(E, "town")


def test_victory_points_count_cities_in_supply_with_moscow_three() -> None:
    g = game({"18A": "1408"})  # Moscow
    g.state.control["1408"] = cn.AXIS
    g.state.set("railheads", ["1408"])
    points, must = axis_points(ctx(g))
    assert must and points == 2 + 3  # Warsaw + Bucharest + Moscow
    r = final(ctx(g))
    assert r.winner == cn.RUSSIAN  # 5 or less at the game's end


def test_axis_immediate_win_with_seven_points_including_l_m_or_s() -> None:
    g = game({"18A": "1408", "16A": "0902"})
    for n in ("1408", "0902"):
        g.state.control[n] = cn.AXIS
    g.state.set("railheads", ["1408", "0902"])
    at_step(g, "german-vdp")
    assert set(g.legal_actions()) == {Choose("claim"), Pass()}  # or wait for the end
    g.apply(Choose("claim"))
    assert g.result() is not None and g.result().winner == cn.AXIS  # type: ignore[union-attr]


def test_no_immediate_win_without_leningrad_moscow_or_stalingrad() -> None:
    g = game({"18A": "0915", "16A": "1513", "9A": "1009", "4A": "0920", "6A": "1619"})
    for n in ("0915", "1513", "1009", "0920", "1619"):  # Kiev, Voronezh, Smolensk, Odessa, Rostov
        g.state.control[n] = cn.AXIS
    g.state.set("railheads", ["0915", "1513", "1009", "0920", "1619"])
    assert axis_points(ctx(g)) == (7, False)
    at_step(g, "german-vdp")
    assert g.result() is None
    assert g.decision is None or g.decision.step != "german-vdp"  # no claim is offered


def test_the_immediate_win_is_only_in_1941() -> None:
    """DCH: Sequence B.7: the immediate win "in 1941": the same 7 points in Jan 42 offer no
    claim (the game's end decides)."""
    for turn, offered in ((13, True), (14, False)):  # Dec II 41, Jan I 42
        g = game({"18A": "1408", "16A": "0902"}, turn=turn)
        for n in ("1408", "0902"):
            g.state.control[n] = cn.AXIS
        g.state.set("railheads", ["1408", "0902"])
        at_step(g, "german-vdp")
        assert (g.decision is not None and g.decision.step == "german-vdp") == offered


def test_taking_moscow_in_supply_rolls_for_russian_collapse() -> None:
    g = game({"18A": "1408"})
    g.state.control["1408"] = cn.AXIS
    g.state.set("railheads", ["1408"])
    at_step(g, "moscow-check")
    assert {a.value: p for a, p in g.chance_outcomes()} == {
        "collapse": Fraction(1, 3),
        "holds": Fraction(2, 3),
    }


def test_russian_smashing_victory_holding_warsaw_in_supply() -> None:
    g = game({"H01": "0412"}, profiles={"H01": "2-2"})
    at_step(g, "russian-vdp")
    assert g.result() is None  # Warsaw is Axis-held
    # held but cut off: three German armies' ZOCs cover every hex around Warsaw (an empty
    # Axis-held rail hex alone no longer cuts the line: seventh review, finding 1)
    g = game({"H01": "0312", "18A": "0211", "16A": "0213", "9A": "0412"}, profiles={"H01": "2-2"})
    at_step(g, "russian-vdp")
    assert g.result() is None
    g = game({"H01": "0312"}, profiles={"H01": "2-2"})
    for n in g.state.control:
        g.state.control[n] = cn.RUSSIAN  # the Russians hold the whole map
    at_step(g, "russian-vdp")
    r = g.result()
    assert r is not None and r.winner == cn.RUSSIAN and "smashing" in r.level


def test_the_breakthrough_is_for_german_units_not_yet_moved_or_attacked() -> None:
    from wargames.core.markers import TURN, scoped

    g = game({"18A": C, "16A": "1814", "3RoA": "1815"})
    g.state.put(g.state.units["16A"].marked(scoped(cn.MOVED, TURN)))
    at_step(g, "operations", side=cn.AXIS, mode="break")
    assert {a.option for a in g.legal_actions() if isinstance(a, Choose)} == {"18A"}


def test_general_rule_in_b2_the_obliged_army_must_be_attacked_before_the_phase_ends() -> None:
    from wargames.darkcrusade.hex.attacks import early_obligations, record_early

    g = game(
        {"I": C, "18A": NW, "H01": W, "H02": "1708"}, turn=2, profiles={"H01": "4-4", "H02": "4-4"}
    )
    at_step(g, "early-attacks", side=cn.RUSSIAN, mode="pre")
    record_early(ctx(g), C, ["H01"])  # 4:3 against the korps: 1:1
    assert g.scenario.board.adjacent("1708", NW)
    err = early_obligations(ctx(g))
    assert isinstance(err, IllegalAction) and "General Rule" in err.rule
    assert Pass() not in list(g.legal_actions())
    record_early(ctx(g), NW, ["H02", "H01"])  # 8:5 on the army: 3:2, at least equal
    assert early_obligations(ctx(g)) is None
    g2 = game({"I": C, "18A": NW, "H01": W}, turn=2, profiles={"H01": "4-4"})
    at_step(g2, "early-attacks", side=cn.RUSSIAN, mode="pre")
    record_early(ctx(g2), C, ["H01"])
    g2.state.put(g2.state.units["H01"].marked(cn.DISRUPTED))  # nobody left who could
    assert early_obligations(ctx(g2)) is None


def test_the_russian_proriv_follows_b5_for_russian_units_not_yet_moved_or_attacked() -> None:
    from wargames.core.markers import TURN, scoped
    from wargames.darkcrusade.hex.movement import allowance

    steps = {p.name.split(" ")[0]: [(s.step, dict(s.args)) for s in p.segments] for p in PHASES}
    b5 = steps["B.5"]
    assert b5[0] == ("combat", {"side": cn.RUSSIAN, "mode": "op"})
    assert b5[1] == ("operations", {"side": cn.RUSSIAN, "mode": "break"})
    assert b5[-1] == ("combat", {"side": cn.RUSSIAN, "mode": "break"})
    g = game({"18A": C, "T01": "1814", "T02": "1815", "H01": "1816"}, turn=2)
    g.state.put(g.state.units["T02"].marked(scoped(cn.ATTACKED, TURN)))
    at_step(g, "operations", side=cn.RUSSIAN, mode="break")
    assert {a.option for a in g.legal_actions() if isinstance(a, Choose)} == {"T01", "H01"}
    assert allowance(ctx(g), "T01", "break") == (2, 3)  # OMF 4 - 2, OMB 3


def test_conversion_units_move_three_rail_hexes_and_limit_axis_rail_movement() -> None:
    from wargames.darkcrusade.hex.conversion import converted, markers
    from wargames.darkcrusade.hex.rail import depth, rail_net

    g = game({})  # no units on the map: no zone of control blocks the rail lines
    c = ctx(g)
    board = g.scenario.board
    # Russian rail hexes just taken by the Axis are not Axis rail lines until converted
    start = markers(c)[0]["at"]
    ahead = [n for n in board.neighbours(start) if "rail" in board.edge_features(start, n)]
    deeper = [n for n in ahead if depth(c, n) > depth(c, start)]
    assert deeper
    for n in deeper:
        g.state.control[n] = cn.AXIS
    assert not set(deeper) & rail_net(ctx(g), cn.AXIS)
    at_step(g, "rail-conversion")
    moved = markers(ctx(g))[0]["at"]
    assert 1 <= depth(ctx(g), moved) - depth(ctx(g), start) <= 3
    assert set(deeper) & converted(ctx(g))
    assert set(deeper) & rail_net(ctx(g), cn.AXIS)


def test_an_undefended_conversion_unit_is_destroyed_a_defended_one_falls_back() -> None:
    from wargames.darkcrusade.hex.conversion import check, markers
    from wargames.darkcrusade.hex.rail import depth

    g = wargames.new_game("darkcrusade-hex", seed=0)
    pick_group(g, "plain")
    c = ctx(g)
    board = g.scenario.board
    first = markers(c)[0]["at"]
    nxt = next(
        n
        for n in board.neighbours(first)
        if "rail" in board.edge_features(first, n) and depth(c, n) > depth(c, first)
    )
    for defended in (True, False):
        h = wargames.new_game("darkcrusade-hex", seed=0)
        pick_group(h, "plain")
        h.state.control[nxt] = cn.AXIS
        h.state.set("conversion", [{"at": nxt, "defended": defended}])
        h.state.control[nxt] = cn.RUSSIAN  # the enemy took its hex
        check(ctx(h))
        left = markers(ctx(h))
        if defended:
            assert left == [{"at": first, "defended": False}]  # back up the rail line
        else:
            assert left == []  # undefended: destroyed


def test_only_german_units_attack_before_operational_movement() -> None:
    """DCH: Sequence A.2: "German Attacks before Operational Movement"; A.3: "Operational
    Movement of Axis allied and as yet unused German units"."""
    g = game({"3RoA": W, "18A": NW, "H01": C}, profiles={"H01": "2-2"}, turn=2)
    at_step(g, "early-attacks", side=cn.AXIS, mode="pre")
    attacks = {a.units for a in g.legal_actions() if isinstance(a, Attack)}
    assert attacks == {("18A",)}
    error = g.check(Attack(("3RoA",), C))
    assert isinstance(error, IllegalAction) and "German" in error.reason
    g.apply(Attack(("18A",), C))
    assert Choose("3RoA") not in list(g.legal_actions())


def test_an_a2_blitzkrieg_attack_not_made_at_once_is_lost() -> None:
    """DCH: Sequence A.2: "... with immediate Blitzkrieg attacks on a BK combat result"."""
    g = game(
        {"18A": W, "16A": NW, "9A": "1711", "1Pz": W, "H01": C, "H02": "1610"},
        profiles={"H01": "1-1", "H02": "2-2"},
        turn=2,
    )
    g.state.set("railheads", [W])
    at_step(g, "early-attacks", side=cn.AXIS, mode="pre")
    g.apply(Attack(("18A",), C))
    for u in ("16A", "9A", "1Pz"):
        g.apply(Choose(u))
    g.apply(Pass())
    g.apply(Choose("retreat"))
    g.apply(Choose("press:0"))
    if stage(g) == "round-up":
        g.apply(Outcome("stay"))
    g.apply(Outcome(die_for(g, "BK")))
    while g.decision is not None and g.decision.step == "battle-advance":
        g.apply(Pass())
    assert g.state.units["1Pz"].has(cn.BLITZ)
    assert Attack(("1Pz",), "1610") in list(g.legal_actions())  # made now, or ...
    g.apply(Pass())
    assert not any(u.has(cn.BLITZ) for u in g.state.units.values())  # ... never


def test_the_breakthrough_offers_a_unit_whose_orders_were_passed_in_a3() -> None:
    """DCH: Sequence A.6: repeated "for German units which have not yet moved or attacked"."""
    g = game({"1Pz": W, "3Pz": "1711", "H01": "2013"}, profiles={"H01": "2-2"}, turn=2)
    at_step(g, "operations", side=cn.AXIS, mode="op")
    g.apply(Choose("1Pz"))
    g.apply(Pass())  # 1Pz's orders: neither move nor attack
    assert Choose("1Pz") not in list(g.legal_actions())  # not twice in the same phase
    g.apply(Pass())  # the end of A.3
    for _ in range(60):
        top = g.state.stack[-1] if g.state.stack else None
        if top is not None and top.step == "operations" and top.args.get("mode") == "break":
            break
        g.apply(next(iter(g.legal_actions())))
    else:
        raise AssertionError("the breakthrough was not reached")
    assert Choose("1Pz") in list(g.legal_actions())


def test_an_axis_attack_with_allied_units_is_not_pressed() -> None:
    """DCH: Asymmetric Combat Odds: "Russian attacks and any Axis attacks involving Axis
    allied units: The usual"; pressing is for German (and, one column, Russian) attacks."""
    g = game({"3RoA": W, "18A": NW, "H01": C}, profiles={"H01": "2-2"}, turn=2)
    fight(g, ["3RoA", "18A"], C)
    g.apply(Choose("retreat"))
    assert {a.option for a in g.legal_actions() if isinstance(a, Choose)} <= {"press:0"}


def test_a1_flips_every_german_army_to_its_strong_side() -> None:
    """DCH: Sequence A.1: "Flipping of German Armies to Strong Side", with no condition (the
    entrenchment, in the same step, is for UnDisrupted units only)."""
    g = game({"18A": W, "16A": "2013", "9A": "1709"}, turn=2)
    for u in ("18A", "16A", "9A"):
        g.state.put(attrs.evolve(g.state.units[u], steps=1))
    g.state.put(g.state.units["9A"].marked(cn.DISRUPTED))
    at_step(g, "axis-admin")
    assert {u: g.state.units[u].steps for u in ("18A", "16A", "9A")} == {
        "18A": 2,
        "16A": 2,  # out of full supply
        "9A": 2,  # Disrupted
    }
