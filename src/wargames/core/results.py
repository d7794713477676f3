"""Combat result codes as typed values, read with one grammar for every title.

A code is ``-`` (nothing happens) or parts joined by ``/``; each part is

    [side] [number] [r[hexes]] [LETTERS[/divisor]] [flags]

``side`` is ``A`` (attacker) or ``D`` (defender); ``number`` is a whole or decimal number
(``1`` in ``D1r2``, ``.5`` in ``.5X``, ``3`` in a fire table); ``r`` is a retreat, with or
without a length; ``LETTERS`` is a named code (``E`` in ``DE``, ``BK``, ``X`` in ``X/2``,
``NE``); flags are marks such as ``*`` (K45 7.1a ``A1*/Dr``). The kernel does not say what
a number or a letter means: ``D1`` is a step loss in K45 7.1 and a 0-1 hex retreat on the
Dark Crusade chart. Titles map parts to meaning. ``str`` gives the code back.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Literal

import attrs

Side = Literal["A", "D"]

FLAGS = "*!#^+"
NO_EFFECT_TEXT = ("-", "\u2013", "\u2014")
_PART = re.compile(
    r"(?P<side>[AD])?"
    r"(?P<number>\d+(?:\.\d+)?|\.\d+)?"
    r"(?P<r>r(?P<retreat>\d+)?)?"
    r"(?:(?P<letters>[A-Za-qs-z][A-Za-z]*\d*)(?:/(?P<divisor>\d+))?)?"
    rf"(?P<flags>[{re.escape(FLAGS)}]*)"
)
_LETTERS = re.compile(r"[A-Za-qs-z][A-Za-z]*\d*")


def _decimal(value: Fraction) -> str:
    """``value`` as the shortest decimal, with no leading zero (``.5``, ``1.5``, ``3``)."""
    if value.denominator == 1:
        return str(value.numerator)
    places = 0
    while (value * 10**places).denominator != 1:
        places += 1
        if places > 12:
            raise ValueError(f"number {value} has no short decimal form")
    digits = str((value * 10**places).numerator).rjust(places + 1, "0")
    whole = digits[:-places].lstrip("0")
    return f"{whole}.{digits[-places:]}"


def _check_number(part: ResultPart, _: attrs.Attribute[Fraction | None], value: object) -> None:
    if value is None:
        return
    if not isinstance(value, Fraction) or value < 0:
        raise ValueError(f"number {value!r} must be a Fraction >= 0")
    _decimal(value)


def _to_fraction(value: int | Fraction | None) -> Fraction | None:
    return None if value is None else Fraction(value)


@attrs.frozen(slots=True)
class ResultPart:
    """One side's share of a result (or a side-less code such as ``BK`` or a hit count)."""

    side: Side | None = attrs.field(
        default=None, validator=attrs.validators.optional(attrs.validators.in_(("A", "D")))
    )
    number: Fraction | None = attrs.field(
        default=None, converter=_to_fraction, validator=_check_number
    )
    retreats: bool = False
    retreat: int | None = None
    letters: str = ""
    divisor: int | None = None
    flags: str = ""

    def __attrs_post_init__(self) -> None:
        if self.retreat is not None and (not self.retreats or self.retreat < 0):
            raise ValueError("a retreat length needs retreats=True and must be >= 0")
        if self.letters and not _LETTERS.fullmatch(self.letters):
            raise ValueError(f"letters {self.letters!r}: must start with a letter other than r")
        if self.divisor is not None and (not self.letters or self.divisor < 1):
            raise ValueError("a divisor (X/2) follows letters and must be >= 1")
        if any(f not in FLAGS for f in self.flags):
            raise ValueError(f"flags {self.flags!r}: only {FLAGS!r} allowed")
        if self.side is None and self.number is None and not self.retreats:
            if not self.letters:
                raise ValueError("an empty result part")
            if self.letters[0] in "AD":
                raise ValueError(f"letters {self.letters!r} would read as side {self.letters[0]}")

    @property
    def count(self) -> int:
        """``number`` as a whole count (0 if absent): steps, hexes or hits, as the title says."""
        if self.number is None:
            return 0
        if self.number.denominator != 1:
            raise ValueError(f"{self}: {self.number} is not a whole number")
        return self.number.numerator

    @property
    def multiplier(self) -> Fraction:
        """``number / divisor`` (each 1 if absent): the size of an exchange such as ``.5X``."""
        return (self.number or Fraction(1)) / (self.divisor or 1)

    def __str__(self) -> str:
        text: str = self.side or ""
        if self.number is not None:
            text += _decimal(self.number)
        if self.retreats:
            text += "r" if self.retreat is None else f"r{self.retreat}"
        text += self.letters
        if self.divisor is not None:
            text += f"/{self.divisor}"
        return text + self.flags


@attrs.frozen(slots=True, repr=False)
class CombatResult:
    """A parsed result code: its parts in printed order; no parts is ``-`` (no effect).

    >>> result = CombatResult.parse("A1*/Dr")
    >>> result.attacker.count, result.attacker.flags, result.defender.retreats
    (1, '*', True)
    >>> str(result)
    'A1*/Dr'
    """

    parts: tuple[ResultPart, ...] = ()

    def __attrs_post_init__(self) -> None:
        for first, second in zip(self.parts, self.parts[1:], strict=False):
            if (
                first.letters
                and first.divisor is None
                and not first.flags
                and second.side is None
                and second.number is not None
            ):
                raise ValueError(f"{first}/{second} would read as a divisor")

    @classmethod
    def parse(cls, code: str) -> CombatResult:
        """The result a code means; ValueError naming the code and where it fails."""
        text = code.strip()
        if text in NO_EFFECT_TEXT:
            return cls()
        parts: list[ResultPart] = []
        pos = 0
        while True:
            match = _PART.match(text, pos)
            assert match is not None  # every group is optional
            if match.end() == pos:
                raise ValueError(f"result code {code!r}: cannot read {text[pos:]!r}")
            try:
                parts.append(_part(match))
            except ValueError as err:
                raise ValueError(f"result code {code!r}: {err}") from None
            pos = match.end()
            if pos == len(text):
                return cls(tuple(parts))
            if text[pos] != "/" or pos + 1 == len(text):
                raise ValueError(f"result code {code!r}: cannot read {text[pos:]!r}")
            pos += 1

    @property
    def attacker(self) -> ResultPart | None:
        """The part marked ``A``, if any."""
        return self.part("A")

    @property
    def defender(self) -> ResultPart | None:
        """The part marked ``D``, if any."""
        return self.part("D")

    def part(self, side: Side) -> ResultPart | None:
        """The first part for ``side``, if any."""
        return next((p for p in self.parts if p.side == side), None)

    @property
    def hits(self) -> int:
        """The hits of a fire-table cell: ``-`` is 0, ``3`` is 3; ValueError otherwise."""
        if not self.parts:
            return 0
        only = self.parts[0]
        bare = only.number is not None and only == ResultPart(number=only.number)
        if len(self.parts) == 1 and bare:
            return only.count
        raise ValueError(f"result {self} is not a number of hits")

    def adjusted(self, side: Side, delta: int) -> CombatResult:
        """The result with ``side``'s number raised by ``delta`` (never below 0), as a +1/-1
        result modifier does; a part left with nothing in it is dropped."""
        index = next((i for i, p in enumerate(self.parts) if p.side == side), None)
        if index is None:
            if delta <= 0:
                return self
            added = ResultPart(side=side, number=Fraction(delta))
            parts = (added, *self.parts) if side == "A" else (*self.parts, added)
            return CombatResult(parts)
        old = self.parts[index]
        number = max(Fraction(0), (old.number or Fraction(0)) + delta)
        new = attrs.evolve(old, number=number or None) if number or _has_more(old) else None
        rest = self.parts[:index] + ((new,) if new else ()) + self.parts[index + 1 :]
        return CombatResult(rest)

    def __str__(self) -> str:
        return "/".join(str(p) for p in self.parts) if self.parts else "-"

    def __repr__(self) -> str:
        return f"CombatResult.parse({str(self)!r})"


def _has_more(part: ResultPart) -> bool:
    return part.retreats or bool(part.letters) or bool(part.flags)


def _part(match: re.Match[str]) -> ResultPart:
    retreat = match["retreat"]
    divisor = match["divisor"]
    return ResultPart(
        side=match["side"],  # type: ignore[arg-type]  # the regex allows only A or D
        number=None if match["number"] is None else Fraction(match["number"]),
        retreats=match["r"] is not None,
        retreat=None if retreat is None else int(retreat),
        letters=match["letters"] or "",
        divisor=None if divisor is None else int(divisor),
        flags=match["flags"],
    )


def parse_result(code: str) -> CombatResult:
    """The result a code means (``CombatResult.parse``)."""
    return CombatResult.parse(code)


NO_EFFECT = CombatResult()
