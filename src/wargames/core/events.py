"""The event log: what happened, in order, as a front-end shows it and a test reads it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from .jsonvalue import JSONValue, freeze, thaw


def _sides(value: Iterable[str]) -> tuple[str, ...]:
    return tuple(value)


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

    def seen_by(self, side: str) -> bool:
        """Whether ``side`` may see this event."""
        return not self.to or side in self.to

    def __str__(self) -> str:
        return f"[{self.turn}] {self.text}" if self.turn else self.text

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind, "text": self.text, "turn": self.turn}
        if self.data:
            d["data"] = thaw(self.data)
        if self.to:
            d["to"] = list(self.to)
        return d

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Event:
        return cls(d["kind"], d["text"], d.get("turn", 0), d.get("data", {}), d.get("to", ()))
