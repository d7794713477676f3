"""JSON Schemas of the library's documents, generated from the code so they cannot drift.

``schemas()`` returns one schema per document a front-end reads or writes: ``action`` (every
action of every registered title, from the attrs classes and their type hints, one ``$defs``
entry per title with its kinds), ``event`` (:class:`~wargames.core.events.Event`), ``view``
(the kernel's default per-side view, :func:`~wargames.core.information.public_view`),
``save`` (``Game.to_json``), ``scenario`` (the keys the scenario loader accepts) and
``requests`` (the bodies the game server takes). ``docs/schema/<name>.json`` holds the
published copies; ``python -m wargames.schema docs/schema`` writes them and a test checks
that the committed files equal what this module generates.

The schemas describe shape only: a scenario or save that passes them can still be refused by
the loader (a dangling unit id, a chart a title rejects), with a ScenarioError or SaveError.
"""

from __future__ import annotations

import json
import sys
import types
import typing
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Union

import attrs

from .core.actions import Action
from .core.events import Event
from .core.game import FORMAT, VERSION
from .core.information import public_view
from .core.scenario import LAYOUT_KEYS, TOP_KEYS, UNIT_KEYS
from .core.state import Frame, GameState, Result
from .core.units import UnitState
from .registry import get_title, titles

DIALECT = "https://json-schema.org/draft/2020-12/schema"
BASE = "https://wargames.invalid/schema/"
"""The ``$id`` prefix of the published schemas (a name, not a place to fetch them from)."""

NAMES = ("action", "event", "view", "save", "scenario", "requests")

ANY: dict[str, Any] = {}
"""Any JSON value."""


def type_schema(tp: Any) -> dict[str, Any]:
    """The schema of one JSON-friendly field type (str, int, float, bool, None, tuples,
    unions, string-keyed mappings, frozensets of strings)."""
    origin = typing.get_origin(tp)
    if origin in (Union, types.UnionType):
        return {"anyOf": [type_schema(a) for a in typing.get_args(tp)]}
    if tp is type(None):
        return {"type": "null"}
    if tp is bool:
        return {"type": "boolean"}
    if tp is int:
        return {"type": "integer"}
    if tp is float:
        return {"type": "number"}
    if tp is str:
        return {"type": "string"}
    if origin is tuple:
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return {"type": "array", "items": type_schema(args[0])}
        return {
            "type": "array",
            "prefixItems": [type_schema(a) for a in args],
            "items": False,
        }
    if origin in (frozenset, set):
        return {"type": "array", "items": type_schema(typing.get_args(tp)[0]), "uniqueItems": True}
    if origin in (Mapping, dict) or tp in (Mapping, dict):
        args = typing.get_args(tp)
        values = type_schema(args[1]) if len(args) == 2 else ANY
        return {"type": "object", "additionalProperties": values}
    return ANY  # JSONValue, Any: any JSON value


def attrs_schema(cls: type, description: str = "") -> dict[str, Any]:
    """An object with the attrs class's fields (required: those without a default)."""
    hints = typing.get_type_hints(cls)
    props: dict[str, Any] = {}
    required = []
    for f in attrs.fields(typing.cast(Any, cls)):
        name = f.name.lstrip("_")
        if not f.init:
            continue
        props[name] = type_schema(hints[f.name])
        if f.default is attrs.NOTHING:
            required.append(name)
    out: dict[str, Any] = {"type": "object", "properties": props, "required": required}
    out["additionalProperties"] = False
    if description:
        out["description"] = description
    return out


def _doc(obj: object) -> str:
    return " ".join((obj.__doc__ or "").split())


# --- actions ----------------------------------------------------------------------------


def action_key(cls: type[Action]) -> str:
    """The ``$defs`` name of an action class (its module and name: unique, stable)."""
    return f"{cls.__module__}.{cls.__qualname__}"


def action_class_schema(cls: type[Action]) -> dict[str, Any]:
    """One action class: ``{"type": kind, <field>: ...}``, every field with its type."""
    out = attrs_schema(cls, _doc(cls))
    out["properties"] = {"type": {"const": cls.kind}, **out["properties"]}
    out["required"] = ["type", *out["required"]]
    return out


def action_schema() -> dict[str, Any]:
    """Every action of every registered title; ``#/$defs/title:<name>`` is one title's."""
    defs: dict[str, Any] = {}
    per_title: dict[str, Any] = {}
    for name in titles():
        title = get_title(name)
        refs = []
        for cls in title.actions:
            defs.setdefault(action_key(cls), action_class_schema(cls))
            refs.append({"$ref": f"#/$defs/{action_key(cls)}"})
        per_title[f"title:{name}"] = {"description": f"An action of {name}", "oneOf": refs}
    return {
        "description": "An action, as Action.to_json() writes it and action_from_json reads it",
        "anyOf": [{"$ref": f"#/$defs/{k}"} for k in sorted(per_title)],
        "$defs": {**dict(sorted(defs.items())), **dict(sorted(per_title.items()))},
    }


# --- events, views, saves ---------------------------------------------------------------


def event_schema() -> dict[str, Any]:
    out = attrs_schema(Event, _doc(Event))
    out["properties"]["to"]["description"] = "the sides told (absent: every side)"
    return out


def _unit_state() -> dict[str, Any]:
    out = attrs_schema(UnitState, _doc(UnitState))
    # to_json writes exactly one of at/box and leaves out empty markers
    for key in ("at", "box"):
        out["properties"][key] = {"type": "string"}
    out["oneOf"] = [{"required": ["at"]}, {"required": ["box"]}]
    return out


def _state_defs(open_items: bool = False) -> dict[str, Any]:
    """Units, frames and the result; ``open_items``: a title's view may add keys to a unit
    or a frame (what a side sees of a hidden unit, whose decision a frame is)."""
    unit, frame = _unit_state(), attrs_schema(Frame, _doc(Frame))
    if open_items:
        del unit["additionalProperties"], frame["additionalProperties"]
    return {
        "unit": unit,
        "frame": frame,
        "result": {"anyOf": [attrs_schema(Result, _doc(Result)), {"type": "null"}]},
    }


_POSITION: dict[str, Any] = {
    "side": {"type": "string"},
    "turn": {"type": "integer"},
    "phase": {"type": "integer"},
    "segment": {"type": "integer"},
    "units": {"type": "array", "items": {"$ref": "#/$defs/unit"}},
    "control": {"type": "object", "additionalProperties": {"type": "string"}},
    "stack": {"type": "array", "items": {"$ref": "#/$defs/frame"}},
    "boxes": {
        "type": "object",
        "additionalProperties": {"type": "array", "items": {"type": "string"}},
    },
    "markers": {
        "type": "object",
        "additionalProperties": {"type": "array", "items": {"type": "string"}},
    },
    "rng": {"type": "string", "description": "the dice's state (saves only; never in a view)"},
    "script": {"type": "array", "items": {"type": "integer"}},
    "vars": {"type": "object"},
    "result": {"$ref": "#/$defs/result"},
}


def view_schema() -> dict[str, Any]:
    """The kernel's default view (the keys of ``public_view``); a title with its own ``view``
    may add keys, never the dice's state."""
    keys = list(public_view(GameState(units={}), "side"))
    # A title's own view (a hidden battle, Königsberg's stacks) may leave out boxes/markers.
    required = [k for k in keys if k not in ("boxes", "markers")]
    return {
        "description": "What one side may see: Game.view(side)",
        "type": "object",
        "properties": {k: _POSITION[k] for k in keys},
        "required": required,
        "not": {"anyOf": [{"required": ["rng"]}, {"required": ["script"]}]},
        "$defs": _state_defs(open_items=True),
    }


def save_schema() -> dict[str, Any]:
    """``Game.to_json()``: the scenario, seed and accepted actions, the log and the state."""
    state_keys = list(GameState(units={}).to_json())
    return {
        "description": "A saved game: Game.to_json(), read by wargames.load_game",
        "type": "object",
        "properties": {
            "format": {"const": FORMAT},
            "version": {"const": VERSION},
            "title": {"type": "string"},
            "seed": {"type": "integer"},
            "scenario": {"$ref": f"{BASE}scenario.json"},
            "scenario_file": {"type": "string"},
            "actions": {"type": "array", "items": {"$ref": f"{BASE}action.json"}},
            "events": {"type": "array", "items": {"$ref": f"{BASE}event.json"}},
            "state": {
                "type": "object",
                "properties": {k: _POSITION[k] for k in state_keys},
                "required": state_keys,
                "additionalProperties": False,
            },
        },
        "required": ["format", "version", "title", "seed", "scenario", "actions", "state"],
        "additionalProperties": False,
        "$defs": _state_defs(),
    }


# --- scenarios --------------------------------------------------------------------------

_SCENARIO_TYPES: dict[str, Any] = {
    "title": {"type": "string"},
    "name": {"type": "string"},
    "description": {"type": "string"},
    "sides": {"type": "array", "items": {"type": "string"}},
    "map": {"$ref": "#/$defs/map"},
    "units": {"type": "array", "items": {"$ref": "#/$defs/unit"}},
    "control": {"type": "object"},
    "calendar": {"type": "object"},
    "reinforcements": {"type": "array", "items": {"type": "object"}},
    "charts": {"type": "object"},
    "options": {"type": "object"},
}
_STRINGS = {"type": "array", "items": {"type": "string"}}
_NUMBER_OR_LIST = {"anyOf": [{"type": "number"}, {"type": "array", "items": {"type": "number"}}]}
_UNIT_TYPES: dict[str, Any] = {
    "id": {"type": "string"},
    "side": {"type": "string"},
    "at": {"type": "string"},
    "box": {"type": "string"},
    "steps": {"type": "integer", "minimum": 0},
    "markers": _STRINGS,
    "flags": _STRINGS,
    "attack": _NUMBER_OR_LIST,
    "defence": _NUMBER_OR_LIST,
    "movement": _NUMBER_OR_LIST,
    "values": {"type": "object"},
}


def scenario_schema() -> dict[str, Any]:
    """A scenario file as JSON (TOML files have the same tables): the keys the loader
    accepts at the top, in ``map`` and in each unit (``docs/scenarios.md`` for their meaning)."""
    unit_props = {k: _UNIT_TYPES.get(k, ANY) for k in UNIT_KEYS}
    map_props = {"kind": {"enum": ["hex", "points"]}, "name": {"type": "string"}}
    map_props.update({k: ANY for k in LAYOUT_KEYS})
    return {
        "description": "A scenario (docs/scenarios.md); the loader checks the rest",
        "type": "object",
        "properties": {k: _SCENARIO_TYPES.get(k, ANY) for k in TOP_KEYS},
        "required": ["title", "name", "map"],
        "additionalProperties": False,
        "$defs": {
            "unit": {
                "type": "object",
                "properties": unit_props,
                "required": ["id", "side"],
                "additionalProperties": False,
            },
            "map": {"type": "object", "properties": map_props},
        },
    }


# --- the game server's requests ----------------------------------------------------------


def requests_schema() -> dict[str, Any]:
    """The bodies ``wargames.server`` accepts (see docs/server.md)."""
    agents = {
        "description": "side -> the agent the server plays it with (other sides: people)",
        "type": "object",
        "additionalProperties": {"enum": ["random", "search"]},
    }
    return {
        "description": "Request bodies of the game server (wargames.server)",
        "$defs": {
            "create": {
                "type": "object",
                "properties": {
                    "title": {"type": "string", "maxLength": 100},
                    "scenario": {"type": "string", "maxLength": 200},
                    "seed": {"type": "integer", "minimum": 0, "maximum": 2**63 - 1},
                    "options": {"type": "object"},
                    "agents": agents,
                },
                "required": ["title"],
                "additionalProperties": False,
            },
            "load": {
                "type": "object",
                "properties": {"save": {"type": "object"}, "agents": agents},
                "required": ["save"],
                "additionalProperties": False,
            },
            "join": {
                "type": "object",
                "properties": {"side": {"type": "string", "maxLength": 100}},
                "required": ["side"],
                "additionalProperties": False,
            },
            "act": {
                "type": "object",
                "properties": {
                    "version": {"type": "integer", "minimum": 0},
                    "action": {"type": "object"},
                    "index": {"type": "integer", "minimum": 0},
                },
                "required": ["version"],
                "oneOf": [{"required": ["action"]}, {"required": ["index"]}],
                "additionalProperties": False,
            },
            "undo": {
                "type": "object",
                "properties": {"version": {"type": "integer", "minimum": 0}},
                "required": ["version"],
                "additionalProperties": False,
            },
            "message": {
                "description": "A websocket message from a client",
                "type": "object",
                "properties": {
                    "type": {"enum": ["act", "undo", "state"]},
                    "version": {"type": "integer", "minimum": 0},
                    "action": {"type": "object"},
                    "index": {"type": "integer", "minimum": 0},
                },
                "required": ["type"],
                "additionalProperties": False,
            },
        },
    }


_BUILDERS = {
    "action": action_schema,
    "event": event_schema,
    "view": view_schema,
    "save": save_schema,
    "scenario": scenario_schema,
    "requests": requests_schema,
}


def schemas() -> dict[str, dict[str, Any]]:
    """Every published schema by name, with ``$schema`` and ``$id``."""
    out = {}
    for name in NAMES:
        body = _BUILDERS[name]()
        out[name] = {"$schema": DIALECT, "$id": f"{BASE}{name}.json", **body}
    return out


def text(schema: Mapping[str, Any]) -> str:
    """The published text of a schema (sorted keys are not used: the order is the code's)."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def write(folder: str | Path) -> list[Path]:
    """Write every schema to ``folder/<name>.json``; returns the files."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    files = []
    for name, schema in schemas().items():
        path = out / f"{name}.json"
        path.write_text(text(schema), encoding="utf-8")
        files.append(path)
    return files


if __name__ == "__main__":
    for path in write(sys.argv[1] if len(sys.argv) > 1 else "docs/schema"):
        print(path)
