"""The Random Event Table (K45 0.7b, the rules' last page): 2d6, applied at once."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import ClassVar

from wargames.core import dice
from wargames.core.actions import Action, Outcome
from wargames.core.context import Context
from wargames.core.frame_args import Shape, literal
from wargames.core.sequence import ChanceStep
from wargames.core.state import Frame
from wargames.core.steps import DieStep

from .air import no_air
from .charts import charts
from .special import early_arrival


class RandomEvent(ChanceStep):
    """K45 0.7b: roll 2d6 on the Random Event Table and apply the result at once."""

    name: ClassVar[str] = "random-event"
    args: ClassVar[Mapping[str, Shape] | None] = {}
    rule: ClassVar[str] = "K45 0.7b"

    def outcomes(self, ctx: Context, frame: Frame) -> list[tuple[Action, Fraction]]:
        return [(Outcome(t), p) for t, p in dice.sum_distribution(2, 6)]

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        assert isinstance(action, Outcome)
        ctx.done()
        event = str(charts(ctx)["random_events"][str(action.value)])
        ctx.emit("event", f"random event {action.value}: {event}", roll=action.value, event=event)
        if event == "early-arrival-german":
            ctx.push("event-roll", event=event)
        elif event == "free-movement":
            ctx.push("choose-hq", side="german", front="", hgm=False, free=True)
        elif event == "german-barrage":
            ctx.push("barrage", side="german", front="", count=1, drm=-1, scope="adjacent")
        elif event == "refugees":
            ctx.push("refugees", stage="event", count=2)
        elif event == "no-air":
            no_air(ctx)
        elif event == "waiting-on-stalin":
            ctx.push("event-roll", event=event)
        elif event == "soviet-barrage":
            ctx.push("barrage", side="soviet", front="", count=1, drm=0, scope="adjacent")
        elif event == "early-arrival-soviet":
            for uid, area in charts(ctx)["early_arrival"]["soviet"]:
                early_arrival(ctx, uid, area)


class EventRoll(DieStep):
    """Random events 2 (1-3: 15 SS at A, 4-6: 28th Corps at D; if in play, the other) and 10
    (1-3: 2nd BR Front, 4-6: 3rd BR Front may activate no more HQs this turn)."""

    name: ClassVar[str] = "event-roll"
    args: ClassVar[Mapping[str, Shape] | None] = {
        "event": literal("early-arrival-german", "waiting-on-stalin")
    }
    rule: ClassVar[str] = "K45 0.7b"

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        assert isinstance(action, Outcome) and isinstance(action.value, int)
        ctx.done()
        low = action.value <= 3
        if frame.args["event"] == "waiting-on-stalin":
            fr = "2BR" if low else "3BR"
            ctx.state.set("stopped", [*ctx.state.get("stopped", ()), fr])
            ctx.emit("event", f"waiting on Comrade Stalin: the {fr} Front activates no more HQs")
            return
        first, second = charts(ctx)["early_arrival"]["german"]
        pick, other = (first, second) if low else (second, first)
        if ctx.state.units[pick[0]].box != "reinforcements":
            pick = other
        early_arrival(ctx, pick[0], pick[1])
