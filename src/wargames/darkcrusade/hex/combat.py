"""DCH: Ground Combat Resolution: one attack at a time, from the No Retreat! question to the
tactical advances, with the round-up and pressed-attack gambles and the die as chance steps.

:func:`start` begins an attack; the automatic ``battle`` step (:class:`BattleStep`) runs the
stages of the :class:`~.battle.Battle` in ``vars.battle``: the hidden armies' reveal, Close Air
Support, No Retreat! and Forced Exchanges (DCH: Surrounded/Retreat Impossible/No Retreat!
Orders), the odds' gambles, the result (DCH: Combat Results Definitions) with the Armored
Overrun, the exchanges' losses, and the recovery after the attack. Each decision or die is a
frame pushed above it (:mod:`.combat_steps`); the retreat paths are in :mod:`.retreats`, the
advances in :mod:`.advances`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import ClassVar

import attrs

from wargames.core.context import Context
from wargames.core.frame_args import Shape
from wargames.core.markers import SEGMENT, TURN, scoped
from wargames.core.sequence import Step
from wargames.core.state import Frame

from . import counters as cn
from .advances import advances
from .air import support_options
from .attacks import open_rumania
from .battle import Battle, Stage, current, save
from .casualties import alive, disrupt, eliminate
from .charts import charts
from .hidden import reveal, to_reveal
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
from .retreats import can_retreat, in_target, retreat_groups, retreat_options, span, withdrawals
from .supply import SupplyStatus, statuses
from .terrain import bonused, modified_defences
from .weather import GOOD, overrun_weather, weather

RESULTS = "DCH: Combat Results Definitions"
PRESSED = "DCH: Asymmetric Combat Odds Calculations (pressed attack)"
OVERRUN = "DCH: Armored Overrun"


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


def to_stage(b: Battle, stage: Stage, **changes: object) -> Battle:
    """``b`` moved on to ``stage``, with ``changes``."""
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
        return to_stage(b, Stage.ADVANCE, code="DE")
    o = odds(ctx, alive(ctx, b.attackers), b.target)
    if o.base < 0:
        # the revealed strengths put the attack below 1:5: it is read on 1:5
        o = attrs.evolve(o, base=0)
    return to_stage(b, Stage.AIR, base=o.base, shift=o.shift, defence=o.defence)


def _air(ctx: Context, b: Battle) -> Battle | None:
    # DCH: Close Air Support: the attacker may commit air units before the battle.
    if support_options(ctx, b):
        ctx.push("battle-air", by=b.side)
        return None
    return to_stage(b, Stage.NO_RETREAT)


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
    return to_stage(b, Stage.PRESS)


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
    return to_stage(b, Stage.PRESS_ROLL)


def _press_roll(ctx: Context, b: Battle) -> Battle | None:
    # the "more radical" press rolls no column first: the CRT die picks it
    if b.press and not b.radical:
        ctx.push("battle-chance")
        return None
    return to_stage(b, Stage.ROLL)


def _roll(ctx: Context, b: Battle) -> Battle | None:
    ctx.push("battle-chance")
    return None


def _forced_after(ctx: Context, b: Battle) -> Battle | None:
    # DCH: the German player may declare a Forced Exchange after the die is rolled.
    if b.no_retreat and b.side == cn.AXIS and not b.forced:
        _decide(ctx, b, b.side)
        return None
    return to_stage(b, Stage.AVOID)


def _avoid(ctx: Context, b: Battle) -> Battle | None:
    # DCH: defending Germans (only) may avoid a Forced Exchange by accepting a D3 instead;
    # only a result the Forced Exchange turns into an exchange (a DE or BK stands) is avoided.
    german = any(cn.is_german(ctx, d) for d in b.defenders)
    exchange = is_exchange(convert(b.rolled, True, True))
    if b.forced and b.side == cn.RUSSIAN and german and exchange:
        _decide(ctx, b, cn.enemy(b.side))
        return None
    return to_stage(b, Stage.RESULT)


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
        return to_stage(b, Stage.END)
    if code == "AD":
        for u in atts:
            disrupt(ctx, u)
        return to_stage(b, Stage.END)
    if code == "AE":
        return to_stage(b, Stage.LOSSES, need=str(b.defence))
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
            return to_stage(
                b, Stage.RETREAT, defenders=(*b.defenders, survivor), retreat=3, extra=0
            )
        return to_stage(b, Stage.ADVANCE)
    if is_exchange(code):
        # DCH: the enhanced odds expansion makes any exchanges mandatory
        german = all(cn.is_german(ctx, u) for u in atts)
        if b.side == cn.AXIS and weather(ctx) == GOOD and german and not enhanced(ctx):
            return to_stage(b, Stage.OPT_OUT)
        return to_stage(b, Stage.DECLINE)
    for d in defs:
        disrupt(ctx, d)
    gone = overrun(ctx, b, code)
    for d in gone:
        eliminate(ctx, d, "armored overrun")
    if code == "D":
        return to_stage(b, Stage.WITHDRAW)
    n = RETREATS[code]
    return to_stage(b, Stage.LENGTH, extra=extra_retreat(n))


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
    File) let him: German(-assisted) defenders (a German unit among them; a lone Axis ally has
    no option) in Good or Mud weather or in mountains, Russian defenders in Mud or Snow or in
    swamps. He then takes D (all defenders Disrupted, the D withdrawal) if
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
    if side == "axis" and not any(cn.is_german(ctx, d) for d in defs):
        return None  # TBF exchange opt-outs: "German(-assisted)" defenders only
    in_weather = weather(ctx) in ch[f"{side}_weather"]
    if not in_weather and ctx.board.terrain(b.target) not in ch[f"{side}_terrain"]:
        return None
    total = sum(cn.attack_factor(ctx, u) for u in alive(ctx, b.attackers))
    return "d" if total >= multiplier(b.code) * b.defence else "bd"


def _decline(ctx: Context, b: Battle) -> Battle | None:
    if decline_option(ctx, b) is None:
        return to_stage(b, Stage.EXCHANGE)
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
            return to_stage(b, Stage.ADVANCE)
        return to_stage(b, Stage.LOSSES, need=str(need))
    for d in covered_defenders(ctx, b, total):
        eliminate(ctx, d, "exchange")
    for u in atts:
        eliminate(ctx, u, "exchange (not all defence covered)")
    for d in alive(ctx, b.defenders):
        disrupt(ctx, d)  # DCH: defending units surviving an eXchange suffer a D result
    return to_stage(b, Stage.WITHDRAW)  # ... and the D result's voluntary withdrawal


def _length(ctx: Context, b: Battle) -> Battle | None:
    if not alive(ctx, b.defenders):
        return to_stage(b, Stage.ADVANCE)
    _decide(ctx, b, b.side)
    return None


def _retreat(ctx: Context, b: Battle) -> Battle | None:
    if not in_target(ctx, b) or b.retreat + b.extra == 0:
        return to_stage(b, Stage.ADVANCE)
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
        return to_stage(b, Stage.ADVANCE)
    ctx.push("battle-retreat", by=cn.enemy(b.side))
    return None


def _withdraw(ctx: Context, b: Battle) -> Battle | None:
    if not withdrawals(ctx, b):
        return to_stage(b, Stage.ADVANCE)
    ctx.push("battle-retreat", by=cn.enemy(b.side))
    return None


def _losses(ctx: Context, b: Battle) -> Battle | None:
    if b.need_value <= 0 or not alive(ctx, b.attackers):
        if b.code == "AE":
            return to_stage(b, Stage.END)
        return to_stage(b, Stage.ADVANCE)
    options = loss_options(ctx, b)
    if len(options) == 1:
        return pay(ctx, b, options[0])
    ctx.push("battle-loss", by=b.side)
    return None


def pay(ctx: Context, b: Battle, token: str) -> Battle:
    """DCH: Combat Results Definitions: one attacking unit covers the exchange or AE loss
    ``token`` names (a step flipped or a unit eliminated)."""
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
    return to_stage(b, Stage.END)


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
