"""DCH: Operational Movement (OMFs, the Operational Movement Bonus, road movement, terrain),
Zones of Control, weather halving, the breakthrough allowance, the Ploesti/Grozny cap and the
stacking limits."""

from __future__ import annotations

from itertools import pairwise

import pytest
from dch_support import NW, C, W, ctx, disrupt, game

from wargames.core.actions import Move, Pass
from wargames.core.errors import IllegalAction
from wargames.core.game import Game
from wargames.darkcrusade.hex import counters as cn
from wargames.darkcrusade.hex.movement import allowance, move_error, routes
from wargames.darkcrusade.hex.stacking import stacking_error


@pytest.mark.parametrize(
    ("uid", "omf"),
    [
        ("1Pz", 6),
        ("XXXXI", 5),
        ("SS-R", 5),
        ("I", 4),
        ("18A", 3),
        ("3RoA", 3),
        ("HuMob", 4),
        ("T01", 4),
        ("P1", 5),
        ("Kat1", 5),
        ("H01", 3),
    ],
)
def test_operational_movement_factors_by_unit_type(uid: str, omf: int) -> None:
    g = game({uid: C})
    assert allowance(ctx(g), uid, "op") == (omf, 3 if cn.is_axis(ctx(g), uid) else 5)


def test_the_bonus_moves_farther_but_forbids_attacking() -> None:
    g = game({"18A": C})
    ends = routes(ctx(g), "18A", "op")
    board = g.scenario.board
    for hex_, (path, may_attack) in ends.items():
        d = board.distance(C, hex_)
        # OMF 3 + OMB 3, and the extra road hex where the move uses a road
        roads = any("road" in board.edge_features(a, b) for a, b in pairwise(path))
        assert d <= 6 or (d == 7 and roads)
        assert d <= 3 or not may_attack, hex_  # beyond the OMF: the bonus was used
        assert d > 1 or may_attack
    assert any(board.distance(C, h) == 6 for h in ends)


def test_entering_an_enemy_zoc_ends_the_move() -> None:
    g = game({"18A": "1510", "H01": C})
    zoc = set(g.scenario.board.neighbours(C))
    for path, _ in routes(ctx(g), "18A", "op").values():
        assert not zoc & set(path[1:-1]), path


def test_no_move_between_two_hexes_of_one_enemy_units_zoc_unless_onto_a_friend() -> None:
    g = game({"I": W, "H01": C})
    err = move_error(ctx(g), "I", (W, NW), "op")
    assert isinstance(err, IllegalAction) and "Zones of Control" in err.rule
    g.state.put(g.state.units["1Pz"].moved_to(NW))
    assert move_error(ctx(g), "I", (W, NW), "op") is None  # the special 1-hex move


def passes_next_to_c(g: Game) -> bool:
    near = set(g.scenario.board.neighbours(C))
    return any(near & set(p[1:-1]) for p, _ in routes(ctx(g), "1Pz", "op").values())


def test_divisions_and_disrupted_russian_korps_have_no_zoc_but_disrupted_armies_do() -> None:
    assert passes_next_to_c(game({"1Pz": "1510", "MMRD": C}))  # a division: no ZOC
    assert not passes_next_to_c(game({"1Pz": "1510", "T01": C}))
    g = game({"1Pz": "1510", "T01": C})
    disrupt(g, "T01")
    assert passes_next_to_c(g)  # a Disrupted Russian korps: no ZOC
    g = game({"1Pz": "1510", "H01": C})
    disrupt(g, "H01")
    assert not passes_next_to_c(g)  # a Disrupted army keeps its ZOC


def test_no_bonus_into_the_zoc_of_an_undisrupted_russian_army() -> None:
    g = game({"18A": "1310", "H01": C})  # 1710 is 4 hexes away: beyond the OMF of 3
    assert W not in routes(ctx(g), "18A", "op")
    disrupt(g, "H01")  # a Disrupted army keeps its ZOC but not the bonus restriction
    assert W in routes(ctx(g), "18A", "op")


def test_a_unit_that_used_its_bonus_may_not_attack() -> None:
    g = game({"18A": "1310", "T01": C})
    disrupt(g, "T01")
    g.state.stack = ()
    from dch_support import at_step

    at_step(g, "orders", unit="18A", side="axis", mode="op", moved=False)
    path = routes(ctx(g), "18A", "op")[W][0]
    g.apply(Move(("18A",), path))
    assert g.state.units["18A"].at == W
    assert g.decision is None or g.decision.step != "orders"


def test_disrupted_units_may_not_move() -> None:
    g = game({"18A": C})
    disrupt(g, "18A")
    err = move_error(ctx(g), "18A", (C, W), "op")
    assert err is not None and "Disrupted" in err.rule


def test_mud_halves_the_omf_down_for_the_axis_and_up_for_the_russians() -> None:
    g = game({"18A": C, "H01": "1814"}, turn=9)
    assert allowance(ctx(g), "18A", "op")[0] == 1
    assert allowance(ctx(g), "H01", "op")[0] == 2


def test_breakthrough_omf_is_two_less_with_a_bonus_of_two_or_three() -> None:
    g = game({"1Pz": C, "T01": "1814"})
    assert allowance(ctx(g), "1Pz", "break") == (4, 2)
    assert allowance(ctx(g), "T01", "break") == (2, 3)


def test_losing_ploesti_caps_axis_mobile_units_at_four() -> None:
    g = game({"1Pz": C, "18A": W})
    ploesti = [n for n in g.scenario.board.nodes_with("oil") if g.scenario.board.has(n, "romania")]
    g.state.control[ploesti[0]] = cn.RUSSIAN
    assert allowance(ctx(g), "1Pz", "op")[0] == 4
    assert allowance(ctx(g), "18A", "op")[0] == 3


def test_motorized_korps_pay_two_in_forest_divisions_one() -> None:
    from wargames.darkcrusade.hex.movement import costs, terrain_row

    c = ctx(game({}))
    k_row, d_row = terrain_row(c, "korps-mobile"), terrain_row(c, "div-mobile")
    korps = costs("korps-mobile", False, False, False, k_row)
    div = costs("div-mobile", False, False, False, d_row)
    assert dict(korps.terrain)["forest"] == 4 and dict(div.terrain).get("forest", 2) == 2  # half MF
    assert dict(korps.terrain)["mountain"] is None and dict(div.terrain)["swamp"] == 4
    assert dict(costs("korps-mobile", False, False, True, k_row).terrain)["swamp"] == 2  # frozen


def test_panzers_move_double_along_roads_except_in_mud() -> None:
    g = game({"1Pz": "0512"})  # Brest, on the Minsk-Moscow road
    good = max(g.scenario.board.distance("0512", h) for h in routes(ctx(g), "1Pz", "op"))
    g2 = game({"1Pz": "0512"}, turn=8)  # light mud: no road bonus
    mud = max(g2.scenario.board.distance("0512", h) for h in routes(ctx(g2), "1Pz", "op"))
    assert good > 9 >= mud


def test_stacking_limits() -> None:
    g = game({})
    c = ctx(g)
    assert stacking_error(c, ["18A", "16A"]) is not None
    assert stacking_error(c, ["18A", "XXXXI", "I"]) is None
    assert stacking_error(c, ["18A", "XXXXI", "I", "1Pz"]) is None  # + an attached division
    assert stacking_error(c, ["18A", "XXXXI", "I", "XX"]) is not None
    assert stacking_error(c, ["H01", "H02", "T01"]) is not None
    assert stacking_error(c, ["H01", "T01", "MMRD", "Kat1"]) is None
    assert stacking_error(c, ["3RoA", "HuMob"]) is not None


def test_orders_may_pass() -> None:
    g = game({"18A": C})
    from dch_support import at_step

    at_step(g, "orders", unit="18A", side="axis", mode="op", moved=False)
    assert Pass() in list(g.legal_actions())


def test_other_units_move_one_extra_hex_along_a_road_except_in_mud() -> None:
    g = game({"18A": "0512"})  # Brest, on the road to Minsk
    board = g.scenario.board
    with_road = routes(ctx(g), "18A", "op")
    far = max(board.distance("0512", h) for h, (_, attack) in with_road.items() if attack)
    assert far == 4  # OMF 3 + 1 road hex, and it may still attack
    # the extra road hex may come first: the road out of Brest, then 3 hexes off the road
    off_road = [
        path
        for path, attack in with_road.values()
        if attack
        and len(path) == 5
        and "road" in board.edge_features(path[0], path[1])
        and "road" not in board.edge_features(path[-2], path[-1])
    ]
    assert off_road
    g2 = game({"18A": "0512"}, turn=8)  # light mud
    near = max(board.distance("0512", h) for h, (_, a) in routes(ctx(g2), "18A", "op").items() if a)
    assert near == 3


def test_a_stack_of_seven_attack_factors_overruns_a_one_factor_defender() -> None:
    from dch_support import at_step

    g = game({"18A": W, "1Pz": W, "P1": C})
    at_step(g, "orders", unit="18A", side="axis", mode="op", moved=False)
    overrun = Move(("18A", "1Pz"), (W, C))
    assert overrun in list(g.legal_actions())
    g.apply(overrun)
    assert g.state.units["P1"].box == cn.ELIMINATED
    assert g.state.units["18A"].at == C and g.state.units["1Pz"].at == C
    # the unit given orders leads the overrun, whichever it is
    g2 = game({"18A": W, "1Pz": W, "P1": C})
    at_step(g2, "orders", unit="1Pz", side="axis", mode="op", moved=False)
    led = [a for a in g2.legal_actions() if isinstance(a, Move) and len(a.units) > 1]
    assert led == [Move(("1Pz", "18A"), (W, C))]
    g2.apply(led[0])
    assert g2.state.units["P1"].box == cn.ELIMINATED


def test_no_overrun_with_six_factors_or_against_two() -> None:
    from dch_support import at_step

    g = game({"18A": W, "P1": C})
    at_step(g, "orders", unit="18A", side="axis", mode="op", moved=False)
    assert not [a for a in g.legal_actions() if isinstance(a, Move) and len(a.units) > 1]
    g2 = game({"18A": W, "1Pz": W, "T07": C})  # a 2-1 tank korps: defence 1
    g2.state.put(g2.state.units["T07"].moved_to(C))
    at_step(g2, "orders", unit="18A", side="axis", mode="op", moved=False)
    assert Move(("18A", "1Pz"), (W, C)) in list(g2.legal_actions())
    g3 = game({"18A": W, "1Pz": W, "T01": C})  # a 3-2: defence 2
    at_step(g3, "orders", unit="18A", side="axis", mode="op", moved=False)
    assert Move(("18A", "1Pz"), (W, C)) not in list(g3.legal_actions())


def test_only_one_panzer_or_motorized_unit_in_a_mountain_hex() -> None:
    from wargames.darkcrusade.hex.stacking import fits

    g = game({"1Pz": "1222"})  # Sevastopol, a mountain hex on this map
    assert g.scenario.board.terrain("1222") == "mountain"
    assert not fits(ctx(g), "3Pz", "1222")
    assert fits(ctx(g), "I", "1222")


def test_attacking_across_a_river_costs_panzers_and_german_armies_one_more_factor() -> None:
    from wargames.darkcrusade.hex.movement import river_attack_error

    # 0413 - 0512 (Brest) is a river hexside
    g = game(
        {"18A": "0413", "I": "0413", "H01": "0512"},
        profiles={"H01": "1-1"},
        axis_hexes=("0413",),
        turn=2,
    )
    assert river_attack_error(ctx(g), "18A", "0512", 2 * 2, "op") is None  # 1 MF left of 3
    assert river_attack_error(ctx(g), "18A", "0512", 3 * 2, "op") is not None  # none left
    assert river_attack_error(ctx(g), "I", "0512", 4 * 2, "op") is None  # infantry korps


def test_a_korps_moves_one_hex_a_turn_into_swamp_and_has_no_general_minimum_move() -> None:
    from wargames.darkcrusade.hex.movement import move_error

    # 0514 (clear, no road) has the swamp 0513 beside it; 0614 beyond has swamps beside it
    g = game({"XXXXI": "0514"})
    ends = routes(ctx(g), "XXXXI", "op")
    assert ends["0513"][0] == ("0514", "0513")  # its whole move: one hex into the swamp
    board = g.scenario.board
    swamps_two_away = [
        n
        for n in ends
        if board.terrain(n) in ("swamp", "swamp-forest") and board.distance("0514", n) == 2
    ]
    assert swamps_two_away == []  # not through a swamp, nor into one after another hex
    assert move_error(ctx(g), "XXXXI", ("0514", "0513"), "op") is None
    # a division transits a swamp at 2 MFs a hex
    g2 = game({"1Pz": "0514"})
    assert "0513" in routes(ctx(g2), "1Pz", "op")
    # no general minimum move: in a Mud breakthrough the korps has 1 factor (5 - 2, halved
    # down) and a forest hex costs it 2: only with its bonus (and then it may not attack)
    g3 = game({"XXXXI": "0509"}, turn=9)
    assert routes(ctx(g3), "XXXXI", "break")["0609"][1] is False


def test_the_russian_bonus_is_kept_near_axis_allied_armies() -> None:
    """DCH: Operational Movement: no OMB for a unit that "enters or vacates a ZOC of an
    UnDisrupted Russian army or German korps or army" (a Romanian army is neither)."""
    start, enemy_at, goal = "1310", "2010", "1910"  # 6 hexes: only with the bonus
    reach = {}
    for enemy in ("3RoA", "18A"):
        g = game({"T07": start, enemy: enemy_at})
        assert g.scenario.board.distance(start, goal) == 6
        assert g.scenario.board.distance(enemy_at, goal) == 1
        reach[enemy] = goal in routes(ctx(g), "T07", "op")
    assert reach == {"3RoA": True, "18A": False}


def test_an_allowance_error_states_whole_movement_factors() -> None:
    # MF are counted in halves inside (SCALE); the error states the counters' factors: 18A has
    # OMF 3 + OMB 3, and a 7-hex way round its own hex to one two hexes off needs 7
    g = game({"18A": C})
    path = (C, "1709", "1710", "1711", "1811", "1910", "1809", "1808")
    err = move_error(ctx(g), "18A", path, "op")
    assert isinstance(err, IllegalAction)
    assert err.reason.endswith("needs 7 MP, has 6")
