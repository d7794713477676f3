"""core.estimate: nearness of units to target nodes, for search estimates."""

from __future__ import annotations

import itertools

import pytest

import wargames
from wargames.core.estimate import distances, logistic, nearness, vp_score


def test_nearness_scores_held_targets_one_and_others_by_their_nearest_source() -> None:
    game = wargames.new_game("minimal", seed=1)
    ctx = game.rules_context()
    ix = ctx.board.index
    nodes = sorted(ctx.board)
    a, far = nodes[0], nodes[-1]
    dist = distances(ctx, far)
    span = max(dist)
    assert dist[ix.number[far]] == 0 and dist[ix.number[a]] == span
    # One source at the farthest node scores 0; at the target, 1; a held target 1.
    assert nearness(ctx, [a], {far: 1.0}) == pytest.approx(0.0)
    assert nearness(ctx, [far], {far: 1.0}) == pytest.approx(1.0)
    assert nearness(ctx, [a], {far: 1.0}, held={far}) == 1.0
    # Weighted mean over the targets; targets off the board and no targets count nothing.
    mid = next(n for n in nodes if dist[ix.number[n]] == span // 2)
    both = nearness(ctx, [mid], {far: 3.0, a: 1.0}, held={a})
    assert both == pytest.approx((3.0 * (1 - (span // 2) / span) + 1.0) / 4.0)
    assert nearness(ctx, [a], {"nowhere": 1.0}) == 0.0 == nearness(ctx, [a], {})


def test_distances_go_only_through_passable_nodes() -> None:
    game = wargames.new_game("minimal", seed=1)
    ctx = game.rules_context()
    ix = ctx.board.index
    nodes = sorted(ctx.board)
    target = nodes[-1]
    walls = set(ctx.board.neighbours(target))
    dist = distances(ctx, target, lambda n: n not in walls, key="walled")
    assert all(dist[ix.number[n]] == -1 for n in nodes if n != target)
    assert (
        nearness(ctx, nodes[:1], {target: 1.0}, passable=lambda n: n not in walls, key="walled")
        == 0.0
    )


def test_vp_score_counts_each_point_far_from_the_line_too() -> None:
    # far below the line a logistic alone barely moves; the share of the most still does
    far = vp_score(1, 7.5, 14) - vp_score(0, 7.5, 14)
    assert logistic(1 - 7.5, 1.5) - logistic(-7.5, 1.5) < 0.01 < far
    scores = [vp_score(h, 7.5, 14) for h in range(15)]
    assert scores == sorted(scores) and scores[0] > 0.0 and scores[-1] < 1.0
    # steepest where the result turns
    steps = [b - a for a, b in itertools.pairwise(scores)]
    assert max(steps) == steps[7]
    assert vp_score(20, 7.5, 14) <= 1.0 and vp_score(-1, 7.5, 14) >= 0.0


def test_army_nearness_counts_every_unit_s_step_towards_its_nearest_target() -> None:
    """Every unit moving nearer its nearest target raises the score; units on the target
    score 1; who holds a target changes nothing (taking one never lowers it); no units or
    no targets score 0."""
    from wargames.core.estimate import army_nearness

    game = wargames.new_game("minimal", seed=1)
    ctx = game.rules_context()
    b = ctx.board
    far, near, target = "0101", "0102", "0103"
    assert b.distance(far, target) > b.distance(near, target)
    one = army_nearness(ctx, [near, far], [target])
    closer = army_nearness(ctx, [near, near], [target])
    assert 0.0 < one < closer < 1.0
    assert army_nearness(ctx, [target, target], [target]) == 1.0  # standing on it
    ctx.state.control[target] = "blue"
    assert army_nearness(ctx, [near, far], [target]) == one
    assert army_nearness(ctx, [], [target]) == 0.0
    assert army_nearness(ctx, [near], []) == 0.0
