"""Playouts across processes: games per second against the number of workers.

Run ``python benchmarks/scaling.py [TITLE] [GAMES] [--engine local|dask] [--workers 1,2]``
(default: darkest, 16 games, 1 and 2 workers and every core). Each run plays the same seeded
games (:mod:`wargames.simulate`), so the records must agree whatever the number of workers;
the script checks that and prints the rate, the speed-up over one worker and the parallel
efficiency (rate with k workers / (k x rate with one)).

Issue 17 asks for at least 1.7x with two workers on an idle two-core machine. The figures
are only as good as the machine is idle: the script prints the load average and the cores
this process may use before and after, so a run on a shared machine can be read for what
it is. Every worker count is timed from the call to the last record, start-up included.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from wargames.simulate import simulate


def _load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.1f} (1 min), {five:.1f} (5 min)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("title", nargs="?", default="darkest")
    parser.add_argument("games", nargs="?", type=int, default=16)
    parser.add_argument("--engine", choices=("local", "dask"), default="local")
    parser.add_argument("--workers", default=None, help="worker counts, e.g. 1,2,4")
    args = parser.parse_args(argv)
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    cores = cores or 1
    counts = (
        sorted({int(k) for k in args.workers.split(",")}) if args.workers else sorted({1, 2, cores})
    )
    print(f"{args.title}: {args.games} random games, {args.engine} engine, {cores} cores usable")
    print(f"  before: {_load()}")
    base_rate = 0.0
    first = None
    for workers in counts:
        start = time.perf_counter()
        records = simulate(args.title, args.games, seed=1, workers=workers, engine=args.engine)
        seconds = time.perf_counter() - start
        if first is None:
            first = records
        if records != first:
            print("  records differ with the number of workers")
            return 1
        rate = args.games / seconds
        base_rate = base_rate or rate
        print(
            f"  {workers} worker(s): {seconds:6.2f} s, {rate:6.2f} games/s, "
            f"speed-up {rate / base_rate:4.2f}x, efficiency {rate / (workers * base_rate):4.0%}"
        )
    print(f"  after: {_load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
