"""Victory (the text's victory rules are lost: provisional, Darkest Crusade's thresholds
counted in Soviet cities). At the end of each game turn of 1941 (to the chart's
``axis_sudden_until``) the Axis wins if he holds, in supply, Soviet cities worth ``axis_win``
victory points including Leningrad, Moscow or Stalingrad; the Soviets win at once in any turn
if they hold a ``soviet_win`` point (Warsaw or Bucharest: the hex edition's "Warsaw or
Bucharest and Ploesti", Darkest Crusade's "Warsaw or hex M1") in supply.
After the last turn: the Axis wins as above, draws with ``draw`` points, else the Soviets win.
The hex edition's Moscow morale collapse: the instant the Axis takes Moscow in supply, a roll
(``collapse_in_sixths`` chances in 6, provisional) wins him the game (:class:`MoscowStep`).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from fractions import Fraction
from typing import ClassVar

from wargames.core.actions import Action, Outcome
from wargames.core.context import Context
from wargames.core.estimate import army_nearness
from wargames.core.frame_args import Shape
from wargames.core.sequence import ChanceStep, Step
from wargames.core.state import Frame, Result
from wargames.darkcrusade import morale

from . import counters as cn
from . import geography as geo
from .charts import charts
from .estimate_terms import guard, pending_chances, pending_gains, secure_points
from .supply import supplied_points

RULE = "victory (provisional: Darkest Crusade's thresholds, the hex edition's conditions)"
COLLAPSE = "DC hex edition: Victory Conditions (Moscow taken in supply: Russian morale collapse)"


def axis_points(ctx: Context) -> tuple[int, bool]:
    """(VP of Soviet cities the Axis holds in supply, whether one of them is required)."""
    supplied = supplied_points(ctx, cn.AXIS)
    held = [
        p
        for p in ctx.board
        if geo.vp(ctx, p)
        and geo.country(ctx, p) == cn.SOVIET
        and ctx.state.control.get(p) == cn.AXIS
        and p in supplied
    ]
    required = set(charts(ctx).victory.get("required", []))
    return sum(geo.vp(ctx, p) for p in held), bool(required & set(held))


def _axis_unit_share(ctx: Context) -> float:
    """The Axis's share of the units on the map or still due as reinforcements (so bringing
    units in sooner, e.g. the Siberian gamble, gains nothing but its risk)."""
    count = {cn.AXIS: 0, cn.SOVIET: 0}
    for u in ctx.state.units.values():
        if u.at is not None or u.box == "reinforcements":
            count[ctx.side_of(u.id)] += 1
    total = count[cn.AXIS] + count[cn.SOVIET]
    return count[cn.AXIS] / total if total else 0.5


HORIZON = 8
"""Lines beyond which an Axis unit is no nearer a victory city for :func:`approach`."""


def _lines_from_army(ctx: Context) -> dict[str, int]:
    """The fewest lines (to ``HORIZON``) from an undispersed Axis unit that moves to each
    point so reached (kept per position: :func:`approach` and :func:`objective` both ask;
    never change it)."""
    return ctx.per_position("dc2.lines-from-army", lambda: _lines_from(ctx))


def _lines_from(ctx: Context) -> dict[str, int]:
    table = geo.points(ctx)
    sources = {
        u.at
        for u in ctx.units_of(cn.AXIS)
        if u.at is not None and not u.has(cn.DISPERSED) and not cn.immobile(ctx, u.id)
    }
    dist = dict.fromkeys(sources, 0)
    todo = deque(sorted(sources))
    while todo:
        p = todo.popleft()
        if dist[p] >= HORIZON:
            continue
        for q in table[p].neighbours:
            if q not in dist:
                dist[q] = dist[p] + 1
                todo.append(q)
    return dist


def approach(ctx: Context) -> float:
    """How near the Axis is to the Soviet victory cities, 0 to 1, weighted by their points:
    1 for a city it holds in supply, else 1 - d / ``HORIZON`` (at least 0) for ``d`` the
    fewest lines from an undispersed Axis unit to the city."""
    dist = _lines_from_army(ctx)
    supplied = supplied_points(ctx, cn.AXIS)
    total = score = 0.0
    for p, info in geo.points(ctx).items():
        if not info.vp or info.country != cn.SOVIET:
            continue
        total += info.vp
        if ctx.state.control.get(p) == cn.AXIS and p in supplied:
            score += info.vp
        elif p in dist:
            score += info.vp * max(0.0, 1.0 - dist[p] / HORIZON)
    return score / total if total else 0.0


def objective(ctx: Context) -> float:
    """How near the Axis is to one of the cities its win requires (``charts.victory.required``:
    Leningrad, Moscow, Stalingrad; no number of other cities wins without one), 0 to 1: 1 if
    it holds one in supply; else the best of ``0.5 + 0.5 * c`` for a pending attack on one
    (``c`` its chance as :func:`.estimate_terms.pending_chances` counts it) and
    ``0.5 * (1 - d / HORIZON)`` for ``d`` the fewest lines from an undispersed Axis unit."""
    required = [str(p) for p in charts(ctx).victory.get("required", [])]
    if not required:
        return 1.0
    supplied = supplied_points(ctx, cn.AXIS)
    if any(ctx.state.control.get(p) == cn.AXIS and p in supplied for p in required):
        return 1.0
    dist = _lines_from_army(ctx)
    best = max((0.5 * (1.0 - dist[p] / HORIZON) for p in required if p in dist), default=0.0)
    chances = pending_chances(ctx)
    return max([best] + [0.5 + 0.5 * chances[p] for p in required if p in chances])


def advance(ctx: Context) -> float:
    """How far the whole Axis army (its undispersed units that move) has come towards the
    Soviet victory cities, along the lines, boxes aside: each unit's nearness to its nearest
    one, averaged (:func:`wargames.core.estimate.army_nearness`)."""
    return army_nearness(
        ctx,
        [
            u.at
            for u in ctx.units_of(cn.AXIS)
            if u.at is not None and not u.has(cn.DISPERSED) and not cn.immobile(ctx, u.id)
        ],
        [p for p, info in geo.points(ctx).items() if info.vp and info.country == cn.SOVIET],
        passable=lambda p: not geo.is_box(ctx, p),
        key="dc2-no-boxes",
    )


def estimate(ctx: Context, side: str) -> float:
    """A search estimate (decides no rule), from ``side``'s view, 0.9 times: 0.25 times the
    Axis's share of the victory points it needs, half those held in supply now, half those
    that would stay in supply after a Soviet step (:func:`.estimate_terms.secure_points`),
    with the pending attacks' targets counted by their chances
    (:func:`.estimate_terms.pending_gains`); 0.15 times its :func:`objective` (a city the
    win requires: the searched Axis took the other cities and stalled before Moscow and
    Leningrad); 0.1 times its :func:`approach` to the Soviet victory cities; 0.15 times each
    of its whole army's :func:`advance` towards them and its share of the Soviet points it
    controls (pending targets counted likewise); 0.2 its share of the units on the map or
    due; and 0.1 times the :func:`.estimate_terms.guard` of Warsaw and Bucharest (the
    searched Axis lost to the Soviets' sudden death there, and then on points with cities
    it could not keep in supply)."""
    points, _ = axis_points(ctx)
    held = 0.5 * points + 0.5 * secure_points(ctx)
    need = max(1, int(charts(ctx).victory["axis_win"]))
    soviet = [p for p in ctx.board if geo.country(ctx, p) == cn.SOVIET and not geo.is_box(ctx, p)]
    more, votes = pending_gains(ctx)
    taken = sum(1 for p in soviet if ctx.state.control.get(p) == cn.AXIS) + more
    score = (
        0.25 * min(1.0, (held + votes) / need)
        + 0.15 * objective(ctx)
        + 0.1 * approach(ctx)
        + 0.15 * advance(ctx)
        + 0.15 * min(1.0, taken / max(1, len(soviet)))
        + 0.2 * _axis_unit_share(ctx)
    )
    score = 0.9 * score + 0.1 * guard(ctx)
    return score if side == cn.AXIS else 1.0 - score


def sudden_death(ctx: Context, axis: bool = True) -> Result | None:
    """The Axis's win (unless ``axis`` is false), else the Soviets' Warsaw or Bucharest win."""
    v = charts(ctx).victory
    points, key = axis_points(ctx)
    if axis and points >= int(v["axis_win"]) and key:
        return Result(cn.AXIS, "victory", f"the Axis holds {points} Soviet victory points")
    supplied = supplied_points(ctx, cn.SOVIET)
    for p in v.get("soviet_win", []):
        if ctx.state.control.get(p) == cn.SOVIET and p in supplied:
            return Result(cn.SOVIET, "victory", f"the Soviets hold {p} in supply")
    return None


def final(ctx: Context) -> Result:
    got = sudden_death(ctx)
    if got is not None:
        return got
    points, _ = axis_points(ctx)
    if points >= int(charts(ctx).victory["draw"]):
        return Result(None, "draw", f"the Axis holds {points} Soviet victory points")
    return Result(cn.SOVIET, "victory", f"the Axis holds only {points} Soviet victory points")


class VictoryStep(Step):
    """Victory determination at the end of each game turn."""

    name: ClassVar[str] = "victory"
    args: ClassVar[Mapping[str, Shape] | None] = {}
    rule: ClassVar[str] = RULE

    def run(self, ctx: Context, frame: Frame) -> None:
        # Darkest Crusade and the hex edition: the Axis wins at once only "during any of his
        # Victory Determination Phases in 1941" (to turn ``axis_sudden_until``, Dec 41); later
        # only at the end (:func:`final`). The Soviets' Warsaw or Bucharest win is immediate in
        # every turn.
        until = int(charts(ctx).victory.get("axis_sudden_until", ctx.scenario.calendar.last))
        got = sudden_death(ctx, axis=ctx.turn <= until)
        if got is not None:
            ctx.end(got)
            return
        ctx.done()


def collapse_due(ctx: Context) -> bool:
    """Whether the Axis holds the chart's ``collapse_point`` (Moscow) in supply and has not
    rolled for this capture."""
    m = str(charts(ctx).victory["collapse_point"])
    held = ctx.state.control.get(m) == cn.AXIS
    return held and not ctx.state.get("moscow_rolled") and m in supplied_points(ctx, cn.AXIS)


class MoscowStep(ChanceStep):
    """The hex edition's Victory Conditions: "The instant the Axis player takes Moscow, in
    supply, he can roll for a 33% chance of Russian morale collapse and victory": checked
    after each movement and combat segment (the sequence), one roll per capture (a Soviet
    recapture makes the next capture roll again); ``collapse_in_sixths`` chances in 6
    (provisional: 2, the hex edition's 33%). "He can roll": the roll can only win him the
    game, so it is always made."""

    name: ClassVar[str] = "moscow"
    args: ClassVar[Mapping[str, Shape] | None] = {}
    rule: ClassVar[str] = COLLAPSE

    def actor(self, ctx: Context, frame: Frame) -> str | None:
        return "chance" if collapse_due(ctx) else None

    def run(self, ctx: Context, frame: Frame) -> None:
        m = str(charts(ctx).victory["collapse_point"])
        held = ctx.state.control.get(m) == cn.AXIS
        ctx.state.set("moscow_rolled", held and bool(ctx.state.get("moscow_rolled")))
        ctx.done()

    def outcomes(self, ctx: Context, frame: Frame) -> list[tuple[Action, Fraction]]:
        return morale.outcomes(int(charts(ctx).victory["collapse_in_sixths"]))

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        assert isinstance(action, Outcome)
        ctx.state.set("moscow_rolled", True)
        ctx.done()
        if action.value == "collapse":
            ctx.end(morale.COLLAPSE)
        else:
            ctx.emit("moscow", "Moscow taken: Russian morale holds")
