"""Movement: the search against a brute force over simple paths, and one example per rule."""

from __future__ import annotations

import math
from collections.abc import Sequence

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_zoc import boards, naive_zones

from wargames.core.board import Board
from wargames.core.errors import IllegalAction
from wargames.core.hexgrid import HexLayout
from wargames.core.movement import (
    Citations,
    Costs,
    Crossing,
    MovePolicy,
    Situation,
    check_path,
    halved,
    reach,
    slowest,
)
from wargames.core.zoc import ZocRules, zones

INF = math.inf


# --- the brute-force reference -------------------------------------------------------------
@attrs.frozen
class Spec:
    """One unit class as the reference reads it."""

    terrain: dict[str, int | None]
    river: int | None
    river_stop: bool
    road: int | None

    def costs(self) -> Costs:
        return Costs(
            self.terrain,
            crossings=(
                Crossing("river", self.river, unless=frozenset({"bridge"}), stop=self.river_stop),
                Crossing("impassable", None),
            ),
            road=self.road,
        )

    def edge(self, board: Board, u: str, v: str) -> tuple[int, bool] | None:
        f = board.edge_features(u, v)
        normal = self.terrain.get(board.terrain(v))
        stop = False
        if normal is not None and "impassable" in f:
            normal = None
        if normal is not None and "river" in f and "bridge" not in f:
            normal = None if self.river is None else normal + self.river
            stop = self.river_stop
        if (
            "road" in f
            and self.road is not None
            and (normal is None or stop or self.road <= normal)
        ):
            return self.road, False
        return None if normal is None else (normal, stop)


def stack_edge(specs: Sequence[Spec], board: Board, u: str, v: str) -> tuple[int, bool] | None:
    edges = [s.edge(board, u, v) for s in specs]
    if any(e is None for e in edges):
        return None
    return max(e[0] for e in edges if e), any(e[1] for e in edges if e)


@attrs.frozen
class World:
    board: Board
    start: str
    mp: int
    specs: tuple[Spec, ...]
    policy: MovePolicy
    enemies: frozenset[str]
    friends: frozenset[str]

    def situation(self) -> Situation:
        units = {f"e{i}": e for i, e in enumerate(sorted(self.enemies))}
        return Situation(self.enemies, self.friends, zones(self.board.index, units))

    def zoc(self) -> dict[str, set[object]]:
        if not self.policy.zoc.active():
            return {}
        units = {f"e{i}": e for i, e in enumerate(sorted(self.enemies))}
        z = naive_zones(self.board, units)
        if self.policy.zoc.friends_negate:
            z = {k: v for k, v in z.items() if k not in self.friends}
        return z

    def step(self, path: list[str], spent: int, v: str) -> tuple[int, bool, bool] | None:
        """(cost so far, move must end, is an assault) after stepping to v, or None if illegal."""
        b, rules, z = self.board, self.policy.zoc, self.zoc()
        u = path[-1]
        e = stack_edge(self.specs, b, u, v)
        if e is None or v in path:
            return None
        c, halt = e
        step = c + (rules.leave_cost if u in z else 0) + (rules.enter_cost if v in z else 0)
        if rules.no_same_unit and u in z and v in z and z[u] & z[v]:
            if not (len(path) == 1 and rules.one_hex_onto_friend and v in self.friends):
                return None
            halt = True
        if v in self.enemies:
            mult = self.policy.assault_multiplier
            if not mult or spent + step + c * (mult - 1) > self.mp:
                return None
            return spent + step + c * (mult - 1), True, True
        if rules.forbidden and v in z:
            return None
        total = spent + step
        if total > self.mp:
            if not (self.policy.minimum_move and len(path) == 1):
                return None
            total, halt = self.mp, True
        halt = halt or (rules.stop_on_enter and v in z)
        if self.policy.stop_next_to_enemy and any(n in self.enemies for n in b.neighbours(v)):
            halt = True
        return total, halt, False


def brute_force(w: World) -> tuple[dict[str, int], dict[str, int], list[list[str]]]:
    """Least cost per end hex and per assaulted hex over every legal simple path, and the
    illegal one-step extensions of legal paths (to check that validation rejects them)."""
    best: dict[str, int] = {w.start: 0}
    assaults: dict[str, int] = {}
    illegal: list[list[str]] = []
    if w.policy.zoc.forbidden and w.start in w.zoc():
        return best, assaults, illegal

    def extend(path: list[str], spent: int) -> None:
        for v in w.board.neighbours(path[-1]):
            got = w.step(path, spent, v)
            if got is None:
                if v not in path:
                    illegal.append([*path, v])
                continue
            total, halt, assault = got
            table = assaults if assault else best
            table[v] = min(table.get(v, INF), total)  # type: ignore[type-var]
            if not halt:
                extend([*path, v], total)

    extend([w.start], 0)
    return best, assaults, illegal


costs_st = st.sampled_from((None, 1, 1, 2, 3))
rarely = st.sampled_from((False, False, True))


@st.composite
def specs(draw: st.DrawFn) -> Spec:
    terrain = {t: draw(costs_st) for t in ("clear", "rough", "forest", "swamp")}
    terrain["clear"] = draw(st.integers(1, 2))
    return Spec(
        terrain, draw(costs_st), draw(st.booleans()), draw(st.one_of(st.none(), st.just(1)))
    )


@st.composite
def worlds(draw: st.DrawFn) -> World:
    board = draw(boards())
    labels = sorted(board)
    start = draw(st.sampled_from(labels))
    others = [x for x in labels if x != start]
    enemies = frozenset(draw(st.lists(st.sampled_from(others), max_size=4)))
    friends = frozenset(draw(st.lists(st.sampled_from(labels), max_size=3))) - enemies
    rules = ZocRules(
        enter_cost=draw(st.sampled_from((0, 0, 1, 2))),
        leave_cost=draw(st.sampled_from((0, 0, 1, 2))),
        stop_on_enter=draw(rarely),
        no_same_unit=draw(rarely),
        one_hex_onto_friend=draw(st.booleans()),
        friends_negate=draw(st.booleans()),
        forbidden=draw(st.sampled_from((False,) * 5 + (True,))),
    )
    policy = MovePolicy(
        zoc=rules,
        minimum_move=draw(st.booleans()),
        stop_next_to_enemy=draw(st.sampled_from((False,) * 5 + (True,))),
        assault_multiplier=draw(st.sampled_from((0, 2, 3))),
    )
    stack = tuple(draw(st.lists(specs(), min_size=1, max_size=2)))
    mp = draw(st.sampled_from((0, 1, 2, 3, 4, 5, 6, 6, 7, 7)))
    return World(board, start, mp, stack, policy, enemies, friends)


def _costs(w: World) -> Costs | list[Costs]:
    return w.specs[0].costs() if len(w.specs) == 1 else [s.costs() for s in w.specs]


@settings(max_examples=250)
@given(worlds())
def test_reach_equals_brute_force_over_simple_paths(w: World) -> None:
    ix = w.board.index
    got = reach(ix, w.start, w.mp, _costs(w), w.policy, w.situation())
    best, assaults, _ = brute_force(w)
    assert got.labels() == dict(sorted(best.items()))
    assert {ix.ids[n]: c for n, c in got.assaults.items()} == assaults


@given(worlds())
def test_paths_returned_are_valid_and_cost_what_reach_says(w: World) -> None:
    ix, costs, sit = w.board.index, _costs(w), w.situation()
    got = reach(ix, w.start, w.mp, costs, w.policy, sit)
    for n, c in [*got.cost.items(), *got.assaults.items()]:
        path = got.path(n)
        assert path[0] == ix.number[w.start] and path[-1] == n
        assert check_path(ix, path, w.mp, costs, w.policy, sit) == c
    table = got.path_table()
    assert set(table) == set(got.cost)
    assert all(table[n] == tuple(got.path_labels(n)) for n in got.cost)


@given(worlds())
def test_check_path_rejects_exactly_the_illegal_extensions(w: World) -> None:
    ix, costs, sit = w.board.index, _costs(w), w.situation()
    _, _, illegal = brute_force(w)
    for path in illegal[:40]:
        with pytest.raises(IllegalAction):
            check_path(ix, path, w.mp, costs, w.policy, sit)


@given(worlds())
def test_unlimited_mp_equals_a_large_allowance(w: World) -> None:
    ix, costs, sit = w.board.index, _costs(w), w.situation()
    policy = attrs.evolve(w.policy, minimum_move=False)
    big = reach(ix, w.start, 200, costs, policy, sit)
    unlimited = reach(ix, w.start, None, costs, policy, sit)
    assert dict(unlimited.cost) == dict(big.cost)
    assert dict(unlimited.assaults) == dict(big.assaults)


# --- examples, one per rule ---------------------------------------------------------------
STANDARD = MovePolicy()
CLEAR = Costs({"clear": 1, "forest": 2, "swamp": 3})
K45 = Citations(
    prohibited="K45 4.2d",
    enemy="K45 4.3(1)",
    allowance="K45 4.3(2)",
    crossing_stop="K45 4.2b",
    zoc_forbidden="K45 4.4",
    entry="K45 4.4a(2)",
)


def strip(n: int = 6, **terrain: str) -> Board:
    """Hexes 0101..0n01 in a row, each adjacent to the next."""
    return Board.hex_map(HexLayout(n, 1), terrain=terrain or None)


def costs_of(
    board: Board,
    start: str,
    mp: int | None,
    costs: Costs | list[Costs] = CLEAR,
    policy: MovePolicy = STANDARD,
    situation: Situation | None = None,
) -> dict[str, int]:
    return reach(board.index, start, mp, costs, policy, situation).labels()


def with_enemies(board: Board, *where: str, friends: Sequence[str] = ()) -> Situation:
    units = {f"E{i}": w for i, w in enumerate(where)}
    return Situation(frozenset(where), frozenset(friends), zones(board.index, units))


def test_entering_ezoc_costs_extra_mp_k45_3_0a() -> None:
    board = strip()
    policy = MovePolicy(zoc=ZocRules(enter_cost=2, leave_cost=2))
    got = costs_of(board, "0101", 8, policy=policy, situation=with_enemies(board, "0401"))
    assert got["0201"] == 1
    assert got["0301"] == 2 + 2  # clear 1 + EZOC 2
    assert "0401" not in got


def test_leaving_ezoc_costs_extra_mp_and_moves_ezoc_to_ezoc_k45_3_0a() -> None:
    board = Board.hex_map(HexLayout(5, 3))
    policy = MovePolicy(zoc=ZocRules(enter_cost=2, leave_cost=2))
    sit = with_enemies(board, "0302")
    got = reach(board.index, "0202", 20, CLEAR, policy, sit)
    # 0202 and 0301 are both in the EZOC of 0302: leave 2 + clear 1 + enter 2
    assert got.labels()["0301"] == 5
    assert check_path(board.index, ["0202", "0301"], 5, CLEAR, policy, sit) == 5
    with pytest.raises(IllegalAction, match="needs 5 MP"):
        check_path(board.index, ["0202", "0301"], 4, CLEAR, policy, sit)
    # counted in half MP (K45 4.4, Dark Crusade's half factors): the error states the rules' MP
    halves = attrs.evolve(policy, mp_unit=2)
    with pytest.raises(IllegalAction, match=r"needs 2\.5 MP, has 2$"):
        check_path(board.index, ["0202", "0301"], 4, CLEAR, halves, sit)


def test_entering_ezoc_stops_movement_dark_crusade_hex() -> None:
    board = strip()
    policy = MovePolicy(zoc=ZocRules(stop_on_enter=True))
    sit = with_enemies(board, "0501")
    got = costs_of(board, "0101", 9, policy=policy, situation=sit)
    assert got == {"0101": 0, "0201": 1, "0301": 2, "0401": 3}
    with pytest.raises(IllegalAction) as err:
        check_path(board.index, ["0301", "0401", "0301"], 9, CLEAR, policy, sit)
    assert err.value.rule == Citations().zoc_stop


def test_unit_starting_in_ezoc_may_leave_it_darkest_crusade() -> None:
    board = strip()
    policy = MovePolicy(zoc=ZocRules(stop_on_enter=True))
    got = costs_of(board, "0401", 2, policy=policy, situation=with_enemies(board, "0501"))
    assert got == {"0201": 2, "0301": 1, "0401": 0}


def test_no_move_from_ezoc_to_ezoc_of_same_enemy_unit_dark_crusade_hex() -> None:
    board = Board.hex_map(HexLayout(5, 3))
    policy = MovePolicy(zoc=ZocRules(stop_on_enter=True, no_same_unit=True))
    sit = with_enemies(board, "0302")
    assert "0301" not in costs_of(board, "0202", 1, policy=policy, situation=sit)
    with pytest.raises(IllegalAction) as err:
        check_path(board.index, ["0202", "0301"], 1, CLEAR, policy, sit)
    assert err.value.rule == Citations().zoc_same_unit


def test_ezoc_to_ezoc_of_a_different_unit_allowed_dark_crusade_hex() -> None:
    board = strip()
    policy = MovePolicy(zoc=ZocRules(stop_on_enter=True, no_same_unit=True))
    sit = with_enemies(board, "0101", "0501")  # 0201 in E0's zone only, 0401 in E1's only
    got = costs_of(board, "0301", 1, policy=policy, situation=sit)
    assert "0201" in got and "0401" in got


def test_one_hex_move_onto_friendly_unit_ignores_same_unit_rule_darkest_crusade() -> None:
    board = Board.hex_map(HexLayout(5, 3))
    policy = MovePolicy(zoc=ZocRules(no_same_unit=True, one_hex_onto_friend=True))
    sit = with_enemies(board, "0302", friends=["0301"])
    got = reach(board.index, "0202", 5, CLEAR, policy, sit)
    assert got.labels()["0301"] == 1
    assert check_path(board.index, ["0202", "0301"], 5, CLEAR, policy, sit) == 1
    # ... but only as the whole move: it may not continue from there
    for beyond in set(board.neighbours("0301")) - {"0202"}:
        with pytest.raises(IllegalAction):
            check_path(board.index, ["0202", "0301", beyond], 5, CLEAR, policy, sit)


def test_friendly_units_do_not_negate_ezoc_for_movement_k45_3_4() -> None:
    board = strip()
    sit = with_enemies(board, "0501", friends=["0401"])
    stop = ZocRules(stop_on_enter=True)
    assert "0501" not in costs_of(board, "0301", 9, policy=MovePolicy(zoc=stop), situation=sit)
    got = costs_of(board, "0301", 9, policy=MovePolicy(zoc=stop), situation=sit)
    assert got["0401"] == 1
    negating = MovePolicy(zoc=attrs.evolve(stop, friends_negate=True, no_same_unit=True))
    sit2 = with_enemies(board, "0601", friends=["0401", "0501"])
    assert costs_of(board, "0301", 9, policy=negating, situation=sit2)["0501"] == 2


def test_road_cost_replaces_terrain_k45_4_2a() -> None:
    road = frozenset({"road"})
    board = Board.hex_map(
        HexLayout(4, 1),
        terrain={"0201": "swamp", "0301": "swamp"},
        hexsides={("0101", "0201"): road, ("0201", "0301"): road},
    )
    costs = attrs.evolve(CLEAR, road=1)
    assert costs_of(board, "0101", 9, costs) == {"0101": 0, "0201": 1, "0301": 2, "0401": 3}
    assert costs_of(board, "0101", 9)["0301"] == 6  # no road cost given: terrain


def test_half_mp_roads_by_scaling_integer_mp_k45_4_2a() -> None:
    road = frozenset({"road"})
    board = Board.hex_map(
        HexLayout(5, 1), hexsides={("0101", "0201"): road, ("0201", "0301"): road}
    )
    half = Costs({"clear": 2}, road=1)  # in half MP: clear 1 MP, road 1/2 MP
    assert costs_of(board, "0101", 2 * 2, half) == {"0101": 0, "0201": 1, "0301": 2, "0401": 4}


def test_road_negates_prohibited_terrain_k45_4_2d() -> None:
    board = Board.hex_map(
        HexLayout(3, 1), terrain={"0201": "water"}, hexsides={("0101", "0201"): {"road"}}
    )
    costs = attrs.evolve(CLEAR, road=1)
    assert costs_of(board, "0101", 5, costs) == {"0101": 0, "0201": 1, "0301": 2}


def test_prohibited_terrain_cannot_be_entered_k45_4_2d() -> None:
    board = strip(**{"0201": "water"})
    policy = MovePolicy(rules=K45)
    assert costs_of(board, "0101", 9, policy=policy) == {"0101": 0}
    with pytest.raises(IllegalAction) as err:
        check_path(board.index, ["0101", "0201"], 9, CLEAR, policy)
    assert err.value.rule == "K45 4.2d" and "water" in err.value.reason


def test_impassable_hexside_cannot_be_crossed_k45_4_2d() -> None:
    board = Board.hex_map(HexLayout(3, 1), hexsides={("0101", "0201"): {"impassable"}})
    costs = attrs.evolve(CLEAR, crossings=(Crossing("impassable", None),))
    assert costs_of(board, "0101", 9, costs) == {"0101": 0}


def test_crossing_unbridged_minor_river_costs_one_and_ends_move_k45_4_2b() -> None:
    river = Crossing("river", 1, unless=frozenset({"bridge"}), stop=True)
    costs = attrs.evolve(CLEAR, crossings=(river,))
    board = Board.hex_map(HexLayout(4, 1), hexsides={("0101", "0201"): {"river"}})
    assert costs_of(board, "0101", 9, costs) == {"0101": 0, "0201": 2}
    policy = MovePolicy(rules=K45)
    with pytest.raises(IllegalAction) as err:
        check_path(board.index, ["0101", "0201", "0301"], 9, costs, policy)
    assert err.value.rule == "K45 4.2b"
    bridged = Board.hex_map(HexLayout(4, 1), hexsides={("0101", "0201"): {"river", "bridge"}})
    assert costs_of(bridged, "0101", 9, costs)["0401"] == 3  # K45 4.2c


def test_enemy_occupied_hexes_cannot_be_entered_k45_4_3_1() -> None:
    board = strip()
    policy = MovePolicy(rules=K45)
    sit = Situation(enemies=frozenset({"0301"}))
    assert costs_of(board, "0101", 9, policy=policy, situation=sit) == {"0101": 0, "0201": 1}
    with pytest.raises(IllegalAction, match="enemy-occupied") as err:
        check_path(board.index, ["0101", "0201", "0301"], 9, CLEAR, policy, sit)
    assert err.value.rule == "K45 4.3(1)"


def test_allowance_cannot_be_exceeded_k45_4_3_2() -> None:
    board = strip(**{"0301": "swamp"})
    policy = MovePolicy(rules=K45)
    assert "0301" not in costs_of(board, "0101", 3, policy=policy)
    with pytest.raises(IllegalAction) as err:
        check_path(board.index, ["0101", "0201", "0301"], 3, CLEAR, policy)
    assert err.value.rule == "K45 4.3(2)"


def _road_board() -> Board:
    road = frozenset({"road"})
    sides = {(f"0{i}01", f"0{i + 1}01"): road for i in range(1, 6)}
    return Board.hex_map(HexLayout(7, 1), hexsides=sides)


STRATEGIC_COSTS = Costs({"clear": 2}, road=1, roads_only=True)  # half MP: road 1/2 MP
STRATEGIC = MovePolicy(zoc=ZocRules(forbidden=True), rules=K45)


def test_strategic_movement_doubles_allowance_along_roads_only_k45_4_4() -> None:
    board = _road_board()
    got = costs_of(board, "0101", 2 * 2, STRATEGIC_COSTS, STRATEGIC)
    assert got == {"0101": 0, "0201": 1, "0301": 2, "0401": 3, "0501": 4}
    assert "0701" not in costs_of(board, "0401", 20, STRATEGIC_COSTS, STRATEGIC)  # off the road


def test_strategic_movement_never_enters_ezoc_k45_4_4() -> None:
    board = _road_board()
    sit = with_enemies(board, "0701")
    got = costs_of(board, "0101", 20, STRATEGIC_COSTS, STRATEGIC, sit)
    assert set(got) == {"0101", "0201", "0301", "0401", "0501"}
    with pytest.raises(IllegalAction) as err:
        check_path(board.index, ["0401", "0501", "0601"], 20, STRATEGIC_COSTS, STRATEGIC, sit)
    assert err.value.rule == "K45 4.4"


def test_strategic_movement_never_starts_in_ezoc_k45_4_4() -> None:
    board = _road_board()
    sit = with_enemies(board, "0701")
    assert costs_of(board, "0601", 20, STRATEGIC_COSTS, STRATEGIC, sit) == {"0601": 0}
    with pytest.raises(IllegalAction):
        check_path(board.index, ["0601", "0501"], 20, STRATEGIC_COSTS, STRATEGIC, sit)


def test_strategic_movement_keeps_stacking_limit_en_route_k45_4_4a_2() -> None:
    board = _road_board()
    full = board.index.number["0301"]  # two friendly units there already
    sit = Situation(can_enter=lambda n: n != full)
    assert costs_of(board, "0101", 20, STRATEGIC_COSTS, STRATEGIC, sit) == {"0101": 0, "0201": 1}
    with pytest.raises(IllegalAction) as err:
        check_path(board.index, ["0201", "0301", "0401"], 20, STRATEGIC_COSTS, STRATEGIC, sit)
    assert err.value.rule == "K45 4.4a(2)"


def test_minimum_one_hex_move_by_spending_all_mp_krim() -> None:
    board = strip(**{"0201": "swamp"})
    policy = MovePolicy(minimum_move=True)
    assert costs_of(board, "0101", 2, policy=policy) == {"0101": 0, "0201": 2}
    assert check_path(board.index, ["0101", "0201"], 2, CLEAR, policy) == 2
    assert costs_of(board, "0101", 2) == {"0101": 0}


def test_minimum_move_not_into_prohibited_terrain_krim() -> None:
    board = strip(**{"0201": "water"})
    assert costs_of(board, "0101", 2, policy=MovePolicy(minimum_move=True)) == {"0101": 0}


def test_halved_movement_factor_rounds_per_policy_krim_tactical_supply() -> None:
    assert halved(5) == 2 and halved(5, round_up=True) == 3 and halved(6) == 3


def test_stack_moves_at_slowest_factor_and_dearest_cost_krim() -> None:
    board = strip(**{"0201": "forest", "0301": "swamp"})
    mech = Costs({"clear": 1, "forest": 3, "swamp": 4})
    leg = Costs({"clear": 1, "forest": 2, "swamp": 2})
    mp = slowest([6, 4])
    got = costs_of(board, "0101", mp, [mech, leg])
    assert got == {"0101": 0, "0201": 3}


def test_stack_cannot_enter_what_any_member_cannot() -> None:
    board = strip(**{"0201": "swamp"})
    tank = Costs({"clear": 1})  # swamp prohibited
    assert "0201" not in costs_of(board, "0101", 9, [CLEAR, tank])


def test_operational_transfer_unlimited_mp_stops_next_to_enemy_krim() -> None:
    board = strip(12)
    optrans = MovePolicy(stop_next_to_enemy=True)
    sit = Situation(enemies=frozenset({"1001"}))
    got = costs_of(board, "0101", None, policy=optrans, situation=sit)
    assert max(got) == "0901" and got["0901"] == 8
    # it must stop even next to the enemy unit it started next to
    sit2 = Situation(enemies=frozenset({"0301"}))
    assert costs_of(board, "0201", None, policy=optrans, situation=sit2) == {"0101": 1, "0201": 0}


def test_mobile_assault_pays_triple_cost_to_enter_enemy_hex_krim() -> None:
    board = strip(**{"0301": "forest", "0401": "hill"})
    ma = MovePolicy(assault_multiplier=3, assault_closed_terrain=frozenset({"broken", "hill"}))
    costs = Costs({"clear": 1, "forest": 2, "hill": 2})
    sit = Situation(enemies=frozenset({"0301"}))
    got = reach(board.index, "0101", 7, costs, ma, sit)
    assert {board.index.ids[n]: c for n, c in got.assaults.items()} == {"0301": 1 + 3 * 2}
    assert got.path_labels("0301") == ["0101", "0201", "0301"]
    assert check_path(board.index, ["0101", "0201", "0301"], 7, costs, ma, sit) == 7
    assert not reach(board.index, "0101", 6, costs, ma, sit).assaults
    hill = Situation(enemies=frozenset({"0401"}))
    assert not reach(board.index, "0301", 9, costs, ma, hill).assaults  # never into hills


def test_movement_on_point_to_point_map() -> None:
    board = Board.point_map(
        {"Minsk": {}, "Smolensk": {}, "Moscow": {}},
        [("Minsk", "Smolensk", {"line": "major"}), ("Smolensk", "Moscow", {"line": "major"})],
    )
    assert costs_of(board, "Minsk", 2, Costs({}, default=1)) == {
        "Minsk": 0,
        "Moscow": 2,
        "Smolensk": 1,
    }


def test_path_to_an_unreachable_hex_is_a_key_error() -> None:
    board = strip(**{"0201": "water"})
    got = reach(board.index, "0101", 9, CLEAR)
    assert "0301" not in got
    with pytest.raises(KeyError):
        got.path("0301")


def test_check_path_rejects_non_adjacent_steps() -> None:
    board = strip()
    with pytest.raises(IllegalAction, match="not adjacent"):
        check_path(board.index, ["0101", "0301"], 9, CLEAR)
