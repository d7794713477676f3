"""Game records: a game as text people read, like chess's PGN, lossless with the JSON save.

A record is tag lines, then one line per action (``side: notation``), with comments::

    [Title "minimal"]
    [Scenario "skirmish"]
    [Seed "7"]
    [Sides "blue, red"]
    [Date "2026-11-23"]
    [Result "*"]

    {Turn 1: Day 1}
    blue: move B1 0102-0202
    blue: pass            {an inline comment}
    ; a whole-line comment

Tag values are JSON strings. ``Title``, ``Seed`` and ``Scenario`` (a built-in scenario's
name) say how the game began; ``Options`` (``k=v`` pairs, values in JSON) the options set
differently from the built-in scenario; a scenario that is not a built-in one (a file of
your own, data) travels whole as JSON in ``ScenarioData``; ``ScenarioFile`` keeps the file
name the save records. ``Result`` (``*`` while the game goes on) is checked on reading;
``Date``, ``Sides`` and any other tag are for people. Reading a record replays it from the
scenario and seed, so ``load_record(game.to_record()).to_json() == game.to_json()``.
"""

from __future__ import annotations

import datetime
import json
import re
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from .actions import Action
from .errors import IllegalAction, SaveError, ScenarioError, WargamesError
from .game import Game
from .jsonvalue import dumps
from .notation import notation, parse_generic
from .scenario import Scenario, parse_scenario, read_scenario_file
from .serialize import check_for_title
from .title import Title

_TAG = re.compile(r'\[(\w+)\s+("(?:[^"\\]|\\.)*")\]\s*')
OPTION = re.compile(r"\s*(\w+)=(.*)")


def builtin_scenario(
    title: Title, name: str | None, options: Mapping[str, Any] | None = None, file: str = ""
) -> Scenario:
    """The title's built-in scenario ``name`` (None: its default) with ``options`` set;
    ScenarioError naming the known scenarios when there is no such one."""
    files = title.scenario_files()
    key = name if name is not None else title.default_scenario
    path = files.get(key)
    if path is None:
        known = ", ".join(sorted(files)) or "none"
        raise ScenarioError(file or key, "scenario", f"unknown scenario {key!r} (known: {known})")
    sc_file, data = read_scenario_file(path)
    if options:
        data["options"] = {**data.get("options", {}), **options}
    sc = parse_scenario(data, sc_file, title.sides, title.options)
    check_for_title(title, sc)
    return sc


# --- writing --------------------------------------------------------------------------


def write_record(game: Game, date: str | None = None, comments: bool = False) -> str:
    """The record of ``game``; ``comments``: each action's prose after it. SaveError when
    its history does not reproduce it (a save edited by hand)."""
    title, sc = game.title, game.scenario
    tags: dict[str, str] = {"Title": title.name}
    tags.update(_scenario_tags(title, sc))
    tags["Seed"] = str(game.seed)
    tags["Sides"] = ", ".join(title.sides)
    tags["Date"] = date if date is not None else datetime.date.today().isoformat()
    result = game.result()
    tags["Result"] = str(result) if result is not None else "*"
    lines = [f"[{k} {json.dumps(v, ensure_ascii=False)}]" for k, v in tags.items()]
    lines.append("")
    replay = Game(title, sc, game.seed)
    turn = None
    for i, action in enumerate(game.history):
        if replay.state.turn != turn:
            turn = replay.state.turn
            lines.append(f"{{Turn {turn}: {sc.calendar.label(turn)}}}")
        d = replay.decision
        if d is None:
            raise SaveError(f"actions[{i}]", "the game is over on replay", sc.file)
        text = _exact_notation(replay, action)
        line = f"{d.side}: {text}"
        if comments:
            line += f"  {{{replay.describe(action)}}}"
        lines.append(line)
        try:
            replay.apply(action)
        except IllegalAction as exc:
            raise SaveError(f"actions[{i}]", f"illegal on replay: {exc}", sc.file) from None
    if replay.to_json() != game.to_json():
        raise SaveError("actions", "the history does not reproduce the game", sc.file)
    return "\n".join(lines) + "\n"


def _scenario_tags(title: Title, sc: Scenario) -> dict[str, str]:
    """Tags that rebuild ``sc`` exactly: a built-in name (and options), else its data."""
    tags: dict[str, str] = {}
    files = title.scenario_files()
    names = sorted(files, key=lambda n: (str(files[n]) != sc.file, n != sc.name, n))
    for name in names:
        try:
            plain = builtin_scenario(title, name)
        except WargamesError:
            continue
        options = {k: v for k, v in sc.options.items() if plain.options.get(k) != v}
        candidate = builtin_scenario(title, name, options) if options else plain
        if candidate.to_json() == sc.to_json():
            tags["Scenario"] = name
            if options:
                tags["Options"] = ", ".join(f"{k}={dumps(v)}" for k, v in sorted(options.items()))
            if candidate.file != sc.file:
                tags["ScenarioFile"] = sc.file
            return tags
    tags["Scenario"] = sc.name
    tags["ScenarioFile"] = sc.file
    tags["ScenarioData"] = sc.to_json()
    return tags


def _exact_notation(game: Game, action: Action) -> str:
    """The title's notation of ``action`` if it reads back as ``action`` here, else the
    generic notation (which always does)."""
    generic = notation(action)
    text = game.notation(action)
    if text == generic:
        return text
    try:
        if game.parse(text) == action:
            return text
    except IllegalAction:
        pass
    return generic


# --- reading --------------------------------------------------------------------------


@attrs.frozen(slots=True)
class Record:
    """A record's tags and its action lines (line number, side, notation)."""

    tags: Mapping[str, str]
    moves: tuple[tuple[int, str, str], ...]


def parse_record(text: str, file: str = "<record>") -> Record:
    """Split a record into tags and action lines; SaveError names the bad line."""
    tags: dict[str, str] = {}
    moves: list[tuple[int, str, str]] = []
    for n, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith(";"):
            continue
        if line.startswith("["):
            if moves:
                raise SaveError(f"line {n}", "a tag after the first action", file)
            m = _TAG.fullmatch(line)
            if m is None:
                raise SaveError(f"line {n}", 'expected a tag [Name "value"]', file)
            try:
                tags[m.group(1)] = json.loads(m.group(2))
            except json.JSONDecodeError:
                raise SaveError(f"line {n}", "a tag value is a quoted text", file) from None
            continue
        line = _strip_comment(line)
        if not line:
            continue
        side, sep, action = line.partition(":")
        if not sep or not action.strip() or " " in side.strip():
            raise SaveError(f"line {n}", "expected 'side: action'", file)
        moves.append((n, side.strip(), action.strip()))
    return Record(tags, tuple(moves))


def _strip_comment(line: str) -> str:
    """The line without its ``{comment}`` (outside quotes) or ``; comment`` tail."""
    quoted = False
    i = 0
    while i < len(line):
        c = line[i]
        if c == "\\" and quoted:
            i += 2
            continue
        if c == '"':
            quoted = not quoted
        elif not quoted and c in "{;":
            return line[:i].strip()
        i += 1
    return line.strip()


def read_record(text: str, get_title: Callable[[str], Title], file: str = "<record>") -> Game:
    """The game a record describes, replayed from its scenario and seed; SaveError names the
    tag or line that is wrong (an illegal action, an unknown title or scenario)."""
    rec = parse_record(text, file)
    tags = rec.tags
    name = tags.get("Title")
    if name is None:
        raise SaveError("Title", "the record names no title", file)
    try:
        title = get_title(name)
    except KeyError as exc:
        raise SaveError("Title", str(exc.args[0]), file) from None
    seed_text = tags.get("Seed", "0")
    if not re.fullmatch(r"-?\d+", seed_text):
        raise SaveError("Seed", "expected an integer", file)
    sc = _scenario(title, tags, file)
    game = Game(title, sc, int(seed_text))
    for n, side, text_ in rec.moves:
        d = game.decision
        if d is None:
            raise SaveError(f"line {n}", "an action after the end of the game", file)
        if side != d.side:
            raise SaveError(f"line {n}", f"{d.side} is to act here, not {side}", file)
        try:
            game.apply(_action(game, text_))
        except IllegalAction as exc:
            raise SaveError(f"line {n}", str(exc), file) from None
    result = tags.get("Result", "*")
    got = game.result()
    if result != "*" and (got is None or str(got) != result):
        raise SaveError("Result", f"the replay ends {got or 'unfinished'}, not {result}", file)
    return game


def _action(game: Game, text: str) -> Action:
    """The action ``text`` names: read fast when it is a legal action's generic notation
    that the title writes the same way, else through ``Game.parse``."""
    try:
        action = parse_generic(text, game.title.action_table)
    except IllegalAction:
        return game.parse(text)
    if game.notation(action) == text and game.check(action) is None:
        return action
    return game.parse(text)


def _scenario(title: Title, tags: Mapping[str, str], file: str) -> Scenario:
    data_text = tags.get("ScenarioData")
    try:
        if data_text is not None:
            try:
                data = json.loads(data_text)
            except json.JSONDecodeError:
                raise SaveError("ScenarioData", "not JSON", file) from None
            if not isinstance(data, dict):
                raise SaveError("ScenarioData", "expected a JSON object", file)
            sc = parse_scenario(data, tags.get("ScenarioFile", file), title.sides, title.options)
            check_for_title(title, sc)
        else:
            sc = builtin_scenario(title, tags.get("Scenario"), _options(tags, file), file)
    except ScenarioError as exc:
        raise SaveError("Scenario", str(exc), file) from None
    if "ScenarioFile" in tags:
        sc = attrs.evolve(sc, file=tags["ScenarioFile"])
    return sc


def _options(tags: Mapping[str, str], file: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    text = tags.get("Options", "").strip()
    if not text:
        return out
    for item in _split_options(text):
        m = OPTION.fullmatch(item)
        if m is None:
            raise SaveError("Options", f"expected k=v, not {item!r}", file)
        try:
            out[m.group(1)] = json.loads(m.group(2))
        except json.JSONDecodeError:
            raise SaveError("Options", f"{m.group(1)}: the value is not JSON", file) from None
    return out


def _split_options(text: str) -> list[str]:
    """``a=1, b="x, y"`` -> ``['a=1', 'b="x, y"']`` (commas inside quotes kept)."""
    items, depth, quoted, start = [], 0, False, 0
    for i, c in enumerate(text):
        if c == '"' and (i == 0 or text[i - 1] != "\\"):
            quoted = not quoted
        elif not quoted and c in "[{":
            depth += 1
        elif not quoted and c in "]}":
            depth -= 1
        elif not quoted and depth == 0 and c == ",":
            items.append(text[start:i])
            start = i + 1
    items.append(text[start:])
    return [s.strip() for s in items if s.strip()]
