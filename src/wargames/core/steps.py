"""Common rule steps: a step decided by one side, a unit picked before its actions, a die
roll, and a loss allocation.

Titles subclass these instead of writing the same glue again. :class:`SideStep` reads its actor
from the frame (``side`` or ``by``). :class:`UnitFirstStep` has the side pick a unit, then one
of its actions. :class:`AllocateLossesStep` asks a side to spread a number
of step losses over units (:mod:`.losses`), applies them with :func:`.changes.lose_steps`, and
hands the allocation back to a caller that used :meth:`Context.call` (``lost``).
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Any, ClassVar

from .actions import Action, AllocateLosses, Choose, Move, Outcome, Pass
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


class UnitFirstStep(SideStep):
    """A side picks one of its units (``Choose(unit)``), then one of that unit's actions or
    ``Pass`` to pick again; ``Pass`` with no unit picked ends the step. The frame's ``unit``
    argument holds the unit picked (None: none), so a decision among many units' actions is
    two small ones.

    Subclasses write :meth:`units` (the units that may be picked now), :meth:`unit_actions`
    (a picked unit's actions, ``Pass`` aside) and :meth:`act` (carry one out; the pick is
    cleared first). ``check`` refuses what is not listed with :meth:`refusal`."""

    kind: ClassVar[str] = "move"
    actions: ClassVar[tuple[type[Action], ...]] = (Choose, Move, Pass)

    def units(self, ctx: Context, frame: Frame) -> list[str]:
        """The units that may be picked now (each must have an action)."""
        raise NotImplementedError

    def unit_actions(self, ctx: Context, frame: Frame, uid: str) -> list[Action]:
        """The actions of the picked unit ``uid``, ``Pass`` aside."""
        raise NotImplementedError

    def act(self, ctx: Context, frame: Frame, action: Action) -> None:
        """Carry out one of the picked unit's actions."""
        raise NotImplementedError

    def refusal(self, ctx: Context, frame: Frame, action: Action) -> str:
        """Why ``action`` is not legal now (default: a generic reason)."""
        picked = frame.args.get("unit")
        if picked is None:
            return f"{action.to_json()} is not allowed: choose one of the units first"
        return f"{action.to_json()} is not an action of {picked}: give one, or pass"

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        picked = frame.args.get("unit")
        if picked is not None:
            return [Pass(), *self.unit_actions(ctx, frame, picked)]
        return [Pass(), *(Choose(u) for u in self.units(ctx, frame))]

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        if action in self.legal(ctx, frame):
            return None
        return IllegalAction(self.rule, self.refusal(ctx, frame, action))

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        if isinstance(action, Choose):
            ctx.update(unit=action.option)
        elif isinstance(action, Pass):
            if frame.args.get("unit") is None:
                ctx.done()
            else:
                ctx.update(unit=None)
        else:
            ctx.update(unit=None)
            self.act(ctx, frame, action)


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
