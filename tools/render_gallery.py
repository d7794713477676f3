"""Render the gallery of docs/img/: each title's start position and a mid-game position with
overlays (zones of control, the legal moves of a selected unit, the last move, supply), as
PNG through the png extra. Run from the repository root:

    python tools/render_gallery.py [TITLE ...]

Every picture is seeded, so a rerun gives the same files while the rules stay the same.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import networkx as nx

import wargames
from wargames.core.actions import Choose, Move
from wargames.core.game import Game
from wargames.core.render.png import png
from wargames.registry import titles

OUT = Path(__file__).resolve().parent.parent / "docs" / "img"
MID = {
    "minimal": 12,
    "lines": 30,
    "krim": 160,
    "darkest": 160,
    "konigsberg": 150,
    "darkcrusade-hex": 140,
    "darkcrusade-p2p": 60,
}
"""Random actions before the mid-game picture."""
START_REGION = {
    "konigsberg": ("3101", "4320"),  # the north-east: the front of the Soviet attack
    "darkcrusade-hex": ("0201", "1124"),  # the west: the frontier and both armies
}
ZOOM: dict[str, float] = {}
SUPPLY = {"konigsberg", "darkest", "darkcrusade-hex"}


def play(title: str, actions: int, seed: int = 1) -> Game:
    """A seeded random game of ``actions`` actions, then on to a decision that moves a unit."""
    game = wargames.new_game(title, seed=seed)
    rnd = random.Random(seed)
    for i in range(actions + 400):
        if game.is_over():
            break
        d = game.decision
        if d is None:
            break
        if d.is_chance:
            game.roll()
            continue
        legal = list(game.legal_actions())
        if i >= actions and mover(legal):
            break
        game.apply(rnd.choices(legal, game.playout_weights(legal))[0])
    return game


def mover(legal: list[object]) -> str | None:
    """A unit the pending decision may move (directly or by choosing it first)."""
    for a in legal:
        if isinstance(a, Move) and len(a.path) > 1:
            return a.units[0]
    for a in legal:
        if isinstance(a, Choose) and a.option.startswith("move:"):
            return a.option.split(":", 1)[1]
    return None


def around(game: Game, uid: str, radius: int = 4) -> list[str]:
    """The nodes within ``radius`` steps of ``uid``'s node."""
    at = game.state.units[uid].at
    assert at is not None
    near = nx.single_source_shortest_path_length(game.scenario.board.graph, at, cutoff=radius)
    return sorted(near)


def save(name: str, svg: str, zoom: float) -> None:
    data = png(svg, zoom=zoom)
    path = OUT / name
    path.write_bytes(data)
    print(f"{path.relative_to(OUT.parent.parent)}: {len(data) // 1024} KB")


def main(names: list[str]) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for title in names or titles():
        zoom = ZOOM.get(title, 1.0)
        start = wargames.new_game(title, seed=1)
        corners = START_REGION.get(title)
        region: tuple[str, ...] = ()
        if corners:
            a, b = corners
            region = tuple(
                n
                for n in start.scenario.board
                if a[:2] <= n[:2] <= b[:2] and a[2:] <= n[2:] <= b[2:]
            )
        small = len(start.scenario.board) < 60  # a small map: draw it larger
        save(f"{title}-start.png", start.svg(region=region, size=40.0 if small else 24.0), zoom)
        game = play(title, MID[title])
        uid = mover(list(game.legal_actions()))
        board = game.scenario.board
        region = ()
        if uid and len(board) > 60:  # a large map: frame the selected unit's surroundings
            region = tuple(around(game, uid, 5 if board.layout is not None else 2))
        svg = game.svg(
            select=uid,
            last_move=True,
            zoc=True,
            supply=title in SUPPLY,
            region=region,
            size=40.0 if small else 32.0 if region else 24.0,
        )
        save(f"{title}-midgame.png", svg, 1.0)


if __name__ == "__main__":
    main(sys.argv[1:])
