"""The base of the title's decision steps: a side's decision, finished at once when there is
nothing for it to decide (so every pending decision has a legal action)."""

from __future__ import annotations

from wargames.core.context import Context
from wargames.core.sequence import Step
from wargames.core.state import Frame


class SideStep(Step):
    """A decision of the side named in the frame's ``side`` (or ``side_name``)."""

    side_name: str = ""

    def side(self, ctx: Context, frame: Frame) -> str:
        return self.side_name or str(frame.args["side"])

    def pending(self, ctx: Context, frame: Frame) -> bool:
        """Whether there is anything to decide; if not, the step ends without a decision."""
        return True

    def actor(self, ctx: Context, frame: Frame) -> str | None:
        return self.side(ctx, frame) if self.pending(ctx, frame) else None

    def run(self, ctx: Context, frame: Frame) -> None:
        ctx.done()
