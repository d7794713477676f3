"""DCH: Ground Combat Resolution: one attack at a time, from the No Retreat! question to the
tactical advances, with the round-up and pressed-attack gambles and the die as chance steps.

The automatic ``battle`` step runs the stages of the :class:`~.battle.Battle` in
``vars.battle``; each decision is a small frame above it: ``battle-choose`` (a named option),
``battle-chance`` (a die or a gamble), ``battle-loss`` (one attacking unit covering an
exchange or AE), ``battle-retreat`` and ``battle-advance``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from itertools import combinations, pairwise
from typing import ClassVar

import attrs

from wargames.core.actions import Action, Advance, AllocateLosses, Choose, Outcome, Pass
from wargames.core.actions import Retreat as RetreatAction
from wargames.core.advance import AdvanceRules, AdvanceSituation, advance_paths
from wargames.core.board_index import BoardIndex
from wargames.core.changes import eliminate as remove
from wargames.core.context import Context
from wargames.core.errors import IllegalAction
from wargames.core.frame_args import SIDE, Shape
from wargames.core.markers import SEGMENT, TURN, scoped
from wargames.core.prose import node_label, words
from wargames.core.retreat import (
    AwayFromAttackers,
    RetreatRules,
    RetreatSituation,
    preferred,
    retreat_paths,
)
from wargames.core.sequence import ChanceStep, Step
from wargames.core.state import Frame
from wargames.core.steps import SideStep

from . import counters as cn
from .air import support_options
from .attacks import allocations, open_rumania
from .battle import Battle, Stage, current, save
from .charts import charts
from .hidden import lose, reveal, to_reveal
from .movement import SCALE, in_south, unit_class, unit_costs
from .odds import (
    base_odds,
    defenders,
    free_river,
    gambles,
    german_rounding,
    odds,
    river_sides,
    round_up_sixths,
)
from .results import RETREATS, convert, extra_retreat, held, is_exchange, multiplier
from .stacking import fits, fits_all
from .supply import SupplyStatus, statuses
from .terrain import bonused, modified_defences, water
from .weather import GOOD, MUD, overrun_weather, weather
from .zoc import zone_map

RESULTS = "DCH: Combat Results Definitions"
NO_RETREAT = "DCH: Surrounded/Retreat Impossible/No Retreat! Orders"
RETREAT = "DCH: Tactical Retreats"
ADVANCE = "DCH: Tactical Advances After Combat"
PRESSED = "DCH: Asymmetric Combat Odds Calculations (pressed attack)"
OVERRUN = "DCH: Armored Overrun"

# DCH: Tactical Retreats: away from the attacked hex (each hex farther), never next to a hex
# the stack was attacked from unless a friendly unit holds it, and "if possible" away from
# the attackers' hexes.
RETREAT_RULES = RetreatRules(
    rule=RETREAT,
    blocked=RETREAT,
    farther=RETREAT,
    attackers=RETREAT,
    preferences=(AwayFromAttackers(RETREAT),),
)
# DCH: Combat Results, D: "Units retreated if hex overstacked": a withdrawal that would end
# overstacked is retreated on, through at most 2 more hexes (reading: as far again as the
# withdrawal itself), to a hex where it fits; it may not end overstacked
WITHDRAW_OVERSTACK = 2


# --- helpers ---------------------------------------------------------------------------------
def alive(ctx: Context, uids: tuple[str, ...]) -> list[str]:
    return [u for u in uids if ctx.state.units[u].at is not None]


def eliminate(ctx: Context, uid: str, why: str) -> None:
    """Off the map to the eliminated box; a hidden army's counter goes back to the pile of the
    42 (:func:`hidden.lose`)."""
    remove(ctx, uid, cn.ELIMINATED, why)
    if cn.has(ctx, uid, "hidden"):
        lose(ctx, uid)


def disrupt(ctx: Context, uid: str) -> None:
    """DCH: Disrupted Units: an already Disrupted unit just remains so."""
    unit = ctx.state.units[uid]
    ctx.state.put(unit.marked(cn.DISRUPTED, scoped(cn.HIT, SEGMENT)))


def set_control(ctx: Context, node: str, side: str) -> None:
    ctx.state.control[node] = side


def start(ctx: Context, target: str, attackers: list[str], side: str, mode: str) -> None:
    """Begin resolving the attack on ``target`` (pushes the ``battle`` step)."""
    origins = sorted({at for u in attackers if (at := ctx.state.units[u].at) is not None})
    blitz = any(ctx.state.units[u].has(cn.BLITZ) for u in attackers)
    for u in attackers:
        unit = ctx.state.units[u]
        ctx.state.put(unit.marked(scoped(cn.ATTACKED, TURN)).unmarked(cn.BLITZ))
    open_rumania(ctx, side, origins)  # DCH: Special First Turn Rules
    defs = tuple(defenders(ctx, target, side))
    if ctx.state.get("free_river") is None and free_river(ctx, attackers, target):
        ctx.state.set("free_river", river_sides(ctx, attackers, target)[0])
    ctx.state.set("last_battle", [ctx.turn, ctx.state.phase, ctx.state.segment])
    # DCH: Supply: "The supply status for combat is determined at the moment of attack"
    status = statuses(ctx, side)
    limited = tuple(u for u in attackers if status.get(u) != SupplyStatus.SUPPLIED)
    b = Battle(
        target, side, mode, tuple(attackers), tuple(origins), defs, blitz=blitz, limited=limited
    )
    ctx.emit("battle", f"{'+'.join(attackers)} attack {target}", target=target)
    save(ctx, b)
    ctx.push("battle")


def in_target(ctx: Context, b: Battle) -> list[str]:
    """The defenders still in the attacked hex that may retreat (not under No Retreat!)."""
    return [u for u in b.defenders if ctx.state.units[u].at == b.target and u not in b.holding]


def retreat_options(
    ctx: Context,
    b: Battle,
    length: int,
    minimum: int,
    stack: list[str] | None = None,
    overstack: int = 0,
) -> list[tuple[str, ...]]:
    """DCH: Tactical Retreats: paths for the defending stack of ``minimum``..``length`` hexes
    (away from the attacked hex, no closer to the attackers, not into enemy units, the sea,
    an unfrozen lake, or a movement-blocking EZOC not held by a friendly unit or fortress); an
    empty list if the stack cannot retreat ``minimum`` hexes. ``overstack``: how many hexes
    further a stack that would end overstacked is retreated on (0: it may not end there)."""
    index = ctx.board.index
    occ = ctx.state.occupancy()
    side = cn.enemy(b.side)
    if stack is None:
        stack = in_target(ctx, b)
    friends = {index.number[n] for n, us in occ.items() if ctx.side_of(us[0]) == side}
    # DCH: Tactical Retreats: "not through movement-blocking enemy ZOCs unoccupied by friendly
    # units or fortresses": a fortress the attacker does not hold opens its hex too
    forts = {
        index.number[n]
        for n in ctx.board.nodes_with("fortress")
        if ctx.state.control.get(n) != b.side
    }
    zoc = zone_map(ctx, b.side).nodes - friends - forts
    # DCH: Tactical Retreats: only friendly units not under an unresolved attack open a
    # hexside next to a hex the stack was attacked from
    pending = {index.number[t] for t in allocations(ctx)}
    prohibited = {index.number[n] for n, us in occ.items() if ctx.side_of(us[0]) == b.side}
    prohibited |= {index.number[n] for n in ctx.board if water(ctx, n)}
    prohibited |= set(zoc)
    # DCH: Terrain (Mountain): panzer/tank and motorized units "must be at division/brigade
    # level to transit": a stack holding such a korps retreats through no mountain hex (a
    # reading: retreats are transits too; see the coverage table)
    if any(unit_class(ctx, u) == "korps-mobile" for u in stack):
        prohibited |= {index.number[n] for n in ctx.board if ctx.board.terrain(n) == "mountain"}

    def fit(v: int) -> bool:
        node = index.ids[v]
        # DCH: "Stacking" Limits: "Retreating units may not violate the stacking limit": the
        # retreating stack counted together with the units already there
        return fits_all(ctx, stack, node, leaving=stack) or v == index.number[b.target]

    situation = RetreatSituation(
        prohibited=frozenset(prohibited),
        attackers=frozenset(index.number[o] for o in b.origins),
        friendly=frozenset(friends - pending),
        fits=fit,
    )
    start = index.number[b.target]
    rules = attrs.evolve(RETREAT_RULES, overstack_hexes=overstack)
    if not any(cn.has(ctx, u, "railway-gun") for u in stack):
        paths = retreat_paths(index, start, length, rules, situation, minimum)
        return [p.labels(index) for p in paths if not p.eliminated and p.hexes >= minimum]
    # DCH: Strategic Movement by Rail ("Same for Russian Railway Guns!"): a stack with a
    # railway gun retreats back up a rail line, every hexside of the route a rail hexside; the
    # "if possible" preference is applied after the rail filter, so it never drops a rail route
    rail = [
        p
        for p in retreat_paths(
            index, start, length, attrs.evolve(rules, preferences=()), situation, minimum
        )
        if not p.eliminated
        and p.hexes >= minimum
        and all("rail" in ctx.board.edge_features(a, c) for a, c in pairwise(p.labels(index)))
    ]
    stages = preferred(index, rail, RETREAT_RULES.preferences, situation)
    return [p.labels(index) for p in (stages[-1][1] if stages else rail)]


def can_retreat(ctx: Context, b: Battle) -> bool:
    """Whether any of the defenders can retreat (a railway gun that cannot is destroyed
    alone, so it does not make the others Surrounded; a unit that can retreat alone makes
    the stack not Surrounded: see :func:`retreat_groups`)."""
    stack = in_target(ctx, b)
    others = [u for u in stack if not cn.has(ctx, u, "railway-gun")]
    return any(retreat_options(ctx, b, 1, 1, [u]) for u in others or stack)


def span(b: Battle) -> tuple[int, int]:
    """The Dn retreat's (most, least) hexes: the attacker's choice plus the defender's extra,
    at least one."""
    return b.retreat + b.extra, max(b.retreat, 1)


def retreat_groups(ctx: Context, b: Battle, length: int, minimum: int) -> list[RetreatAction]:
    """DCH: Tactical Retreats and "Stacking" Limits: the defending stack's retreats; if it
    cannot retreat as a whole, those of its largest groups that can ("some or all of the
    defending units required to retreat from a hex may be in a No Retreat! situation"): the
    defender chooses the group by its retreat, and the others retreat after it as they can."""
    stack = in_target(ctx, b)
    for size in range(len(stack), 0, -1):
        out = [
            RetreatAction(group, p)
            for group in combinations(stack, size)
            for p in retreat_options(ctx, b, length, minimum, list(group))
        ]
        if out:
            return out
    return []


def covered_defenders(ctx: Context, b: Battle, total: int) -> list[str]:
    """As many defending units as ``total`` attacking factors cover (smallest first), each
    costing its factor-modified defence (DCH: X/2, X, 2X: "Defending units whose
    factor-modified defense factors are at least equaled ...")."""
    out = []
    mult = multiplier(b.code)
    left = Fraction(total)
    modified = modified_defences(ctx, b.target, alive(ctx, b.defenders), alive(ctx, b.attackers))
    for u in sorted(modified, key=lambda u: (modified[u], u)):
        cost = mult * modified[u]
        if cost <= left:
            out.append(u)
            left -= cost
    return out


# --- loss tokens -------------------------------------------------------------------------
FLIP = "flip:"


def loss_options(ctx: Context, b: Battle) -> list[str]:
    """DCH: eXchanges: the attacker's choice of losses, with the listed priorities: attacking
    Russian armour first when covering German (not allied) panzer, motorized or army factors;
    attacking German panzers first when covering Russian 4-3 or 3-2 tank korps; a German army
    on its strong side may flip to its weak side to cover the difference without permanent
    loss."""
    units = alive(ctx, b.attackers)
    if not is_exchange(b.code):
        return list(units)  # DCH: AE: the attacker's choice (the priorities are exchanges')
    defs = b.defenders
    first: list[str] = []
    if b.side == cn.RUSSIAN and any(
        cn.is_german(ctx, d)
        and (cn.is_armour(ctx, d) or cn.has(ctx, d, "motorized") or cn.is_army(ctx, d))
        for d in defs
    ):
        first = [u for u in units if cn.is_armour(ctx, u)]
    elif b.side == cn.AXIS and any(
        cn.has(ctx, d, "tank") and cn.attack_factor(ctx, d) >= 3 for d in defs
    ):
        first = [u for u in units if cn.has(ctx, u, "panzer")]
    if first:
        return list(first)  # the panzers (or Russian armour) go first, before any army flips
    out = list(units)
    out += [
        FLIP + u
        for u in units
        if cn.is_german(ctx, u) and cn.is_army(ctx, u) and ctx.state.units[u].steps == 2
    ]
    return out


# --- advance limits ------------------------------------------------------------------------
def advance_limit(ctx: Context, uid: str, b: Battle) -> int:
    """DCH: Tactical Advances: hexes ``uid`` may advance after result ``b.code``."""
    code = b.code
    if code in ("BK", "DE", "D3"):
        if cn.is_axis(ctx, uid) and weather(ctx) == MUD:
            return 1
        if (cn.is_german(ctx, uid) and cn.has(ctx, uid, "panzer")) or (
            ctx.side_of(uid) == cn.RUSSIAN and cn.has(ctx, uid, "cavalry")
        ):
            return 3
        if (
            ctx.side_of(uid) == cn.RUSSIAN
            and any(cn.has(ctx, uid, f) for f in ("tank", "parachute", "shock"))
        ) or (
            # German motorized and Axis cavalry: an allied motorized unit (HuMob) advances 1 hex
            (cn.is_german(ctx, uid) and cn.has(ctx, uid, "motorized"))
            or (cn.is_axis(ctx, uid) and cn.has(ctx, uid, "cavalry"))
        ):
            return 2
        return 1
    if code == "D1" and b.retreated > 1:
        return min(b.retreated, 1 if cn.is_axis(ctx, uid) and weather(ctx) == MUD else 3)
    return 1


def ignores_zoc(ctx: Context, uid: str, b: Battle) -> bool:
    """DCH: Tactical Advances: tanks/panzers, SS, parachute and shock units ignore ZOCs into
    and through the vacated hex on a DE or BK."""
    return b.code in ("DE", "BK") and any(
        cn.has(ctx, uid, f) for f in ("panzer", "tank", "ss", "parachute", "shock")
    )


def _advance_cost(ctx: Context, uid: str) -> Callable[[BoardIndex, int, int], int]:
    rows = unit_costs(ctx, uid).rows(ctx.board.index)

    def cost(index: BoardIndex, u: int, v: int) -> int:
        for w, c, _ in rows[u]:
            if w == v:
                return c
        return 99

    return cost


def _fitter(ctx: Context, uid: str) -> Callable[[int], bool]:
    ids = ctx.board.index.ids
    return lambda v: fits(ctx, uid, ids[v])


def advances(ctx: Context, b: Battle) -> list[Action]:
    """DCH: Tactical Advances: the attackers' advances once the attacked hex is vacated (the
    defenders eliminated, retreated or withdrawn)."""
    if any(ctx.side_of(u) != b.side for u in ctx.state.occupancy().get(b.target, ())):
        return []
    index = ctx.board.index
    occ = ctx.state.occupancy()
    prohibited = {index.number[n] for n, us in occ.items() if ctx.side_of(us[0]) != b.side}
    prohibited |= {index.number[n] for n in ctx.board if water(ctx, n)}
    zones = zone_map(ctx, cn.enemy(b.side))
    friendly = {index.number[n] for n, us in occ.items() if ctx.side_of(us[0]) == b.side}
    out: list[Action] = [Pass()]
    for uid in alive(ctx, b.attackers):
        if uid in b.advanced or cn.disrupted(ctx, uid):
            continue
        at = ctx.state.units[uid].at
        assert at is not None
        beside = b.into >= b.defence
        # DCH: Tactical Advances: "All Zone of Control movement restrictions are still in
        # effect" (the stop on entering an EZOC and the same-unit rule), "but not for
        # tanks/panzers, SS, parachute, and shock moving into/through the vacated hex on a DE
        # or BK result"
        rules = AdvanceRules(
            rule=ADVANCE,
            blocked=ADVANCE,
            ezoc_stops=ADVANCE,
            same_unit=ADVANCE,
            beside=ADVANCE if beside else None,
        )
        free = {index.number[b.target]} if ignores_zoc(ctx, uid, b) else set()
        situation = AdvanceSituation(
            prohibited=frozenset(prohibited),
            ezoc=zones.nodes,
            occupied=frozenset(index.number[n] for n in occ),
            fits=_fitter(ctx, uid),
            zones=zones,
            friendly=frozenset(friendly),
            zoc_free=frozenset(free),
        )
        limit = advance_limit(ctx, uid, b)
        if limit > 1 and b.code in ("BK", "DE", "D3"):
            # DCH: Tactical Advances: 2 or 3 movement factors, road movement past the vacated
            # hex, the river's extra factor (the first hex is always allowed)
            rules = attrs.evolve(rules, cost=_advance_cost(ctx, uid))
            limit *= SCALE
        for p in advance_paths(
            index, index.number[at], index.number[b.target], limit, rules, situation
        ):
            path = p.labels(index)
            # DCH: Operational Movement: Axis allied units must remain in the south
            if all(in_south(ctx, uid, n) for n in path):
                out.append(Advance((uid,), path))
    return out if len(out) > 1 else []


# --- the driver --------------------------------------------------------------------------
class BattleStep(Step):
    """The automatic driver of the battle in ``vars.battle`` (DCH: Sequence A.5 / B.5)."""

    name: ClassVar[str] = "battle"
    args: ClassVar[Mapping[str, Shape] | None] = {}
    rule: ClassVar[str] = RESULTS

    def run(self, ctx: Context, frame: Frame) -> None:
        handlers: dict[Stage, Callable[[Context, Battle], Battle | None]] = {
            Stage.REVEAL: _reveal,
            Stage.AIR: _air,
            Stage.NO_RETREAT: _no_retreat,
            Stage.FORCED_BEFORE: _forced_before,
            Stage.PRESS: _press,
            Stage.GAMBLE: _gamble,
            Stage.ROUND_UP: _round_up,
            Stage.PRESS_ROLL: _press_roll,
            Stage.ROLL: _roll,
            Stage.FORCED_AFTER: _forced_after,
            Stage.AVOID: _avoid,
            Stage.RESULT: _result,
            Stage.OPT_OUT: _opt_out,
            Stage.DECLINE: _decline,
            Stage.EXCHANGE: _exchange,
            Stage.LENGTH: _length,
            Stage.RETREAT: _retreat,
            Stage.WITHDRAW: _withdraw,
            Stage.LOSSES: _losses,
            Stage.ADVANCE: _advance,
        }
        for _ in range(100):
            b = current(ctx)
            if b.stage == Stage.END:
                _end(ctx, b)
                return
            nxt = handlers[b.stage](ctx, b)
            if nxt is None:
                return  # a decision frame was pushed
            save(ctx, nxt)
        raise RuntimeError("the battle did not progress")


def _to(b: Battle, stage: Stage, **changes: object) -> Battle:
    return attrs.evolve(b, stage=stage, **changes)  # type: ignore[arg-type]


def _reveal(ctx: Context, b: Battle) -> Battle | None:
    units = [*alive(ctx, b.attackers), *alive(ctx, b.defenders)]
    hidden = to_reveal(ctx, units)
    if hidden:
        ctx.push("reveal", unit=hidden[0])
        return None
    for u in units:
        if cn.has(ctx, u, "elite-group") or cn.has(ctx, u, "hidden"):
            reveal(ctx, u)  # a face-down counter (drawn before, or re-hidden) fights face up
    if not alive(ctx, b.defenders):
        return _to(b, Stage.ADVANCE, code="DE")
    o = odds(ctx, alive(ctx, b.attackers), b.target)
    if o.base < 0:
        # the revealed strengths put the attack below 1:5: it is read on 1:5
        o = attrs.evolve(o, base=0)
    return _to(b, Stage.AIR, base=o.base, shift=o.shift, defence=o.defence)


def _air(ctx: Context, b: Battle) -> Battle | None:
    # DCH: Close Air Support: the attacker may commit air units before the battle.
    if support_options(ctx, b):
        ctx.push("battle-air", by=b.side)
        return None
    return _to(b, Stage.NO_RETREAT)


def _decide(ctx: Context, b: Battle, by: str) -> None:
    ctx.push("battle-choose", by=by)


def _no_retreat(ctx: Context, b: Battle) -> Battle | None:
    # DCH: No Retreat!: the Attacker must ask the Defender before any battle is resolved.
    _decide(ctx, b, cn.enemy(b.side))
    return None


def _forced_before(ctx: Context, b: Battle) -> Battle | None:
    # DCH: the Russian player must declare a Forced Exchange before the die is rolled.
    if b.no_retreat and b.side == cn.RUSSIAN:
        _decide(ctx, b, b.side)
        return None
    return _to(b, Stage.PRESS)


def _press(ctx: Context, b: Battle) -> Battle | None:
    _decide(ctx, b, b.side)
    return None


def _gamble(ctx: Context, b: Battle) -> Battle | None:
    ctx.push("battle-chance")
    return None


def enhanced(ctx: Context) -> bool:
    """DCH: the enhanced/optional combat odds expansion is in use (scenario option)."""
    return bool(ctx.options.get("enhanced_odds", False))


def gamble_options(ctx: Context, b: Battle) -> list[str]:
    """``gamble:<target>:<fallback>`` choices of the enhanced odds (German attacks only)."""
    atts = alive(ctx, b.attackers)
    if not enhanced(ctx) or b.side != cn.AXIS or not german_rounding(ctx, atts):
        return []
    scale = charts(ctx).crt.scale
    o = attrs.evolve(base_odds(ctx, atts, b.target), base=b.base)
    return [f"gamble:{scale.label(t)}:{scale.label(f)}" for t, f, _ in gambles(ctx, o)]


def _round_up(ctx: Context, b: Battle) -> Battle | None:
    o = base_odds(ctx, alive(ctx, b.attackers), b.target)
    if german_rounding(ctx, alive(ctx, b.attackers)) and round_up_sixths(
        ctx, attrs.evolve(o, base=b.base)
    ):
        ctx.push("battle-chance")
        return None
    return _to(b, Stage.PRESS_ROLL)


def _press_roll(ctx: Context, b: Battle) -> Battle | None:
    if b.press:
        ctx.push("battle-chance")
        return None
    return _to(b, Stage.ROLL)


def _roll(ctx: Context, b: Battle) -> Battle | None:
    ctx.push("battle-chance")
    return None


def _forced_after(ctx: Context, b: Battle) -> Battle | None:
    # DCH: the German player may declare a Forced Exchange after the die is rolled.
    if b.no_retreat and b.side == cn.AXIS and not b.forced:
        _decide(ctx, b, b.side)
        return None
    return _to(b, Stage.AVOID)


def _avoid(ctx: Context, b: Battle) -> Battle | None:
    # DCH: defending Germans (only) may avoid a Forced Exchange by accepting a D3 instead;
    # only a result the Forced Exchange turns into an exchange (a DE or BK stands) is avoided.
    german = any(cn.is_german(ctx, d) for d in b.defenders)
    exchange = is_exchange(convert(b.rolled, True, True))
    if b.forced and b.side == cn.RUSSIAN and german and exchange:
        _decide(ctx, b, cn.enemy(b.side))
        return None
    return _to(b, Stage.RESULT)


def overrun(ctx: Context, b: Battle, code: str) -> list[str]:
    """DCH: Armored Overrun: on a D2 any pure infantry defending in an un-bonused clear hex is
    eliminated if more pure panzer/tank factors attack it; a D3 likewise eliminates the same
    units and also a German korps or any army (a motorized korps, a mechanized army too: the
    reading recorded in the coverage table); in Good or Hard Frost (or Snow for the Russians)."""
    if code not in ("D2", "D3") or not overrun_weather(weather(ctx), b.side):
        return []
    if bonused(ctx, b.target):
        return []
    armour = sum(cn.attack_factor(ctx, u) for u in alive(ctx, b.attackers) if cn.is_armour(ctx, u))
    out = []
    for d in alive(ctx, b.defenders):
        pure = cn.is_infantry(ctx, d) and not cn.is_mobile(ctx, d)
        # a D3 takes the D2's pure infantry too: the worse result never spares them
        big = code == "D3" and (
            cn.is_army(ctx, d) or (cn.is_german(ctx, d) and cn.is_korps(ctx, d))
        )
        if (pure or big) and armour > cn.defence_factor(ctx, d):
            out.append(d)
    return out


def _result(ctx: Context, b: Battle) -> Battle | None:
    code = b.rolled
    if b.avoided:
        code = "D3"
        b = attrs.evolve(b, holding=())
    elif b.forced:
        code = convert(code, True, True)
    else:
        surrounded = code in ("D1", "D2", "DE") and not can_retreat(ctx, b)
        everyone = set(b.holding) >= set(alive(ctx, b.defenders))
        if surrounded or everyone:
            code = held(code)
        elif b.holding:
            # DCH: No Retreat! orders given to some units: their result is converted alone
            theirs = held(code)
            ctx.emit(
                "result",
                f"the units under No Retreat! in {b.target} suffer {theirs}",
                target=b.target,
                code=theirs,
                units=list(b.holding),
            )
            for u in alive(ctx, b.holding):
                if theirs in ("DE", "BK"):
                    eliminate(ctx, u, f"{theirs} under No Retreat!")
                elif theirs == "D":
                    disrupt(ctx, u)
    ctx.emit("result", f"the attack on {b.target} results in {code}", target=b.target, code=code)
    b = attrs.evolve(b, code=code)
    defs = alive(ctx, b.defenders)
    atts = alive(ctx, b.attackers)
    if code == "-":
        return _to(b, Stage.END)
    if code == "AD":
        for u in atts:
            disrupt(ctx, u)
        return _to(b, Stage.END)
    if code == "AE":
        return _to(b, Stage.LOSSES, need=str(b.defence))
    if code in ("DE", "BK"):
        # DCH: DE: "a German korps or Russian or German army" (not an Axis allied army)
        big = [
            d
            for d in defs
            if (cn.is_army(ctx, d) and not cn.is_ally(ctx, d))
            or (cn.is_german(ctx, d) and cn.is_korps(ctx, d))
        ]
        for d in defs:
            eliminate(ctx, d, code)
        survivor = weak_division(ctx, b, big)
        if survivor is not None:
            return _to(b, Stage.RETREAT, defenders=(*b.defenders, survivor), retreat=3, extra=0)
        return _to(b, Stage.ADVANCE)
    if is_exchange(code):
        # DCH: the enhanced odds expansion makes any exchanges mandatory
        german = all(cn.is_german(ctx, u) for u in atts)
        if b.side == cn.AXIS and weather(ctx) == GOOD and german and not enhanced(ctx):
            return _to(b, Stage.OPT_OUT)
        return _to(b, Stage.DECLINE)
    for d in defs:
        disrupt(ctx, d)
    gone = overrun(ctx, b, code)
    for d in gone:
        eliminate(ctx, d, "armored overrun")
    if code == "D":
        return _to(b, Stage.WITHDRAW)
    n = RETREATS[code]
    return _to(b, Stage.LENGTH, extra=extra_retreat(n))


def weak_division(ctx: Context, b: Battle, eliminated: list[str]) -> str | None:
    """DCH: DE: 1 weak infantry/rifle division may survive the elimination of a German korps
    or a Russian or German army and retreat as for a D3, unless in a No Retreat! situation
    (a division from the side's pool of weak divisions is put in the defended hex)."""
    if not eliminated or b.holding or b.no_retreat:
        return None
    side = ctx.side_of(eliminated[0])
    pool = sorted(u.id for u in ctx.state.units_in(cn.WEAK_DIVISIONS) if ctx.side_of(u.id) == side)
    if not pool:
        return None
    uid = pool[0]
    ctx.state.put(ctx.state.units[uid].moved_to(b.target).marked(cn.DISRUPTED))
    if not retreat_options(ctx, b, 3, 3, [uid]):
        eliminate(ctx, uid, "its retreat is blocked")
        return None
    ctx.emit("survivor", f"{uid} survives the elimination in {b.target}", unit=uid)
    return uid


def _opt_out(ctx: Context, b: Battle) -> Battle | None:
    # DCH: eXchanges: in Good weather not mandatory for attacking Germans (nil instead).
    _decide(ctx, b, b.side)
    return None


def decline_option(ctx: Context, b: Battle) -> str | None:
    """DCH: eXchanges: "the D and B(oth)D(isrupted) options under certain conditions for .5X
    and X combat results" (provisional reading, ``charts.toml`` ``[exchange_options]``): on a
    .5X or X the defender may decline the exchange where the ancestor game (The Barbarossa
    File) let him: Axis defenders in Good or Mud weather or in mountains, Russian defenders in
    Mud or Snow or in swamps. He then takes D (all defenders Disrupted, the D withdrawal) if
    the attacking factors cover the whole exchange, else BD (the attackers Disrupted too).
    Not after a Forced Exchange: "Defending Germans (only) may avoid a Forced Exchange, if
    accepting a D3 result instead" (DCH: No Retreat!), so the D3 is the only way out of it."""
    if multiplier(b.code) not in (Fraction(1, 2), Fraction(1)) or enhanced(ctx):
        return None  # the enhanced odds expansion makes any exchanges mandatory
    if b.forced:
        return None
    defs = alive(ctx, b.defenders)
    if not defs:
        return None
    ch = charts(ctx).exchange_options
    side = "axis" if cn.is_axis(ctx, defs[0]) else "russian"
    in_weather = weather(ctx) in ch[f"{side}_weather"]
    if not in_weather and ctx.board.terrain(b.target) not in ch[f"{side}_terrain"]:
        return None
    total = sum(cn.attack_factor(ctx, u) for u in alive(ctx, b.attackers))
    return "d" if total >= multiplier(b.code) * b.defence else "bd"


def _decline(ctx: Context, b: Battle) -> Battle | None:
    if decline_option(ctx, b) is None:
        return _to(b, Stage.EXCHANGE)
    _decide(ctx, b, cn.enemy(b.side))
    return None


def _exchange(ctx: Context, b: Battle) -> Battle | None:
    atts = alive(ctx, b.attackers)
    defs = alive(ctx, b.defenders)
    need = multiplier(b.code) * b.defence
    if need < 1:
        need = Fraction(0)  # DCH: Exchange cost total ignored if less than 1 factor
    total = sum(cn.attack_factor(ctx, u) for u in atts)
    if total >= need:
        for d in defs:
            eliminate(ctx, d, "exchange")
        if need == 0:
            return _to(b, Stage.ADVANCE)
        return _to(b, Stage.LOSSES, need=str(need))
    for d in covered_defenders(ctx, b, total):
        eliminate(ctx, d, "exchange")
    for u in atts:
        eliminate(ctx, u, "exchange (not all defence covered)")
    for d in alive(ctx, b.defenders):
        disrupt(ctx, d)  # DCH: defending units surviving an eXchange suffer a D result
    return _to(b, Stage.WITHDRAW)  # ... and the D result's voluntary withdrawal


def _length(ctx: Context, b: Battle) -> Battle | None:
    if not alive(ctx, b.defenders):
        return _to(b, Stage.ADVANCE)
    _decide(ctx, b, b.side)
    return None


def _retreat(ctx: Context, b: Battle) -> Battle | None:
    if not in_target(ctx, b) or b.retreat + b.extra == 0:
        return _to(b, Stage.ADVANCE)
    guns = [u for u in in_target(ctx, b) if cn.has(ctx, u, "railway-gun")]
    # DCH: Strategic Movement by Rail: a railway gun that cannot retreat back up a rail line
    # is destroyed; the others retreat without it
    if guns and len(guns) < len(in_target(ctx, b)):
        for gun in guns:
            if not retreat_options(ctx, b, *span(b), [gun]):
                eliminate(ctx, gun, "cannot retreat back up a rail line")
    if not retreat_groups(ctx, b, *span(b)):
        # DCH: Edge of the World / Retreat Impossible: units that cannot retreat are lost
        for d in alive(ctx, b.defenders):
            eliminate(ctx, d, "cannot retreat")
        return _to(b, Stage.ADVANCE)
    ctx.push("battle-retreat", by=cn.enemy(b.side))
    return None


def _left_behind(ctx: Context, b: Battle, staying: list[str]) -> None:
    """Defenders that a retreat of only part of their stack leaves in the hex are in a No
    Retreat! situation (DCH: "Stacking" Limits): D1 -> D (already Disrupted), D2 -> DE; a
    D3 has no conversion: units that cannot retreat are lost (:func:`results.held`)."""
    theirs = held(b.code)
    ctx.emit(
        "result",
        f"{'+'.join(staying)} cannot retreat with the others: No Retreat! ({theirs})",
        target=b.target,
        code=theirs,
        units=list(staying),
    )
    if theirs in ("DE", "BK"):
        for u in staying:
            eliminate(ctx, u, f"{theirs} under No Retreat!")


def withdrawals(ctx: Context, b: Battle) -> list[RetreatAction]:
    """DCH: D: some or all of the defenders may withdraw up to 2 hexes: the whole stack, or
    one unit at a time."""
    stack = in_target(ctx, b)
    if not stack:
        return []
    groups = [stack] + ([[u] for u in stack] if len(stack) > 1 else [])
    return [
        RetreatAction(tuple(g), p)
        for g in groups
        for p in retreat_options(ctx, b, 2, 1, g, overstack=WITHDRAW_OVERSTACK)
    ]


def _withdraw(ctx: Context, b: Battle) -> Battle | None:
    if not withdrawals(ctx, b):
        return _to(b, Stage.ADVANCE)
    ctx.push("battle-retreat", by=cn.enemy(b.side))
    return None


def _losses(ctx: Context, b: Battle) -> Battle | None:
    if b.need_value <= 0 or not alive(ctx, b.attackers):
        if b.code == "AE":
            return _to(b, Stage.END)
        return _to(b, Stage.ADVANCE)
    options = loss_options(ctx, b)
    if len(options) == 1:
        return _pay(ctx, b, options[0])
    ctx.push("battle-loss", by=b.side)
    return None


def _pay(ctx: Context, b: Battle, token: str) -> Battle:
    if token.startswith(FLIP):
        uid = token[len(FLIP) :]
        unit = ctx.state.units[uid]
        d = ctx.unit_def(uid)
        covered = int(d.attack_at(2) - d.attack_at(1))
        ctx.state.put(attrs.evolve(unit, steps=1))
        ctx.emit("flip", f"{uid} flips to its weak side", unit=uid)
    else:
        covered = cn.attack_factor(ctx, token)
        eliminate(ctx, token, b.code)
    return attrs.evolve(b, need=str(b.need_value - covered))


def _advance(ctx: Context, b: Battle) -> Battle | None:
    vacating = b.code in ("DE", "BK", "D1", "D2", "D3", "D") or is_exchange(b.code)
    if vacating and advances(ctx, b):
        ctx.push("battle-advance", by=b.side)
        return None
    return _to(b, Stage.END)


def _end(ctx: Context, b: Battle) -> None:
    atts = alive(ctx, b.attackers)
    # DCH: Supply: attackers in Limited Supply (at the moment of attack) are Disrupted after
    # the combat and any advance.
    for u in atts:
        if u in b.limited:
            disrupt(ctx, u)
    # DCH: Combat Results: BK - Blitzkrieg! German units can attack one additional time.
    if b.code == "BK" and b.side == cn.AXIS:
        for u in atts:
            if cn.is_german(ctx, u) and not cn.disrupted(ctx, u):
                ctx.state.put(ctx.state.units[u].marked(cn.BLITZ))
    # DCH: Sequence A.5 / B.5: attacked Russian non-red (and Axis allied) defenders that no
    # result re-Disrupted are recovered like the un-attacked units (not in the breakthrough).
    if b.mode == "op":
        for d in alive(ctx, b.defenders):
            unit = ctx.state.units[d]
            if recovers_after_attack(ctx, d) and not unit.has(scoped(cn.HIT, SEGMENT)):
                ctx.state.put(unit.unmarked(cn.DISRUPTED))
    ctx.emit("battle-end", f"the attack on {b.target} is over", target=b.target)
    save(ctx, None)
    ctx.done()


def recovers_after_attack(ctx: Context, uid: str) -> bool:
    """Units the sequence recovers during the enemy's combat phase: non-red Russian units
    (A.5) and Axis allied units (B.5), "like the un-attacked units": only in Full or Limited
    Supply now (DCH: Sequence A.4), and never Isolated (DCH: Supply)."""
    unit = ctx.state.units[uid]
    if not unit.has(cn.DISRUPTED) or unit.has(cn.ISOLATED):
        return False
    if statuses(ctx, ctx.side_of(uid)).get(uid) == SupplyStatus.UNSUPPLIED:
        return False
    if ctx.side_of(uid) == cn.RUSSIAN:
        return not cn.is_red(ctx, uid)
    return cn.is_ally(ctx, uid)


# --- decision steps --------------------------------------------------------------------------
class BattleDecision(SideStep):
    """A decision inside the battle by the side named ``by`` in the frame."""

    def prompt(self, ctx: Context, frame: Frame) -> str:
        return f"{words(self.name)} in the attack on {node_label(ctx, current(ctx).target)}"


def choices(ctx: Context, b: Battle) -> list[str]:
    """The named options of the battle's pending choice."""
    if b.stage == Stage.NO_RETREAT:
        # DCH: No Retreat! orders for any of the defender's units: all, none, or unit by unit
        free = [u for u in b.defenders if u not in b.holding]
        more = [f"hold:{u}" for u in free] if len(b.defenders) > 1 and len(free) > 1 else []
        return ["retreat", "no-retreat", *more]
    if b.stage in (Stage.FORCED_BEFORE, Stage.FORCED_AFTER):
        return ["no", "forced"]
    if b.stage == Stage.AVOID:
        return ["exchange", "d3"]
    if b.stage == Stage.PRESS:
        # DCH: Asymmetric Combat Odds: German attacks press up to three columns, Russian ones
        # one; an Axis attack with Axis allied units is "the usual", without a press
        if b.side == cn.AXIS:
            top = 3 if german_rounding(ctx, alive(ctx, b.attackers)) else 0
        else:
            top = 1
        return [f"press:{k}" for k in range(top + 1)] + gamble_options(ctx, b)
    if b.stage == Stage.OPT_OUT:
        return ["exchange", "nil"]
    if b.stage == Stage.DECLINE:
        return ["exchange", decline_option(ctx, b) or "exchange"]
    if b.stage == Stage.LENGTH:
        n = RETREATS[b.code]
        return [f"retreat:{k}" for k in range(n + 1)]
    return []


class ChooseStep(BattleDecision):
    """A named choice inside the battle: No Retreat!, Forced Exchange, pressing, the German
    exchange opt-out, the D3 instead of a Forced Exchange, the retreat length of a Dn."""

    name: ClassVar[str] = "battle-choose"
    args: ClassVar[Mapping[str, Shape] | None] = {"by": SIDE}
    kind: ClassVar[str] = "choose"
    rule: ClassVar[str] = RESULTS
    actions: ClassVar[tuple[type[Action], ...]] = (Choose,)

    def prompt(self, ctx: Context, frame: Frame) -> str:
        return f"attack on {current(ctx).target}: {current(ctx).stage.value}"

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        return [Choose(o) for o in choices(ctx, current(ctx))]

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        assert isinstance(action, Choose)
        b = current(ctx)
        o = action.option
        s = b.stage
        if s == Stage.NO_RETREAT:
            if o.startswith("hold:"):
                b = attrs.evolve(b, holding=(*b.holding, o[len("hold:") :]))
            elif o == "no-retreat":
                held = b.defenders
                b = _to(b, Stage.FORCED_BEFORE, no_retreat=True, holding=held)
            else:
                b = _to(b, Stage.FORCED_BEFORE, no_retreat=bool(b.holding))
        elif s == Stage.FORCED_BEFORE:
            b = _to(b, Stage.PRESS, forced=o == "forced")
        elif s == Stage.PRESS and o.startswith("gamble:"):
            scale = charts(ctx).crt.scale
            index = {scale.label(i): i for i in range(len(scale.columns))}
            _, up, down = o.split(":")
            o_ = attrs.evolve(base_odds(ctx, alive(ctx, b.attackers), b.target), base=b.base)
            k = {(t, f): k for t, f, k in gambles(ctx, o_)}[(index[up], index[down])]
            b = _to(b, Stage.GAMBLE, gamble=(index[up], index[down], k))
        elif s == Stage.PRESS:
            b = _to(b, Stage.ROUND_UP, press=int(o.split(":")[1]))
        elif s == Stage.FORCED_AFTER:
            b = _to(b, Stage.AVOID, forced=o == "forced")
        elif s == Stage.AVOID:
            b = _to(b, Stage.RESULT, avoided=o == "d3")
        elif s == Stage.OPT_OUT:
            if o == "nil":
                ctx.emit("nil", "the German attacker opts for nil instead of the exchange")
                b = _to(b, Stage.END, code="-")
            else:
                b = _to(b, Stage.DECLINE)
        elif s == Stage.DECLINE:
            b = _declined(ctx, b, o)
        elif s == Stage.LENGTH:
            b = _to(b, Stage.RETREAT, retreat=int(o.split(":")[1]))
        save(ctx, b)
        ctx.done()


def _declined(ctx: Context, b: Battle, option: str) -> Battle:
    """The defender's choice on a .5X or X: the exchange, D or BD (:func:`decline_option`)."""
    if option == "exchange":
        return _to(b, Stage.EXCHANGE)
    ctx.emit("decline", f"the defender takes {option.upper()} instead of the exchange")
    for d in alive(ctx, b.defenders):
        disrupt(ctx, d)
    if option == "bd":
        for u in alive(ctx, b.attackers):
            disrupt(ctx, u)
    return _to(b, Stage.WITHDRAW, code="D")


def chance_outcomes(ctx: Context, b: Battle) -> list[tuple[Action, Fraction]]:
    if b.stage == Stage.ROUND_UP:
        o = base_odds(ctx, alive(ctx, b.attackers), b.target)
        k = round_up_sixths(ctx, attrs.evolve(o, base=b.base))
        return [(Outcome("up"), Fraction(k, 6)), (Outcome("stay"), Fraction(6 - k, 6))]
    if b.stage == Stage.PRESS_ROLL:
        return [(Outcome("up"), Fraction(1, 2)), (Outcome("down"), Fraction(1, 2))]
    if b.stage == Stage.GAMBLE:
        k = b.gamble[2]
        return [(Outcome("up"), Fraction(k, 6)), (Outcome("down"), Fraction(6 - k, 6))]
    return [(Outcome(v), Fraction(1, 6)) for v in range(1, 7)]


class ChanceStepBattle(ChanceStep):
    """The battle's gambles and its die: the German round-up (extra/needed in sixths), the
    pressed attack (1/2 up, 1/2 down) and the CRT die."""

    name: ClassVar[str] = "battle-chance"
    args: ClassVar[Mapping[str, Shape] | None] = {}
    rule: ClassVar[str] = RESULTS

    def outcomes(self, ctx: Context, frame: Frame) -> list[tuple[Action, Fraction]]:
        return [(a, p) for a, p in chance_outcomes(ctx, current(ctx)) if p > 0]

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        assert isinstance(action, Outcome)
        b = current(ctx)
        v = action.value
        if b.stage == Stage.ROUND_UP:
            b = _to(b, Stage.PRESS_ROLL, base=b.base + (1 if v == "up" else 0))
            ctx.emit("round-up", f"German round-up: {v}", outcome=v)
        elif b.stage == Stage.GAMBLE:
            up, down, _ = b.gamble
            b = _to(b, Stage.ROLL, base=up if v == "up" else down)
            ctx.emit("gamble", f"enhanced odds gamble: {v}", outcome=v)
        elif b.stage == Stage.PRESS_ROLL:
            russian = b.side == cn.RUSSIAN
            delta = (1 if russian else b.press) if v == "up" else -(2 if russian else b.press)
            b = _to(b, Stage.ROLL, shift=b.shift + delta)
            ctx.emit("press", f"pressed attack: {v} {delta:+d}", outcome=v)
        else:
            assert isinstance(v, int)
            crt = charts(ctx).crt
            column = crt.scale.shifted(b.base, b.shift)
            code = str(crt.lookup(column, v))
            ctx.emit("roll", f"die {v} on {crt.scale.label(column)}: {code}", die=v, code=code)
            b = _to(b, Stage.FORCED_AFTER, roll=v, rolled=code)
        save(ctx, b)
        ctx.done()


class LossStep(BattleDecision):
    """DCH: AE and eXchanges: the attacker names the next attacking unit lost (or a German
    army flipped) until the factor-modified defence is covered."""

    name: ClassVar[str] = "battle-loss"
    args: ClassVar[Mapping[str, Shape] | None] = {"by": SIDE}
    kind: ClassVar[str] = "allocate-losses"
    rule: ClassVar[str] = RESULTS
    actions: ClassVar[tuple[type[Action], ...]] = (AllocateLosses,)

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        return [AllocateLosses((t,)) for t in loss_options(ctx, current(ctx))]

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        assert isinstance(action, AllocateLosses)
        options = loss_options(ctx, current(ctx))
        if len(action.units) == 1 and action.units[0] in options:
            return None
        return IllegalAction(RESULTS, f"one loss at a time, from: {', '.join(options)}")

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        assert isinstance(action, AllocateLosses)
        save(ctx, _pay(ctx, current(ctx), action.units[0]))
        ctx.done()


class RetreatStep(BattleDecision):
    """DCH: Dn (the defender's route, and up to the extra hexes) and D (a voluntary withdrawal
    of up to 2 hexes): the defending stack retreats along a path, or (where allowed) stays."""

    name: ClassVar[str] = "battle-retreat"
    args: ClassVar[Mapping[str, Shape] | None] = {"by": SIDE}
    kind: ClassVar[str] = "retreat"
    rule: ClassVar[str] = RETREAT
    actions: ClassVar[tuple[type[Action], ...]] = (RetreatAction, Pass)

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        b = current(ctx)
        out: list[Action]
        if b.stage == Stage.WITHDRAW:
            out = [Pass(), *withdrawals(ctx, b)]
        else:
            out = list(retreat_groups(ctx, b, *span(b)))
            if b.retreat == 0:
                out.insert(0, Pass())
        return out

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        b = current(ctx)
        if isinstance(action, RetreatAction):
            for u in action.units:
                ctx.state.put(cn.moved(ctx.state.units[u], action.path[-1]))
            for n in action.path[1:]:
                set_control(ctx, n, cn.enemy(b.side))
            ctx.emit("retreat", f"{'+'.join(action.units)} retreat {'-'.join(action.path)}")
            b = attrs.evolve(b, retreated=max(b.retreated, len(action.path) - 1))
            if b.stage == Stage.WITHDRAW and withdrawals(ctx, b):
                save(ctx, b)  # others may still withdraw
                ctx.done()
                return
            staying = in_target(ctx, b)
            if b.stage != Stage.WITHDRAW and staying:
                if retreat_groups(ctx, b, *span(b)):
                    save(ctx, b)  # the others retreat as a group of their own
                    ctx.done()
                    return
                if b.retreat > 0:  # required to retreat and unable: No Retreat!
                    _left_behind(ctx, b, staying)
        save(ctx, _to(b, Stage.ADVANCE))
        ctx.done()


class AdvanceStep(BattleDecision):
    """DCH: Tactical Advances After Combat: one attacking unit at a time, or pass."""

    name: ClassVar[str] = "battle-advance"
    args: ClassVar[Mapping[str, Shape] | None] = {"by": SIDE}
    kind: ClassVar[str] = "advance"
    rule: ClassVar[str] = ADVANCE
    actions: ClassVar[tuple[type[Action], ...]] = (Advance, Pass)

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        return advances(ctx, current(ctx)) or [Pass()]

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        b = current(ctx)
        if isinstance(action, Pass):
            save(ctx, _to(b, Stage.END))
            ctx.done()
            return
        assert isinstance(action, Advance)
        uid = action.units[0]
        ctx.state.put(cn.moved(ctx.state.units[uid], action.path[-1]))
        for n in action.path[1:]:
            set_control(ctx, n, b.side)
        into = b.into + (cn.attack_factor(ctx, uid) if action.path[1] == b.target else 0)
        b = attrs.evolve(b, advanced=(*b.advanced, uid), into=into)
        ctx.emit("advance", f"{uid} advances {'-'.join(action.path)}", unit=uid)
        if not advances(ctx, b):
            b = _to(b, Stage.END)
        save(ctx, b)
        ctx.done()


STEPS: tuple[Step, ...] = (
    BattleStep(),
    ChooseStep(),
    ChanceStepBattle(),
    LossStep(),
    RetreatStep(),
    AdvanceStep(),
)
