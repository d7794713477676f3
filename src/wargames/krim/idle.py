"""Steps a side is asked only when it has something to do: when Pass is the only legal action
(no gun can fire, no unit may OpTrans, nothing to place), the step finishes by itself."""

from __future__ import annotations

from wargames.core.actions import Pass
from wargames.core.context import Context
from wargames.core.state import Frame
from wargames.core.steps import SideStep


class SkippedWhenIdle(SideStep):
    """A :class:`SideStep` that runs (finishes at once) when Pass is its only legal action."""

    def actor(self, ctx: Context, frame: Frame) -> str | None:
        side = super().actor(ctx, frame)
        if any(not isinstance(a, Pass) for a in self.legal(ctx, frame)):
            return side
        return None

    def run(self, ctx: Context, frame: Frame) -> None:
        ctx.done()
