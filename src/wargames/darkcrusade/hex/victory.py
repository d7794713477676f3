"""DCH: Victory Conditions.

Victory cities (red-lettered): Warsaw, Bucharest, Leningrad (2), Moscow (3), Smolensk, Kiev,
Voronezh, Odessa, Rostov, Stalingrad, Sevastopol. The Axis wins at once in a German Victory
Determination Phase in 1941 with 7 points of victory cities in supply including Leningrad,
Moscow or Stalingrad; the instant it takes Moscow in supply it rolls a 1/3 chance of Russian
morale collapse. At the game's end (Jan II 42): 10 or more is a Strategic, Smashing Victory;
6 a draw; 5 or less a Russian win. The Russians win a Strategic, Smashing Victory at once by
holding Warsaw, or Bucharest and Ploesti, in supply in their Victory Determination Phase.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import ClassVar

from wargames.core.actions import Action, Choose, Outcome, Pass
from wargames.core.context import Context
from wargames.core.estimate import army_nearness, control_share, nearness, vp_score
from wargames.core.frame_args import Shape
from wargames.core.frontier import list_bfs
from wargames.core.sequence import ChanceStep, Step
from wargames.core.state import Frame, Result
from wargames.darkcrusade import morale

from . import counters as cn
from .charts import charts
from .rail import axis_country, next_railheads
from .supply import SupplyStatus, statuses, supply_map

RULE = "DCH: Victory Conditions"


def city_name(ctx: Context, node: str) -> str:
    return str(ctx.board.attr(node, "name", node))


def value(ctx: Context, node: str) -> int:
    values = charts(ctx).victory["values"]
    name = city_name(ctx, node)
    return max((int(v) for k, v in values.items() if k in name), default=1)


def axis_points(ctx: Context) -> tuple[int, bool]:
    """(points of victory cities the Axis holds in supply, whether one of L/M/S is among them)."""
    supplied = supply_map(ctx, cn.AXIS)
    musts = charts(ctx).victory["musts"]
    points, must = 0, False
    for n in ctx.board.nodes_with("victory"):
        if ctx.state.control.get(n) == cn.AXIS and supplied.in_supply(n):
            points += value(ctx, n)
            must = must or any(m in city_name(ctx, n) for m in musts)
    return points, must


def factor_share(ctx: Context, side: str) -> float:
    """``side``'s share of the combat factors (attack plus defence) on the map; a hidden army
    not yet drawn counts the 2 factors the charts assume (DCH: Russian Replacements)."""
    mine = total = 0
    for u in ctx.state.on_map():
        if cn.has(ctx, u.id, "air"):
            continue
        f = cn.attack_factor(ctx, u.id) + cn.defence_factor(ctx, u.id)
        total += f
        if ctx.side_of(u.id) == side:
            mine += f
    return mine / total if total else 0.5


SEA = frozenset({"black-sea", "baltic", "azov", "lake"})
"""Terrain :func:`approach` does not cross."""


def approach(ctx: Context) -> float:
    """How near the Axis stands to the victory cities, weighted by their points: 1 for a city
    it controls, else 1 less its nearest ground unit's distance over land as a share of the
    farthest land hex's (:func:`wargames.core.estimate.nearness`)."""
    cities = {n: float(value(ctx, n)) for n in ctx.board.nodes_with("victory")}
    return nearness(
        ctx,
        _axis_ground(ctx),
        cities,
        held={n for n in cities if ctx.state.control.get(n) == cn.AXIS},
        passable=_land(ctx),
        key="dch-land",
    )


def advance(ctx: Context) -> float:
    """How far the whole Axis army has come towards the Russian victory cities: each ground
    unit's nearness to its nearest one, averaged (:func:`wargames.core.estimate.army_nearness`).
    Warsaw and Bucharest, in the Axis countries, are not among them: the Axis holds them from
    the start and its win needs the Russian ones as well (DCH: Victory Conditions: 7 points
    "including Warsaw, and Bucharest"; "Other victory cities are Smolensk, Kiev ..."), so a
    unit standing near its own rear cities has not advanced."""
    return army_nearness(
        ctx,
        _axis_ground(ctx),
        targets(ctx),
        passable=_land(ctx),
        key="dch-land",
    )


def targets(ctx: Context) -> list[str]:
    """The victory cities outside the Axis countries (DCH: Victory Conditions)."""
    # DCH: Victory Conditions: Warsaw and Bucharest, in the Axis countries, are the Axis's own
    return [n for n in ctx.board.nodes_with("victory") if not axis_country(ctx, n)]


def supply_reach(ctx: Context) -> float:
    """How near the Axis supply sources stand to the Russian victory cities, weighted by their
    points: 1 for a city the Axis holds in Full Supply, else 1 less the distance over land
    from the nearest rail head, as it will stand after its next advance (up to 2 rail hexes
    along Axis-controlled rail), as a share of the farthest land hex's
    (:func:`wargames.core.estimate.nearness`). DCH: Supply: a Full Supply line is 4 hexes
    back "to an Axis country or one of 5 rail heads, which advance 2 rail hexes per turn";
    DCH: Victory Conditions counts the cities held in supply only, so a city taken beyond
    the rail heads' reach scores nothing until they come up, and only the rail the Axis
    controls ahead of them lets them come up (:func:`.rail.advance_railheads`)."""
    # DCH: Supply: "rail heads, which advance 2 rail hexes per turn"
    heads = next_railheads(ctx)
    supplied = supply_map(ctx, cn.AXIS)
    cities = {n: float(value(ctx, n)) for n in targets(ctx)}
    return nearness(
        ctx,
        heads,
        cities,
        held={n for n in cities if ctx.state.control.get(n) == cn.AXIS and supplied.in_supply(n)},
        passable=_land(ctx),
        key="dch-land",
    )


def supplied_share(ctx: Context) -> float:
    """The Axis ground units' combat factors (attack plus defence) weighted by their supply
    now, as a share of all of them: 1 in Full Supply, 1/2 in Limited Supply, 0 Isolated
    (DCH: Supply: attacks with Limited Supply units are a column lower and leave them
    Disrupted, attacks on Limited or Isolated units a column higher; Isolated units are
    Disrupted and do not recover). 1 without ground units."""
    got = statuses(ctx, cn.AXIS)
    # DCH: Supply: Limited Supply costs a column and a Disruption; Isolated units are lost
    weight = {SupplyStatus.SUPPLIED: 1.0, SupplyStatus.LIMITED: 0.5}
    mine = total = 0.0
    for u in ctx.units_of(cn.AXIS):
        if u.at is None or cn.has(ctx, u.id, "air"):
            continue
        f = cn.attack_factor(ctx, u.id) + cn.defence_factor(ctx, u.id)
        total += f
        mine += f * weight.get(got.get(u.id, SupplyStatus.UNSUPPLIED), 0.0)
    return mine / total if total else 1.0


GUARD_REACH = 5
"""Hexes beyond which a Russian ground unit no longer threatens an empty Warsaw or
Bucharest-Ploesti in :func:`guard` (about a move and a half of Russian infantry)."""


def sudden_death_hexes(ctx: Context) -> tuple[list[str], list[str]]:
    """(Warsaw's hexes, Bucharest's and Ploesti's hexes): the Russians win at once holding
    Warsaw, or Bucharest and Ploesti, in supply (DCH: Victory Conditions, :class:`RussianVDP`)."""
    board = ctx.board
    warsaw = [n for n in board.nodes_with("victory") if "Warsaw" in city_name(ctx, n)]
    romania = {n for n in board.nodes_with("victory") if "Bucharest" in city_name(ctx, n)}
    romania |= {n for n in board.nodes_with("oil") if "Ploesti" in city_name(ctx, n)}
    return warsaw, sorted(romania)


def guard(ctx: Context) -> float:
    """How safe the Axis stands from the Russian Strategic, Smashing Victory (DCH: Victory
    Conditions: Warsaw, or Bucharest and Ploesti, held in supply), 0 to 1: the lesser of
    Warsaw's safety and Romania's (the lesser of Bucharest's and Ploesti's, which must both
    fall). A hex is safe (1) with an Axis ground unit on it (the Russians must attack it
    first), unsafe (0) held by the Russians, else ``(d - 1) / GUARD_REACH`` (at most 1) for
    ``d`` the fewest land hexes to a Russian ground unit through hexes no Axis ground unit
    holds (a Russian unit walks into an empty Axis hex; search agents' view of the rear)."""
    axis = set(_axis_ground(ctx))
    ix = ctx.board.index
    number = ix.number
    russian = [
        number[u.at]
        for u in ctx.units_of(cn.RUSSIAN)
        if u.at is not None and not cn.has(ctx, u.id, "air")
    ]
    free = list(_land_mask(ctx))  # land hexes no Axis ground unit holds
    for h in axis:
        free[number[h]] = False

    def safety(hex_: str) -> float:
        if hex_ in axis:
            return 1.0
        if ctx.state.control.get(hex_) == cn.RUSSIAN:
            return 0.0
        dist = list_bfs(ix.adj, free, [number[hex_]], GUARD_REACH).tolist()
        reached = [dist[n] for n in russian if dist[n] >= 0]
        return (min(reached) - 1) / GUARD_REACH if reached else 1.0

    warsaw, romania = sudden_death_hexes(ctx)
    w = min((safety(n) for n in warsaw), default=1.0)
    r = min((safety(n) for n in romania), default=1.0)
    return min(w, r)


def _axis_ground(ctx: Context) -> list[str]:
    return [
        u.at for u in ctx.units_of(cn.AXIS) if u.at is not None and not cn.has(ctx, u.id, "air")
    ]


def _land_mask(ctx: Context) -> tuple[bool, ...]:
    """Per hex (by board index), whether it is land (:func:`_land`), kept per board."""
    land = _land(ctx)
    return ctx.board.index.cached(("dch-land-mask",), lambda ix: tuple(map(land, ix.ids)))


def _land(ctx: Context) -> Callable[[str], bool]:
    """Whether a hex is land (:data:`SEA` is not)."""
    return lambda n: ctx.board.terrain(n) not in SEA


def estimate(ctx: Context, side: str) -> float:
    """DCH: Victory Conditions, for search agents (wargames.search), from ``side``'s view: 0.35
    a score of the victory city points the Axis holds in supply (:func:`vp_score`: around the
    game-end line, 7 or more an Axis win, 6 a draw, 5 or less a Russian win, and their share
    of the 7 a win needs), 0.15 the Axis share of the combat factors on the map, 0.05 the
    share of its ground factors in supply (:func:`supplied_share`), 0.05 its share of the
    controlled hexes, 0.05 its :func:`approach` to the victory cities, 0.15 the whole army's
    :func:`advance` towards the Russian ones, 0.1 the rail heads' :func:`supply_reach`
    towards them (DCH: Supply: a city counts only in supply) and 0.1 the :func:`guard` of
    the Russians' sudden-death cities."""
    points, _ = axis_points(ctx)
    v = charts(ctx).victory
    axis = (
        0.35 * vp_score(points, int(v["draw"]) + 0.5, int(v["axis_win"]))
        + 0.15 * factor_share(ctx, cn.AXIS)
        + 0.05 * supplied_share(ctx)
        + 0.05 * control_share(ctx, cn.AXIS)
        + 0.05 * approach(ctx)
        + 0.15 * advance(ctx)
        + 0.1 * supply_reach(ctx)
        + 0.1 * guard(ctx)
    )
    return axis if side == cn.AXIS else 1.0 - axis


def immediate_win(ctx: Context) -> int | None:
    """The Axis points if it may claim the 1941 immediate win now, else None."""
    v = charts(ctx).victory
    points, must = axis_points(ctx)
    if ctx.turn <= int(v["last_sudden_turn"]) and points >= int(v["axis_win"]) and must:
        return points
    return None


class GermanVDP(Step):
    """DCH: Sequence B.7: the Axis immediate win in 1941, which the Axis player may claim or
    decline to wait for the game's end (a Strategic, Smashing Victory with 10 cities)."""

    name: ClassVar[str] = "german-vdp"
    args: ClassVar[Mapping[str, Shape] | None] = {}
    kind: ClassVar[str] = "choose"
    rule: ClassVar[str] = RULE
    actions: ClassVar[tuple[type[Action], ...]] = (Choose, Pass)

    def actor(self, ctx: Context, frame: Frame) -> str | None:
        return cn.AXIS if immediate_win(ctx) is not None else None

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        return [Choose("claim"), Pass()]

    def run(self, ctx: Context, frame: Frame) -> None:
        ctx.done()

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        points = immediate_win(ctx)
        ctx.done()
        if isinstance(action, Choose):
            ctx.end(Result(cn.AXIS, "victory", f"{points} victory city points in supply in 1941"))
        else:
            ctx.emit("wait", "the Axis player waits for the game's end")


class RussianVDP(Step):
    """DCH: Sequence A.7: the Russian Strategic, Smashing Victory."""

    name: ClassVar[str] = "russian-vdp"
    args: ClassVar[Mapping[str, Shape] | None] = {}
    rule: ClassVar[str] = RULE

    def run(self, ctx: Context, frame: Frame) -> None:
        supplied = supply_map(ctx, cn.RUSSIAN)
        held = {
            city_name(ctx, n)
            for n in ctx.board.nodes_with("victory")
            if ctx.state.control.get(n) == cn.RUSSIAN and supplied.in_supply(n)
        }
        oil = {
            city_name(ctx, n)
            for n in ctx.board.nodes_with("oil")
            if ctx.state.control.get(n) == cn.RUSSIAN and supplied.in_supply(n)
        }
        warsaw = any("Warsaw" in h for h in held)
        romania = any("Bucharest" in h for h in held) and any("Ploesti" in h for h in oil)
        if warsaw or romania:
            ctx.end(
                Result(
                    cn.RUSSIAN,
                    "strategic smashing victory",
                    "Warsaw, or Bucharest and Ploesti, held in supply",
                )
            )
            return
        ctx.done()


def final(ctx: Context) -> Result:
    v = charts(ctx).victory
    points, _ = axis_points(ctx)
    if points >= int(v["axis_smashing"]):
        return Result(cn.AXIS, "strategic smashing victory", f"{points} points at game's end")
    if points > int(v["draw"]):
        return Result(cn.AXIS, "victory", f"{points} points at game's end")
    if points == int(v["draw"]):
        return Result(None, "draw", f"{points} points at game's end")
    return Result(cn.RUSSIAN, "victory", f"the Axis has only {points} points at game's end")


def moscow(ctx: Context) -> str | None:
    for n in ctx.board.nodes_with("victory"):
        if "Moscow" in city_name(ctx, n):
            return n
    return None


class MoscowCheck(Step):
    """DCH: Victory Conditions: the instant the Axis takes Moscow in supply, a 1/3 chance of
    Russian morale collapse (checked after every phase, once per capture)."""

    name: ClassVar[str] = "moscow-check"
    args: ClassVar[Mapping[str, Shape] | None] = {}
    rule: ClassVar[str] = RULE

    def run(self, ctx: Context, frame: Frame) -> None:
        ctx.done()
        m = moscow(ctx)
        if m is None:
            return
        held = ctx.state.control.get(m) == cn.AXIS
        if not held:
            ctx.state.set("moscow_rolled", False)
            return
        if ctx.state.get("moscow_rolled") or not supply_map(ctx, cn.AXIS).in_supply(m):
            return
        ctx.state.set("moscow_rolled", True)
        ctx.push("moscow-collapse")


class MoscowCollapse(ChanceStep):
    """The morale-collapse roll (2 chances in 6)."""

    name: ClassVar[str] = "moscow-collapse"
    args: ClassVar[Mapping[str, Shape] | None] = {}
    rule: ClassVar[str] = RULE

    def outcomes(self, ctx: Context, frame: Frame) -> list[tuple[Action, Fraction]]:
        return morale.outcomes(int(charts(ctx).victory["moscow_collapse_in_sixths"]))

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        assert isinstance(action, Outcome)
        ctx.done()
        if action.value == "collapse":
            ctx.end(morale.COLLAPSE)
