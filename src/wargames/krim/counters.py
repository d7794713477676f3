"""Krim's sides, boxes and unit kinds: what a counter is (mechanized, artillery, air ...).

The text names its unit kinds in passing (German mechanized units, assault guns, infantry,
Jaeger and combat engineers, the Romanian Kame Regiment, artillery and railroad guns, air
units, tank units); the scenario marks them with ``type``, ``nationality`` and ``flags``.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Final

from wargames.core import changes
from wargames.core.context import Context
from wargames.core.units import UnitDef

SOVIET: Final = "soviet"
AXIS: Final = "axis"
SIDES: Final = (SOVIET, AXIS)

ELIMINATED: Final = "eliminated"
QRB: Final = "qrb"
"""Krim: Soviet Sea Movement: the Quick Reaction Box."""


def future_box(side: str) -> str:
    """Units not yet arrived (values.month gives the calendar month)."""
    return f"{side}-future"


def available_box(side: str) -> str:
    """Krim: New Units Phase: the Reinforcements Available box."""
    return f"{side}-available"


def air_box(side: str) -> str:
    """Krim: Air Units: based off map."""
    return f"{side}-air"


def is_air(d: UnitDef) -> bool:
    return d.has("air")


def is_artillery(d: UnitDef) -> bool:
    return d.has("artillery")


def is_railroad(d: UnitDef) -> bool:
    """Krim: Railroad Artillery: the units with "*" for a movement factor."""
    return d.has("railroad")


def german_rail(ctx: Context, node: str) -> bool:
    """Krim: Railroad Artillery: "They may move only on German-controlled rail hexes"."""
    return ctx.board.has(node, "rail") and ctx.state.control.get(node) == AXIS


def is_mechanized(d: UnitDef) -> bool:
    return d.has("mechanized")


def is_romanian(d: UnitDef) -> bool:
    return d.nationality == "romanian"


def is_german(d: UnitDef) -> bool:
    return d.nationality == "german"


def is_infantry_kind(d: UnitDef) -> bool:
    """Krim: Mobile Assault, Eligible Units: German infantry, Jaeger and combat engineers."""
    return d.type in ("infantry", "jaeger", "engineer") or d.has("jaeger") or d.has("engineer")


def division_weight(ctx: Context, d: UnitDef) -> float:
    """Krim: Soviet Sea Movement: divisions moved by sea; artillery and tank units count as a
    full division. Smaller formations count as a fraction (provisional, the text gives none:
    ``charts.sea.weights`` by size, ``other`` for any size not listed)."""
    if is_artillery(d) or d.has("tank") or d.size == "division":
        return 1.0
    weights = ctx.charts["sea"]["weights"]
    return float(Fraction(str(weights.get(d.size, weights["other"]))))


def stacking_limit(ctx: Context) -> int:
    """Provisional stacking limit (charts.stacking.units)."""
    return int(ctx.charts["stacking"]["units"])


def ground_units_at(ctx: Context, node: str) -> list[str]:
    return list(ctx.state.occupancy().get(node, ()))


def fits(ctx: Context, node: str, adding: int) -> bool:
    """Whether ``adding`` more units may stand in ``node`` (provisional stacking limit)."""
    return len(ctx.state.occupancy().get(node, ())) + adding <= stacking_limit(ctx)


def step_into(ctx: Context, uid: str, node: str) -> None:
    """The unit enters the adjacent ``node`` (taking it), wherever it stands now."""
    at = ctx.state.units[uid].at
    enter(ctx, uid, [node] if at is None else [at, node])


def occupant_side(ctx: Context, node: str) -> str | None:
    units = ctx.state.occupancy().get(node, ())
    return ctx.side_of(units[0]) if units else None


def enemy_nodes(ctx: Context, side: str) -> set[str]:
    enemy = ctx.enemy_of(side)
    return {n for n, us in ctx.state.occupancy().items() if ctx.side_of(us[0]) == enemy}


def eliminate(ctx: Context, uid: str, why: str) -> None:
    """Remove a unit from play (to the eliminated box)."""
    changes.eliminate(ctx, uid, ELIMINATED, why)


def lose_step(ctx: Context, uid: str, why: str) -> None:
    """One step lost; the last step eliminates the unit."""
    changes.lose_steps(ctx, uid, 1, ELIMINATED, why)


def enter(ctx: Context, uid: str, path: Sequence[str]) -> None:
    """Move a unit along ``path`` (start first); each hex entered becomes its side's."""
    side = ctx.side_of(uid)
    for node in path[1:]:
        ctx.state.control[node] = side
    ctx.state.put(ctx.state.units[uid].moved_to(path[-1]))
