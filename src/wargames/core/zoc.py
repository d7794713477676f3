"""Zones of control: which units exert a ZOC into which hexes, and what an enemy ZOC does.

Which units exert a ZOC is the title's call (K45 3.1: attack strength 1 or more; Darkest
Crusade: only undisrupted armies and panzergruppen); it passes them as a mapping unit key ->
node. :class:`ZocPolicy` says into which hexes a ZOC extends, :func:`zones` computes a
:class:`ZoneMap` (per node, the units exerting a ZOC there), and :class:`ZocRules` says what an
enemy ZOC does to movement (used by :mod:`wargames.core.movement`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from typing import Generic, TypeVar

import attrs

from .board_index import BoardIndex

K = TypeVar("K", bound=Hashable)
Node = int | str


def strings(items: Iterable[str]) -> frozenset[str]:
    """A converter: any iterable of names as a frozenset (keeps policies hashable)."""
    return frozenset(items)


def node_id(index: BoardIndex, node: Node) -> int:
    """The integer id of a node given as an id or a label."""
    return node if isinstance(node, int) else index.number[node]


@attrs.frozen(slots=True)
class Barrier:
    """An edge feature that blocks, unless the edge also has one of ``unless``.

    >>> Barrier("major-river", unless=frozenset({"bridge"}))
    Barrier(feature='major-river', unless=frozenset({'bridge'}))
    """

    feature: str
    unless: frozenset[str] = attrs.field(default=frozenset(), converter=strings)

    def masks(self, index: BoardIndex) -> tuple[int, int]:
        """(feature mask, negating mask) on this board."""
        return index.mask(self.feature), index.mask(*self.unless)


def blocked_edge(bits: int, masks: Iterable[tuple[int, int]]) -> bool:
    """Whether an edge with feature ``bits`` is blocked by any of the compiled barriers."""
    return any(bits & m and not bits & u for m, u in masks)


#: K45 3.5(4): no ZOC across impassable or water hexsides, nor unbridged major rivers.
DEFAULT_BARRIERS: tuple[Barrier, ...] = (
    Barrier("impassable"),
    Barrier("water"),
    Barrier("major-river", unless=frozenset({"bridge"})),
)


@attrs.frozen(slots=True)
class ZocPolicy:
    """Into which adjacent hexes a unit's ZOC extends.

    ``barriers``: hexside features a ZOC never crosses. ``closed_terrain``: terrain a ZOC never
    enters (K45 3.5(4): water hexes). ``own_hex``: whether the unit's own hex is in its zone.
    ``extends(unit, source, target)``: an optional per-unit test, e.g. Darkest Crusade's
    panzergruppe in clear terrain whose ZOC covers only adjacent clear hexes.
    """

    barriers: tuple[Barrier, ...] = DEFAULT_BARRIERS
    closed_terrain: frozenset[str] = attrs.field(default=frozenset({"water"}), converter=strings)
    own_hex: bool = True
    extends: Callable[[Hashable, int, int], bool] | None = attrs.field(default=None, eq=False)

    def into(self, index: BoardIndex) -> tuple[tuple[int, ...], ...]:
        """Per node, the neighbours a ZOC from it can extend into (cached per board)."""
        key = ("zoc.into", self.barriers, self.closed_terrain)
        return index.cached(key, self._build_into)

    def _build_into(self, index: BoardIndex) -> tuple[tuple[int, ...], ...]:
        masks = [b.masks(index) for b in self.barriers]
        closed = {index.terrain_code[t] for t in self.closed_terrain if t in index.terrain_code}
        terrain = index.terrain
        blocked: dict[int, bool] = {}  # edge bits -> blocked_edge(bits, masks): few distinct
        for bits in {b for row in index.edge_bits for b in row}:
            blocked[bits] = blocked_edge(bits, masks)
        return tuple(
            tuple(
                [
                    v
                    for v, bits in zip(nbrs, edge_bits, strict=True)
                    if terrain[v] not in closed and not blocked[bits]
                ]
            )
            for nbrs, edge_bits in zip(index.adj, index.edge_bits, strict=True)
        )


@attrs.frozen(slots=True)
class ZoneMap(Generic[K]):
    """Per node, the units exerting a zone of control there; ``node in zm`` is O(1)."""

    by_node: Mapping[int, frozenset[K]]
    nodes: frozenset[int]

    def __contains__(self, node: object) -> bool:
        return node in self.nodes

    def __iter__(self) -> Iterator[int]:
        return iter(self.nodes)

    def __len__(self) -> int:
        return len(self.nodes)

    def exerting(self, node: int) -> frozenset[K]:
        """The units whose ZOC covers ``node`` (empty if none)."""
        return self.by_node.get(node, frozenset())

    def shared(self, a: int, b: int) -> bool:
        """Whether one unit's ZOC covers both nodes (the "same enemy unit" rule)."""
        za, zb = self.by_node.get(a), self.by_node.get(b)
        return za is not None and zb is not None and not za.isdisjoint(zb)

    def without(self, nodes: Iterable[int]) -> ZoneMap[K]:
        """This zone map minus the given nodes.

        K45 3.4: friendly units negate EZOCs in their hexes for supply purposes only, so a
        supply trace uses ``zones.without(friendly_hexes)`` and movement the full map.
        """
        drop = self.nodes.intersection(nodes)
        if not drop:
            return self
        return ZoneMap(
            {n: ks for n, ks in self.by_node.items() if n not in drop}, self.nodes - drop
        )

    def labels(self, index: BoardIndex) -> dict[str, frozenset[K]]:
        """The zone map keyed by node label (for display and tests)."""
        return {index.ids[n]: ks for n, ks in sorted(self.by_node.items())}


def zones(
    index: BoardIndex, units: Mapping[K, Node], policy: ZocPolicy = ZocPolicy()
) -> ZoneMap[K]:
    """The zones of control of ``units`` (unit key -> node), each covering its adjacent hexes
    as ``policy`` allows."""
    into = policy.into(index)
    extends = policy.extends
    own_hex = policy.own_hex
    number = index.number
    acc: dict[int, set[K]] = {}
    get = acc.get
    for key, where in units.items():
        u = where if isinstance(where, int) else number[where]
        if extends is None:
            covered: Iterable[int] = (u, *into[u]) if own_hex else into[u]
        else:
            covered = [u] if own_hex else []
            covered += [v for v in into[u] if extends(key, u, v)]
        for v in covered:
            got = get(v)
            if got is None:
                acc[v] = {key}
            else:
                got.add(key)
    return ZoneMap({n: frozenset(ks) for n, ks in acc.items()}, frozenset(acc))


@attrs.frozen(slots=True)
class ZocRules:
    """What an enemy ZOC does to a moving unit.

    ``enter_cost``/``leave_cost``: extra MP to enter and to leave an EZOC hex (K45 3.0a: +2
    each, cumulative). ``stop_on_enter``: entering an EZOC ends the move (Dark Crusade hex,
    Darkest Crusade). ``no_same_unit``: no move from one EZOC hex directly to another EZOC hex
    of the same enemy unit. ``one_hex_onto_friend``: a move of a single hex onto a hex
    occupied by a friendly unit ignores EZOCs (Dark Crusade hex, Darkest Crusade).
    ``friends_negate``: friendly units negate EZOCs in their hexes for this movement (not in
    K45, 3.4, which negates for supply only). ``forbidden``: the move may neither start in,
    enter nor end in an EZOC (K45 4.4 strategic movement).
    """

    enter_cost: int = 0
    leave_cost: int = 0
    stop_on_enter: bool = False
    no_same_unit: bool = False
    one_hex_onto_friend: bool = False
    friends_negate: bool = False
    forbidden: bool = False

    def active(self) -> bool:
        """Whether an EZOC has any effect at all under these rules."""
        return bool(
            self.enter_cost
            or self.leave_cost
            or self.stop_on_enter
            or self.no_same_unit
            or self.forbidden
        )


#: EZOCs have no effect on movement (e.g. advance after combat, K45 3.5(2)).
IGNORE_ZOC = ZocRules()
