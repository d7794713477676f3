"""Balance reports over the records of many games (:mod:`wargames.simulate`).

>>> from wargames.simulate import GameRecord
>>> r = [GameRecord(i, i, "t", "s", w, "victory", 3, 50, "") for i, w in enumerate("aab")]
>>> print(summarize(r).text())
3 games of t/s
  a        2 wins  66.7%  (95% CI 20.8%-93.9%)
  b        1 wins  33.3%  (95% CI 6.1%-79.2%)
  length: 50 actions (median), last turn 3 (median)
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Sequence

import attrs

from .simulate import GameRecord

Z95 = 1.959963984540054


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% by default)."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    low = 0.0 if wins == 0 else max(0.0, centre - half)
    high = 1.0 if wins == games else min(1.0, centre + half)
    return (low, high)


@attrs.frozen(slots=True)
class Report:
    """Win counts by outcome (a side, ``draw`` or ``unfinished``) and game lengths."""

    games: int
    label: str
    outcomes: tuple[tuple[str, int], ...]
    median_actions: float
    median_turn: float

    def rate(self, outcome: str) -> tuple[float, float, float]:
        """(rate, low, high) of ``outcome`` with its 95% Wilson interval."""
        n = dict(self.outcomes).get(outcome, 0)
        low, high = wilson(n, self.games)
        return (n / self.games if self.games else 0.0, low, high)

    def text(self) -> str:
        lines = [f"{self.games} games of {self.label}"]
        for outcome, n in self.outcomes:
            rate, low, high = self.rate(outcome)
            word = "wins" if outcome not in ("draw", "unfinished") else "games"
            lines.append(
                f"  {outcome:<6} {n:>3} {word}  {rate:5.1%}  (95% CI {low:.1%}-{high:.1%})"
            )
        lines.append(
            f"  length: {self.median_actions:g} actions (median), "
            f"last turn {self.median_turn:g} (median)"
        )
        return "\n".join(lines)


def outcome(record: GameRecord) -> str:
    """The winner, ``draw`` or ``unfinished``."""
    return record.winner or ("unfinished" if record.level == "unfinished" else "draw")


def group_label(record: GameRecord) -> str:
    """``title/scenario``, then the agents and options when they are not the defaults:
    games with the same label are compared together."""
    label = f"{record.title}/{record.scenario}"
    if set(record.agents.split(",")) != {"random"}:
        label += f" {record.agents}"
    if record.options not in ("", "{}"):
        label += f" {record.options}"
    return label


def summarize(records: Sequence[GameRecord]) -> Report:
    """The report of ``records`` (of one title and scenario)."""
    if not records:
        raise ValueError("no games to report on")
    labels = sorted({group_label(r) for r in records})
    counts: Counter[str] = Counter()
    for r in records:
        counts[outcome(r)] += 1
    return Report(
        games=len(records),
        label=", ".join(labels),
        outcomes=tuple(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))),
        median_actions=statistics.median(r.actions for r in records),
        median_turn=statistics.median(r.turn for r in records),
    )


def by_group(records: Sequence[GameRecord]) -> list[Report]:
    """One report per :func:`group_label` (scenario, agents, options), in label order."""
    groups: dict[str, list[GameRecord]] = {}
    for r in records:
        groups.setdefault(group_label(r), []).append(r)
    return [summarize(groups[k]) for k in sorted(groups)]
