"""The key beside the map (only what this picture uses: terrain, hexsides, routes, places,
line classes, sides, counter types, markers, overlays) and the banner above it."""

from __future__ import annotations

import math
from collections.abc import Callable
from html import escape

from . import style
from .counter_art import nato_symbol
from .geometry import f1
from .map_art import place_kind
from .picture import Picture

Swatch = Callable[[float, float, float], list[str]]
"""Draws a key's symbol in the box at (x, y) of a given height."""


def _fill(colour: str) -> Swatch:
    def draw(x: float, y: float, h: float) -> list[str]:
        return [
            f'<rect x="{f1(x)}" y="{f1(y)}" width="{f1(h * 1.6)}" height="{f1(h)}" '
            f'fill="{colour}" stroke="#888" stroke-width="0.5"/>'
        ]

    return draw


def _line(colour: str, width: float, dash: str = "", ties: bool = False) -> Swatch:
    def draw(x: float, y: float, h: float) -> list[str]:
        ends = f'x1="{f1(x)}" y1="{f1(y + h / 2)}" x2="{f1(x + h * 1.6)}" y2="{f1(y + h / 2)}"'
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        out = [f'<line {ends} stroke="{colour}" stroke-width="{f1(width)}"{dashed}/>']
        if ties:
            out.append(
                f'<line {ends} stroke="#fff" stroke-width="{f1(width * 0.45)}" '
                f'stroke-dasharray="{f1(h * 0.25)},{f1(h * 0.25)}"/>'
            )
        return out

    return draw


def _nato(kind: str) -> Swatch:
    def draw(x: float, y: float, h: float) -> list[str]:
        return nato_symbol(kind, x + h * 0.2, y + h * 0.1, h * 1.3, h * 0.8)

    return draw


def _chip(marker: str) -> Swatch:
    text, fill, ink = style.MARKERS.get(marker, (marker[:3].title(), "#555555", "#ffffff"))

    def draw(x: float, y: float, h: float) -> list[str]:
        return [
            f'<rect x="{f1(x)}" y="{f1(y)}" width="{f1(h * 1.6)}" height="{f1(h)}" rx="2" '
            f'fill="{fill}" stroke="#000" stroke-width="0.5"/><text x="{f1(x + h * 0.8)}" '
            f'y="{f1(y + h * 0.78)}" font-size="{f1(h * 0.75)}" text-anchor="middle" '
            f'font-weight="bold" fill="{ink}">{escape(text)}</text>'
        ]

    return draw


def entries(
    picture: Picture, size: float, colours: dict[str, tuple[str, str]]
) -> list[tuple[str, Swatch]]:
    """The key's rows, in order, for what ``picture`` draws."""
    board = picture.board
    rows: list[tuple[str, Swatch]] = []
    for side, (colour, _) in colours.items():
        rows.append((f"{side}", _fill(colour)))
    if any(c.reduced for c in picture.counters):
        rows.append(("reduced side", _fill(style.REDUCED_COLOURS[0])))
    kinds = sorted({c.kind for c in picture.counters})
    rows += [(k, _nato(k)) for k in kinds]
    markers = sorted({m for c in picture.counters for m in c.markers})
    rows += [(m, _chip(m)) for m in markers]
    if board.layout is not None:
        by_fill: dict[str, list[str]] = {}
        for t in sorted({board.terrain(n) for n in board}):
            by_fill.setdefault(style.terrain_fill(t), []).append(t)
        for fill, names in by_fill.items():
            text = "water" if fill == style.WATER_FILL and len(names) > 1 else "/".join(names)
            rows.append((text, _fill(fill)))
        edge_feats: set[str] = set()
        for a, b in board.graph.edges:
            edge_feats |= board.edge_features(a, b)
        for kind, (colour, width, _) in style.ROUTES.items():
            if kind in edge_feats:
                rows.append((kind, _line(colour, width * size, ties=kind == "rail")))
        for kind, (colour, width, dash) in style.hexside_styles(edge_feats).items():
            d = ",".join(f1(float(v) * size) for v in dash.split(",")) if dash else ""
            rows.append((kind, _line(colour, width * size, d)))
        feats: set[str] = set()
        for n in board:
            feats |= board.features(n)
        used = {place_kind(board.features(n)) for n in board} - {None}
        for kind in style.PLACES:
            if kind in used:
                shape, k = style.PLACES[kind]
                r = k * 0.5
                name = "major city" if kind == "major" else kind.replace("-", " ")
                if shape == "square":
                    rows.append((name, _square(2 * r * size)))
                else:
                    rows.append((name, _dot(r * size)))
        if "fortress" in feats:
            rows.append(("fortress", _dot(size * 0.12, style.FORTRESS)))
        if "port" in feats:
            rows.append(("port", _dot(size * 0.1, style.PORT)))
        if feats & style.VICTORY_FEATURES or any(board.attr(n, "vp") for n in board):
            rows.append(("victory location", _dot(size * 0.12, style.VICTORY)))
    else:
        used_lines = {str(board.edge_attr(a, b, "line", "")) for a, b in board.graph.edges}
        looks = style.line_styles(used_lines)
        known = [c for c in style.LINE_CLASSES if c in looks]
        for cls in known + sorted(c for c in looks if c not in style.LINE_CLASSES):
            colour, width, dash = looks[cls]
            rows.append((f"{cls} line" if cls else "line", _line(colour, width, dash)))
        line_feats: set[str] = set()
        for a, b in board.graph.edges:
            line_feats |= board.edge_features(a, b)
        for f, (colour, width, dash) in style.LINE_FEATURES.items():
            if f in line_feats:
                rows.append((f, _line(colour, width, dash)))
        if any(board.attr(n, "vp") for n in board):
            rows.append(("victory points", _dot(size * 0.12, style.VICTORY)))
    if picture.zoc:
        for side in sorted(picture.zoc):
            if side in colours:
                rows.append((f"{side} ZOC", _fill(f"url(#zoc-{escape(side)})")))
    if picture.moves:
        rows.append(("legal move", _fill(style.MOVE_FILL)))
    if picture.targets:
        rows.append(("attack target", _line(style.TARGET, size * 0.07)))
    if picture.arrows:
        rows.append(("last move", _line(style.ARROW, size * 0.13)))
    if picture.supply:
        rows.append(("in supply", _line(style.IN_SUPPLY[1], size * 0.09)))
        for state, colour in dict(style.SUPPLY_STATES.values()).items():
            rows.append(
                (f"{state} supply" if state != "isolated" else state, _line(colour, size * 0.09))
            )
    return rows


def _square(side: float, fill: str = style.PLACE_FILL) -> Swatch:
    def draw(x: float, y: float, h: float) -> list[str]:
        return [
            f'<rect x="{f1(x + h * 0.8 - side / 2)}" y="{f1(y + h / 2 - side / 2)}" '
            f'width="{f1(side)}" height="{f1(side)}" fill="{fill}"/>'
        ]

    return draw


def _dot(r: float, fill: str = style.PLACE_FILL) -> Swatch:
    def draw(x: float, y: float, h: float) -> list[str]:
        return [f'<circle cx="{f1(x + h * 0.8)}" cy="{f1(y + h / 2)}" r="{f1(r)}" fill="{fill}"/>']

    return draw


def legend(
    rows: list[tuple[str, Swatch]], x: float, y: float, height: float, size: float
) -> tuple[list[str], float]:
    """The key in columns from (x, y), each at most ``height`` tall; returns the SVG and its
    width."""
    h = size * 0.42
    rh = size * 0.62
    per_col = max(1, int((height - rh) // rh))
    cols = math.ceil(len(rows) / per_col) if rows else 0
    col_w = size * 5.2
    out = [f'<g class="legend" font-size="{f1(size * 0.36)}">']
    out.append(
        f'<text x="{f1(x)}" y="{f1(y + size * 0.35)}" font-weight="bold" fill="#222">Key</text>'
    )
    for i, (text, swatch) in enumerate(rows):
        c, r = divmod(i, per_col)
        cx, cy = x + c * col_w, y + rh * (r + 1)
        out += swatch(cx, cy, h)
        out.append(
            f'<text x="{f1(cx + h * 1.9)}" y="{f1(cy + h * 0.8)}" fill="#222">{escape(text)}</text>'
        )
    out.append("</g>")
    return out, cols * col_w


def wrap(parts: list[str], chars: int) -> list[str]:
    """``parts`` joined by " · " into lines of at most ``chars`` characters (a longer part
    stands alone)."""
    lines: list[str] = []
    for part in parts:
        if lines and len(lines[-1]) + 3 + len(part) <= chars:
            lines[-1] += " · " + part
        else:
            lines.append(part)
    return lines


def banner_lines(status: str, width: float, size: float) -> list[str]:
    """The status line wrapped to the banner's width."""
    return wrap(status.split(" · "), max(20, int(width / (size * 0.4 * 0.56))))


def title_lines(title: str, width: float, size: float) -> list[str]:
    """The title wrapped by words to the banner's width."""
    chars = max(16, int(width / (size * 0.5 * 0.62)))
    lines: list[str] = []
    for word in title.split():
        if lines and len(lines[-1]) + 1 + len(word) <= chars:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def banner_height(title: list[str], status: list[str], size: float) -> float:
    return size * (0.35 + 0.6 * len(title) + 0.5 * len(status))


def banner(
    title: list[str], status: list[str], x: float, y: float, width: float, size: float
) -> list[str]:
    """The heading: the title in bold, the turn, phase and side to move below."""
    h = banner_height(title, status, size)
    out = [
        '<g class="banner">',
        f'<rect x="{f1(x)}" y="{f1(y)}" width="{f1(width)}" height="{f1(h)}" fill="#2c3e50"/>',
    ]
    for i, line in enumerate(title):
        out.append(
            f'<text x="{f1(x + size * 0.4)}" y="{f1(y + size * (0.6 + 0.6 * i))}" '
            f'font-size="{f1(size * 0.5)}" font-weight="bold" fill="#fff">{escape(line)}</text>'
        )
    top = 0.6 * len(title) + 0.55
    for i, line in enumerate(status):
        out.append(
            f'<text x="{f1(x + size * 0.4)}" y="{f1(y + size * (top + 0.5 * i))}" '
            f'font-size="{f1(size * 0.4)}" fill="#ecf0f1">{escape(line)}</text>'
        )
    out.append("</g>")
    return out
