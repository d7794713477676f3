"""What a counter shows a side: its designation, NATO type symbol, echelon, printed values,
steps and status markers (:class:`Counter`), as pictures draw it.

A title says what each side sees of its counters through :meth:`Title.counters` (default:
:func:`default_counters`, every unit on the map that :meth:`Title.visible_units` lets the side
see, each as :func:`default_counter` reads it from its :class:`~.units.UnitDef`). The picture
draws counters only, never the state: what is not in a side's counters is not drawn.

>>> unit_kind("rifle", frozenset()), unit_kind("army", frozenset({"armour"}))
('infantry', 'armour')
>>> echelon("korps", "")
'XXX'
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from typing import TYPE_CHECKING, Final

import attrs

from .unit_values import NUMBER, PER_STEP, UnitValue
from .units import UnitDef, UnitState

if TYPE_CHECKING:
    from .context import Context

UNKNOWN: Final = "?"
"""The values of a face-down counter (its factors are hidden from the viewer)."""

KIND_WORDS: Final[tuple[tuple[str, frozenset[str]], ...]] = (
    ("hq", frozenset({"hq", "stavka", "headquarters"})),
    ("air", frozenset({"air", "fliegerkorps", "front-air", "interceptor"})),
    ("naval", frozenset({"naval", "fleet", "ship"})),
    ("parachute", frozenset({"parachute", "airborne"})),
    ("mountain", frozenset({"mountain", "gebirgs"})),
    ("engineer", frozenset({"engineer", "pioneer", "sapper"})),
    ("rocket", frozenset({"rocket", "katyusha"})),
    ("assault-gun", frozenset({"assault-gun", "stug"})),
    ("artillery", frozenset({"artillery", "rail-artillery", "railway-gun", "arko"})),
    ("cavalry", frozenset({"cavalry", "motorcycle", "recon"})),
    ("armour", frozenset({"armour", "armor", "tank", "panzer", "panzergruppe"})),
    ("mech", frozenset({"mech", "mechanized", "mechanised", "panzergrenadier", "mech-korps"})),
    ("motorized", frozenset({"motorized", "motorised"})),
)
"""NATO type symbols by the words of a unit's type and flags, the first match winning;
anything else is infantry."""
KINDS: Final = (*(k for k, _ in KIND_WORDS), "infantry")

ECHELONS: Final[Mapping[str, str]] = {
    "front": "XXXXX",
    "army-group": "XXXXX",
    "army": "XXXX",
    "shock-army": "XXXX",
    "panzergruppe": "XXXX",
    "korps": "XXX",
    "corps": "XXX",
    "division": "XX",
    "brigade": "X",
    "regiment": "III",
    "battalion": "II",
    "company": "I",
}
"""Echelon marks (the size above the symbol) by a unit's ``size``, type or flags."""


@attrs.frozen(slots=True)
class Counter:
    """One counter as a side sees it on the map.

    ``values`` is the printed line (``"4-4-3"``, ``UNKNOWN`` face-down); ``steps`` of
    ``full_steps`` left (fewer: the reduced side); ``markers`` the status markers on it
    (``"disrupted"``, ``"oos"``); ``stack`` the height of the stack this counter tops when the
    viewer sees only the top (0: the viewer sees the stack whole)."""

    id: str
    side: str
    at: str
    kind: str = "infantry"
    echelon: str = ""
    label: str = ""
    values: str = ""
    steps: int = 1
    full_steps: int = 1
    markers: tuple[str, ...] = ()
    stack: int = 0

    @property
    def reduced(self) -> bool:
        """Whether the counter shows its reduced side (steps lost)."""
        return 0 < self.steps < self.full_steps


def unit_kind(type_: str, flags: Collection[str]) -> str:
    """The NATO type symbol of a unit of type ``type_`` with ``flags`` (see ``KIND_WORDS``)."""
    words = {type_.lower(), *type_.lower().split("-"), *(f.lower() for f in flags)}
    for kind, names in KIND_WORDS:
        if not words.isdisjoint(names):
            return kind
    return "infantry"


def echelon(type_: str, size: str, flags: Collection[str] = ()) -> str:
    """The echelon mark of a unit from its ``size``, else its type, else its flags ("" if
    none says)."""
    for word in (size.lower(), type_.lower(), *(type_.lower().split("-")[::-1])):
        if word in ECHELONS:
            return ECHELONS[word]
    for flag in sorted(flags):
        if flag.lower() in ECHELONS:
            return ECHELONS[flag.lower()]
    return ""


def _number(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def values_text(d: UnitDef, steps: int, declared: Iterable[UnitValue] = ()) -> str:
    """The printed line of ``d`` with ``steps`` left: attack-defence-movement (movement left
    out where the counter has none; a unit with neither attack nor defence prints its
    command range, if any, and movement), then each declared numeric unit value."""
    at = max(1, min(steps, d.steps))
    attack, defence = d.attack_at(at), d.defence_at(at)
    move = d.movement_at(at)
    parts: list[str] = []
    if attack or defence:
        parts = [_number(attack), _number(defence)]
        if move:
            parts.append(_number(move))
    elif move:
        parts = [f"R{d.range}", _number(move)] if d.range else [_number(move)]
    text = "-".join(parts)
    extra = []
    for spec in declared:
        if spec.kind not in (PER_STEP, NUMBER) or spec.name not in d.values:
            continue
        extra.append(_number(d.value_at(spec.name, at)))
    if extra:
        text = f"{text} ({' '.join(extra)})" if text else "-".join(extra)
    return text


def short_label(d: UnitDef) -> str:
    """The designation printed on a counter: the unit's id."""
    return d.id


def shown_markers(unit: UnitState, shown: Collection[str]) -> tuple[str, ...]:
    """The unit's markers a picture draws: those in ``shown`` (scoped bookkeeping markers
    such as ``moved@phase`` are left out)."""
    return tuple(sorted(m for m in unit.markers if m in shown))


STATUS_MARKERS: Final = frozenset(
    {
        "disrupted",
        "dispersed",
        "fortified",
        "entrenched",
        "hit",
        "oos",
        "out-of-supply",
        "unsupplied",
        "limited-supply",
        "isolated",
        "optrans",
        "broken",
        "demoralized",
    }
)
"""Unit markers every picture draws (with a title's ``observed_markers``)."""


def default_counter(ctx: Context, uid: str, side: str | None = None) -> Counter:
    """The counter of unit ``uid`` as its definition prints it (``side``, the viewer, is
    unused here; titles with face-down counters override :meth:`Title.counter`)."""
    d = ctx.unit_def(uid)
    u = ctx.state.units[uid]
    shown = STATUS_MARKERS | frozenset(ctx.title.observed_markers)
    return Counter(
        id=uid,
        side=d.side,
        at=u.at or "",
        kind=unit_kind(d.type, d.flags),
        echelon=echelon(d.type, d.size, d.flags),
        label=short_label(d),
        values=values_text(d, u.steps, ctx.title.unit_values),
        steps=u.steps,
        full_steps=d.steps,
        markers=shown_markers(u, shown),
    )


def default_counters(ctx: Context, side: str | None) -> list[Counter]:
    """Every unit on the map that ``side`` may see (:meth:`Title.visible_units`; None: all),
    in id order, each as :meth:`Title.counter` shows it."""
    visible = None if side is None else ctx.title.visible_units(ctx.state, side)
    return [
        ctx.title.counter(ctx, uid, side)
        for uid in sorted(ctx.state.units)
        if ctx.state.units[uid].at is not None and (visible is None or uid in visible)
    ]
