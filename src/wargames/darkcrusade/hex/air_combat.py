"""DCH: Air Attack and Combat Results: air missions (bombing, Close Air Support, Air Supply),
their interception and the airstrikes on each ground unit, on the (provisional) Ground and Air
Combat Results Table of ``charts.toml`` ``[air]``.

A mission is the automatic ``air-mission`` step: the enemy may intercept it first
(``air-intercept``, one die per interceptor on the ``intercept`` table); a mission neither
Intercepted nor Shot Down then takes effect: an airstrike rolls once per ground unit of the
target hex (``air-strike-roll``, anti-aircraft-capable units first; the ``strike`` table),
bombing a hex under ground attack also adds its column shifts, and an air supply mission
supplies the hex. Air-to-air results take effect at once: a Shot Down air unit is out until
two player-turns later, an Intercepted one until the next game-turn.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import ClassVar

import attrs

from wargames.core.actions import Action, Choose, Outcome, Pass
from wargames.core.context import Context
from wargames.core.frame_args import BOOL, INT, NODE, SIDE, UNIT, Shape, list_of, literal
from wargames.core.markers import SEGMENT, TURN, has_scoped, scoped
from wargames.core.sequence import ChanceStep, Step
from wargames.core.state import Frame
from wargames.core.steps import SideStep
from wargames.core.supply import SupplyStatus

from . import counters as cn
from .air import FLOWN, air_units, available, base, doubling_cap, support_shift, value
from .attacks import open_rumania, rumania_error
from .battle import current, save
from .charts import charts
from .odds import odds
from .position import per_occupancy

RESULTS = "DCH: Air Attack and Combat Results"
INTERCEPT = "DCH: Air (interception)"
STRIKE = "DCH: Airstrike"
RANGE = "DCH: Air (Range)"
DEFENDED = "intercepting"  # scoped TURN: the air unit's one defensive use this game-turn
SHOT_DOWN = "Shot Down"
INTERCEPTED = "Intercepted"
STOPS = (SHOT_DOWN, INTERCEPTED)
# DCH: D*: "-" against panzer/armour, entrenched units, or in these terrains (forest and
# swamp&forest: "units are safer from air attack" there)
SHELTER = ("forest", "swamp-forest", "hills", "mountain")


def far(ctx: Context, uid: str, target: str) -> bool:
    """DCH: Range: more than half the air unit's range from its base (interceptor korps: from
    Moscow or Leningrad, their bases)."""
    return 2 * ctx.board.distance(base(ctx, uid), target) > value(ctx, uid, "range")


def clamp(die: int) -> int:
    return max(1, min(6, die))


def interceptors(ctx: Context, side: str, mission: str, target: str, used: list[str]) -> list[str]:
    """DCH: Air: ``side``'s air units that may intercept ``mission`` over ``target``: in range,
    operational, not yet used defensively this game-turn; Russian air units may not be
    combined (one interceptor a mission), Luftwaffe units may."""
    if side == cn.RUSSIAN and used:
        return []
    out = []
    for uid in air_units(ctx, side):
        unit = ctx.state.units[uid]
        if uid in used or has_scoped(unit, DEFENDED, TURN) or not available(ctx, uid):
            continue
        if ctx.board.distance(base(ctx, uid), target) <= value(ctx, uid, "range"):
            out.append(uid)
    return out


def player_turn(ctx: Context) -> int:
    """The running player-turn as a number: 2 a game-turn, the German's first."""
    from .sequence import PHASES

    phase = ctx.state.phase
    russian = 0 <= phase < len(PHASES) and PHASES[phase].name.startswith("B.")
    return 2 * ctx.turn + (1 if russian else 0)


def ground(ctx: Context, uid: str, result: str) -> None:
    """DCH: Air Notes: Shot Down (or overrun on the ground) = out of the game until 2
    player-turns later (back in the third); Intercepted = out until the next game-turn."""
    back = player_turn(ctx) + 3 if result == SHOT_DOWN else 2 * (ctx.turn + 1)
    grounded = dict(ctx.state.get("grounded", {}))
    grounded[uid] = back
    ctx.state.set("grounded", grounded)
    ctx.emit("air-result", f"{uid}: {result}", unit=uid, result=result)


def aa_capable(ctx: Context, uid: str) -> bool:
    """DCH: AA: an UnDisrupted German army, or a unit in a Russian-held victory city."""
    at = ctx.state.units[uid].at
    if cn.is_german(ctx, uid) and cn.is_army(ctx, uid) and not cn.disrupted(ctx, uid):
        return True
    return (
        ctx.side_of(uid) == cn.RUSSIAN
        and at is not None
        and ctx.board.has(at, "victory")
        and ctx.state.control.get(at) == cn.RUSSIAN
    )


def strike_order(ctx: Context, target: str, side: str) -> list[str]:
    """DCH: Airstrike: each ground unit of the target hex separately, from the top of the stack
    to its bottom, anti-aircraft-capable units first."""
    here = [u for u in ctx.state.occupancy().get(target, ()) if ctx.side_of(u) != side]
    return [u for u in here if aa_capable(ctx, u)] + [u for u in here if not aa_capable(ctx, u)]


def sheltered(ctx: Context, uid: str) -> bool:
    """DCH: D*: panzer/armour, entrenched units, units in forest, hills, mountains, or in
    major, victory or fortress cities (the text's "forest cities") read D* as "-"."""
    at = ctx.state.units[uid].at
    assert at is not None
    board = ctx.board
    if cn.is_armour(ctx, uid) or ctx.state.units[uid].has(cn.ENTRENCHED):
        return True
    if board.terrain(at) in SHELTER:
        return True
    return board.has(at, "major") or board.has(at, "victory") or board.has(at, "fortress")


def strike_result(ctx: Context, air: str, uid: str, die: int) -> str:
    """The strike table's result against ``uid`` read as it applies: "D", "AA" (shot down) or
    "-". The die is shifted 1 better against an already Disrupted unit and 1 worse beyond
    half range (DCH: Range: "decreases effectiveness")."""
    at = ctx.state.units[uid].at
    assert at is not None
    table = charts(ctx).air["strike"]
    mod = (1 if cn.disrupted(ctx, uid) else 0) - (1 if far(ctx, air, at) else 0)
    code = str(table[clamp(die + mod) - 1])
    if code == "D*":
        return "-" if sheltered(ctx, uid) else "D"
    if code == "AA":
        return "AA" if aa_capable(ctx, uid) else "-"
    return code


def intercept_result(ctx: Context, interceptor: str, mission: str, target: str, die: int) -> str:
    """The intercept table's result: +1 if the mission flies beyond half its range, -1 if the
    interceptor does (DCH: Range)."""
    mod = (1 if far(ctx, mission, target) else 0) - (1 if far(ctx, interceptor, target) else 0)
    return str(charts(ctx).air["intercept"][clamp(die + mod) - 1])


def break_down(ctx: Context, uid: str) -> None:
    """DCH: Airstrike: Aerial Disruption by Bombing breaks down a korps, if it can be broken
    down (provisional: a two-step korps goes to its weak side)."""
    unit = ctx.state.units[uid]
    if cn.is_korps(ctx, uid) and unit.steps > 1:
        ctx.state.put(attrs.evolve(unit, steps=unit.steps - 1))
        ctx.emit("break-down", f"{uid} is broken down by the bombing", unit=uid)


# --- the mission --------------------------------------------------------------------------
def _support(ctx: Context, frame: Frame) -> None:
    """Bombing a hex under ground attack: the strikes, then the air unit's column shifts (a
    fliegerkorps' not more than doubling the odds); Close Air Support accompanying a
    Blitzkrieg! attack adds the shifts only."""
    uid = frame.args["unit"]
    b = current(ctx)
    if frame.args.get("bomb", True) and "queue" not in frame.args:
        before = odds(ctx, _alive(ctx, b.attackers), b.target)
        ctx.update(queue=strike_order(ctx, b.target, b.side), before=before.shift)
        return
    if frame.args.get("queue"):
        _next_strike(ctx, frame)
        return
    if frame.args.get("down"):
        ctx.done()
        return
    attackers = _alive(ctx, b.attackers)
    if "before" in frame.args and attackers:
        # the bombing may have Disrupted or broken down defenders: the odds are read again
        now = odds(ctx, attackers, b.target)
        b = b.evolve(base=max(now.base, 0), shift=b.shift + now.shift - int(frame.args["before"]))
    add = support_shift(ctx, b, uid)
    if cn.is_german(ctx, uid):
        # DCH: Close Air Support: a fliegerkorps "not more than doubling the odds"; the
        # Russian bonus is 1 column "regardless of terrain", with no such cap
        attack = sum(cn.attack_factor(ctx, u) for u in attackers)
        room = max(0, doubling_cap(ctx, b, attack) - (b.base + b.shift)) if b.defence else 0
        add = min(add, room)
    ctx.emit("air", f"{uid} supports the attack on {b.target}: {add:+d}", unit=uid)
    save(ctx, b.evolve(shift=b.shift + add))
    ctx.done()


def _alive(ctx: Context, uids: tuple[str, ...]) -> list[str]:
    return [u for u in uids if ctx.state.units[u].at is not None]


def _strike(ctx: Context, frame: Frame) -> None:
    if "queue" not in frame.args:
        side = ctx.side_of(frame.args["unit"])
        ctx.update(queue=strike_order(ctx, frame.args["target"], side))
        return
    if frame.args.get("queue"):
        _next_strike(ctx, frame)
        return
    ctx.done()


def _next_strike(ctx: Context, frame: Frame) -> None:
    queue = list(frame.args["queue"])
    if frame.args.get("down"):
        ctx.update(queue=[])
        return
    uid = queue.pop(0)
    ctx.update(queue=queue)
    if ctx.state.units[uid].at == frame.args["target"]:
        ctx.call("air-strike-roll", unit=uid, air=frame.args["unit"])


def _supply(ctx: Context, frame: Frame) -> None:
    from .supply import statuses

    uid, hex_ = frame.args["unit"], frame.args["target"]
    side = ctx.side_of(uid)
    status = statuses(ctx, side)
    units = [
        u
        for u in ctx.state.occupancy().get(hex_, ())
        if ctx.side_of(u) == side and status.get(u) != SupplyStatus.SUPPLIED
    ]
    ctx.emit("air-supply", f"{uid} supplies {hex_} by air", unit=uid, hex=hex_)
    ctx.done()
    if side == cn.AXIS and far(ctx, uid, hex_):
        # DCH: Range: German Air Supply at more than 50% range is 50% successful, per unit
        for u in reversed(units):
            ctx.push("air-drop", unit=u)
        return
    for u in units:
        ctx.state.put(ctx.state.units[u].marked(scoped(cn.AIR_SUPPLIED, TURN)))


EFFECTS: dict[str, Callable[[Context, Frame], None]] = {
    "support": _support,
    "strike": _strike,
    "supply": _supply,
}


def fly(ctx: Context, uid: str, kind: str, target: str, **args: object) -> None:
    """Mark ``uid``'s offensive use of the game-turn and push its mission."""
    ctx.state.put(ctx.state.units[uid].marked(scoped(FLOWN, TURN)))
    ctx.push("air-mission", unit=uid, kind=kind, target=target, **args)


class AirMission(Step):
    """An air mission: the enemy's interception first, then its effect if it gets through."""

    name: ClassVar[str] = "air-mission"
    args: ClassVar[Mapping[str, Shape] | None] = {
        "unit": UNIT,
        "kind": literal("strike", "supply", "support"),
        "target": NODE,
        "bomb": BOOL,
        "before": INT,
        "queue": list_of(UNIT),
        "stopped": BOOL,
        "down": BOOL,
    }
    rule: ClassVar[str] = RESULTS

    def run(self, ctx: Context, frame: Frame) -> None:
        args = frame.args
        if "stopped" not in args:
            enemy = cn.enemy(ctx.side_of(args["unit"]))
            if interceptors(ctx, enemy, args["unit"], args["target"], []):
                ctx.call("air-intercept", by=enemy, mission=args["unit"], target=args["target"])
            else:
                ctx.update(stopped=False)
            return
        if args["stopped"]:
            ctx.emit("air", f"the mission of {args['unit']} is prevented", unit=args["unit"])
            ctx.done()
            return
        EFFECTS[args["kind"]](ctx, frame)


class InterceptStep(SideStep):
    """DCH: Air: the defender intercepts a mission with an air unit in range (Luftwaffe units
    one after another, a Russian air unit alone), or lets it through."""

    name: ClassVar[str] = "air-intercept"
    args: ClassVar[Mapping[str, Shape] | None] = {
        "by": SIDE,
        "mission": UNIT,
        "target": NODE,
        "used": list_of(UNIT),
        "stopped": BOOL,
    }
    kind: ClassVar[str] = "choose"
    rule: ClassVar[str] = INTERCEPT
    actions: ClassVar[tuple[type[Action], ...]] = (Choose, Pass)

    def _options(self, ctx: Context, frame: Frame) -> list[str]:
        args = frame.args
        return interceptors(ctx, args["by"], args["mission"], args["target"], args.get("used", []))

    def pending(self, ctx: Context, frame: Frame) -> bool:
        return not frame.args.get("stopped") and bool(self._options(ctx, frame))

    def run(self, ctx: Context, frame: Frame) -> None:
        ctx.done(stopped=bool(frame.args.get("stopped")))

    def prompt(self, ctx: Context, frame: Frame) -> str:
        return f"intercept {frame.args['mission']} over {frame.args['target']}?"

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        return [Pass(), *(Choose(u) for u in self._options(ctx, frame))]

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        if isinstance(action, Pass):
            ctx.done(stopped=False)
            return
        assert isinstance(action, Choose)
        uid = action.option
        ctx.state.put(ctx.state.units[uid].marked(scoped(DEFENDED, TURN)))
        ctx.update(used=[*frame.args.get("used", []), uid])
        ctx.call(
            "air-intercept-roll",
            interceptor=uid,
            mission=frame.args["mission"],
            target=frame.args["target"],
        )


class InterceptRoll(ChanceStep):
    """The interception die: Shot Down, Intercepted, or "-" (the mission goes on)."""

    name: ClassVar[str] = "air-intercept-roll"
    args: ClassVar[Mapping[str, Shape] | None] = {
        "interceptor": UNIT,
        "mission": UNIT,
        "target": NODE,
    }
    rule: ClassVar[str] = INTERCEPT

    def outcomes(self, ctx: Context, frame: Frame) -> list[tuple[Action, Fraction]]:
        return [(Outcome(v), Fraction(1, 6)) for v in range(1, 7)]

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        assert isinstance(action, Outcome) and isinstance(action.value, int)
        a = frame.args
        result = intercept_result(ctx, a["interceptor"], a["mission"], a["target"], action.value)
        ctx.emit(
            "intercept",
            f"{a['interceptor']} intercepts {a['mission']}: {result}",
            die=action.value,
            result=result,
        )
        if result in STOPS:
            ground(ctx, a["mission"], result)
        ctx.done(stopped=result in STOPS)


class StrikeRoll(ChanceStep):
    """DCH: Airstrike: the die against one ground unit: D (Disrupted in place, a korps broken
    down), D* (D unless sheltered), AA (the air unit shot down by an anti-aircraft-capable
    target), or "-"."""

    name: ClassVar[str] = "air-strike-roll"
    args: ClassVar[Mapping[str, Shape] | None] = {"unit": UNIT, "air": UNIT}
    rule: ClassVar[str] = STRIKE

    def outcomes(self, ctx: Context, frame: Frame) -> list[tuple[Action, Fraction]]:
        return [(Outcome(v), Fraction(1, 6)) for v in range(1, 7)]

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        assert isinstance(action, Outcome) and isinstance(action.value, int)
        uid, air = frame.args["unit"], frame.args["air"]
        result = strike_result(ctx, air, uid, action.value)
        ctx.emit("airstrike", f"{air} strikes {uid}: {result}", die=action.value, result=result)
        if result == "D":
            # DCH: Air Notes: a D result is suffered in place (no withdrawal)
            unit = ctx.state.units[uid]
            ctx.state.put(unit.marked(cn.DISRUPTED, scoped(cn.HIT, SEGMENT)))
            break_down(ctx, uid)
        if result == "AA":
            ground(ctx, air, SHOT_DOWN)
        ctx.done(down=result == "AA")


# --- airstrikes ordered in the operations phases ---------------------------------------
def struck(ctx: Context) -> list[str]:
    """Hexes Russian front air units struck this game-turn."""
    got = ctx.state.get("russian_strikes")
    return [] if got is None or got["turn"] != ctx.turn else list(got["hexes"])


def strike_targets(ctx: Context, uid: str) -> list[str]:
    """Enemy-occupied hexes within the air unit's range (DCH: Airstrike: Russian front air
    units may not be combined: not a hex another one struck this game-turn)."""
    side = ctx.side_of(uid)
    at = base(ctx, uid)
    reach = value(ctx, uid, "range")
    taken = set(struck(ctx)) if side == cn.RUSSIAN else set()
    # an airstrike "attacks each ground unit": DCH: Special First Turn Rules apply
    return sorted(
        n
        for n in enemy_hexes(ctx, side)
        if ctx.board.distance(at, n) <= reach
        and n not in taken
        and rumania_error(ctx, side, at, n) is None
    )


def enemy_hexes(ctx: Context, side: str) -> tuple[str, ...]:
    """The hexes units of ``side``'s enemy occupy, in occupancy order."""

    def build() -> tuple[str, ...]:
        occ = ctx.state.occupancy()
        return tuple(n for n, us in occ.items() if ctx.side_of(us[0]) != side)

    return per_occupancy(ctx, ("enemy-hexes", side), build)


def strikers(ctx: Context, side: str) -> list[str]:
    """Air units that may still fly an airstrike this game-turn."""
    return [
        u
        for u in air_units(ctx, side)
        if value(ctx, u, "cas") > 0
        and not has_scoped(ctx.state.units[u], FLOWN, TURN)
        and strike_targets(ctx, u)  # asked first: cheaper than the supply trace of ``available``
        and available(ctx, u)
    ]


class StrikeTarget(SideStep):
    """The target hex of an airstrike (or Pass to keep the air unit)."""

    name: ClassVar[str] = "airstrike"
    args: ClassVar[Mapping[str, Shape] | None] = {"side": SIDE, "unit": UNIT}
    kind: ClassVar[str] = "choose"
    rule: ClassVar[str] = STRIKE
    actions: ClassVar[tuple[type[Action], ...]] = (Choose, Pass)

    def prompt(self, ctx: Context, frame: Frame) -> str:
        return f"airstrike by {frame.args['unit']}: target hex"

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        return [Pass(), *(Choose(n) for n in strike_targets(ctx, frame.args["unit"]))]

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        uid = frame.args["unit"]
        ctx.done()
        if isinstance(action, Choose):
            if ctx.side_of(uid) == cn.RUSSIAN:
                hexes = [*struck(ctx), action.option]
                ctx.state.set("russian_strikes", {"turn": ctx.turn, "hexes": hexes})
            open_rumania(ctx, ctx.side_of(uid), [base(ctx, uid)])
            fly(ctx, uid, "strike", action.option)


STEPS: tuple[Step, ...] = (
    AirMission(),
    InterceptStep(),
    InterceptRoll(),
    StrikeRoll(),
    StrikeTarget(),
)
