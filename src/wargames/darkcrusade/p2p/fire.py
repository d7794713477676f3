"""Firepower and hits: the fire table, weather, fortresses (DC2 Terrain C) and air units.

A side's firepower is the sum of its undispersed units' fire factors (attack factors for the
attacker, defence factors for the defender). Hits are read on the fire table (:mod:`.charts`)
with one die and scaled to the old Dark Crusade table.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from wargames.core.context import Context
from wargames.core.strength import HALF, StrengthRounding, modified
from wargames.darkest.position import city_or_town

from . import counters as cn
from . import geography as geo
from .charts import charts
from .supply import supplied_points
from .weather import MUD, SNOW, weather

FORTRESS = "DC2 Terrain C: Fortresses"
SUPPLY = StrengthRounding(attack="down", defence="up")
"""Out of supply (filled gap, Darkest Crusade's supply paragraph): firepower halved, fractions
rounded down on offense and up on defense; supply is judged at the moment of combat (the hex
edition). The hex edition's own effects (odds columns, dispersal) are not adopted (the table's
out-of-supply row)."""


def firing(ctx: Context, units: Iterable[str], air: bool) -> list[str]:
    """Units that fire: undispersed; in the air round air units only; in ground rounds air
    units too unless ``charts.air.ground_fire`` is false (what air units do after the air
    round is lost: filled gap, provisional)."""
    if air:
        return [u for u in units if not cn.dispersed(ctx, u) and cn.is_air(ctx, u)]
    ground_fire = charts(ctx).air_ground_fire
    return [u for u in units if not cn.dispersed(ctx, u) and (ground_fire or not cn.is_air(ctx, u))]


ENEMY_SIDE = ("half", "less-one")
"""Readings of the broken C.1 sentence "This protection is reduced by f factor if defending
units are in a fortress on the enemy side of the border" (option ``fortress_enemy_side``):
``half`` reads "f" as a lost "half a" (the issue's reading; a fraction dropped, as DC2 Lines B
drops fractions), ``less-one`` reads it as "1"."""


def _protection(ctx: Context, point: str, defenders: Iterable[str]) -> tuple[int, bool]:
    """DC2 Terrain C: (up to 1, 2 or 3 for a fortress, victory city fortress or double-value
    victory city fortress, no more than the undispersed major infantry-type units in it;
    whether the defenders are on their own side of the 1941 border)."""
    level = geo.fortress_level(ctx, point)
    if not level:
        return 0, True
    units = [u for u in defenders if not cn.dispersed(ctx, u) and cn.has(ctx, u, "major-infantry")]
    if not units:
        return 0, True
    value = min(charts(ctx).fortress[level - 1], len(units))
    return value, geo.country(ctx, point) == ctx.side_of(units[0])


def fortress_value(ctx: Context, point: str, defenders: Iterable[str]) -> int:
    """DC2 Terrain C.1: breakthroughs against the defenders reduced by up to 1, 2 or 3 in a
    round (capped by the undispersed major infantry-type units); on the enemy side of the
    border "this protection is reduced" (after the cap): halved, fractions dropped, or less
    one (option ``fortress_enemy_side``)."""
    value, own = _protection(ctx, point, defenders)
    if own:
        return value
    if ctx.options["fortress_enemy_side"] == "less-one":
        return max(0, value - 1)
    return value // 2


def fortress_bonus(ctx: Context, point: str, defenders: Iterable[str]) -> int:
    """DC2 Terrain C.2: the total defensive power in fortresses "on their own side of the 1941
    USSR border" increased by up to 1, 2 or 3 (capped likewise); on the enemy side nothing
    (the reduction sentence belongs to C.1's protection)."""
    value, own = _protection(ctx, point, defenders)
    return value if own else 0


def _supplied(ctx: Context, uid: str) -> bool:
    at = ctx.state.units[uid].at
    return at is not None and at in supplied_points(ctx, ctx.side_of(uid))


def attack_strength(ctx: Context, attackers: Iterable[str], air: bool) -> int:
    values = [
        modified(cn.attack_factor(ctx, u), *(() if _supplied(ctx, u) else (HALF,)))
        for u in firing(ctx, attackers, air)
    ]
    return SUPPLY.total(values, "attack")


def flak(ctx: Context, point: str, defenders: list[str]) -> int:
    """DC2 Combat A: defending flak (its values are lost; filled gap): 1 for each undispersed
    defending unit with the ``flak`` flag (the hex edition's AA result: German armies) and 1
    for a Soviet victory city its own side defends, dispersed or not (the hex edition's AA
    result, "an UnDisrupted German army or Russian victory city": UnDisrupted qualifies the
    army; Darkest Crusade: "an UnDisruptible defensive firing factor of 1")."""
    table = charts(ctx).flak
    units = sum(1 for u in defenders if not cn.dispersed(ctx, u) and cn.has(ctx, u, "flak"))
    value = table["unit"] * units
    side = ctx.side_of(defenders[0]) if defenders else None
    if side == cn.SOVIET and geo.vp(ctx, point) and geo.country(ctx, point) == side:
        value += table["victory_city"]
    return value


def defence_strength(ctx: Context, point: str, defenders: list[str], air: bool) -> int:
    """Defenders' firepower; in the air round with their flak, in ground rounds increased by
    the fortress (C.2)."""
    values = [
        modified(cn.defence_factor(ctx, u), *(() if _supplied(ctx, u) else (HALF,)))
        for u in firing(ctx, defenders, air)
    ]
    base = SUPPLY.total(values, "defence")
    return (
        base + flak(ctx, point, defenders) if air else base + fortress_bonus(ctx, point, defenders)
    )


def air_fires(ctx: Context, point: str, units: list[str], attacking: bool) -> list[int]:
    """The separate fires of one side in the air round. DC2 Combat A.1.a is cut after "When
    air units of both sides are present, the So-"; filled gap (the hex edition: "Russian front
    air/aviation units may not be combined"): each Soviet air unit fires on its own, and a
    defending Soviet side's flak on its own; the Axis fires combined (``charts.air``)."""
    side = ctx.side_of(units[0]) if units else cn.AXIS
    if side == cn.AXIS or charts(ctx).soviet_air_combined:
        total = (
            attack_strength(ctx, units, air=True)
            if attacking
            else defence_strength(ctx, point, units, air=True)
        )
        return [total]
    if attacking:
        out = [attack_strength(ctx, [u], air=True) for u in firing(ctx, units, air=True)]
    else:
        alone = [
            SUPPLY.total(
                [modified(cn.defence_factor(ctx, u), *(() if _supplied(ctx, u) else (HALF,)))],
                "defence",
            )
            for u in firing(ctx, units, air=True)
        ]
        out = [*alone, flak(ctx, point, units)]
    return [s for s in out if s > 0]


def shift(ctx: Context, side: str, attacking: bool, point: str) -> int:
    """Columns lost in Mud (both sides) and in Snow (the Axis), unless defending in a city or
    town at ``point`` (Darkest Crusade, Weather: "all units' ... attacks are reduced 2 combat
    results columns ... unless they are defending in any city or town"; reading, as
    :func:`wargames.darkest.weather.reduced`: every unit's fire, the defenders' too)."""
    if not attacking and city_or_town(ctx, point):
        return 0
    table = charts(ctx).weather_shift
    w = weather(ctx)
    if w == MUD:
        return -table["mud"]
    if w == SNOW and side == cn.AXIS:
        return -table["snow_axis"]
    return 0


def hits(ctx: Context, side: str, strength: int, roll: int, attacking: bool, point: str) -> int:
    """Hits scored by ``strength`` on ``roll`` in the battle for ``point``: the table's hits
    times the scale, rounded to the nearest whole hit (halves up)."""
    c = charts(ctx)
    raw = c.fire.hits(strength, roll, c.die_column[side], shift=shift(ctx, side, attacking, point))
    scaled = raw * c.fire_scale
    return int(scaled + Fraction(1, 2))
