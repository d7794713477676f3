"""Common rule steps: a step decided by one side, a die roll, and a loss allocation.

Titles subclass these instead of writing the same glue again. :class:`SideStep` reads its actor
from the frame (``side`` or ``by``). :class:`AllocateLossesStep` asks a side to spread a number
of step losses over units (:mod:`.losses`), applies them with :func:`.changes.lose_steps`, and
hands the allocation back to a caller that used :meth:`Context.call` (``lost``).
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Any, ClassVar

from .actions import Action, AllocateLosses, Outcome
from .changes import ELIMINATED, lose_steps
from .context import Context
from .dice import die_faces
from .errors import IllegalAction
from .losses import LossPolicy, LossUnit, allocation_error, allocations
from .prose import side_label, unit_label
from .sequence import ChanceStep, Step
from .state import Frame


class SideStep(Step):
    """A step decided by one side: ``side_name`` if the class fixes it, else the side named
    in its frame's ``side`` argument (or ``by``). When :meth:`pending` says there is nothing
    to decide, the step finishes by itself (``run``), so every pending decision has a legal
    action."""

    side_name: ClassVar[str] = ""

    def side(self, ctx: Context, frame: Frame) -> str:
        side: Any = self.side_name or frame.args.get("side") or frame.args.get("by")
        if not isinstance(side, str):
            raise RuntimeError(f"step {self.name!r} needs a 'side' or 'by' argument")
        return side

    def pending(self, ctx: Context, frame: Frame) -> bool:
        """Whether there is anything to decide (default: always)."""
        return True

    def actor(self, ctx: Context, frame: Frame) -> str | None:
        return self.side(ctx, frame) if self.pending(ctx, frame) else None


class DieStep(ChanceStep):
    """A chance step for one roll of a fair die of ``sides`` faces: ``Outcome(face)``, each
    with probability 1/sides. Subclasses set ``name`` and ``rule`` and write ``apply``."""

    sides: ClassVar[int] = 6

    def outcomes(self, ctx: Context, frame: Frame) -> list[tuple[Action, Fraction]]:
        return [(Outcome(face), p) for face, p in die_faces(self.sides)]


class AllocateLossesStep(SideStep):
    """``by`` allocates ``losses`` step losses among ``units`` (args of the frame).

    Set ``policy`` for the title's loss rules; override :meth:`strength` (which unit is
    strongest, for a first-loss rule) and :meth:`lose` (a title's own way to take a step).
    When called with :meth:`Context.call`, the caller receives ``lost`` (the allocation).
    """

    name: ClassVar[str] = "allocate-losses"
    kind: ClassVar[str] = "allocate-losses"
    rule: ClassVar[str] = "step losses"
    actions: ClassVar[tuple[type[Action], ...]] = (AllocateLosses,)
    policy: ClassVar[LossPolicy] = LossPolicy()
    box: ClassVar[str] = ELIMINATED

    def strength(self, ctx: Context, uid: str) -> float:
        """The strength that orders units for a first-loss rule (default: attack)."""
        return ctx.unit_def(uid).attack_at(max(ctx.state.units[uid].steps, 1))

    def lose(self, ctx: Context, uid: str, n: int) -> None:
        """Take ``n`` steps from ``uid`` (default: :func:`lose_steps` into ``box``)."""
        lose_steps(ctx, uid, n, self.box)

    def pool(self, ctx: Context, frame: Frame) -> list[LossUnit]:
        """The units that may absorb the losses: those of ``units`` still on the map."""
        out = []
        for uid in frame.args["units"]:
            unit = ctx.state.units[uid]
            if unit.at is not None and unit.steps > 0:
                out.append(LossUnit(uid, unit.steps, self.strength(ctx, uid)))
        return out

    def prompt(self, ctx: Context, frame: Frame) -> str:
        side = side_label(self.actor(ctx, frame) or "")
        n = int(frame.args["losses"])
        losses = "1 step loss" if n == 1 else f"{n} step losses"
        among = ", ".join(unit_label(ctx, u) for u in frame.args["units"])
        return f"{side}: allocate {losses} among {among}"

    def legal(self, ctx: Context, frame: Frame) -> Iterable[Action]:
        found = allocations(self.pool(ctx, frame), int(frame.args["losses"]), self.policy)
        return [AllocateLosses(a) for a in found]

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        assert isinstance(action, AllocateLosses)
        return allocation_error(
            self.pool(ctx, frame), int(frame.args["losses"]), action.units, self.policy
        )

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        assert isinstance(action, AllocateLosses)
        taken: dict[str, int] = {}
        for uid in action.units:
            taken[uid] = taken.get(uid, 0) + 1
        if frame.caller is not None:
            ctx.done(lost=action.units)
        else:
            ctx.done()
        for uid, n in sorted(taken.items()):
            self.lose(ctx, uid, n)
