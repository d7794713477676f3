"""Combat tables from plain data: odds and differential CRTs, fire tables, and their dice.

A :class:`CRT` is a :class:`~wargames.core.odds.ColumnScale` (its columns and edge policy),
a :class:`Dice` spec and one row of result codes per die value; die-roll modifiers are
clamped to the table's rows. A :class:`FireTable` gives hits by firing strength and die, the
row read by the die value in the chosen die column (A or B). Both answer single lookups in
plain Python, exact outcome distributions as fractions, and numpy batches for playouts.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, Literal

import attrs
import numpy as np
import numpy.typing as npt

from .dice import sum_distribution
from .odds import ColumnScale
from .results import CombatResult
from .strength import Number

IntArray = npt.NDArray[np.integer[Any]]
Above = Literal["cap", "split"]

_DICE = re.compile(r"^(\d*)d(\d+)$")
_DIE_KEY = re.compile(r"^(-?\d+)(?:\s*(?:-|\.\.)\s*(-?\d+))?$")
_CRT_KEYS = {"kind", "dice", "columns", "rows", "below", "shifted_below", "rule", "zero_defence"}
_FIRE_KEYS = {"dice", "strengths", "die_columns", "rows", "above"}
_META_KEYS = {"provisional", "note", "source"}


@attrs.frozen(slots=True)
class Dice:
    """``count`` fair dice of ``sides`` faces, summed (``1d6``, ``2d6``, ``d10``).

    >>> Dice.parse("2d6").distribution()[7]
    Fraction(1, 6)
    """

    count: int = attrs.field(default=1, validator=attrs.validators.ge(1))
    sides: int = attrs.field(default=6, validator=attrs.validators.ge(2))

    @classmethod
    def parse(cls, text: str) -> Dice:
        """The dice written ``NdS`` (``N`` defaults to 1)."""
        match = _DICE.match(text.strip())
        if match is None:
            raise ValueError(f"dice {text!r}: expected NdS such as 1d6, 2d6 or d10")
        return cls(int(match[1] or 1), int(match[2]))

    @property
    def low(self) -> int:
        """The least total."""
        return self.count

    @property
    def high(self) -> int:
        """The greatest total."""
        return self.count * self.sides

    def distribution(self) -> dict[int, Fraction]:
        """Each total with its exact probability."""
        return dict(sum_distribution(self.count, self.sides))

    def roll_batch(self, rng: np.random.Generator, size: int) -> IntArray:
        """``size`` independent totals drawn with ``rng``."""
        dtype = _roll_dtype(self)
        if self.count == 1:
            return rng.integers(1, self.sides + 1, size=size, dtype=dtype)
        faces = rng.integers(1, self.sides + 1, size=(self.count, size), dtype=dtype)
        rolls: IntArray = faces.sum(axis=0)
        return rolls

    def __str__(self) -> str:
        return f"{self.count}d{self.sides}"


def _roll_dtype(dice: Dice) -> type[np.integer[Any]]:
    """16-bit draws are the fastest numpy makes; wider only for absurd dice."""
    return np.int16 if dice.high < 2**15 else np.int64


def _clamp(value: int, low: int, high: int) -> int:
    return low if value < low else high if value > high else value


def _check_keys(data: Mapping[str, object], allowed: set[str]) -> None:
    unknown = sorted(set(data) - allowed - _META_KEYS)
    if unknown:
        raise ValueError(f"unknown key {unknown[0]!r}; expected some of {sorted(allowed)}")


def _die_values(key: object) -> range:
    """The die values a row key covers: ``3``, ``"3"``, ``"2-3"``, ``"0..1"``."""
    if isinstance(key, int) and not isinstance(key, bool):
        return range(key, key + 1)
    match = _DIE_KEY.match(str(key).strip())
    if match is None:
        raise ValueError(f"row {key!r}: not a die value or range")
    first = int(match[1])
    last = first if match[2] is None else int(match[2])
    if last < first:
        raise ValueError(f"row {key!r}: range runs backwards")
    return range(first, last + 1)


def _cell_code(cell: object, where: str) -> CombatResult:
    if isinstance(cell, int) and not isinstance(cell, bool):
        cell = str(cell)
    if not isinstance(cell, str):
        raise ValueError(f"{where}: cell {cell!r} is not a result code")
    try:
        return CombatResult.parse(cell)
    except ValueError as err:
        raise ValueError(f"{where}: {err}") from None


def _cell_hits(cell: object, where: str) -> int:
    code = _cell_code(cell, where)
    try:
        return code.hits
    except ValueError as err:
        raise ValueError(f"{where}: {err}") from None


def _str_list(value: object, name: str) -> list[str]:
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise ValueError(f"{name}: expected a list")
    return [str(v) for v in value]


@attrs.frozen(slots=True)
class CRT:
    """A combat results table: result ``cells[column][die - low]`` indexes ``results``.

    Build it with :meth:`from_data`. Rows run from die value ``low`` upward, one per value,
    and cover at least the dice's range; a modified roll outside them reads the end row.
    """

    scale: ColumnScale
    dice: Dice
    low: int
    results: tuple[CombatResult, ...]
    cells: tuple[tuple[int, ...], ...]
    _flat: IntArray = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        if len(self.cells) != len(self.scale.columns):
            raise ValueError(f"{len(self.cells)} columns of cells for {len(self.scale.columns)}")
        rows = {len(column) for column in self.cells}
        if len(rows) != 1:
            raise ValueError("every column needs the same number of rows")
        high = self.low + rows.pop() - 1
        if self.low > self.dice.low or high < self.dice.high:
            raise ValueError(
                f"rows {self.low}..{high} do not cover {self.dice} "
                f"({self.dice.low}..{self.dice.high})"
            )
        ids = {i for column in self.cells for i in column}
        if min(ids) < 0 or max(ids) >= len(self.results):
            raise ValueError("a cell refers to no result")
        dtype = np.int8 if len(self.results) <= 127 else np.int16
        object.__setattr__(self, "_flat", np.array(self.cells, dtype=dtype).ravel())

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> CRT:
        """The table described by plain data (a parsed TOML or JSON table).

        Keys: ``columns`` (labels), ``rows`` (die value or range -> one code per column),
        ``kind`` (``"odds"``/``"differential"``), ``dice`` (``"1d6"``), and the scale policy
        ``below``, ``shifted_below``, ``rule``, ``zero_defence``; ``provisional``, ``note``
        and ``source`` are ignored. Errors are ValueErrors naming the key, row and column.
        """
        _check_keys(data, _CRT_KEYS)
        kind = data.get("kind", "odds")
        dice = Dice.parse(str(data.get("dice", "1d6")))
        if "columns" not in data or "rows" not in data:
            raise ValueError("a CRT needs 'columns' and 'rows'")
        labels = _str_list(data["columns"], "columns")
        policy = {k: data[k] for k in ("below", "shifted_below", "rule") if k in data}
        if kind == "odds":
            scale = ColumnScale.odds(labels, zero_defence=data.get("zero_defence"), **policy)
        elif kind == "differential":
            if "zero_defence" in data:
                raise ValueError("zero_defence: only odds tables have one")
            scale = ColumnScale.differential(labels, **policy)
        else:
            raise ValueError(f"kind {kind!r}: expected 'odds' or 'differential'")
        rows = data["rows"]
        if not isinstance(rows, Mapping) or not rows:
            raise ValueError("rows: expected a table of die value -> cells")
        by_die: dict[int, tuple[object, list[CombatResult]]] = {}
        for key, cells in rows.items():
            texts = _str_list(cells, f"row {key!r}")
            if len(texts) != len(labels):
                raise ValueError(f"row {key!r}: {len(texts)} cells for {len(labels)} columns")
            row = [
                _cell_code(cell, f"row {key!r}, column {label!r}")
                for label, cell in zip(labels, texts, strict=True)
            ]
            for die in _die_values(key):
                if die in by_die:
                    raise ValueError(f"rows {by_die[die][0]!r} and {key!r} both hold {die}")
                by_die[die] = (key, row)
        low, high = min(by_die), max(by_die)
        for die in range(low, high + 1):
            if die not in by_die:
                raise ValueError(f"rows: no row for die value {die}")
        results: dict[CombatResult, int] = {}
        cells_by_column = tuple(
            tuple(
                results.setdefault(by_die[die][1][c], len(results)) for die in range(low, high + 1)
            )
            for c in range(len(labels))
        )
        try:
            return cls(scale, dice, low, tuple(results), cells_by_column)
        except ValueError as err:
            raise ValueError(f"rows: {err}") from None

    @property
    def high(self) -> int:
        """The die value of the last row."""
        return self.low + len(self.cells[0]) - 1

    def column(self, attack: Number, defence: Number, shift: int = 0) -> int:
        """The column for these strengths (see :meth:`ColumnScale.column`)."""
        return self.scale.column(attack, defence, shift)

    def _index(self, column: int | str) -> int:
        if isinstance(column, str):
            return self.scale.index(column)
        if not 0 <= column < len(self.cells):
            raise ValueError(f"column {column} out of range 0..{len(self.cells) - 1}")
        return column

    def result_id(self, column: int | str, roll: int, drm: int = 0) -> int:
        """The id (index into ``results``) of the cell for ``roll + drm``, clamped to the rows."""
        return self.cells[self._index(column)][_clamp(roll + drm, self.low, self.high) - self.low]

    def lookup(self, column: int | str, roll: int, drm: int = 0) -> CombatResult:
        """The result for ``roll`` modified by ``drm`` on ``column`` (index or label)."""
        return self.results[self.result_id(column, roll, drm)]

    def distribution(self, column: int | str, drm: int = 0) -> dict[CombatResult, Fraction]:
        """Each result the column can give with its exact probability (summing to 1)."""
        cells = self.cells[self._index(column)]
        out: dict[CombatResult, Fraction] = {}
        for total, p in self.dice.distribution().items():
            result = self.results[cells[_clamp(total + drm, self.low, self.high) - self.low]]
            out[result] = out.get(result, Fraction(0)) + p
        return out

    def lookup_batch(
        self, columns: npt.ArrayLike, rolls: npt.ArrayLike, drms: npt.ArrayLike = 0
    ) -> IntArray:
        """Result ids for many combats at once: column indices, rolls, DRMs (arrays or scalars)."""
        cols = self._column_array(columns)
        rows = np.asarray(rolls, dtype=np.intp) + (np.asarray(drms, dtype=np.intp) - self.low)
        np.clip(rows, 0, len(self.cells[0]) - 1, out=rows)
        return self._gather(cols, rows)

    def resolve_batch(
        self, columns: npt.ArrayLike, rng: np.random.Generator, drms: npt.ArrayLike = 0
    ) -> IntArray:
        """Roll the dice for every combat and return the result ids (see :meth:`lookup_batch`)."""
        cols = self._column_array(columns)
        if self.dice.count == 1 and np.ndim(drms) == 0:
            # One die, one DRM: draw the row offsets directly when they stay inside the rows.
            drm = int(np.asarray(drms))
            first, last = self.dice.low + drm - self.low, self.dice.high + drm - self.low
            if first >= 0 and last < len(self.cells[0]):
                rows = rng.integers(first, last + 1, size=cols.shape, dtype=_roll_dtype(self.dice))
                return self._gather(cols, rows)
        rolls = self.dice.roll_batch(rng, cols.size).reshape(cols.shape)
        return self.lookup_batch(cols, rolls, drms)

    def _column_array(self, columns: npt.ArrayLike) -> IntArray:
        cols = np.asarray(columns, dtype=np.intp)
        if cols.size and (cols.min() < 0 or cols.max() >= len(self.cells)):
            raise ValueError(f"column indices must lie in 0..{len(self.cells) - 1}")
        return cols

    def _gather(self, cols: IntArray, rows: IntArray) -> IntArray:
        flat = cols * len(self.cells[0])
        flat += rows
        ids: IntArray = self._flat.take(flat)
        return ids


def _check_die_column(name: str, values: Sequence[int], dice: Dice, rows: int) -> tuple[int, ...]:
    if len(values) != rows:
        raise ValueError(f"die column {name!r}: {len(values)} die values for {rows} rows")
    if sorted(values) != list(range(dice.low, dice.high + 1)):
        raise ValueError(f"die column {name!r}: {list(values)} are not each value of {dice} once")
    return tuple(values)


@attrs.frozen(slots=True)
class FireTable:
    """Hits by firing strength (column) and die; the row is found by the die value printed in
    the chosen die column (``A`` or ``B``). ``cells[row][column]`` are hit counts.

    ``above`` is the policy for strengths over the largest column: ``"cap"`` reads the
    largest column; ``"split"`` splits the strength into full largest columns plus the rest,
    reads each with the same die and adds the hits. A strength below the first column
    (zero, or shifted down) scores no hits.
    """

    dice: Dice
    strengths: tuple[int, ...]
    cells: tuple[tuple[int, ...], ...]
    die_columns: tuple[tuple[str, tuple[int, ...]], ...]
    above: Above = attrs.field(default="cap", validator=attrs.validators.in_(("cap", "split")))
    _rows: dict[str, tuple[int, ...]] = attrs.field(init=False, eq=False, repr=False)
    _by_strength: IntArray = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        if not self.strengths or self.strengths[0] < 1:
            raise ValueError("strengths: need at least one column, each >= 1")
        if any(b <= a for a, b in zip(self.strengths, self.strengths[1:], strict=False)):
            raise ValueError(f"strengths {list(self.strengths)} must increase")
        for r, row in enumerate(self.cells):
            if len(row) != len(self.strengths):
                raise ValueError(f"row {r + 1}: {len(row)} cells for {len(self.strengths)} columns")
            if any(h < 0 for h in row):
                raise ValueError(f"row {r + 1}: negative hits")
        if not self.die_columns:
            raise ValueError("die_columns: need at least one")
        rows: dict[str, tuple[int, ...]] = {}
        for name, values in self.die_columns:
            checked = _check_die_column(name, values, self.dice, len(self.cells))
            row_of_die = {die: r for r, die in enumerate(checked)}
            rows[name] = tuple(row_of_die[d] for d in range(self.dice.low, self.dice.high + 1))
        object.__setattr__(self, "_rows", rows)
        top = self.strengths[-1]
        table = np.array(
            [[self._column_hits(r, s) for s in range(top + 1)] for r in range(len(self.cells))],
            dtype=np.int64,
        )
        object.__setattr__(self, "_by_strength", table)

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> FireTable:
        """The table described by plain data: ``strengths`` (column headers), ``rows`` (lists
        of hit counts, ``"-"`` for none), ``die_columns`` (name -> the die value of each row;
        default ``{"A": [1, 2, ...]}``), ``dice`` and ``above``."""
        _check_keys(data, _FIRE_KEYS)
        dice = Dice.parse(str(data.get("dice", "1d6")))
        if "strengths" not in data or "rows" not in data:
            raise ValueError("a fire table needs 'strengths' and 'rows'")
        strengths = tuple(int(s) for s in _str_list(data["strengths"], "strengths"))
        rows = data["rows"]
        if isinstance(rows, str) or not isinstance(rows, Sequence):
            raise ValueError("rows: expected a list of rows")
        for r, row in enumerate(rows):
            if len(_str_list(row, f"row {r + 1}")) != len(strengths):
                raise ValueError(f"row {r + 1}: {len(row)} cells for {len(strengths)} columns")
        cells = tuple(
            tuple(
                _cell_hits(cell, f"row {r + 1}, column {s}")
                for s, cell in zip(strengths, _str_list(row, f"row {r + 1}"), strict=False)
            )
            for r, row in enumerate(rows)
        )
        default = {"A": list(range(dice.low, dice.high + 1))}
        die_columns = data.get("die_columns", default)
        if not isinstance(die_columns, Mapping):
            raise ValueError("die_columns: expected a table of name -> die values")
        columns = tuple(
            (str(name), tuple(int(v) for v in _str_list(values, f"die column {name!r}")))
            for name, values in die_columns.items()
        )
        return cls(dice, strengths, cells, columns, data.get("above", "cap"))

    @property
    def indexes(self) -> tuple[str, ...]:
        """The die column names (``("A", "B")``)."""
        return tuple(name for name, _ in self.die_columns)

    def row(self, roll: int, index: str = "A", drm: int = 0) -> int:
        """The row read for ``roll + drm`` (clamped to the dice) in die column ``index``."""
        if index not in self._rows:
            raise ValueError(f"no die column {index!r} in {list(self.indexes)}")
        return self._rows[index][_clamp(roll + drm, self.dice.low, self.dice.high) - self.dice.low]

    def hits(
        self,
        strength: int,
        roll: int,
        index: str = "A",
        *,
        shift: int = 0,
        drm: int = 0,
        modifier: int = 0,
    ) -> int:
        """Hits scored by ``strength + shift`` on ``roll + drm``, plus ``modifier`` (never < 0).

        ``shift`` moves the firing column by strength points (a pressed attack).
        """
        return max(0, self._strength_hits(self.row(roll, index, drm), strength + shift) + modifier)

    def distribution(
        self, strength: int, index: str = "A", *, shift: int = 0, drm: int = 0, modifier: int = 0
    ) -> dict[int, Fraction]:
        """Each number of hits with its exact probability (summing to 1)."""
        out: dict[int, Fraction] = {}
        for total, p in self.dice.distribution().items():
            h = self.hits(strength, total, index, shift=shift, drm=drm, modifier=modifier)
            out[h] = out.get(h, Fraction(0)) + p
        return dict(sorted(out.items()))

    def hits_batch(
        self, strengths: npt.ArrayLike, rng: np.random.Generator, index: str = "A"
    ) -> IntArray:
        """Roll once per firing strength and return the hits (numpy batch)."""
        if index not in self._rows:
            raise ValueError(f"no die column {index!r} in {list(self.indexes)}")
        s = np.maximum(np.asarray(strengths, dtype=np.intp), 0)
        rolls = self.dice.roll_batch(rng, s.size).reshape(s.shape)
        rows = np.asarray(self._rows[index], dtype=np.intp)[rolls - self.dice.low]
        top = self.strengths[-1]
        if self.above == "cap":
            capped: IntArray = self._by_strength[rows, np.minimum(s, top)]
            return capped
        full, rest = np.divmod(s, top)
        split: IntArray = full * self._by_strength[rows, top] + self._by_strength[rows, rest]
        return split

    def _column_hits(self, row: int, strength: int) -> int:
        column = bisect.bisect_right(self.strengths, strength) - 1
        return 0 if column < 0 else self.cells[row][column]

    def _strength_hits(self, row: int, strength: int) -> int:
        top = self.strengths[-1]
        if strength <= top:
            return self._column_hits(row, strength)
        if self.above == "cap":
            return self.cells[row][-1]
        full, rest = divmod(strength, top)
        return full * self.cells[row][-1] + self._column_hits(row, rest)
