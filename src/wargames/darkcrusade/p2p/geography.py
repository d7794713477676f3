"""The point-and-line map: the 1941 border, victory points, fortresses, ports and seas,
Elista, the Kerch Straits, the highway, the Siberia and west-edge boxes; and who controls what.

Point attributes: ``country`` (the side of the 1941 border it lies on), ``vp``, ``sea``
(ports), ``box`` (the side that may use an off-map box), ``supply`` (a side's supply source).
Point features: ``fortress``, ``port``, ``elista``, ``kerch`` (either side of the Straits),
``box``. Line features: ``highway``, ``straits``, ``no-strategic``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import attrs

from wargames.core.context import Context
from wargames.core.state import Occupancy

from . import counters as cn

BLACK_SEAS = ("black", "azov")


@attrs.frozen
class Point:
    """A point's attributes, read once per board."""

    country: str
    vp: int
    box: str | None
    supply: str | None
    neighbours: tuple[str, ...]


def points(ctx: Context) -> Mapping[str, Point]:
    """Every point's :class:`Point`, built once per board."""
    board = ctx.board

    def build(_: object) -> dict[str, Point]:
        return {
            p: Point(
                str(board.attr(p, "country")),
                int(board.attr(p, "vp", 0)),
                board.attr(p, "box"),
                board.attr(p, "supply"),
                tuple(sorted(board.neighbours(p))),
            )
            for p in board
        }

    got: dict[str, Point] = board.index.cached("dc2-points", build)
    return got


def enemy(side: str) -> str:
    return cn.SOVIET if side == cn.AXIS else cn.AXIS


def country(ctx: Context, point: str) -> str:
    """The side of the 1941 border the point lies on."""
    return points(ctx)[point].country


def vp(ctx: Context, point: str) -> int:
    return points(ctx)[point].vp


def is_box(ctx: Context, point: str) -> bool:
    return points(ctx)[point].box is not None


def box_for(ctx: Context, point: str, side: str) -> bool:
    """Whether ``side`` may use the point: an off-map box only by its own side (Siberia: the
    Soviets; the west edge: the Axis, DC2 Strategic Land Movement)."""
    owner = points(ctx)[point].box
    return owner is None or owner == side


def fortress_level(ctx: Context, point: str) -> int:
    """DC2 Terrain C: 1 for a fortress, 2 for a victory city fortress, 3 for a double-value
    victory city fortress; 0 elsewhere."""
    if not ctx.board.has(point, "fortress"):
        return 0
    return 1 + min(vp(ctx, point), 2)


def sea(ctx: Context, point: str) -> str | None:
    got = ctx.board.attr(point, "sea")
    return None if got is None else str(got)


def same_sea(a: str, b: str) -> bool:
    """DC2 B: the Black Sea and the Sea of Azov are considered the same sea."""
    return a == b or (a in BLACK_SEAS and b in BLACK_SEAS)


def holder(ctx: Context, occ: Occupancy, point: str) -> str | None:
    """The side whose units stand on the point, if any."""
    units = occ.get(point)
    return ctx.side_of(units[0]) if units else None


def set_control(ctx: Context, point: str, side: str) -> None:
    if ctx.state.control.get(point) != side and not is_box(ctx, point):
        ctx.state.control[point] = side
        ctx.emit("control", f"{side} takes control of {point}", point=point, side=side)


def highway(ctx: Context, a: str, b: str) -> bool:
    return "highway" in ctx.board.edge_features(a, b)


def straits(ctx: Context, a: str, b: str) -> bool:
    return "straits" in ctx.board.edge_features(a, b)


def on_highway(ctx: Context, point: str) -> bool:
    return any(highway(ctx, point, q) for q in ctx.board.neighbours(point))


def kerch_points(ctx: Context) -> list[str]:
    return ctx.board.nodes_with("kerch")


def controls_all(ctx: Context, points: Iterable[str], side: str) -> bool:
    return all(ctx.state.control.get(p) == side for p in points)
