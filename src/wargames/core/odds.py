"""CRT columns from combat strengths: odds (attack:defence) and differential (attack - defence).

A :class:`ColumnScale` is the column header of a table plus the title's policy for its edges:
odds are always rounded in the defender's favour (the highest column the ratio reaches), ratios
above the top column use the top column, ratios below the lowest are refused or read on the
lowest column, zero defence may go to a fixed column (K45 7.4b), and column shifts are clamped
at the top and, at the bottom, either clamped or refused.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import Literal

import attrs

from .errors import IllegalAction
from .strength import Number

ScaleKind = Literal["odds", "differential"]
BelowFloor = Literal["illegal", "lowest"]
ShiftedBelow = Literal["illegal", "clamp"]

_ODDS = re.compile(
    r"^(?P<op><=|>=|<|>)?\s*(?P<a>\d+(?:\.\d+)?)\s*[-:]\s*(?P<b>\d+(?:\.\d+)?)\s*\+?$"
)
_DIFF = re.compile(r"^(?P<op><=|>=|<|>)?\s*(?P<n>[+-]?\d+)(?:\s*(?:\.\.|/|to)\s*[+-]?\d+)?\s*\+?$")


@attrs.frozen(slots=True)
class Column:
    """One column: the least measure it takes (``None``: every measure below the next column).

    ``strict`` columns need the measure to exceed ``threshold`` (a ``>10:1`` column).
    """

    label: str
    threshold: Fraction | None
    strict: bool = False

    @classmethod
    def parse(cls, label: str, kind: ScaleKind) -> Column:
        """The column a printed label means: ``1-2``, ``3:2``, ``8-1+``, ``<1:3``, ``>10:1``
        for odds; ``-3``, ``+2``, ``0``, ``+6+``, ``<=-4``, ``1..2`` for differentials."""
        match = (_ODDS if kind == "odds" else _DIFF).match(label.strip())
        if match is None:
            article = "an" if kind == "odds" else "a"
            raise ValueError(f"column {label!r}: not {article} {kind} column label")
        if kind == "odds":
            a, b = Fraction(match["a"]), Fraction(match["b"])
            if b == 0:
                raise ValueError(f"column {label!r}: zero in the ratio")
            value = a / b
        else:
            value = Fraction(int(match["n"]))
        op = match["op"]
        if op in ("<", "<="):
            return cls(label, None)
        return cls(label, value, strict=op == ">")

    def covers(self, measure: Fraction) -> bool:
        """Whether ``measure`` reaches this column."""
        if self.threshold is None:
            return True
        return measure > self.threshold if self.strict else measure >= self.threshold


def _order_key(column: Column) -> tuple[int, Fraction, bool]:
    if column.threshold is None:
        return (0, Fraction(0), False)
    return (1, column.threshold, column.strict)


@attrs.frozen(slots=True)
class ColumnScale:
    """A CRT's columns and its edge policy.

    ``below``: a measure under the lowest column is ``"illegal"`` (IllegalAction citing
    ``rule``) or read on the ``"lowest"`` column; it is judged before any shift.
    ``shifted_below``: a shift that goes below the lowest column is ``"clamp"``-ed or
    ``"illegal"``. Shifts above the top column always clamp (the top column is ``N+``).
    ``zero_defence``: the column index used when the defence is zero, shifts ignored
    (K45 7.4b); ``None`` treats zero defence as infinite odds (top column, shifts apply).
    """

    kind: ScaleKind = attrs.field(validator=attrs.validators.in_(("odds", "differential")))
    columns: tuple[Column, ...]
    below: BelowFloor = attrs.field(
        default="illegal", validator=attrs.validators.in_(("illegal", "lowest"))
    )
    shifted_below: ShiftedBelow = attrs.field(
        default="clamp", validator=attrs.validators.in_(("illegal", "clamp"))
    )
    rule: str = "odds floor"
    zero_defence: int | None = None

    def __attrs_post_init__(self) -> None:
        if not self.columns:
            raise ValueError("a column scale needs at least one column")
        keys = [_order_key(c) for c in self.columns]
        for i, column in enumerate(self.columns):
            if column.threshold is None and i:
                raise ValueError(f"column {column.label!r}: only the first column may be open")
            if i and keys[i] <= keys[i - 1]:
                raise ValueError(
                    f"column {column.label!r}: not above column {self.columns[i - 1].label!r}"
                )
        labels = [c.label for c in self.columns]
        if len(set(labels)) != len(labels):
            raise ValueError(f"duplicate column labels in {labels}")
        if self.zero_defence is not None and not 0 <= self.zero_defence < len(self.columns):
            raise ValueError(f"zero_defence column {self.zero_defence} out of range")

    @classmethod
    def odds(
        cls,
        labels: Iterable[str | Column],
        *,
        below: BelowFloor = "illegal",
        shifted_below: ShiftedBelow = "clamp",
        rule: str = "odds floor",
        zero_defence: str | None = None,
    ) -> ColumnScale:
        """An odds scale from printed labels (``"1-2", "1-1", ..., "8-1+"``).

        >>> scale = ColumnScale.odds(["1-2", "1-1", "2-1", "3-1"], rule="K45 7.4b")
        >>> scale.label(scale.column(17, 5))
        '3-1'
        """
        return cls._from_labels("odds", labels, below, shifted_below, rule, zero_defence)

    @classmethod
    def differential(
        cls,
        labels: Iterable[str | Column],
        *,
        below: BelowFloor = "lowest",
        shifted_below: ShiftedBelow = "clamp",
        rule: str = "differential floor",
    ) -> ColumnScale:
        """A differential scale (attack minus defence) from labels (``"<=-3", "-2", ...``)."""
        return cls._from_labels("differential", labels, below, shifted_below, rule, None)

    @classmethod
    def _from_labels(
        cls,
        kind: ScaleKind,
        labels: Iterable[str | Column],
        below: BelowFloor,
        shifted_below: ShiftedBelow,
        rule: str,
        zero_defence: str | None,
    ) -> ColumnScale:
        columns = tuple(c if isinstance(c, Column) else Column.parse(c, kind) for c in labels)
        scale = cls(kind, columns, below, shifted_below, rule)
        if zero_defence is None:
            return scale
        return attrs.evolve(scale, zero_defence=scale.index(zero_defence))

    @property
    def labels(self) -> tuple[str, ...]:
        """The printed column labels, left to right."""
        return tuple(c.label for c in self.columns)

    def label(self, index: int) -> str:
        """The printed label of column ``index``."""
        return self.columns[index].label

    def index(self, label: str) -> int:
        """The index of the column printed ``label``."""
        for i, column in enumerate(self.columns):
            if column.label == label:
                return i
        raise ValueError(f"no column {label!r} in {list(self.labels)}")

    def measure(self, attack: Number, defence: Number) -> Fraction | None:
        """Attack:defence as a fraction, or attack minus defence; ``None`` for infinite odds."""
        if attack < 0 or defence < 0:
            raise ValueError(f"negative strength in {attack}:{defence}")
        if self.kind == "differential":
            return Fraction(attack) - Fraction(defence)
        if defence == 0:
            return None
        return Fraction(attack) / Fraction(defence)

    def raw_column(self, attack: Number, defence: Number) -> int | None:
        """The column the strengths reach before any policy (``None``: below the lowest)."""
        measure = self.measure(attack, defence)
        if measure is None:
            return len(self.columns) - 1
        for i in range(len(self.columns) - 1, -1, -1):
            if self.columns[i].covers(measure):
                return i
        return None

    def column(self, attack: Number, defence: Number, shift: int = 0) -> int:
        """The column used for ``attack`` against ``defence`` after ``shift`` columns
        (positive: right, in the attacker's favour), with the scale's edge policy."""
        if self.kind == "odds" and defence == 0 and self.zero_defence is not None:
            self.measure(attack, defence)
            return self.zero_defence
        raw = self.raw_column(attack, defence)
        if raw is None:
            if self.below == "illegal":
                raise IllegalAction(
                    self.rule,
                    f"{self._describe(attack, defence)} is below the lowest column "
                    f"{self.columns[0].label}",
                )
            raw = 0
        return self._shift(raw, shift, lambda: self._describe(attack, defence))

    def shifted(self, index: int, shift: int) -> int:
        """Column ``index`` moved ``shift`` columns: clamped at the top; at the bottom clamped
        or refused as ``shifted_below`` says."""
        return self._shift(index, shift, lambda: f"column {self.label(index)}")

    def _shift(self, index: int, shift: int, describe: Callable[[], str]) -> int:
        if not 0 <= index < len(self.columns):
            raise ValueError(f"column {index} out of range 0..{len(self.columns) - 1}")
        moved = index + shift
        if moved >= len(self.columns):
            return len(self.columns) - 1
        if moved < 0:
            if self.shifted_below == "illegal":
                raise IllegalAction(
                    self.rule,
                    f"{describe()} shifted {shift:+d} falls below the lowest column "
                    f"{self.columns[0].label}",
                )
            return 0
        return moved

    def attack_needed(self, index: int, defence: int) -> int:
        """The least whole attack strength that reaches column ``index`` against ``defence``
        (no shifts)."""
        column = self.columns[index]
        if column.threshold is None:
            return 0
        if self.kind == "odds":
            if defence == 0:
                return 0
            bound = column.threshold * defence
        else:
            bound = column.threshold + defence
        least = math.floor(bound) + 1 if column.strict else math.ceil(bound)
        return max(least, 0)

    def _describe(self, attack: Number, defence: Number) -> str:
        if self.kind == "odds":
            return f"the combat ratio {attack}:{defence}"
        return f"the differential {attack}-{defence} = {Fraction(attack) - Fraction(defence)}"
