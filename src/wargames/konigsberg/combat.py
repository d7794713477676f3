"""Combat (K45 7.x), step losses (8.x), retreats (9.x), advance after combat (10.x), HQs in
combat (12.1a, 12.1b) and the release of the fixed HQs (12.8).

An attack is a sequence of small decisions: declare it with one unit (``Attack``), add
attackers and air units one at a time (``Choose``), resolve (``Pass``). The die is a chance
decision. The result then runs as frames, defender first (7.1): the defender's step losses
(one step per decision, 8.0a-8.1), its retreat (9.x), the attacker's losses (8.0a, 7.1a) and
the attacker's advance (10.x).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from typing import Any, ClassVar

import attrs

from wargames.core.actions import Action, Advance, AllocateLosses, Attack, Choose, Outcome, Pass
from wargames.core.actions import Retreat as RetreatAction
from wargames.core.advance import AdvanceRules, AdvanceSituation, advance_paths
from wargames.core.context import Context
from wargames.core.errors import IllegalAction
from wargames.core.events import Redacted
from wargames.core.frame_args import BOOL, INT, NODE, SIDE, UNIT, Shape, list_of, literal, table_of
from wargames.core.losses import LossPolicy, LossUnit, allocation_error, allocations
from wargames.core.results import CombatResult
from wargames.core.retreat import (
    AvoidEzoc,
    HexsideMatch,
    RetreatPath,
    RetreatRules,
    RetreatSituation,
    TowardSupply,
    preferred,
    retreat_paths,
)
from wargames.core.sequence import Step
from wargames.core.state import Frame, UnitsMemo
from wargames.core.steps import DieStep
from wargames.core.strength import modified, total_strength

from .arg_shapes import AIR_MISSION
from .charts import BRIDGED, charts
from .forces import (
    attack,
    defence,
    eliminate,
    enemy,
    enter,
    exerts_zoc,
    fits,
    front,
    half_hex,
    is_combat,
    is_hq,
    is_mech,
    is_naval,
    lone_hq,
    lose_step,
    overrun,
    placed,
    playable,
    refugee_hexes,
    unplayable_nodes,
)
from .steps import SideStep
from .supply import ZOC, attack_factor, defence_factor, trace, zoc_of

CLOSED = (
    HexsideMatch({"major-river"}, unless=BRIDGED),
    HexsideMatch({"impassable"}),
    HexsideMatch({"water"}),
)
RETREAT = RetreatRules(
    rule="K45 9.0a",
    blocked="K45 9.0b",
    hexsides=CLOSED,
    blocked_steps=1,
    ezoc_steps=1,
    farther="K45 9.2a",
    stacking="K45 5.1",
    overstack_hexes=1,
    preferences=(TowardSupply("K45 9.2b"), AvoidEzoc("K45 9.2c")),
)
ADVANCE = AdvanceRules(
    rule="K45 10.0",
    blocked="K45 10.4",
    hexsides=CLOSED,
    stop="K45 10.1a",
    stop_hexsides=(HexsideMatch({"river"}, unless=BRIDGED),),
    stop_features={"town", "city"},
    stacking="K45 5.0a",
)
# K45 5.1a: the overstacking penalty's retreat: one hex to a legal hex, else eliminated
PENALTY_RETREAT = attrs.evolve(
    RETREAT, rule="K45 5.1a", blocked="K45 5.1a", blocked_steps=None, overstack_hexes=0
)
ATTACKER_LOSSES = LossPolicy(rule="K45 8.0b", strongest_first="K45 8.0a")
FREE_LOSSES = LossPolicy(rule="K45 9.0b")


# --- who may attack what ----------------------------------------------------------------------
def defended(ctx: Context, node: str, side: str) -> bool:
    """K45 7.0: a hex of ``side``'s combat units (empty hexes and lone HQs cannot be attacked;
    Admiral Hipper cannot be attacked, 12.6(4))."""
    here = ctx.state.occupancy().get(node, ())
    return any(
        ctx.side_of(u) == side and is_combat(ctx.unit_def(u)) and not is_naval(ctx.unit_def(u))
        for u in here
    )


def targets_of(ctx: Context, uid: str) -> list[str]:
    """K45 3.5(1), 7.3c, 12.6(2): hexes ``uid`` may attack: enemy hexes in its ZOC (zero-attack
    units: the hexes their ZOC would cover); Admiral Hipper: two hexes from Frische Haff."""
    at = ctx.state.units[uid].at
    assert at is not None
    other = enemy(ctx.side_of(uid))
    index = ctx.board.index
    if is_naval(ctx.unit_def(uid)):
        reach = int(charts(ctx)["hipper"]["reach"])
        haff = ctx.board.nodes_with("haff")
        near = {n for n in ctx.board if min(ctx.board.distance(n, h) for h in haff) <= reach}
        return sorted(n for n in near if defended(ctx, n, other))
    into = ZOC.into(index)[index.number[at]]
    return sorted(index.ids[v] for v in into if defended(ctx, index.ids[v], other))


def may_declare(ctx: Context, uid: str) -> bool:
    """K45 3.5(1), 3.1a, 7.3c, 12.6: a unit declares an attack only on enemy units in its ZOC,
    so only a unit with a ZOC (an attack of 1 or more; not Volksturm, garrisons, HQs) may
    declare one; units without a ZOC may only join (7.3c). Admiral Hipper attacks by 12.6(2)."""
    if is_naval(ctx.unit_def(uid)):
        return attack(ctx, uid) > 0
    return exerts_zoc(ctx, uid)


def attackers_available(ctx: Context, side: str) -> list[str]:
    active = ctx.state.get("active", {})
    done = set(ctx.state.get("attacked", ()))
    out = []
    for uid in active.get("units", ()):
        unit = ctx.state.units.get(uid)
        if unit is not None and unit.at is not None and uid not in done:
            out.append(uid)
    return sorted(out)


# --- odds ---------------------------------------------------------------------------------
def crossing(ctx: Context, a: str, b: str, features: set[str]) -> bool:
    return bool(ctx.board.edge_features(a, b) & features)


def odds(
    ctx: Context, attackers: Iterable[str], target: str, air: int = 0
) -> tuple[int | None, str]:
    """K45 0.1c, 0.1d, 7.4, 7.4a, 7.4b, 11.3: the CRT column (None: cancelled) and why."""
    ch = charts(ctx)
    tec = ch["tec"]
    attackers = list(attackers)
    values = []
    halve = {f for f, on in tec["halve_attack"].items() if on and f != "bridges_negate"}
    bridged = BRIDGED if tec["halve_attack"].get("bridges_negate", False) else frozenset()
    for uid in attackers:
        at = ctx.state.units[uid].at
        assert at is not None
        factors: list[Fraction] = [Fraction(*attack_factor(ctx, uid))]
        if at in ctx.board.neighbours(target):
            feats = ctx.board.edge_features(at, target)
            if feats & halve and not feats & bridged:
                factors.append(Fraction(1, 2))  # K45 7.4(3): across a river, bridged or not
        values.append(modified(Fraction(attack(ctx, uid)), *factors))
    side = ctx.side_of(attackers[0]) if attackers else "soviet"
    defenders = [
        u
        for u in ctx.state.occupancy().get(target, ())
        if ctx.side_of(u) != side and is_combat(ctx.unit_def(u))
    ]
    att = total_strength(values)
    dfn = total_strength(
        modified(Fraction(defence(ctx, u)), Fraction(*defence_factor(ctx, u))) for u in defenders
    )
    terrain = terrain_shift(ctx, attackers, target)
    scale = ch.crt.scale
    if scale.raw_column(att, dfn) is None and dfn > 0:
        return None, f"{att}:{dfn} is below 1-2 (K45 7.4b)"
    try:
        # K45 7.4b: "less than 1-2 once any terrain effects have been applied": judged after
        # the terrain shifts, before air support's (13.1)
        col = scale.column(att, dfn, terrain)
    except IllegalAction:
        return None, f"{att}:{dfn} shifted {terrain:+d} for terrain is below 1-2 (K45 7.4b)"
    if not (dfn == 0 and scale.zero_defence is not None):
        col = scale.shifted(col, air)
    return col, f"{att}:{dfn}, shift {terrain + air:+d}: {scale.label(col)}"


def terrain_shift(ctx: Context, attackers: list[str], target: str) -> int:
    """K45 7.4a: cumulative shifts for the defender's hex; Festung and defensive line shifts
    only for a German defender ("the German player (only) receives the benefit") and only
    when every attacker attacks across such a hexside."""
    shifts = charts(ctx)["tec"]["shifts"]
    board = ctx.board
    total = int(shifts.get(board.terrain(target), 0))
    for feat in ("village", "town", "city"):
        if board.has(target, feat):
            total += int(shifts.get(feat, 0))
    froms = [ctx.state.units[u].at for u in attackers]
    if not attackers or ctx.side_of(attackers[0]) == "german":
        return total  # K45 7.4a: Festungs and defensive lines help the German defender only
    for line in ("festung", "line"):
        if froms and all(
            f is not None
            and f in board.neighbours(target)
            and line in board.edge_features(f, target)
            for f in froms
        ):
            total += int(shifts.get(line, 0))
    return total


# --- air ------------------------------------------------------------------------------------
def air_units(ctx: Context, side: str) -> list[str]:
    """K45 13.1, 13.3, 13.4: air units in the box of the active HQ's air army."""
    active = ctx.state.get("active", {})
    hq = active.get("hq")
    if side == "german":
        box = "air:LW"
    else:
        box = "air:4AA" if hq and front(ctx, hq) == "2BR" else "air:1AA"
    return sorted(u.id for u in ctx.state.units_in(box))


# --- steps ----------------------------------------------------------------------------------
class Combat(SideStep):
    """K45 1.3c, 7.0, 7.2(1): declare attacks one by one, each with a first attacking unit."""

    name: ClassVar[str] = "combat"
    args: ClassVar[Mapping[str, Shape] | None] = {"side": SIDE}
    kind: ClassVar[str] = "attack"
    rule: ClassVar[str] = "K45 7.0"
    actions: ClassVar[tuple[type[Action], ...]] = (Attack, Pass)

    def legal(self, ctx: Context, frame: Frame) -> Iterable[Action]:
        out: list[Action] = [Pass()]
        for uid in attackers_available(ctx, frame.args["side"]):
            if not may_declare(ctx, uid):
                continue
            out.extend(Attack((uid,), t) for t in targets_of(ctx, uid))
        return out

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        if isinstance(action, Pass):
            return None
        assert isinstance(action, Attack)
        if len(action.units) != 1:
            return IllegalAction("K45 7.2", "declare an attack with one unit, then add others")
        uid = action.units[0]
        if uid not in attackers_available(ctx, frame.args["side"]):
            if uid in ctx.state.get("attacked", ()):
                return IllegalAction("K45 7.3a", f"{uid} has already attacked")
            return IllegalAction("K45 2.2f", f"{uid} is not an activated unit that may attack")
        if attack(ctx, uid) <= 0:
            return IllegalAction("K45 7.3c", f"{uid} has no attack strength of its own")
        if not may_declare(ctx, uid):
            return IllegalAction(
                "K45 3.5(1)", f"{uid} exerts no ZOC (3.1a), so no enemy unit is in its ZOC"
            )
        if action.target not in targets_of(ctx, uid):
            return IllegalAction(
                "K45 3.5(1)", f"{action.target} is not an enemy hex in the ZOC of {uid}"
            )
        return None

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        if isinstance(action, Pass):
            ctx.state.set("attacked", [])
            ctx.done()
            return
        assert isinstance(action, Attack)
        ctx.emit_about(
            action.units[:1],
            "attack",
            f"{action.units[0]} attacks {action.target}",
            others=Redacted(  # K45 0.1e
                f"a {frame.args['side']} unit attacks {action.target}", {"target": action.target}
            ),
            unit=action.units[0],
            target=action.target,
        )
        ctx.push(
            "attack",
            side=frame.args["side"],
            target=action.target,
            attackers=list(action.units),
            air=[],
        )


class BuildAttack(SideStep):
    """K45 7.2(1), 7.3a, 7.3c, 13.1: add attackers and at most two air units; pass resolves."""

    name: ClassVar[str] = "attack"
    args: ClassVar[Mapping[str, Shape] | None] = {
        "side": SIDE,
        "target": NODE,
        "attackers": list_of(UNIT),
        "air": list_of(AIR_MISSION),
    }
    kind: ClassVar[str] = "attack"
    rule: ClassVar[str] = "K45 7.2"
    actions: ClassVar[tuple[type[Action], ...]] = (Choose, Pass)

    def options(self, ctx: Context, frame: Frame) -> list[str]:
        side, target = frame.args["side"], frame.args["target"]
        taken = set(frame.args["attackers"])
        out = [
            f"unit:{u}"
            for u in attackers_available(ctx, side)
            if u not in taken and target in targets_of(ctx, u)
        ]
        air = list(frame.args["air"])
        if len(air) < int(charts(ctx)["air"]["per_attack"]):
            used = {a.split(":")[0] for a in air}
            for a in air_units(ctx, side):
                if a not in used:
                    out += [f"air:{a}:full", f"air:{a}:normal"]
        return out

    def legal(self, ctx: Context, frame: Frame) -> Iterable[Action]:
        return [Pass(), *(Choose(o) for o in self.options(ctx, frame))]

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        if isinstance(action, Choose) and action.option not in self.options(ctx, frame):
            if action.option.startswith("air:"):
                return IllegalAction(
                    "K45 13.1",
                    f"{action.option}: not an available air unit (at most two per attack)",
                )
            return IllegalAction("K45 7.3a", f"{action.option} cannot join this attack")
        return None

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        if isinstance(action, Choose):
            kind, rest = action.option.split(":", 1)
            if kind == "unit":
                ctx.update(attackers=[*frame.args["attackers"], rest])
            else:
                ctx.update(air=[*frame.args["air"], rest])
            return
        side, target = frame.args["side"], frame.args["target"]
        attackers = list(frame.args["attackers"])
        ctx.state.set("attacked", [*ctx.state.get("attacked", ()), *attackers])
        ctx.done()
        air = list(frame.args["air"])
        shift = 0
        for entry in air:
            uid, how = entry.split(":")
            shift += int(ctx.unit_def(uid).values.get(how, 0))  # K45 13.1: right shifts
        col, why = odds(ctx, attackers, target, shift)
        if col is None or not any(attack(ctx, u) > 0 for u in attackers):
            ctx.emit("combat", f"attack on {target} cancelled: {why}", target=target)
            send_home(ctx, air, grounded=False)
            return
        release(ctx, target)  # K45 12.8; a cancelled attack (7.4b) attacked nothing
        column = charts(ctx).crt.scale.label(col)
        shown = ctx.masked(attackers)  # K45 0.1e: the odds are told, hidden attackers not
        ctx.emit_about(
            attackers,
            "combat",
            f"{'+'.join(attackers)} attack {target}: {why}",
            others=Redacted(
                f"{'+'.join(shown)} attack {target}: {why}",
                {"target": target, "attackers": shown, "column": column},
            ),
            target=target,
            attackers=attackers,
            column=column,
        )
        ctx.push(
            "combat-roll", side=side, target=target, attackers=attackers, air=air, column=col, drm=0
        )


def release(ctx: Context, target: str) -> None:
    """K45 12.8: a fixed HQ in an attacked hex is released."""
    fixed = charts(ctx)["command"]["fixed_hqs"]
    for uid in ctx.state.occupancy().get(target, ()):
        if uid in fixed and uid not in ctx.state.get("released", ()):
            ctx.state.set("released", [*ctx.state.get("released", ()), uid])
            # K45 0.1e: told only to the sides that may see the HQ (not under a stack's top)
            ctx.emit_about(
                [uid],
                "release",
                f"the {uid} HQ is released (its hex was attacked)",
                others=None,
                hq=uid,
            )


def send_home(ctx: Context, air: Iterable[str], grounded: bool) -> None:
    """K45 13.1a, 13.2: after a normal attack to refit, after a full attack (or a 1) grounded."""
    for entry in air:
        uid, how = entry.split(":")
        box = "grounded" if grounded or how == "full" else "refit"
        ctx.state.put(ctx.state.units[uid].boxed(box))
        ctx.emit("air", f"{uid} goes to the {box} box", unit=uid, box=box)


class CombatRoll(DieStep):
    """K45 7.2(3): roll 1d6 on the CRT; the result is executed at once, defender first."""

    name: ClassVar[str] = "combat-roll"
    args: ClassVar[Mapping[str, Shape] | None] = {
        "side": SIDE,
        "target": NODE,
        "attackers": list_of(UNIT),
        "air": list_of(AIR_MISSION),
        "column": INT,
        "drm": INT,
    }
    rule: ClassVar[str] = "K45 7.2"

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        assert isinstance(action, Outcome) and isinstance(action.value, int)
        roll = action.value
        args = frame.args
        result = charts(ctx).crt.lookup(args["column"], roll, int(args["drm"]))
        ctx.emit("result", f"die {roll}: {result}", die=roll, result=str(result))
        ctx.done()
        air = list(args.get("air", ()))
        if air:
            send_home(ctx, air, grounded=roll == int(charts(ctx)["air"]["grounded_on"]))
        execute(ctx, result, args["side"], args["target"], list(args.get("attackers", ())))


def execute(
    ctx: Context, result: CombatResult, side: str, target: str, attackers: list[str]
) -> None:
    """K45 7.1, 8.1, 9.1: push the result's frames, defender first."""
    board = ctx.board
    defender = result.defender
    att = result.attacker
    losses = defender.count if defender is not None else 0
    hexes = (defender.retreat or 1) if defender is not None and defender.retreats else 0
    if losses and (board.has(target, "town") or board.has(target, "city")):
        losses -= 1  # K45 8.1: the first loss is ignored in a town or city
        ctx.emit("negated", f"{target}: the first step loss is ignored (K45 8.1)")
    negated_retreat = False
    if hexes and any(board.has(target, f) for f in ("village", "town", "city")):
        hexes -= 1  # K45 9.1: the first retreat hex is ignored
        negated_retreat = True
        ctx.emit("negated", f"{target}: the first hex of retreat is ignored (K45 9.1)")
    star = att is not None and "*" in att.flags
    a_losses = 0 if att is None or star else att.count
    if star and negated_retreat and hexes == 0:
        a_losses += att.count if att is not None else 0  # K45 7.1a
    ctx.state.set(
        "combat", {"target": target, "side": side, "attackers": attackers, "retreated": False}
    )
    if attackers:
        ctx.push("advance", side=side, target=target, advanced=[], paths={})
        if a_losses:
            units = [u for u in attackers if not is_naval(ctx.unit_def(u))]
            ctx.push("lose", side=side, units=units, count=a_losses, first=True, role="attack")
    if hexes:
        ctx.push("retreat-start", side=enemy(side), origin=target, length=hexes)
    if losses:
        units = [
            u
            for u in ctx.state.occupancy().get(target, ())
            if is_combat(ctx.unit_def(u)) and ctx.side_of(u) != side
        ]
        ctx.push("lose", side=enemy(side), units=units, count=losses, first=True, role="defence")


class LoseStep(SideStep):
    """K45 8.0a-8.0e, 9.0b, 9.0c: the owner takes step losses one step at a time; the first
    loss of a combat result from the strongest participant (attack for the attacker, defence
    for the defender); retreat losses as the owner pleases."""

    name: ClassVar[str] = "lose"
    args: ClassVar[Mapping[str, Shape] | None] = {
        "side": SIDE,
        "units": list_of(UNIT),
        "count": INT,
        "first": BOOL,
        "role": literal("attack", "defence", "free"),
    }
    kind: ClassVar[str] = "allocate-losses"
    rule: ClassVar[str] = "K45 8.0b"
    actions: ClassVar[tuple[type[Action], ...]] = (AllocateLosses,)

    def units(self, ctx: Context, frame: Frame) -> list[LossUnit]:
        role = frame.args["role"]
        out = []
        for uid in frame.args["units"]:
            unit = ctx.state.units.get(uid)
            if unit is None or unit.at is None or is_naval(ctx.unit_def(uid)):
                continue
            strength = attack(ctx, uid) if role == "attack" else defence(ctx, uid)
            out.append(LossUnit(uid, unit.steps, strength))
        return out

    def policy(self, frame: Frame) -> LossPolicy:
        return (
            ATTACKER_LOSSES if frame.args["first"] and frame.args["role"] != "free" else FREE_LOSSES
        )

    def pending(self, ctx: Context, frame: Frame) -> bool:
        return int(frame.args["count"]) > 0 and bool(self.units(ctx, frame))

    def legal(self, ctx: Context, frame: Frame) -> Iterable[Action]:
        return [
            AllocateLosses(a) for a in allocations(self.units(ctx, frame), 1, self.policy(frame))
        ]

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        assert isinstance(action, AllocateLosses)
        return allocation_error(self.units(ctx, frame), 1, action.units, self.policy(frame))

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        assert isinstance(action, AllocateLosses)
        for uid in action.units:
            lose_step(ctx, uid)
        left = int(frame.args["count"]) - 1
        if left <= 0:
            ctx.done()
        else:
            ctx.update(count=left, first=False)


class RetreatStart(Step):
    """K45 9.0e, 9.0b, 12.1a: units with no movement take the retreat (what is left of it
    after 9.1's negated first hex in a village, town or city) as losses, one step per hex as
    9.0b charges a stack that cannot retreat, allocated by the owner; the others retreat, an
    HQ with them."""

    name: ClassVar[str] = "retreat-start"
    args: ClassVar[Mapping[str, Shape] | None] = {"side": SIDE, "origin": NODE, "length": INT}
    rule: ClassVar[str] = "K45 9.0e"

    def run(self, ctx: Context, frame: Frame) -> None:
        origin, side, length = frame.args["origin"], frame.args["side"], frame.args["length"]
        ctx.done()
        here = [u for u in ctx.state.occupancy().get(origin, ()) if ctx.side_of(u) == side]
        static = [
            u
            for u in here
            if is_combat(ctx.unit_def(u))
            and int(ctx.unit_def(u).movement_at(ctx.state.units[u].steps)) == 0
        ]
        mobile = [u for u in here if u not in static]
        if not any(is_combat(ctx.unit_def(u)) for u in mobile):
            mobile = []  # a lone HQ left behind does not retreat (it may be overrun)
        if mobile:
            ctx.push("retreat", side=side, origin=origin, length=length, units=sorted(mobile))
        if static:
            ctx.push("lose", side=side, units=static, count=length, first=False, role="free")


def mark_retreated(ctx: Context) -> None:
    combat = dict(ctx.state.get("combat", {}))
    combat["retreated"] = True
    ctx.state.set("combat", combat)


def retreat_options(
    ctx: Context, units: list[str], origin: str, length: int, rules: RetreatRules = RETREAT
) -> list[RetreatPath]:
    """K45 9.0-9.2, 5.1: the kernel's retreat options for a group of units. Only the combat
    units' stacking limits where the group may end: an HQ that ends on another HQ retreats
    one more hex alone (5.2, ``stacking.HQRetreat``)."""
    candidates, stages = retreat_stages(ctx, units, origin, length, rules)
    return stages[-1][2] if stages else candidates


Stage = tuple[str, str, list[RetreatPath]]


def retreat_stages(
    ctx: Context, units: list[str], origin: str, length: int, rules: RetreatRules = RETREAT
) -> tuple[list[RetreatPath], list[Stage]]:
    """The retreat options before any "if possible" rule, then each such rule's citation, its
    reason and the options it leaves: first 4.3a's, which drops the ends forced off the map
    while the stack can survive a retreat, then ``rules.preferences`` in order (9.2b, 9.2c)."""
    side = ctx.side_of(units[0])
    index = ctx.board.index
    other = enemy(side)
    overruns = any(is_combat(ctx.unit_def(u)) and attack(ctx, u) > 0 for u in units)
    prohibited = set(unplayable_nodes(index))  # water; K45 0.2a: half-hexes, as off the map
    for n, us in ctx.state.occupancy().items():
        if ctx.side_of(us[0]) == other and not (overruns and lone_hq(ctx, n, other)):
            prohibited.add(index.number[n])
    shelters = refugee_hexes(ctx)
    line = trace(ctx, side)
    start = index.number[origin]
    board = ctx.board
    near = index.cached(  # the hexes a retreat may reach: the same on every board position
        ("k45.retreat-near", origin, length + 2),
        lambda _: frozenset(
            n
            for h in board.hex_of(origin).within(length + 2)
            if (n := board.node_at(h)) is not None
        ),
    )
    distance = {index.number[n]: d for n in near if (d := line.distance(n)) is not None}
    steps = sum(ctx.state.units[u].steps for u in units if is_combat(ctx.unit_def(u)))
    combat = [u for u in units if not is_hq(ctx.unit_def(u))]
    situation = RetreatSituation(
        prohibited=prohibited,
        ezoc=zoc_of(ctx, other).nodes,
        supply_distance=distance,
        fits=lambda v: (
            fits(ctx, index.ids[v], combat, side)
            or (overruns and lone_hq(ctx, index.ids[v], other) and index.ids[v] not in shelters)
        ),
        stack_steps=steps or None,
    )
    # the preferences run here, after the map-edge flag: the kernel would run them first
    paths = retreat_paths(index, start, length, attrs.evolve(rules, preferences=()), situation)
    edge = {
        p.nodes
        for p in paths
        if p.short and not p.eliminated and off_map_beyond(ctx, origin, index.ids[p.end])
    }
    candidates = [attrs.evolve(p, eliminated=True) if p.nodes in edge else p for p in paths]
    stages: list[Stage] = []
    current = candidates
    if edge and any(not p.eliminated for p in candidates):
        # K45 4.3a: an end forced off the map is no retreat while one the stack survives is
        # left, so it never outranks such a retreat in 9.2b, 9.2c (as the kernel's 5.1 dead ends)
        current = [p for p in current if p.nodes not in edge]
        stages.append(("K45 4.3a", "the stack survives", current))
    stages += [
        (pref.rule, pref.reason, list(kept))
        for pref, kept in preferred(index, current, rules.preferences, situation)
    ]
    return candidates, stages


def off_map_beyond(ctx: Context, origin: str, node: str) -> bool:
    """K45 0.2a, 4.3a, 4.2d: whether a retreat cut short at ``node`` could go on only off the
    map: a hex beyond the map edge, or a half-hex (0.2a: "only full-sized hexes are playable"),
    next to it and farther from ``origin`` (9.2a). Such a unit is forced off the map and
    destroyed ("Destroy any units forced off the map"), not charged 9.0b's step per hex."""
    board = ctx.board
    layout = board.layout
    if layout is None:
        return False
    here, start = board.hex_of(node), board.hex_of(origin)
    for h in here.neighbours():
        if h.distance(start) <= here.distance(start):
            continue
        if not layout.on_map(h):
            return True
        label = board.node_at(h)
        if label is not None and half_hex(ctx, label):
            return True
    return False


_RETREATS: UnitsMemo[list[tuple[tuple[str, ...], RetreatPath]]] = UnitsMemo(limit=64)


class RetreatStep(SideStep):
    """K45 9.0-9.2, 9.0f, 12.1a: the owner retreats the stack together or unit by unit."""

    name: ClassVar[str] = "retreat"
    args: ClassVar[Mapping[str, Shape] | None] = {
        "side": SIDE,
        "origin": NODE,
        "length": INT,
        "units": list_of(UNIT),
        "penalty": BOOL,
    }
    kind: ClassVar[str] = "retreat"
    rule: ClassVar[str] = "K45 9.0a"
    actions: ClassVar[tuple[type[Action], ...]] = (RetreatAction,)

    def pending(self, ctx: Context, frame: Frame) -> bool:
        return bool(self.alive(ctx, frame))

    def alive(self, ctx: Context, frame: Frame) -> list[str]:
        origin = frame.args["origin"]
        return [u for u in frame.args["units"] if ctx.state.units[u].at == origin]

    def groups(self, ctx: Context, frame: Frame) -> list[tuple[str, ...]]:
        units = self.alive(ctx, frame)
        combat = [u for u in units if is_combat(ctx.unit_def(u))]
        hqs = [u for u in units if is_hq(ctx.unit_def(u))]
        if not combat:
            return []
        groups = [tuple(sorted(units))]
        if len(combat) > 1:  # K45 9.0f: separate paths; an HQ goes with the first
            groups += [tuple(sorted([u, *hqs])) for u in combat]
        return groups

    def rules(self, frame: Frame) -> RetreatRules:
        return PENALTY_RETREAT if frame.get("penalty") else RETREAT

    def options(self, ctx: Context, frame: Frame) -> list[tuple[tuple[str, ...], RetreatPath]]:
        """K45 9.0-9.2, 9.0f: (group, option) for each group that may retreat. It reads the
        units, the frame, the refugees (5.0, 12.2b) and the split sources (the supply trace,
        9.2c) besides the scenario, so kept while they stay the same: listing a retreat and
        applying the one chosen ask for the same options (the action's event in between
        starts a new position memo, so ``ctx.per_position`` would miss)."""
        state = ctx.state
        key = (id(ctx.scenario), frame, state.get("refugees"), state.get("split_sources"))
        return list(_RETREATS.get(state, key, lambda: self._options(ctx, frame)))

    def _options(self, ctx: Context, frame: Frame) -> list[tuple[tuple[str, ...], RetreatPath]]:
        out = []
        for group in self.groups(ctx, frame):
            for p in retreat_options(
                ctx, list(group), frame.args["origin"], int(frame.args["length"]), self.rules(frame)
            ):
                out.append((group, p))
        return out

    def legal(self, ctx: Context, frame: Frame) -> Iterable[Action]:
        index = ctx.board.index
        return [RetreatAction(g, p.labels(index)) for g, p in self.options(ctx, frame)]

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        assert isinstance(action, RetreatAction)
        index = ctx.board.index
        for g, p in self.options(ctx, frame):
            if g == tuple(sorted(action.units)) and p.labels(index) == action.path:
                return None
        group = tuple(sorted(action.units))
        if group not in self.groups(ctx, frame):
            return IllegalAction(
                "K45 12.1a", "retreat the stack, or one combat unit (with any HQ) at a time"
            )
        candidates, stages = retreat_stages(
            ctx, list(group), frame.args["origin"], int(frame.args["length"]), self.rules(frame)
        )
        if any(p.labels(index) == action.path for p in candidates):
            # legal but not preferred: name the first "if possible" rule that drops it
            rule, reason = next(
                (r, why)
                for r, why, kept in stages
                if all(p.labels(index) != action.path for p in kept)
            )
            return IllegalAction(rule, f"a retreat {reason} is possible")
        return IllegalAction(
            "K45 9.2", f"{'-'.join(action.path)} is not a legal retreat (9.0b, 9.2a-c, 5.1)"
        )

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        assert isinstance(action, RetreatAction)
        index = ctx.board.index
        chosen = next(
            p
            for g, p in self.options(ctx, frame)
            if g == tuple(sorted(action.units)) and p.labels(index) == action.path
        )
        units = list(action.units)
        rest = [u for u in self.alive(ctx, frame) if u not in units]
        if rest:
            ctx.update(units=rest)
        else:
            ctx.done()
        mark_retreated(ctx)
        route = "-".join(action.path)
        shown = ctx.masked(units)  # K45 0.1e
        ctx.emit_about(
            units,
            "retreat",
            f"{'+'.join(units)} retreat {route}",
            others=Redacted(
                f"{'+'.join(shown)} retreat {route}", {"units": shown, "path": list(action.path)}
            ),
            units=units,
            path=list(action.path),
        )
        if chosen.eliminated:
            for uid in units:
                eliminate(ctx, uid)
            return
        for uid in units:
            for node in action.path[1:]:
                if is_combat(ctx.unit_def(uid)):
                    overrun(ctx, uid, node)  # K45 9.2d
                enter(ctx, uid, node)
            placed(ctx, uid, action.path)
        for hq in hqs_meeting(ctx, units, action.path[-1]):
            # K45 5.2: the combat units end their retreat; the HQ goes one more hex alone
            ctx.push("hq-retreat", side=frame.args["side"], hq=hq, path=list(action.path))
        if chosen.steps:
            combat = [u for u in units if is_combat(ctx.unit_def(u))]
            ctx.push(
                "lose",
                side=frame.args["side"],
                units=combat,
                count=chosen.steps,
                first=False,
                role="free",
            )


def hqs_meeting(ctx: Context, units: Iterable[str], dest: str) -> list[str]:
    """K45 5.2: the HQs among ``units`` that a retreat has left in ``dest`` with another HQ."""
    here = ctx.state.occupancy().get(dest, ())
    hqs = [u for u in here if is_hq(ctx.unit_def(u))]
    if len(hqs) <= int(charts(ctx)["stacking"]["hq"]):
        return []
    return [u for u in units if u in hqs]


def room(ctx: Context, uid: str, side: str) -> Callable[[int], bool]:
    """K45 5.0a: whether ``uid`` may end an advance in a node; a combat unit with an attack
    may end it on a lone enemy HQ, overrunning it (10.3, 12.1d)."""
    ids = ctx.board.index.ids
    overruns = can_overrun(ctx, uid)
    shelters = refugee_hexes(ctx)

    def test(v: int) -> bool:
        node = ids[v]
        if overruns and lone_hq(ctx, node, enemy(side)):
            return playable(ctx, node) and node not in shelters
        return fits(ctx, node, [uid], side)

    return test


def can_overrun(ctx: Context, uid: str) -> bool:
    """K45 4.3(1), 9.2d, 10.3: a combat unit with an attack strength above zero."""
    return is_combat(ctx.unit_def(uid)) and attack(ctx, uid) > 0


class AdvanceStep(SideStep):
    """K45 10.0-10.4, 12.1b, 7.3c: attackers may advance into the vacated hex, mechanized units
    up to two hexes when the defender retreated; HQs with their stack."""

    name: ClassVar[str] = "advance"
    args: ClassVar[Mapping[str, Shape] | None] = {
        "side": SIDE,
        "target": NODE,
        "advanced": list_of(UNIT),
        "paths": table_of(list_of(list_of(NODE)), key=NODE),  # origin -> paths taken
    }
    kind: ClassVar[str] = "advance"
    rule: ClassVar[str] = "K45 10.0"
    actions: ClassVar[tuple[type[Action], ...]] = (Advance, Pass)

    def pending(self, ctx: Context, frame: Frame) -> bool:
        return bool(self.options(ctx, frame))

    def options(self, ctx: Context, frame: Frame) -> list[Advance]:
        target, side = frame.args["target"], frame.args["side"]
        other = enemy(side)
        held = ctx.state.occupancy().get(target)
        # K45 10.0: only into the defender's vacated hex; a lone HQ left in it is overrun by
        # an advancing combat unit (10.3, 12.1d)
        if (
            held
            and not all(ctx.side_of(u) == side for u in held)
            and not lone_hq(ctx, target, other)
        ):
            return []
        combat = ctx.state.get("combat", {})
        retreated = bool(combat.get("retreated"))
        index = ctx.board.index
        done = set(frame.args["advanced"])
        out: list[Advance] = []
        attackers = [
            u
            for u in combat.get("attackers", ())
            if u not in done and not is_naval(ctx.unit_def(u)) and ctx.state.units[u].at is not None
        ]
        for uid in attackers:
            at = ctx.state.units[uid].at
            assert at is not None
            mech = is_mech(ctx.unit_def(uid)) and retreated
            prohibited = set(unplayable_nodes(index))  # water, half-hexes (K45 0.2a)
            overruns = can_overrun(ctx, uid)
            for n, us in ctx.state.occupancy().items():
                if ctx.side_of(us[0]) == other and not (overruns and lone_hq(ctx, n, other)):
                    prohibited.add(index.number[n])
            situation = AdvanceSituation(prohibited=prohibited, fits=room(ctx, uid, side))
            for p in advance_paths(
                index, index.number[at], index.number[target], 2 if mech else 1, ADVANCE, situation
            ):
                out.append(Advance((uid,), p.labels(index)))
        paths = frame.args["paths"]
        fixed = set(charts(ctx)["command"]["fixed_hqs"]) - set(ctx.state.get("released", ()))
        for origin, taken in paths.items():
            for hq in ctx.state.occupancy().get(origin, ()):
                # K45 12.8: the 6th and 55th Corps HQs "may not be moved" until released
                if hq in fixed:
                    continue
                if is_hq(ctx.unit_def(hq)) and ctx.side_of(hq) == side and hq not in done:
                    for path in taken:
                        if fits(ctx, path[-1], [hq], side):
                            out.append(Advance((hq,), tuple(path)))
        return out

    def legal(self, ctx: Context, frame: Frame) -> Iterable[Action]:
        return [Pass(), *self.options(ctx, frame)]

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        if isinstance(action, Pass) or action in self.options(ctx, frame):
            return None
        assert isinstance(action, Advance)
        return IllegalAction(
            "K45 10.0",
            f"{'+'.join(action.units)} cannot advance {'-'.join(action.path)} (10.0-10.4, 12.1b)",
        )

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        if isinstance(action, Pass):
            ctx.done()
            return
        assert isinstance(action, Advance)
        uid = action.units[0]
        origin = action.path[0]
        paths: dict[str, Any] = {k: list(v) for k, v in frame.args["paths"].items()}
        if not is_hq(ctx.unit_def(uid)):
            paths[origin] = [*paths.get(origin, ()), list(action.path)]
        ctx.update(advanced=[*frame.args["advanced"], uid], paths=paths)
        for node in action.path[1:]:
            if is_combat(ctx.unit_def(uid)):
                overrun(ctx, uid, node)  # K45 10.3
            enter(ctx, uid, node)
        placed(ctx, uid, action.path)
        route = "-".join(action.path)
        others = Redacted(  # K45 0.1e
            f"a {ctx.side_of(uid)} unit advances {route}", {"path": list(action.path)}
        )
        text = f"{uid} advances {route}"
        ctx.emit_about([uid], "advance", text, others=others, unit=uid, path=list(action.path))
