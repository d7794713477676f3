"""SVG pictures of a board and the units on it, for notebooks, front-ends and bug reports.

``svg(board, state, sides)`` draws hexes coloured by terrain, features as marks, hexside
features as coloured edges, units as labelled counters in their side's colour, and optional
highlighted nodes. Point-to-point maps use the points' ``x``/``y`` attributes when given,
else a seeded spring layout, so the same board always gives the same picture. On point maps
the line classes ``major``, ``minor`` and ``inferior`` are drawn distinctly (with a legend),
line features such as ``highway`` and ``straits`` are overlaid, each point is tinted by the
side controlling it, and a stack of several units shows its count.

Front-ends find things by attribute: every hex or point carries ``data-loc`` (its node id)
and every counter ``data-uid`` (its unit id); the browser client relies on both.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from html import escape

import networkx as nx

from .board import Board
from .hexgrid import Hex
from .state import GameState

TERRAIN_COLOURS: dict[str, str] = {
    "clear": "#f4efd6",
    "forest": "#9cc08a",
    "woods": "#9cc08a",
    "hill": "#d8c59a",
    "hills": "#d8c59a",
    "rough": "#d8c59a",
    "broken": "#d8c59a",
    "mountain": "#b59c7a",
    "mountains": "#b59c7a",
    "marsh": "#a9c9c0",
    "swamp": "#a9c9c0",
    "city": "#cfcfcf",
    "town": "#e0dccc",
    "water": "#9ec9e8",
    "sea": "#9ec9e8",
    "lake": "#9ec9e8",
    "impassable": "#7a7a7a",
}
EDGE_COLOURS: dict[str, tuple[str, float]] = {
    "river": ("#3b7dd8", 2.5),
    "minor-river": ("#3b7dd8", 2.0),
    "major-river": ("#1f5fb8", 4.0),
    "road": ("#8b5a2b", 1.5),
    "rail": ("#222222", 1.5),
    "autobahn": ("#c0392b", 2.5),
    "impassable": ("#333333", 4.0),
    "straits": ("#1f5fb8", 3.0),
    "water": ("#1f5fb8", 3.0),
}
SIDE_COLOURS: tuple[str, ...] = ("#5b7fa6", "#b5483b", "#6b8e23", "#8e6bb5")
CONTROL_TINTS: tuple[str, ...] = ("#c9d8ea", "#efc9c3", "#d6e4bd", "#ddd0ec")
"""Point fills for the side controlling a point, in the same order as ``SIDE_COLOURS``."""
LINE_CLASSES: dict[str, tuple[str, float, str]] = {
    "major": ("#2b2b2b", 4.0, ""),
    "minor": ("#6b6b6b", 2.2, ""),
    "inferior": ("#8a8a8a", 1.4, "6,4"),
}
"""Point-map line classes: (colour, width, dash pattern)."""
LINE_FEATURES: dict[str, tuple[str, float, str]] = {
    "highway": ("#d35400", 1.6, ""),
    "straits": ("#1f5fb8", 2.5, "3,3"),
}
"""Point-map line features drawn over the line: (colour, width, dash pattern)."""
FEATURE_MARKS: dict[str, str] = {
    "city": "#333",
    "town": "#555",
    "fortress": "#000",
    "port": "#1f5fb8",
    "supply": "#c0392b",
}

_SQRT3 = math.sqrt(3)


def _hex_centre(h: Hex, size: float, flat: bool) -> tuple[float, float]:
    if flat:
        return size * 1.5 * h.q, size * _SQRT3 * (h.r + h.q / 2)
    return size * _SQRT3 * (h.q + h.r / 2), size * 1.5 * h.r


def _corners(x: float, y: float, size: float, flat: bool) -> list[tuple[float, float]]:
    start = 0 if flat else -30
    return [
        (
            x + size * math.cos(math.radians(start + 60 * i)),
            y + size * math.sin(math.radians(start + 60 * i)),
        )
        for i in range(6)
    ]


def _positions(board: Board, size: float) -> dict[str, tuple[float, float]]:
    if board.layout is not None:
        flat = board.layout.orientation == "flat"
        return {n: _hex_centre(board.hex_of(n), size, flat) for n in board}
    given = {n: (board.attr(n, "x"), board.attr(n, "y")) for n in board}
    if all(isinstance(x, (int, float)) and isinstance(y, (int, float)) for x, y in given.values()):
        return {n: (float(x) * size, float(y) * size) for n, (x, y) in given.items()}
    layout = nx.spring_layout(board.graph, seed=1)
    scale = size * 3 * max(1.0, math.sqrt(len(board)))
    return {n: (float(p[0]) * scale, float(p[1]) * scale) for n, p in layout.items()}


def svg(
    board: Board,
    state: GameState | None = None,
    sides: Mapping[str, str] | None = None,
    highlight: Iterable[str] = (),
    size: float = 24.0,
    labels: bool = True,
    side_order: Sequence[str] = (),
) -> str:
    """An SVG document of the board; ``sides`` maps unit id -> side for counter colours, the
    sides coloured in ``side_order`` (then in order of appearance)."""
    pos = _positions(board, size)
    xs = [p[0] for p in pos.values()] or [0.0]
    ys = [p[1] for p in pos.values()] or [0.0]
    pad = size * 1.5
    x0, y0 = min(xs) - pad, min(ys) - pad
    width, height = max(xs) - x0 + pad, max(ys) - y0 + pad
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{x0:.1f} {y0:.1f} '
        f'{width:.1f} {height:.1f}" width="{width:.0f}" height="{height:.0f}" '
        f'font-family="sans-serif">'
    ]
    lit = set(highlight)
    flat = board.layout is None or board.layout.orientation == "flat"
    if board.layout is not None:
        for n in sorted(board):
            x, y = pos[n]
            pts = " ".join(f"{a:.1f},{b:.1f}" for a, b in _corners(x, y, size, flat))
            fill = TERRAIN_COLOURS.get(board.terrain(n), "#eeeeee")
            out.append(
                f'<polygon points="{pts}" fill="{fill}" stroke="#999" data-loc="{escape(n)}">'
                f"<title>{escape(n)} {escape(board.terrain(n))}</title></polygon>"
            )
        out.extend(_hexsides(board, pos, size, flat))
        for n in sorted(lit & set(pos)):  # on top, so no neighbour covers the outline
            pts = " ".join(f"{a:.1f},{b:.1f}" for a, b in _corners(*pos[n], size, flat))
            out.append(f'<polygon points="{pts}" fill="none" stroke="#e67e22" stroke-width="3"/>')
    else:
        out.extend(_lines(board, pos))
        tint = _control_tints(state, side_order, sides or {})
        for n in sorted(board):
            x, y = pos[n]
            fill = tint.get(n) or TERRAIN_COLOURS.get(board.terrain(n), "#eeeeee")
            stroke = "#e67e22" if n in lit else "#555"
            out.append(
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{size * 0.4:.1f}" fill="{fill}" '
                f'stroke="{stroke}" data-loc="{escape(n)}"/>'
            )
    for n in sorted(board):
        x, y = pos[n]
        for i, f in enumerate(sorted(board.features(n) & FEATURE_MARKS.keys())):
            out.append(
                f'<circle cx="{x - size * 0.5 + i * size * 0.25:.1f}" '
                f'cy="{y - size * 0.5:.1f}" r="{size * 0.1:.1f}" '
                f'fill="{FEATURE_MARKS[f]}"><title>{escape(f)}</title></circle>'
            )
        if labels:
            out.append(
                f'<text x="{x:.1f}" y="{y - size * 0.55:.1f}" font-size="{size * 0.3:.1f}" '
                f'text-anchor="middle" fill="#555">{escape(n)}</text>'
            )
    if state is not None:
        out.extend(_counters(state, pos, size, sides or {}, side_order, board.layout is None))
    if board.layout is None:
        out.extend(_legend(board, x0, y0, size))
    out.append("</svg>")
    return "\n".join(out)


def _lines(board: Board, pos: Mapping[str, tuple[float, float]]) -> list[str]:
    """Point-map lines by class, with feature overlays."""
    out = []
    for a, b in sorted(board.graph.edges):
        (ax, ay), (bx, by) = pos[a], pos[b]
        cls = str(board.edge_attr(a, b, "line", ""))
        colour, w, dash = LINE_CLASSES.get(cls) or (*EDGE_COLOURS.get(cls, ("#888", 1.5)), "")
        ends = f'x1="{ax:.1f}" y1="{ay:.1f}" x2="{bx:.1f}" y2="{by:.1f}"'
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(
            f'<line {ends} stroke="{colour}" stroke-width="{w}"{dashed}>'
            f"<title>{escape(a)}-{escape(b)} {escape(cls)}</title></line>"
        )
        for f in sorted(board.edge_features(a, b) & LINE_FEATURES.keys()):
            colour, w, dash = LINE_FEATURES[f]
            dashed = f' stroke-dasharray="{dash}"' if dash else ""
            out.append(
                f'<line {ends} stroke="{colour}" stroke-width="{w}"{dashed}>'
                f"<title>{escape(f)}</title></line>"
            )
    return out


def _side_order(side_order: Sequence[str], sides: Mapping[str, str]) -> dict[str, int]:
    order: dict[str, int] = {}
    for side in (*side_order, *sides.values()):
        order.setdefault(side, len(order))
    return order


def _control_tints(
    state: GameState | None, side_order: Sequence[str], sides: Mapping[str, str]
) -> dict[str, str]:
    """Point -> the fill of the side controlling it (nothing without a state)."""
    if state is None:
        return {}
    order = _side_order(side_order, sides)
    return {
        n: CONTROL_TINTS[order.setdefault(side, len(order)) % len(CONTROL_TINTS)]
        for n, side in state.control.items()
    }


def _legend(board: Board, x0: float, y0: float, size: float) -> list[str]:
    """A key to the line classes and features a point map uses (none if it uses none)."""
    used = {str(board.edge_attr(a, b, "line", "")) for a, b in board.graph.edges}
    feats: set[str] = set()
    for a, b in board.graph.edges:
        feats |= board.edge_features(a, b)
    rows = [(c, LINE_CLASSES[c]) for c in LINE_CLASSES if c in used]
    rows += [(f, LINE_FEATURES[f]) for f in LINE_FEATURES if f in feats]
    out = []
    for i, (name, (colour, w, dash)) in enumerate(rows):
        y = y0 + size * (0.8 + 0.6 * i)
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(
            f'<line x1="{x0 + size * 0.4:.1f}" y1="{y:.1f}" x2="{x0 + size * 1.6:.1f}" '
            f'y2="{y:.1f}" stroke="{colour}" stroke-width="{w}"{dashed}/>'
        )
        out.append(
            f'<text x="{x0 + size * 1.8:.1f}" y="{y + size * 0.12:.1f}" '
            f'font-size="{size * 0.35:.1f}" fill="#333">{escape(name)}</text>'
        )
    return out


def _hexsides(
    board: Board, pos: Mapping[str, tuple[float, float]], size: float, flat: bool
) -> list[str]:
    out = []
    for a, b in sorted(board.graph.edges):
        feats = board.edge_features(a, b) & EDGE_COLOURS.keys()
        if not feats:
            continue
        (ax, ay), (bx, by) = pos[a], pos[b]
        mx, my = (ax + bx) / 2, (ay + by) / 2
        dx, dy = by - ay, ax - bx  # the hexside runs across the line between the centres
        norm = math.hypot(dx, dy) or 1.0
        half = size / 2
        ex, ey = dx / norm * half, dy / norm * half
        for f in sorted(feats):
            colour, w = EDGE_COLOURS[f]
            out.append(
                f'<line x1="{mx - ex:.1f}" y1="{my - ey:.1f}" x2="{mx + ex:.1f}" '
                f'y2="{my + ey:.1f}" stroke="{colour}" stroke-width="{w}">'
                f"<title>{escape(f)}</title></line>"
            )
    return out


def _counters(
    state: GameState,
    pos: Mapping[str, tuple[float, float]],
    size: float,
    sides: Mapping[str, str],
    side_order: Sequence[str],
    counts: bool = False,
) -> list[str]:
    order = _side_order(side_order, sides)
    out = []
    stacks: dict[str, list[str]] = {}
    for u in sorted(state.units.values(), key=lambda u: u.id):
        if u.at is not None:
            stacks.setdefault(u.at, []).append(u.id)
    for node, ids in sorted(stacks.items()):
        x, y = pos[node]
        for i, uid in enumerate(ids):
            colour = SIDE_COLOURS[order.get(sides.get(uid, ""), 0) % len(SIDE_COLOURS)]
            w = size * 0.9
            cx, cy = x - w / 2 + i * 3, y - w / 2.6 + i * 3
            out.append(
                f'<rect x="{cx:.1f}" y="{cy:.1f}" width="{w:.1f}" height="{w * 0.75:.1f}" '
                f'fill="{colour}" stroke="#222" rx="2" data-uid="{escape(uid)}">'
                f"<title>{escape(uid)}</title></rect>"
            )
            out.append(
                f'<text x="{cx + w / 2:.1f}" y="{cy + w * 0.5:.1f}" '
                f'font-size="{size * 0.28:.1f}" text-anchor="middle" fill="white">'
                f"{escape(uid[:6])}</text>"
            )
        if counts and len(ids) > 1:
            bx, by = x + size * 0.55 + len(ids) * 3, y - size * 0.45
            out.append(
                f'<circle cx="{bx:.1f}" cy="{by:.1f}" r="{size * 0.22:.1f}" fill="#fff" '
                f'stroke="#222"><title>{len(ids)} units</title></circle>'
            )
            out.append(
                f'<text x="{bx:.1f}" y="{by + size * 0.1:.1f}" font-size="{size * 0.28:.1f}" '
                f'text-anchor="middle" fill="#222">{len(ids)}</text>'
            )
    return out


def unit_sides(units: Mapping[str, object]) -> dict[str, str]:
    """unit id -> side from unit definitions (anything with a ``side`` attribute)."""
    return {uid: str(getattr(d, "side", "")) for uid, d in units.items()}
