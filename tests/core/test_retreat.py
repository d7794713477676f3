"""Retreat paths: examples per rule, and a brute-force oracle over every simple path."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from typing import Any

import attrs
from brute_paths import simple_paths
from hypothesis import given, settings
from hypothesis import strategies as st

from wargames.core.board import Board
from wargames.core.board_index import BoardIndex
from wargames.core.hexgrid import HexLayout
from wargames.core.retreat import (
    AvoidEzoc,
    AwayFromAttackers,
    HexsideMatch,
    Preference,
    RetreatPath,
    RetreatRules,
    RetreatSituation,
    TowardSupply,
    retreat_error,
    retreat_paths,
)

BOARD = Board.hex_map(HexLayout(5, 5))
IX = BOARD.index
START = IX.number["0303"]

K45 = RetreatRules(
    rule="K45 9.0a",
    blocked="K45 9.0b",
    hexsides=(HexsideMatch({"impassable"}), HexsideMatch({"major-river"}, {"bridge"})),
    blocked_steps=1,
    ezoc_steps=1,
    farther="K45 9.2a",
    stacking="K45 5.1",
    overstack_hexes=1,
)


def n(*labels: str, index: BoardIndex = IX) -> tuple[int, ...]:
    return tuple(index.number[label] for label in labels)


def shown(paths: Iterable[RetreatPath], index: BoardIndex = IX) -> set[tuple[str, ...]]:
    return {p.labels(index) for p in paths}


def rule_of(error: Any) -> str:
    assert error is not None
    return str(error.rule)


# --- examples, one per rule ------------------------------------------------------------------


def test_retreat_each_hex_farther_from_the_start_k45_9_2a() -> None:
    paths = retreat_paths(IX, START, 2, K45)
    assert paths and all(BOARD.distance("0303", p.labels(IX)[2]) == 2 for p in paths)
    assert ("0303", "0302", "0202") in shown(paths)
    assert rule_of(retreat_error(IX, START, n("0303", "0302", "0203"), 2, K45)) == "K45 9.2a"


def test_retreat_without_the_farther_rule_is_any_simple_path() -> None:
    paths = retreat_paths(IX, START, 2, RetreatRules())
    assert ("0303", "0302", "0203") in shown(paths)
    assert len(paths) == 6 * 5


def test_retreat_into_ezoc_costs_one_step_k45_9_0c() -> None:
    situation = RetreatSituation(ezoc=n("0302", "0202"))
    by_path = {p.labels(IX): p for p in retreat_paths(IX, START, 2, K45, situation)}
    assert by_path["0303", "0302", "0202"].steps == 2
    assert by_path["0303", "0302", "0202"].ezoc == 2
    assert by_path["0303", "0302", "0301"].steps == 1
    assert by_path["0303", "0404", "0405"].steps == 0


def test_ezoc_step_is_per_stack_not_per_unit_k45_9_0c() -> None:
    one = retreat_paths(IX, START, 1, K45, RetreatSituation(ezoc=n("0302"), stack_steps=6))
    assert {p.steps for p in one if p.labels(IX) == ("0303", "0302")} == {1}


def test_retreat_never_into_prohibited_hexes_k45_9_0b() -> None:
    situation = RetreatSituation(prohibited=n("0302", "0203"))
    paths = retreat_paths(IX, START, 1, K45, situation)
    assert shown(paths) == {("0303", x) for x in ("0204", "0304", "0403", "0404")}
    error = retreat_error(IX, START, n("0303", "0302"), 1, K45, situation)
    assert rule_of(error) == "K45 9.0b"
    assert "0302" in error.reason  # type: ignore[union-attr]


def test_retreat_never_across_impassable_or_unbridged_major_river_k45_9_0b() -> None:
    board = Board.hex_map(
        HexLayout(5, 5),
        hexsides={
            ("0303", "0302"): {"impassable"},
            ("0303", "0203"): {"major-river"},
            ("0303", "0204"): {"major-river", "bridge"},
        },
    )
    ix = board.index
    paths = retreat_paths(ix, ix.number["0303"], 1, K45)
    assert shown(paths, ix) == {("0303", x) for x in ("0204", "0304", "0403", "0404")}
    error = retreat_error(ix, ix.number["0303"], n("0303", "0203", index=ix), 1, K45)
    assert rule_of(error) == "K45 9.0b"
    assert "major-river unless bridge" in error.reason  # type: ignore[union-attr]


def test_blocked_retreat_costs_a_step_per_hex_short_k45_9_0b() -> None:
    ring2 = [BOARD.index.ids[v] for v in range(len(IX)) if BOARD.distance("0303", IX.ids[v]) == 2]
    blocked = set(n(*ring2)) | set(n("0203", "0204", "0304", "0403", "0404"))
    paths = retreat_paths(IX, START, 2, K45, RetreatSituation(prohibited=blocked))
    assert paths == (RetreatPath(n("0303", "0302"), steps=1, short=1),)
    stuck = retreat_paths(IX, START, 2, K45, RetreatSituation(prohibited=blocked | set(n("0302"))))
    assert stuck == (RetreatPath(n("0303"), steps=2, short=2),)


def test_blocked_retreat_costing_all_steps_eliminates_the_stack_k45_9_0b() -> None:
    everything = set(range(len(IX))) - {START}
    situation = RetreatSituation(prohibited=everything, stack_steps=2)
    (path,) = retreat_paths(IX, START, 2, K45, situation)
    assert path.steps == 2 and path.eliminated


def test_blocked_retreat_without_step_cost_eliminates_the_stack() -> None:
    rules = RetreatRules(blocked_steps=None)
    everything = set(range(len(IX))) - {START}
    (path,) = retreat_paths(IX, START, 1, rules, RetreatSituation(prohibited=everything))
    assert path == RetreatPath((START,), short=1, eliminated=True)
    assert (
        rule_of(
            retreat_error(
                IX, START, n("0303", "0302"), 1, rules, RetreatSituation(prohibited=everything)
            )
        )
        == "retreat"
    )


def test_retreat_towards_supply_if_possible_k45_9_2b() -> None:
    supply = {v: BOARD.distance("0101", IX.ids[v]) for v in range(len(IX))}
    rules = attrs.evolve(K45, preferences=(TowardSupply("K45 9.2b"),))
    situation = RetreatSituation(supply_distance=supply)
    paths = retreat_paths(IX, START, 1, rules, situation)
    assert shown(paths) == {("0303", "0302"), ("0303", "0203")}
    error = retreat_error(IX, START, n("0303", "0404"), 1, rules, situation)
    assert rule_of(error) == "K45 9.2b"
    # no supply source reachable: every direction is as good
    assert len(retreat_paths(IX, START, 1, rules, RetreatSituation())) == 6


def test_retreat_avoids_ezoc_if_possible_k45_9_2c() -> None:
    rules = attrs.evolve(K45, preferences=(AvoidEzoc("K45 9.2c"),))
    ezoc = n("0302", "0203", "0204", "0304", "0403")
    paths = retreat_paths(IX, START, 1, rules, RetreatSituation(ezoc=ezoc))
    assert shown(paths) == {("0303", "0404")}
    all_ezoc = RetreatSituation(ezoc=(*ezoc, *n("0404")))
    assert len(retreat_paths(IX, START, 1, rules, all_ezoc)) == 6


def test_supply_outranks_avoiding_ezoc_k45_9_2c() -> None:
    supply = {v: BOARD.distance("0101", IX.ids[v]) for v in range(len(IX))}
    situation = RetreatSituation(ezoc=n("0302", "0203"), supply_distance=supply)
    prefs = (TowardSupply("K45 9.2b"), AvoidEzoc("K45 9.2c"))
    paths = retreat_paths(IX, START, 1, attrs.evolve(K45, preferences=prefs), situation)
    assert shown(paths) == {("0303", "0302"), ("0303", "0203")}
    reverse = retreat_paths(IX, START, 1, attrs.evolve(K45, preferences=prefs[::-1]), situation)
    assert ("0303", "0404") in shown(reverse)


def test_counted_ezoc_avoidance_prefers_fewest() -> None:
    rules = attrs.evolve(K45, preferences=(AvoidEzoc("9.2c", counted=True),))
    ring1 = n("0302", "0203", "0204", "0304", "0403", "0404")
    paths = retreat_paths(IX, START, 2, rules, RetreatSituation(ezoc=(*ring1, *n("0202"))))
    assert paths and all(p.ezoc == 1 for p in paths)


def test_overstacked_retreat_goes_one_hex_further_k45_5_1() -> None:
    situation = RetreatSituation(fits=lambda v: v != IX.number["0302"])
    by_path = {p.labels(IX): p for p in retreat_paths(IX, START, 1, K45, situation)}
    assert ("0303", "0302") not in by_path
    assert by_path["0303", "0302", "0202"].extended == 1
    assert not by_path["0303", "0404"].extended


def test_overstacked_retreat_that_cannot_continue_is_eliminated_k45_5_1() -> None:
    # 0302 is the only way, full, and every hex beyond it is closed
    closed = n("0203", "0204", "0304", "0403", "0404", "0202", "0301", "0402")
    situation = RetreatSituation(fits=lambda v: v != IX.number["0302"], prohibited=closed)
    by_path = {p.labels(IX): p for p in retreat_paths(IX, START, 1, K45, situation)}
    assert list(by_path) == [("0303", "0302")] and by_path["0303", "0302"].eliminated


def test_an_overstacked_dead_end_never_outranks_a_retreat_survived_k45_5_1_9_2b() -> None:
    # the hexes nearer the source (0302, 0203) are full with no way on: 9.2b may not pick
    # them over a retreat the stack survives, and none of them is offered
    supply = {v: BOARD.distance("0101", IX.ids[v]) for v in range(len(IX))}
    full = n("0302", "0203", "0202", "0102", "0103", "0301", "0402", "0201")
    situation = RetreatSituation(supply_distance=supply, fits=lambda v: v not in full)
    rules = attrs.evolve(K45, preferences=(TowardSupply("K45 9.2b"),))
    paths = retreat_paths(IX, START, 1, rules, situation)
    assert paths and not any(p.eliminated for p in paths)
    assert ("0303", "0302") not in shown(paths)
    error = retreat_error(IX, START, n("0303", "0302"), 1, rules, situation)
    assert error is not None
    # with no retreat survived, the dead end is still the way the stack is eliminated
    every = RetreatSituation(fits=lambda v: v == START)
    assert all(p.eliminated for p in retreat_paths(IX, START, 1, rules, every))


def test_an_overstacked_dead_end_never_outranks_avoiding_ezoc_k45_5_1_9_2c() -> None:
    ezoc = n("0204", "0304", "0403", "0404")
    full = n("0302", "0203", "0202", "0102", "0103", "0301", "0402", "0201")
    situation = RetreatSituation(ezoc=ezoc, fits=lambda v: v not in full)
    rules = attrs.evolve(K45, preferences=(AvoidEzoc("K45 9.2c"),))
    paths = retreat_paths(IX, START, 1, rules, situation)
    assert shown(paths) == {("0303", e) for e in ("0204", "0304", "0403", "0404")}
    assert all(p.steps == 1 and not p.eliminated for p in paths)


def test_retreat_may_not_end_overstacked_without_extension() -> None:
    rules = attrs.evolve(K45, overstack_hexes=0)
    situation = RetreatSituation(fits=lambda v: v != IX.number["0302"])
    assert ("0303", "0302") not in shown(retreat_paths(IX, START, 1, rules, situation))
    error = retreat_error(IX, START, n("0303", "0302"), 1, rules, situation)
    assert rule_of(error) == "K45 5.1"


def test_retreat_not_next_to_attacking_hex_unless_friendly_darkest() -> None:
    rules = attrs.evolve(K45, attackers="Darkest retreats")
    situation = RetreatSituation(attackers=n("0403"), friendly=n("0302"))
    assert shown(retreat_paths(IX, START, 1, rules, situation)) == {
        ("0303", x) for x in ("0203", "0204", "0302", "0304")
    }
    error = retreat_error(IX, START, n("0303", "0404"), 1, rules, situation)
    assert rule_of(error) == "Darkest retreats"


def test_attacker_adjacency_at_the_end_only() -> None:
    rules = attrs.evolve(K45, attackers="end rule", attackers_scope="end")
    situation = RetreatSituation(attackers=n("0403"))
    paths = shown(retreat_paths(IX, START, 2, rules, situation))
    assert ("0303", "0404", "0405") in paths
    assert ("0303", "0304", "0404") not in paths


def test_away_from_attackers_if_possible() -> None:
    rules = attrs.evolve(K45, preferences=(AwayFromAttackers("away"),))
    paths = retreat_paths(IX, START, 1, rules, RetreatSituation(attackers=n("0403")))
    assert shown(paths) == {("0303", x) for x in ("0203", "0204", "0304")}


def test_dn_retreat_length_by_attacker_then_defender_continues_dark_crusade() -> None:
    # D1: the attacker chose 1 hex, the defender picks the route, then may go up to 3 - 1 more.
    first = retreat_paths(IX, START, 1, K45)
    chosen = next(p for p in first if p.labels(IX) == ("0303", "0302"))
    more = retreat_paths(IX, chosen.nodes, 3, K45, minimum=1)
    assert chosen.nodes in {p.nodes for p in more}
    assert {p.hexes for p in more} == {1, 2, 3}
    assert all(p.nodes[:2] == chosen.nodes for p in more)
    longer = retreat_paths(IX, START, 3, K45, minimum=1)
    assert {p.nodes for p in more} == {p.nodes for p in longer if p.nodes[:2] == chosen.nodes}
    error = retreat_error(IX, chosen.nodes, n("0303", "0203", "0103"), 3, K45, minimum=1)
    assert rule_of(error) == "K45 9.0a"


def test_voluntary_withdrawal_up_to_two_hexes_dark_crusade() -> None:
    paths = retreat_paths(IX, START, 2, K45, minimum=0)
    assert {p.hexes for p in paths} == {0, 1, 2}
    assert (START,) in {p.nodes for p in paths}


def test_retreat_on_a_point_map_counts_lines() -> None:
    board = Board.point_map(
        {p: {} for p in "ABCDE"},
        [("A", "B", {}), ("B", "C", {}), ("A", "D", {}), ("D", "C", {}), ("C", "E", {})],
    )
    ix = board.index
    paths = retreat_paths(ix, ix.number["A"], 2, K45)
    assert shown(paths, ix) == {("A", "B", "C"), ("A", "D", "C")}


def test_retreat_error_names_the_shape_rule() -> None:
    assert rule_of(retreat_error(IX, START, n("0302", "0202"), 1, K45)) == "K45 9.0a"
    assert rule_of(retreat_error(IX, START, n("0303", "0101"), 1, K45)) == "K45 9.0a"
    assert rule_of(retreat_error(IX, START, n("0303", "0302"), 2, K45)) == "K45 9.0a"
    assert rule_of(retreat_error(IX, START, (START, 999), 1, K45)) == "K45 9.0a"
    assert retreat_error(IX, START, n("0303", "0302"), 1, K45) is None


# --- the oracle: every simple path, filtered rule by rule -------------------------------------


class Oracle:
    """The retreat rules re-stated plainly over labels, for brute force."""

    def __init__(self, board: Board, rules: RetreatRules, sit: dict[str, Any]) -> None:
        self.board, self.rules, self.sit = board, rules, sit
        self.near: set[str] = set()
        if rules.attackers is not None:
            self.near = {
                v for a in sit["attackers"] for v in board.neighbours(a) if not self.walled(a, v)
            } | set(sit["attackers"])
            self.near -= sit["friendly"]

    def walled(self, a: str, b: str) -> bool:
        f = self.board.edge_features(a, b)
        return "impassable" in f or ("major-river" in f and "bridge" not in f)

    def fits(self, v: str) -> bool:
        return v not in self.sit["full"]

    def step_rule(self, p: tuple[str, ...]) -> str | None:
        r, origin = self.rules, p[0]
        for u, v in itertools.pairwise(p):
            if self.walled(u, v) or v in self.sit["prohibited"]:
                return r.blocked
            if r.farther and self.board.distance(origin, v) <= self.board.distance(origin, u):
                return r.farther
            if r.attackers and r.attackers_scope == "every" and v in self.near:
                return r.attackers
        return None

    def end_rule(self, p: tuple[str, ...], done: int) -> str | None:
        if len(p) == done:
            return None
        if self.rules.attackers and self.rules.attackers_scope == "end" and p[-1] in self.near:
            return self.rules.attackers
        if self.rules.overstack_hexes == 0 and not self.fits(p[-1]):
            return self.rules.stacking
        return None

    def ezoc(self, p: tuple[str, ...]) -> int:
        return sum(1 for v in p[1:] if v in self.sit["ezoc"])

    def option(self, p: tuple[str, ...], short: int, ext: int = 0, dead: bool = False) -> tuple:
        steps = self.ezoc(p) * self.rules.ezoc_steps + short * (self.rules.blocked_steps or 0)
        dead = dead or steps >= self.sit["stack_steps"]
        return (p, steps, self.ezoc(p), short, ext, dead)

    def candidates(self, prefix: tuple[str, ...], length: int, low: int) -> list[tuple]:
        done = len(prefix)
        ends = [
            p
            for p in simple_paths(self.board, prefix, length - done + 1)
            if self.step_rule(p) is None and self.end_rule(p, done) is None
        ]
        reach = max(len(p) - 1 for p in ends)
        short = max(low - reach, 0)
        if short and self.rules.blocked_steps is None:
            return [self.option(prefix, short, dead=True)]
        out: dict[tuple[str, ...], tuple] = {}
        later, dead_ends = [], []
        for p in ends:
            if len(p) - 1 < min(low, reach):
                continue
            if len(p) == done or self.fits(p[-1]):
                out[p] = self.option(p, short)
            else:
                later.append(p)
        for p in later:
            escapes = [
                q
                for q in simple_paths(self.board, p, self.rules.overstack_hexes)
                if len(q) > len(p)
                and self.step_rule(q) is None
                and self.end_rule(q, done) is None
                and self.fits(q[-1])
                and not any(self.fits(x) for x in q[len(p) : -1])
            ]
            for q in escapes:
                out.setdefault(q, self.option(q, short, ext=len(q) - len(p)))
            if not escapes:
                dead_ends.append(p)
        # K45 5.1: an overstacked end with no escape only while no retreat is survived
        if all(o[5] for o in out.values()):
            for p in dead_ends:
                out.setdefault(p, self.option(p, short, dead=True))
        return list(out.values())

    def score(self, pref: Preference, p: tuple[str, ...]) -> int:
        if isinstance(pref, AvoidEzoc):
            return self.ezoc(p) if pref.counted else min(self.ezoc(p), 1)
        d = self.sit["supply"]
        far = 10**9
        return 0 if d.get(p[-1], far) < d.get(p[0], far) else 1

    def stages(self, prefix: tuple[str, ...], length: int, low: int) -> list[list[tuple]]:
        out = [self.candidates(prefix, length, low)]
        for pref in self.rules.preferences:
            best = min(self.score(pref, o[0]) for o in out[-1])
            out.append([o for o in out[-1] if self.score(pref, o[0]) == best])
        return out

    def expected_rule(
        self, prefix: tuple[str, ...], p: tuple[str, ...], length: int, low: int
    ) -> str | None:
        stages = self.stages(prefix, length, low)
        if p in {o[0] for o in stages[-1]}:
            return None
        rule = self.step_rule(p) or self.end_rule(p, len(prefix))
        if rule:
            return rule
        for pref, stage in zip(self.rules.preferences, stages[1:], strict=True):
            if p in {o[0] for o in stages[0]} and p not in {o[0] for o in stage}:
                return pref.rule
        if len(p) - 1 > length:
            return self.rules.stacking
        if len(p) - 1 < low:
            return self.rules.rule
        return self.rules.stacking


@st.composite
def scenarios(draw: st.DrawFn) -> dict[str, Any]:
    w, h = draw(st.integers(2, 5)), draw(st.integers(2, 4))
    labels = [HexLayout(w, h).label(x) for x in HexLayout(w, h).hexes()]
    pairs = sorted({tuple(sorted(e)) for e in Board.hex_map(HexLayout(w, h)).graph.edges})
    sides = draw(
        st.dictionaries(
            st.sampled_from(pairs),
            st.sampled_from(
                [{"impassable"}, {"major-river"}, {"major-river", "bridge"}, {"river"}]
            ),
            max_size=4,
        )
    )
    board = Board.hex_map(HexLayout(w, h), hexsides=sides)
    some = st.sets(st.sampled_from(labels), max_size=len(labels) // 2)
    source = draw(st.sampled_from(labels))
    prefs: list[Preference] = []
    if draw(st.booleans()):
        prefs.append(TowardSupply("9.2b"))
    if draw(st.booleans()):
        prefs.append(AvoidEzoc("9.2c", counted=draw(st.booleans())))
    if draw(st.booleans()):
        prefs.reverse()
    rules = RetreatRules(
        rule="9.0a",
        blocked="9.0b",
        hexsides=K45.hexsides,
        blocked_steps=draw(st.sampled_from([None, 1, 2])),
        ezoc_steps=draw(st.integers(0, 1)),
        farther=draw(st.sampled_from([None, "9.2a"])),
        attackers=draw(st.sampled_from([None, "attacked-from"])),
        attackers_scope=draw(st.sampled_from(["every", "end"])),
        stacking="5.1",
        overstack_hexes=draw(st.integers(0, 2)),
        preferences=tuple(prefs),
    )
    length = draw(st.integers(0, 3))
    return {
        "board": board,
        "start": draw(st.sampled_from(labels)),
        "length": length,
        "minimum": draw(st.sampled_from([None, *range(length + 1)])),
        "rules": rules,
        "sit": {
            "prohibited": draw(some),
            "ezoc": draw(some),
            "attackers": draw(some),
            "friendly": draw(some),
            "full": draw(some),
            "supply": {x: board.distance(source, x) for x in labels if draw(st.booleans())},
            "stack_steps": draw(st.integers(1, 4)),
        },
    }


def situation_of(board: Board, sit: dict[str, Any]) -> RetreatSituation:
    ix = board.index

    def ints(labels: Iterable[str]) -> set[int]:
        return {ix.number[x] for x in labels}

    full = ints(sit["full"])
    fits: Callable[[int], bool] = lambda v: v not in full  # noqa: E731
    return RetreatSituation(
        prohibited=ints(sit["prohibited"]),
        ezoc=ints(sit["ezoc"]),
        attackers=ints(sit["attackers"]),
        friendly=ints(sit["friendly"]),
        supply_distance={ix.number[k]: d for k, d in sit["supply"].items()},
        fits=fits,
        stack_steps=sit["stack_steps"],
    )


def as_tuple(p: RetreatPath, ix: BoardIndex) -> tuple:
    return (p.labels(ix), p.steps, p.ezoc, p.short, p.extended, p.eliminated)


@settings(max_examples=150)
@given(scenarios())
def test_retreat_paths_equal_brute_force_over_simple_paths(s: dict[str, Any]) -> None:
    board, rules, length = s["board"], s["rules"], s["length"]
    ix = board.index
    low = length if s["minimum"] is None else s["minimum"]
    got = retreat_paths(
        ix, ix.number[s["start"]], length, rules, situation_of(board, s["sit"]), s["minimum"]
    )
    want = Oracle(board, rules, s["sit"]).stages((s["start"],), length, low)[-1]
    assert sorted(as_tuple(p, ix) for p in got) == sorted(want)
    assert got  # a retreat always has at least one outcome


@settings(max_examples=100)
@given(scenarios(), st.randoms(use_true_random=False))
def test_options_validate_and_others_fail_with_the_right_rule(s: dict[str, Any], rnd: Any) -> None:
    board, rules, length = s["board"], s["rules"], s["length"]
    ix = board.index
    low = length if s["minimum"] is None else s["minimum"]
    start, situation = ix.number[s["start"]], situation_of(board, s["sit"])
    options = retreat_paths(ix, start, length, rules, situation, s["minimum"])
    for p in options:
        assert retreat_error(ix, start, p.nodes, length, rules, situation, s["minimum"]) is None
    oracle = Oracle(board, rules, s["sit"])
    others = simple_paths(board, (s["start"],), length + 2)
    for p in rnd.sample(others, min(len(others), 15)):
        error = retreat_error(ix, start, n(*p, index=ix), length, rules, situation, s["minimum"])
        expected = oracle.expected_rule((s["start"],), p, length, low)
        assert (error and error.rule) == expected


@given(scenarios(), st.integers(0, 2))
def test_continuing_a_retreat_equals_longer_retreats_through_it(s: dict[str, Any], k: int) -> None:
    board, length = s["board"], s["length"]
    rules = attrs.evolve(s["rules"], preferences=())
    ix = board.index
    start, situation = ix.number[s["start"]], situation_of(board, s["sit"])
    first = min(k, length)
    chosen = [
        p
        for p in retreat_paths(ix, start, first, rules, situation)
        if p.hexes == first and not p.extended and not p.eliminated and not p.short
    ]
    for p in chosen[:3]:
        more = retreat_paths(ix, p.nodes, length, rules, situation, minimum=first)
        through = retreat_paths(ix, start, length, rules, situation, minimum=first)
        assert {q.nodes for q in more} == {
            q.nodes for q in through if q.nodes[: first + 1] == p.nodes
        }
