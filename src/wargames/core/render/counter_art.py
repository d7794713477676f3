"""Counters as a wargamer knows them: side colour, designation on top, echelon marks over a
NATO type symbol, the printed values below; the reduced side pale with a stripe and its
steps as pips; status markers as chips on the corner; a stack offset with its count."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

from ..counters import UNKNOWN, Counter
from . import style
from .geometry import Point, f1


def nato_symbol(kind: str, x: float, y: float, w: float, h: float) -> list[str]:
    """The NATO type symbol of ``kind`` in the box at (x, y) of w x h (the box included)."""
    sw = f1(max(0.6, h * 0.07))
    stroke = f'stroke="#111" stroke-width="{sw}"'
    line = f'{stroke} fill="none"'
    out = [f'<rect x="{f1(x)}" y="{f1(y)}" width="{f1(w)}" height="{f1(h)}" fill="#fff" {stroke}/>']
    cx, cy = x + w / 2, y + h / 2

    def seg(x1: float, y1: float, x2: float, y2: float) -> str:
        return f'<line x1="{f1(x1)}" y1="{f1(y1)}" x2="{f1(x2)}" y2="{f1(y2)}" {line}/>'

    cross = [seg(x, y, x + w, y + h), seg(x, y + h, x + w, y)]
    oval = f'<ellipse cx="{f1(cx)}" cy="{f1(cy)}" rx="{f1(w * 0.32)}" ry="{f1(h * 0.3)}" {line}/>'
    dot = f'<circle cx="{f1(cx)}" cy="{f1(cy)}" r="{f1(h * 0.16)}" fill="#111"/>'
    if kind == "infantry":
        out += cross
    elif kind == "armour":
        out.append(oval)
    elif kind == "mech":
        out += [*cross, oval]
    elif kind == "motorized":
        out += [*cross, seg(cx, y, cx, y + h)]
    elif kind == "cavalry":
        out.append(seg(x, y + h, x + w, y))
    elif kind == "artillery":
        out.append(dot)
    elif kind == "assault-gun":
        out += [oval, dot]
    elif kind == "rocket":
        out += [dot, seg(cx - w * 0.18, cy - h * 0.12, cx, cy - h * 0.38)]
        out.append(seg(cx + w * 0.18, cy - h * 0.12, cx, cy - h * 0.38))
    elif kind == "engineer":
        top, bot = y + h * 0.3, y + h * 0.7
        left, right = x + w * 0.25, x + w * 0.75
        out += [seg(left, top, right, top), seg(left, top, left, bot)]
        out += [seg(right, top, right, bot), seg(cx, top, cx, bot)]
    elif kind == "parachute":
        out += cross
        out.append(
            f'<path d="M{f1(cx - w * 0.2)},{f1(y + h * 0.85)} q{f1(w * 0.1)},{f1(-h * 0.3)} '
            f'{f1(w * 0.2)},0 q{f1(w * 0.1)},{f1(-h * 0.3)} {f1(w * 0.2)},0" {line}/>'
        )
    elif kind == "mountain":
        out += cross
        out.append(
            f'<polygon points="{f1(cx - w * 0.14)},{f1(y + h)} {f1(cx)},{f1(y + h * 0.72)} '
            f'{f1(cx + w * 0.14)},{f1(y + h)}" fill="#111"/>'
        )
    elif kind == "hq":
        out.append(seg(x, y + h, x, y + h * 1.5))
        out.append(
            f'<text x="{f1(cx)}" y="{f1(cy + h * 0.22)}" font-size="{f1(h * 0.6)}" '
            f'text-anchor="middle" font-weight="bold" fill="#111">HQ</text>'
        )
    elif kind == "air":
        rx, ry = w * 0.16, h * 0.2
        for dx in (-rx, rx):
            out.append(
                f'<ellipse cx="{f1(cx + dx)}" cy="{f1(cy)}" rx="{f1(rx)}" ry="{f1(ry)}" {line}/>'
            )
    elif kind == "naval":
        out += [
            seg(cx, y + h * 0.15, cx, y + h * 0.85),
            seg(cx - w * 0.12, y + h * 0.3, cx + w * 0.12, y + h * 0.3),
        ]
        out.append(
            f'<path d="M{f1(cx - w * 0.22)},{f1(y + h * 0.6)} q{f1(w * 0.22)},{f1(h * 0.4)} '
            f'{f1(w * 0.44)},0" {line}/>'
        )
    return out


def _marker_chips(c: Counter, x: float, y: float, side: float) -> list[str]:
    out = []
    ch = side * 0.3
    for i, m in enumerate(c.markers[:3]):
        text, fill, ink = style.MARKERS.get(m, (m[:3].title(), "#555555", "#ffffff"))
        cw = side * (0.3 + 0.16 * max(0, len(text) - 1))
        cx, cy = x + side - cw * 0.6, y - ch * 0.35 + i * (ch + 1)
        out.append(
            f'<g class="marker"><rect x="{f1(cx)}" y="{f1(cy)}" width="{f1(cw)}" '
            f'height="{f1(ch)}" rx="{f1(ch * 0.2)}" fill="{fill}" stroke="#000" '
            f'stroke-width="0.5"/><text x="{f1(cx + cw / 2)}" y="{f1(cy + ch * 0.78)}" '
            f'font-size="{f1(ch * 0.8)}" text-anchor="middle" font-weight="bold" '
            f'fill="{ink}">{escape(text)}</text><title>{escape(m)}</title></g>'
        )
    return out


def _fit(text: str, width: float, size: float) -> float:
    """A font size at most ``size`` at which ``text`` fits in ``width``."""
    return min(size, width / max(1.0, 0.62 * len(text)))


def counter(
    c: Counter,
    x: float,
    y: float,
    side: float,
    colour: str,
    pale: str,
    ring: str | None = None,
    selected: bool = False,
) -> list[str]:
    """One counter with its top-left corner at (x, y) and sides of ``side``."""
    s = side
    fill = pale if c.reduced else colour
    stroke = style.SELECTED if selected else "#111"
    width = f1(s * 0.12) if selected else "0.8"
    out = [
        f'<g class="counter" data-uid="{escape(c.id)}">'
        f"<title>{escape(c.label or c.id)}: {escape(c.values)}"
        f"{' (reduced)' if c.reduced else ''}{' ' + ', '.join(c.markers) if c.markers else ''}"
        "</title>",
        f'<rect x="{f1(x)}" y="{f1(y)}" width="{f1(s)}" height="{f1(s)}" rx="{f1(s * 0.08)}" '
        f'fill="{fill}" stroke="{stroke}" stroke-width="{width}" data-uid="{escape(c.id)}"/>',
    ]
    if ring is not None:
        out.append(
            f'<rect class="supply" x="{f1(x - s * 0.09)}" y="{f1(y - s * 0.09)}" '
            f'width="{f1(s * 1.18)}" height="{f1(s * 1.18)}" rx="{f1(s * 0.14)}" fill="none" '
            f'stroke="{ring}" stroke-width="{f1(s * 0.09)}"/>'
        )
    if c.reduced:  # the reduced side: a white stripe under the designation
        out.append(
            f'<rect x="{f1(x + 0.5)}" y="{f1(y + s * 0.03)}" width="{f1(s - 1)}" '
            f'height="{f1(s * 0.2)}" fill="#fff" opacity="0.85"/>'
        )
    label = c.label or c.id
    fs = _fit(label, s * 0.92, s * 0.21)
    ink = "#111" if c.reduced else "#fff"
    out.append(
        f'<text x="{f1(x + s / 2)}" y="{f1(y + s * 0.03 + fs * 0.85)}" font-size="{f1(fs)}" '
        f'text-anchor="middle" fill="{ink}" font-weight="bold">{escape(label)}</text>'
    )
    bw, bh = s * 0.5, s * 0.3
    bx, by = x + (s - bw) / 2, y + s * 0.36
    if c.echelon:
        efs = _fit(c.echelon, s * 0.6, s * 0.12)
        out.append(
            f'<text x="{f1(x + s / 2)}" y="{f1(by - s * 0.015)}" font-size="{f1(efs)}" '
            f'text-anchor="middle" fill="#111">{c.echelon}</text>'
        )
    out += nato_symbol(c.kind, bx, by, bw, bh)
    values = c.values
    if values:
        vfs = _fit(values, s * 0.94, s * 0.27)
        vink = "#7f1d1d" if c.reduced else "#111"
        if values == UNKNOWN:
            vink = "#fff"
        out.append(
            f'<text class="values" x="{f1(x + s / 2)}" y="{f1(y + s * 0.95)}" '
            f'font-size="{f1(vfs)}" text-anchor="middle" font-weight="bold" '
            f'fill="{vink}">{escape(values)}</text>'
        )
    if c.full_steps > 1:  # steps left as pips down the left edge
        r = s * 0.045
        for i in range(c.full_steps):
            filled = i < c.steps
            out.append(
                f'<circle cx="{f1(x + s * 0.09)}" cy="{f1(by + r + i * r * 2.6)}" r="{f1(r)}" '
                f'fill="{"#111" if filled else "none"}" stroke="#111" stroke-width="0.5"/>'
            )
    out += _marker_chips(c, x, y, s)
    out.append("</g>")
    return out


def stacks(
    counters: Sequence[Counter],
    pos: Mapping[str, Point],
    side: float,
    colours: Mapping[str, tuple[str, str]],
    rings: Mapping[str, str] | None = None,
    selected: str | None = None,
) -> list[str]:
    """Every counter, stacked per node (offset down-right, the first on top), with a badge
    counting a stack of several (or the height the viewer is told, ``Counter.stack``)."""
    by_node: dict[str, list[Counter]] = {}
    for c in counters:
        if c.at in pos:
            by_node.setdefault(c.at, []).append(c)
    out = []
    step = side * 0.09
    for node in sorted(by_node):
        cs = sorted(by_node[node], key=lambda c: c.id != selected)  # the selected on top
        x, y = pos[node]
        shown = cs[:4]
        depth = len(shown) - 1
        x0, y0 = x - side / 2 - depth * step / 2, y - side / 2 - depth * step / 2
        for i, c in reversed(list(enumerate(shown))):
            colour, pale = colours.get(c.side, (style.SIDE_COLOURS[0], style.REDUCED_COLOURS[0]))
            ring = None if rings is None else rings.get(c.id)
            out += counter(
                c, x0 + i * step, y0 + i * step, side, colour, pale, ring, c.id == selected
            )
        height = max(len(cs), max((c.stack for c in cs), default=0))
        if height > 1:
            bx, by = x0 - side * 0.05, y0 - side * 0.05
            r = side * 0.2
            out.append(
                f'<g class="stack-count"><circle cx="{f1(bx)}" cy="{f1(by)}" r="{f1(r)}" '
                f'fill="#fff" stroke="#111" stroke-width="0.8"/><text x="{f1(bx)}" '
                f'y="{f1(by + r * 0.45)}" font-size="{f1(r * 1.25)}" text-anchor="middle" '
                f'font-weight="bold" fill="#111">{height}</text>'
                f"<title>{height} units</title></g>"
            )
    return out
