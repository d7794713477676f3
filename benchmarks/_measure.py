"""One measured comparison: our call against a reference call doing the same work."""

from __future__ import annotations

import timeit
from collections.abc import Callable
from typing import Any

import attrs


@attrs.frozen
class Measure:
    """``ours`` and ``reference`` are seconds per query; ``target`` is the speed-up required."""

    label: str
    ours: float
    reference: float
    target: float
    reference_name: str = "networkx"

    @property
    def ratio(self) -> float:
        return self.reference / self.ours

    @property
    def met(self) -> bool:
        return self.ratio >= self.target


def per_call(fn: Callable[[], Any], repeat: int = 5) -> float:
    """Median seconds per call (timeit autorange, then ``repeat`` repeats)."""
    timer = timeit.Timer(fn)
    number, _ = timer.autorange()
    runs = sorted(t / number for t in timer.repeat(repeat=repeat, number=number))
    return runs[len(runs) // 2]
