"""SVG (and PNG) pictures of a board and the counters on it, for notebooks, front-ends, docs
and bug reports.

A :class:`Picture` says what to draw: the board, the counters a viewer sees
(:class:`~wargames.core.counters.Counter`), control, a banner and overlays (zones of control,
the legal moves of a selected counter, arrows, supply). :func:`draw` makes the SVG;
:func:`~.png.png` rasterises it through the optional ``png`` extra. ``Game.svg`` builds the
picture of a game for a side (:mod:`.scene`), so a side's picture shows only what it may see.

Front-ends find things by attribute: every hex or point carries ``data-loc`` (its node id)
and every counter ``data-uid`` (its unit id, on its group and its outline rect); the
browser client (``examples/web``) relies on both.

``svg(board, state, sides)`` draws a bare state (tests, tools): each unit as a plain counter
named by its id, in its side's colour.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from ..board import Board
from ..counters import Counter
from ..state import GameState
from .draw import draw
from .picture import Arrow, Banner, Picture

__all__ = ["Arrow", "Banner", "Picture", "draw", "svg"]


def svg(
    board: Board,
    state: GameState | None = None,
    sides: Mapping[str, str] | None = None,
    highlight: Iterable[str] = (),
    size: float = 24.0,
    labels: bool = True,
    side_order: Sequence[str] = (),
) -> str:
    """An SVG document of the board and ``state``'s units; ``sides`` maps unit id -> side for
    counter colours, the sides coloured in ``side_order`` (then in order of appearance)."""
    counters: list[Counter] = []
    control: dict[str, str] = {}
    if state is not None:
        sides = sides or {}
        counters = [
            Counter(id=u.id, side=sides.get(u.id, ""), at=u.at, label=u.id, steps=u.steps)
            for u in sorted(state.units.values(), key=lambda u: u.id)
            if u.at is not None
        ]
        control = dict(state.control)
    picture = Picture(
        board,
        counters,
        sides=tuple(side_order),
        control=control,
        highlight=highlight,
        labels=labels,
    )
    return draw(picture, size)
