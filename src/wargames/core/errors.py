"""The project's typed errors: illegal actions, bad scenario files, bad saved games."""

from __future__ import annotations

from typing import Any


class WargamesError(Exception):
    """Base of every error this library raises on purpose."""


class IllegalAction(WargamesError):
    """An action the rules forbid. ``rule`` cites the section, ``reason`` says why.

    >>> str(IllegalAction("K45 4.3(1)", "2/11G cannot enter 0712, occupied by enemy 5th Pz"))
    'K45 4.3(1): 2/11G cannot enter 0712, occupied by enemy 5th Pz'
    """

    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(f"{rule}: {reason}")
        self.rule = rule
        self.reason = reason

    def __reduce__(self) -> tuple[type[IllegalAction], tuple[str, str]]:
        return (type(self), (self.rule, self.reason))


class NotationError(IllegalAction):
    """Text that names no legal action, or several: ``candidates`` lists the notations of the
    legal actions it could mean (empty when it matches none).

    >>> str(NotationError("18A 0203", "ambiguous", ("move 18A 0102-0203", "move 18A 0103-0203")))
    "notation: '18A 0203' is ambiguous: move 18A 0102-0203 | move 18A 0103-0203"
    """

    def __init__(self, text: str, reason: str, candidates: tuple[str, ...] = ()) -> None:
        listed = f": {' | '.join(candidates)}" if candidates else ""
        super().__init__("notation", f"{text!r} {reason}{listed}")
        self.text = text
        self.why = reason
        self.candidates = candidates

    def __reduce__(self) -> Any:
        return (type(self), (self.text, self.why, self.candidates))


class ScenarioError(WargamesError):
    """A scenario file that cannot be loaded: which file, which field, and why."""

    def __init__(self, file: str, field: str, reason: str) -> None:
        where = f"{file}: {field}" if field else file
        super().__init__(f"{where}: {reason}")
        self.file = file
        self.field = field
        self.reason = reason


class ScenarioErrors(ScenarioError):
    """Several independent errors of one scenario file, all found in one pass: ``errors``
    lists them (the first gives ``file``, ``field`` and ``reason``)."""

    def __init__(self, errors: list[ScenarioError]) -> None:
        first = errors[0]
        super().__init__(first.file, first.field, first.reason)
        more = len(errors) - 1
        self.args = (f"{self.args[0]} (and {more} more error{'s' if more > 1 else ''})",)
        self.errors = tuple(errors)

    def __reduce__(self) -> Any:
        return (type(self), (list(self.errors),))


class SaveError(WargamesError):
    """A saved game (or action) that cannot be loaded: which file or field, and why."""

    def __init__(self, field: str, reason: str, file: str = "<text>") -> None:
        super().__init__(f"{file}: {field}: {reason}" if field else f"{file}: {reason}")
        self.file = file
        self.field = field
        self.reason = reason
