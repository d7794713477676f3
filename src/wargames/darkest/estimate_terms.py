"""Terms of the search estimate that decide no rule: the victory cities the attacks already
allocated, or being fought, are likely to take (:func:`pending_gain`).

An attack allocated in the operational phase is resolved only after every unit has had its
orders (DC: Sequence A.2/B.2), many decisions later, so a search whose playouts stop before
the combat would see no gain in allocating one: an empty Russian city next to an Axis army
went unattacked turn after turn.
"""

from __future__ import annotations

from collections.abc import Sequence

from wargames.core.context import Context
from wargames.core.estimate import contested

from . import counters as cn
from .attacks import pending
from .battle_record import battle
from .position import vp


def chance(ctx: Context, side: str, target: str, attackers: Sequence[str]) -> float:
    """A crude chance, not the table's, that ``attackers`` of ``side`` take ``target``:
    against no defender ``1 - 2 ** -(2 * A)`` (an undefended victory city must still be
    attacked and hit: DC: Fortresses ...), else ``A / (A + 2 * H)``; ``A`` the attack
    factors of the attackers on the map and not Disrupted (DC: Disruption: they may not
    fire), ``H`` the hits the defenders absorb before they are gone, their second factors
    plus one each (DC: Disruption)."""
    a = sum(
        cn.attack_factor(ctx, u)
        for u in attackers
        if ctx.state.units[u].at is not None and not cn.disrupted(ctx, u)
    )
    here = [u.id for u in ctx.state.units_at(target) if ctx.side_of(u.id) != side]
    if not here:
        return 1.0 - 0.5 ** (2 * a)
    h = sum(cn.hit_factor(ctx, u) + 1 for u in here)
    return a / (a + 2 * h)


def fights(ctx: Context) -> dict[str, tuple[str, ...]]:
    """Target -> attackers of every attack allocated (:func:`.attacks.pending`) and of the
    battle being fought, unless it has taken its hex already."""
    out = pending(ctx)
    if ctx.state.get("battle") is not None:
        b = battle(ctx)
        if not b.captured:
            out[b.target] = tuple(b.attackers)
    return out


def pending_gain(ctx: Context) -> tuple[float, float]:
    """(the victory points the :func:`fights` on victory cities are likely to move to the
    Axis, less those likely to move to the Russians, each city by its :func:`chance`; the best
    chance that one takes an ``objective`` city, Leningrad, Moscow or Stalingrad, for the
    Axis)."""
    gain, key = 0.0, 0.0
    for target, side, attackers in contested(ctx, fights(ctx)):
        p = chance(ctx, side, target, attackers)
        if side == cn.AXIS:
            gain += p * vp(ctx, target)
            if ctx.board.has(target, "objective"):
                key = max(key, p)
        else:
            gain -= p * vp(ctx, target)
    return gain, key
