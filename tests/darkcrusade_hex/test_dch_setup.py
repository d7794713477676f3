"""DCH: Setup: the free set-up option (Russian arrays covering the border, German units near
their places, Rm units in Rumania, armies fixed) and the fixed set-up's border cover."""

from __future__ import annotations

import tomllib

import pytest
from dch_support import ctx, pick_group
from dch_support import game as dch_game
from hypothesis import given, settings
from hypothesis import strategies as st

import wargames
from wargames.agents import RandomAgent
from wargames.core.actions import Choose, Pass, Place
from wargames.core.errors import IllegalAction
from wargames.core.game import Game
from wargames.darkcrusade.hex import DATA
from wargames.darkcrusade.hex import counters as cn
from wargames.darkcrusade.hex.setup import (
    SORTING,
    back_cities,
    border_hexes,
    near_border,
    sorting_faults,
    uncovered,
)


def free_game() -> Game:
    data = tomllib.loads((DATA / "barbarossa-1941.toml").read_text(encoding="utf-8"))
    data["options"] = {"free_setup": True}
    g = wargames.new_game("darkcrusade-hex", data, seed=0)
    pick_group(g, "plain")
    return g


def test_the_fixed_set_up_covers_every_border_hex() -> None:
    g = wargames.new_game("darkcrusade-hex", seed=0)
    assert len(border_hexes(ctx(g))) >= 10
    assert uncovered(ctx(g)) == []
    pick_group(g, "plain")
    assert g.decision is not None and g.decision.step != "free-setup"  # no option, no set-up


def test_the_russians_set_up_freely_but_must_cover_the_border() -> None:
    g = free_game()
    assert g.decision is not None and g.decision.side == cn.RUSSIAN
    assert g.decision.step == "free-setup"
    assert Pass() in set(g.legal_actions())
    assert Choose("P1") not in set(g.legal_actions())  # parachute korps keep their places
    c = ctx(g)
    board = g.scenario.board
    occ = g.state.occupancy()
    gap = border_hexes(c)[0]
    cover = sorted(
        u
        for n in (gap, *board.neighbours(gap))
        for u in occ.get(n, ())
        if g.scenario.units[u].side == cn.RUSSIAN and (n == gap or cn.has_zoc(c, u))
    )
    start = {u: g.state.units[u].at for u in cover}
    for u in cover:
        g.apply(Choose(u))
        far = max(
            (a for a in g.legal_actions() if isinstance(a, Place)),
            key=lambda a: board.distance(gap, a.at),
        )
        g.apply(far)
    assert gap in uncovered(ctx(g))
    assert Pass() not in set(g.legal_actions())
    with pytest.raises(IllegalAction, match="border"):
        g.apply(Pass())
    for u in cover:  # back to their places: covered and sorted again
        g.apply(Choose(u))
        g.apply(Place(u, start[u]))
    assert uncovered(ctx(g)) == []
    g.apply(Pass())
    assert g.decision is not None and g.decision.side == cn.AXIS
    assert g.decision.step == "free-setup"


def test_german_units_set_up_near_their_places_rm_units_in_rumania_armies_fixed() -> None:
    g = free_game()
    g.apply(Pass())  # the Russian keeps the scenario's set-up
    board = g.scenario.board
    options = {a.option for a in g.legal_actions() if isinstance(a, Choose)}
    armies = {u for u in options if "army" in g.scenario.units[u].flags}
    assert armies == {"11A"}  # the Rm army; the others stay where the map shows them
    panzer = next(u for u in sorted(options) if "panzer" in g.scenario.units[u].flags)
    start = g.state.units[panzer].at
    g.apply(Choose(panzer))
    places = [a.at for a in g.legal_actions() if isinstance(a, Place)]
    assert places and all(board.distance(start, p) <= 2 for p in places)
    g.apply(Pass())
    rm = "11A"
    g.apply(Choose(rm))
    places = [a.at for a in g.legal_actions() if isinstance(a, Place)]
    assert places and all(board.has(p, "romania") for p in places)
    g.apply(Place(rm, places[-1]))
    assert g.state.units[rm].at == places[-1]
    korps = next(
        u
        for u in sorted(options)
        if {"infantry", "korps"} <= g.scenario.units[u].flags - {"rm"}
        and "rm" not in g.scenario.units[u].flags
    )
    g.apply(Choose(korps))
    armies_at = [
        u.at
        for u in g.state.units.values()
        if u.at and "army" in g.scenario.units[u.id].flags and g.scenario.units[u.id].side == "axis"
    ]
    for p in (a.at for a in g.legal_actions() if isinstance(a, Place)):
        assert any(board.distance(p, a) <= 2 for a in armies_at)
    g.apply(Pass())
    g.apply(Pass())
    assert g.decision is not None and g.decision.step != "free-setup"


PARACHUTE_CITIES = {
    "P1": "Leningrad",
    "P3": "Minsk",
    "P5": "Kiev",
    "P2": "Odessa",
    "P4": "Moscow",
}


def test_the_fixed_set_up_sorts_the_russian_arrays() -> None:
    """DCH: Setup (Sorting Russian Arrays): 10 armies and 10 tank korps cover the border, the
    extras stand one on each city back from it; the parachute korps on their cities."""
    g = wargames.new_game("darkcrusade-hex", seed=0)
    c = ctx(g)
    assert sorting_faults(c) == []
    units = [u for u in g.state.units.values() if u.at and g.scenario.units[u.id].side == "russian"]
    armies = [u for u in units if "hidden" in g.scenario.units[u.id].flags]
    korps = [u for u in units if "tank" in g.scenario.units[u.id].flags]
    assert (len(armies), len(korps)) == (21, 24)
    near, back = near_border(c), back_cities(c)
    away = [u for u in armies + korps if u.at not in near]
    assert all(u.at in back for u in away)
    assert len({u.at for u in away}) == len(away)  # one on each city
    for uid, city in PARACHUTE_CITIES.items():
        at = g.state.units[uid].at
        assert at is not None and city in g.scenario.board.attr(at, "name", ""), (uid, at)


def unchanged_refusal(g: Game, rule: str) -> str:
    """Ending the set-up is refused under ``rule``, leaving the game as it was; the reason."""
    before = g.to_json()
    assert Pass() not in set(g.legal_actions())
    with pytest.raises(IllegalAction) as err:
        g.apply(Pass())
    assert err.value.rule == rule
    assert g.to_json() == before
    return err.value.reason


def move(g: Game, unit: str, to: str) -> None:
    g.apply(Choose(unit))
    g.apply(Place(unit, to))


def roles(g: Game) -> tuple[list[str], list[str], list[str]]:
    """(extra armies, covering armies on border hexes, back cities free of armies and korps)."""
    c = ctx(g)
    near, back = near_border(c), back_cities(c)
    border = set(border_hexes(c))
    occ = g.state.occupancy()
    armies = sorted(
        u.id for u in g.state.units.values() if u.at and "hidden" in g.scenario.units[u.id].flags
    )
    extra = [u for u in armies if g.state.units[u].at not in near]
    covering = [u for u in armies if g.state.units[u].at in border]
    free = sorted(n for n in back if n not in near and not occ.get(n))
    return extra, covering, free


def test_two_extra_units_may_not_share_a_city() -> None:
    g = free_game()
    extra, _, _ = roles(g)
    move(g, extra[0], g.state.units[extra[1]].at)
    why = unchanged_refusal(g, SORTING)
    assert "one on each city" in why and extra[0] in why and extra[1] in why


def test_a_unit_neither_covering_nor_on_a_city_is_refused() -> None:
    g = free_game()
    extra, _, _ = roles(g)
    c = ctx(g)
    near, back = near_border(c), back_cities(c)
    here = g.state.units[extra[0]].at
    assert here is not None
    g.apply(Choose(extra[0]))
    to = next(
        a.at
        for a in g.legal_actions()
        if isinstance(a, Place) and a.at not in near and a.at not in back
    )
    g.apply(Place(extra[0], to))
    why = unchanged_refusal(g, SORTING)
    assert f"{extra[0]} on {to} is neither next to the border nor on a city" in why
    move(g, extra[0], here)
    g.apply(Pass())  # sorted again: the set-up ends


def test_only_ten_armies_cover_the_border_the_rest_go_back() -> None:
    g = free_game()
    _, covering, free = roles(g)
    # covering armies sent back to cities (the border still covered): 11 extras are allowed,
    # and an army on a city next to the border may be one of them, so the second is too many
    for _ in range(2):
        moved = next(u for u in covering if not uncovered_after(g, u, free[0]))
        move(g, moved, free.pop(0))
        covering.remove(moved)
    assert uncovered(ctx(g)) == []
    why = unchanged_refusal(g, SORTING)
    assert "12 rifle armies stand away from the border" in why


def uncovered_after(g: Game, unit: str, to: str) -> list[str]:
    trial = g.copy()
    move(trial, unit, to)
    return uncovered(ctx(trial))


def test_armies_beyond_ten_on_the_border_leave_too_few_extras() -> None:
    """Extras sent to the border: the two armies on cities next to it may be extras, so the
    first move leaves one of them uncovering the border and the second too few extras."""
    g = free_game()
    extra, _, _ = roles(g)
    c = ctx(g)
    on_border = [n for n in border_hexes(c) if n not in back_cities(c)]
    for unit, why in (
        (extra[0], "border hexes not covered by the covering units"),
        (extra[1], "3 more rifle armies and 0 more tank korps must stand"),
    ):
        g.apply(Choose(unit))
        to = next(a.at for a in g.legal_actions() if isinstance(a, Place) and a.at in on_border)
        g.apply(Place(unit, to))
        assert why in unchanged_refusal(g, SORTING)


def test_the_covering_units_alone_must_cover_the_border() -> None:
    """Only the 10 armies and 10 korps cover: an extra unit's ZOC does not count. Here 11
    armies stand next to the border, one of them on a city (it must be the extra), and it is
    the only cover of border hex ``x``."""
    g = dch_game({})
    c = ctx(g)
    board = g.scenario.board
    border, near = border_hexes(c), near_border(c)
    city = next(n for n in sorted(back_cities(c) & near))
    x = next(n for n in border if city in board.neighbours(n))
    spots = [n for n in sorted(near) if n not in (x, city) and x not in board.neighbours(n)]
    wanted = [n for n in border if n != x]
    chosen: list[str] = []
    while wanted:  # greedy cover of the other border hexes, away from x
        best = max(spots, key=lambda n: sum(w == n or w in board.neighbours(n) for w in wanted))
        chosen.append(best)
        wanted = [w for w in wanted if w != best and w not in board.neighbours(best)]
    assert len(chosen) <= 10
    hexes = [chosen[i % len(chosen)] for i in range(20)]  # two a hex at most
    armies = [f"H{i:02d}" for i in range(1, 12)]
    korps = [f"T{i:02d}" for i in range(1, 11)]
    placements = dict(zip([*armies[:10], *korps], hexes, strict=True))
    placements[armies[10]] = city
    g = dch_game(placements)
    c = ctx(g)
    assert uncovered(c) == []  # every border hex is covered by some Russian unit
    faults = sorting_faults(c)
    assert faults == [f"border hexes not covered by the covering units: {x}"]
    # with the 11th army back on a city away from the border, x is open to all
    g = dch_game({**placements, armies[10]: "1408"})
    assert uncovered(ctx(g)) == [x]


def free_setup_ends(seed: int) -> Game:
    """Random play of the Russian free set-up (seeded agent) until the German's."""
    g = free_game()
    agent = RandomAgent(seed)
    for _ in range(2000):
        d = g.decision
        assert d is not None
        if d.side != cn.RUSSIAN or d.step not in ("free-setup", "setup-place"):
            return g
        g.apply(agent.choose(g))
    raise AssertionError("the Russian free set-up did not end")


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**16))
def test_random_play_always_ends_the_russian_free_set_up_sorted(seed: int) -> None:
    g = free_setup_ends(seed)
    assert g.decision is not None and g.decision.side == cn.AXIS
    assert sorting_faults(ctx(g)) == [] and uncovered(ctx(g)) == []


@settings(max_examples=5, deadline=None)
@given(picks=st.lists(st.integers(0, 10**6), min_size=1, max_size=12))
def test_ending_the_set_up_is_legal_exactly_when_sorted_and_covered(picks: list[int]) -> None:
    """Over any legal placements, Pass is offered iff the border is covered and the arrays
    sorted, and a refused Pass changes nothing."""
    g = free_game()
    for pick in picks:
        d = g.decision
        assert d is not None
        if d.step not in ("free-setup", "setup-place") or d.side != cn.RUSSIAN:
            break
        if d.step == "free-setup":
            legal = Pass() in set(g.legal_actions())
            assert legal == (not uncovered(ctx(g)) and not sorting_faults(ctx(g)))
            if not legal:
                before = g.to_json()
                with pytest.raises(IllegalAction):
                    g.apply(Pass())
                assert g.to_json() == before
            actions = [a for a in g.legal_actions() if isinstance(a, Choose)]
        else:
            actions = list(g.legal_actions())
        g.apply(actions[pick % len(actions)])
