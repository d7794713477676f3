"""Command ranges: the hexes an HQ (or any leader) commands, counted in hexes from it.

Chit-pull and leader games activate the units within a leader's range, counted in hexes over
the map with limits: some terrain the count never enters (water), some hexsides it never
crosses (impassable), and some it crosses only to stop in the first hex beyond (an unbridged
major river, K45 2.2e). Enemy units and zones of control usually do not matter. A title gives
these limits as a frozen :class:`RangeRules`; :func:`command_range` answers with the distance of
every node within range, by a breadth-first search over the compiled board (cached tables).
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from .board_index import BoardIndex
from .retreat import HexsideMatch
from .zoc import Node, node_id, strings


def _matches(value: Iterable[HexsideMatch]) -> tuple[HexsideMatch, ...]:
    return tuple(value)


@attrs.frozen(slots=True)
class RangeRules:
    """What limits a range count.

    ``closed_terrain``: terrain the count never enters (K45 2.2e: water hexes).
    ``closed_hexsides``: hexsides it never crosses (K45 2.2e: impassable).
    ``stop_hexsides``: hexsides it may cross only to stop in the first hex beyond (K45 2.2e:
    unbridged major rivers).
    """

    closed_terrain: frozenset[str] = attrs.field(default=frozenset(), converter=strings)
    closed_hexsides: tuple[HexsideMatch, ...] = attrs.field(default=(), converter=_matches)
    stop_hexsides: tuple[HexsideMatch, ...] = attrs.field(default=(), converter=_matches)

    def table(self, index: BoardIndex) -> tuple[tuple[tuple[int, bool], ...], ...]:
        """Per node, the neighbours a count may step to and whether that step stops it."""
        return index.cached(("command.range", self), self._build)

    def _build(self, index: BoardIndex) -> tuple[tuple[tuple[int, bool], ...], ...]:
        closed = {index.terrain_code[t] for t in self.closed_terrain if t in index.terrain_code}
        terrain = index.terrain
        memo: dict[int, tuple[bool, bool]] = {}  # edge bits -> (closed, stops): few distinct

        def kind(bits: int) -> tuple[bool, bool]:
            got = memo.get(bits)
            if got is None:
                got = memo[bits] = (
                    any(h.matches(index, bits) for h in self.closed_hexsides),
                    any(h.matches(index, bits) for h in self.stop_hexsides),
                )
            return got

        rows = []
        for nbrs, edge_bits in zip(index.adj, index.edge_bits, strict=True):
            row = []
            for v, bits in zip(nbrs, edge_bits, strict=True):
                if terrain[v] in closed:
                    continue
                shut, stop = kind(bits)
                if not shut:
                    row.append((v, stop))
            rows.append(tuple(row))
        return tuple(rows)


def command_range(
    index: BoardIndex,
    start: Node,
    hexes: int,
    rules: RangeRules = RangeRules(),
    going: bool = False,
) -> dict[int, int]:
    """Node number -> hexes counted from ``start`` (0 for the start), for every node within
    ``hexes``. The start's own hex is not counted; the target's is (K45 2.2e: a range of four
    reaches units four hexes away). With ``going``, only the nodes the count goes on from,
    each with the fewest hexes of a way in that does not stop there (K45 12.6(3): the Frische
    Haff counts as one hex beyond such a node). It depends on the board alone, so each answer
    is kept with the board's index (a copy is returned)."""
    s = node_id(index, start)
    found, on = index.cached(
        ("command.range.from", rules, s, hexes), lambda ix: _count(ix, s, hexes, rules)
    )
    return dict(on if going else found)


def _count(
    index: BoardIndex, s: int, hexes: int, rules: RangeRules
) -> tuple[dict[int, int], dict[int, int]]:
    """Breadth-first over (node, stopped): a node keeps the distance of its nearest arrival,
    and the count goes on from it as soon as a way in does not stop there, even a longer one
    (K45 2.2e: a range stopped straight across an unbridged river still goes round it).
    Returns (every node reached, the nodes the count goes on from), each with its distance."""
    table = rules.table(index)
    found = {s: 0}
    going = {s: 0}  # nodes the count goes on from
    frontier = [s]
    for d in range(1, hexes + 1):
        level: set[int] = set()
        for u in frontier:
            for v, stop in table[u]:
                found.setdefault(v, d)
                if not stop and v not in going:
                    going[v] = d
                    level.add(v)
        frontier = sorted(level)
    return found, going
