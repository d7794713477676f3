"""Title benchmarks: one random game of each title from start to result, and the cost of
listing legal actions and of copying a game, as a playout-based AI would see them.

Run ``python benchmarks/titles.py [--titles a,b] [--seeds 1,2,3] [--baseline REV|none]``.
Seeded games make runs comparable; each figure is the median over the seeds.

The speed targets of issue 17 (a random Königsberg '45 game under 1 s, Darkest under 0.3 s)
are judged against a baseline measured *in the same run*: the source tree of ``BASELINE``
(the commit before the playout speed work) is taken from git into a temporary folder and the
same games are played on it, alternating with the current code game by game, each in its own
process, both with the garbage collector set as :mod:`wargames.simulate` sets it. On a
machine shared with other work, absolute seconds swing with the load; the speed-up (baseline
seconds / current seconds) is the figure to compare, and the ``cpu`` speed-up (the same
with each game's CPU time, which waiting for a core does not count) swings less.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TITLES = ("minimal", "darkest", "konigsberg", "krim", "darkcrusade-p2p", "darkcrusade-hex")
SEEDS = (1, 2, 3)
BASELINE = "16a53e14c4766d168297b88e63dbb6e61bf7b376"
TARGETS = {"konigsberg": 1.0, "darkest": 0.3}  # seconds per random game (issue 17)
ROOT = Path(__file__).resolve().parent.parent


def one_game(title: str, seed: int) -> dict[str, float]:
    """Seconds for the game (wall clock and this process's CPU time), actions, median µs
    per legal_actions() and per copy()."""
    import wargames
    from wargames.agents import RandomAgent, step

    # As wargames.simulate plays its games (and the same for the baseline tree, so the
    # speed-up is the code's): the collector's young generation collected less often.
    gc.set_threshold(50_000, *gc.get_threshold()[1:])
    game = wargames.new_game(title, seed=seed)
    agent = RandomAgent(seed)
    playing = cpu = 0.0
    listing: list[float] = []
    copying: list[float] = []
    while not game.is_over():
        if len(game.history) % 25 == 0:
            t = time.perf_counter()
            list(game.legal_actions())
            listing.append(time.perf_counter() - t)
            t = time.perf_counter()
            game.copy()
            copying.append(time.perf_counter() - t)
        t, c = time.perf_counter(), time.process_time()
        step(game, agent)
        playing += time.perf_counter() - t
        cpu += time.process_time() - c
    return {
        "seconds": playing,
        "cpu": cpu,
        "actions": len(game.history),
        "legal": statistics.median(listing),
        "copy": statistics.median(copying),
    }


def _in_process(src: Path, title: str, seed: int) -> dict[str, float]:
    """``one_game`` in a fresh interpreter importing ``wargames`` from ``src``."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    cmd = [sys.executable, __file__, "--worker", title, str(seed)]
    out = subprocess.run(cmd, env=env, check=True, capture_output=True, text=True).stdout
    result: dict[str, float] = json.loads(out.strip().splitlines()[-1])
    return result


def _baseline_tree(rev: str, into: Path) -> Path | None:
    """Extract ``src/`` of ``rev`` into ``into``; None (with a note) if git cannot."""
    try:
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", rev, "src"], check=True, capture_output=True
        ).stdout
        subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    except (OSError, subprocess.CalledProcessError) as exc:
        print(f"(no baseline: cannot take {rev} from git: {exc})")
        return None
    return into / "src"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--titles", default=",".join(TITLES))
    parser.add_argument("--seeds", default=",".join(map(str, SEEDS)))
    parser.add_argument("--baseline", default=BASELINE, help="a git revision, or 'none'")
    parser.add_argument("--worker", nargs=2, metavar=("TITLE", "SEED"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        print(json.dumps(one_game(args.worker[0], int(args.worker[1]))))
        return 0
    titles = args.titles.split(",")
    seeds = [int(s) for s in args.seeds.split(",")]
    with tempfile.TemporaryDirectory() as tmp:
        base = None if args.baseline == "none" else _baseline_tree(args.baseline, Path(tmp))
        print(
            f"{'title':<16} {'game (s)':>9} {'actions':>8} {'actions/s':>10} "
            f"{'legal (µs)':>11} {'copy (µs)':>10}"
            + (
                f" {'baseline (s)':>13} {'speed-up':>9} {'cpu (baseline/now s)':>21}  target"
                if base
                else ""
            )
        )
        for title in titles:
            now: list[dict[str, float]] = []
            then: list[dict[str, float]] = []
            for seed in seeds:  # alternate, so both see the same load
                if base is not None:
                    then.append(_in_process(base, title, seed))
                now.append(_in_process(ROOT / "src", title, seed))
            secs = statistics.median(r["seconds"] for r in now)
            acts = statistics.median(r["actions"] for r in now)
            legal = statistics.median(r["legal"] for r in now) * 1e6
            copy = statistics.median(r["copy"] for r in now) * 1e6
            line = f"{title:<16} {secs:9.2f} {acts:8.0f} {acts / secs:10.0f} {legal:11.0f} "
            line += f"{copy:10.0f}"
            if base is not None:
                old = statistics.median(r["seconds"] for r in then)
                line += f" {old:13.2f} {old / secs:8.1f}x"
                old_cpu = statistics.median(r["cpu"] for r in then)
                now_cpu = statistics.median(r["cpu"] for r in now)
                line += f" {old_cpu / now_cpu:5.1f}x ({old_cpu:.2f}/{now_cpu:.2f})"
                if title in TARGETS:
                    goal = TARGETS[title]
                    line += f"  < {goal:g} s: {'met' if secs < goal else 'not met'}"
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
