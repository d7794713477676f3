"""Actions (what a side or chance does) and decisions (who must act now, on what).

Actions are frozen attrs classes with a class-level ``kind``; their fields are JSON-friendly
(str, int, float, bool, None and tuples of those). ``to_json`` / :func:`action_from_dict` round
trip them. The kernel defines the actions most titles share; a title adds its own by subclassing
:class:`Action` and listing the class in its ``actions``.
"""

from __future__ import annotations

import json
import math
import types
import typing
from collections.abc import Container, Iterable, Mapping
from typing import Any, ClassVar, Union

import attrs

from .errors import IllegalAction, SaveError

CHANCE = "chance"


class Action:
    """Base of every action. Subclasses are ``@attrs.frozen`` and set ``kind``."""

    kind: ClassVar[str] = "action"
    refs: ClassVar[Mapping[str, str]] = {}
    """Fields that name things of the game: field -> ``"unit"`` (unit ids) or ``"node"``
    (nodes of the map); :func:`validate_action` checks that each named id exists."""

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"type": self.kind}
        for f in attrs.fields(typing.cast(Any, type(self))):
            d[f.name] = _to_json(getattr(self, f.name))
        return d

    def to_json(self) -> str:
        """Compact JSON text, e.g. ``{"type":"pass"}``."""
        return json.dumps(self.to_dict(), separators=(",", ":"))


def _to_json(v: Any) -> Any:
    if isinstance(v, tuple):
        return [_to_json(x) for x in v]
    return v


UNITS_PATH: Mapping[str, str] = {"units": "unit", "path": "node"}
"""The ``refs`` of an action moving ``units`` along ``path``."""


@attrs.frozen(slots=True)
class Pass(Action):
    """End this step: nothing (more) to do here."""

    kind: ClassVar[str] = "pass"


@attrs.frozen(slots=True)
class Outcome(Action):
    """A chance outcome (a die face, a drawn chit, an event row)."""

    kind: ClassVar[str] = "outcome"
    value: str | int


@attrs.frozen(slots=True)
class Choose(Action):
    """Pick one named option (a rule choice, an optional result, a yes/no)."""

    kind: ClassVar[str] = "choose"
    option: str


@attrs.frozen(slots=True)
class Move(Action):
    """Move units together along a path of nodes (the start node first)."""

    kind: ClassVar[str] = "move"
    refs: ClassVar[Mapping[str, str]] = {"path": "node"}  # units or other counters
    units: tuple[str, ...]
    path: tuple[str, ...]


@attrs.frozen(slots=True)
class Attack(Action):
    """Declare an attack by ``units`` on the node ``target``."""

    kind: ClassVar[str] = "attack"
    refs: ClassVar[Mapping[str, str]] = {"units": "unit", "target": "node"}
    units: tuple[str, ...]
    target: str


@attrs.frozen(slots=True)
class Place(Action):
    """Put a unit on a node (set-up, reinforcement, replacement)."""

    kind: ClassVar[str] = "place"
    # no refs: titles place counters (not only units) on nodes, boxes or areas (Krim)
    unit: str
    at: str


@attrs.frozen(slots=True)
class AllocateLosses(Action):
    """Take step losses: one entry per step, naming the unit that loses it."""

    kind: ClassVar[str] = "allocate-losses"
    units: tuple[str, ...]


@attrs.frozen(slots=True)
class Retreat(Action):
    """Retreat units along a path of nodes (the start node first)."""

    kind: ClassVar[str] = "retreat"
    refs: ClassVar[Mapping[str, str]] = UNITS_PATH
    units: tuple[str, ...]
    path: tuple[str, ...]


@attrs.frozen(slots=True)
class Advance(Action):
    """Advance units after combat along a path of nodes (the start node first)."""

    kind: ClassVar[str] = "advance"
    refs: ClassVar[Mapping[str, str]] = UNITS_PATH
    units: tuple[str, ...]
    path: tuple[str, ...]


KERNEL_ACTIONS: tuple[type[Action], ...] = (
    Pass,
    Outcome,
    Choose,
    Move,
    Attack,
    Place,
    AllocateLosses,
    Retreat,
    Advance,
)


@attrs.frozen(slots=True)
class Decision:
    """Who must act now (``side``: a side's name, or ``"chance"``) and what kind of decision.

    ``step`` is the rule step asking; ``prompt`` a one-line text for people.
    """

    side: str
    kind: str
    step: str
    prompt: str = ""

    @property
    def is_chance(self) -> bool:
        return self.side == CHANCE


# --- JSON decoding with the field types --------------------------------------------------


def action_types(types_: Iterable[type[Action]]) -> dict[str, type[Action]]:
    """A kind -> class table; ValueError when two classes share a kind."""
    table: dict[str, type[Action]] = {}
    for cls in types_:
        if cls.kind in table and table[cls.kind] is not cls:
            raise ValueError(f"two action classes share the kind {cls.kind!r}")
        table[cls.kind] = cls
    return table


def action_from_dict(table: Mapping[str, type[Action]], data: Any, field: str = "action") -> Action:
    """Decode one action, checking every field's type; SaveError names the bad field."""
    if not isinstance(data, Mapping):
        raise SaveError(field, "an action must be a JSON object")
    kind = data.get("type")
    if not isinstance(kind, str):
        raise SaveError(f"{field}.type", "missing or not a string")
    cls = table.get(kind)
    if cls is None:
        raise SaveError(f"{field}.type", f"unknown action type {kind!r}")
    hints = _hints(cls)
    fields = attrs.fields(typing.cast(Any, cls))
    names = {f.name for f in fields}
    extra = set(data) - names - {"type"}
    if extra:
        raise SaveError(f"{field}.{sorted(extra)[0]}", f"unknown field of {kind!r}")
    kwargs: dict[str, Any] = {}
    for f in fields:
        if f.name not in data:
            if f.default is not attrs.NOTHING:
                continue
            raise SaveError(f"{field}.{f.name}", f"missing field of {kind!r}")
        kwargs[f.name] = _decode(hints[f.name], data[f.name], f"{field}.{f.name}")
    try:
        return cls(**kwargs)
    except (TypeError, ValueError) as exc:
        raise SaveError(field, str(exc)) from None


def _decode(tp: Any, value: Any, field: str) -> Any:
    origin = typing.get_origin(tp)
    if origin in (Union, types.UnionType):
        for arg in typing.get_args(tp):
            try:
                return _decode(arg, value, field)
            except SaveError:
                continue
        raise SaveError(field, f"{value!r} is not a {tp}")
    if tp is type(None):
        if value is None:
            return None
        raise SaveError(field, "expected null")
    if origin is tuple:
        if not isinstance(value, list):
            raise SaveError(field, "expected a list")
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode(args[0], v, f"{field}[{i}]") for i, v in enumerate(value))
        if len(args) != len(value):
            raise SaveError(field, f"expected {len(args)} items")
        return tuple(
            _decode(a, v, f"{field}[{i}]") for i, (a, v) in enumerate(zip(args, value, strict=True))
        )
    if tp is bool:
        if isinstance(value, bool):
            return value
        raise SaveError(field, "expected true or false")
    if tp is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        raise SaveError(field, "expected an integer")
    if tp is float:
        if isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value):
            return float(value)
        raise SaveError(field, "expected a finite number")
    if tp is str:
        if isinstance(value, str):
            return value
        raise SaveError(field, "expected a string")
    raise SaveError(field, f"unsupported field type {tp}")


# --- the validation boundary for actions ---------------------------------------------------

_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls)
    return hints


def validate_action(
    action: object,
    table: Mapping[str, type[Action]],
    refs: Mapping[str, Container[str]],
    rule: str = "action",
) -> IllegalAction | None:
    """None if ``action`` is an action of ``table`` whose every field has its annotated type
    (tuples, not lists; a bool is not an int; finite numbers) and names existing things
    (``refs``: ``"unit"``/``"node"`` -> the ids there are); else an IllegalAction naming the
    field. Run before any title code sees the action."""
    if not isinstance(action, Action):
        return IllegalAction(rule, f"{type(action).__name__} {action!r:.60} is not an action")
    cls = type(action)
    if table.get(cls.kind) is not cls:
        return IllegalAction(rule, f"{cls.__name__} ({cls.kind!r}) is not an action of this title")
    hints = _hints(cls)
    for f in attrs.fields(typing.cast(Any, cls)):
        value = getattr(action, f.name)
        problem = _type_error(hints[f.name], value)
        if problem is not None:
            return IllegalAction(rule, f"{cls.kind}.{f.name}: {problem}")
        ref = cls.refs.get(f.name)
        if ref is not None:
            known = refs[ref]
            for item in value if isinstance(value, tuple) else (value,):
                if item is not None and item not in known:
                    return IllegalAction(rule, f"{cls.kind}.{f.name}: {item!r:.60} is not a {ref}")
    return None


def _type_error(tp: Any, value: Any) -> str | None:
    """Why ``value`` is not of the JSON-friendly type ``tp`` (None if it is)."""
    origin = typing.get_origin(tp)
    if origin in (Union, types.UnionType):
        if any(_type_error(arg, value) is None for arg in typing.get_args(tp)):
            return None
        return f"{type(value).__name__} is not {tp}"
    if tp is type(None):
        return None if value is None else f"expected None, got {type(value).__name__}"
    if origin is tuple:
        if not isinstance(value, tuple):
            return f"expected a tuple, got {type(value).__name__}"
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            args = (args[0],) * len(value)
        elif len(args) != len(value):
            return f"expected {len(args)} items, got {len(value)}"
        for i, (a, v) in enumerate(zip(args, value, strict=True)):
            problem = _type_error(a, v)
            if problem is not None:
                return f"[{i}]: {problem}"
        return None
    if tp is bool:
        return None if isinstance(value, bool) else f"expected a bool, got {type(value).__name__}"
    if tp is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return None
        return f"expected an int, got {type(value).__name__}"
    if tp is float:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return None if math.isfinite(value) else "expected a finite number"
        return f"expected a number, got {type(value).__name__}"
    if tp is str:
        return None if isinstance(value, str) else f"expected a str, got {type(value).__name__}"
    return f"unsupported field type {tp}"
