"""Kernel benchmarks: movement, supply and CRT batches beside the reference doing the same work.

Run ``python benchmarks/kernel.py``. Each row prints our time per query, the reference's
(networkx for movement and supply, a plain-Python list comprehension and the 20 ns budget for
CRT batches), their ratio and the target; the last line sums up. Seeded maps and units make
runs comparable; the figures are medians of repeated timings (``_measure.per_call``).
"""

from __future__ import annotations

import platform
import sys
import time

import kernel_crt
import kernel_movement
import kernel_supply
from _measure import Measure


def fmt(seconds: float) -> str:
    if seconds < 1e-6:
        return f"{seconds * 1e9:8.1f} ns"
    if seconds < 1e-3:
        return f"{seconds * 1e6:8.1f} µs"
    return f"{seconds * 1e3:8.2f} ms"


def main() -> int:
    print(f"wargames kernel benchmarks - Python {platform.python_version()}, {platform.machine()}")
    rows: list[Measure] = []
    for module in (kernel_movement, kernel_supply, kernel_crt):
        start = time.perf_counter()
        got = module.measures()
        rows.extend(got)
        name = module.__name__.removeprefix("kernel_")
        print(f"-- {name} ({time.perf_counter() - start:.1f} s)")
        for m in got:
            print(
                f"{m.label:<58} ours {fmt(m.ours)}  {m.reference_name} {fmt(m.reference)}"
                f"  x{m.ratio:6.1f}  target x{m.target:<4} {'met' if m.met else 'NOT MET'}"
            )
    met = sum(m.met for m in rows)
    worst = min(rows, key=lambda m: m.ratio / m.target)
    print(
        f"SUMMARY: {met}/{len(rows)} targets met; worst {worst.label}: x{worst.ratio:.1f} "
        f"against target x{worst.target}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
