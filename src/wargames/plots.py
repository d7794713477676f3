"""Plots of playout records (:mod:`wargames.simulate`) with matplotlib (the ``[plot]`` extra).

:func:`draw` writes four figures into a folder, as PNG or SVG: ``win_rates`` (each outcome's
rate with its 95% Wilson interval, per group of games with the same title, scenario, agents
and options), ``lengths`` (a histogram of game lengths in actions), ``victory_turns`` (the
turn each decided game ended on, per winner) and ``vp_race`` (each counted side's victory
points turn by turn: every game faint, the mean bold).
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .report import group_label, outcome, wilson
from .simulate import GameRecord

FORMATS = ("png", "svg")


def _figure() -> Any:
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise ImportError("plots need matplotlib: pip install 'wargames[plot]'") from None
    return Figure(figsize=(7, 4), layout="constrained")


def draw(records: Sequence[GameRecord], folder: Path, fmt: str = "png") -> list[Path]:
    """Write the four plots of ``records`` into ``folder`` (made if missing); their paths."""
    if fmt not in FORMATS:
        raise ValueError(f"plots are {' or '.join(FORMATS)}, not {fmt!r}")
    if not records:
        raise ValueError("no games to plot")
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for name, plot in (
        ("win_rates", win_rates),
        ("lengths", lengths),
        ("victory_turns", victory_turns),
        ("vp_race", vp_race),
    ):
        fig = _figure()
        plot(fig, records)
        path = folder / f"{name}.{fmt}"
        import matplotlib

        # Fixed SVG element ids and no creation date: the same records give the same files.
        with matplotlib.rc_context({"svg.hashsalt": "wargames"}):
            fig.savefig(path, format=fmt, metadata=_metadata(fmt))
        out.append(path)
    return out


def _metadata(fmt: str) -> dict[str, Any]:
    return {"Date": None} if fmt == "svg" else {}


def win_rates(fig: Any, records: Sequence[GameRecord]) -> None:
    """Each outcome's rate with its 95% Wilson interval, one cluster of bars per group."""
    groups: dict[str, list[GameRecord]] = {}
    for r in records:
        groups.setdefault(group_label(r), []).append(r)
    outcomes = sorted({outcome(r) for r in records})
    ax = fig.add_subplot()
    width = 0.8 / len(outcomes)
    for k, name in enumerate(outcomes):
        rates, low, high = [], [], []
        for games in groups.values():
            n = sum(1 for r in games if outcome(r) == name)
            lo, hi = wilson(n, len(games))
            rate = n / len(games)
            rates.append(rate)
            low.append(rate - lo)
            high.append(hi - rate)
        xs = [i + (k - (len(outcomes) - 1) / 2) * width for i in range(len(groups))]
        ax.bar(xs, rates, width, yerr=[low, high], capsize=3, label=name)
    ax.set_xticks(range(len(groups)), [f"{g}\n({len(v)} games)" for g, v in groups.items()])
    ax.set_ylim(0, 1)
    ax.set_ylabel("rate (95% Wilson interval)")
    ax.set_title("Win rates")
    ax.legend()


def lengths(fig: Any, records: Sequence[GameRecord]) -> None:
    """A histogram of game lengths in actions."""
    ax = fig.add_subplot()
    ax.hist([r.actions for r in records], bins=min(30, max(5, len(records) // 3)))
    ax.set_xlabel("actions")
    ax.set_ylabel("games")
    ax.set_title(f"Game lengths (median {statistics.median(r.actions for r in records):g})")


def victory_turns(fig: Any, records: Sequence[GameRecord]) -> None:
    """The last turn of each game, stacked by outcome."""
    ax = fig.add_subplot()
    names = sorted({outcome(r) for r in records})
    turns = sorted({r.turn for r in records})
    bottom = [0] * len(turns)
    for name in names:
        counts = [sum(1 for r in records if r.turn == t and outcome(r) == name) for t in turns]
        ax.bar(turns, counts, bottom=bottom, label=name)
        bottom = [b + c for b, c in zip(bottom, counts, strict=True)]
    ax.set_xlabel("turn the game ended on")
    ax.set_ylabel("games")
    ax.set_title("Victory turns")
    ax.legend()


def vp_race(fig: Any, records: Sequence[GameRecord]) -> None:
    """Each side's victory points turn by turn (the title's count): games faint, mean bold."""
    ax = fig.add_subplot()
    sides = sorted({side for r in records for side, _ in r.vp})
    for k, side in enumerate(sides):
        colour = f"C{k}"
        series = [dict(r.vp)[side] for r in records if side in dict(r.vp)]
        for s in series:
            ax.plot(range(1, len(s) + 1), s, color=colour, alpha=0.15, linewidth=0.8)
        longest = max(len(s) for s in series)
        mean = [statistics.fmean(s[i] for s in series if len(s) > i) for i in range(longest)]
        ax.plot(range(1, longest + 1), mean, color=colour, linewidth=2.5, label=f"{side} (mean)")
    if not sides:
        ax.text(0.5, 0.5, "the title counts no victory points", ha="center", va="center")
    else:
        ax.legend()
    ax.set_xlabel("turn end")
    ax.set_ylabel("victory points")
    ax.set_title("VP race")
