"""Many games at once: seeded, reproducible, resumable playouts with random or search
agents, on local processes or a Dask cluster (the ``[distributed]`` extra).

Game ``i`` of a run always gets the seed :func:`game_seed` ``(seed, i)``, whatever the number
of workers, the engine or the order games finish in, so a run reproduces exactly and an
interrupted run resumes: the games already in the output file are skipped. Results are one
:class:`GameRecord` per game, written as CSV or JSON lines as each game ends (Parquet, the
``[parquet]`` extra, when the run ends, from a JSON-lines journal kept meanwhile).

>>> records = simulate("minimal", games=2, seed=7)
>>> [(r.index, r.seed == game_seed(7, r.index)) for r in records]
[(0, True), (1, True)]
"""

from __future__ import annotations

import copy
import csv
import gc
import json
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Protocol

import attrs

from . import api
from .agents import RandomAgent
from .core import dice
from .core.actions import CHANCE, Action
from .core.errors import ScenarioError
from .core.game import Game
from .core.scenario import Scenario, read_scenario_file
from .registry import get_title

FIELDS = (
    "index",
    "seed",
    "title",
    "scenario",
    "winner",
    "level",
    "turn",
    "actions",
    "reason",
    "agents",
    "options",
    "vp",
)
AGENTS = ("random", "search", "ismcts")
ENGINES = ("local", "dask")
SUFFIXES = (".csv", ".jsonl", ".json", ".parquet")

Progress = Callable[[int, int, float], None]
"""Called after each game with (games done, games in the run, seconds since the start)."""


class RunError(ValueError):
    """A run asked for something that does not exist: an agent, an engine, a format."""


VpRace = tuple[tuple[str, tuple[float, ...]], ...]


def _vp_race(value: Any) -> VpRace:
    if isinstance(value, str):
        value = json.loads(value) if value else {}
    if isinstance(value, Mapping):
        value = value.items()
    return tuple((str(side), tuple(float(v) for v in series)) for side, series in value)


@attrs.frozen(slots=True)
class GameRecord:
    """One finished (or stopped) game of a run. ``winner`` is None for a draw or a game
    stopped at ``max_actions`` (``level`` is then ``"unfinished"``). ``agents`` names each
    side's agent in the title's side order; ``options`` is the JSON text of the scenario
    options set for the run; ``vp`` is the VP race: for each side the title counts
    (:meth:`~wargames.core.title.Title.victory_points`), its points each time a new turn
    began (the position the turn before ended in) and, last, at the game's end."""

    index: int
    seed: int
    title: str
    scenario: str
    winner: str | None
    level: str
    turn: int
    actions: int
    reason: str
    agents: str = "random"
    options: str = "{}"
    vp: VpRace = attrs.field(default=(), converter=_vp_race)

    def to_json(self) -> dict[str, Any]:
        out = attrs.asdict(self)
        out["vp"] = {side: list(series) for side, series in self.vp}
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GameRecord:
        """A record from its JSON form (older files without the later fields read too)."""
        return cls(**{k: data[k] for k in FIELDS if k in data})


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


@attrs.frozen(slots=True)
class Players:
    """Who plays each side: agent names (one for every side, or one per side in the title's
    side order) and the search agents' budget (:class:`~wargames.search.SearchAgent`'s
    playouts, :class:`~wargames.ismcts.ISMCTSAgent`'s iterations; the actions after them)."""

    agents: tuple[str, ...] = ("random",)
    playouts: int = 16
    depth: int = 20

    def check(self, sides: Sequence[str]) -> None:
        unknown = [a for a in self.agents if a not in AGENTS]
        if unknown:
            raise RunError(f"unknown agent {unknown[0]!r} (agents: {', '.join(AGENTS)})")
        if len(self.agents) not in (1, len(sides)):
            raise RunError(f"give one agent, or one per side ({', '.join(sides)})")
        if self.playouts < 1 or self.depth < 0:
            raise RunError("the search budget needs playouts >= 1 and depth >= 0")

    def names(self, sides: Sequence[str]) -> tuple[str, ...]:
        return self.agents * len(sides) if len(self.agents) == 1 else self.agents

    def make(self, sides: Sequence[str], seed: int) -> dict[str, Agent]:
        """Each side's agent, seeded ``seed + i`` for the i-th side."""
        out: dict[str, Agent] = {}
        for i, (side, name) in enumerate(zip(sides, self.names(sides), strict=True)):
            if name == "search":
                from .search import SearchAgent

                out[side] = SearchAgent(seed + i, playouts=self.playouts, depth=self.depth)
            elif name == "ismcts":
                from .ismcts import ISMCTSAgent

                out[side] = ISMCTSAgent(seed + i, iterations=self.playouts, depth=self.depth)
            else:
                out[side] = RandomAgent(seed + i)
        return out


class Agent(Protocol):
    def choose(self, game: Game) -> Action: ...


def play_one(
    title: str,
    data: Mapping[str, Any],
    index: int,
    seed: int,
    max_actions: int = 1_000_000,
    players: Players = Players(),
) -> GameRecord:
    """Play game ``index`` of a run (each side's agent seeded from the game's seed) and
    return its record, with the VP race counted at each turn's end."""
    with _fewer_collections():
        return _play(title, data, index, seed, max_actions, players)


@contextmanager
def _fewer_collections() -> Iterator[None]:
    """Collect garbage less often while a game is played: a game allocates many short-lived
    tables while its history and caches make every full collection long (about a fifth of a
    random Königsberg game went to the collector). Memory is bounded as before; only the
    young generation's threshold is raised, and put back after."""
    old = gc.get_threshold()
    gc.set_threshold(max(old[0], 50_000), *old[1:])
    try:
        yield
    finally:
        gc.set_threshold(*old)


_LOADED: list[tuple[str, Mapping[str, Any], Scenario]] = []
"""The scenario last loaded in this process, with its title and data (see :func:`_loaded`)."""


def _loaded(title: str, data: Mapping[str, Any]) -> Scenario:
    """The scenario of ``data``, loaded once per process while the data stays equal (every
    game of a run): its games share its board and the tables the rules keep with it (the
    same games as from a fresh load: those tables read the board alone)."""
    if _LOADED:
        name, known, sc = _LOADED[0]
        if name == title and known == data:
            return sc
    sc = api.load_scenario(title, data)
    _LOADED[:] = [(title, copy.deepcopy(data), sc)]
    return sc


def _play(
    title: str, data: Mapping[str, Any], index: int, seed: int, max_actions: int, players: Players
) -> GameRecord:
    s = game_seed(seed, index)
    game = api.new_game(title, _loaded(title, data), seed=s)
    sides = game.title.sides
    agents = players.make(sides, s)
    race: dict[str, list[float]] = {}
    turn = game.state.turn

    def count() -> None:
        for side, points in game.title.victory_points(game.rules_context()).items():
            race.setdefault(side, []).append(float(points))

    n = 0
    while not game.is_over() and n < max_actions:
        actor = game.to_act
        assert actor is not None
        if actor == CHANCE:
            game.roll()
        else:
            game.apply(agents.get(actor, agents[sides[0]]).choose(game))
        n += 1
        if game.state.turn != turn:
            turn = game.state.turn
            count()
    count()
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
        agents=",".join(players.names(sides)),
        options=json.dumps(dict(data.get("options", {})), sort_keys=True),
        vp=race,
    )


def read_records(path: Path) -> list[GameRecord]:
    """The records already in an output file (CSV, JSON lines or Parquet, with the journal
    of an unfinished Parquet run); none if it is missing. A last line cut short by an
    interruption is dropped from the file."""
    if path.suffix == ".parquet":
        done = _read_parquet(path) if path.exists() else []
        return done + read_records(_journal(path))
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


def _journal(path: Path) -> Path:
    """Where a Parquet run keeps its records as JSON lines until the run ends."""
    return path.with_name(path.name + ".jsonl")


def _pyarrow() -> Any:
    try:
        import pyarrow
        import pyarrow.parquet
    except ImportError:
        raise ImportError("Parquet output needs pyarrow: pip install 'wargames[parquet]'") from None
    return pyarrow


def _read_parquet(path: Path) -> list[GameRecord]:
    pa = _pyarrow()
    rows = pa.parquet.read_table(path).to_pylist()
    return [GameRecord.from_json(row) for row in rows]


def write_parquet(records: Sequence[GameRecord], path: Path) -> None:
    """Write ``records`` as one Parquet table (the VP race as JSON text)."""
    pa = _pyarrow()
    rows = [{**r.to_json(), "vp": json.dumps(r.to_json()["vp"], sort_keys=True)} for r in records]
    columns = {k: [row[k] for row in rows] for k in FIELDS}
    pa.parquet.write_table(pa.table(columns), path)


class _Writer:
    """Appends records to a CSV or JSON-lines file as games end; a Parquet run appends to
    its journal and writes the table when the run ends."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        if path is not None and path.suffix not in SUFFIXES:
            raise RunError(f"{path}: the output must end in {', '.join(SUFFIXES)}")
        if path is not None and path.suffix == ".parquet":
            _pyarrow()
            self.path = _journal(path)
        if self.path is not None and self.path.suffix == ".csv" and not self.path.exists():
            with self.path.open("w", newline="", encoding="utf-8") as f:
                csv.writer(f).writerow(FIELDS)

    def write(self, record: GameRecord) -> None:
        if self.path is None:
            return
        with self.path.open("a", newline="", encoding="utf-8") as f:
            row = record.to_json()
            if self.path.suffix == ".csv":
                row["vp"] = json.dumps(row["vp"], sort_keys=True)
                csv.writer(f).writerow(["" if row[k] is None else row[k] for k in FIELDS])
            else:
                f.write(json.dumps(row, sort_keys=True) + "\n")


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
    agents: str | Sequence[str] = "random",
    playouts: int = 16,
    depth: int = 20,
    engine: str = "local",
    scheduler: str | None = None,
) -> list[GameRecord]:
    """Play ``games`` games of ``title``; append each record to ``out`` (CSV, JSON lines or
    Parquet) as it ends, skipping the games already there. Returns every record of the run,
    in game order.

    ``agents``: ``"random"``, ``"search"``, ``"ismcts"``, or one per side (``"random,search"``);
    a search agent spends ``playouts`` playouts (iterations) of ``depth`` actions per
    decision. ``engine``: ``"local"`` (``workers`` processes on this machine) or ``"dask"``
    (the ``[distributed]`` extra: a Dask cluster at ``scheduler``, or a local one of
    ``workers`` processes)."""
    if games < 0 or workers < 1:
        raise RunError("need games >= 0 and workers >= 1")
    if engine not in ENGINES:
        raise RunError(f"unknown engine {engine!r} (engines: {', '.join(ENGINES)})")
    names = tuple(agents.split(",")) if isinstance(agents, str) else tuple(agents)
    players = Players(names, playouts, depth)
    data = scenario_data(title, scenario, options)
    players.check(get_title(title).sides)
    path = Path(out) if out is not None else None
    writer = _Writer(path)
    done = {r.index: r for r in (read_records(path) if path is not None else [])}
    todo = [i for i in range(games) if i not in done]
    start = time.monotonic()
    job = _Job(title, data, seed, max_actions, players)
    runs = _dask(job, todo, workers, scheduler) if engine == "dask" else _run(job, todo, workers)
    for record in runs:
        done[record.index] = record
        writer.write(record)
        if progress is not None:
            progress(len(done), games, time.monotonic() - start)
    records = [done[i] for i in range(games)]
    if path is not None and path.suffix == ".parquet":
        write_parquet(sorted(done.values(), key=lambda r: r.index), path)
        _journal(path).unlink(missing_ok=True)
    return records


@attrs.frozen(slots=True)
class _Job:
    """What every game of a run shares; ``play(i)`` plays game ``i``."""

    title: str
    data: Mapping[str, Any]
    seed: int
    max_actions: int
    players: Players

    def play(self, index: int) -> GameRecord:
        return play_one(self.title, self.data, index, self.seed, self.max_actions, self.players)


def _run(job: _Job, todo: Sequence[int], workers: int) -> Iterator[GameRecord]:
    if workers == 1 or len(todo) < 2:
        for i in todo:
            yield job.play(i)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(job.play, i) for i in todo]
        for future in futures:
            yield future.result()


def _dask(
    job: _Job, todo: Sequence[int], workers: int, scheduler: str | None
) -> Iterator[GameRecord]:
    """The games on a Dask cluster: the one at ``scheduler``, or a local one of ``workers``
    single-threaded processes started for the run. Records come as games finish."""
    try:
        from dask.distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise ImportError(
            "the dask engine needs dask.distributed: pip install 'wargames[distributed]'"
        ) from None
    if not todo:
        return
    cluster = None
    if scheduler is None:
        cluster = LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
        )
    client = Client(cluster if cluster is not None else scheduler)
    try:
        futures = client.map(job.play, list(todo), pure=False)
        for future in as_completed(futures):
            yield future.result()
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def progress_line(done: int, total: int, seconds: float) -> str:
    """``12/100 games, 3.1 games/s, ETA 28 s``"""
    rate = done / seconds if seconds > 0 else 0.0
    eta = (total - done) / rate if rate > 0 else float("inf")
    return f"{done}/{total} games, {rate:.1f} games/s, ETA {eta:.0f} s"
