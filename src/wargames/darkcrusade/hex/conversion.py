"""DCH: Strategic Movement by Rail: the German railway gauge conversion units.

The conversion units are markers on rail hexes (``vars.conversion``; provisional: five, one
starting on each rail head of the set-up). At the end of A.1 (after the Axis rail movement)
each moves up to 3 rail hexes along Axis-held rail away from the Axis countries, regardless of
weather, converting the hexes it passes (``vars.converted``): the Axis rail lines a unit may
move by rail on are the Axis countries' rail and the converted hexes (:mod:`.rail`).

A conversion unit can be destroyed if it is undefended or cannot retreat back up a rail line
(checked after every phase): when its hex is lost to the enemy, a unit that had a German or
Axis unit with it at the last check retreats one rail hex back towards the Axis countries (if
that hex is Axis-held and free of enemy units), else it is destroyed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from wargames.core.context import Context
from wargames.core.frame_args import TEXT, Shape
from wargames.core.sequence import Step
from wargames.core.state import Frame

from . import counters as cn
from .charts import charts
from .rail import advance_along_rail, axis_country, depth

RULE = "DCH: Strategic Movement by Rail (railway gauge conversion units)"


def markers(ctx: Context) -> list[dict[str, Any]]:
    """The conversion units: ``{"at": hex, "defended": bool}`` each."""
    got = ctx.state.get("conversion")
    if got is None:
        return [{"at": h, "defended": False} for h in charts(ctx).rail["railheads"]]
    return [dict(m) for m in got]


def converted(ctx: Context) -> frozenset[str]:
    """Rail hexes converted to the Axis gauge (the markers' hexes included)."""
    got = ctx.state.get("converted")
    start = {m["at"] for m in markers(ctx)}
    return frozenset(start if got is None else {*got, *start})


class ConversionStep(Step):
    """DCH: Sequence A.1: the Axis Rail Conversion markers' movement (3 hexes)."""

    name: ClassVar[str] = "rail-conversion"
    args: ClassVar[Mapping[str, Shape] | None] = {}
    rule: ClassVar[str] = RULE

    def run(self, ctx: Context, frame: Frame) -> None:
        step = int(charts(ctx).rail["conversion_step"])
        done = set(converted(ctx))
        out = []
        ms = markers(ctx)
        taken = {m["at"] for m in ms}
        for m in ms:
            taken.discard(m["at"])
            path = advance_along_rail(ctx, m["at"], step, taken)
            done.update(path)
            taken.update(path)  # off the hexes units before it passed (one a line from 0412)
            out.append({**m, "at": path[-1]})
            if len(path) > 1:
                ctx.emit("conversion", f"a rail conversion unit reaches {path[-1]}", at=path[-1])
        ctx.state.set("conversion", out)
        ctx.state.set("converted", sorted(done))
        ctx.done()


def check(ctx: Context) -> None:
    """Destroy or retreat the conversion units whose hex the enemy took (after every phase)."""
    if ctx.state.get("conversion") is None and ctx.state.phase < 0:
        return
    occ = ctx.state.occupancy()
    board = ctx.board
    out = []
    changed = False
    for m in markers(ctx):
        at = m["at"]
        here = occ.get(at, ())
        enemy = any(ctx.side_of(u) == cn.RUSSIAN for u in here)
        if enemy or ctx.state.control.get(at) == cn.RUSSIAN:
            changed = True
            back = [
                n
                for n in sorted(board.neighbours(at))
                if "rail" in board.edge_features(at, n)
                and (axis_country(ctx, n) or ctx.state.control.get(n) == cn.AXIS)
                and not any(ctx.side_of(u) == cn.RUSSIAN for u in occ.get(n, ()))
                and depth(ctx, n) < depth(ctx, at)
            ]
            if m["defended"] and back:
                ctx.emit("conversion", f"a rail conversion unit falls back to {back[0]}")
                out.append({"at": back[0], "defended": False})
            else:
                ctx.emit("conversion", f"the rail conversion unit on {at} is destroyed", at=at)
            continue
        defended = any(ctx.side_of(u) == cn.AXIS for u in here)
        changed = changed or defended != m["defended"]
        out.append({"at": at, "defended": defended})
    if changed or ctx.state.get("conversion") is None:
        ctx.state.set("conversion", out)


class PhaseEnd(Step):
    """The checks made at the end of every phase: the conversion units (:func:`check`), then
    the Moscow capture (``moscow-check``)."""

    name: ClassVar[str] = "phase-end"
    args: ClassVar[Mapping[str, Shape] | None] = {"phase": TEXT}
    rule: ClassVar[str] = RULE

    def run(self, ctx: Context, frame: Frame) -> None:
        check(ctx)
        ctx.done()
        ctx.push("moscow-check")
