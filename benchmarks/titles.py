"""Title benchmarks: one random game of each title from start to result, and the cost of
listing legal actions and of copying a game, as a playout-based AI would see them.

Run ``python benchmarks/titles.py``. Seeded games make runs comparable; each figure is the
median of a few games or positions.
"""

from __future__ import annotations

import statistics
import sys
import time

import wargames
from wargames.agents import RandomAgent, step

TITLES = ("minimal", "darkest", "konigsberg", "krim", "darkcrusade-p2p", "darkcrusade-hex")
SEEDS = (1, 2, 3)


def one_game(title: str, seed: int) -> tuple[float, int, float, float]:
    """(seconds for the game, actions, median µs per legal_actions(), median µs per copy())."""
    game = wargames.new_game(title, seed=seed)
    agent = RandomAgent(seed)
    listing: list[float] = []
    copying: list[float] = []
    start = time.perf_counter()
    while not game.is_over():
        if len(game.history) % 25 == 0:
            t = time.perf_counter()
            list(game.legal_actions())
            listing.append(time.perf_counter() - t)
            t = time.perf_counter()
            game.copy()
            copying.append(time.perf_counter() - t)
        step(game, agent)
    total = time.perf_counter() - start
    return total, len(game.history), statistics.median(listing), statistics.median(copying)


def main() -> int:
    print(
        f"{'title':<12} {'game (s)':>9} {'actions':>8} {'actions/s':>10} "
        f"{'legal (µs)':>11} {'copy (µs)':>10}"
    )
    for title in TITLES:
        runs = [one_game(title, seed) for seed in SEEDS]
        secs = statistics.median(r[0] for r in runs)
        acts = statistics.median(r[1] for r in runs)
        legal = statistics.median(r[2] for r in runs) * 1e6
        copy = statistics.median(r[3] for r in runs) * 1e6
        print(f"{title:<12} {secs:9.2f} {acts:8.0f} {acts / secs:10.0f} {legal:11.0f} {copy:10.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
