"""Zones of control for supply and supply and isolation (K45 3.4, 11.x).

The supply phase traces both sides at once with the kernel (``trace_supply``): lines free of
enemy units and EZOCs, friendly units negating EZOCs in their hexes for supply only (3.4,
11.1a); no unbridged major river, impassable or water hexside unless a road or railroad
crosses it (11.1a); never into a half-hex without a road (0.2a: half-hexes with roads may be
traced through); sources by side with the split sources converting for good (11.2a); and
Königsberg a full source while the Autobahn to Elbing is open, else a limited supply centre of
ten hexes whose units are out of supply but never isolated (11.2b, 11.2c).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Hashable, Mapping
from typing import Any, ClassVar, TypeVar

from wargames.core.context import Context
from wargames.core.frame_args import Shape
from wargames.core.scenario import Scenario
from wargames.core.sequence import Step
from wargames.core.side_units import side_units
from wargames.core.state import Frame, PartMemo, UnitsMemo
from wargames.core.supply import SupplyMap, SupplyRules, SupplyStatus, trace_supply
from wargames.core.zoc import Barrier, ZocPolicy, ZoneMap, zones

from .charts import BRIDGED, charts
from .forces import (
    enemy,
    exerts_zoc,
    half_hexes,
    hq_of,
    is_air,
    is_hq,
    on_map,
    unit_hexes,
    untraceable,
)

T = TypeVar("T")

RULES = SupplyRules(
    closed_terrain={"water"},
    closed_edges={"major-river", "impassable", "water"},
    opened_by={"road", "rail", "autobahn", "bridge"},
)
AUTOBAHN = SupplyRules(range=0, rail={"autobahn"}, closed_terrain={"water"})
# K45 3.5(4): not into water, nor across impassable/water/unbridged major rivers (0.2k: a
# road or railroad over the river bridges it)
ZOC = ZocPolicy(
    barriers=(Barrier("impassable"), Barrier("water"), Barrier("major-river", unless=BRIDGED))
)

_POSITIONS: weakref.WeakKeyDictionary[Scenario, dict[Hashable, Any]] = weakref.WeakKeyDictionary()


def _per_position(ctx: Context, key: Hashable, build: Callable[[], T]) -> T:
    """A table of the position ``key`` names entirely, kept per scenario while positions
    come back (a decision's listing, check and apply ask for the same ones); bounded."""
    memo = _POSITIONS.setdefault(ctx.scenario, {})
    try:
        value: T = memo[key]
    except KeyError:
        if len(memo) >= 64:
            memo.clear()
        value = memo[key] = build()
    return value


_ZOC_UNITS: PartMemo[tuple[tuple[str, str], ...]] = PartMemo(limit=64)


def _zoc_units(ctx: Context, side: str) -> tuple[tuple[str, str], ...]:
    """(unit, hex) of ``side``'s units exerting a ZOC now (K45 3.1, 3.1a); it reads
    ``side``'s units alone, so kept while they stay the same (the other side's moves keep
    it)."""
    key = (id(ctx.scenario), side)
    return _ZOC_UNITS.get(
        side_units(ctx, side), key, lambda: _find_zoc_units(ctx, side), owner=ctx.scenario
    )


_EXERTS: weakref.WeakKeyDictionary[Scenario, dict[tuple[str, int], bool]] = (
    weakref.WeakKeyDictionary()
)
"""Per scenario, (unit, steps) -> whether the unit exerts a ZOC on that step (K45 3.1a reads
the unit's printed attack on its current step, nothing else)."""


def _find_zoc_units(ctx: Context, side: str) -> tuple[tuple[str, str], ...]:
    exerts = _EXERTS.setdefault(ctx.scenario, {})
    out = []
    for u in ctx.units_of(side):
        assert u.at is not None
        known = exerts.get((u.id, u.steps))
        if known is None:
            known = exerts[u.id, u.steps] = exerts_zoc(ctx, u.id)
        if known:
            out.append((u.id, u.at))
    return tuple(sorted(out))


def zoc_of(ctx: Context, side: str) -> ZoneMap[str]:
    """K45 3.1, 3.1b: the zones of control of ``side``'s ZOC-capable units, never into a
    half-hex: a ZOC covers the hexes "into which it could move during regular movement" (3.1b)
    and no regular movement enters a half-hex (0.2a)."""
    units = _zoc_units(ctx, side)

    def build() -> ZoneMap[str]:
        index = ctx.board.index
        found = zones(index, dict(units), ZOC)
        return found.without(half_hexes(index))

    return _per_position(ctx, ("zoc", units), build)


def sources(ctx: Context, side: str) -> list[str]:
    """K45 11.2, 11.2a: the side's map-edge sources, split sources by their owner now."""
    board = ctx.board
    split = dict(ctx.state.get("split_sources", {}))
    out = [n for n in board.nodes_with(f"supply-{side}")]
    for n in board.nodes_with("supply-split"):
        if split.get(n, "german") == side:
            out.append(n)
    return sorted(out)


def full_sources(ctx: Context, side: str) -> list[str]:
    """K45 11.2, 11.2b: the sources that supply in full now: ``sources``, and for the Germans
    Königsberg while no Soviet unit holds it and the Autobahn line to Elbing is open. A
    limited supply centre (11.2c) is not one: the units tracing to it are out of supply."""
    out = sources(ctx, side)
    if side != "german":
        return out
    ch = charts(ctx)
    index = ctx.board.index
    blocked = unit_hexes(ctx, "soviet") | {index.ids[v] for v in untraceable(index)}
    centre = ch.place(ch["supply"]["centre"])
    if centre in blocked:
        return out
    germans = unit_hexes(ctx, "german")
    ezoc = zoc_of(ctx, "soviet")
    key = ("autobahn", frozenset(blocked), _zoc_units(ctx, "soviet"), _negating(ctx, germans, ezoc))
    if not _per_position(ctx, key, lambda: autobahn_open(ctx, blocked, ezoc, germans)):
        return out
    return [*out, centre]


def rail_line(ctx: Context, side: str, rules: SupplyRules) -> SupplyMap:
    """K45 6.0e: the trace by ``rules`` (rail only) from ``side``'s full sources (11.2,
    11.2b), never onto enemy units nor into their ZOCs; kept while these stay the same."""
    blocked = unit_hexes(ctx, enemy(side))
    full = full_sources(ctx, side)
    key = ("rail", rules, side, frozenset(blocked), _zoc_units(ctx, enemy(side)), tuple(full))
    return _per_position(
        ctx,
        key,
        lambda: trace_supply(ctx.board, rules, full, blocked=blocked, zoc=zoc_of(ctx, enemy(side))),
    )


_TRACES: UnitsMemo[SupplyMap] = UnitsMemo(limit=16)


def trace(ctx: Context, side: str) -> SupplyMap:
    """One supply trace for a whole side (K45 11.1, 11.2). It reads the units and the split
    sources' owners (besides the scenario), so it is kept while they stay the same: a
    retreat's listing, check and apply ask for the same one."""
    key = (id(ctx.scenario), side, ctx.state.get("split_sources"))
    return _TRACES.get(ctx.state, key, lambda: _trace(ctx, side))


def _trace(ctx: Context, side: str) -> SupplyMap:
    board = ctx.board
    index = board.index
    blocked = unit_hexes(ctx, enemy(side))
    blocked |= {index.ids[v] for v in untraceable(index)}  # K45 0.2a: no road, no trace
    ezoc = zoc_of(ctx, enemy(side))
    friends = unit_hexes(ctx, side)
    full = full_sources(ctx, side)
    key = (
        "trace",
        side,
        frozenset(blocked),
        _zoc_units(ctx, enemy(side)),
        _negating(ctx, friends, ezoc),
        tuple(full),
    )
    return _per_position(ctx, key, lambda: _trace_from(ctx, side, blocked, ezoc, friends, full))


def _negating(ctx: Context, friends: set[str], ezoc: ZoneMap[str]) -> frozenset[str]:
    """The hexes of ``friends`` in ``ezoc``: all ``trace_supply`` reads of the friendly
    hexes that negate an EZOC for supply (K45 3.4, 11.1a), for a cache key."""
    number = ctx.board.index.number
    return frozenset(n for n in friends if number[n] in ezoc.nodes)


def _trace_from(
    ctx: Context,
    side: str,
    blocked: set[str],
    ezoc: ZoneMap[str],
    friends: set[str],
    full: list[str],
) -> SupplyMap:
    board = ctx.board
    ch = charts(ctx)
    centre = ch.place(ch["supply"]["centre"])
    if side != "german" or centre in full or centre in blocked:
        return trace_supply(board, RULES, full, blocked=blocked, zoc=ezoc, negated=friends)
    limited = RULES.__class__(
        closed_terrain=RULES.closed_terrain,
        closed_edges=RULES.closed_edges,
        opened_by=RULES.opened_by,
        limited_range=int(ch["supply"]["limited_range"]),
    )
    return trace_supply(
        board,
        limited,
        full,
        blocked=blocked,
        zoc=ezoc,
        negated=friends,
        limited_sources=[centre],
    )


def german_lines(ctx: Context) -> SupplyMap:
    """K45 1.2c, 12.5(2): the hexes not behind Soviet lines: reached by a German supply line
    (11.1, 11.1a) from a German source or from Königsberg, however supplied. A town in
    limited supply (11.2c) is not behind Soviet lines, nor one beyond the limited centre's ten
    hexes: that range limits supply, not the front line."""
    board = ctx.board
    ch = charts(ctx)
    index = board.index
    soviets = unit_hexes(ctx, "soviet")
    germans = unit_hexes(ctx, "german")
    blocked = soviets | {index.ids[v] for v in untraceable(index)}
    centre = ch.place(ch["supply"]["centre"])
    roots = [*sources(ctx, "german"), *([] if centre in blocked else [centre])]
    zoc = zoc_of(ctx, "soviet")
    key = (
        "german-lines",
        frozenset(soviets),
        _negating(ctx, germans, zoc),
        tuple(roots),
        _zoc_units(ctx, "soviet"),
    )
    return _per_position(
        ctx,
        key,
        lambda: trace_supply(board, RULES, roots, blocked=blocked, zoc=zoc, negated=germans),
    )


def autobahn_open(ctx: Context, blocked: Any, ezoc: Any, friends: Any) -> bool:
    """K45 11.2b: a German line along the Autobahn between Königsberg and Elbing."""
    ch = charts(ctx)
    centre, link = ch.place(ch["supply"]["centre"]), ch.place(ch["supply"]["link"])
    if link in blocked:
        return False
    line = trace_supply(ctx.board, AUTOBAHN, [link], blocked=blocked, zoc=ezoc, negated=friends)
    return line.in_supply(centre)


def statuses(ctx: Context) -> dict[str, SupplyStatus]:
    """Each unit on the map -> its supply status now (K45 11.1, 11.3d)."""
    out: dict[str, SupplyStatus] = {}
    for side in ("german", "soviet"):
        line = trace(ctx, side)
        for uid in on_map(ctx, side):
            d = ctx.unit_def(uid)
            at = ctx.state.units[uid].at
            assert at is not None
            if is_air(d):
                continue
            if int(d.movement_at(max(ctx.state.units[uid].steps, 1))) == 0 and not is_hq(d):
                out[uid] = SupplyStatus.SUPPLIED  # K45 11.3d: zero movement: never OOS
            else:
                out[uid] = line.status(at)
    return out


def new_markers(ctx: Context, before: dict[str, frozenset[str]]) -> dict[str, frozenset[str]]:
    """K45 11.0, 11.2c, 11.3c: the supply markers after a supply phase, from the markers
    before it: in supply clears; out of supply marks OOS, or isolated if already OOS; a limited
    centre never isolates, even through an isolated HQ (11.2c over 11.3c); an HQ's status
    passes to the units it commands."""
    out: dict[str, frozenset[str]] = {}
    status_of = statuses(ctx)
    for uid, status in status_of.items():
        prev = before.get(uid, frozenset())
        if status is SupplyStatus.SUPPLIED:
            out[uid] = frozenset()
        elif status is SupplyStatus.LIMITED:
            out[uid] = frozenset({"oos"})
        elif "oos" in prev or "isolated" in prev:
            out[uid] = frozenset({"isolated"})
        else:
            out[uid] = frozenset({"oos"})
    for uid in list(out):
        hq = hq_of(ctx, uid)
        if hq is None or hq not in out:
            continue
        d = ctx.unit_def(uid)
        if int(d.movement_at(max(ctx.state.units[uid].steps, 1))) == 0:
            continue
        mine, theirs = out[uid], out[hq]
        if "isolated" in theirs and status_of.get(uid) is not SupplyStatus.LIMITED:
            out[uid] = frozenset({"isolated"})  # 11.3c, but 11.2c: a limited centre never isolates
        elif "oos" in theirs and not mine:
            out[uid] = frozenset({"oos"})
    return out


class SupplyPhase(Step):
    """K45 1.4, 11.0: both players determine the supply state of their units."""

    name: ClassVar[str] = "supply"
    args: ClassVar[Mapping[str, Shape] | None] = {}
    rule: ClassVar[str] = "K45 11.0"

    def run(self, ctx: Context, frame: Frame) -> None:
        before = {
            u: frozenset(ctx.state.units[u].markers & {"oos", "isolated"}) for u in on_map(ctx)
        }
        after = new_markers(ctx, before)
        for uid, markers in after.items():
            unit = ctx.state.units[uid]
            if markers != before.get(uid, frozenset()):
                ctx.state.put(unit.unmarked("oos", "isolated").marked(*markers))
                state = (
                    "isolated"
                    if "isolated" in markers
                    else ("out of supply" if markers else "in supply")
                )
                # K45 0.1e: the enemy may not see units under a stack's top: told to the owner
                ctx.tell(
                    ctx.side_of(uid),
                    "supply",
                    f"{uid} is {state}",
                    unit=uid,
                    markers=sorted(markers),
                )
        ctx.state.set(
            "supply_record",
            {
                "positions": {u: ctx.state.units[u].at for u in sorted(after)},
                "before": {u: sorted(m) for u, m in sorted(before.items())},
                "after": {u: sorted(m) for u, m in sorted(after.items())},
                "split": dict(ctx.state.get("split_sources", {})),
            },
        )
        ctx.state.set("lost_since_supply", [])
        ctx.done()


def attack_factor(ctx: Context, uid: str) -> tuple[int, int]:
    """K45 11.3a, 11.3b: (numerator, denominator) of the attack strength multiplier."""
    unit = ctx.state.units[uid]
    return (1, 2) if unit.has("oos") or unit.has("isolated") else (1, 1)


def defence_factor(ctx: Context, uid: str) -> tuple[int, int]:
    """K45 11.3b: isolated units defend at half strength."""
    return (1, 2) if ctx.state.units[uid].has("isolated") else (1, 1)
