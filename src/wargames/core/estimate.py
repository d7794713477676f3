"""Position estimates for search agents: shares and margins mapped into [0, 1].

A title's :meth:`~wargames.core.title.Title.evaluate` combines them with its victory
conditions; they decide no rule.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Container, Hashable, Iterable, Iterator, Mapping, Sequence

from .board_index import BoardIndex
from .context import Context


def step_share(ctx: Context, side: str) -> float:
    """``side``'s share of the steps of all units on the map (0.5 when there are none)."""
    mine = total = 0
    for u in ctx.state.units.values():
        if u.at is not None:
            total += u.steps
            if ctx.side_of(u.id) == side:
                mine += u.steps
    return mine / total if total else 0.5


def control_share(ctx: Context, side: str) -> float:
    """``side``'s share of the controlled nodes (0.5 when no node is controlled)."""
    owners = list(ctx.state.control.values())
    return owners.count(side) / len(owners) if owners else 0.5


def contested(
    ctx: Context, attacks: Mapping[str, Sequence[str]], feature: str = "victory"
) -> Iterator[tuple[str, str, Sequence[str]]]:
    """(target, attacking side, attackers) of each of ``attacks`` (target -> attacking unit
    ids, the first naming the side) on a node with ``feature`` that its attacker does not
    control, in node order: what a title's estimate counts by a chance before the dice."""
    for target, units in sorted(attacks.items()):
        if not units or not ctx.board.has(target, feature):
            continue
        side = ctx.side_of(units[0])
        if ctx.state.control.get(target) != side:
            yield target, side, units


def logistic(margin: float, scale: float = 1.0) -> float:
    """A margin (positive: good) mapped smoothly into (0, 1); 0.5 at 0."""
    return 1.0 / (1.0 + math.exp(-margin / scale))


def vp_score(held: float, line: float, most: float, scale: float = 1.5) -> float:
    """Victory points ``held`` scored into [0, 1]: half a :func:`logistic` around the victory
    ``line`` (steep where the result turns), half ``held / most`` (capped at 1), so that a
    point taken far from the line still counts: a logistic alone is flat there, and a
    search starting far from it would see no gain in taking a victory hex."""
    return 0.5 * logistic(held - line, scale) + 0.5 * min(1.0, max(0.0, held / most))


def vp_race(ctx: Context, side: str, attacker: str, held: float, need: float) -> float:
    """A race for ``need`` victory points the ``attacker`` holds ``held`` of: half its share
    of the points needed, half its share of the steps on the map, from ``side``'s view."""
    score = 0.5 * min(1.0, held / max(need, 1)) + 0.5 * step_share(ctx, attacker)
    return score if side == attacker else 1.0 - score


def distances(
    ctx: Context, target: str, passable: Callable[[str], bool] | None = None, key: Hashable = None
) -> tuple[int, ...]:
    """Fewest edges from every node (by board index) to ``target``, through nodes
    ``passable`` accepts (every node by default; -1: unreachable). Kept with the board under
    ``key``, which must name what ``passable`` reads."""

    def build(ix: BoardIndex) -> tuple[int, ...]:
        dist = [-1] * len(ix)
        start = ix.number[target]
        dist[start] = 0
        queue = deque([start])
        while queue:
            u = queue.popleft()
            for v in ix.adj[u]:
                if dist[v] < 0 and (passable is None or passable(ix.ids[v])):
                    dist[v] = dist[u] + 1
                    queue.append(v)
        return tuple(dist)

    return ctx.board.index.cached(("estimate.distances", target, key), build)


def farthest(
    ctx: Context, target: str, passable: Callable[[str], bool] | None = None, key: Hashable = None
) -> int:
    """The most edges from any node reaching ``target`` (:func:`distances`), at least 1; kept
    with the board like the distances."""
    return ctx.board.index.cached(
        ("estimate.farthest", target, key),
        lambda ix: max(max(distances(ctx, target, passable, key)), 1),
    )


def nearness(
    ctx: Context,
    sources: Iterable[str],
    targets: Mapping[str, float],
    held: Container[str] = (),
    passable: Callable[[str], bool] | None = None,
    key: Hashable = None,
) -> float:
    """How near units standing on ``sources`` are to ``targets`` (node -> weight), 0 to 1:
    the weighted mean over the targets of 1 for a target in ``held``, else 1 less the
    fewest edges from a source to it (:func:`distances`) as a share of the farthest node
    reachable from it, 0 if no source reaches it. 0 without targets."""
    ix = ctx.board.index
    starts = sorted({ix.number[n] for n in sources})
    total = score = 0.0
    for target, weight in sorted(targets.items()):
        if target not in ix.number:
            continue
        total += weight
        if target in held:
            score += weight
            continue
        dist = distances(ctx, target, passable, key)
        near = [dist[s] for s in starts if dist[s] >= 0]
        if near:
            score += weight * (1.0 - min(near) / farthest(ctx, target, passable, key))
    return score / total if total else 0.0


def army_nearness(
    ctx: Context,
    sources: Iterable[str],
    targets: Iterable[str],
    passable: Callable[[str], bool] | None = None,
    key: Hashable = None,
) -> float:
    """How near a whole army on ``sources`` (one node per unit, repeats counted) stands to
    the ``targets``, 0 to 1: the mean over the units of 1 less the fewest edges to the
    nearest target (:func:`distances`) as a share of the farthest node reachable from that
    target; a unit reaching none scores 0; 0 without units or targets. Unlike
    :func:`nearness`, which counts only the nearest unit to each target, every unit's step
    forward counts, so a search sees the army advance. It does not ask who holds a target,
    so taking one never lowers it (the title's victory term counts what is held)."""
    ix = ctx.board.index
    tables = []
    for target in sorted(set(targets)):
        if target in ix.number:
            tables.append(
                (distances(ctx, target, passable, key), farthest(ctx, target, passable, key))
            )
    units = [ix.number[n] for n in sources]
    if not units or not tables:
        return 0.0
    total = 0.0
    for s in units:
        shares = [dist[s] / far for dist, far in tables if dist[s] >= 0]
        if shares:
            total += 1.0 - min(shares)
    return total / len(units)
