"""Scenario files (TOML or JSON): map, units and where they start, calendar, reinforcements,
charts and options. ``docs/scenarios.md`` documents the format.

Loading validates the whole file before anything is built; every error is a
:class:`ScenarioError` naming the file and the field (``units[3].at``). Unknown keys are errors.
The title then checks its own charts and options (:meth:`Title.validate_scenario`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, NoReturn, TypeVar

import attrs

from .board import Board
from .errors import ScenarioError, ScenarioErrors
from .hexgrid import HexLayout
from .jsonvalue import FrozenDict, depth_error, dumps, freeze, parse_text, thaw
from .lines import TOTAL, Limit, LinePolicy, UnitLoad, parse_weight
from .units import UnitDef, UnitState

_MISSING: Any = object()

T = TypeVar("T")

# --- limits: no file can make a call hang or exhaust memory (docs/scenarios.md, "Limits") ---
MAX_MAP_SIDE = 200
"""Columns and rows of a hex map, each."""
MAX_NODES = 20_000
"""Hexes of a hex map (columns x rows) or points of a point map."""
MAX_LINES = 100_000
"""Lines of a point map."""
MAX_UNITS = 5_000
"""Units of a scenario (reinforcements are units too)."""
MAX_STEPS = 20
"""Steps of one unit (values per step of attack, defence, movement)."""
MAX_MOVEMENT = 100
"""A unit's movement allowance at any strength (movement searches hold one bucket per MP)."""
MAX_TURNS = 1_000
"""Turns of the calendar; the first turn is 0 (a set-up turn) .. MAX_TURNS."""
MAX_NUMBER = 10**9
"""Any number anywhere in the file (charts, attributes, values), in absolute value."""
MAX_ITEMS = 100_000
"""Items of any one list or table."""
MAX_FIRST = 9_999
"""``first_column`` / ``first_row`` of a hex map (printed numbers, 0 .. MAX_FIRST)."""


CHART_NOTES = ("provisional", "note", "source")
"""Keys of a chart table that document it (a reconstruction's flag and notes), not data."""


class Reader:
    """Typed access to one table of a scenario file; errors name the file and field path."""

    def __init__(self, file: str, data: Any, path: str = "") -> None:
        self.file, self.path = file, path
        if not isinstance(data, Mapping):
            self.fail("", "expected a table")
        self.data: Mapping[str, Any] = data

    def _field(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def fail(self, key: str, reason: str) -> NoReturn:
        raise ScenarioError(self.file, self._field(key) if key else self.path, reason)

    def only(self, *allowed: str) -> None:
        """Reject keys not in ``allowed``."""
        for key in self.data:
            if key not in allowed:
                self.fail(key, f"unknown key (expected one of: {', '.join(allowed)})")

    def get(self, key: str, kind: type | tuple[type, ...], default: Any = _MISSING) -> Any:
        if key not in self.data:
            if default is _MISSING:
                self.fail(key, "missing")
            return default
        value = self.data[key]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if isinstance(value, bool) and bool not in kinds:
            self.fail(key, f"expected {_names(kinds)}, got a boolean")
        if not isinstance(value, _frozen_too(kinds)):
            self.fail(key, f"expected {_names(kinds)}, got {type(value).__name__}")
        return value

    def string(self, key: str, default: Any = _MISSING) -> Any:
        return self.get(key, str, default)

    def integer(
        self,
        key: str,
        default: Any = _MISSING,
        minimum: int | None = None,
        maximum: int | None = None,
    ) -> Any:
        value = self.get(key, int, default)
        if minimum is not None and isinstance(value, int) and value < minimum:
            self.fail(key, f"must be >= {minimum}")
        if maximum is not None and isinstance(value, int) and value > maximum:
            self.fail(key, f"must be <= {maximum} (the documented limit)")
        return value

    def number(
        self,
        key: str,
        default: Any = _MISSING,
        minimum: float | None = None,
        maximum: float | None = None,
    ) -> Any:
        """An integer or a float (never a boolean), within ``minimum`` .. ``maximum``."""
        value = self.get(key, (int, float), default)
        if minimum is not None and isinstance(value, (int, float)) and value < minimum:
            self.fail(key, f"must be >= {minimum}")
        if maximum is not None and isinstance(value, (int, float)) and value > maximum:
            self.fail(key, f"must be <= {maximum}")
        return value

    def number_table(
        self, key: str, default: Any = _MISSING, minimum: float | None = None
    ) -> dict[str, float]:
        """A table of names to numbers (e.g. a cost or multiplier per terrain)."""
        if key not in self.data and default is not _MISSING:
            return dict(default)
        t = self.table(key)
        return {n: t.number(n, minimum=minimum) for n in t.data if n not in CHART_NOTES}

    def strings(self, key: str, default: Any = _MISSING) -> tuple[str, ...]:
        value = self.get(key, list, default)
        if value is default and default is not _MISSING:
            return tuple(value)
        for i, v in enumerate(value):
            if not isinstance(v, str):
                self.fail(f"{key}[{i}]", "expected a string")
        return tuple(value)

    def numbers(self, key: str, default: Any = _MISSING) -> tuple[float, ...]:
        if key not in self.data and default is not _MISSING:
            return tuple(default)
        value = self.get(key, (list, int, float))
        items = value if isinstance(value, (list, tuple)) else [value]
        for i, v in enumerate(items):
            if isinstance(v, bool) or not isinstance(v, (int, float)):
                self.fail(f"{key}[{i}]", "expected a number")
        return tuple(items)

    def table(self, key: str, default: Any = _MISSING) -> Reader:
        value = self.get(key, dict, default)
        return Reader(self.file, value, self._field(key))

    def tables(self, key: str) -> list[Reader]:
        value = self.get(key, list, [])
        return [Reader(self.file, v, f"{self._field(key)}[{i}]") for i, v in enumerate(value)]


def _frozen_too(kinds: tuple[type, ...]) -> tuple[type, ...]:
    """Tables and lists as parsed, or frozen as a scenario keeps them (``Scenario.charts``)."""
    extra: tuple[type, ...] = ()
    if dict in kinds:
        extra += (Mapping,)
    if list in kinds:
        extra += (tuple,)
    return kinds + extra


def _names(kinds: tuple[type, ...]) -> str:
    names = {
        str: "a string",
        int: "an integer",
        float: "a number",
        list: "a list",
        dict: "a table",
        bool: "a boolean",
    }
    return " or ".join(names.get(k, k.__name__) for k in kinds)


@attrs.frozen(slots=True)
class Calendar:
    """Game turns ``first`` .. ``last`` with optional printed labels (``Jun 41``)."""

    last: int
    first: int = 1
    labels: tuple[str, ...] = ()

    def label(self, turn: int) -> str:
        i = turn - self.first
        if 0 <= i < len(self.labels):
            return self.labels[i]
        return f"turn {turn}"


@attrs.frozen(slots=True)
class Reinforcement:
    """A unit that becomes available on ``turn`` at a node ``at`` or an entry ``area``."""

    turn: int
    unit: str
    at: str | None = None
    area: str | None = None


_PLAIN_LOAD = UnitLoad()


@attrs.frozen(eq=False)
class Scenario:
    """A validated scenario: the board and everything a new game starts from."""

    title: str
    name: str
    file: str
    data: Mapping[str, Any]
    board: Board
    units: Mapping[str, UnitDef]
    start: Mapping[str, UnitState]
    control: Mapping[str, str]
    calendar: Calendar
    reinforcements: tuple[Reinforcement, ...]
    charts: Mapping[str, Any]
    options: Mapping[str, Any]
    description: str = ""
    lines: LinePolicy = attrs.field(factory=LinePolicy)
    """Point maps: line capacities by (line class, side) from ``[map.line_classes]``."""
    loads: Mapping[str, UnitLoad] = attrs.field(factory=dict)
    """Point maps: unit id -> its weight and kind on lines (units without ``line``: 1)."""
    _text: list[str] = attrs.field(factory=list, init=False, eq=False, repr=False)

    def load(self, uid: str) -> UnitLoad:
        """What unit ``uid`` counts on a line (default: weight 1, no kind)."""
        return self.loads.get(uid, _PLAIN_LOAD)

    def chart_reader(self) -> Reader:
        """Typed access to ``[charts]`` for :meth:`Title.validate_scenario`: its errors name
        the file and the field (``charts.hit_on``)."""
        return Reader(self.file, self.charts, "charts")

    def to_json(self) -> str:
        """The canonical JSON text of :meth:`to_data` (made once: saves embed it often)."""
        if not self._text:
            self._text.append(dumps(self.data))
        return self._text[0]

    def to_data(self) -> dict[str, Any]:
        """The scenario as plain JSON data (what a saved game embeds)."""
        out: dict[str, Any] = thaw(self.data)
        return out


TOP_KEYS = (
    "title",
    "name",
    "description",
    "sides",
    "map",
    "units",
    "control",
    "calendar",
    "reinforcements",
    "charts",
    "options",
)


def read_scenario_file(path: str | Path) -> tuple[str, dict[str, Any]]:
    """(file name, raw data) of a TOML or JSON scenario file; ScenarioError if unreadable."""
    p = Path(path)
    name = str(p)
    try:
        raw = p.read_bytes()
    except OSError as exc:
        raise ScenarioError(name, "", f"cannot read: {exc.strerror}") from None
    kind = "JSON" if p.suffix.lower() == ".json" else "TOML"
    try:
        data = parse_text(raw, kind)
    except ValueError as exc:
        raise ScenarioError(name, "", str(exc)) from None
    if not isinstance(data, dict):
        raise ScenarioError(name, "", "the top level must be a table")
    return name, data


def parse_scenario(
    data: Mapping[str, Any],
    file: str,
    sides: Sequence[str],
    option_defaults: Mapping[str, Any] | None = None,
) -> Scenario:
    """Validate raw scenario data for a title with ``sides``; build the :class:`Scenario`."""
    too_deep = depth_error(data)
    if too_deep is not None:
        raise ScenarioError(file, "", str(too_deep))
    _check_plain(data, file, "")
    top = Reader(file, data)
    errors: list[ScenarioError] = []

    def attempt(fn: Callable[..., T], *args: Any) -> T | None:
        """``fn(*args)``, or None with its ScenarioError kept: a pass finds every error of
        independent parts (a part that needs a failed one is skipped)."""
        try:
            return fn(*args)
        except ScenarioErrors as exc:
            errors.extend(exc.errors)
        except ScenarioError as exc:
            errors.append(exc)
        return None

    attempt(top.only, *TOP_KEYS)
    title = attempt(top.string, "title")
    name = attempt(top.string, "name")
    description = attempt(top.string, "description", "")
    if "sides" in top.data and attempt(top.strings, "sides") not in (None, tuple(sides)):
        attempt(top.fail, "sides", f"must be {list(sides)} for this title")
    board = attempt(lambda: _parse_map(top.table("map")))
    calendar = attempt(_parse_calendar, top)
    options = attempt(_parse_options, top, option_defaults or {})
    charts = attempt(lambda: freeze(top.table("charts", {}).data))
    parsed = line_data = control = reinforcements = None
    if board is not None:
        parsed = attempt(_parse_units, top, board, sides, errors)
        line_data = attempt(_parse_line_data, top, board, sides)
        control = attempt(_parse_control, top, board, sides)
        if parsed is not None and calendar is not None:
            reinforcements = attempt(_parse_reinforcements, top, board, parsed[0], calendar, errors)
    if errors:
        raise errors[0] if len(errors) == 1 else ScenarioErrors(errors)
    assert board is not None and parsed is not None and calendar is not None
    assert line_data is not None and control is not None and options is not None
    assert reinforcements is not None and charts is not None
    assert isinstance(title, str) and isinstance(name, str) and isinstance(description, str)
    units, start = parsed
    lines, loads = line_data
    return Scenario(
        title=title,
        name=name,
        file=file,
        data=freeze(data),
        board=board,
        units=units,
        start=start,
        control=control,
        calendar=calendar,
        reinforcements=reinforcements,
        charts=charts,
        options=options,
        description=description,
        lines=lines,
        loads=loads,
    )


def _check_plain(value: Any, file: str, path: str) -> None:
    """Only JSON-representable values (TOML dates and times are not)."""
    if value is None or isinstance(value, (bool, str)):
        return
    if isinstance(value, (int, float)):
        if value != value or value in (float("inf"), float("-inf")):
            raise ScenarioError(file, path, "numbers must be finite")
        if abs(value) > MAX_NUMBER:
            raise ScenarioError(file, path, f"numbers must be within +-{MAX_NUMBER}")
        return
    if isinstance(value, (Mapping, list, tuple)) and len(value) > MAX_ITEMS:
        raise ScenarioError(file, path, f"more than {MAX_ITEMS} items")
    if isinstance(value, Mapping):
        for k, v in value.items():
            _check_plain(v, file, f"{path}.{k}" if path else str(k))
        return
    if isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            _check_plain(v, file, f"{path}[{i}]")
        return
    raise ScenarioError(file, path, f"{type(value).__name__} values are not allowed")


LAYOUT_KEYS = (
    "columns",
    "rows",
    "orientation",
    "shifted",
    "labels",
    "first_column",
    "first_row",
    "digits",
)


def _parse_map(m: Reader) -> Board:
    kind = m.string("kind", "hex")
    if kind == "hex":
        return _parse_hex_map(m)
    if kind == "points":
        return _parse_point_map(m)
    m.fail("kind", "must be 'hex' or 'points'")


def _parse_hex_map(m: Reader) -> Board:
    m.only(
        "kind",
        "name",
        *LAYOUT_KEYS,
        "default_terrain",
        "omit",
        "terrain",
        "features",
        "hexsides",
        "attributes",
    )
    try:
        layout = HexLayout(
            columns=m.integer("columns", minimum=1, maximum=MAX_MAP_SIDE),
            rows=m.integer("rows", minimum=1, maximum=MAX_MAP_SIDE),
            orientation=m.string("orientation", "flat"),
            shifted=m.string("shifted", "odd"),
            labels=m.string("labels", "digits"),
            first_column=m.integer("first_column", 1, minimum=0, maximum=MAX_FIRST),
            first_row=m.integer("first_row", 1, minimum=0, maximum=MAX_FIRST),
            digits=m.integer("digits", 2, minimum=1, maximum=4),
        )
    except ValueError as exc:
        m.fail("", str(exc))
    if layout.columns * layout.rows > MAX_NODES:
        m.fail("rows", f"more than {MAX_NODES} hexes (the documented limit)")
    try:
        labels = {layout.label(h) for h in layout.hexes()}
    except ValueError as exc:
        m.fail("", str(exc))
    if len(labels) != layout.columns * layout.rows:
        m.fail("digits", "hex labels collide: give more digits")

    def hex_label(r: Reader, field: str, label: str) -> str:
        if label not in labels:
            r.fail(field, f"{label!r} is not a hex of this map")
        return label

    omit = m.strings("omit", ())
    for i, label in enumerate(omit):
        hex_label(m, f"omit[{i}]", label)
    present = labels - set(omit)

    def on_map(r: Reader, field: str, label: str) -> str:
        hex_label(r, field, label)
        if label not in present:
            r.fail(field, f"{label!r} is omitted from the map")
        return label

    terrain: dict[str, str] = {}
    t = m.table("terrain", {})
    for tname in t.data:
        for i, label in enumerate(t.strings(tname)):
            if label in terrain:
                t.fail(f"{tname}[{i}]", f"{label} already has terrain {terrain[label]!r}")
            terrain[on_map(t, f"{tname}[{i}]", label)] = tname
    features: dict[str, set[str]] = {}
    f = m.table("features", {})
    for fname in f.data:
        for i, label in enumerate(f.strings(fname)):
            features.setdefault(on_map(f, f"{fname}[{i}]", label), set()).add(fname)
    hexsides: dict[tuple[str, str], set[str]] = {}
    for hs in m.tables("hexsides"):
        hs.only("between", "features")
        pair = hs.strings("between")
        if len(pair) != 2:
            hs.fail("between", "must name two hexes")
        a, b = (on_map(hs, f"between[{i}]", x) for i, x in enumerate(pair))
        if layout.parse(a).distance(layout.parse(b)) != 1:
            hs.fail("between", f"{a} and {b} are not adjacent")
        key = (a, b) if a < b else (b, a)
        hexsides.setdefault(key, set()).update(hs.strings("features"))
    attributes: dict[str, dict[str, Any]] = {}
    at = m.table("attributes", {})
    for label in at.data:
        on_map(at, label, label)
        attributes[label] = dict(at.table(label).data)
        for reserved in ("terrain", "features", "hex"):
            if reserved in attributes[label]:
                at.table(label).fail(reserved, "set this in [map.terrain] or [map.features]")
    return Board.hex_map(
        layout,
        terrain=terrain,
        default_terrain=m.string("default_terrain", "clear"),
        features=features,
        hexsides=hexsides,
        attributes=attributes,
        omit=omit,
        name=m.string("name", ""),
    )


def _parse_point_map(m: Reader) -> Board:
    m.only("kind", "name", "points", "lines", "line_classes", "line_kinds")
    points: dict[str, dict[str, Any]] = {}
    if len(m.get("points", list, [])) > MAX_NODES:
        m.fail("points", f"more than {MAX_NODES} points (the documented limit)")
    if len(m.get("lines", list, [])) > MAX_LINES:
        m.fail("lines", f"more than {MAX_LINES} lines (the documented limit)")
    for p in m.tables("points"):
        p.only("id", "terrain", "features", "attributes", "x", "y")
        pid = p.string("id")
        if pid in points:
            p.fail("id", f"duplicate point {pid!r}")
        place = {k: p.get(k, (int, float)) for k in ("x", "y") if k in p.data}
        if len(place) == 1:
            p.fail("y" if "x" in place else "x", "give both x and y, or neither")
        points[pid] = {
            "terrain": p.string("terrain", "clear"),
            "features": p.strings("features", ()),
            **p.table("attributes", {}).data,
            **place,
        }
    lines: list[tuple[str, str, dict[str, Any]]] = []
    seen: set[frozenset[str]] = set()
    for ln in m.tables("lines"):
        ln.only("between", "class", "features", "capacity", "attributes")
        pair = ln.strings("between")
        if len(pair) != 2 or pair[0] == pair[1]:
            ln.fail("between", "must name two different points")
        for i, pid in enumerate(pair):
            if pid not in points:
                ln.fail(f"between[{i}]", f"{pid!r} is not a point of the map")
        if frozenset(pair) in seen:
            ln.fail("between", f"a line {pair[0]}-{pair[1]} is already given")
        seen.add(frozenset(pair))
        cap = ln.table("capacity", {})
        capacity = {side: cap.integer(side, minimum=0) for side in cap.data}
        lines.append(
            (
                pair[0],
                pair[1],
                {
                    "line": ln.string("class", "road"),
                    "features": ln.strings("features", ()),
                    "capacity": capacity,
                    **ln.table("attributes", {}).data,
                },
            )
        )
    return Board.point_map(points, lines, name=m.string("name", ""))


def _parse_line_data(
    top: Reader, board: Board, sides: Sequence[str]
) -> tuple[LinePolicy, dict[str, UnitLoad]]:
    """``[map.line_classes]`` (class -> side -> ``units`` and per-kind limits), the kinds in
    ``map.line_kinds``, and each unit's ``line = {weight, kind, retreat}`` (DC2 Lines A-C)."""
    m = top.table("map")
    kinds = m.strings("line_kinds", ())
    for i, k in enumerate(kinds):
        if k == TOTAL or k in kinds[:i]:
            m.fail(f"line_kinds[{i}]", f"{k!r} is reserved or given twice")
    limits: dict[tuple[str, str], Limit] = {}
    declared = "line_classes" in m.data
    classes = m.table("line_classes", {})
    if declared and board.kind != "points":
        m.fail("line_classes", "line classes belong to point-to-point maps")
    for cname in classes.data:
        c = classes.table(cname)
        for side in c.data:
            if side not in sides:
                c.fail(side, f"{side!r} is not a side of this title ({', '.join(sides)})")
            t = c.table(side)
            for key in t.data:
                if key != TOTAL and key not in kinds:
                    t.fail(key, f"unknown kind {key!r} (map.line_kinds: {', '.join(kinds)})")
            total = t.integer(TOTAL, minimum=0)
            sub = {k: t.integer(k, minimum=0) for k in t.data if k != TOTAL}
            for k, v in sub.items():
                if v > total:
                    t.fail(k, f"{v} is more than the line's {total} units")
            limits[(cname, side)] = Limit(total, sub)
    if declared:
        for ln in m.tables("lines"):
            cname = ln.string("class", "road")
            if cname not in classes.data:
                ln.fail("class", f"unknown line class {cname!r} (map.line_classes)")
            for side in sides:
                if (cname, side) not in limits and side not in ln.table("capacity", {}).data:
                    ln.fail("class", f"line class {cname!r} gives no capacity for {side}")
    loads: dict[str, UnitLoad] = {}
    for u in top.tables("units"):
        if "line" not in u.data:
            continue
        ln = u.table("line")
        ln.only("weight", "kind", "retreat")
        try:
            weight = parse_weight(ln.data.get("weight", 1))
        except ValueError as exc:
            ln.fail("weight", str(exc))
        retreat = None
        if "retreat" in ln.data:
            try:
                retreat = parse_weight(ln.data["retreat"])
            except ValueError as exc:
                ln.fail("retreat", str(exc))
        kind = ln.string("kind", "")
        if kind and kind not in kinds:
            ln.fail("kind", f"unknown kind {kind!r} (map.line_kinds: {', '.join(kinds)})")
        loads[u.string("id")] = UnitLoad(weight, kind, retreat)
    return LinePolicy(limits), loads


UNIT_KEYS = (
    "id",
    "side",
    "type",
    "name",
    "nationality",
    "size",
    "attack",
    "defence",
    "movement",
    "flags",
    "range",
    "command",
    "values",
    "at",
    "box",
    "steps",
    "markers",
    "line",
)


def _parse_units(
    top: Reader, board: Board, sides: Sequence[str], errors: list[ScenarioError] | None = None
) -> tuple[dict[str, UnitDef], dict[str, UnitState]]:
    """Every unit; with ``errors``, a bad unit's error is kept there and the others read."""
    defs: dict[str, UnitDef] = {}
    start: dict[str, UnitState] = {}
    if len(top.get("units", list, [])) > MAX_UNITS:
        top.fail("units", f"more than {MAX_UNITS} units (the documented limit)")
    for u in top.tables("units"):
        try:
            _parse_unit(u, board, sides, defs, start)
        except ScenarioError as exc:
            if errors is None:
                raise
            errors.append(exc)
    return defs, start


def _parse_unit(
    u: Reader,
    board: Board,
    sides: Sequence[str],
    defs: dict[str, UnitDef],
    start: dict[str, UnitState],
) -> None:
    u.only(*UNIT_KEYS)
    uid = u.string("id")
    if uid in defs:
        u.fail("id", f"duplicate unit id {uid!r}")
    side = u.string("side")
    if side not in sides:
        u.fail("side", f"{side!r} is not a side of this title ({', '.join(sides)})")
    try:
        d = UnitDef(
            id=uid,
            side=side,
            type=u.string("type"),
            name=u.string("name", ""),
            nationality=u.string("nationality", ""),
            size=u.string("size", ""),
            attack=u.numbers("attack", (0,)),
            defence=u.numbers("defence", (0,)),
            movement=u.numbers("movement", (0,)),
            flags=u.strings("flags", ()),
            range=u.integer("range", 0, minimum=0, maximum=MAX_MAP_SIDE * 2),
            command=u.string("command", ""),
            values=u.table("values", {}).data,
        )
    except ValueError as exc:
        u.fail("", str(exc))
    if d.steps > MAX_STEPS:
        u.fail("attack", f"more than {MAX_STEPS} steps (the documented limit)")
    for key, values, top_value in (
        ("attack", d.attack, MAX_NUMBER),
        ("defence", d.defence, MAX_NUMBER),
        ("movement", d.movement, MAX_MOVEMENT),
    ):
        for i, v in enumerate(values):
            if not 0 <= v <= top_value:
                u.fail(f"{key}[{i}]", f"must be 0 .. {top_value}")
    at, box = u.string("at", None), u.string("box", None)
    if (at is None) == (box is None):
        u.fail("at", "give exactly one of 'at' (a node) or 'box'")
    if at is not None and at not in board:
        u.fail("at", f"{at!r} is not a node of the map")
    steps = u.integer("steps", d.steps, minimum=1)
    if steps > d.steps:
        u.fail("steps", f"the unit has only {d.steps} steps")
    defs[uid] = d
    start[uid] = UnitState(uid, steps, at=at, box=box, markers=u.strings("markers", ()))


def _parse_control(top: Reader, board: Board, sides: Sequence[str]) -> dict[str, str]:
    control: dict[str, str] = {}
    c = top.table("control", {})
    for side in c.data:
        if side not in sides:
            c.fail(side, f"{side!r} is not a side of this title")
        for i, node in enumerate(c.strings(side)):
            if node not in board:
                c.fail(f"{side}[{i}]", f"{node!r} is not a node of the map")
            if node in control:
                c.fail(f"{side}[{i}]", f"{node} is already controlled by {control[node]}")
            control[node] = side
    return control


def _parse_calendar(top: Reader) -> Calendar:
    c = top.table("calendar")
    c.only("turns", "first", "labels")
    first = c.integer("first", 1, minimum=0, maximum=MAX_TURNS)
    turns = c.integer("turns", minimum=1, maximum=MAX_TURNS)
    labels = c.strings("labels", ())
    if labels and len(labels) != turns:
        c.fail("labels", f"give one label per turn ({turns})")
    return Calendar(last=first + turns - 1, first=first, labels=labels)


def _parse_reinforcements(
    top: Reader,
    board: Board,
    units: Mapping[str, UnitDef],
    calendar: Calendar,
    errors: list[ScenarioError] | None = None,
) -> tuple[Reinforcement, ...]:
    out: list[Reinforcement] = []
    if len(top.get("reinforcements", list, [])) > MAX_UNITS:
        top.fail("reinforcements", f"more than {MAX_UNITS} (the documented limit)")
    for r in top.tables("reinforcements"):
        try:
            _parse_reinforcement(r, board, units, calendar, out)
        except ScenarioError as exc:
            if errors is None:
                raise
            errors.append(exc)
    return tuple(out)


def _parse_reinforcement(
    r: Reader,
    board: Board,
    units: Mapping[str, UnitDef],
    calendar: Calendar,
    out: list[Reinforcement],
) -> None:
    r.only("turn", "unit", "at", "area")
    turn = r.integer("turn")
    if not calendar.first <= turn <= calendar.last:
        r.fail("turn", f"outside the calendar ({calendar.first}-{calendar.last})")
    uid = r.string("unit")
    if uid not in units:
        r.fail("unit", f"{uid!r} is not a unit of the scenario")
    at, area = r.string("at", None), r.string("area", None)
    if at is not None and at not in board:
        r.fail("at", f"{at!r} is not a node of the map")
    out.append(Reinforcement(turn, uid, at, area))


def _parse_options(top: Reader, defaults: Mapping[str, Any]) -> Mapping[str, Any]:
    o = top.table("options", {})
    options = dict(defaults)
    for key, value in o.data.items():
        if key not in defaults:
            o.fail(key, f"unknown option (this title has: {', '.join(sorted(defaults)) or 'none'})")
        expected = type(defaults[key])
        if type(value) is not expected and not (expected is float and type(value) is int):
            o.fail(key, f"expected {_names((expected,))}")
        options[key] = value
    return FrozenDict(freeze(options))
