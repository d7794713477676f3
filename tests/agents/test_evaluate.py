"""Title.evaluate: the result once over, else a title's estimate in [0, 1]."""

from __future__ import annotations

import itertools

import attrs
import pytest

import wargames
from wargames.agents import RandomAgent, play_out
from wargames.core.state import Result


@pytest.mark.parametrize("title", wargames.titles())
def test_estimates_lie_in_the_unit_interval_and_sum_to_one_over_two_sides(title: str) -> None:
    game = wargames.new_game(title, seed=2)
    play_out(game, RandomAgent(2), max_actions=80)
    ctx = game.rules_context()
    a, b = (game.title.evaluate(ctx, s) for s in game.title.sides)
    assert 0.0 <= a <= 1.0 and 0.0 <= b <= 1.0
    assert a + b == pytest.approx(1.0)


def test_a_result_scores_one_for_the_winner_and_zero_for_the_loser() -> None:
    game = wargames.new_game("minimal", seed=2)
    ctx = game.rules_context()
    ctx.state.result = Result("red", "victory", "test")
    assert game.title.evaluate(ctx, "red") == 1.0 and game.title.evaluate(ctx, "blue") == 0.0
    ctx.state.result = Result(None, "draw", "test")
    assert game.title.evaluate(ctx, "red") == 0.5


def test_minimal_blue_scores_higher_holding_a_town() -> None:
    # V1: blue wins by the VP of the towns it holds.
    game = wargames.new_game("minimal", seed=2)
    ctx = game.rules_context()
    town = next(n for n in game.scenario.board if game.scenario.board.attr(n, "vp", 0))
    before = game.title.evaluate(ctx, "blue")
    ctx.state.control[town] = "blue"
    assert game.title.evaluate(ctx, "blue") > before


def test_konigsberg_germans_score_lower_losing_vp_hexes() -> None:
    # K45 14.3: the level comes from the VP hexes the Germans hold.
    from wargames.konigsberg.forces import vp_hexes

    game = wargames.new_game("konigsberg", seed=2)
    ctx = game.rules_context()
    before = game.title.evaluate(ctx, "german")
    for n in list(vp_hexes(ctx))[:6]:
        ctx.state.control[n] = "soviet"
    assert game.title.evaluate(ctx, "german") < before
    assert game.title.evaluate(ctx, "soviet") > 1 - before


def test_konigsberg_soviets_gain_from_the_first_vp_hex_taken() -> None:
    # far from the 7-8 line (the Germans hold all 14 at the start) one VP hex still counts
    from wargames.konigsberg.forces import vp_hexes

    game = wargames.new_game("konigsberg", seed=2)
    ctx = game.rules_context()
    before = game.title.evaluate(ctx, "soviet")
    ctx.state.control[vp_hexes(ctx)[0]] = "soviet"
    assert game.title.evaluate(ctx, "soviet") - before > 0.02


def test_dark_crusade_hex_axis_gains_from_each_victory_city_point(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # DCH: Victory Conditions: far below the 6-7 line each city point still counts
    from wargames.darkcrusade.hex import victory

    game = wargames.new_game("darkcrusade-hex", seed=2)
    ctx = game.rules_context()
    scores = []
    for points in range(8):
        monkeypatch.setattr(victory, "axis_points", lambda _ctx, p=points: (p, True))
        scores.append(game.title.evaluate(ctx, "axis"))
    gains = [b - a for a, b in itertools.pairwise(scores)]
    assert min(gains) > 0.02
    assert max(gains) == gains[6]  # steepest across the 6-7 line


def test_darkest_axis_scores_higher_with_more_cities() -> None:
    # DC: Victory Conditions: the Axis counts the victory cities it holds in supply.
    game = wargames.new_game("darkest", seed=2)
    ctx = game.rules_context()
    before = game.title.evaluate(ctx, "axis")
    for n in ctx.board.nodes_with("victory"):
        ctx.state.control[n] = "axis"
    assert game.title.evaluate(ctx, "axis") > before


def test_lines_north_scores_a_garrisoned_vp_point_above_an_empty_one() -> None:
    # L7 (North holds VP points at the end) and L2 (South retakes an empty point by moving in):
    # an empty North point counts half of a garrisoned one, and more than none.
    game = wargames.new_game("lines", seed=2)
    ctx = game.rules_context()
    none = game.title.evaluate(ctx, "north")
    ctx.state.control["Glen"] = "north"
    ctx.state.put(attrs.evolve(ctx.state.units["S2"], at="Keep"))
    empty = game.title.evaluate(ctx, "north")
    ctx.state.put(attrs.evolve(ctx.state.units["N8"], at="Glen"))
    garrisoned = game.title.evaluate(ctx, "north")
    assert none < empty < garrisoned
    assert game.title.evaluate(ctx, "south") == pytest.approx(1 - garrisoned)


def _steps_nearer(ctx, side, targets):  # type: ignore[no-untyped-def]
    """(unit, neighbour hex) for units of ``side`` off the targets, nearest first, the
    neighbour one hop nearer a target the side does not hold (by board hops)."""
    ix = ctx.board.index
    open_targets = [t for t in sorted(targets) if ctx.state.control.get(t) != side]
    found = []
    for u in sorted(ctx.units_of(side), key=lambda u: u.id):
        if u.at is None or u.at in targets:
            continue
        d, t = min((ix.hops(ix.number[u.at], ix.number[t]), t) for t in open_targets)
        if d > 1:
            near = min(
                ctx.board.neighbours(u.at), key=lambda n: (ix.hops(ix.number[n], ix.number[t]), n)
            )
            found.append((d, u.id, near))
    return [(uid, near) for _, uid, near in sorted(found)]


@pytest.mark.parametrize(
    ("title", "side", "module"),
    [
        ("darkest", "axis", "wargames.darkest.victory"),
        ("darkcrusade-hex", "axis", "wargames.darkcrusade.hex.victory"),
        ("konigsberg", "soviet", "wargames.konigsberg.victory"),
    ],
)
def test_the_attacker_scores_higher_nearer_the_victory_hexes(
    title: str, side: str, module: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The side that wins by taking victory hexes (Darkest and Dark Crusade: the Axis' cities;
    # Königsberg 14.3: the Soviets' VP hexes) scores more with the same forces nearer them,
    # all else equal (a step that changes nothing but the approach: found with the approach
    # held fixed).
    import importlib

    victory = importlib.import_module(module)
    approach = victory.approach
    game = wargames.new_game(title, seed=2)
    ctx = game.rules_context()
    targets = {n for n in ctx.board if ctx.board.has(n, "victory") or ctx.board.attr(n, "vp")}
    for uid, near in _steps_nearer(ctx, side, targets):
        after = game.copy()
        actx = after.rules_context()
        actx.state.put(actx.state.units[uid].moved_to(near))
        with monkeypatch.context() as m:
            m.setattr(victory, "approach", lambda _ctx: 0.5)
            if hasattr(victory, "advance"):  # Königsberg: the whole army's advance too
                m.setattr(victory, "advance", lambda _ctx: 0.5)
            if game.title.evaluate(ctx, side) != game.title.evaluate(actx, side):
                continue  # the step changes more than the approach
        assert approach(actx) > approach(ctx)
        assert game.title.evaluate(actx, side) > game.title.evaluate(ctx, side)
        return
    pytest.fail("no step that changes only the approach")


def test_konigsberg_soviets_score_higher_when_a_rear_unit_moves_up() -> None:
    """The whole army's advance counts, not only the spearhead nearest each VP hex: the
    Soviet combat unit farthest from the VP hexes stepping one hex nearer leaves
    ``approach`` as it was and raises the Soviet estimate."""
    from wargames.konigsberg.forces import is_combat, vp_hexes
    from wargames.konigsberg.victory import approach

    game = wargames.new_game("konigsberg", seed=2)
    ctx = game.rules_context()
    b = ctx.board

    def gap(node: str) -> int:
        return min(b.distance(node, v) for v in vp_hexes(ctx))

    rear = max(
        (u for u in ctx.units_of("soviet") if is_combat(ctx.unit_def(u.id))),
        key=lambda u: (gap(u.at or ""), u.id),
    )
    assert rear.at is not None
    step = min(b.neighbours(rear.at), key=lambda n: (gap(n), n))
    assert gap(step) < gap(rear.at) and b.terrain(step) not in ("water", "lake")
    before, near = game.title.evaluate(ctx, "soviet"), approach(ctx)
    ctx.state.put(attrs.evolve(rear, at=step))
    assert approach(ctx) == near
    assert game.title.evaluate(ctx, "soviet") > before


def test_konigsberg_advance_pulls_towards_the_vp_hexes_still_german() -> None:
    """K45 14.1: a VP hex the Soviets took no longer draws their army (``advance`` counts
    the VP hexes still German): a unit standing on one counts as at it while it is German
    and as short of the next once it is Soviet."""
    from wargames.konigsberg.forces import is_combat, vp_hexes
    from wargames.konigsberg.victory import advance

    game = wargames.new_game("konigsberg", seed=2)
    ctx = game.rules_context()
    unit = next(u for u in ctx.units_of("soviet") if is_combat(ctx.unit_def(u.id)) and u.at)
    target = vp_hexes(ctx)[0]
    ctx.state.put(attrs.evolve(unit, at=target))
    german = advance(ctx)
    ctx.state.control[target] = "soviet"
    assert advance(ctx) < german


def test_dark_crusade_hex_axis_scores_higher_when_a_rear_unit_moves_up() -> None:
    """As in Königsberg: the Axis ground unit farthest from the victory cities stepping one
    hex nearer over land leaves ``approach`` as it was and raises the Axis estimate."""
    from wargames.darkcrusade.hex import counters as cn
    from wargames.darkcrusade.hex.victory import SEA, advance, approach

    game = wargames.new_game("darkcrusade-hex", seed=2)
    ctx = game.rules_context()
    b = ctx.board
    cities = b.nodes_with("victory")

    def gap(node: str) -> int:
        return min(b.distance(node, c) for c in cities)

    rear = max(
        (u for u in ctx.units_of(cn.AXIS) if not cn.has(ctx, u.id, "air")),
        key=lambda u: (gap(u.at or ""), u.id),
    )
    assert rear.at is not None
    step = min(
        (n for n in b.neighbours(rear.at) if b.terrain(n) not in SEA), key=lambda n: (gap(n), n)
    )
    assert gap(step) < gap(rear.at)
    before, near, army = game.title.evaluate(ctx, "axis"), approach(ctx), advance(ctx)
    ctx.state.put(attrs.evolve(rear, at=step))
    assert approach(ctx) == near and advance(ctx) > army
    assert game.title.evaluate(ctx, "axis") > before


def test_lines_north_scores_a_unit_nearer_a_vp_point_it_does_not_hold() -> None:
    # L7: a North unit one line nearer Isle (1 VP; Cedar -> Fen), the points and the steps
    # the same: the nearness raises North's estimate
    game = wargames.new_game("lines", seed=2)
    ctx = game.rules_context()
    before = game.title.evaluate(ctx, "north")
    ctx.state.put(attrs.evolve(ctx.state.units["N5"], at="Fen"))
    assert game.title.evaluate(ctx, "north") > before
    assert game.title.evaluate(ctx, "south") == pytest.approx(1 - game.title.evaluate(ctx, "north"))
