"""Many games at once: seeded, reproducible, resumable playouts on local processes.

Game ``i`` of a run always gets the seed :func:`game_seed` ``(seed, i)``, whatever the number
of workers or the order games finish in, so a run reproduces exactly and an interrupted run
resumes: the games already in the output file are skipped. Results are one
:class:`GameRecord` per game, written as CSV or JSON lines as each game ends.

>>> records = simulate("minimal", games=2, seed=7)
>>> [(r.index, r.seed == game_seed(7, r.index)) for r in records]
[(0, True), (1, True)]
"""

from __future__ import annotations

import csv
import json
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import attrs

from . import api
from .agents import RandomAgent, step
from .core import dice
from .core.errors import ScenarioError
from .core.scenario import read_scenario_file
from .registry import get_title

FIELDS = ("index", "seed", "title", "scenario", "winner", "level", "turn", "actions", "reason")

Progress = Callable[[int, int, float], None]
"""Called after each game with (games done, games in the run, seconds since the start)."""


@attrs.frozen(slots=True)
class GameRecord:
    """One finished (or stopped) game of a run. ``winner`` is None for a draw or a game
    stopped at ``max_actions`` (``level`` is then ``"unfinished"``)."""

    index: int
    seed: int
    title: str
    scenario: str
    winner: str | None
    level: str
    turn: int
    actions: int
    reason: str

    def to_json(self) -> dict[str, Any]:
        return attrs.asdict(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GameRecord:
        return cls(**{k: data[k] for k in FIELDS})


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run seeded ``seed`` (independent of workers)."""
    value, _ = dice.next64(dice.seed_state(seed) ^ (index * 0x9E3779B97F4A7C15 % 2**64))
    return value % 2**32


def scenario_data(
    title: str, scenario: str | Path | None = None, options: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """The raw data of a built-in or file scenario, with ``options`` set (checked on load)."""
    try:
        t = get_title(title)
    except KeyError as exc:
        raise ScenarioError(str(scenario or "<default scenario>"), "title", exc.args[0]) from None
    name = scenario if scenario is not None else t.default_scenario
    path = t.scenario_files().get(str(name), Path(name))
    _, data = read_scenario_file(path)
    if options:
        data["options"] = {**data.get("options", {}), **options}
    api.load_scenario(title, data)  # the typed error now, not in a worker
    return data


def play_one(
    title: str, data: Mapping[str, Any], index: int, seed: int, max_actions: int = 1_000_000
) -> GameRecord:
    """Play game ``index`` of a run with random agents (each side's agent seeded from the
    game's seed) and return its record."""
    s = game_seed(seed, index)
    game = api.new_game(title, data, seed=s)
    agents = {side: RandomAgent(s + i) for i, side in enumerate(game.title.sides)}
    n = 0
    while not game.is_over() and n < max_actions:
        d = game.decision
        assert d is not None
        step(game, agents.get(d.side, agents[game.title.sides[0]]))
        n += 1
    result = game.result()
    return GameRecord(
        index=index,
        seed=s,
        title=title,
        scenario=game.scenario.name,
        winner=None if result is None else result.winner,
        level="unfinished" if result is None else result.level,
        turn=game.state.turn,
        actions=len(game.history),
        reason="stopped at max_actions" if result is None else result.reason,
    )


def read_records(path: Path) -> list[GameRecord]:
    """The records already in an output file (CSV or JSON lines); none if it is missing. A
    last line cut short by an interruption is dropped from the file."""
    if not path.exists():
        return []
    text = path.read_text(encoding="utf-8")
    if text and not text.endswith("\n"):
        text = text[: text.rfind("\n") + 1]
        path.write_text(text, encoding="utf-8")
    if path.suffix == ".csv":
        rows = list(csv.DictReader(text.splitlines()))
        return [GameRecord.from_json(_typed(row)) for row in rows]
    return [GameRecord.from_json(json.loads(line)) for line in text.splitlines() if line.strip()]


def _typed(row: Mapping[str, str]) -> dict[str, Any]:
    out: dict[str, Any] = dict(row)
    for key in ("index", "seed", "turn", "actions"):
        out[key] = int(row[key])
    out["winner"] = row["winner"] or None
    return out


class _Writer:
    """Appends records to a CSV or JSON-lines file as games end."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        if path is not None and path.suffix not in (".csv", ".jsonl", ".json"):
            raise ValueError(f"{path}: the output must end in .csv, .jsonl or .json")
        if path is not None and path.suffix == ".csv" and not path.exists():
            with path.open("w", newline="", encoding="utf-8") as f:
                csv.writer(f).writerow(FIELDS)

    def write(self, record: GameRecord) -> None:
        if self.path is None:
            return
        with self.path.open("a", newline="", encoding="utf-8") as f:
            if self.path.suffix == ".csv":
                row = record.to_json()
                csv.writer(f).writerow(["" if row[k] is None else row[k] for k in FIELDS])
            else:
                f.write(json.dumps(record.to_json(), sort_keys=True) + "\n")


def simulate(
    title: str,
    games: int,
    *,
    scenario: str | Path | None = None,
    options: Mapping[str, Any] | None = None,
    seed: int = 0,
    workers: int = 1,
    out: str | Path | None = None,
    max_actions: int = 1_000_000,
    progress: Progress | None = None,
) -> list[GameRecord]:
    """Play ``games`` games of ``title`` with random agents on ``workers`` processes; append
    each record to ``out`` (CSV or JSON lines) as it ends, skipping the games already there.
    Returns every record of the run, in game order."""
    if games < 0 or workers < 1:
        raise ValueError("need games >= 0 and workers >= 1")
    data = scenario_data(title, scenario, options)
    path = Path(out) if out is not None else None
    writer = _Writer(path)
    done = {r.index: r for r in (read_records(path) if path is not None else [])}
    todo = [i for i in range(games) if i not in done]
    start = time.monotonic()
    for record in _run(title, data, todo, seed, workers, max_actions):
        done[record.index] = record
        writer.write(record)
        if progress is not None:
            progress(len(done), games, time.monotonic() - start)
    return [done[i] for i in range(games)]


def _run(
    title: str,
    data: Mapping[str, Any],
    todo: Sequence[int],
    seed: int,
    workers: int,
    max_actions: int,
) -> Iterator[GameRecord]:
    if workers == 1 or len(todo) < 2:
        for i in todo:
            yield play_one(title, data, i, seed, max_actions)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(play_one, title, data, i, seed, max_actions) for i in todo]
        for future in futures:
            yield future.result()


def progress_line(done: int, total: int, seconds: float) -> str:
    """``12/100 games, 3.1 games/s, ETA 28 s``"""
    rate = done / seconds if seconds > 0 else 0.0
    eta = (total - done) / rate if rate > 0 else float("inf")
    return f"{done}/{total} games, {rate:.1f} games/s, ETA {eta:.0f} s"
