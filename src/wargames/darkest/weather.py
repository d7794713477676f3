"""DC: Weather: the monthly weather, the October roll, and what Mud and Snow do to combat.

The calendar (``data/calendar.toml``) names each turn's weather. In October the best 2 numbers
of one die are Good and the rest Mud; November is Good after a Muddy October and Snow after a
Good one. Mud reduces every unit's firing (and Snow the Axis units' in the first winter) by two
columns, or by one number with Lotsa Dice, unless the unit is defending in a city or town.
Snow freezes swamps, rivers and lakes: they give no defensive bonus.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import ClassVar

from wargames.core.actions import Action, Outcome
from wargames.core.context import Context
from wargames.core.frame_args import Shape
from wargames.core.sequence import Step
from wargames.core.state import Frame

from .charts import charts
from .counters import AXIS
from .position import city_or_town

GOOD, MUD, SNOW = "good", "mud", "snow"


def month(ctx: Context) -> int:
    """0-based index of this turn in ``charts.calendar``, whose entries are turns 1, 2, ..
    as ``siberians_safe`` and ``axis_victory_last`` are (a scenario may start later)."""
    return ctx.turn - 1


def weather(ctx: Context) -> str:
    w: str = ctx.state.get("weather", GOOD)
    return w


def first_winter(ctx: Context) -> bool:
    """This turn belongs to the first winter of the calendar (1941/42)."""
    winters = [w for w in charts(ctx).winter if w]
    return bool(winters) and charts(ctx).winter[month(ctx)] == winters[0]


def reduced(ctx: Context, side: str, defending_at: str | None = None) -> bool:
    """DC: Weather: fire reduced by Mud (all) or by Snow (Axis, first winter), unless the unit
    is defending in any city or town."""
    if defending_at is not None and city_or_town(ctx, defending_at):
        return False
    w = weather(ctx)
    return w == MUD or (w == SNOW and side == AXIS and first_winter(ctx))


def frozen(ctx: Context) -> bool:
    """DC: Weather: Snow freezes swamps, rivers and lakes: no defensive bonus."""
    return weather(ctx) == SNOW


def first_snow_turn(ctx: Context) -> bool:
    return weather(ctx) == SNOW and ctx.state.get("snow_turns", 0) <= 1


class WeatherStep(Step):
    """DC: Weather: set this turn's weather; October is rolled (best 2 numbers Good)."""

    name: ClassVar[str] = "weather"
    args: ClassVar[Mapping[str, Shape] | None] = {}
    kind: ClassVar[str] = "chance"
    rule: ClassVar[str] = "DC: Weather"
    actions: ClassVar[tuple[type[Action], ...]] = (Outcome,)

    def _kind(self, ctx: Context) -> str:
        return charts(ctx).weather[month(ctx)]

    def actor(self, ctx: Context, frame: Frame) -> str | None:
        return "chance" if self._kind(ctx) == "october" else None

    def outcomes(self, ctx: Context, frame: Frame) -> list[tuple[Action, Fraction]]:
        return [(Outcome(GOOD), Fraction(2, 6)), (Outcome(MUD), Fraction(4, 6))]

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        return [a for a, _ in self.outcomes(ctx, frame)]

    def run(self, ctx: Context, frame: Frame) -> None:
        kind = self._kind(ctx)
        if kind == "november":
            october = ctx.state.get("october", GOOD)
            self._set(ctx, GOOD if october == MUD else SNOW)
        else:
            self._set(ctx, kind)
        ctx.done()

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        assert isinstance(action, Outcome)
        ctx.state.set("october", action.value)
        self._set(ctx, str(action.value))
        ctx.done()

    def _set(self, ctx: Context, w: str) -> None:
        ctx.state.set("weather", w)
        if w == SNOW:
            ctx.state.set("snow_turns", ctx.state.get("snow_turns", 0) + 1)
        ctx.emit("weather", f"weather: {w}", weather=w)
