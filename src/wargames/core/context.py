"""What a rule step sees and may change: the state, the board, the scenario, dice and the log.

Steps receive a :class:`Context`; only ``apply`` and ``run`` may call its mutating methods
(``push``, ``done``, ``update``, ``roll``, ``emit``, ``end``). The game takes a snapshot before
every action and restores it if a step raises, so a half-applied action never shows.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from . import dice
from .board import Board
from .events import Event
from .jsonvalue import freeze
from .state import Frame, GameState, Result
from .units import UnitDef, UnitState

if TYPE_CHECKING:
    from .scenario import Scenario
    from .title import Title


class Context:
    """The rules' handle on a game."""

    __slots__ = ("_events", "scenario", "state", "title")

    def __init__(
        self, title: Title, scenario: Scenario, state: GameState, events: list[Event]
    ) -> None:
        self.title = title
        self.scenario = scenario
        self.state = state
        self._events = events

    # --- read ------------------------------------------------------------------------
    @property
    def board(self) -> Board:
        return self.scenario.board

    @property
    def options(self) -> Any:
        return self.scenario.options

    @property
    def charts(self) -> Any:
        return self.scenario.charts

    @property
    def turn(self) -> int:
        return self.state.turn

    @property
    def frame(self) -> Frame:
        return self.state.stack[-1]

    def unit_def(self, uid: str) -> UnitDef:
        return self.scenario.units[uid]

    def side_of(self, uid: str) -> str:
        return self.scenario.units[uid].side

    def units_of(self, side: str) -> list[UnitState]:
        """The side's units on the map, in id order."""
        units = self.scenario.units
        return [
            u for u in self.state.units.values() if u.at is not None and units[u.id].side == side
        ]

    def enemy_of(self, side: str) -> str:
        """The other side (two-sided titles)."""
        others = [s for s in self.title.sides if s != side]
        return others[0]

    # --- flow ------------------------------------------------------------------------
    def push(self, step: str, **args: Any) -> None:
        """Run step ``step`` (with ``args``) before returning to the current one."""
        self.title.step(step)  # KeyError early for a misspelt step
        self.state.stack = (*self.state.stack, Frame(step, args))

    def done(self) -> None:
        """The current step is finished: pop its frame."""
        self.state.stack = self.state.stack[:-1]

    def update(self, **args: Any) -> None:
        """Change arguments of the current frame (counters, choices made so far)."""
        top = self.state.stack[-1]
        self.state.stack = (*self.state.stack[:-1], top.with_args(**args))

    def end(self, result: Result) -> None:
        """End the game with ``result``."""
        self.state.result = result
        self.emit("game-over", f"Game over: {result}", **result.to_json())

    # --- dice and log -------------------------------------------------------------------
    def roll(self, sides: int = 6, why: str = "") -> int:
        """Roll one die (a scripted value first, if any); every roll is an event."""
        value, self.state.rng = dice.below(self.state.rng, sides)
        value += 1
        if self.state.script:
            value, self.state.script = self.state.script[0], self.state.script[1:]
            if not 1 <= value <= sides:
                raise ValueError(f"scripted roll {value} is not a face of a d{sides}")
        self.emit(
            "roll",
            f"rolled {value} on d{sides}" + (f" ({why})" if why else ""),
            sides=sides,
            value=value,
            why=why,
        )
        return value

    def draw(self, items: Sequence[Any], weights: Sequence[Fraction] | None = None) -> int:
        """Index of an item drawn at random (uniform, or with exact weights)."""
        if weights is None:
            i, self.state.rng = dice.below(self.state.rng, len(items))
        else:
            i, self.state.rng = dice.pick_weighted(self.state.rng, weights)
        return i

    def emit(self, kind: str, text: str, **data: Any) -> None:
        self._events.append(Event(kind, text, self.state.turn, freeze(data)))
