"""Sequence of play: a turn as phases of segments; each segment runs one rule step.

A :class:`Step` is the unit of flow: it says who acts (a side, chance, or nobody — an automatic
step), which action types it takes, which actions are legal, and what applying one does. The
fixed turn is data (:class:`Phase`, :class:`Segment`); dynamic flow (chit draws, battle rounds,
a loss allocation by the other side) pushes frames onto the state's step stack. Nothing lives
in Python generators, so a game serializes at every decision point.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from .actions import Action, Outcome, Pass
from .errors import IllegalAction
from .frame_args import Shape
from .heads import Head, head_of
from .jsonvalue import FrozenDict, freeze
from .prose import decision_prompt
from .state import Frame

if TYPE_CHECKING:
    from .context import Context


class Step:
    """A rule step. Subclass it; override what the step needs.

    ``actor`` returns a side's name, ``"chance"``, or None for an automatic step, whose
    :meth:`run` must finish it (``ctx.done()``) or push another frame. A deciding step lists
    ``legal`` actions and validates one in ``check`` (return an :class:`IllegalAction` citing
    the rule; never mutate); ``apply`` mutates through the context. A chance step lists
    ``outcomes`` with exact probabilities.
    """

    name: ClassVar[str] = "step"
    kind: ClassVar[str] = "step"
    rule: ClassVar[str] = "sequence"
    actions: ClassVar[tuple[type[Action], ...]] = (Pass,)
    args: ClassVar[Mapping[str, Shape] | None] = None
    """The frame arguments the step reads, each with its shape (:mod:`.frame_args`), results
    handed back by sub-steps included; a saved frame may hold only these. None: unchecked."""

    def actor(self, ctx: Context, frame: Frame) -> str | None:
        return None

    def prompt(self, ctx: Context, frame: Frame) -> str:
        """The decision's question as a sentence (default: :func:`.prose.decision_prompt`,
        from the side, the step and the kinds of action it takes)."""
        return decision_prompt(ctx, frame, self)

    def run(self, ctx: Context, frame: Frame) -> None:
        ctx.done()

    def legal(self, ctx: Context, frame: Frame) -> Iterable[Action]:
        return (Pass(),)

    def heads(self, ctx: Context, frame: Frame) -> Sequence[Head] | None:
        """Factored listing (:mod:`.heads`): every head that may have a legal action now,
        found without listing the actions (a head may turn out to have none, e.g. a unit
        with nowhere to go); :meth:`head_legal` lists one head's actions. None (the
        default): the step is not factored, and the kernel groups :meth:`legal`."""
        return None

    def head_legal(self, ctx: Context, frame: Frame, head: Head) -> Iterable[Action]:
        """The legal actions whose head is ``head``, in the order :meth:`legal` lists them
        (asked only of a step whose :meth:`heads` is not None; default: ``legal`` filtered).
        Together the heads' actions are exactly ``legal``."""
        return [a for a in self.legal(ctx, frame) if head_of(a) == head]

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        """Default: legal iff among ``legal``; override to give the rule's own reason."""
        if action in set(self.legal(ctx, frame)):
            return None
        return IllegalAction(self.rule, f"{action.to_json()} is not allowed in {self.name}")

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        ctx.done()

    def outcomes(self, ctx: Context, frame: Frame) -> list[tuple[Action, Fraction]]:
        return []


class ChanceStep(Step):
    """A step decided by chance: ``outcomes`` lists values and their exact probabilities."""

    kind: ClassVar[str] = "chance"
    actions: ClassVar[tuple[type[Action], ...]] = (Outcome,)

    def actor(self, ctx: Context, frame: Frame) -> str | None:
        return "chance"

    def legal(self, ctx: Context, frame: Frame) -> Iterable[Action]:
        return [a for a, _ in self.outcomes(ctx, frame)]


@attrs.frozen(slots=True)
class Segment:
    """A place in the turn: run step ``step`` with ``args``, if ``when`` (if given) says so."""

    step: str
    name: str = ""
    args: Mapping[str, Any] = attrs.field(converter=freeze, factory=FrozenDict)
    when: Callable[[Context], bool] | None = attrs.field(default=None, eq=False)

    @property
    def title(self) -> str:
        return self.name or self.step


@attrs.frozen(slots=True)
class Phase:
    """A named group of segments, run in order."""

    name: str
    segments: tuple[Segment, ...]


def step_table(steps: Iterable[Step]) -> dict[str, Step]:
    """A name -> step table; ValueError when two steps share a name."""
    table: dict[str, Step] = {}
    for s in steps:
        if s.name in table:
            raise ValueError(f"two steps are named {s.name!r}")
        table[s.name] = s
    return table
