"""Firing strengths and hits: the fire table or Lotsa Dice, terrain, rivers, the Stalin Line,
fortress and city fire, supply and weather (DC: Ground Combat Results Table, DC: Terrain
Effects on Combat, DC: Fortresses ..., DC: Supply, DC: Weather, DC: German Pressed Attack).
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from math import comb
from typing import Literal

import attrs

from wargames.core.context import Context
from wargames.core.strength import HALF, StrengthRounding, modified

from . import counters as cn
from .charts import charts
from .position import city_fire, controls
from .weather import frozen, reduced

Role = Literal["attack", "defence"]
SUPPLY = StrengthRounding(attack="down", defence="up")
ROUGH = {"mountains": 2, "hills": 1, "forest": 1, "swamp": 1}


@attrs.frozen
class Fire:
    """One side's fire in a battle round: the table strength, the column shift for weather,
    and, for Lotsa Dice, the dice at full rate and at the lowered (unsupplied) rate."""

    strength: int
    shift: int
    full_dice: int
    low_dice: int
    best: int  # Lotsa Dice: how many of a die's numbers hit (3, 2 in Mud ...)


def _units_fire(ctx: Context, units: Iterable[str], role: Role) -> tuple[int, int, int]:
    """(table strength with unsupplied units halved, supplied points, unsupplied points)."""
    supplied = unsupplied = 0
    values = []
    for uid in units:
        f = cn.attack_factor(ctx, uid) if role == "attack" else cn.defence_factor(ctx, uid)
        if ctx.state.units[uid].has(cn.UNSUPPLIED):
            unsupplied += f
            values.append(modified(f, HALF))
        else:
            supplied += f
            values.append(modified(f))
    # DC: Supply: halved, fractions rounded down on offense and up on defense.
    return SUPPLY.total(values, role), supplied, unsupplied


def terrain_bonus(ctx: Context, target: str, defenders: list[str]) -> int:
    """DC: Terrain Effects: in mountains, hills, forest and unfrozen swamp 1 infantry or shock
    unit gets 1 more defensive firing point, even Disrupted; in mountains 2 units get 2."""
    terrain = ctx.board.terrain(target)
    if terrain not in ROUGH or (terrain == "swamp" and frozen(ctx)):
        return 0
    infantry = sum(1 for u in defenders if cn.has(ctx, u, "infantry"))
    return min(infantry, ROUGH[terrain])


def river_bonus(
    ctx: Context, target: str, attackers: list[str], defenders: list[str], ignore: int = 0
) -> int:
    """DC: Terrain Effects: +1 per river hexside attacked across, matched by the number of
    units in the hex; none if more than half the attacking factors are on the defender's side
    of the river; none when frozen (Snow). ``ignore``: river hexsides the attacker ignores (DC:
    Special 1st Turn Rules: the Germans may ignore 1 river hexside on the first turn, in the
    one battle they choose, see ``battle.river_choice``)."""
    if frozen(ctx) or not attackers or not defenders:
        return 0
    across = {}
    total = same = 0
    for uid in attackers:
        at = ctx.state.units[uid].at
        assert at is not None
        f = cn.attack_factor(ctx, uid)
        total += f
        if "river" in ctx.board.edge_features(at, target):
            across[at] = True
        else:
            same += f
    if 2 * same > total:
        return 0
    sides = max(0, len(across) - ignore)
    return min(sides, len(defenders))


def stalin_bonus(ctx: Context, target: str, attackers: list[str], defenders: list[str]) -> int:
    """DC: Fortresses ..., Stalin Line: each Stalin Line hexside the Germans attack across
    adds 1 defensive firing point, matched by that number of Russian infantry or shock army
    units defending."""
    if not attackers or ctx.side_of(attackers[0]) != cn.AXIS:
        return 0
    hexes = {ctx.state.units[u].at for u in attackers}
    sides = sum(
        1 for h in hexes if h is not None and "stalin-line" in ctx.board.edge_features(h, target)
    )
    infantry = sum(
        1 for u in defenders if ctx.side_of(u) == cn.RUSSIAN and cn.has(ctx, u, "infantry")
    )
    return min(sides, infantry)


def _fire(ctx: Context, strength: int, full: int, low: int, cut: bool) -> Fire:
    lotsa = bool(ctx.options["lotsa_dice"])
    shift = -2 if cut and not lotsa else 0
    return Fire(strength, shift, full, low, 3 - (1 if cut else 0))


def attack_fire(ctx: Context, side: str, attackers: list[str]) -> Fire:
    firing = [u for u in attackers if not cn.disrupted(ctx, u)]
    strength, full, low = _units_fire(ctx, firing, "attack")
    return _fire(ctx, strength, full, low, reduced(ctx, side))


def defence_fire(
    ctx: Context,
    side: str,
    target: str,
    attackers: list[str],
    defenders: list[str],
    ignore_river: int = 0,
) -> Fire:
    """Undisrupted defenders' fire plus terrain, river, Stalin Line and the undisruptible fire
    of a victory city or fortress held by the defender (DC: Disruption: Disrupted units do not
    fire but still get terrain bonuses)."""
    firing = [u for u in defenders if not cn.disrupted(ctx, u)]
    strength, full, low = _units_fire(ctx, firing, "defence")
    live = [u for u in attackers if not cn.disrupted(ctx, u)]
    bonus = terrain_bonus(ctx, target, defenders)
    bonus += river_bonus(ctx, target, live, defenders, ignore_river)
    bonus += stalin_bonus(ctx, target, live, defenders)
    if controls(ctx, target, side):
        bonus += city_fire(ctx, target)
    return _fire(ctx, strength + bonus, full + bonus, low, reduced(ctx, side, target))


def column(ctx: Context, side: str) -> str:
    """DC: Ground Combat Results Table: the die column a side reads (A or B)."""
    return charts(ctx).die_column[side]


def best_faces(ctx: Context, side: str, n: int = 3) -> set[int]:
    """The die numbers giving the ``n`` best rows in the side's die column."""
    table = charts(ctx).fire
    col = column(ctx, side)
    faces = range(table.dice.low, table.dice.high + 1)
    return set(sorted(faces, key=lambda d: table.row(d, col))[:n])


def press_limit(ctx: Context, fire: Fire) -> int:
    """DC: German Pressed Attack: the most columns an attack may be pressed: "no greater than
    his attacking factor", and never past the table's last column (25). Reading: the table's
    split above 25 is for strengths combined from several hexes, not for a column shift, so
    a strength already at or beyond the last column is not pressed."""
    top = charts(ctx).fire.strengths[-1]
    return max(0, min(fire.strength, top - (fire.strength + fire.shift)))


def table_hits(ctx: Context, side: str, fire: Fire, roll: int, press: int = 0) -> int:
    """DC: Ground Combat Results Table and DC: German Pressed Attack: hits on one die; a
    pressed attack reads ``press`` columns up on the best 3 numbers, down on the worst 3
    (at most :func:`press_limit` columns)."""
    shift = fire.shift
    press = min(press, press_limit(ctx, fire))
    if press:
        shift += press if roll in best_faces(ctx, side) else -press
    return charts(ctx).fire.hits(fire.strength, roll, column(ctx, side), shift=shift)


def lotsa_distribution(fire: Fire) -> dict[int, Fraction]:
    """DC: Lotsa Dice: 1 die per strength point; each die showing one of the best 3 numbers
    (2 in Mud and for Axis units in the first Snow) hits; unsupplied units' dice one number
    fewer. Exact distribution of the hits."""
    p_full = Fraction(max(fire.best, 0), 6)
    p_low = Fraction(max(fire.best - 1, 0), 6)
    dist = _binomial(fire.full_dice, p_full)
    low = _binomial(fire.low_dice, p_low)
    out: dict[int, Fraction] = {}
    for a, pa in dist.items():
        for b, pb in low.items():
            out[a + b] = out.get(a + b, Fraction(0)) + pa * pb
    return {k: v for k, v in sorted(out.items()) if v}


def _binomial(n: int, p: Fraction) -> dict[int, Fraction]:
    return {k: comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)}
