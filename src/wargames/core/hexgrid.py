"""Hex coordinates, hexsides and printed hex labels.

Coordinates are axial ``(q, r)`` with the cube third ``s = -q - r`` (Red Blob Games' convention).
A :class:`HexLayout` maps them to the offset grid a map is printed on and to its labels, in
either common numbering: four digits ``CCRR`` (``0412``) or a letter plus a number (``C7``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Literal

import attrs

Orientation = Literal["flat", "pointy"]
Parity = Literal["odd", "even"]
LabelStyle = Literal["digits", "letter-column", "letter-row"]


@attrs.frozen(order=True, slots=True)
class Hex:
    """A hex in axial coordinates; ``s`` is the derived cube coordinate."""

    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def distance(self, other: Hex) -> int:
        """Hexes between the two, counting the far one and not the near one."""
        dq, dr = self.q - other.q, self.r - other.r
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def neighbour(self, direction: int) -> Hex:
        dq, dr = DIRECTIONS[direction % 6]
        return Hex(self.q + dq, self.r + dr)

    def neighbours(self) -> tuple[Hex, ...]:
        return tuple(Hex(self.q + dq, self.r + dr) for dq, dr in DIRECTIONS)

    def direction_to(self, other: Hex) -> int:
        """The direction index (0-5) of an adjacent hex; ValueError if not adjacent."""
        delta = (other.q - self.q, other.r - self.r)
        try:
            return DIRECTIONS.index(delta)
        except ValueError:
            raise ValueError(f"{other!r} is not adjacent to {self!r}") from None

    def ring(self, radius: int) -> list[Hex]:
        """The hexes at exactly ``radius`` from this one (itself for radius 0)."""
        if radius < 0:
            raise ValueError("radius must be >= 0")
        if radius == 0:
            return [self]
        out: list[Hex] = []
        dq, dr = DIRECTIONS[4]
        h = Hex(self.q + dq * radius, self.r + dr * radius)
        for side in range(6):
            for _ in range(radius):
                out.append(h)
                h = h.neighbour(side)
        return out

    def within(self, radius: int) -> list[Hex]:
        """Every hex at distance ``<= radius`` (the range)."""
        out: list[Hex] = []
        for dq in range(-radius, radius + 1):
            for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
                out.append(Hex(self.q + dq, self.r + dr))
        return out

    def line_to(self, other: Hex) -> list[Hex]:
        """The hexes a straight line from this centre to the other's crosses, both ends included.

        Points exactly on a hexside are nudged the same way every time, so the line is stable.
        """
        n = self.distance(other)
        if n == 0:
            return [self]
        eps_q, eps_r = 1e-6, 2e-6
        out = []
        for i in range(n + 1):
            t = i / n
            q = self.q + (other.q - self.q) * t + eps_q
            r = self.r + (other.r - self.r) * t + eps_r
            out.append(_cube_round(q, r))
        return out


# Axial direction vectors, counter-clockwise starting east (pointy) / south-east (flat).
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def _cube_round(fq: float, fr: float) -> Hex:
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(q, r)


@attrs.frozen(slots=True)
class Hexside:
    """The side between two adjacent hexes; ``Hexside.of(a, b) == Hexside.of(b, a)``."""

    a: Hex
    b: Hex

    @classmethod
    def of(cls, a: Hex, b: Hex) -> Hexside:
        if a.distance(b) != 1:
            raise ValueError(f"{a!r} and {b!r} are not adjacent")
        return cls(a, b) if a < b else cls(b, a)

    def hexes(self) -> tuple[Hex, Hex]:
        return (self.a, self.b)


def letters(n: int) -> str:
    """1 -> A, 26 -> Z, 27 -> AA (bijective base 26)."""
    if n < 1:
        raise ValueError("letter numbering starts at 1")
    out = ""
    while n:
        n, rem = divmod(n - 1, 26)
        out = chr(ord("A") + rem) + out
    return out


def letters_value(text: str) -> int:
    """A -> 1, Z -> 26, AA -> 27."""
    n = 0
    for ch in text.upper():
        if not "A" <= ch <= "Z":
            raise ValueError(f"not a letter label: {text!r}")
        n = n * 26 + ord(ch) - ord("A") + 1
    return n


_LETTER_NUMBER = re.compile(r"^([A-Za-z]+)(\d+)$")


@attrs.frozen(slots=True)
class HexLayout:
    """How a hex map is printed: orientation, shifted lines, numbering and labels.

    ``flat`` maps have vertical columns (the common wargame grid), ``pointy`` maps horizontal
    rows. ``shifted`` says which printed columns (flat) or rows (pointy) sit half a hex down
    (or right): ``"odd"`` or ``"even"``. ``first_column`` and ``first_row`` are the printed numbers
    of the top-left hex. Label styles: ``digits`` (``CCRR``, ``digits`` wide per part),
    ``letter-column`` (``C7``: letter column, number row) and ``letter-row`` (``B7``: letter row,
    number column).
    """

    columns: int
    rows: int
    orientation: Orientation = "flat"
    shifted: Parity = "odd"
    labels: LabelStyle = "digits"
    first_column: int = 1
    first_row: int = 1
    digits: int = 2

    def __attrs_post_init__(self) -> None:
        if self.columns < 1 or self.rows < 1:
            raise ValueError("a hex layout needs at least one column and one row")
        if self.orientation not in ("flat", "pointy"):
            raise ValueError(f"orientation must be 'flat' or 'pointy', not {self.orientation!r}")
        if self.shifted not in ("odd", "even"):
            raise ValueError(f"shifted must be 'odd' or 'even', not {self.shifted!r}")
        if self.labels not in ("digits", "letter-column", "letter-row"):
            raise ValueError(f"unknown label style {self.labels!r}")
        if self.labels != "digits" and min(self.first_column, self.first_row) < 0:
            raise ValueError("numbers must be >= 0")
        if self.labels == "letter-column" and self.first_column < 1:
            raise ValueError("letter columns start at A (1)")
        if self.labels == "letter-row" and self.first_row < 1:
            raise ValueError("letter rows start at A (1)")

    # --- offset <-> axial -------------------------------------------------------------
    def _first_line_shifted(self) -> bool:
        first = self.first_column if self.orientation == "flat" else self.first_row
        return (first % 2 == 1) == (self.shifted == "odd")

    def to_hex(self, col: int, row: int) -> Hex:
        """Axial hex of the 0-based offset position (col, row)."""
        k = self._first_line_shifted()
        if self.orientation == "flat":
            off = (col + (col & 1)) // 2 if k else (col - (col & 1)) // 2
            return Hex(col, row - off)
        off = (row + (row & 1)) // 2 if k else (row - (row & 1)) // 2
        return Hex(col - off, row)

    def to_offset(self, h: Hex) -> tuple[int, int]:
        """0-based offset position (col, row) of an axial hex."""
        k = self._first_line_shifted()
        if self.orientation == "flat":
            col = h.q
            row = h.r + ((col + (col & 1)) // 2 if k else (col - (col & 1)) // 2)
            return col, row
        row = h.r
        col = h.q + ((row + (row & 1)) // 2 if k else (row - (row & 1)) // 2)
        return col, row

    def on_map(self, h: Hex) -> bool:
        col, row = self.to_offset(h)
        return 0 <= col < self.columns and 0 <= row < self.rows

    def hexes(self) -> Iterator[Hex]:
        """Every hex of the map, column by column."""
        for col in range(self.columns):
            for row in range(self.rows):
                yield self.to_hex(col, row)

    # --- labels ---------------------------------------------------------------------
    def label(self, h: Hex) -> str:
        """The printed label of a hex (it need not be on the map)."""
        col, row = self.to_offset(h)
        c, r = col + self.first_column, row + self.first_row
        if self.labels == "digits":
            if c < 0 or r < 0:
                raise ValueError(f"{h!r} has no digit label on this layout")
            return f"{c:0{self.digits}d}{r:0{self.digits}d}"
        if self.labels == "letter-column":
            return f"{letters(c)}{r}"
        return f"{letters(r)}{c}"

    def parse(self, text: str) -> Hex:
        """The hex of a printed label; ValueError if the text is not one of this layout's."""
        text = text.strip()
        if self.labels == "digits":
            if len(text) != 2 * self.digits or not text.isdigit():
                raise ValueError(f"{text!r} is not a {2 * self.digits}-digit hex label")
            c, r = int(text[: self.digits]), int(text[self.digits :])
        else:
            m = _LETTER_NUMBER.match(text)
            if not m:
                raise ValueError(f"{text!r} is not a letter-number hex label")
            if self.labels == "letter-column":
                c, r = letters_value(m.group(1)), int(m.group(2))
            else:
                r, c = letters_value(m.group(1)), int(m.group(2))
        return self.to_hex(c - self.first_column, r - self.first_row)

    def to_dict(self) -> dict[str, object]:
        return attrs.asdict(self)
