"""What a step's frame arguments (``Step.args``) and a title's state variables
(``Title.var_shapes``) may hold, so that a saved game's pending frames and variables are
checked field by field at load, like its units.

A step declares ``args = {"side": SIDE, "units": list_of(UNIT), "round": INT}``; a saved
frame of that step may then hold only those keys, each of its shape (keys may be absent: steps
read them with defaults). Shapes are values of :class:`Shape`, combined with
:func:`list_of`, :func:`table_of`, :func:`record_of`, :func:`one_of` and :func:`literal`.

>>> refs = Refs(sides=("axis", "soviet"), nodes=frozenset({"A", "B"}), units=frozenset({"u1"}))
>>> check_args({"side": SIDE, "path": list_of(NODE)}, {"side": "axis", "path": ["A", "C"]}, refs)
('path[1]', "expected a node of the map, got 'C'")
>>> check_args({"n": INT}, {"n": 2, "m": 1}, refs)
('m', 'not an argument of this step')
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from fnmatch import fnmatchcase
from typing import Any

import attrs


@attrs.frozen
class Refs:
    """The names a frame argument may refer to: the title's sides, the map's nodes, the
    scenario's units."""

    sides: tuple[str, ...]
    nodes: Collection[str]
    units: Collection[str]


Problem = tuple[str, str] | None
"""None, or (field below the argument, reason)."""


@attrs.frozen
class Shape:
    """One kind of argument value: ``test(value, refs, field)`` gives the first problem."""

    name: str
    test: Callable[[Any, Refs, str], Problem]

    def __call__(self, value: Any, refs: Refs, field: str = "") -> Problem:
        return self.test(value, refs, field)


def _is(
    kind: type | tuple[type, ...], name: str, ok: Callable[[Any, Refs], bool] | None = None
) -> Shape:
    def test(value: Any, refs: Refs, field: str) -> Problem:
        if isinstance(value, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,)):
            return (field, f"expected {name}, got {value!r}")
        if not isinstance(value, kind) or (ok is not None and not ok(value, refs)):
            shown = repr(value) if len(repr(value)) <= 40 else type(value).__name__
            return (field, f"expected {name}, got {shown}")
        return None

    return Shape(name, test)


ANY = Shape("any value", lambda v, r, f: None)
INT = _is(int, "a whole number")
NUMBER = _is((int, float), "a number")
TEXT = _is(str, "a text")
BOOL = _is(bool, "true or false")
SIDE = _is(str, "a side", lambda v, r: v in r.sides)
NODE = _is(str, "a node of the map", lambda v, r: v in r.nodes)
UNIT = _is(str, "a unit of the scenario", lambda v, r: v in r.units)


def text_where(name: str, ok: Callable[[str], bool]) -> Shape:
    """A text that ``ok`` accepts, described as ``name`` (a fraction, a counter profile).

    >>> refs = Refs(sides=(), nodes=frozenset(), units=frozenset())
    >>> text_where("a profile such as '2-3'", lambda t: "-" in t)("23", refs, "p")
    ('p', "expected a profile such as '2-3', got '23'")
    """
    return _is(str, name, lambda v, r: ok(v))


def literal(*values: Any) -> Shape:
    """One of the given values (``literal("attack", "defence")``)."""
    shown = " or ".join(repr(v) for v in values)
    return Shape(shown, lambda v, r, f: None if v in values else (f, f"expected {shown}"))


def one_of(*shapes: Shape) -> Shape:
    """Any of the given shapes (``one_of(NODE, literal(None))``)."""
    name = " or ".join(s.name for s in shapes)

    def test(value: Any, refs: Refs, field: str) -> Problem:
        if any(s(value, refs, field) is None for s in shapes):
            return None
        return (field, f"expected {name}")

    return Shape(name, test)


def optional(shape: Shape) -> Shape:
    """None, or a value of ``shape`` whose problem keeps the field ``shape`` names (where
    ``one_of(shape, literal(None))`` names only the whole value).

    >>> refs = Refs(sides=("axis",), nodes=frozenset({"A"}), units=frozenset())
    >>> optional(list_of(NODE))(["A", "B"], refs, "battle.from")
    ('battle.from[1]', "expected a node of the map, got 'B'")
    >>> optional(list_of(NODE))(None, refs, "battle.from") is None
    True
    """

    def test(value: Any, refs: Refs, field: str) -> Problem:
        return None if value is None else shape(value, refs, field)

    return Shape(f"null or {shape.name}", test)


def list_of(item: Shape) -> Shape:
    """A list whose every item has shape ``item``."""

    def test(value: Any, refs: Refs, field: str) -> Problem:
        if not isinstance(value, (list, tuple)):
            return (field, f"expected a list of {item.name}")
        for i, v in enumerate(value):
            problem = item(v, refs, f"{field}[{i}]")
            if problem is not None:
                return problem
        return None

    return Shape(f"a list of {item.name}", test)


def tuple_of(*items: Shape) -> Shape:
    """A list of fixed length whose ``i``-th item has the ``i``-th shape (a record kept as
    a list, such as ``[unit, bank, cost]``).

    >>> refs = Refs(sides=("axis",), nodes=frozenset(), units=frozenset({"U"}))
    >>> entry = tuple_of(UNIT, TEXT, INT)
    >>> entry(["U", "rifle_factors", 2], refs, "coming[0]") is None
    True
    >>> entry(["U", "rifle_factors"], refs, "coming[0]")
    ('coming[0]', 'expected a list of a unit of the scenario, a text, a whole number')
    """
    shown = ", ".join(i.name for i in items)

    def test(value: Any, refs: Refs, field: str) -> Problem:
        if not isinstance(value, (list, tuple)) or len(value) != len(items):
            return (field, f"expected a list of {shown}")
        for i, (shape, v) in enumerate(zip(items, value, strict=True)):
            problem = shape(v, refs, f"{field}[{i}]")
            if problem is not None:
                return problem
        return None

    return Shape(f"a list of {shown}", test)


def table_of(value_shape: Shape, key: Shape = TEXT) -> Shape:
    """A table whose every key has shape ``key`` and every value ``value_shape``."""

    def test(value: Any, refs: Refs, field: str) -> Problem:
        if not isinstance(value, Mapping):
            return (field, f"expected a table of {value_shape.name}")
        for k, v in value.items():
            problem = key(k, refs, f"{field}.{k}") or value_shape(v, refs, f"{field}.{k}")
            if problem is not None:
                return problem
        return None

    return Shape(f"a table of {value_shape.name}", test)


ALL = "all"
"""``record_of(..., required=ALL)``: every field of the record is required."""


def record_of(fields: Mapping[str, Shape], required: Collection[str] = ()) -> Shape:
    """A table holding only the keys of ``fields``, each of its shape, and every key of
    ``required`` (``ALL``: every field; a typed record serialized in a frame or a state
    variable, such as a battle).

    >>> refs = Refs(sides=("axis",), nodes=frozenset({"A"}), units=frozenset())
    >>> battle = record_of({"target": NODE, "round": INT}, required=("target",))
    >>> battle({"target": "A", "round": "two"}, refs, "battle")
    ('battle.round', "expected a whole number, got 'two'")
    >>> battle({"round": 1}, refs, "battle")
    ('battle.target', 'missing')
    >>> record_of({"target": NODE, "round": INT}, required=ALL)({"target": "A"}, refs, "b")
    ('b.round', 'missing')
    """
    shown = ", ".join(fields)
    needed = sorted(fields if required == ALL else required)

    def test(value: Any, refs: Refs, field: str) -> Problem:
        if not isinstance(value, Mapping):
            return (field, f"expected a table of {shown}")
        for key in needed:
            if key not in value:
                return (f"{field}.{key}", "missing")
        for key in sorted(value):
            if key not in fields:
                return (f"{field}.{key}", f"unknown field (known: {shown})")
        problem = check_args(fields, value, refs)
        return None if problem is None else (f"{field}.{problem[0]}", problem[1])

    return Shape(f"a table of {shown}", test)


def check_args(declared: Mapping[str, Shape], args: Mapping[str, Any], refs: Refs) -> Problem:
    """The first problem of a frame's ``args`` against a step's declared ``args``."""
    for key in sorted(args):
        shape = declared.get(key)
        if shape is None:
            return (key, "not an argument of this step")
        problem = shape(args[key], refs, key)
        if problem is not None:
            return problem
    return None


def check_vars(
    declared: Mapping[str, Shape],
    values: Mapping[str, Any],
    refs: Refs,
    exempt: Collection[str] = (),
) -> Problem:
    """The first problem of a state's ``vars`` against a title's declared shapes: each name
    (except those in ``exempt``, the kernel's own) must match a declared name or ``*``
    pattern (the first that matches, in declaration order) and have its shape.

    >>> refs = Refs(sides=("axis",), nodes=frozenset({"A"}), units=frozenset())
    >>> shapes = {"weather": literal("clear", "mud"), "used:*": list_of(NODE)}
    >>> check_vars(shapes, {"weather": "mud", "used:axis": ["A", "B"]}, refs)
    ('used:axis[1]', "expected a node of the map, got 'B'")
    >>> check_vars(shapes, {"october": True}, refs)
    ('october', 'a state variable without a declared shape')
    """
    for key in sorted(values):
        if key in exempt:
            continue
        shape = declared.get(key)
        if shape is None:
            shape = next((s for k, s in declared.items() if "*" in k and fnmatchcase(key, k)), None)
        if shape is None:
            return (key, "a state variable without a declared shape")
        problem = shape(values[key], refs, key)
        if problem is not None:
            return problem
    return None
