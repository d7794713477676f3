"""Position estimates for search agents: shares and margins mapped into [0, 1].

A title's :meth:`~wargames.core.title.Title.evaluate` combines them with its victory
conditions; they decide no rule.
"""

from __future__ import annotations

import math

from .context import Context


def step_share(ctx: Context, side: str) -> float:
    """``side``'s share of the steps of all units on the map (0.5 when there are none)."""
    mine = total = 0
    for u in ctx.state.units.values():
        if u.at is not None:
            total += u.steps
            if ctx.side_of(u.id) == side:
                mine += u.steps
    return mine / total if total else 0.5


def control_share(ctx: Context, side: str) -> float:
    """``side``'s share of the controlled nodes (0.5 when no node is controlled)."""
    owners = list(ctx.state.control.values())
    return owners.count(side) / len(owners) if owners else 0.5


def logistic(margin: float, scale: float = 1.0) -> float:
    """A margin (positive: good) mapped smoothly into (0, 1); 0.5 at 0."""
    return 1.0 / (1.0 + math.exp(-margin / scale))


def vp_race(ctx: Context, side: str, attacker: str, held: float, need: float) -> float:
    """A race for ``need`` victory points the ``attacker`` holds ``held`` of: half its share
    of the points needed, half its share of the steps on the map, from ``side``'s view."""
    score = 0.5 * min(1.0, held / max(need, 1)) + 0.5 * step_share(ctx, attacker)
    return score if side == attacker else 1.0 - score
