"""The map under the counters: hexes filled by terrain, roads and rails from centre to centre,
rivers and lines on hexsides, towns and cities with their names, victory locations and
control; on point maps, lines by class, points tinted by control, names and victory points."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from html import escape

from ..board import Board
from . import style
from .geometry import Point, corners, f1, hexside, pts

Colours = Mapping[str, tuple[str, str]]


def hexes(
    board: Board, pos: Mapping[str, Point], size: float, flat: bool, nodes: Collection[str]
) -> list[str]:
    """A polygon per hex, filled by its terrain (with the label and terrain as its title)."""
    out = ['<g class="hexes" stroke="#9a9a8a" stroke-width="0.6">']
    for n in sorted(nodes):
        terrain = board.terrain(n)
        out.append(
            f'<polygon points="{pts(corners(*pos[n], size, flat))}" '
            f'fill="{style.terrain_fill(terrain)}" data-loc="{escape(n)}">'
            f"<title>{escape(n)} {escape(terrain)}</title>"
            "</polygon>"
        )
    out.append("</g>")
    return out


def _edges(board: Board, nodes: Collection[str]) -> list[tuple[str, str]]:
    return sorted(
        (a, b) if a < b else (b, a) for a, b in board.graph.edges if a in nodes or b in nodes
    )


def routes(
    board: Board, pos: Mapping[str, Point], size: float, nodes: Collection[str]
) -> list[str]:
    """Roads, highways, autobahns and rails drawn from hex centre to hex centre."""
    out = ['<g class="routes" pointer-events="none" stroke-linecap="round">']
    edges = _edges(board, nodes)
    for kind, (colour, width, _) in style.ROUTES.items():
        for a, b in edges:
            if kind not in board.edge_features(a, b):
                continue
            (ax, ay), (bx, by) = pos[a], pos[b]
            ends = f'x1="{f1(ax)}" y1="{f1(ay)}" x2="{f1(bx)}" y2="{f1(by)}"'
            out.append(
                f'<line {ends} stroke="{colour}" stroke-width="{f1(width * size)}">'
                f"<title>{kind}</title></line>"
            )
            if kind == "rail":  # cross-ties
                tie = f1(size * 0.12)
                out.append(
                    f'<line {ends} stroke="#fff" stroke-width="{f1(width * size * 0.45)}" '
                    f'stroke-dasharray="{tie},{tie}" stroke-linecap="butt"/>'
                )
    out.append("</g>")
    return out


def hexsides(
    board: Board, pos: Mapping[str, Point], size: float, nodes: Collection[str]
) -> list[str]:
    """Rivers, water, fortified lines and other hexside features along the hexsides; a bridge
    where a road or rail crosses a river."""
    out = ['<g class="hexsides" pointer-events="none" stroke-linecap="round">']
    for a, b in _edges(board, nodes):
        feats = board.edge_features(a, b)
        drawn = style.hexside_styles(feats)
        if not drawn:
            continue
        (x1, y1), (x2, y2) = hexside(pos[a], pos[b], size)
        for f, (colour, width, dash) in sorted(drawn.items()):
            dashed = ""
            if dash:
                d1, d2 = (float(v) * size for v in dash.split(","))
                dashed = f' stroke-dasharray="{f1(d1)},{f1(d2)}"'
            out.append(
                f'<line x1="{f1(x1)}" y1="{f1(y1)}" x2="{f1(x2)}" y2="{f1(y2)}" '
                f'stroke="{colour}" stroke-width="{f1(width * size)}"{dashed}>'
                f"<title>{escape(f)}</title></line>"
            )
        if "bridge" in feats or (feats & style.ROUTES.keys() and feats & {"river", "major-river"}):
            (ax, ay), (bx, by) = pos[a], pos[b]
            mx, my = (ax + bx) / 2, (ay + by) / 2
            dx, dy = (bx - ax) * 0.12, (by - ay) * 0.12
            colour, width = style.BRIDGE
            out.append(
                f'<line x1="{f1(mx - dx)}" y1="{f1(my - dy)}" x2="{f1(mx + dx)}" '
                f'y2="{f1(my + dy)}" stroke="{colour}" stroke-width="{f1(width * size * 2.2)}" '
                f'stroke-linecap="butt"><title>bridge</title></line>'
            )
    out.append("</g>")
    return out


def place_kind(features: Collection[str]) -> str | None:
    """The largest settlement a node's features name (see ``style.PLACES``), or None."""
    for kind in style.PLACES:
        if kind in features:
            return kind
    return None


def places(
    board: Board,
    pos: Mapping[str, Point],
    size: float,
    nodes: Collection[str],
    control: Mapping[str, str],
    colours: Colours,
    labels: bool,
) -> list[str]:
    """Hex labels; towns, cities, fortresses and ports; victory locations (a star, with
    their points); the side controlling each of these places as a ring."""
    out = ['<g class="places" pointer-events="none">']
    for n in sorted(nodes):
        x, y = pos[n]
        feats = board.features(n)
        if labels:
            out.append(
                f'<text x="{f1(x)}" y="{f1(y - size * 0.62)}" font-size="{f1(size * 0.2)}" '
                f'text-anchor="middle" fill="#777">{escape(n)}</text>'
            )
        kind = place_kind(feats)
        vp = board.attr(n, "vp")
        victory = bool(feats & style.VICTORY_FEATURES) or bool(vp)
        if kind is not None or victory:
            side = control.get(n)
            if side is not None and side in colours:
                out.append(
                    f'<circle cx="{f1(x)}" cy="{f1(y)}" r="{f1(size * 0.36)}" fill="none" '
                    f'stroke="{colours[side][0]}" stroke-width="{f1(size * 0.045)}">'
                    f"<title>{escape(side)} control</title></circle>"
                )
        if kind is not None:
            shape, k = style.PLACES[kind]
            r = k * size / 2
            if shape == "square":
                out.append(
                    f'<rect x="{f1(x - r)}" y="{f1(y - r)}" width="{f1(2 * r)}" '
                    f'height="{f1(2 * r)}" fill="{style.PLACE_FILL}" stroke="#fff" '
                    f'stroke-width="0.6">'
                    f"<title>{kind}</title></rect>"
                )
            else:
                out.append(
                    f'<circle cx="{f1(x)}" cy="{f1(y)}" r="{f1(r)}" fill="{style.PLACE_FILL}" '
                    f'stroke="#fff" stroke-width="0.5"><title>{kind}</title></circle>'
                )
        if "fortress" in feats:
            r = size * 0.2
            out.append(
                f'<polygon points="{pts(_star(x - size * 0.42, y - size * 0.3, r, 4))}" '
                f'fill="{style.FORTRESS}"><title>fortress</title></polygon>'
            )
        if "port" in feats:
            out.append(_anchor(x - size * 0.45, y + size * 0.2, size * 0.16))
        if victory:
            out.append(
                f'<polygon points="{pts(_star(x + size * 0.42, y - size * 0.32, size * 0.17, 5))}" '
                f'fill="{style.VICTORY}" stroke="#fff" stroke-width="0.4"><title>victory'
                f"{f' {vp} VP' if vp else ''}</title></polygon>"
            )
            if vp:
                out.append(
                    f'<text x="{f1(x + size * 0.42)}" y="{f1(y - size * 0.05)}" '
                    f'font-size="{f1(size * 0.2)}" text-anchor="middle" fill="{style.VICTORY}" '
                    f'font-weight="bold">{escape(str(vp))}</text>'
                )
    out.append("</g>")
    return out


def names(
    board: Board, pos: Mapping[str, Point], size: float, nodes: Collection[str], offset: float
) -> list[str]:
    """Place names under their node, with a white halo (drawn above the counters)."""
    out = [
        '<g class="names" pointer-events="none" paint-order="stroke" stroke="#fff" '
        'stroke-linejoin="round">'
    ]
    fs = size * 0.3
    for n in sorted(nodes):
        name = board.attr(n, "name")
        if not name:
            continue
        x, y = pos[n]
        big = place_kind(board.features(n)) in ("major-city", "major", "capital", "city")
        bold = ' font-weight="bold"' if big else ""
        out.append(
            f'<text x="{f1(x)}" y="{f1(y + offset)}" font-size="{f1(fs * (1.15 if big else 1))}" '
            f'text-anchor="middle" fill="#111" stroke-width="{f1(fs * 0.25)}"{bold}>'
            f"{escape(str(name))}</text>"
        )
    out.append("</g>")
    return out


def _star(x: float, y: float, r: float, points: int) -> list[Point]:
    import math

    out = []
    for i in range(points * 2):
        rr = r if i % 2 == 0 else r * 0.45
        a = math.pi * i / points - math.pi / 2
        out.append((x + rr * math.cos(a), y + rr * math.sin(a)))
    return out


def _anchor(x: float, y: float, r: float) -> str:
    return (
        f'<g stroke="{style.PORT}" stroke-width="{f1(r * 0.3)}" fill="none"><title>port</title>'
        f'<line x1="{f1(x)}" y1="{f1(y - r)}" x2="{f1(x)}" y2="{f1(y + r)}"/>'
        f'<line x1="{f1(x - r * 0.5)}" y1="{f1(y - r * 0.5)}" x2="{f1(x + r * 0.5)}" '
        f'y2="{f1(y - r * 0.5)}"/><path d="M{f1(x - r)},{f1(y + r * 0.3)} '
        f'q{f1(r)},{f1(r * 1.2)} {f1(2 * r)},0"/></g>'
    )


# --- point maps ------------------------------------------------------------------------------


def lines(board: Board, pos: Mapping[str, Point]) -> list[str]:
    """Point-map lines by class, with feature overlays."""
    out = ['<g class="lines">']
    looks = style.line_styles(
        {str(board.edge_attr(a, b, "line", "")) for a, b in board.graph.edges}
    )
    for a, b in sorted(board.graph.edges):
        (ax, ay), (bx, by) = pos[a], pos[b]
        cls = str(board.edge_attr(a, b, "line", ""))
        colour, w, dash = looks[cls]
        ends = f'x1="{f1(ax)}" y1="{f1(ay)}" x2="{f1(bx)}" y2="{f1(by)}"'
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(
            f'<line {ends} stroke="{colour}" stroke-width="{w}"{dashed}>'
            f"<title>{escape(a)}-{escape(b)} {escape(cls)}</title></line>"
        )
        for f in sorted(board.edge_features(a, b) & style.LINE_FEATURES.keys()):
            colour, w, dash = style.LINE_FEATURES[f]
            dashed = f' stroke-dasharray="{dash}"' if dash else ""
            out.append(
                f'<line {ends} stroke="{colour}" stroke-width="{w}"{dashed}>'
                f"<title>{escape(f)}</title></line>"
            )
    out.append("</g>")
    return out


def points(
    board: Board,
    pos: Mapping[str, Point],
    size: float,
    control: Mapping[str, str],
    tints: Mapping[str, str],
    highlight: Collection[str],
    labels: bool,
) -> list[str]:
    """A circle per point, tinted by the side controlling it; cities and fortresses marked,
    victory points starred; the point's name beside it."""
    out = ['<g class="points">']
    for n in sorted(board):
        x, y = pos[n]
        feats = board.features(n)
        side = control.get(n)
        fill = (
            tints.get(side, "#eeeeee") if side is not None else style.terrain_fill(board.terrain(n))
        )
        stroke = style.HIGHLIGHT if n in highlight else "#444"
        big = "city" in feats
        r = size * (0.45 if big else 0.32)
        out.append(
            f'<circle cx="{f1(x)}" cy="{f1(y)}" r="{f1(r)}" fill="{fill}" stroke="{stroke}" '
            f'stroke-width="{f1(size * (0.1 if n in highlight else 0.05))}" data-loc="{escape(n)}">'
            f"<title>{escape(n)}{f' ({escape(side)})' if side else ''}</title></circle>"
        )
        if "fortress" in feats:
            out.append(
                f'<circle cx="{f1(x)}" cy="{f1(y)}" r="{f1(r + size * 0.08)}" fill="none" '
                f'stroke="{style.FORTRESS}" stroke-width="{f1(size * 0.06)}" '
                f'stroke-dasharray="{f1(size * 0.1)},{f1(size * 0.06)}">'
                "<title>fortress</title></circle>"
            )
        vp = board.attr(n, "vp")
        if vp:
            out.append(
                f'<polygon points="{pts(_star(x + r, y - r, size * 0.2, 5))}" '
                f'fill="{style.VICTORY}" stroke="#fff" stroke-width="0.4">'
                f"<title>{vp} VP</title></polygon>"
            )
        if "port" in feats:
            out.append(_anchor(x - r - size * 0.12, y, size * 0.14))
        if labels:
            bold = ' font-weight="bold"' if big else ""
            out.append(
                f'<text x="{f1(x)}" y="{f1(y + max(r + size * 0.32, size * 0.8))}" '
                f'font-size="{f1(size * 0.3)}" '
                f'text-anchor="middle" fill="#222" paint-order="stroke" stroke="#fff" '
                f'stroke-width="{f1(size * 0.08)}"{bold}>{escape(n)}</text>'
            )
    out.append("</g>")
    return out
