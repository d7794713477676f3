"""The event log: what happened, in order, as a front-end shows it and a test reads it.

An event may be told to some sides only (``to``, hidden information); the other sides are
then told its redacted version (``others``: a text and data without what they may not know)
or nothing. :meth:`Event.for_side` gives the version a side sees.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from .jsonvalue import JSONValue, freeze, thaw


def _sides(value: Iterable[str]) -> tuple[str, ...]:
    return tuple(value)


@attrs.frozen(slots=True)
class Redacted:
    """What the sides outside an event's audience are told instead: a text and data that
    name nothing they may not know (e.g. "a soviet unit moves 0505-0506")."""

    text: str
    data: Mapping[str, JSONValue] = attrs.field(converter=freeze, factory=dict)

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"text": self.text}
        if self.data:
            d["data"] = thaw(self.data)
        return d


@attrs.frozen(slots=True)
class Event:
    """One thing that happened: ``kind`` for programs, ``text`` for people, ``data`` for both.

    Kinds the kernel emits: ``phase`` (a segment began), ``turn`` (a turn began), ``roll`` (a
    die or chance outcome), ``action`` (an action was applied), ``game-over`` (the game ended).
    Titles add their own (``move``, ``combat``, ``loss`` ...).
    """

    kind: str
    text: str
    turn: int = 0
    data: Mapping[str, JSONValue] = attrs.field(converter=freeze, factory=dict)
    to: tuple[str, ...] = attrs.field(default=(), converter=_sides)
    """The sides this event is told to (hidden information); empty: every side."""
    others: Redacted | None = None
    """What the sides not in ``to`` are told instead (None: nothing)."""

    def seen_by(self, side: str) -> bool:
        """Whether ``side`` is told this event whole."""
        return not self.to or side in self.to

    def for_side(self, side: str) -> Event | None:
        """The event as ``side`` is told it: whole, its redacted version, or None. The
        redacted version has the same kind and turn, the redacted text and data, and keeps
        the audience (``to``, ``others``), so that a log rebuilt from a side's events (a
        determinised game) still says which ones that side was told only in part."""
        if self.seen_by(side):
            return self
        if self.others is None:
            return None
        return Event(self.kind, self.others.text, self.turn, self.others.data, self.to, self.others)

    def __str__(self) -> str:
        return f"[{self.turn}] {self.text}" if self.turn else self.text

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind, "text": self.text, "turn": self.turn}
        if self.data:
            d["data"] = thaw(self.data)
        if self.to:
            d["to"] = list(self.to)
        if self.others is not None:
            d["others"] = self.others.to_json()
        return d

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Event:
        others = d.get("others")
        return cls(
            d["kind"],
            d["text"],
            d.get("turn", 0),
            d.get("data", {}),
            d.get("to", ()),
            None if others is None else Redacted(others["text"], others.get("data", {})),
        )
