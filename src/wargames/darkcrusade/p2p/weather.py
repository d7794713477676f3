"""The weather of the month: the scenario's calendar, with October rolled and November the
opposite of October (Darkest Crusade's Weather: "In October, the best 2 numbers are Good weather
and the rest Mud. If Oct was Mud, November is Good. If Oct was Good, Nov is SNOW"; the hex
edition has no October roll; errata 2: December to February are Snow).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import ClassVar

from wargames.core.actions import Action, Outcome
from wargames.core.context import Context
from wargames.core.frame_args import Shape
from wargames.core.sequence import ChanceStep
from wargames.core.state import Frame

from .charts import charts

GOOD, MUD, SNOW = "good", "mud", "snow"
RULE = "Darkest Crusade: Weather (October roll), DC2 errata 2 (Snow months)"


def weather(ctx: Context) -> str:
    return str(ctx.state.get("weather", GOOD))


def planned(ctx: Context) -> str:
    table = charts(ctx).weather
    return table[ctx.turn - ctx.scenario.calendar.first]


class WeatherStep(ChanceStep):
    """Sets the month's weather; a die only in October (the best 2 numbers Good, else Mud)."""

    name: ClassVar[str] = "weather"
    args: ClassVar[Mapping[str, Shape] | None] = {}
    rule: ClassVar[str] = RULE

    def actor(self, ctx: Context, frame: Frame) -> str | None:
        return "chance" if planned(ctx) == "october" else None

    def run(self, ctx: Context, frame: Frame) -> None:
        plan = planned(ctx)
        if plan == "november":
            plan = GOOD if ctx.state.get("october") == MUD else SNOW
        self._set(ctx, plan)
        ctx.done()

    def outcomes(self, ctx: Context, frame: Frame) -> list[tuple[Action, Fraction]]:
        good = Fraction(charts(ctx).october_good_in_sixths, 6)
        got = [(Outcome(GOOD), good), (Outcome(MUD), 1 - good)]
        return [(o, p) for o, p in got if p]

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        assert isinstance(action, Outcome)
        ctx.state.set("october", action.value)
        self._set(ctx, str(action.value))
        ctx.done()

    def _set(self, ctx: Context, w: str) -> None:
        ctx.state.set("weather", w)
        if w == SNOW and ctx.state.get("first_snow") is None:
            ctx.state.set("first_snow", ctx.turn)
        ctx.emit("weather", f"weather: {w}", weather=w)


def breakthrough_phase(ctx: Context) -> bool:
    """Whether the Axis has a Breakthrough Movement Phase this turn (filled gap: the hex
    edition's Blitzkrieg!, none in Mud or in the first Snow turn)."""
    w = weather(ctx)
    return w != MUD and not (w == SNOW and ctx.state.get("first_snow") == ctx.turn)
