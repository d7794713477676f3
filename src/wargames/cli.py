"""The ``wargames`` command: list titles, play a game with random agents, replay a saved game."""

from __future__ import annotations

import argparse
import json
import sys
import traceback
from collections.abc import Sequence
from pathlib import Path

from . import api
from .agents import RandomAgent, step
from .core.errors import ScenarioError, WargamesError
from .core.game import Game
from .registry import get_title


def _titles(_: argparse.Namespace) -> int:
    for name in api.titles():
        t = get_title(name)
        print(f"{name:<14} {t.description}")
        for sc in api.scenarios(name):
            print(f"{'':<14}   scenario {sc}")
    return 0


def _play(args: argparse.Namespace) -> int:
    game = api.new_game(args.title, args.scenario, seed=args.seed)
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
    return 0


def _replay(args: argparse.Namespace) -> int:
    path = Path(args.file)
    saved = api.load_game(path.read_bytes(), file=str(path))
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
    out = Path(args.out) if args.out else path.with_suffix(".svg")
    out.write_text(game.svg(highlight=args.highlight or ()), encoding="utf-8")
    print(f"{out}: {game.title.name} turn {game.state.turn}, {len(game.history)} actions")
    return 0


def _simulate(args: argparse.Namespace) -> int:
    from .report import summarize
    from .simulate import progress_line, simulate

    if args.games < 0 or args.workers < 1:
        raise WargamesError("--games must be >= 0 and --workers >= 1")
    if args.out and Path(args.out).suffix not in (".csv", ".jsonl", ".json"):
        raise WargamesError(f"{args.out}: the output must end in .csv, .jsonl or .json")
    options = {}
    for item in args.option:
        key, sep, text = item.partition("=")
        if not sep:
            raise ScenarioError("--option", item, "expected k=v")
        try:
            options[key] = json.loads(text)
        except json.JSONDecodeError:
            options[key] = text
    records = simulate(
        args.title,
        args.games,
        scenario=args.scenario,
        options=options,
        seed=args.seed,
        workers=args.workers,
        out=args.out,
        max_actions=args.max_actions,
        progress=lambda d, t, s: print(f"\r{progress_line(d, t, s)}", end="", file=sys.stderr),
    )
    print(file=sys.stderr)
    print(summarize(records).text())
    return 0


def _report(args: argparse.Namespace) -> int:
    from .report import summarize
    from .simulate import read_records

    records = []
    for name in args.files:
        path = Path(name)
        if not path.exists():
            raise FileNotFoundError(f"{name}: no such file")
        records.extend(read_records(path))
    print(summarize(records).text())
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
    p.set_defaults(run=_play)
    p = sub.add_parser("replay", help="re-apply a saved game and check it reproduces")
    p.add_argument("file")
    p.set_defaults(run=_replay)
    p = sub.add_parser("render", help="draw a saved game's position as SVG")
    p.add_argument("file")
    p.add_argument("--out", default=None, help="the SVG file (default: FILE with .svg)")
    p.add_argument("--highlight", nargs="*", help="nodes to outline")
    p.set_defaults(run=_render)
    p = sub.add_parser("simulate", help="play many seeded random games; write one record each")
    p.add_argument("title")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--scenario", default=None, help="a built-in scenario name or a file")
    p.add_argument("--seed", type=int, default=0, help="the run's seed (game i: a seed of its own)")
    p.add_argument("--workers", type=int, default=1, help="local processes")
    p.add_argument("--option", action="append", default=[], help="a scenario option, k=v")
    p.add_argument("--out", default=None, help="records as .csv or .jsonl; a rerun resumes")
    p.add_argument("--max-actions", type=int, default=1_000_000)
    p.set_defaults(run=_simulate)
    p = sub.add_parser("report", help="win rates and lengths of simulate's records")
    p.add_argument("files", nargs="+")
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
