"""Movement range with ZOC: ``wargames.core.movement.reach`` against networkx.

Method of ``shared/research/performance.md`` (i): 8 sources from ``default_rng(7)`` in the
central half of the map, 6 enemy units within 4 rows/columns of each; enemy hexes are closed,
their neighbours are ZOC and entering a ZOC ends the move. The reference is
``networkx.single_source_dijkstra`` with ``cutoff`` on a DiGraph (weight = cost to enter) whose
weight function refuses entering an enemy hex and leaving a ZOC hex other than the source. Both
sides compute distances and paths; the reachable sets and costs are checked equal before timing.
ZOC maps are built once per position (as a game does once per phase), outside the timing.
"""

from __future__ import annotations

import statistics
import timeit
from collections.abc import Callable
from typing import Any

import networkx as nx
import numpy as np
from _maps import TERRAIN_COST, random_board
from _measure import Measure

from wargames.core.board import Board
from wargames.core.board_index import BoardIndex
from wargames.core.movement import Costs, MovePolicy, Situation, check_path, reach
from wargames.core.zoc import ZocPolicy, ZocRules, ZoneMap, zones

COSTS = Costs(TERRAIN_COST)
STOP_IN_ZOC = MovePolicy(zoc=ZocRules(stop_on_enter=True))
TARGET = 3.0


def _digraph(board: Board) -> nx.DiGraph:
    ix = board.index
    entry = dict(TERRAIN_COST)
    g = nx.DiGraph()
    g.add_nodes_from(range(len(ix)))
    for u in range(len(ix)):
        for v in ix.adj[u]:
            cu, cv = entry[ix.terrain_names[ix.terrain[u]]], entry[ix.terrain_names[ix.terrain[v]]]
            if cu is not None and cv is not None:
                g.add_edge(u, v, weight=cv)
    return g


def _positions(board: Board) -> list[tuple[int, frozenset[int], ZoneMap[int]]]:
    """8 central sources, each with 6 enemy units within 4 rows/columns, and their ZOC."""
    ix = board.index
    layout = board.layout
    assert layout is not None
    size = layout.columns
    at = {layout.to_offset(h): i for i, h in enumerate(ix.hexes or ())}
    rng = np.random.default_rng(7)
    passable = {i for i, t in enumerate(ix.terrain) if ix.terrain_names[t] != "impassable"}
    out: list[tuple[int, frozenset[int], ZoneMap[int]]] = []
    while len(out) < 8:
        c, r = (int(x) for x in rng.integers(size // 4, 3 * size // 4, 2))
        s = at[(c, r)]
        if s not in passable or not any(v in passable for v in ix.adj[s]):
            continue
        enemies: set[int] = set()
        while len(enemies) < 6:
            dc, dr = (int(x) for x in rng.integers(-4, 5, 2))
            e = at[(c + dc, r + dr)]
            if e != s and e in passable:
                enemies.add(e)
        units = {k: e for k, e in enumerate(sorted(enemies))}
        out.append((s, frozenset(enemies), zones(ix, units, ZocPolicy())))
    return out


def _reference(
    g: nx.DiGraph, source: int, mp: int, enemies: frozenset[int], zoc: frozenset[int]
) -> Any:
    def weight(u: int, v: int, data: dict[str, int]) -> int | None:
        if v in enemies or (u in zoc and u != source):
            return None
        return data["weight"]

    return nx.single_source_dijkstra(g, source, cutoff=mp, weight=weight)


def paired(
    ours: Callable[[], object], reference: Callable[[], object], repeat: int = 7
) -> tuple[float, float]:
    """Median seconds per call of each, timed in alternation so that load from other processes
    falls on both alike (``per_call`` times one after the other)."""
    timers = [timeit.Timer(ours), timeit.Timer(reference)]
    loops = [max(1, t.autorange()[0]) for t in timers]
    runs: list[list[float]] = [[], []]
    for _ in range(repeat):
        for k, t in enumerate(timers):
            runs[k].append(t.timeit(loops[k]) / loops[k])
    return statistics.median(runs[0]), statistics.median(runs[1])


def measures() -> list[Measure]:
    """Movement range per unit with ZOC at MP 8 and 20 on 64x64 and 128x128 random maps."""
    rows: list[Measure] = []
    for size in (64, 128):
        board = random_board(size)
        ix = board.index
        g = _digraph(board)
        positions = _positions(board)
        situations = [(s, Situation(enemies=e, zoc=z)) for s, e, z in positions]
        for mp in (8, 20):
            for (s, sit), (_, e, z) in zip(situations, positions, strict=True):
                got = reach(ix, s, mp, COSTS, STOP_IN_ZOC, sit)
                dist, _ = _reference(g, s, mp, e, z.nodes)
                assert dict(got.cost) == dist, f"{size} MP{mp} source {ix.ids[s]}"
                for n, c in dist.items():  # our paths are legal and cost what reach says
                    assert check_path(ix, got.path(n), mp, COSTS, STOP_IN_ZOC, sit) == c

            def ours_call(mp: int = mp, ix: BoardIndex = ix, todo: Any = situations) -> None:
                for s, sit in todo:
                    reach(ix, s, mp, COSTS, STOP_IN_ZOC, sit)

            def reference_call(mp: int = mp, g: nx.DiGraph = g, todo: Any = positions) -> None:
                for s, e, z in todo:
                    _reference(g, s, mp, e, z.nodes)

            ours_s, ref_s = paired(ours_call, reference_call)
            rows.append(
                Measure(
                    f"movement range with ZOC, {size}x{size}, MP {mp} (per unit)",
                    ours_s / len(situations),
                    ref_s / len(positions),
                    TARGET,
                    "networkx single_source_dijkstra(cutoff)",
                )
            )
    return rows


if __name__ == "__main__":
    for m in measures():
        flag = "ok" if m.met else "BELOW TARGET"
        print(
            f"{m.label}: ours {m.ours * 1e6:.1f} us, {m.reference_name} "
            f"{m.reference * 1e6:.1f} us, ratio {m.ratio:.2f} (target {m.target}) {flag}"
        )
