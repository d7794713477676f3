"""CRT batches: numpy resolution per combat against a pure-Python list comprehension.

Both roll one d6 per combat and read a 9-column table (performance.md (d): about 11 ns per
combat in numpy, 133 ns in Python, for batches of 10,000). The second row is absolute:
``ours`` is seconds per combat and ``reference`` is the budget, 20 ns; it is met when a
combat costs at most 20 ns.
"""

from __future__ import annotations

import random

import numpy as np
from _measure import Measure, per_call

from wargames.core.crt import CRT

BATCH = 10_000
BUDGET = 20e-9  # seconds per combat, batches of 10,000
COLUMNS = ["1-2", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1", "7-1", "8-1+"]
CODES = ["A2", "A1", "A1*/Dr", "Dr", "D1", "D1r2", "D2r2", "D3r2", "DE"]


def benchmark_table() -> CRT:
    """A 9-column d6 odds table whose cells step one code right per column and per die."""
    rows = {
        str(die): [CODES[min(die - 1 + col, len(CODES) - 1)] for col in range(len(COLUMNS))]
        for die in range(1, 7)
    }
    return CRT.from_data({"columns": COLUMNS, "rows": rows})


def measures() -> list[Measure]:
    crt = benchmark_table()
    rng = np.random.default_rng(11)
    columns = rng.integers(0, len(COLUMNS), BATCH)
    ours = per_call(lambda: crt.resolve_batch(columns, rng)) / BATCH

    by_column = [list(column) for column in crt.cells]
    column_list = columns.tolist()
    py_rng = random.Random(11)
    faces = range(6)

    def python_batch() -> list[int]:
        rolls = py_rng.choices(faces, k=BATCH)
        return [by_column[c][r] for c, r in zip(column_list, rolls, strict=True)]

    reference = per_call(python_batch) / BATCH
    return [
        Measure("CRT batch of 10,000, s/combat", ours, reference, 5.0, "python"),
        Measure("CRT batch of 10,000, s/combat vs 20 ns budget", ours, BUDGET, 1.0, "budget"),
    ]


if __name__ == "__main__":
    for m in measures():
        print(
            f"{m.label}: ours {m.ours * 1e9:.1f} ns, {m.reference_name} "
            f"{m.reference * 1e9:.1f} ns, ratio {m.ratio:.1f} (target {m.target}) "
            f"{'met' if m.met else 'NOT MET'}"
        )
