"""Advance after combat: examples per rule, and brute force over every simple path."""

from __future__ import annotations

import itertools
from typing import Any

import attrs
from brute_paths import simple_paths
from hypothesis import given, settings
from hypothesis import strategies as st

from wargames.core.advance import (
    AdvancePath,
    AdvanceRules,
    AdvanceSituation,
    MustMatch,
    advance_error,
    advance_paths,
    must_advance,
    must_advance_error,
)
from wargames.core.board import Board
from wargames.core.board_index import BoardIndex
from wargames.core.errors import IllegalAction
from wargames.core.hexgrid import HexLayout
from wargames.core.retreat import HexsideMatch

K45 = AdvanceRules(
    rule="K45 10.0",
    blocked="K45 10.4",
    hexsides=(HexsideMatch({"impassable"}), HexsideMatch({"major-river"}, {"bridge"})),
    stop="K45 10.1a",
    stop_hexsides=(HexsideMatch({"river"}, {"bridge"}),),
    stop_features={"town", "city"},
    stacking="K45 5.0",
)
BOARD = Board.hex_map(HexLayout(5, 5))
NOTHING = AdvanceSituation()
IX = BOARD.index


def n(*labels: str, index: BoardIndex = IX) -> tuple[int, ...]:
    return tuple(index.number[label] for label in labels)


def shown(paths: tuple[AdvancePath, ...], index: BoardIndex = IX) -> set[tuple[str, ...]]:
    return {p.labels(index) for p in paths}


def rule_of(error: IllegalAction | None) -> str:
    assert error is not None
    return error.rule


def advance(
    limit: int,
    rules: AdvanceRules = K45,
    situation: AdvanceSituation = NOTHING,
    board: Board = BOARD,
    origin: str = "0302",
    vacated: str = "0303",
) -> set[tuple[str, ...]]:
    ix = board.index
    return shown(
        advance_paths(ix, ix.number[origin], ix.number[vacated], limit, rules, situation), ix
    )


ONWARD = {("0302", "0303", x) for x in ("0203", "0204", "0304", "0403", "0404")}


def test_first_advance_hex_is_the_vacated_one_k45_10_0() -> None:
    assert advance(1) == {("0302", "0303")}
    error = advance_error(IX, n("0302")[0], n("0303")[0], n("0302", "0203"), 1, K45)
    assert rule_of(error) == "K45 10.0"


def test_mechanized_units_advance_up_to_two_hexes_k45_10_1() -> None:
    assert advance(2) == {("0302", "0303"), *ONWARD}


def test_non_mechanized_units_advance_one_hex_k45_10_2() -> None:
    error = advance_error(IX, n("0302")[0], n("0303")[0], n("0302", "0303", "0304"), 1, K45)
    assert rule_of(error) == "K45 10.0"


def test_unbridged_minor_river_stops_the_advance_k45_10_1a() -> None:
    river = Board.hex_map(HexLayout(5, 5), hexsides={("0302", "0303"): {"river"}})
    assert advance(2, board=river) == {("0302", "0303")}
    ix = river.index
    error = advance_error(
        ix, ix.number["0302"], ix.number["0303"], n("0302", "0303", "0304", index=ix), 2, K45
    )
    assert rule_of(error) == "K45 10.1a"
    bridged = Board.hex_map(HexLayout(5, 5), hexsides={("0302", "0303"): {"river", "bridge"}})
    assert advance(2, board=bridged) == {("0302", "0303"), *ONWARD}


def test_entering_a_town_stops_the_advance_k45_10_1a() -> None:
    town = Board.hex_map(HexLayout(5, 5), features={"0303": {"town"}})
    assert advance(2, board=town) == {("0302", "0303")}


def test_no_advance_over_an_unbridged_major_river_k45_10_4() -> None:
    major = Board.hex_map(HexLayout(5, 5), hexsides={("0303", "0304"): {"major-river"}})
    assert advance(2, board=major) == {("0302", "0303")} | (ONWARD - {("0302", "0303", "0304")})
    ix = major.index
    error = advance_error(
        ix, ix.number["0302"], ix.number["0303"], n("0302", "0303", "0304", index=ix), 2, K45
    )
    assert rule_of(error) == "K45 10.4"
    first = Board.hex_map(HexLayout(5, 5), hexsides={("0302", "0303"): {"major-river"}})
    assert advance(2, board=first) == set()


def test_ezocs_do_not_inhibit_advances_k45_10_0() -> None:
    assert advance(2, situation=AdvanceSituation(ezoc=n("0303"))) == {("0302", "0303"), *ONWARD}


def test_ezoc_stops_the_advance_when_the_title_says_so_dark_crusade() -> None:
    rules = attrs.evolve(K45, ezoc_stops="DC tactical advances")
    assert advance(2, rules, AdvanceSituation(ezoc=n("0303"))) == {("0302", "0303")}
    error = advance_error(
        IX,
        n("0302")[0],
        n("0303")[0],
        n("0302", "0303", "0304"),
        2,
        rules,
        AdvanceSituation(ezoc=n("0303")),
    )
    assert rule_of(error) == "DC tactical advances"


def test_no_advance_into_enemy_units() -> None:
    situation = AdvanceSituation(prohibited=n("0304"))
    assert advance(2, situation=situation) == {("0302", "0303")} | (
        ONWARD - {("0302", "0303", "0304")}
    )


def test_advance_ends_within_stacking_limits_k45_10_0() -> None:
    full = n("0303")[0]
    situation = AdvanceSituation(fits=lambda v: v != full)
    assert advance(2, situation=situation) == ONWARD
    error = advance_error(IX, n("0302")[0], full, n("0302", "0303"), 2, K45, situation)
    assert rule_of(error) == "K45 5.0"


def test_second_hex_only_along_a_road_darkest() -> None:
    roads = Board.hex_map(HexLayout(5, 5), hexsides={("0303", "0304"): {"road"}})
    rules = attrs.evolve(K45, onward_hexsides=(HexsideMatch({"road"}),))
    assert advance(2, rules, board=roads) == {("0302", "0303"), ("0302", "0303", "0304")}


def test_advance_in_movement_points_first_hex_always_krim() -> None:
    swamp = Board.hex_map(HexLayout(5, 5), terrain={"0303": "marsh", "0304": "marsh"})

    def price(ix: BoardIndex, u: int, v: int) -> int:
        return 3 if ix.terrain_names[ix.terrain[v]] == "marsh" else 1

    rules = attrs.evolve(K45, cost=price, stop_features=frozenset())
    assert advance(1, rules, board=swamp) == {("0302", "0303")}
    assert advance(4, rules, board=swamp) == {("0302", "0303"), *ONWARD} - {
        ("0302", "0303", "0304")
    }
    (first,) = advance_paths(swamp.index, n("0302")[0], n("0303")[0], 1, rules)
    assert first.cost == 3


def test_advance_from_several_vacated_hexes_needs_enter_only_one_krim() -> None:
    paths = advance_paths(IX, n("0302")[0], n("0303", "0203"), 1, K45)
    assert shown(paths) == {("0302", "0303"), ("0302", "0203")}


def test_others_may_advance_beside_the_vacated_hex_darkest() -> None:
    rules = attrs.evolve(K45, beside="Darkest advances")
    situation = AdvanceSituation(occupied=n("0203"))
    paths = advance_paths(IX, n("0302")[0], n("0303")[0], 1, rules, situation)
    assert shown(paths) == {("0302", "0303"), ("0302", "0403")}
    assert [p.beside for p in paths if p.labels(IX) == ("0302", "0403")] == [True]
    bad = advance_error(IX, n("0302")[0], n("0303")[0], n("0302", "0203"), 1, rules, situation)
    assert rule_of(bad) == "Darkest advances" and "not empty" in str(bad)
    far = advance_error(IX, n("0302")[0], n("0303")[0], n("0302", "0301"), 1, rules, situation)
    assert rule_of(far) == "Darkest advances"


def test_attackers_as_close_to_equal_as_possible_must_advance_darkest() -> None:
    # Darkest: Advances and Retreats: the group closest to the defenders' firepower, above or
    # below it (defenders 3, attackers 2 and 6: the 2 advances)
    assert must_advance({"a": 2, "b": 6}, 3) == (frozenset({"a"}),)
    fire = {"a": 3, "b": 2, "c": 2}
    assert must_advance(fire, 4) == (frozenset({"b", "c"}),)
    assert must_advance(fire, 3) == (frozenset({"a"}),)
    assert must_advance(fire, 9) == (frozenset({"a", "b", "c"}),)
    assert must_advance(fire, 0) == (frozenset(),)
    # a tie above and below: either group will do
    assert must_advance({"a": 2, "b": 4}, 3) == (frozenset({"a"}), frozenset({"b"}))
    # someone advances whenever the defenders had firepower, even if far above it
    assert must_advance({"a": 6}, 1) == (frozenset({"a"}),)
    assert must_advance_error(fire, 4, {"b", "c", "a"}, "Darkest") is None
    assert rule_of(must_advance_error(fire, 4, {"a", "b"}, "Darkest")) == "Darkest"
    assert rule_of(must_advance_error({"a": 2, "b": 6}, 3, {"b"}, "Darkest")) == "Darkest"


def test_at_least_equal_is_kept_for_titles_that_need_it() -> None:
    fire = {"a": 2, "b": 6}
    assert must_advance(fire, 3, MustMatch.AT_LEAST) == (frozenset({"b"}),)
    assert must_advance({"a": 3, "b": 2, "c": 2}, 4, MustMatch.AT_LEAST) == (frozenset({"b", "c"}),)
    assert must_advance(fire, 9, MustMatch.AT_LEAST) == (frozenset({"a", "b"}),)
    assert must_advance_error(fire, 3, {"b"}, "X", MustMatch.AT_LEAST) is None
    assert rule_of(must_advance_error(fire, 3, {"a"}, "X", MustMatch.AT_LEAST)) == "X"


def test_advance_error_names_the_shape_rule() -> None:
    origin, vacated = n("0302", "0303")
    assert rule_of(advance_error(IX, origin, vacated, (origin,), 1, K45)) == "K45 10.0"
    assert rule_of(advance_error(IX, origin, vacated, n("0303", "0304"), 1, K45)) == "K45 10.0"
    assert rule_of(advance_error(IX, origin, vacated, (origin, vacated, 99), 2, K45)) == "K45 10.0"
    assert advance_error(IX, origin, vacated, (origin, vacated), 1, K45) is None


# --- brute force ----------------------------------------------------------------------------


class Oracle:
    def __init__(self, board: Board, rules: AdvanceRules, s: dict[str, Any]) -> None:
        self.board, self.rules, self.s = board, rules, s

    def feats(self, a: str, b: str) -> frozenset[str]:
        return self.board.edge_features(a, b)

    def walled(self, a: str, b: str) -> bool:
        f = self.feats(a, b)
        return "impassable" in f or ("major-river" in f and "bridge" not in f)

    def cost(self, p: tuple[str, ...]) -> int:
        if self.rules.cost is None:
            return len(p) - 1
        return sum(1 + ("road" not in self.feats(u, v)) for u, v in itertools.pairwise(p))

    def rule(self, p: tuple[str, ...]) -> str | None:
        """The rule the path breaks, or None; checked in the order the rules say."""
        r, s = self.rules, self.s
        if len(p) < 2 or p[0] != s["origin"]:
            return r.rule
        if r.beside and len(p) == 2 and p[1] not in s["vacated"]:
            v = p[1]
            if v not in self.board.neighbours(p[0]) or not any(
                x in s["vacated"] for x in self.board.neighbours(v)
            ):
                return r.beside
            if v in s["occupied"]:
                return r.beside
            if self.walled(p[0], v) or v in s["prohibited"]:
                return r.blocked
            return r.stacking if v in s["full"] else None
        for i in range(1, len(p)):
            u, v = p[i - 1], p[i]
            if v not in self.board.neighbours(u) or v in p[:i]:
                return r.rule
            if i == 1 and v not in s["vacated"]:
                return r.rule
            if i >= 2:
                before = self.feats(p[i - 2], u)
                if ("river" in before and "bridge" not in before) or "town" in self.board.features(
                    u
                ):
                    return r.stop
                if r.ezoc_stops and u in s["ezoc"]:
                    return r.ezoc_stops
                if r.onward_hexsides and "road" not in self.feats(u, v):
                    return r.rule
                if self.cost(p[: i + 1]) > s["limit"]:
                    return r.rule
            if self.walled(u, v) or v in s["prohibited"]:
                return r.blocked
        return r.stacking if p[-1] in s["full"] else None


@st.composite
def advances(draw: st.DrawFn) -> tuple[Board, AdvanceRules, dict[str, Any]]:
    w, h = draw(st.integers(2, 5)), draw(st.integers(2, 4))
    layout = HexLayout(w, h)
    labels = [layout.label(x) for x in layout.hexes()]
    pairs = sorted({tuple(sorted(e)) for e in Board.hex_map(layout).graph.edges})
    kinds = [
        {"impassable"},
        {"major-river"},
        {"major-river", "bridge"},
        {"river"},
        {"river", "bridge"},
        {"road"},
    ]
    sides = draw(st.dictionaries(st.sampled_from(pairs), st.sampled_from(kinds), max_size=6))
    towns = draw(st.sets(st.sampled_from(labels), max_size=3))
    board = Board.hex_map(layout, hexsides=sides, features={t: {"town"} for t in towns})
    origin = draw(st.sampled_from(labels))
    near = board.neighbours(origin) or [origin]
    some = st.sets(st.sampled_from(labels), max_size=len(labels) // 2)

    def price(ix: BoardIndex, u: int, v: int) -> int:
        return 1 if ix.edge_mask(u, v) & ix.mask("road") else 2

    rules = AdvanceRules(
        rule="10.0",
        blocked="10.4",
        hexsides=K45.hexsides,
        stop="10.1a",
        stop_hexsides=K45.stop_hexsides,
        stop_features={"town"},
        onward_hexsides=draw(st.sampled_from([(), (HexsideMatch({"road"}),)])),
        ezoc_stops=draw(st.sampled_from([None, "zoc"])),
        beside=draw(st.sampled_from([None, "beside"])),
        stacking="5.0",
        cost=draw(st.sampled_from([None, price])),
    )
    s = {
        "origin": origin,
        "vacated": draw(st.sets(st.sampled_from(near), min_size=1, max_size=2)),
        "limit": draw(st.integers(0, 4)),
        "prohibited": draw(some),
        "ezoc": draw(some),
        "occupied": draw(some),
        "full": draw(some),
    }
    return board, rules, s


def run(
    board: Board, rules: AdvanceRules, s: dict[str, Any], path: tuple[str, ...] | None = None
) -> Any:
    ix = board.index
    full = {ix.number[x] for x in s["full"]}
    situation = AdvanceSituation(
        prohibited={ix.number[x] for x in s["prohibited"]},
        ezoc={ix.number[x] for x in s["ezoc"]},
        occupied={ix.number[x] for x in s["occupied"]},
        fits=lambda v: v not in full,
    )
    args = (ix, ix.number[s["origin"]], [ix.number[x] for x in s["vacated"]])
    if path is None:
        return advance_paths(*args, s["limit"], rules, situation)
    return advance_error(*args, n(*path, index=ix), s["limit"], rules, situation)


def oracle_options(board: Board, rules: AdvanceRules, s: dict[str, Any]) -> set[tuple[str, ...]]:
    oracle = Oracle(board, rules, s)
    every = simple_paths(board, (s["origin"],), max(s["limit"], 1))
    return {p for p in every if oracle.rule(p) is None}


@settings(max_examples=150)
@given(advances())
def test_advance_paths_equal_brute_force_over_simple_paths(
    case: tuple[Board, AdvanceRules, dict[str, Any]],
) -> None:
    board, rules, s = case
    got = run(board, rules, s)
    assert shown(got, board.index) == oracle_options(board, rules, s)
    oracle = Oracle(board, rules, s)
    assert all(p.cost == oracle.cost(p.labels(board.index)) for p in got)


@settings(max_examples=100)
@given(advances(), st.randoms(use_true_random=False))
def test_advance_options_validate_and_others_fail_with_the_right_rule(
    case: tuple[Board, AdvanceRules, dict[str, Any]], rnd: Any
) -> None:
    board, rules, s = case
    oracle = Oracle(board, rules, s)
    for p in run(board, rules, s):
        assert run(board, rules, s, p.labels(board.index)) is None
    others = simple_paths(board, (s["origin"],), max(s["limit"], 1) + 1)
    for p in rnd.sample(others, min(len(others), 15)):
        error = run(board, rules, s, p)
        assert (error and error.rule) == oracle.rule(p)


def _sums(units: dict[str, int], nonempty: bool) -> list[int]:
    return [
        sum(units[k] for k in c)
        for r in range(1 if nonempty else 0, len(units) + 1)
        for c in itertools.combinations(units, r)
    ]


@given(st.dictionaries(st.sampled_from("abcde"), st.integers(0, 5)), st.integers(0, 12))
def test_must_advance_groups_are_the_closest_match(units: dict[str, int], need: int) -> None:
    groups = must_advance(units, need)
    sums = {sum(units[k] for k in g) for g in groups}
    best = min(abs(s - need) for s in _sums(units, need > 0 and bool(units)))
    assert {abs(s - need) for s in sums} == {best}
    every = {
        frozenset(c)
        for r in range(len(units) + 1)
        for c in itertools.combinations(units, r)
        if abs(sum(units[k] for k in c) - need) == best and (c or need <= 0 or not units)
    }
    assert set(groups) == every


@given(st.dictionaries(st.sampled_from("abcde"), st.integers(0, 5)), st.integers(0, 12))
def test_must_advance_at_least_groups_are_the_smallest_reaching(
    units: dict[str, int], need: int
) -> None:
    groups = must_advance(units, need, MustMatch.AT_LEAST)
    total = sum(units.values())
    sums = {sum(units[k] for k in g) for g in groups}
    assert len(sums) == 1
    best = min((s for s in _sums(units, False) if s >= need), default=None)
    assert sums == ({total} if best is None else {best})


def test_no_advance_between_two_hexes_of_one_enemy_units_zoc_when_the_title_says_so() -> None:
    """DCH: Tactical Advances: "A unit may not move (1 hex, directly) from one Enemy ZOC to
    another EZOC of the same enemy unit", unless onto a friendly unit; ``zoc_free`` hexes (the
    vacated one, for units exempt from ZOCs there) are free of it."""
    from wargames.core.zoc import ZocPolicy, zones

    common = sorted(set(IX.adj[n("0302")[0]]) & set(IX.adj[n("0303")[0]]))[0]
    enemy = zones(IX, {"e": common}, ZocPolicy(own_hex=False))
    rules = attrs.evolve(K45, ezoc_stops="DCH", same_unit="DCH: same unit")
    assert advance(2, rules, AdvanceSituation(ezoc=enemy.nodes, zones=enemy)) == set()
    error = advance_error(
        IX, n("0302")[0], n("0303")[0], n("0302", "0303"), 2, rules,
        AdvanceSituation(ezoc=enemy.nodes, zones=enemy),
    )  # fmt: skip
    assert rule_of(error) == "DCH: same unit"
    onto_friend = AdvanceSituation(ezoc=enemy.nodes, zones=enemy, friendly=n("0303"))
    assert advance(2, rules, onto_friend) == {("0302", "0303")}  # and it stops there (EZOC)
    free = AdvanceSituation(ezoc=enemy.nodes, zones=enemy, zoc_free=n("0303"))
    got = advance(2, rules, free)
    assert ("0302", "0303") in got and len(got) > 1  # not stopped in the free hex
    assert advance(2, K45, AdvanceSituation(ezoc=enemy.nodes, zones=enemy))  # rule off: free
