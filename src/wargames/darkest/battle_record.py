"""The battle being fought, as typed state: a :class:`Battle` record with named fields and a
fixed :class:`Stage` enum, kept in the state variable ``battle`` as plain JSON.

A save is read back field by field: a missing field, a value of the wrong type or an unknown
stage raises :class:`~wargames.core.errors.SaveError` naming ``vars.battle.<field>``; nothing
read from a save is ever used as code (the runner dispatches stages through a fixed table).
"""

from __future__ import annotations

import enum
import operator
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from wargames.core.context import Context
from wargames.core.errors import SaveError
from wargames.core.jsonvalue import FrozenDict, thaw

from .counters import AXIS, RUSSIAN
from .position import enemy

FIELD = "vars.battle"
MODES = ("first", "op", "blitz", "proriv")
"""The kinds of operational phase a battle is fought in (DC: Sequence): the first-turn
attacks, A.2.a/B.2.a, the Blitzkrieg! and the Proriv!"""
HIT_KEYS = ("attack", "defence")
"""Whose hits a round counts: the attacker's fire and the defender's."""


class Stage(enum.Enum):
    """The fixed stages of a battle, in the order the runner takes them (saved as their
    values)."""

    RIVER = "river"
    ROUND = "round"
    WITHDRAW = "withdraw"
    RESERVE = "reserve"
    PRESS = "press"
    FIRE_A = "fire-a"
    FIRE_D = "fire-d"
    ABSORB_D = "absorb-d"
    ABSORB_A = "absorb-a"
    ROUND_END = "round-end"
    ADVANCE = "advance"
    END = "end"
    OVER = "over"


def _ledger() -> dict[str, list[int]]:
    return {AXIS: [0, 0, 0], RUSSIAN: [0, 0, 0]}


def _hits() -> dict[str, int]:
    return {"attack": 0, "defence": 0}


@attrs.define(slots=True)
class Battle:
    """One battle: who attacks which hex, how many rounds, and where it stands.

    ``sources``: the hexes the attack came from (JSON ``from``); ``origin``: each attacker's
    hex; ``gaps``: the hexes of attackers the battle Disrupted or eliminated, each a place a
    replacement may fill; ``defence0``: the defenders' unmodified firepower at the start;
    ``hits``: this round's hits by ``attack`` and ``defence``; ``left``: hits still to absorb;
    ``taken``: hits each unit absorbed in this fire; ``capacity``: the hits each of them may
    absorb and be only Disrupted, fixed on its first hit of the fire (a shock army flipped
    back by that hit keeps its stronger side's, DC: Disruption); ``ledger``: per firing side,
    hits scored, absorbed and left over; ``into``: attackers that advanced into the cleared hex;
    ``ignore_river``: river hexsides the attacker ignores (DC: Special 1st Turn Rules).
    """

    target: str
    side: str
    mode: str
    rounds: int
    attackers: list[str]
    sources: list[str]
    origin: dict[str, str]
    defended: bool
    defence0: int = 0
    round: int = 1
    stage: Stage = Stage.RIVER
    gaps: list[str] = attrs.Factory(list)
    press: int = 0
    hits: dict[str, int] = attrs.Factory(_hits)
    left: int = 0
    taken: dict[str, int] = attrs.Factory(dict)
    capacity: dict[str, int] = attrs.Factory(dict)
    absorbing: str | None = None
    city_used: int = 0
    capture_hits: int = 0
    captured: bool = False
    retreated: bool = False
    advanced: list[str] = attrs.Factory(list)
    into: list[str] = attrs.Factory(list)
    ignore_river: int = 0
    ledger: dict[str, list[int]] = attrs.Factory(_ledger)

    @property
    def enemy(self) -> str:
        """The defending side."""
        return enemy(self.side)

    def copy(self) -> Battle:
        """A record sharing no mutable part with this one: ``attrs.evolve`` with new lists
        and dicts for the mutable fields (the ledger's lists too), without its per-field
        overhead: every field read at once and passed in order (all are ``init`` fields)."""
        values = list(_ALL_FIELDS(self))
        for i in _LIST_FIELDS:
            values[i] = list(values[i])
        for i in _DICT_FIELDS:
            values[i] = dict(values[i])
        values[_LEDGER] = {k: list(v) for k, v in values[_LEDGER].items()}
        return Battle(*values)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in attrs.fields(Battle):
            value = getattr(self, f.name)
            out[_KEYS.get(f.name, f.name)] = value.value if isinstance(value, Stage) else value
        return out

    def frozen(self) -> FrozenDict:
        """:meth:`to_json` as the state stores it (what ``freeze`` makes of it: lists as
        tuples, mappings as :class:`FrozenDict`), built directly: every field is a scalar, a
        list of strings, or a mapping of scalars or lists of integers."""
        out: dict[str, Any] = {}
        values = _ALL_FIELDS(self)
        for i, key in _SORTED_KEYS:  # in key order: FrozenDict's sort finds them sorted
            value = values[i]
            kind = type(value)
            if kind is list:
                value = tuple(value)
            elif kind is dict:
                value = FrozenDict(
                    {k: tuple(v) if type(v) is list else v for k, v in value.items()}
                )
            elif kind is Stage:
                value = value.value
            out[key] = value
        return FrozenDict(out)

    @classmethod
    def from_json(cls, data: object) -> Battle:
        """The battle a save holds; :class:`SaveError` naming the first bad field."""
        if not isinstance(data, Mapping):
            raise SaveError(FIELD, "no battle is being fought")
        names = {_KEYS.get(f.name, f.name): f.name for f in attrs.fields(Battle)}
        extra = sorted(set(data) - set(names))
        if extra:
            raise SaveError(f"{FIELD}.{extra[0]}", "unknown field")
        values: dict[str, Any] = {}
        for key, name in names.items():
            if key not in data:
                raise SaveError(f"{FIELD}.{key}", "missing")
            parse, kind = _PARSERS[name]
            try:
                values[name] = parse(data[key])
            except (TypeError, ValueError):
                raise SaveError(f"{FIELD}.{key}", f"expected {kind}") from None
        return cls(**values)


_KEYS = {"sources": "from"}
_FIELD_KEYS = tuple((f.name, _KEYS.get(f.name, f.name)) for f in attrs.fields(Battle))
_NAMES = tuple(f.name for f in attrs.fields(Battle))
_ALL_FIELDS = operator.attrgetter(*_NAMES)
"""Every field of a :class:`Battle`, in order, as a tuple (for :meth:`Battle.copy`)."""
_LIST_FIELDS = tuple(_NAMES.index(n) for n in ("attackers", "sources", "gaps", "advanced", "into"))
_DICT_FIELDS = tuple(_NAMES.index(n) for n in ("origin", "hits", "taken", "capacity"))
_LEDGER = _NAMES.index("ledger")
_SORTED_KEYS = tuple(sorted(enumerate(key for _, key in _FIELD_KEYS), key=lambda p: p[1]))
"""(field index, JSON key) in JSON key order (for :meth:`Battle.frozen`)."""


def _str(v: object) -> str:
    if not isinstance(v, str):
        raise TypeError
    return v


def _int(v: object) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise TypeError
    return v


def _bool(v: object) -> bool:
    if not isinstance(v, bool):
        raise TypeError
    return v


def _strs(v: object) -> list[str]:
    if not isinstance(v, (list, tuple)):
        raise TypeError
    return [_str(x) for x in v]


def _str_map(v: object) -> dict[str, str]:
    if not isinstance(v, Mapping):
        raise TypeError
    return {_str(k): _str(x) for k, x in v.items()}


def _int_map(v: object) -> dict[str, int]:
    if not isinstance(v, Mapping):
        raise TypeError
    return {_str(k): _int(x) for k, x in v.items()}


def _ledger_of(v: object) -> dict[str, list[int]]:
    if not isinstance(v, Mapping) or set(v) != {AXIS, RUSSIAN}:
        raise TypeError
    out = {}
    for side, row in v.items():
        if not isinstance(row, (list, tuple)) or len(row) != 3:
            raise TypeError
        out[side] = [_int(x) for x in row]
    return out


def _one_of(*values: str) -> Callable[[object], str]:
    def parse(v: object) -> str:
        if v not in values:
            raise ValueError
        return str(v)

    return parse


def _hits_of(v: object) -> dict[str, int]:
    out = _int_map(v)
    if set(out) != set(HIT_KEYS):
        raise ValueError
    return out


def _maybe_hit_key(v: object) -> str | None:
    return None if v is None else _one_of(*HIT_KEYS)(v)


_side = _one_of(AXIS, RUSSIAN)


_PARSERS: dict[str, tuple[Callable[[Any], Any], str]] = {
    "target": (_str, "a hex"),
    "side": (_side, f"{AXIS!r} or {RUSSIAN!r}"),
    "mode": (_one_of(*MODES), "one of " + ", ".join(MODES)),
    "rounds": (_int, "a whole number"),
    "attackers": (_strs, "a list of unit ids"),
    "sources": (_strs, "a list of hexes"),
    "origin": (_str_map, "unit id -> hex"),
    "defended": (_bool, "true or false"),
    "defence0": (_int, "a whole number"),
    "round": (_int, "a whole number"),
    "stage": (Stage, "one of " + ", ".join(s.value for s in Stage)),
    "gaps": (_strs, "a list of hexes"),
    "press": (_int, "a whole number"),
    "hits": (_hits_of, "attack/defence -> hits"),
    "left": (_int, "a whole number"),
    "taken": (_int_map, "unit id -> hits"),
    "capacity": (_int_map, "unit id -> hits"),
    "absorbing": (_maybe_hit_key, "null or attack/defence"),
    "city_used": (_int, "a whole number"),
    "capture_hits": (_int, "a whole number"),
    "captured": (_bool, "true or false"),
    "retreated": (_bool, "true or false"),
    "advanced": (_strs, "a list of unit ids"),
    "into": (_strs, "a list of unit ids"),
    "ignore_river": (_int, "a whole number"),
    "ledger": (_ledger_of, "axis/russian -> [scored, absorbed, left over]"),
}


_last: tuple[object, Battle] | None = None
"""The last stored record (a frozen value) with its decoding: a battle's steps read the
record back many times between changes (one tuple, replaced whole, so threads may share it)."""


def battle(ctx: Context) -> Battle:
    """The battle being fought, as a mutable record (store changes with :func:`save`);
    :class:`SaveError` if a loaded battle is malformed or names unknown units or hexes."""
    raw = ctx.state.get("battle")
    last = _last
    if last is not None and last[0] is raw:
        return last[1].copy()
    b = _decode(ctx, raw)
    _remember(raw, b)
    return b


def _remember(raw: object, b: Battle) -> None:
    global _last
    _last = (raw, b.copy())


def _decode(ctx: Context, raw: object) -> Battle:
    b = Battle.from_json(thaw(raw))
    units = ctx.state.units
    for key, ids in (
        ("attackers", b.attackers),
        ("origin", b.origin),
        ("taken", b.taken),
        ("capacity", b.capacity),
        ("advanced", b.advanced),
        ("into", b.into),
    ):
        bad = [u for u in ids if u not in units]
        if bad:
            raise SaveError(f"{FIELD}.{key}", f"{bad[0]!r} is not a unit of the game")
    for key, hexes in (
        ("target", [b.target]),
        ("from", b.sources),
        ("origin", list(b.origin.values())),
        ("gaps", b.gaps),
    ):
        bad = [h for h in hexes if h not in ctx.board]
        if bad:
            raise SaveError(f"{FIELD}.{key}", f"{bad[0]!r} is not a hex of the map")
    return b


def save(ctx: Context, b: Battle) -> None:
    ctx.state.set("battle", b.frozen())  # already frozen: stored as it is
    _remember(ctx.state.get("battle"), b)
