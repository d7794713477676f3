"""DC: Victory Conditions: the Axis counts the victory point cities it holds in supply (Moscow
2, Warsaw, Helsinki and Romania included); 8 with Leningrad, Moscow or Stalingrad win in any
German Victory Determination Phase of 1941; the Russian wins if the Axis has 6 or less in
Feb 42 (Russian Victory Determination, A.4 of turn 9), and wins a Strategic, Smashing Victory
worth 2 games holding Warsaw or M1 in supply in a German VDP. 7 without L, M or S is a draw.
The secret Russian set-up shifts every threshold 2 cities in the Germans' favour.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from wargames.core.context import Context
from wargames.core.estimate import control_share, logistic, nearness, step_share
from wargames.core.frame_args import Shape
from wargames.core.sequence import Step
from wargames.core.state import Frame, Result

from . import counters as cn
from .charts import charts
from .estimate_terms import pending_gain
from .position import land, vp
from .supply import supply_map

RULE = "DC: Victory Conditions"


def shift(ctx: Context) -> int:
    return charts(ctx).victory["secret_shift"] if ctx.options["secret_setup"] else 0


def axis_cities(ctx: Context) -> tuple[int, bool]:
    """(victory point cities the Axis holds in supply, whether one is Leningrad, Moscow or
    Stalingrad)."""
    lines = supply_map(ctx, cn.AXIS)
    total, key = 0, False
    for node in ctx.board.nodes_with("victory"):
        if ctx.state.control.get(node) == cn.AXIS and lines.in_supply(node):
            total += vp(ctx, node)
            key = key or ctx.board.has(node, "objective")
    return total, key


def smashing(ctx: Context) -> str | None:
    """DC: Victory Conditions: a Russian-held Warsaw or M1 in Russian supply."""
    lines = None
    for node in ctx.board.nodes_with("smashing"):
        if ctx.state.control.get(node) == cn.RUSSIAN:
            lines = lines or supply_map(ctx, cn.RUSSIAN)
            if lines.in_supply(node):
                return node
    return None


def final(ctx: Context) -> Result:
    """The result when the 1941 game ends (after February 1942) without an earlier one: a
    draw, since the Russian victory is determined only in A.4 of turn 9 (DC: Sequence A.4),
    which would have ended the game."""
    total, key = axis_cities(ctx)
    why = f"the Axis holds {total} cities{' with' if key else ' without'} L, M or S"
    return Result(None, "draw", why)


def approach(ctx: Context) -> float:
    """How near the Axis stands to the victory cities, weighted by their points: 1 for a city
    it controls, else 1 less its nearest unit's distance over land as a share of the
    farthest land hex's (:func:`wargames.core.estimate.nearness`)."""
    cities = {n: float(vp(ctx, n)) for n in ctx.board.nodes_with("victory")}
    return nearness(
        ctx,
        [u.at for u in ctx.units_of(cn.AXIS) if u.at is not None],
        cities,
        held={n for n in cities if ctx.state.control.get(n) == cn.AXIS},
        passable=lambda n: land(ctx, n),
        key="darkest-land",
    )


def objective(ctx: Context, held: bool | None = None) -> float:
    """How near the Axis is to a city its win requires (Leningrad, Moscow or Stalingrad: the
    ``objective`` hexes; no number of other cities wins without one), 0 to 1: 1 holding one
    in supply (``held``: :func:`axis_cities` says, unless the caller has asked it), else half
    the best :func:`~wargames.core.estimate.nearness` of the Axis units to one of them."""
    targets = sorted(ctx.board.nodes_with("objective"))
    if not targets:
        return 0.0
    if axis_cities(ctx)[1] if held is None else held:
        return 1.0
    units = [u.at for u in ctx.units_of(cn.AXIS) if u.at is not None]
    return 0.5 * max(
        nearness(ctx, units, {t: 1.0}, passable=lambda n: land(ctx, n), key="darkest-land")
        for t in targets
    )


def estimate(ctx: Context, side: str) -> float:
    """DC: Victory Conditions, for search agents, from ``side``'s point of view: 0.4 a
    logistic score of the cities the Axis holds in supply around the Russian victory
    threshold of Feb 42 (Sequence A.4), 0.15 its :func:`objective` (a city the win requires:
    the searched Axis drew three games in eight on 9 or 10 cities without one), 0.2 the Axis
    share of steps on the map, 0.1 its share of the controlled hexes, 0.15 its
    :func:`approach` to the victory cities. The cities under attack count by their chances
    (:func:`.estimate_terms.pending_gain`) in the first two."""
    total, key = axis_cities(ctx)
    more, take_key = pending_gain(ctx)
    margin = total + more - (charts(ctx).victory["russian_max"] - shift(ctx)) - 0.5
    near = objective(ctx, key)
    axis = (
        0.4 * logistic(margin, 1.5)
        + 0.15 * (near + (1.0 - near) * take_key)
        + 0.2 * step_share(ctx, cn.AXIS)
        + 0.1 * control_share(ctx, cn.AXIS)
        + 0.15 * approach(ctx)
    )
    return axis if side == cn.AXIS else 1.0 - axis


def russian_vdp(ctx: Context) -> Result | None:
    """DC: Sequence A.4: the Russian wins if the Axis has 6 cities or less in Feb 42."""
    total, _ = axis_cities(ctx)
    if total <= charts(ctx).victory["russian_max"] - shift(ctx):
        return Result(cn.RUSSIAN, "victory", f"the Axis holds only {total} cities in Feb 42")
    return None


def german_vdp(ctx: Context) -> Result | None:
    """DC: Sequence B.5: the Strategic, Smashing Victory at any German VDP; the Axis victory
    (8 cities in supply with Leningrad, Moscow or Stalingrad) only in those of 1941."""
    where = smashing(ctx)
    if where is not None:
        return Result(
            cn.RUSSIAN,
            "strategic smashing victory",
            f"the Russians hold {where} in supply (worth 2 games)",
        )
    total, key = axis_cities(ctx)
    need = charts(ctx).victory["axis_cities"] - shift(ctx)
    if ctx.turn <= charts(ctx).axis_victory_last and key and total >= need:
        return Result(cn.AXIS, "victory", f"the Axis holds {total} cities in supply with L, M or S")
    return None


class Determination(Step):
    """A victory determination phase (automatic): ends the game if ``decide`` gives a result."""

    args: ClassVar[Mapping[str, Shape] | None] = {}

    rule: ClassVar[str] = RULE

    def decide(self, ctx: Context) -> Result | None:
        raise NotImplementedError

    def run(self, ctx: Context, frame: Frame) -> None:
        result = self.decide(ctx)
        if result is not None:
            ctx.end(result)
            return
        ctx.done()


class RussianVDP(Determination):
    """DC: Sequence A.4: Russian Victory Determination in Game Turn 9 (the last turn)."""

    name: ClassVar[str] = "russian-vdp"

    def decide(self, ctx: Context) -> Result | None:
        return russian_vdp(ctx)


class GermanVDP(Determination):
    """DC: Sequence B.5: German Victory Determination."""

    name: ClassVar[str] = "german-vdp"

    def decide(self, ctx: Context) -> Result | None:
        return german_vdp(ctx)
