"""Where things go on a picture: node centres, hex corners, hexside ends and the map's box.

Hex maps place hexes by their axial coordinates (flat or pointy); point maps use the points'
``x``/``y`` attributes when every point has them, else a seeded spring layout, so the same
board always gives the same picture.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping

import networkx as nx

from ..board import Board
from ..hexgrid import Hex

SQRT3 = math.sqrt(3)
Point = tuple[float, float]


def hex_centre(h: Hex, size: float, flat: bool) -> Point:
    if flat:
        return size * 1.5 * h.q, size * SQRT3 * (h.r + h.q / 2)
    return size * SQRT3 * (h.q + h.r / 2), size * 1.5 * h.r


def corners(x: float, y: float, size: float, flat: bool) -> list[Point]:
    start = 0 if flat else -30
    return [
        (
            x + size * math.cos(math.radians(start + 60 * i)),
            y + size * math.sin(math.radians(start + 60 * i)),
        )
        for i in range(6)
    ]


def is_flat(board: Board) -> bool:
    return board.layout is None or board.layout.orientation == "flat"


def positions(board: Board, size: float) -> dict[str, Point]:
    """Each node's centre on the picture."""
    if board.layout is not None:
        flat = is_flat(board)
        return {n: hex_centre(board.hex_of(n), size, flat) for n in board}
    given = {n: (board.attr(n, "x"), board.attr(n, "y")) for n in board}
    if all(isinstance(x, (int, float)) and isinstance(y, (int, float)) for x, y in given.values()):
        return {n: (float(x) * size, float(y) * size) for n, (x, y) in given.items()}
    layout = nx.spring_layout(board.graph, seed=1)
    scale = size * 3 * max(1.0, math.sqrt(len(board)))
    return {n: (float(p[0]) * scale, float(p[1]) * scale) for n, p in layout.items()}


def hexside(a: Point, b: Point, size: float) -> tuple[Point, Point]:
    """The two ends of the side shared by the hexes centred at ``a`` and ``b``."""
    (ax, ay), (bx, by) = a, b
    mx, my = (ax + bx) / 2, (ay + by) / 2
    dx, dy = by - ay, ax - bx  # across the line between the centres
    norm = math.hypot(dx, dy) or 1.0
    ex, ey = dx / norm * size / 2, dy / norm * size / 2
    return (mx - ex, my - ey), (mx + ex, my + ey)


def box(points: Iterable[Point], pad: float) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) around ``points`` with ``pad`` on every side."""
    pts = list(points) or [(0.0, 0.0)]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad


def inside(pos: Mapping[str, Point], frame: tuple[float, float, float, float]) -> set[str]:
    """The nodes whose centre lies in ``frame``."""
    x0, y0, x1, y1 = frame
    return {n for n, (x, y) in pos.items() if x0 <= x <= x1 and y0 <= y <= y1}


def f1(v: float) -> str:
    """A coordinate with one decimal (small, stable SVG text)."""
    return f"{v:.1f}"


def pts(points: Iterable[Point]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
