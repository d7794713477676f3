"""Krim: Combat Phase arithmetic: strengths, the odds column, terrain shifts, the concentric
assault, and the CRT (provisional, charts.crt) whose results are numbers each side absorbs."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from wargames.core.context import Context
from wargames.core.crt import CRT
from wargames.core.results import CombatResult
from wargames.core.supply import SupplyMap

from . import counters as cn
from .supply import tactical_map

RETREATED = "retreated"
"""Krim: Further Combat: a unit that retreated this Combat Phase (scoped to the phase)."""


def crt(ctx: Context) -> CRT:
    """The scenario's CRT, built once per scenario."""
    return ctx.board.index.cached(
        ("krim-crt", id(ctx.scenario)), lambda _: CRT.from_data(ctx.charts["crt"])
    )


def strength(
    ctx: Context, uids: Iterable[str], role: str, supplied: Iterable[str] | None = None
) -> Fraction:
    """Total attack or defence; a unit out of tactical supply counts half (Krim: Supply, in the
    Combat Phase). ``supplied``: units known to be in supply (MA attackers are judged at the
    start of their move); otherwise each unit's supply is traced now."""
    total = Fraction(0)
    known = None if supplied is None else set(supplied)
    lines: dict[str, SupplyMap] = {}
    for uid in uids:
        u = ctx.state.units[uid]
        d = ctx.unit_def(uid)
        value = Fraction(d.attack_at(u.steps) if role == "attack" else d.defence_at(u.steps))
        if known is not None:
            ok = uid in known
        else:
            side = d.side
            if side not in lines:
                lines[side] = tactical_map(ctx, side)
            # landing units at sea are supplied by the fleet (provisional reading)
            ok = u.at is None or u.has("at-sea") or lines[side].in_supply(u.at)
        total += value if ok else value / 2
    return total


def terrain_shift(ctx: Context, node: str) -> int:
    """Krim: Terrain Effects on Combat: only the defender's hex counts; its natural terrain and
    each kind of manmade terrain in it add up (charts.combat_terrain, provisional)."""
    table = ctx.charts["combat_terrain"]
    shift = int(table.get(ctx.board.terrain(node), 0))
    for feature in sorted(ctx.board.features(node)):
        shift += int(table.get(feature, 0))
    return shift


def concentric(ctx: Context, target: str, hexes: Iterable[str]) -> bool:
    """Krim: Concentric Assault: attackers in opposite hexes, or in three hexes with at least
    one hex between two of them, or in more than three hexes."""
    t = ctx.board.hex_of(target)
    dirs = sorted({t.direction_to(ctx.board.hex_of(h)) for h in hexes})
    if len(dirs) > 3:
        return True
    if any((d + 3) % 6 in dirs for d in dirs):
        return True
    if len(dirs) == 3:
        consecutive = any({d, (d + 1) % 6, (d + 2) % 6} == set(dirs) for d in dirs)
        return not consecutive
    return False


def defenders(ctx: Context, target: str) -> list[str]:
    """The units that defend a hex: all but those retreated into it this phase (Krim: Further
    Combat)."""
    return [
        uid
        for uid in cn.ground_units_at(ctx, target)
        if not ctx.state.units[uid].has(f"{RETREATED}@phase")
    ]


def column(ctx: Context, attack: Fraction, defence: Fraction, shift: int) -> int:
    """The odds column after shifts (ratios under 1:3 read the <1:3 column)."""
    table = crt(ctx)
    if defence <= 0:
        return table.scale.shifted(len(table.scale.labels) - 1, shift)
    return table.column(attack, defence, shift)


def result_points(result: CombatResult) -> tuple[int, int]:
    """(attacker, defender) result points of a CRT result."""
    a = result.attacker.count if result.attacker is not None else 0
    d = result.defender.count if result.defender is not None else 0
    return int(a or 0), int(d or 0)
