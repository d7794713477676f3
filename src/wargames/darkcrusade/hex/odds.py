"""DCH: Asymmetric Combat Odds Calculations and the column shifts.

Odds are attack factors against the factor-modified defence, rounded down (Russian attacks and
any Axis attack with Axis allied units); no attacks below 1:5; above 9:1 read 9:1. German
attacks may roll to round up on their extra factors (a d6 chance of extra/needed, rounded
down to sixths) and may press an attack one to three columns at an even risk of dropping as
many; the Russians may press one column at the risk of two. Shifts: +1 against any Disrupted
unit in the stack; -1 for attackers including Limited-Supply units; +1 against Limited or
Isolated defenders; -1 across a river unless more than half the attacking factors are on the
defenders' side; weather (Mud -1; Snow: Axis -1, Russian +1 unless the defence is in a city
or town).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import attrs

from wargames.core.context import Context
from wargames.core.supply import SupplyStatus

from . import counters as cn
from .charts import charts
from .supply import statuses
from .terrain import across_river, city_defence, defence_strength
from .weather import column_shift, weather

RULE = "DCH: Asymmetric Combat Odds Calculations"
FLOOR = "DCH: Combat odds (no attacks below 1:5)"


@attrs.frozen
class Odds:
    """An attack's numbers: factors, base column (before shifts), the shifts with reasons."""

    attack: int
    defence: int
    base: int
    shifts: tuple[tuple[str, int], ...]

    @property
    def shift(self) -> int:
        return sum(s for _, s in self.shifts)


def german_rounding(ctx: Context, attackers: Sequence[str]) -> bool:
    """DCH: German attacks (no Axis allied units among the attackers) may round up."""
    return all(cn.is_german(ctx, u) for u in attackers)


def defenders(ctx: Context, target: str, side: str) -> list[str]:
    return sorted(u for u in ctx.state.occupancy().get(target, ()) if ctx.side_of(u) != side)


def base_odds(ctx: Context, attackers: Sequence[str], target: str, known: bool = False) -> Odds:
    """The attack's factors and base column, without the shifts (cheap: no supply trace);
    ``known``: as the attacking side may know them before the battle (face-down counters at
    :data:`~.counters.FACE_DOWN`), for the checks made before it."""
    side = ctx.side_of(attackers[0])
    view = side if known else None
    defs = defenders(ctx, target, side)
    attack = sum(cn.attack_factor(ctx, u, view) for u in attackers)
    defence = defence_strength(ctx, target, defs, attackers, view)
    raw = charts(ctx).crt.scale.raw_column(attack, defence)
    return Odds(attack, defence, -1 if raw is None else raw, ())


def odds(ctx: Context, attackers: Sequence[str], target: str) -> Odds:
    """The attack's numbers now (the supply status for combat is the one at this moment)."""
    side = ctx.side_of(attackers[0])
    defs = defenders(ctx, target, side)
    attack = sum(cn.attack_factor(ctx, u) for u in attackers)
    defence = defence_strength(ctx, target, defs, attackers)
    crt = charts(ctx).crt
    raw = crt.scale.raw_column(attack, defence)
    base = -1 if raw is None else raw
    shifts: list[tuple[str, int]] = []
    if any(cn.disrupted(ctx, u) for u in defs):
        shifts.append(("DCH: Disrupted Units (a Disrupted unit in the stack)", 1))
    mine = statuses(ctx, side)
    if any(mine.get(u) != SupplyStatus.SUPPLIED for u in attackers):
        shifts.append(("DCH: Supply (Limited-Supply attackers)", -1))
    theirs = statuses(ctx, cn.enemy(side))
    if any(theirs.get(u) != SupplyStatus.SUPPLIED for u in defs):
        shifts.append(("DCH: Supply (attack on Limited or Isolated units)", 1))
    near = 0
    for u in attackers:
        at = ctx.state.units[u].at
        assert at is not None
        if not across_river(ctx, at, target):
            near += cn.attack_factor(ctx, u)
    if near * 2 <= attack and not free_river(ctx, attackers, target):
        shifts.append(("DCH: Cross-River", -1))
    shifts += railway_guns(ctx, attackers, target, side)
    w = column_shift(weather(ctx), side, city_defence(ctx, target))
    if w:
        shifts.append(("DCH: Weather", w))
    return Odds(attack, defence, base, tuple(shifts))


def round_up_sixths(ctx: Context, o: Odds) -> int:
    """DCH: German round-up: the chance in sixths (extra over needed, rounded down to a d6)."""
    scale = charts(ctx).crt.scale
    if o.base < 0 or o.base >= len(scale.columns) - 1 or o.defence == 0:
        return 0
    have = scale.attack_needed(o.base, o.defence)
    need = scale.attack_needed(o.base + 1, o.defence)
    extra = o.attack - have
    if extra <= 0 or need <= have:
        return 0
    return int(Fraction(6 * extra, need - have))


def gambles(ctx: Context, o: Odds) -> list[tuple[int, int, int]]:
    """DCH: Asymmetric Combat Odds Calculations, the enhanced/optional odds expansion (both
    players agree: the scenario option ``enhanced_odds``): the German may gamble for a higher
    column ``t`` at the risk of a fallback column ``f`` no higher than the guaranteed one.
    The chance, rounded down to sixths as the round-up's, is read from the text's five
    examples (15:4): with the guaranteed column as fallback, the extra factors over those
    the higher column needs beyond it (4:1: 3 of 4, 5:1: 3 of 8); with a lower fallback, the
    columns risked over the columns between fallback and target (4:1 risking 2:1: 1 of 2;
    6:1 risking 2:1: 1 of 4; 6:1 risking 3:2: 2 of 5). Returns (t, f, sixths) with a chance,
    the plain round-up (one column up, the guaranteed one as fallback) left out."""
    scale = charts(ctx).crt.scale
    g = o.base
    top = len(scale.columns) - 1
    if g < 0 or g >= top or o.defence == 0:
        return []
    out = []
    have = scale.attack_needed(g, o.defence)
    for t in range(g + 1, top + 1):
        need = scale.attack_needed(t, o.defence)
        for f in range(0, g + 1):
            if f == g:
                chance = Fraction(o.attack - have, need - have) if need > have else Fraction(0)
            else:
                chance = Fraction(g - f, t - f)
            sixths = int(6 * chance)
            if 0 < sixths < 6 and (t, f) != (g + 1, g):
                out.append((t, f, sixths))
    return out


def final_column(ctx: Context, base: int, shift: int) -> int:
    """The column after shifts: clamped at 9:1 above and at 1:5 below."""
    return charts(ctx).crt.scale.shifted(base, shift)


def railway_guns(
    ctx: Context, attackers: Sequence[str], target: str, side: str
) -> list[tuple[str, int]]:
    """DCH: Russian Leningrad Railway Guns: +1 column supporting a Russian attack down its line
    (a gun in supply and UnDisrupted next to the target across a rail hexside: "Like for
    Katyushas", which "may not attack if Unsupplied or Disrupted"); -1 column to an attack on
    its hex by units attacking from its line (across a rail hexside)."""
    board = ctx.board
    occ = ctx.state.occupancy()
    russian = statuses(ctx, cn.RUSSIAN)
    out: list[tuple[str, int]] = []
    guns_near = [
        u
        for n in board.neighbours(target)
        if "rail" in board.edge_features(n, target)
        for u in occ.get(n, ())
        if cn.has(ctx, u, "railway-gun")
        and russian.get(u) != SupplyStatus.UNSUPPLIED
        and not cn.disrupted(ctx, u)
    ]
    if side == cn.RUSSIAN and guns_near:
        out.append(("DCH: Russian Leningrad Railway Guns (support)", 1))
    guns_here = [
        u
        for u in occ.get(target, ())
        if cn.has(ctx, u, "railway-gun") and russian.get(u) != SupplyStatus.UNSUPPLIED
    ]
    if side == cn.AXIS and guns_here:
        froms = {ctx.state.units[u].at for u in attackers}
        if any(f is not None and "rail" in board.edge_features(f, target) for f in froms):
            out.append(("DCH: Russian Leningrad Railway Guns (defence)", -1))
    return out


def river_sides(ctx: Context, attackers: Sequence[str], target: str) -> list[list[str]]:
    """The river hexsides the attackers attack ``target`` across."""
    out = []
    for u in attackers:
        at = ctx.state.units[u].at
        if at is not None and across_river(ctx, at, target):
            out.append(sorted((at, target)))
    return sorted(out)


def free_river(ctx: Context, attackers: Sequence[str], target: str) -> bool:
    """DCH: Special First Turn Rules: against any one river hexside the Russian defence shift
    is ignored (the first one the Axis attacks across on the first turn)."""
    if ctx.turn != ctx.scenario.calendar.first or ctx.side_of(attackers[0]) != cn.AXIS:
        return False
    chosen = ctx.state.get("free_river")
    sides = river_sides(ctx, attackers, target)
    if not sides:
        return False
    return chosen is None or list(chosen) in sides
