"""``benchmarks/agents.py --measured`` plays every seat of every title (issue 16 item 5: the
search agent's win rate in both seats of every title), each with the settings
``docs/agents.md`` reports, and plays them as ISMCTS with those settings."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import wargames

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "agents.py"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("agents_benchmark", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_every_seat_of_every_title_has_its_measured_settings() -> None:
    measured = _script().MEASURED
    seats = {(t, s) for t in wargames.titles() for s in wargames.new_game(t).title.sides}
    assert set(measured) == seats
    assert all(
        it > 0 and depth >= 0 and screen >= 0 and prior >= 0
        for it, depth, screen, prior in measured.values()
    )


def test_a_measured_match_plays_the_seat_on_the_given_seeds() -> None:
    bench = _script()
    wins, finished, decisions, _, score, _ = bench.match(
        "minimal", "blue", 0, 4, 4, 10**6, seeds=range(1, 3), screen=0
    )
    assert finished == 2 and decisions > 0 and 0 <= wins <= 2 and 0.0 <= score <= 1.0
    _, _, none, _, _, _ = bench.match("minimal", "blue", 0, 4, 4, 10**6, False, seeds=range(1, 3))
    assert none == 0  # the baseline: random play in the seat, no search decision
