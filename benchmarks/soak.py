"""Random-play soak of every registered title: many seeded random games, checked as they go.

Run ``python benchmarks/soak.py --seconds 120 [--title T] [--seed S] [--every N]``: each
title plays random games for the given seconds; every 10th position is saved and reloaded (the
reload must list the same legal actions in the same order and continue identically), undone, and
offered mutated actions (rejected ones must leave ``to_json()`` byte-identical, and ``check``
and ``apply`` must agree). Reports non-typed exceptions, dead ends, round-trip mismatches
and atomicity violations; exits 1 if any.
"""

from __future__ import annotations

import argparse
import sys
import time

import wargames
from wargames.fuzz import SoakReport, soak_game


def soak(title: str, seconds: float, first_seed: int = 0, every: int = 10) -> SoakReport:
    report = SoakReport(title)
    deadline = time.monotonic() + seconds
    seed = first_seed
    while time.monotonic() < deadline:
        soak_game(report, seed, every=every, deadline=deadline)
        seed += 1
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=60.0, help="budget per title")
    parser.add_argument("--title", action="append", help="only this title (repeatable)")
    parser.add_argument("--seed", type=int, default=0, help="the first seed")
    parser.add_argument("--every", type=int, default=10, help="check every Nth position")
    args = parser.parse_args(argv)
    clean = True
    for title in args.title or wargames.titles():
        start = time.monotonic()
        r = soak(title, args.seconds, args.seed, args.every)
        took = time.monotonic() - start
        print(
            f"{title:<12} {took:6.0f} s  games {r.games} (finished {r.finished})  "
            f"actions {r.actions}  round trips {r.round_trips}  undos {r.undos}  "
            f"rejected {r.rejected}  |  errors {r.errors}  dead ends {r.dead_ends}  "
            f"mismatches {r.mismatches}  atomicity {r.atomicity}"
        )
        for p in r.problems:
            print(f"    {p}")
        clean = clean and r.clean
    return 0 if clean else 1


if __name__ == "__main__":
    sys.exit(main())
