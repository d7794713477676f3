"""The public game API: titles, scenarios, new games, saved games, actions from JSON."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import attrs

from .core.actions import Action, action_from_dict
from .core.errors import SaveError, ScenarioError, WargamesError
from .core.game import EXPORT_FORMAT, FORMAT, VERSION, Game
from .core.record import read_record
from .core.scenario import Scenario, parse_scenario, read_scenario_file
from .core.serialize import (
    actions_from_json,
    check_for_title,
    check_loaded,
    events_from_json,
    failure,
    parse_json,
    probe,
    scenario_from_save,
    state_from_json,
)
from .core.title import Title
from .registry import get_title, titles

__all__ = [
    "action_from_json",
    "load_game",
    "load_record",
    "load_scenario",
    "new_game",
    "scenarios",
    "titles",
]


def scenarios(title: str) -> list[str]:
    """Names of the title's built-in scenarios, the default first."""
    t = get_title(title)
    names = sorted(t.scenario_files())
    if t.default_scenario in names:
        names.remove(t.default_scenario)
        names.insert(0, t.default_scenario)
    return names


def load_scenario(
    title: str,
    scenario: str | Path | Mapping[str, Any] | None = None,
    options: Mapping[str, Any] | None = None,
) -> Scenario:
    """A validated scenario: a built-in name, a TOML/JSON file path, or raw data (None: default),
    with ``options`` (the title's options, checked) set over the scenario's own.

    ScenarioError names the file and field; an unknown title or scenario is a ScenarioError
    listing the known ones."""
    file = "<data>" if isinstance(scenario, Mapping) else str(scenario or "<default scenario>")
    t = _title(title, lambda reason: ScenarioError(file, "title", reason))
    files = t.scenario_files()
    if isinstance(scenario, Mapping):
        file, data = "<data>", dict(scenario)
    elif scenario is None or isinstance(scenario, (str, Path)):
        if scenario is None:
            scenario = t.default_scenario
        path = files.get(str(scenario), Path(scenario))
        if str(scenario) not in files and not path.exists():
            known = ", ".join(sorted(files)) or "none"
            why = f"cannot read: no such file, nor a built-in scenario (known: {known})"
            raise ScenarioError(str(scenario), "scenario", why)
        file, data = read_scenario_file(path)
    else:
        raise ScenarioError("<data>", "", f"expected a table, not {type(scenario).__name__}")
    if options:
        data["options"] = {**data.get("options", {}), **options}
    sc = parse_scenario(data, file, t.sides, t.options)
    check_for_title(t, sc)
    return sc


def new_game(
    title: str,
    scenario: str | Path | Mapping[str, Any] | Scenario | None = None,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
) -> Game:
    """A new game of ``title`` from a scenario (None: the title's default) and a seed, with
    ``options`` (the title's options, e.g. ``{"may_1941": True}``) set over the scenario's.

    ``scenario`` may be one :func:`load_scenario` returned (options already set): games
    started from the same one share its board and what the rules keep with it, so a loop
    of many games reads and checks the file once and builds the board's tables once.

    All or nothing, like :func:`load_game`: the new game must answer its first decision
    without an exception (:func:`~wargames.core.serialize.probe`; a decision with no legal
    action is left to the caller), else ScenarioError with the cause chained."""
    if isinstance(scenario, Scenario):
        if options:
            raise ValueError("options are set when the scenario is loaded (load_scenario)")
        if scenario.title != title:
            why = f"a scenario of {scenario.title!r}, not of {title!r}"
            raise ScenarioError(scenario.file, "title", why)
        sc = scenario
    else:
        sc = load_scenario(title, scenario, options)
    t = get_title(title)
    game: Game | None = None
    try:
        game = Game(t, sc, seed)
        probe(game, dead_end=True)
    except (ScenarioError, SaveError):
        raise
    except Exception as exc:
        if game is None:
            where = f"set-up: {type(exc).__name__}: {exc}"
        else:
            where = f"its first decision ({failure(game, exc)})"
        raise ScenarioError(sc.file, "", f"the scenario does not play: {where}") from exc
    return game


def _title(name: str, error: Callable[[str], WargamesError]) -> Title:
    try:
        return get_title(name)
    except KeyError as exc:
        raise error(str(exc.args[0])) from None


def load_game(text: str | bytes, file: str = "<text>") -> Game:
    """A game from ``Game.to_json()`` text; SaveError names the bad field. Nothing is eval'd."""
    d = parse_json(text, file)
    if not isinstance(d, Mapping):
        raise SaveError("", "a saved game must be a JSON object", file)
    known = {
        "format",
        "version",
        "title",
        "seed",
        "scenario",
        "scenario_file",
        "actions",
        "events",
        "state",
    }
    if d.get("format") == EXPORT_FORMAT:
        raise SaveError("format", "one side's export (Game.export) is not a save of the game", file)
    extra = set(d) - known
    if extra:
        raise SaveError(sorted(extra)[0], "unknown field", file)
    if d.get("format") != FORMAT:
        raise SaveError("format", f"expected {FORMAT!r}", file)
    if d.get("version") != VERSION:
        raise SaveError("version", f"this library reads version {VERSION}", file)
    name = d.get("title")
    if not isinstance(name, str):
        raise SaveError("title", "missing or not a string", file)
    title = _title(name, lambda reason: SaveError("title", reason, file))
    seed = d.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise SaveError("seed", "expected an integer", file)
    sc = scenario_from_save(title, d.get("scenario"), file)
    sc_file = d.get("scenario_file", sc.file)
    if not isinstance(sc_file, str):
        raise SaveError("scenario_file", "expected a string", file)
    sc = attrs.evolve(sc, file=sc_file)
    actions = actions_from_json(title, d.get("actions"), file)
    events = events_from_json(d.get("events"), file)
    state = state_from_json(title, sc, d.get("state"), file)
    game = Game(title, sc, seed, _state=state, _events=events, _history=actions)
    check_loaded(game, file)
    return game


def load_record(text: str | bytes, file: str = "<record>") -> Game:
    """A game from its record (``Game.to_record()``, :mod:`~wargames.core.record`), replayed
    from its scenario and seed; SaveError names the bad tag or line."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise SaveError("", "a record is UTF-8 text", file) from None
    return read_record(text, get_title, file)


def action_from_json(title: str, text: str | bytes | Mapping[str, Any]) -> Action:
    """Decode one action of ``title`` (JSON text or an already-parsed object)."""
    t = _title(title, lambda reason: SaveError("title", reason, "<action>"))
    data = text if isinstance(text, Mapping) else parse_json(text, "<action>")
    return action_from_dict(t.action_table, data)
