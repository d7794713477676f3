"""Overlays on the map: zones of control (hatched in the side's colour), the destinations and
attack targets of a selected counter, arrows (the last move), supply sources and each
counter's supply state."""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Mapping, Sequence
from html import escape

from ..board import Board
from ..counters import Counter
from . import style
from .geometry import Point, corners, f1, pts


def defs(colours: Mapping[str, tuple[str, str]], size: float) -> list[str]:
    """Patterns and markers the overlays use: a hatch per side, an arrowhead."""
    out = ["<defs>"]
    gap = f1(size * 0.22)
    for i, (side, (colour, _)) in enumerate(sorted(colours.items(), key=lambda kv: kv[0])):
        angle = 45 if i % 2 == 0 else -45
        out.append(
            f'<pattern id="zoc-{escape(side)}" width="{gap}" height="{gap}" '
            f'patternUnits="userSpaceOnUse" patternTransform="rotate({angle})">'
            f'<line x1="0" y1="0" x2="0" y2="{gap}" stroke="{colour}" '
            f'stroke-width="{f1(size * 0.07)}"/></pattern>'
        )
    out.append(
        f'<marker id="arrowhead" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="4" '
        f'markerHeight="4" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" '
        f'fill="{style.ARROW}"/></marker>'
    )
    out.append("</defs>")
    return out


def _cell(
    board: Board, node: str, pos: Mapping[str, Point], size: float, flat: bool, scale: float = 1.0
) -> str:
    x, y = pos[node]
    if board.layout is not None:
        return f'points="{pts(corners(x, y, size * scale, flat))}"'
    return f'points="{pts(corners(x, y, size * 0.6 * scale, True))}"'


def zoc(
    board: Board,
    pos: Mapping[str, Point],
    size: float,
    flat: bool,
    zones: Mapping[str, Collection[str]],
) -> list[str]:
    """Each side's zone of control, hatched in its colour."""
    out = ['<g class="zoc" pointer-events="none">']
    for side in sorted(zones):
        for n in sorted(zones[side]):
            if n in pos:
                out.append(
                    f"<polygon {_cell(board, n, pos, size, flat, 0.92)} "
                    f'fill="url(#zoc-{escape(side)})" opacity="0.55">'
                    f"<title>{escape(side)} ZOC</title></polygon>"
                )
    out.append("</g>")
    return out


def moves(
    board: Board,
    pos: Mapping[str, Point],
    size: float,
    flat: bool,
    destinations: Collection[str],
    targets: Collection[str],
) -> list[str]:
    """The destinations of the selected counter (green) and its attack targets (red sights)."""
    out = ['<g class="moves" pointer-events="none">']
    for n in sorted(destinations):
        if n in pos:
            out.append(
                f'<polygon {_cell(board, n, pos, size, flat, 0.86)} fill="{style.MOVE_FILL}" '
                f'fill-opacity="0.35" stroke="{style.MOVE_FILL}" stroke-width="{f1(size * 0.06)}">'
                "<title>legal move</title></polygon>"
            )
    for n in sorted(targets):
        if n in pos:
            x, y = pos[n]
            r = size * 0.62
            sw = f1(size * 0.07)
            out.append(
                f'<g class="target" stroke="{style.TARGET}" stroke-width="{sw}" fill="none">'
                f'<title>attack target</title><circle cx="{f1(x)}" cy="{f1(y)}" r="{f1(r)}"/>'
                f'<line x1="{f1(x - r * 1.2)}" y1="{f1(y)}" x2="{f1(x - r * 0.6)}" y2="{f1(y)}"/>'
                f'<line x1="{f1(x + r * 0.6)}" y1="{f1(y)}" x2="{f1(x + r * 1.2)}" y2="{f1(y)}"/>'
                f'<line x1="{f1(x)}" y1="{f1(y - r * 1.2)}" x2="{f1(x)}" y2="{f1(y - r * 0.6)}"/>'
                f'<line x1="{f1(x)}" y1="{f1(y + r * 0.6)}" x2="{f1(x)}" y2="{f1(y + r * 1.2)}"/>'
                "</g>"
            )
    out.append("</g>")
    return out


def arrows(
    pos: Mapping[str, Point], size: float, paths: Iterable[tuple[Sequence[str], str]]
) -> list[str]:
    """An arrow along each path (node ids), from its first node's centre to its last's."""
    out = [
        '<g class="arrows" pointer-events="none" fill="none" stroke-linecap="round" '
        'stroke-linejoin="round">'
    ]
    for path, label in paths:
        nodes = [pos[n] for n in path if n in pos]
        if len(nodes) < 2:
            continue
        (x1, y1), (x2, y2) = nodes[-2], nodes[-1]
        d = math.hypot(x2 - x1, y2 - y1) or 1.0
        cut = min(size * 0.35, d / 2)  # stop short of the centre so the head shows
        nodes[-1] = (x2 - (x2 - x1) / d * cut, y2 - (y2 - y1) / d * cut)
        line = " ".join(f"{f1(x)},{f1(y)}" for x, y in nodes)
        out.append(
            f'<polyline class="arrow" points="{line}" stroke="#fff" '
            f'stroke-width="{f1(size * 0.24)}" opacity="0.8"/>'
        )
        out.append(
            f'<polyline class="arrow" points="{line}" stroke="{style.ARROW}" '
            f'stroke-width="{f1(size * 0.13)}" marker-end="url(#arrowhead)">'
            f"<title>{escape(label or 'move')}</title></polyline>"
        )
    out.append("</g>")
    return out


def supply_rings(counters: Iterable[Counter]) -> dict[str, str]:
    """Counter id -> the colour of its supply state (see ``style.SUPPLY_STATES``)."""
    rings = {}
    for c in counters:
        state = next((style.SUPPLY_STATES[m] for m in c.markers if m in style.SUPPLY_STATES), None)
        rings[c.id] = (state or style.IN_SUPPLY)[1]
    return rings


def supply_sources(
    board: Board, pos: Mapping[str, Point], size: float, nodes: Collection[str]
) -> list[str]:
    """The supply sources of the map (features or attributes naming supply), as a ring."""
    out = ['<g class="supply-sources" pointer-events="none">']
    for n in sorted(nodes):
        feats = board.features(n)
        named: list[str] = [f for f in style.SUPPLY_FEATURES if f in feats]
        named += [f"{a}: {board.attr(n, a)}" for a in style.SUPPLY_ATTRIBUTES if board.attr(n, a)]
        if not named:
            continue
        x, y = pos[n]
        out.append(
            f'<circle cx="{f1(x)}" cy="{f1(y)}" r="{f1(size * 0.75)}" fill="none" '
            f'stroke="{style.IN_SUPPLY[1]}" stroke-width="{f1(size * 0.08)}" '
            f'stroke-dasharray="{f1(size * 0.2)},{f1(size * 0.1)}">'
            f"<title>supply source ({escape(', '.join(named))})</title></circle>"
        )
    out.append("</g>")
    return out
