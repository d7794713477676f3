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

from collections.abc import Mapping
from fractions import Fraction
from typing import ClassVar

from wargames.core.actions import Action, Choose, Outcome, Pass, Place
from wargames.core.context import Context
from wargames.core.frame_args import SIDE, UNIT, Shape, list_of
from wargames.core.markers import TURN, has_scoped, scoped
from wargames.core.sequence import ChanceStep
from wargames.core.state import Frame
from wargames.core.steps import SideStep
from wargames.core.supply import SupplyStatus

from . import counters as cn
from .attacks import open_rumania, rumania_error
from .battle import Battle, Stage, current, save
from .charts import charts
from .movement import allowance, oil_lost
from .position import cached, shared
from .supply import supply_map
from .weather import weather
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
    return not grounded(ctx, uid) and operational(ctx, uid)


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
        at = base(ctx, uid)
        # DCH: Special First Turn Rules: bombing "attacks each ground unit", as an airstrike
        if rumania_error(ctx, b.side, at, b.target) is not None:
            continue
        if ctx.board.distance(at, b.target) <= value(ctx, uid, "range"):
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
    args: ClassVar[Mapping[str, Shape] | None] = {"by": SIDE}
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
        if not again:
            open_rumania(ctx, b.side, [base(ctx, uid)])  # DCH: Special First Turn Rules
        ctx.push("air-mission", unit=uid, kind="support", target=b.target, bomb=not again)


def reach(ctx: Context, side: str) -> int:
    """DCH: Airfields: "It has its side's maximum ground movement to move to a new position":
    the operational allowance (OMF + OMB) of the side's fastest ground units now, so halved in
    Mud and Snow ("In Mud and Snow, the OMF is halved") and capped when the oil is lost ("a
    maximum OMF of 4"). Clear: Axis 6 + 3, Russian 5 + 5; Mud and Snow: 3 + 3 and 3 + 5."""
    # an allowance reads the counter, the charts, the weather and the oil (``allowance``)
    key = ("air-reach", side, weather(ctx), oil_lost(ctx, side))
    return shared(ctx, key, lambda: _reach(ctx, side))


def _reach(ctx: Context, side: str) -> int:
    units = ctx.scenario.units
    return max(
        sum(allowance(ctx, u, "op"))
        for u, d in units.items()
        if d.side == side and not cn.has(ctx, u, "air")
    )


def airfield_hexes(ctx: Context, uid: str) -> dict[str, bool]:
    """DCH: Airfields: where ``uid``'s airfield may be positioned now: hex -> whether it moves
    by rail (and is then Disrupted). Friendly-held hexes outside enemy ZOCs (never beyond the
    front line) within the side's maximum ground movement, or farther on the side's rail net
    from a base on it. The Interceptor Korps stay on Moscow and Leningrad."""
    from .rail import rail_net

    side = ctx.side_of(uid)
    if cn.has(ctx, uid, "interceptor"):
        return {}
    board = ctx.board
    old = base(ctx, uid)
    net = rail_net(ctx, side)
    road = reach(ctx, side)
    out: dict[str, bool] = {}
    for n in _friendly_hexes(ctx, side):
        if n == old:
            continue
        if board.distance(old, n) <= road:
            out[n] = False
        elif old in net and n in net:
            out[n] = True
    return out


def _friendly_hexes(ctx: Context, side: str) -> tuple[str, ...]:
    """The hexes ``side`` holds outside enemy ZOCs with no enemy unit in them, in board order
    (once per position: the control, the units)."""
    return cached(ctx, ("friendly-hexes", side), lambda: _friendly(ctx, side))


def _friendly(ctx: Context, side: str) -> tuple[str, ...]:
    zoc = zone_map(ctx, cn.enemy(side))
    index = ctx.board.index
    occ = ctx.state.occupancy()
    control = ctx.state.control
    return tuple(
        n
        for n in ctx.board
        if control.get(n) == side
        and index.number[n] not in zoc
        and not any(ctx.side_of(u) != side for u in occ.get(n, ()))
    )


def grounded(ctx: Context, uid: str) -> bool:
    """Out of the game now (Shot Down or Intercepted, DCH: Air Notes)."""
    back = ctx.state.get("grounded", {}).get(uid)
    if back is None:
        return False
    from .air_combat import player_turn

    return player_turn(ctx) < int(back)


def relocate(ctx: Context, side: str) -> None:
    """DCH: Air Notes: at the start of the player-turn an air unit whose airfield hex the
    enemy took is overrun on the ground (Shot Down); its airfield may then be moved. The
    Interceptor Korps, which stay on Moscow and Leningrad, are not (a reading): they are
    non-operational while their city is lost (``operational``)."""
    from .air_combat import SHOT_DOWN, ground

    for uid in air_units(ctx, side):
        lost = ctx.state.control.get(base(ctx, uid)) != side
        if lost and not cn.has(ctx, uid, "interceptor") and not grounded(ctx, uid):
            ground(ctx, uid, SHOT_DOWN)


class AirfieldStep(SideStep):
    """DCH: Airfields (A.1 after the rail conversion markers, B.1 Airfield Relocation): the
    side positions its airfields, one air unit at a time (``Choose``, then ``Place``)."""

    name: ClassVar[str] = "airfields"
    args: ClassVar[Mapping[str, Shape] | None] = {"side": SIDE, "moved": list_of(UNIT)}
    kind: ClassVar[str] = "choose"
    rule: ClassVar[str] = AIRFIELD
    actions: ClassVar[tuple[type[Action], ...]] = (Choose, Pass)

    def _units(self, ctx: Context, frame: Frame) -> list[str]:
        moved = frame.args.get("moved", [])
        return [
            u
            for u in air_units(ctx, frame.args["side"])
            if u not in moved and airfield_hexes(ctx, u)
        ]

    def pending(self, ctx: Context, frame: Frame) -> bool:
        return bool(self._units(ctx, frame))

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        return [Pass(), *(Choose(u) for u in self._units(ctx, frame))]

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        if isinstance(action, Pass):
            ctx.done()
            return
        assert isinstance(action, Choose)
        ctx.update(moved=[*frame.args.get("moved", []), action.option])
        ctx.push("airfield-place", side=frame.args["side"], unit=action.option)


class AirfieldPlace(SideStep):
    """The new airfield hex of one air unit (``Place``), or ``Pass`` to keep it."""

    name: ClassVar[str] = "airfield-place"
    args: ClassVar[Mapping[str, Shape] | None] = {"side": SIDE, "unit": UNIT}
    kind: ClassVar[str] = "place"
    rule: ClassVar[str] = AIRFIELD
    actions: ClassVar[tuple[type[Action], ...]] = (Place, Pass)

    def prompt(self, ctx: Context, frame: Frame) -> str:
        return f"airfield of {frame.args['unit']}"

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        uid = frame.args["unit"]
        return [Pass(), *(Place(uid, n) for n in sorted(airfield_hexes(ctx, uid)))]

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        if isinstance(action, Place):
            uid = action.unit
            by_rail = airfield_hexes(ctx, uid)[action.at]
            bases = dict(ctx.state.get("airbases", {}))
            bases[uid] = action.at
            ctx.state.set("airbases", bases)
            ctx.emit("airfield", f"the airfield of {uid} moves to {action.at}", unit=uid)
            if by_rail:
                # DCH: Airfields: Disrupted if moved by rail (provisional: its air unit does
                # not fly, offensively or defensively, this game-turn)
                from .air_combat import DEFENDED

                unit = ctx.state.units[uid]
                ctx.state.put(unit.marked(scoped(FLOWN, TURN), scoped(DEFENDED, TURN)))
        ctx.done()


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
    args: ClassVar[Mapping[str, Shape] | None] = {"side": SIDE}
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
    args: ClassVar[Mapping[str, Shape] | None] = {"unit": UNIT}
    rule: ClassVar[str] = SUPPLY

    def outcomes(self, ctx: Context, frame: Frame) -> list[tuple[Action, Fraction]]:
        return [(Outcome("supplied"), Fraction(1, 2)), (Outcome("missed"), Fraction(1, 2))]

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        assert isinstance(action, Outcome)
        uid = frame.args["unit"]
        if action.value == "supplied":
            ctx.state.put(ctx.state.units[uid].marked(scoped(cn.AIR_SUPPLIED, TURN)))
        ctx.done()
