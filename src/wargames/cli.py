"""The ``wargames`` command: list titles, play a game (with agents, or yourself at the
terminal), replay or convert a saved game or record, validate files, simulate and report."""

from __future__ import annotations

import argparse
import json
import sys
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from . import api
from .agents import RandomAgent, step
from .core.errors import ScenarioError, ScenarioErrors, WargamesError
from .core.game import Game
from .core.scenario import read_scenario_file
from .registry import get_title


def _titles(_: argparse.Namespace) -> int:
    for name in api.titles():
        t = get_title(name)
        print(f"{name:<14} {t.description}")
        for sc in api.scenarios(name):
            print(f"{'':<14}   scenario {sc}")
    return 0


def _options(items: Sequence[str]) -> dict[str, Any]:
    """``--option k=v`` values: JSON where they parse as JSON, else text."""
    options: dict[str, Any] = {}
    for item in items:
        key, sep, text = item.partition("=")
        if not sep or not key:
            raise ScenarioError("--option", item, "expected k=v")
        try:
            options[key] = json.loads(text)
        except json.JSONDecodeError:
            options[key] = text
    return options


def _play(args: argparse.Namespace) -> int:
    game = api.new_game(args.title, args.scenario, seed=args.seed, options=_options(args.option))
    if args.human:
        return _play_terminal(game, args)
    agent = RandomAgent(args.seed)
    shown = 0
    out = sys.stdout

    def flush() -> None:
        nonlocal shown
        for event in game.events[shown:]:
            if args.quiet and event.kind not in ("turn", "game-over"):
                continue
            print(str(event), file=out)
        shown = len(game.events)

    print(f"{game.title.name}: {game.scenario.name} (seed {args.seed})", file=out)
    while not game.is_over():
        if args.max_turns is not None and game.state.turn > args.max_turns:
            break
        step(game, agent)
        flush()
    flush()
    result = game.result()
    if result is None:
        print(f"Stopped after {len(game.history)} actions at turn {game.state.turn}: no result yet")
    else:
        print(f"Result: {result}")
    if args.save:
        Path(args.save).write_text(game.to_json(), encoding="utf-8")
        print(f"Saved to {args.save}")
    if args.record:
        Path(args.record).write_text(game.to_record(), encoding="utf-8")
        print(f"Record written to {args.record}")
    return 0


def _play_terminal(game: Game, args: argparse.Namespace) -> int:
    from .terminal import Terminal

    humans = list(game.title.sides) if "all" in args.human else list(args.human)
    agent: Any = None
    if set(humans) != set(game.title.sides):
        if args.agent == "search":
            from .search import SearchAgent

            agent = SearchAgent(args.seed)
        elif args.agent == "ismcts":
            from .ismcts import ISMCTSAgent

            agent = ISMCTSAgent(args.seed)
        else:
            agent = RandomAgent(args.seed)
    return Terminal(game, humans, agent, max_turns=args.max_turns).run()


def _read_game(path: Path) -> Game:
    """A saved game (JSON) or a game record (text), told apart by the first character."""
    data = path.read_bytes()
    if data.lstrip()[:1] == b"{":
        return api.load_game(data, file=str(path))
    return api.load_record(data, file=str(path))


def _replay(args: argparse.Namespace) -> int:
    path = Path(args.file)
    saved = _read_game(path)
    fresh = Game(saved.title, saved.scenario, saved.seed)
    for i, action in enumerate(saved.history):
        error = fresh.check(action)
        if error is not None:
            print(f"wargames: {path}: action {i} is illegal on replay: {error}", file=sys.stderr)
            return 1
        fresh.apply(action)
    if fresh.to_json() != saved.to_json():
        print(f"wargames: {path}: replay does not reproduce the saved game", file=sys.stderr)
        return 1
    result = fresh.result()
    print(f"{path}: {len(saved.history)} actions replayed; the game reproduces exactly")
    print(f"Result: {result}" if result else "No result yet")
    return 0


def _render(args: argparse.Namespace) -> int:
    path = Path(args.file)
    game = api.load_game(path.read_bytes(), file=str(path))
    if args.at is not None and not 0 <= args.at <= len(game.history):
        raise WargamesError(f"--at {args.at}: the game has {len(game.history)} actions")
    if args.side is not None and args.side not in game.title.sides:
        raise WargamesError(f"--side {args.side}: not a side ({', '.join(game.title.sides)})")
    if args.select is not None and args.select not in game.scenario.units:
        raise WargamesError(f"--select {args.select}: not a unit of this game")
    picture = game.svg(
        highlight=args.highlight or (),
        side=args.side,
        at=args.at,
        last_move=args.last_move,
        select=args.select,
        zoc=args.zoc,
        supply=args.supply,
        size=args.size,
    )
    if args.out == "-":
        sys.stdout.write(picture + "\n")
        return 0
    out = Path(args.out) if args.out else path.with_suffix(".svg")
    if out.suffix.lower() == ".png":
        from .core.render.png import png

        try:
            out.write_bytes(png(picture))
        except ImportError as exc:  # the png extra is not installed
            raise WargamesError(str(exc)) from None
    else:
        out.write_text(picture, encoding="utf-8")
    at = len(game.history) if args.at is None else args.at
    print(f"{out}: {game.title.name}, position after {at} of {len(game.history)} actions")
    return 0


def _simulate(args: argparse.Namespace) -> int:
    from .report import summarize
    from .simulate import RunError, progress_line, simulate

    if args.games < 0 or args.workers < 1:
        raise WargamesError("--games must be >= 0 and --workers >= 1")
    if args.out and Path(args.out).suffix not in (".csv", ".jsonl", ".json", ".parquet"):
        raise WargamesError(f"{args.out}: the output must end in .csv, .jsonl, .json or .parquet")
    options = _options(args.option)
    try:
        records = simulate(
            args.title,
            args.games,
            scenario=args.scenario,
            options=options,
            seed=args.seed,
            workers=args.workers,
            out=args.out,
            max_actions=args.max_actions,
            agents=args.agents,
            playouts=args.playouts,
            depth=args.depth,
            engine=args.engine,
            scheduler=args.scheduler,
            progress=lambda d, t, s: print(f"\r{progress_line(d, t, s)}", end="", file=sys.stderr),
        )
    except (RunError, ImportError) as exc:  # a bad agent or engine, a missing extra
        raise WargamesError(str(exc)) from None
    print(file=sys.stderr)
    print(summarize(records).text())
    return 0


def _convert(args: argparse.Namespace) -> int:
    game = _read_game(Path(args.file))
    out = Path(args.out)
    text = game.to_json() if out.suffix == ".json" else game.to_record(comments=args.comments)
    out.write_text(text, encoding="utf-8")
    kind = "saved game" if out.suffix == ".json" else "record"
    print(f"{out}: {kind} of {game.title.name}, {len(game.history)} actions")
    return 0


def _is_save(data: bytes) -> bool:
    """Whether JSON ``data`` is a saved game (it has ``format``) rather than a scenario."""
    try:
        value = json.loads(data)
    except (json.JSONDecodeError, UnicodeDecodeError):
        return False
    return isinstance(value, dict) and "format" in value


def _validate(args: argparse.Namespace) -> int:
    """Check a scenario file, a saved game or a record; print every error found."""
    path = Path(args.file)
    data = path.read_bytes()
    head = data.lstrip()[:1]
    errors: list[WargamesError] = []
    what = ""
    try:
        if head == b"[":
            game = api.load_record(data, file=str(path))
            what = f"a record of {game.title.name}, {len(game.history)} actions"
        elif head == b"{" and _is_save(data):
            game = api.load_game(data, file=str(path))
            what = f"a saved game of {game.title.name}, {len(game.history)} actions"
        else:
            _, raw = read_scenario_file(path)
            title = raw.get("title")
            if not isinstance(title, str):
                raise ScenarioError(str(path), "title", "missing: which title is it for?")
            sc = api.load_scenario(title, path)
            api.new_game(title, path)  # and it plays: the first decision is answered
            what = f"a scenario of {title}: {len(sc.units)} units, {len(sc.board)} nodes"
    except ScenarioErrors as exc:
        errors.extend(exc.errors)
    except WargamesError as exc:
        errors.append(exc)
    for error in errors:
        print(_one_line(error))
    if errors:
        print(f"{path}: {len(errors)} error{'s' if len(errors) > 1 else ''}")
        return 1
    print(f"{path}: ok ({what})")
    return 0


def _report(args: argparse.Namespace) -> int:
    from .report import by_group, summarize
    from .simulate import read_records

    records = []
    for name in args.files:
        path = Path(name)
        if not path.exists():
            raise FileNotFoundError(f"{name}: no such file")
        records.extend(read_records(path))
    reports = by_group(records) if records else []
    print("\n".join(r.text() for r in reports) if len(reports) > 1 else summarize(records).text())
    if args.plots:
        from .plots import draw

        try:
            made = draw(records, Path(args.plots), args.format)
        except ImportError as exc:
            raise WargamesError(str(exc)) from None
        for file in made:
            print(file)
    return 0


def _serve(args: argparse.Namespace) -> int:
    try:
        from .server import serve
    except ImportError as exc:
        msg = f"the server needs its extra: pip install 'wargames[server]' ({exc})"
        raise WargamesError(msg) from None
    print(f"wargames: serving on http://{args.host}:{args.port}/ (store: {args.db})", flush=True)
    serve(args.host, args.port, args.db, args.static)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="wargames", description=__doc__)
    parser.add_argument(
        "--traceback", action="store_true", help="also show the traceback of a user error"
    )
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("titles", help="list the titles and their scenarios")
    p.set_defaults(run=_titles)
    p = sub.add_parser("play", help="play a game with random agents and print the log")
    p.add_argument("title")
    p.add_argument("--scenario", default=None, help="a built-in scenario name or a file")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--max-turns", type=int, default=None)
    p.add_argument("--save", default=None, help="write the finished game as JSON")
    p.add_argument("--quiet", action="store_true", help="print only turns and the result")
    p.add_argument("--record", default=None, help="write the finished game as a text record")
    p.add_argument("--option", action="append", default=[], help="a title option, k=v")
    p.add_argument(
        "--human",
        action="append",
        default=[],
        metavar="SIDE",
        help="play SIDE yourself at the terminal (repeat, or 'all', for hot-seat)",
    )
    p.add_argument(
        "--agent",
        choices=("random", "search", "ismcts"),
        default="random",
        help="who plays the others",
    )
    p.set_defaults(run=_play)
    p = sub.add_parser("replay", help="re-apply a saved game or record; check it reproduces")
    p.add_argument("file")
    p.set_defaults(run=_replay)
    p = sub.add_parser("convert", help="a saved game to a record (or back: OUT ends in .json)")
    p.add_argument("file")
    p.add_argument("out")
    p.add_argument("--comments", action="store_true", help="add each action's prose")
    p.set_defaults(run=_convert)
    p = sub.add_parser("render", help="draw a saved game's position as SVG or PNG")
    p.add_argument("file")
    p.add_argument(
        "--out", default=None, help="the .svg or .png file, - for stdout (default: FILE.svg)"
    )
    p.add_argument("--highlight", nargs="*", help="nodes to outline")
    p.add_argument("--at", type=int, default=None, help="the position after N actions")
    p.add_argument("--side", default=None, help="draw only what this side may see")
    p.add_argument("--last-move", action="store_true", help="arrows for the last move")
    p.add_argument("--select", default=None, help="a unit whose legal moves to draw")
    p.add_argument("--zoc", action="store_true", help="hatch the zones of control")
    p.add_argument("--supply", action="store_true", help="supply sources and states")
    p.add_argument("--size", type=float, default=24.0, help="hex size in pixels")
    p.set_defaults(run=_render)
    p = sub.add_parser("simulate", help="play many seeded random games; write one record each")
    p.add_argument("title")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--scenario", default=None, help="a built-in scenario name or a file")
    p.add_argument("--seed", type=int, default=0, help="the run's seed (game i: a seed of its own)")
    p.add_argument("--workers", type=int, default=1, help="local processes")
    p.add_argument("--option", action="append", default=[], help="a scenario option, k=v")
    p.add_argument(
        "--out", default=None, help="records as .csv, .jsonl or .parquet; a rerun resumes"
    )
    p.add_argument("--max-actions", type=int, default=1_000_000)
    p.add_argument(
        "--agents", default="random", help="random, search or ismcts, or one per side: a,b"
    )
    p.add_argument("--playouts", type=int, default=16, help="the search agent's playouts")
    p.add_argument("--depth", type=int, default=20, help="the search agent's playout depth")
    p.add_argument("--engine", choices=("local", "dask"), default="local")
    p.add_argument("--scheduler", default=None, help="a Dask scheduler's address (dask engine)")
    p.set_defaults(run=_simulate)
    p = sub.add_parser("validate", help="check a scenario, saved game or record: every error")
    p.add_argument("file")
    p.set_defaults(run=_validate)
    p = sub.add_parser("report", help="win rates and lengths of simulate's records")
    p.add_argument("files", nargs="+")
    p.add_argument("--plots", default=None, help="a folder for the plots (matplotlib)")
    p.add_argument("--format", choices=("png", "svg"), default="png")
    p.set_defaults(run=_report)
    p = sub.add_parser("serve", help="run the game server and the browser client")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--db", default="wargames.sqlite3", help="the SQLite file of the games")
    p.add_argument("--static", default=None, help="the browser client's folder")
    p.set_defaults(run=_serve)
    args = parser.parse_args(argv)
    try:
        code: int = args.run(args)
    except (WargamesError, OSError) as exc:
        cause = exc.__cause__
        if isinstance(cause, Exception) and not isinstance(cause, (WargamesError, OSError)):
            # A file the loader accepted made title code crash: a gap in its checks, so
            # shown as the internal error it is (the typed error's line comes last).
            return _internal(cause, exc)
        # User errors (a bad file, an illegal action, an unknown title): one line.
        if args.traceback:
            traceback.print_exc()
        print(f"wargames: {_one_line(exc)}", file=sys.stderr)
        return 2
    except Exception as exc:
        return _internal(exc)
    return code


def _internal(exc: Exception, typed: BaseException | None = None) -> int:
    """Report a bug in title or library code: its traceback (with the step and frame being
    run, noted on it by Game), then one summary line."""
    traceback.print_exception(exc)
    where = getattr(exc, "wargames_where", None)
    place = f" in {where}" if where else ""
    line = f"wargames: internal error{place}: {type(exc).__name__}: {_one_line(exc)}"
    if typed is not None:
        line += f" (reported as: {_one_line(typed)})"
    print(line, file=sys.stderr)
    return 3


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split())


if __name__ == "__main__":
    raise SystemExit(main())
