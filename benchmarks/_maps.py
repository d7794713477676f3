"""Seeded random hex maps for the kernel benchmarks (shared/research/performance.md method).

W x H flat-topped hexes; MP cost to enter a hex 1-3; about 5% impassable hexes.
"""

from __future__ import annotations

import numpy as np

from wargames.core.board import Board
from wargames.core.hexgrid import HexLayout

TERRAIN_COST = {"clear": 1, "rough": 2, "forest": 3, "impassable": None}


def random_board(size: int, seed: int | None = None) -> Board:
    """A size x size hex map: terrain clear/rough/forest (cost 1/2/3) and ~5% impassable."""
    layout = HexLayout(size, size, labels="digits", digits=3)
    rng = np.random.default_rng(size if seed is None else seed)
    costs = rng.integers(1, 4, size * size)
    blocked = rng.random(size * size) < 0.05
    names = {1: "clear", 2: "rough", 3: "forest"}
    terrain = {}
    for i, h in enumerate(layout.hexes()):
        terrain[layout.label(h)] = "impassable" if blocked[i] else names[int(costs[i])]
    return Board.hex_map(layout, terrain=terrain, name=f"random {size}x{size}")
