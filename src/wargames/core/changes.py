"""The usual changes to units that rules make: eliminate, lose steps, move and take control.

Each change goes through :meth:`GameState.put` (so caches stay true) and is logged as an
event. Titles call these instead of writing their own; a title with extra effects (a unit
that goes to another box, a chit that leaves with its HQ) passes ``box`` or wraps them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from .context import Context
from .events import Redacted

ELIMINATED = "eliminated"


def eliminate(ctx: Context, uid: str, box: str = ELIMINATED, why: str = "") -> None:
    """Take ``uid`` off the map into ``box``; its markers go with it."""
    unit = ctx.state.units[uid]
    ctx.state.put(unit.boxed(box).unmarked(*unit.markers))
    why = f" ({why})" if why else ""
    others = Redacted(f"a {ctx.side_of(uid)} unit is eliminated{why}", {"box": box})
    ctx.emit_about(
        [uid], "eliminated", f"{uid} is eliminated{why}", others=others, unit=uid, box=box
    )


def lose_steps(ctx: Context, uid: str, n: int = 1, box: str = ELIMINATED, why: str = "") -> bool:
    """``uid`` loses ``n`` steps; on losing its last it is eliminated into ``box``. True if
    it was eliminated."""
    if n < 0:
        raise ValueError(f"{uid}: cannot lose {n} steps")
    unit = ctx.state.units[uid]
    if n >= unit.steps:
        eliminate(ctx, uid, box, why)
        return True
    if n:
        ctx.state.put(attrs.evolve(unit, steps=unit.steps - n))
        steps = "a step" if n == 1 else f"{n} steps"
        # hidden information: a side that may not see the unit learns only where a loss was
        others = Redacted(
            f"a {ctx.side_of(uid)} unit in {unit.at} loses {steps}", {"at": unit.at, "steps": n}
        )
        ctx.emit_about([uid], "loss", f"{uid} loses {steps}", others=others, unit=uid, steps=n)
    return False


def move_units(
    ctx: Context,
    uids: Iterable[str],
    to: str | Sequence[str],
    control: bool = True,
    kind: str = "move",
) -> None:
    """Put ``uids`` on ``to`` (a node, or a path whose last node they end on: a move's,
    retreat's or advance's); with ``control`` their side takes control of it. Logged as one
    event of ``kind`` ("B1 moves 0102-0202", "B1+B2 retreat to 0303")."""
    ids = tuple(uids)
    path = (to,) if isinstance(to, str) else tuple(to)
    node = path[-1]
    for uid in ids:
        ctx.state.put(ctx.state.units[uid].moved_to(node))
    if control and ids:
        ctx.state.control[node] = ctx.side_of(ids[0])
    verb = kind + "s" if len(ids) == 1 else kind
    route = "-".join(path) if len(path) > 1 else f"to {node}"
    shown = ctx.masked(ids)  # hidden information: units some side may not see are "?"
    others = Redacted(f"{'+'.join(shown)} {verb} {route}", {"units": shown, "path": list(path)})
    text = f"{'+'.join(ids)} {verb} {route}"
    ctx.emit_about(ids, kind, text, others=others, units=list(ids), path=list(path))
