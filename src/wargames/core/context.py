"""What a rule step sees and may change: the state, the board, the scenario, dice and the log.

Steps receive a :class:`Context`; only ``apply`` and ``run`` may call its mutating methods
(``push``, ``call``, ``done``, ``update``, ``roll``, ``emit``, ``end``). The game takes a
snapshot before every action and restores it if a step raises, so a half-applied action never
shows.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, TypeVar

import attrs

from . import dice
from .board import Board
from .events import Event, Redacted
from .jsonvalue import freeze, thaw
from .state import Frame, GameState, Result
from .units import UnitDef, UnitState

if TYPE_CHECKING:
    from .scenario import Scenario
    from .title import Title

T = TypeVar("T")


class Context:
    """The rules' handle on a game."""

    __slots__ = (
        "_depth",
        "_events",
        "_finished",
        "_memo",
        "deciding",
        "scenario",
        "state",
        "title",
    )

    def __init__(
        self,
        title: Title,
        scenario: Scenario,
        state: GameState,
        events: list[Event],
        memo: Callable[[], dict[Any, Any] | None] | None = None,
    ) -> None:
        self.title = title
        self.scenario = scenario
        self.state = state
        self._events = events
        self._memo = memo
        self._depth: int | None = None
        self._finished = False
        self.deciding: str | None = None
        """Who decides at the top frame, set by the kernel while it prompts or describes a
        decision it has just asked the step about (the position unchanged); None: ask."""

    def running(self, depth: int) -> None:
        """The kernel says which frame (by stack depth) the next ``run``/``apply`` belongs to,
        so ``update`` and ``done`` act on that frame and misuse is caught at once."""
        self._depth = depth
        self._finished = False

    def per_position(self, key: Hashable, build: Callable[[], T]) -> T:
        """``build()``, kept while the game stays in this position (the same state and log),
        so that a step's ``pending``, ``legal`` and ``check`` list their options once.
        ``build`` may read only the position (state, scenario, log); ``key`` tells apart the
        values kept for one position; the value is shared, so never change it. A context
        with no game behind it just builds."""
        memo = None if self._memo is None else self._memo()
        if memo is None:
            return build()
        slot = ("per_position", key)
        if slot not in memo:
            memo[slot] = build()
        value: T = memo[slot]
        return value

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

    def decider(self) -> str | None:
        """Who decides at the top frame: a side, ``"chance"``, or None (an automatic step)."""
        if self.deciding is not None:
            return self.deciding
        frame = self.state.stack[-1]
        return self.title.step(frame.step).actor(self, frame)

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

    def call(self, step: str, **args: Any) -> None:
        """Run step ``step`` (with ``args``) as a sub-step whose results come back: when it
        finishes with ``ctx.done(**results)`` they are merged into this frame's args, and
        this step runs (or is asked) again with them."""
        self.title.step(step)
        stack = self.state.stack
        depth = self._own_depth("call")
        me = stack[depth]
        if me.id is None:
            used = [f.id for f in stack if f.id is not None]
            me = attrs.evolve(me, id=max(used, default=0) + 1)
        stack = (*stack[:depth], me, *stack[depth + 1 :])
        self.state.stack = (*stack, Frame(step, args, caller=me.id))

    def done(self, **results: Any) -> None:
        """The current step is finished: pop its frame. ``results`` go to the frame that
        called it (:meth:`call`); results from a frame that was only pushed are an error."""
        stack = self.state.stack
        depth = self._own_depth("done")
        if depth != len(stack) - 1:
            raise RuntimeError(
                f"step {stack[depth].step!r} calls done() under a frame it pushed "
                f"({stack[-1].step!r}): finish before pushing"
            )
        me = stack[-1]
        rest = stack[:-1]
        if results:
            if me.caller is None:
                raise RuntimeError(
                    f"step {me.step!r} returns results but was pushed, not called (ctx.call)"
                )
            for i in range(len(rest) - 1, -1, -1):
                if rest[i].id == me.caller:
                    rest = (*rest[:i], rest[i].with_args(**results), *rest[i + 1 :])
                    break
            else:
                raise RuntimeError(f"step {me.step!r} returns results to a finished caller")
        self.state.stack = rest
        if self._depth is not None:
            self._finished = True

    def update(self, **args: Any) -> None:
        """Change arguments of the current frame (counters, choices made so far)."""
        stack = self.state.stack
        depth = self._own_depth("update")
        stack = (*stack[:depth], stack[depth].with_args(**args), *stack[depth + 1 :])
        self.state.stack = stack

    def _own_depth(self, what: str) -> int:
        """The stack index of the frame now being run; RuntimeError after it finished."""
        if self._depth is None:
            return len(self.state.stack) - 1
        if self._finished or self._depth >= len(self.state.stack):
            name = self.title.name
            raise RuntimeError(f"{name}: {what}() after the running step finished (ctx.done)")
        return self._depth

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
        """Index of an item drawn at random: uniform, or in proportion to exact ``weights``
        (any non-negative numbers with a positive sum, e.g. counts)."""
        if weights is None:
            i, self.state.rng = dice.below(self.state.rng, len(items))
        else:
            total = sum(weights, Fraction(0))
            if len(weights) != len(items) or total <= 0 or min(weights) < 0:
                raise ValueError("draw() needs one non-negative weight per item, sum > 0")
            exact = [Fraction(w) / total for w in weights]
            i, self.state.rng = dice.pick_weighted(self.state.rng, exact)
        return i

    def emit(self, kind: str, text: str, **data: Any) -> None:
        """Log an event every side sees."""
        self._events.append(Event(kind, text, self.state.turn, freeze(data)))

    def tell(
        self,
        sides: str | tuple[str, ...],
        kind: str,
        text: str,
        /,
        *,
        others: Redacted | None = None,
        **data: Any,
    ) -> None:
        """Log an event only ``sides`` see whole (hidden information: a secret set-up, a
        hidden unit's move); every other side's log (:meth:`Game.events_for`) gets
        ``others``, its redacted version, or leaves it out (None)."""
        to = (sides,) if isinstance(sides, str) else tuple(sides)
        if not to:
            raise ValueError("tell() needs at least one side (emit() tells every side)")
        self._events.append(Event(kind, text, self.state.turn, freeze(data), to, others))

    def sides_seeing(self, units: Iterable[str]) -> tuple[str, ...]:
        """The sides that may see every one of ``units`` now (:meth:`Title.sees`), in the
        title's order."""
        ids = set(units)
        return tuple(side for side in self.title.sides if self.title.sees(self.state, side, ids))

    def emit_about(
        self,
        units: Iterable[str],
        kind: str,
        text: str,
        /,
        *,
        others: Redacted | None,
        **data: Any,
    ) -> None:
        """Log an event that names ``units`` (hidden information): the sides that see all of
        them now are told it whole, the others ``others`` (None: nothing). When every side
        sees them, this is :meth:`emit`."""
        sides = self.sides_seeing(units)
        if len(sides) == len(self.title.sides):
            self.emit(kind, text, **data)
        elif sides:
            self.tell(sides, kind, text, others=others, **data)
        elif others is not None:
            self.emit(kind, others.text, **thaw(others.data))

    def masked(self, units: Iterable[str]) -> list[str]:
        """``units`` with each one that some side may not see now written ``?`` (for the
        redacted version of an event, :class:`~wargames.core.events.Redacted`)."""
        ids = list(units)
        hidden: set[str] = set()
        for side in self.title.sides:
            visible = self.title.visible_units(self.state, side)
            if visible is not None:
                hidden |= {u for u in ids if u not in visible}
        return ["?" if u in hidden else u for u in ids]
