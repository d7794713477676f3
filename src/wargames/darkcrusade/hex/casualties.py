"""DCH: Combat Results Definitions and Disrupted Units: the fate of a unit and the hexes it
enters: whether it is still on the map, its elimination (a hidden army's counter goes back to
the pile of the 42: DCH: Hidden and/vs. Revealed Russian units), its Disruption, and the
control of the hexes a move, an overrun, a retreat or an advance enters.

Shared by the ground combat (:mod:`.combat`, :mod:`.combat_steps`), the operational moves and
overruns (:mod:`.operations`), the sea moves (:mod:`.sea`) and the Katyushas' fire
(:mod:`.katyusha`).
"""

from __future__ import annotations

from wargames.core.changes import eliminate as remove
from wargames.core.context import Context
from wargames.core.markers import SEGMENT, scoped

from . import counters as cn
from .hidden import lose, reveal


def alive(ctx: Context, uids: tuple[str, ...]) -> list[str]:
    return [u for u in uids if ctx.state.units[u].at is not None]


def eliminate(ctx: Context, uid: str, why: str) -> None:
    """Off the map to the eliminated box; a hidden army's counter goes back to the pile of the
    42 (:func:`hidden.lose`).

    DCH: Russian Replacements: "Lost Russian tank units go into a replacement pile ...
    weakest units first": a korps of the face-down mech group lost before it fought (sunk at
    sea) goes face up (reading), since the pile's order and the public tank bank paying for it
    tell its counter anyway."""
    remove(ctx, uid, cn.ELIMINATED, why)
    if cn.has(ctx, uid, "hidden"):
        lose(ctx, uid)
    elif uid in ctx.state.get("mech_units", ()) and cn.profile(ctx, uid) is not None:
        reveal(ctx, uid)


def disrupt(ctx: Context, uid: str) -> None:
    """DCH: Disrupted Units: an already Disrupted unit just remains so."""
    unit = ctx.state.units[uid]
    ctx.state.put(unit.marked(cn.DISRUPTED, scoped(cn.HIT, SEGMENT)))


def set_control(ctx: Context, node: str, side: str) -> None:
    ctx.state.control[node] = side
