"""Krim: calendar months and weather: each game turn is one player-turn couplet; a calendar
month holds one or more couplets (charts.calendar, provisional counts). Mud months are
December, March and April; Frost months January and February (Krim: Weather)."""

from __future__ import annotations

from typing import Any, Final

import attrs

from wargames.core.context import Context
from wargames.core.errors import ScenarioError
from wargames.core.scenario import Scenario

CLEAR: Final = "clear"
MUD: Final = "mud"
FROST: Final = "frost"
WEATHERS: Final = (CLEAR, MUD, FROST)


@attrs.frozen(slots=True)
class Month:
    """One calendar month: its number (March = 5 ...), name, weather and couplets."""

    number: int
    name: str
    weather: str
    couplets: int


def months(scenario: Scenario) -> tuple[Month, ...]:
    """The calendar months of the scenario, in order (validated)."""
    table: Any = scenario.charts.get("calendar")
    if table is None or "months" not in table:
        raise ScenarioError(scenario.file, "charts.calendar.months", "missing")
    out: list[Month] = []
    for i, m in enumerate(table["months"]):
        field = f"charts.calendar.months[{i}]"
        try:
            month = Month(int(m["month"]), str(m["name"]), str(m["weather"]), int(m["couplets"]))
        except (KeyError, TypeError, ValueError) as exc:
            raise ScenarioError(
                scenario.file, field, f"needs month, name, weather, couplets: {exc}"
            ) from None
        if month.weather not in WEATHERS:
            raise ScenarioError(scenario.file, f"{field}.weather", f"one of {', '.join(WEATHERS)}")
        if month.couplets < 1:
            raise ScenarioError(scenario.file, f"{field}.couplets", "at least 1")
        if out and month.number != out[-1].number + 1:
            raise ScenarioError(scenario.file, f"{field}.month", "months are numbered in order")
        out.append(month)
    if scenario.calendar.first < 1:
        raise ScenarioError(
            scenario.file, "calendar.first", "game turns count from 1 (October 1941)"
        )
    if sum(m.couplets for m in out) < scenario.calendar.last:
        raise ScenarioError(scenario.file, "charts.calendar.months", "fewer couplets than turns")
    return tuple(out)


def _turn_months(scenario: Scenario) -> tuple[tuple[Month, int], ...]:
    """For each game turn from turn 1 (the first couplet of the first month, whatever turn a
    scenario starts on): its month and its couplet number in the month."""
    out: list[tuple[Month, int]] = []
    for m in months(scenario):
        out.extend((m, k) for k in range(1, m.couplets + 1))
    return tuple(out)


def first_turn_of(scenario: Scenario, month: int) -> int | None:
    """The game turn of the first couplet of calendar month ``month`` (None: not in the
    calendar)."""
    for turn, (m, k) in enumerate(_turn_months(scenario), start=1):
        if m.number == month and k == 1:
            return turn
    return None


def _table(ctx: Context) -> tuple[tuple[Month, int], ...]:
    return ctx.board.index.cached(
        ("krim-months", id(ctx.scenario)), lambda _: _turn_months(ctx.scenario)
    )


def month_of(ctx: Context, turn: int | None = None) -> Month:
    t = ctx.turn if turn is None else turn
    return _table(ctx)[t - 1][0]


def couplet(ctx: Context) -> int:
    """Which couplet of its month the current game turn is (1 = the month's first)."""
    return _table(ctx)[ctx.turn - 1][1]


def weather(ctx: Context) -> str:
    return month_of(ctx).weather


def month_starts(ctx: Context) -> bool:
    """The current game turn is the first couplet of its calendar month."""
    return couplet(ctx) == 1


def month_ends(ctx: Context) -> bool:
    """The current game turn is the last couplet of its calendar month."""
    return couplet(ctx) == month_of(ctx).couplets or ctx.turn == ctx.scenario.calendar.last
