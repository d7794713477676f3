"""DCH: Terrain effects on defence: cities, major/fortress cities, victory cities, forest,
swamp, hills, mountains; cross-river attacks; water for "Edge of the World"."""

from __future__ import annotations

from collections.abc import Iterable

from wargames.core.context import Context

from . import counters as cn
from .position import shared
from .weather import frozen, weather

SEAS = frozenset({"baltic", "black-sea", "azov", "caspian"})
WATER = SEAS | {"lake"}


def water(ctx: Context, node: str) -> bool:
    """Sea, or an unfrozen lake (DCH: Weather: lakes freeze over in Snow)."""
    t = ctx.board.terrain(node)
    if t == "lake":
        return not frozen(weather(ctx))
    return t in SEAS


def water_numbers(ctx: Context) -> frozenset[int]:
    """The node numbers of the hexes that are ``water`` now."""

    def build() -> frozenset[int]:
        index = ctx.board.index
        return frozenset(index.number[n] for n in ctx.board if water(ctx, n))

    # ``water`` reads the board and whether the weather freezes the lakes
    return shared(ctx, ("water", frozen(weather(ctx))), build)


def closed_water(ctx: Context) -> frozenset[str]:
    """The terrains that are water now: the seas, and lakes unless frozen (DCH: Weather:
    "Lakes freeze over and are nullified in Snow"), closed to supply lines and ZOCs."""
    return SEAS if frozen(weather(ctx)) else WATER


def terrain(ctx: Context, node: str) -> str:
    """The terrain that counts now: swamps freeze (to clear, or forest) in Snow."""
    t = ctx.board.terrain(node)
    if frozen(weather(ctx)):
        if t == "swamp":
            return "clear"
        if t == "swamp-forest":
            return "forest"
        if t == "lake":
            return "clear"
    return t


def city_defence(ctx: Context, node: str) -> bool:
    """A city or town (DCH: Weather: the Russian Snow shift is not given against them)."""
    return ctx.board.has(node, "city") or ctx.board.has(node, "town")


CITY_BONUS = ("city", "major", "fortress", "victory")
"""The features giving a defence bonus (DCH: Terrain Effects; a town, "O", gives none)."""


def bonused(ctx: Context, node: str) -> bool:
    """A hex giving any defensive bonus (for the armored overrun's "un-bonused clear")."""
    board = ctx.board
    return terrain(ctx, node) != "clear" or any(board.has(node, f) for f in CITY_BONUS)


def defence_strength(
    ctx: Context,
    node: str,
    units: Iterable[str],
    attackers: Iterable[str],
    view: str | None = None,
) -> int:
    """DCH: Fortresses ... and Terrain Effects: the factor-modified defence of a stack."""
    return sum(modified_defences(ctx, node, units, attackers, view).values())


def modified_defences(
    ctx: Context,
    node: str,
    units: Iterable[str],
    attackers: Iterable[str],
    view: str | None = None,
) -> dict[str, int]:
    """DCH: Fortresses ... and Terrain Effects: each unit's factor-modified defence in a
    stack (the bonuses for one unit go to the strongest).

    Victory cities double every infantry-type unit; major and fortress cities double one;
    cities add 1 to one; forest and swamp add 1 to one; hills double infantry; mountains
    double mountain/infantry factors greater than any attacking mountain unit's.
    """
    units = sorted(units, key=lambda u: -cn.defence_factor(ctx, u, view))
    t = terrain(ctx, node)
    board = ctx.board
    victory = board.has(node, "victory")
    major = board.has(node, "major") or board.has(node, "fortress")
    city = board.has(node, "city")  # "(Solid Dot) Cities": a town ("O") adds nothing
    mountain_attack = max(
        (cn.attack_factor(ctx, a, view) for a in attackers if cn.has(ctx, a, "mountain")),
        default=0,
    )
    out: dict[str, int] = {}
    one_used_city = one_used_terrain = False
    for u in units:
        f = cn.defence_factor(ctx, u, view)
        inf = cn.is_infantry(ctx, u)
        if inf and victory:
            f *= 2
        elif inf and major and not one_used_city:
            f *= 2
            one_used_city = True
        elif inf and city and not one_used_city:
            f += 1
            one_used_city = True
        if (inf and t == "hills") or (
            inf and t == "mountain" and cn.defence_factor(ctx, u, view) > mountain_attack
        ):
            f *= 2
        elif inf and t in ("forest", "swamp", "swamp-forest") and not one_used_terrain:
            f += 1
            one_used_terrain = True
        out[u] = f
    return out


def across_river(ctx: Context, a: str, b: str) -> bool:
    """A river hexside between ``a`` and ``b`` that is not frozen (DCH: Weather)."""
    return "river" in ctx.board.edge_features(a, b) and not frozen(weather(ctx))


def rail_nodes(ctx: Context) -> frozenset[str]:
    """Hexes on a rail line (with a rail hexside)."""
    board = ctx.board

    def build(_: object) -> frozenset[str]:
        return frozenset(
            n for n in board for m in board.neighbours(n) if "rail" in board.edge_features(n, m)
        )

    got: frozenset[str] = board.index.cached("dch.rail-nodes", build)
    return got
