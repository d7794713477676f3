"""Playouts across processes: games per second against the number of workers.

Run ``python benchmarks/scaling.py [TITLE] [GAMES]`` (default: darkest, 16 games). Each run
plays the same seeded games (:mod:`wargames.simulate`), so the records must agree whatever the
number of workers; the script checks that and prints the rate and the parallel efficiency
(rate with k workers / (k x rate with one)).
"""

from __future__ import annotations

import os
import sys
import time

from wargames.simulate import simulate


def main() -> None:
    title = sys.argv[1] if len(sys.argv) > 1 else "darkest"
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 16
    cores = os.cpu_count() or 1
    counts = sorted({1, 2, cores})
    base_rate = 0.0
    first = None
    print(f"{title}: {games} random games, {cores} cores")
    for workers in counts:
        start = time.perf_counter()
        records = simulate(title, games, seed=1, workers=workers)
        seconds = time.perf_counter() - start
        if first is None:
            first = records
        assert records == first, "records differ with the number of workers"
        rate = games / seconds
        base_rate = base_rate or rate
        efficiency = rate / (workers * base_rate)
        print(
            f"  {workers} worker(s): {seconds:6.2f} s, {rate:6.2f} games/s, "
            f"speed-up {rate / base_rate:4.2f}x, efficiency {efficiency:4.0%}"
        )


if __name__ == "__main__":
    main()
