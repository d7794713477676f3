"""A :class:`~.picture.Picture` as one SVG document: the banner on top, the map (in layers:
terrain, routes, hexsides, zones of control, legal moves, places, counters, arrows, names)
and the key on its right."""

from __future__ import annotations

from . import counter_art, legend, map_art, overlays, style
from .geometry import box, corners, f1, inside, is_flat, positions, pts
from .picture import Picture


def draw(p: Picture, size: float = 24.0) -> str:
    """The SVG text of ``p`` with hexes (or point spacing) of ``size`` pixels."""
    board = p.board
    pos = positions(board, size)
    flat = is_flat(board)
    n = len(style.SIDE_COLOURS)
    colours = {
        side: (style.SIDE_COLOURS[i % n], style.REDUCED_COLOURS[i % n])
        for side, i in p.side_index().items()
    }
    framed = [pos[v] for v in p.region if v in pos] or list(pos.values())
    x0, y0, x1, y1 = box(framed, size * 1.2)
    nodes = inside(pos, (x0 - size, y0 - size, x1 + size, y1 + size))
    width, height = x1 - x0, y1 - y0
    rows = legend.entries(p, size, colours) if p.legend else []
    key, key_w = legend.legend(rows, x1 + size * 0.5, y0 + size * 0.2, height, size)
    total_w = width + (key_w + size * 0.7 if rows else 0.0)
    top = 0.0
    if p.banner is not None:
        heading = legend.title_lines(p.banner.title, total_w, size)
        status = legend.banner_lines(p.banner.status, total_w, size)
        top = legend.banner_height(heading, status, size)
    total_h = height + top
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{f1(x0)} {f1(y0 - top)} '
        f'{f1(total_w)} {f1(total_h)}" width="{total_w:.0f}" height="{total_h:.0f}" '
        f'font-family="DejaVu Sans, Verdana, sans-serif">',
        *overlays.defs(colours, size),
        f'<clipPath id="map-area"><rect x="{f1(x0)}" y="{f1(y0)}" width="{f1(width)}" '
        f'height="{f1(height)}"/></clipPath>',
        f'<rect x="{f1(x0)}" y="{f1(y0 - top)}" width="{f1(total_w)}" height="{f1(total_h)}" '
        f'fill="#ffffff"/>',
        '<g class="map" clip-path="url(#map-area)">',
    ]
    rings = overlays.supply_rings(p.counters) if p.supply else None
    if board.layout is not None:
        out += map_art.hexes(board, pos, size, flat, nodes)
        out += map_art.routes(board, pos, size, nodes)
        out += map_art.hexsides(board, pos, size, nodes)
        if p.zoc:
            out += overlays.zoc(board, pos, size, flat, p.zoc)
        if p.moves or p.targets:
            out += overlays.moves(board, pos, size, flat, p.moves, p.targets)
        out += map_art.places(board, pos, size, nodes, p.control, colours, p.labels)
        for v in sorted(p.highlight & nodes):
            out.append(
                f'<polygon class="highlight" points="{pts(corners(*pos[v], size, flat))}" '
                f'fill="none" stroke="{style.HIGHLIGHT}" stroke-width="{f1(size * 0.12)}"/>'
            )
    else:
        out += map_art.lines(board, pos)
        if p.zoc:
            out += overlays.zoc(board, pos, size, flat, p.zoc)
        if p.moves or p.targets:
            out += overlays.moves(board, pos, size, flat, p.moves, p.targets)
        tints = {
            side: style.CONTROL_TINTS[i % len(style.CONTROL_TINTS)]
            for side, i in p.side_index().items()
        }
        out += map_art.points(board, pos, size, p.control, tints, p.highlight, p.labels)
    if p.supply:
        out += overlays.supply_sources(board, pos, size, nodes)
    out += counter_art.stacks(p.counters, pos, size * 0.95, colours, rings, p.selected)
    if p.arrows:
        out += overlays.arrows(pos, size, ((a.path, a.label) for a in p.arrows))
    if board.layout is not None:
        out += map_art.names(board, pos, size, nodes, size * 0.78)
    out.append("</g>")
    out.append(
        f'<rect x="{f1(x0)}" y="{f1(y0)}" width="{f1(width)}" height="{f1(height)}" '
        f'fill="none" stroke="#444" stroke-width="1"/>'
    )
    if p.banner is not None:
        out += legend.banner(heading, status, x0, y0 - top, total_w, size)
    out += key
    out.append("</svg>")
    return "\n".join(out)
