"""Who holds what: units by hex, the side holding a hex, control, and the map's features.

Map features the title reads: ``city`` (major and victory cities), ``major-city``, ``victory``
(attribute ``vp``, default 1), ``fortress`` (attribute ``fire``, default 1), ``town``,
``port``, ``coast``, ``replacement`` (infantry replacement centre), ``factory`` (tank factory),
``romania``, ``oil``, ``objective`` (Leningrad, Moscow, Stalingrad), ``smashing`` (Warsaw and
M1), ``kronshtadt``, ``highway``, ``axis-edge`` and ``russian-edge``. Hexside features:
``river``, ``stalin-line``, ``highway``, ``water`` (closed unless ``strait``; ``ferry`` opens it
to supply only), ``kerch`` (the Kerch Straits: 1 non-armour attacker). Hex attribute
``both_kinds`` (Leningrad): an infantry and a tank replacement may both arrive there.
"""

from __future__ import annotations

from wargames.core.context import Context
from wargames.core.jsonvalue import FrozenDict
from wargames.core.last_entry import LastEntry
from wargames.core.occupancy_memo import per_occupancy
from wargames.core.state import Occupancy

from .counters import AXIS, RUSSIAN

WATER = frozenset({"baltic", "black-sea", "azov", "lake", "caspian"})
SEAS = ("baltic", "black-sea", "azov")


def holder(ctx: Context, occ: Occupancy, node: str) -> str | None:
    """The side whose units are in a hex (None if empty)."""
    units = occ.get(node)
    return ctx.side_of(units[0]) if units else None


def side_hexes(ctx: Context, occ: Occupancy, side: str) -> set[str]:
    return set(held_hexes(ctx, occ, side))


def held_hexes(ctx: Context, occ: Occupancy, side: str) -> frozenset[str]:
    """The hexes holding ``side``'s units (:func:`side_hexes`, frozen), kept while the units
    stand where they stood (:func:`wargames.core.occupancy_memo.per_occupancy`: it reads only
    ``occ`` and the units' sides)."""
    units = ctx.scenario.units
    return per_occupancy(
        occ,
        ctx.scenario,
        ("darkest.held", side),
        lambda: frozenset(n for n, us in occ.items() if units[us[0]].side == side),
    )


def sorted_neighbours(ctx: Context, node: str) -> tuple[str, ...]:
    """``sorted(ctx.board.neighbours(node))``, kept per board (the index numbers the hexes in
    label order and lists each hex's neighbours by number)."""
    index = ctx.board.index
    table: dict[str, tuple[str, ...]] = index.cached(
        ("darkest.sorted-neighbours",),
        lambda ix: {ix.ids[u]: tuple(ix.ids[v] for v in ix.adj[u]) for u in range(len(ix))},
    )
    return table[node]


def enemy(side: str) -> str:
    return RUSSIAN if side == AXIS else AXIS


def land(ctx: Context, node: str) -> bool:
    return ctx.board.terrain(node) not in WATER


def crossable(ctx: Context, a: str, b: str) -> bool:
    """A hexside units may attack or move across: not water, unless a strait."""
    feats = ctx.board.edge_features(a, b)
    return "water" not in feats or "strait" in feats


def controls(ctx: Context, node: str, side: str) -> bool:
    return ctx.state.control.get(node) == side


def is_city(ctx: Context, node: str) -> bool:
    """DC: Fortresses ... Cities: 'fortresses and cities can absorb hits'."""
    return ctx.board.has(node, "city") or ctx.board.has(node, "fortress")


def city_or_town(ctx: Context, node: str) -> bool:
    """DC: Weather: units 'defending in any city or town' keep their full fire."""
    return ctx.board.has(node, "city") or ctx.board.has(node, "town")


def strongpoint(ctx: Context, node: str) -> bool:
    """DC: Fortresses ...: victory cities and fortresses must be attacked to be taken, even
    undefended, and fire in their own defence."""
    return ctx.board.has(node, "victory") or ctx.board.has(node, "fortress")


def strongpoints(ctx: Context) -> frozenset[str]:
    """Every victory city and fortress of the map (computed once per board)."""
    board = ctx.board
    return board.index.cached(
        ("darkest.strongpoints",),
        lambda _: frozenset(n for n in board if strongpoint(ctx, n)),
    )


DEFENDED = "defended"
"""State variable: major city -> [the turn it was last defended, the side defending it]."""


def defended_cities(ctx: Context) -> frozenset[str]:
    """DC: Fortresses ...: "a major city not being defended during that turn can just be
    freely entered/occupied": the major cities defended this turn by the side still holding
    them, which until the turn ends must be attacked to be taken like victory cities and
    fortresses (recorded by the battle, :func:`note_defended`)."""
    control = ctx.state.control
    return frozenset(n for n, side in _defended_now(ctx) if control.get(n) == side)


_DEFENDED: LastEntry[tuple[tuple[str, str], ...]] = LastEntry()
"""The ``defended`` variable's value, the turn, and its entries of that turn, last asked."""


def _defended_now(ctx: Context) -> tuple[tuple[str, str], ...]:
    """The (major city, side defending it) recorded for this turn, in the variable's order."""
    got = ctx.state.get(DEFENDED) or {}
    turn = ctx.turn
    return _DEFENDED.get(
        (got,),
        lambda: tuple((n, side) for n, (t, side) in got.items() if t == turn),
        values=turn,
        keep=isinstance(got, FrozenDict),  # immutable (``state.set`` freezes): safe to keep
    )


def note_defended(ctx: Context, node: str, side: str) -> None:
    """Record that ``side`` defends the major city ``node`` this turn (see
    :func:`defended_cities`)."""
    if ctx.board.has(node, "major-city"):
        got = dict(ctx.state.get(DEFENDED) or {})
        got[node] = (ctx.turn, side)
        ctx.state.set(DEFENDED, got)


def held_point(ctx: Context, node: str) -> bool:
    """Whether ``node``, empty and enemy-held, must be attacked to be taken: a victory city,
    a fortress, or a major city defended this turn."""
    return strongpoint(ctx, node) or node in defended_cities(ctx)


def held_points(ctx: Context) -> frozenset[str]:
    """Every hex that must be attacked to be taken now, whoever holds it (:func:`held_point`)."""
    return strongpoints(ctx) | defended_cities(ctx)


def water(ctx: Context) -> frozenset[str]:
    """Every sea and lake hex of the map (computed once per board)."""
    board = ctx.board
    return board.index.cached(
        ("darkest.water",), lambda _: frozenset(n for n in board if board.terrain(n) in WATER)
    )


def city_fire(ctx: Context, node: str) -> int:
    """DC: Fortresses ...: a victory city or fortress has an UnDisruptible defensive firing
    factor of 1 - Sevastopol 2 (attribute ``fire``)."""
    if not strongpoint(ctx, node):
        return 0
    return int(ctx.board.attr(node, "fire", 1))


def take_hits(ctx: Context, node: str) -> int:
    """DC: Fortresses ...: one hit takes an emptied fortress or major city; Moscow needs 2 in
    the same battle round (attribute ``take_hits``)."""
    return int(ctx.board.attr(node, "take_hits", 1))


def vp(ctx: Context, node: str) -> int:
    """DC: Victory Conditions: victory point cities count 1, Moscow 2 (attribute ``vp``)."""
    return int(ctx.board.attr(node, "vp", 1)) if ctx.board.has(node, "victory") else 0


def set_control(ctx: Context, node: str, side: str) -> None:
    ctx.state.control[node] = side


def in_romania(ctx: Context, node: str) -> bool:
    return ctx.board.has(node, "romania")
