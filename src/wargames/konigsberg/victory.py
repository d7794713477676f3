"""Victory (K45 14.x): VP hexes, the sudden death check and the victory levels."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import ClassVar

from wargames.core.context import Context
from wargames.core.estimate import army_nearness, nearness, step_share, vp_score
from wargames.core.frame_args import Shape
from wargames.core.sequence import Step
from wargames.core.state import Frame, Result

from .charts import charts
from .command import in_range
from .forces import front, hq_of, is_combat, is_hq, vp_hexes


def german_held(ctx: Context) -> list[str]:
    """K45 14.1: the VP hexes in German possession (all at the start)."""
    return [n for n in vp_hexes(ctx) if ctx.state.control.get(n, "german") == "german"]


def german_vph(ctx: Context) -> int:
    """K45 14.3: the number of VP hexes in German possession (:func:`german_held`)."""
    return len(german_held(ctx))


WATER = frozenset({"water", "lake"})
"""Terrain :func:`approach` does not cross."""


def approach(ctx: Context) -> float:
    """How near the Soviets stand to the VP hexes (K45 14.3a): 1 for one they control, else
    1 less the nearest Soviet combat unit's distance over land as a share of the farthest
    land hex's (:func:`wargames.core.estimate.nearness`)."""
    hexes = vp_hexes(ctx)
    return nearness(
        ctx,
        _soviet_combat_hexes(ctx),
        dict.fromkeys(hexes, 1.0),
        held={n for n in hexes if ctx.state.control.get(n) == "soviet"},
        passable=_land(ctx),
        key="k45-land",
    )


def advance(ctx: Context) -> float:
    """How far the whole Soviet army has come towards the VP hexes still German (K45 14.1):
    each combat unit's nearness to its nearest one, averaged
    (:func:`wargames.core.estimate.army_nearness`). Those the Soviets took count in
    :func:`german_vph`; counted here too, they held the army around them, with empty VP
    hexes a few hexes further on never taken."""
    return army_nearness(
        ctx,
        _soviet_combat_hexes(ctx),
        german_held(ctx),
        passable=_land(ctx),
        key="k45-land",
    )


def command_share(ctx: Context) -> float:
    """The share of the Soviet combat units on the map that an activation can move (K45 2.2a):
    a unit with an HQ (2.2b) counts when it stands in that HQ's command range (2.2e), an
    independent (no HQ, or its HQ lost, 2.2b) when it stands in the range of an HQ of its
    Front (2.2a: the HQ may pick it). An HQ with no combat unit in range is removed (12.1c(1))
    and its units become independents, of which an activation adds two. 0 without units."""
    units = [
        u for u in ctx.units_of("soviet") if u.at is not None and is_combat(ctx.unit_def(u.id))
    ]
    if not units:
        return 0.0
    hqs = [u.id for u in ctx.units_of("soviet") if u.at is not None and is_hq(ctx.unit_def(u.id))]
    reach = {hq: in_range(ctx, hq) for hq in hqs}
    fronts: dict[str, list[str]] = {}
    for h in hqs:
        fronts.setdefault(front(ctx, h), []).append(h)
    count = 0
    for u in units:
        own = hq_of(ctx, u.id)  # K45 2.2b
        if own is not None and own in reach:
            count += u.at in reach[own]  # K45 2.2a, 2.2e
        elif own is None:  # K45 2.2a: an independent, which an HQ of its Front may pick
            count += any(u.at in reach[h] for h in fronts.get(front(ctx, u.id), ()))
    return count / len(units)


def _soviet_combat_hexes(ctx: Context) -> list[str]:
    return [
        u.at for u in ctx.units_of("soviet") if u.at is not None and is_combat(ctx.unit_def(u.id))
    ]


def _land(ctx: Context) -> Callable[[str], bool]:
    """Whether a hex is land (:data:`WATER` is not)."""
    return lambda n: ctx.board.terrain(n) not in WATER


def estimate(ctx: Context, side: str) -> float:
    """K45 14.3, for search agents, from ``side``'s point of view: 0.55 a score of the
    German-held VP hexes (:func:`vp_score`: around the German win threshold, 8 VP hexes:
    German Minor Victory, and their share of the 14), 0.15 the German share of steps on the
    map, 0.1 how far the nearest Soviets stand from the VP hexes (1 less :func:`approach`),
    0.1 how far the whole Soviet army stands from those still German (1 less
    :func:`advance`) and 0.1 the share of the Soviet combat units out of command (1 less
    :func:`command_share`: 2.2a, 12.1c(1); without it a search walks the army away from its
    HQs, the HQs are removed and the army stops being activated)."""
    held = german_vph(ctx)
    german = (
        0.55 * vp_score(held, 7.5, len(vp_hexes(ctx)))
        + 0.15 * step_share(ctx, "german")
        + 0.1 * (1.0 - approach(ctx))
        + 0.1 * (1.0 - advance(ctx))
        + 0.1 * (1.0 - command_share(ctx))
    )
    return german if side == "german" else 1.0 - german


def sudden_death(ctx: Context) -> Result | None:
    """K45 14.2: a Soviet unit in Königsberg or Elbing, in supply and not isolated."""
    ch = charts(ctx)
    for name in ch["victory"]["sudden_death"]:
        hex_ = ch.place(name)
        for uid in ctx.state.occupancy().get(hex_, []):
            unit = ctx.state.units[uid]
            if (
                ctx.side_of(uid) == "soviet"
                and is_combat(ctx.unit_def(uid))
                and not unit.has("oos")
                and not unit.has("isolated")
            ):
                return Result(
                    "soviet", "Soviet Sudden Death Victory", f"{uid} holds {name} in supply"
                )
    return None


def level(ctx: Context) -> Result:
    """K45 14.3: the victory level from the German-held VP hexes."""
    held = german_vph(ctx)
    for low, high, winner, name in charts(ctx)["victory"]["levels"]:
        if int(low) <= held <= int(high):
            return Result(str(winner), str(name), f"the Germans hold {held} VP hexes")
    return Result(None, "draw", f"the Germans hold {held} VP hexes")


class SuddenDeath(Step):
    """K45 1.5b, 14.2: the sudden death victory segment."""

    name: ClassVar[str] = "sudden-death"
    args: ClassVar[Mapping[str, Shape] | None] = {}
    rule: ClassVar[str] = "K45 14.2"

    def run(self, ctx: Context, frame: Frame) -> None:
        result = sudden_death(ctx)
        ctx.done()
        if result is not None:
            ctx.end(result)
