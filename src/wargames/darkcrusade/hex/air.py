"""DCH: Air: airfields, ranges and Close Air Support.

An air unit is off the map (box ``air``) with its airfield in ``vars.airbases``. Its airfield
must be in full supply or the unit is non-operational; it is moved at the start of the
player-turn (Sequence A.1, B.1) no farther than the side's maximum ground movement and never
beyond the front line. An attack on a hex may be supported by air units within range (German
fliegerkorps 6 hexes, Russian 4) not yet used offensively this turn: a fliegerkorps adds 2
column shifts (the VIII. 3), a Russian front air unit 1, never more than doubling the odds;
Luftwaffe units combine freely, Russian front air units may not be combined.
"""

from __future__ import annotations

from fractions import Fraction
from typing import ClassVar

from wargames.core.actions import Action, Choose, Outcome, Pass
from wargames.core.context import Context
from wargames.core.markers import TURN, has_scoped, scoped
from wargames.core.sequence import ChanceStep
from wargames.core.state import Frame
from wargames.core.steps import SideStep
from wargames.core.supply import SupplyStatus

from . import counters as cn
from .battle import Battle, Stage, current, save
from .charts import charts
from .supply import supply_map
from .zoc import zone_map

RULE = "DCH: Air (Close Air Support)"
AIRFIELD = "DCH: Air (Airfields)"
BOX = "air"
FLOWN = "flown"
FLOWN_BLITZ = "flown-blitz"


def air_units(ctx: Context, side: str) -> list[str]:
    return sorted(
        u.id
        for u in ctx.state.units.values()
        if u.box == BOX and ctx.side_of(u.id) == side and cn.has(ctx, u.id, "air")
    )


def base(ctx: Context, uid: str) -> str:
    bases = ctx.state.get("airbases", {})
    return str(bases.get(uid, ctx.unit_def(uid).values["base"]))


def value(ctx: Context, uid: str, key: str) -> int:
    return int(ctx.unit_def(uid).values[key])


def operational(ctx: Context, uid: str) -> bool:
    """DCH: Airfields: an air unit whose airfield is not in full supply is non-operational."""
    side = ctx.side_of(uid)
    at = base(ctx, uid)
    if ctx.state.control.get(at) != side:
        return False
    return supply_map(ctx, side).status(at) == SupplyStatus.SUPPLIED


def available(ctx: Context, uid: str) -> bool:
    """Operational and not out of the game (Shot Down or Intercepted, DCH: Air Notes)."""
    back = ctx.state.get("grounded", {}).get(uid)
    if back is not None:
        from .air_combat import player_turn

        if player_turn(ctx) < int(back):
            return False
    return operational(ctx, uid)


def support_options(ctx: Context, b: Battle) -> list[str]:
    """Air units that may still support the attack on ``b.target``."""
    if b.side == cn.RUSSIAN and b.air:
        return []  # Russian front air units may not be combined
    out = []
    for uid in air_units(ctx, b.side):
        if uid in b.air or value(ctx, uid, "cas") <= 0 or not available(ctx, uid):
            continue
        unit = ctx.state.units[uid]
        if has_scoped(unit, FLOWN, TURN):
            # DCH: Close Air Support: a fliegerkorps may further accompany the attackers in
            # one Blitzkrieg! attack
            german = cn.is_german(ctx, uid)
            if not (b.blitz and german and not has_scoped(unit, FLOWN_BLITZ, TURN)):
                continue
        if ctx.board.distance(base(ctx, uid), b.target) <= value(ctx, uid, "range"):
            out.append(uid)
    return out


def support_shift(ctx: Context, b: Battle, uid: str) -> int:
    """The column shifts ``uid`` adds; at more than half its range one less (provisional: the
    text says only that effectiveness decreases)."""
    shift = value(ctx, uid, "cas")
    if 2 * ctx.board.distance(base(ctx, uid), b.target) > value(ctx, uid, "range"):
        shift -= 1
    return max(shift, 0)


def doubling_cap(ctx: Context, b: Battle, attack: int) -> int:
    """DCH: Close Air Support: the highest column the air support may reach (odds doubled)."""
    scale = charts(ctx).crt.scale
    raw = scale.raw_column(2 * attack, b.defence)
    return len(scale.columns) - 1 if raw is None else raw


class AirStep(SideStep):
    """The attacker commits air units to the attack, one at a time, or passes: each flies a
    mission (``air-mission``) that the defender may intercept; bombing strikes the defenders
    and adds the column shifts, a second Close Air Support in a Blitzkrieg! attack the shifts
    only (DCH: Bombing and Close Air Support)."""

    name: ClassVar[str] = "battle-air"
    kind: ClassVar[str] = "choose"
    rule: ClassVar[str] = RULE
    actions: ClassVar[tuple[type[Action], ...]] = (Choose, Pass)

    def pending(self, ctx: Context, frame: Frame) -> bool:
        b = current(ctx)
        return b.stage == Stage.AIR and bool(support_options(ctx, b))

    def run(self, ctx: Context, frame: Frame) -> None:
        save(ctx, current(ctx).evolve(stage=Stage.NO_RETREAT))
        ctx.done()

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        return [Pass(), *(Choose(u) for u in support_options(ctx, current(ctx)))]

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        b = current(ctx)
        if isinstance(action, Pass):
            self.run(ctx, frame)
            return
        assert isinstance(action, Choose)
        uid = action.option
        unit = ctx.state.units[uid]
        again = has_scoped(unit, FLOWN, TURN)
        ctx.state.put(unit.marked(scoped(FLOWN_BLITZ if again else FLOWN, TURN)))
        save(ctx, b.evolve(air=(*b.air, uid)))
        ctx.push("air-mission", unit=uid, kind="support", target=b.target, bomb=not again)


def relocate(ctx: Context, side: str) -> None:
    """DCH: Airfields: each airfield moves to the friendly hex in full supply, outside enemy
    ZOCs, within the side's maximum ground movement (9 Axis, 10 Russian: the OMF of its fastest
    units plus the bonus) that is nearest an enemy unit (provisional automatic placement)."""
    reach = 9 if side == cn.AXIS else 10
    supplied = supply_map(ctx, side)
    zoc = zone_map(ctx, cn.enemy(side))
    index = ctx.board.index
    enemies = [u.at for u in ctx.units_of(cn.enemy(side)) if u.at is not None]
    if not enemies:
        return
    board = ctx.board
    bases = dict(ctx.state.get("airbases", {}))
    for uid in air_units(ctx, side):
        if cn.has(ctx, uid, "interceptor"):
            continue  # the Interceptor Korps stay on Moscow and Leningrad
        old = base(ctx, uid)
        if ctx.state.control.get(old) != side:
            # DCH: Air Notes: an air unit overrun on the ground is Shot Down
            from .air_combat import SHOT_DOWN, ground

            ground(ctx, uid, SHOT_DOWN)
        options = [
            n
            for n in board
            if ctx.state.control.get(n) == side
            and supplied.status(n) == SupplyStatus.SUPPLIED
            and index.number[n] not in zoc
            and board.distance(old, n) <= reach
        ]
        if not options:
            continue
        best = min(options, key=lambda n: (min(board.distance(n, e) for e in enemies), n))
        if best != old:
            bases[uid] = best
    ctx.state.set("airbases", bases)


SUPPLY = "DCH: Supply (Air Supply)"


def air_supply_options(ctx: Context, side: str) -> list[str]:
    """``unit>hex`` pairs: an operational air unit not yet flown this turn may supply all the
    otherwise out-of-supply units in one hex within its maximum range."""
    from .supply import statuses

    status = statuses(ctx, side)
    hexes = sorted(
        {
            at
            for u, st in status.items()
            if st != SupplyStatus.SUPPLIED and (at := ctx.state.units[u].at) is not None
        }
    )
    out = []
    for uid in air_units(ctx, side):
        if has_scoped(ctx.state.units[uid], FLOWN, TURN) or not available(ctx, uid):
            continue
        for h in hexes:
            if ctx.board.distance(base(ctx, uid), h) <= value(ctx, uid, "range"):
                out.append(f"{uid}>{h}")
    return out


class AirSupplyStep(SideStep):
    """DCH: Supply: Air Supply before the Supply Status Determination (A.8, B.6); a German air
    unit beyond half its range supplies each unit with a 50% chance."""

    name: ClassVar[str] = "air-supply"
    kind: ClassVar[str] = "choose"
    rule: ClassVar[str] = SUPPLY
    actions: ClassVar[tuple[type[Action], ...]] = (Choose, Pass)

    def actor(self, ctx: Context, frame: Frame) -> str | None:
        return super().actor(ctx, frame) if air_supply_options(ctx, frame.args["side"]) else None

    def run(self, ctx: Context, frame: Frame) -> None:
        ctx.done()

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        return [Pass(), *(Choose(o) for o in air_supply_options(ctx, frame.args["side"]))]

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        if isinstance(action, Pass):
            ctx.done()
            return
        assert isinstance(action, Choose)
        uid, _, hex_ = action.option.partition(">")
        ctx.state.put(ctx.state.units[uid].marked(scoped(FLOWN, TURN)))
        # DCH: Air Supply is subject to interception (the mission, :mod:`.air_combat`)
        ctx.push("air-mission", unit=uid, kind="supply", target=hex_)


class AirDropStep(ChanceStep):
    """German Air Supply beyond half range: 50% per unit."""

    name: ClassVar[str] = "air-drop"
    rule: ClassVar[str] = SUPPLY

    def outcomes(self, ctx: Context, frame: Frame) -> list[tuple[Action, Fraction]]:
        return [(Outcome("supplied"), Fraction(1, 2)), (Outcome("missed"), Fraction(1, 2))]

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        assert isinstance(action, Outcome)
        uid = frame.args["unit"]
        if action.value == "supplied":
            ctx.state.put(ctx.state.units[uid].marked(scoped(cn.AIR_SUPPLIED, TURN)))
        ctx.done()
