"""DC2 Combat at one point: one air combat round, then ground rounds until one side is
eliminated or retreats (or the round limit of breakthrough combat).

The battle in progress is a typed :class:`Battle` (JSON in the state variable ``battle``);
the automatic step ``battle`` moves it through the fixed :class:`Stage` s and pushes a frame
for each decision (hit absorption by either side, the defender's retreats, the attacker's
choice to go on) and each die roll, so the game serializes at every one of them.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Any, ClassVar

import attrs

from wargames.core.actions import (
    Action,
    Advance,
    AllocateLosses,
    Attack,
    Choose,
    Outcome,
    Pass,
    Retreat,
)
from wargames.core.context import Context
from wargames.core.errors import IllegalAction
from wargames.core.frame_args import INT, SIDE, Shape, literal
from wargames.core.lines import LineLedger, line_paths, segment_ledger, store_ledger
from wargames.core.markers import PHASE, has_scoped, scoped
from wargames.core.prose import node_label, words
from wargames.core.sequence import Step
from wargames.core.state import Frame
from wargames.core.steps import DieStep, SideStep

from . import counters as cn
from . import geography as geo
from .casualties import eliminate
from .fire import air_fires, attack_strength, defence_strength, flak, fortress_value, hits
from .operational import attacks as pending_attacks
from .operational import enter, kerch_barred, policy, unit_error

COMBAT = "DC2 Combat"
AIR = "DC2 Combat A: Air Combat"
GROUND = "DC2 Combat: ground combat (Darkest Crusade: Disruption)"
RETREAT = "DC2 Lines C: retreat within line capacity"
SUBSTITUTE = "DC2 Combat (Darkest Crusade, Disruption: a substitute attacker from the same point)"
ADVANCE = "DC2 Operational Movement (Darkest Crusade: the advance after a retreat is voluntary)"


class Stage(enum.Enum):
    FIRE_A = "fire-attacker"
    FIRE_D = "fire-defender"
    ABSORB_D = "absorb-defender"
    ABSORB_A = "absorb-attacker"
    ROUND_END = "round-end"
    RETREAT = "retreat"
    CONTINUE = "continue"
    RESERVE = "reserve"
    OCCUPY = "occupy"
    ADVANCE = "advance"
    OVER = "over"


@attrs.frozen
class Battle:
    """One battle: ``side`` attacks ``target`` with ``attackers`` (unit -> point attacked
    from); ``round`` 0 is the air round."""

    target: str
    side: str
    attackers: tuple[tuple[str, str], ...]
    round: int = 0
    stage: Stage = Stage.FIRE_A
    hits_a: int = 0
    hits_d: int = 0
    left: int = 0
    absorbing: str = ""
    taken: tuple[tuple[str, int], ...] = ()
    rounds: int = 0  # ground rounds at most (0: until one side is eliminated or retreats)
    gaps: tuple[str, ...] = ()  # points of attackers dispersed in a ground round, unreplaced
    retreated: bool = False  # a defender retreated: the advance is voluntary

    @property
    def enemy(self) -> str:
        return geo.enemy(self.side)

    @property
    def air(self) -> bool:
        return self.round == 0

    def to_json(self) -> dict[str, Any]:
        d = attrs.asdict(self, recurse=False)
        d["stage"] = self.stage.value
        d["attackers"] = [list(a) for a in self.attackers]
        d["taken"] = [list(t) for t in self.taken]
        d["gaps"] = list(self.gaps)
        return d

    @classmethod
    def from_json(cls, d: Any) -> Battle:
        return cls(
            target=d["target"],
            side=d["side"],
            attackers=tuple((str(u), str(p)) for u, p in d["attackers"]),
            round=int(d["round"]),
            stage=Stage(d["stage"]),
            hits_a=int(d["hits_a"]),
            hits_d=int(d["hits_d"]),
            left=int(d["left"]),
            absorbing=str(d["absorbing"]),
            taken=tuple((str(u), int(n)) for u, n in d["taken"]),
            rounds=int(d["rounds"]),
            gaps=tuple(str(p) for p in d["gaps"]),
            retreated=bool(d["retreated"]),
        )


def load(ctx: Context) -> Battle:
    return Battle.from_json(ctx.state.get("battle"))


def save(ctx: Context, b: Battle) -> None:
    ctx.state.set("battle", b.to_json())


def attackers(ctx: Context, b: Battle) -> list[str]:
    """Attacking units still on their point."""
    return [u for u, p in b.attackers if ctx.state.units[u].at == p]


def drop_dispersed(ctx: Context, b: Battle) -> Battle:
    """At the end of a round the dispersed attackers leave the battle and stay on their point
    (Darkest Crusade, Disruption: "A Disrupted unit may not continue to support an attack"):
    they no longer take the defender's hits. The point of each one dispersed in a ground round
    is a gap another unit from it may fill (:func:`substitutes`)."""
    staying = tuple((u, p) for u, p in b.attackers if not cn.dispersed(ctx, u))
    if staying == b.attackers:
        return b
    gone = () if b.air else tuple(p for u, p in b.attackers if cn.dispersed(ctx, u))
    return attrs.evolve(b, attackers=staying, gaps=tuple(sorted((*b.gaps, *gone))))


def line_error(ctx: Context, b: Battle, point: str, extra: list[str]) -> str | None:
    """Why the battle's undispersed attackers from ``point`` with ``extra`` exceed the line
    point-target (DC2 Lines A-B: the attack's units count on the line they attack along, as
    when they were committed), or None if they fit."""
    origin = dict(b.attackers)
    units = [u for u in attackers(ctx, b) if origin[u] == point] + extra
    loads = [ctx.scenario.load(u).moving() for u in units]
    return LineLedger().excess(ctx.board, policy(ctx), point, b.target, b.side, loads)


def substitutes(ctx: Context, b: Battle) -> list[Attack]:
    """Darkest Crusade, Disruption (the Hits row's source): "If an attacking unit is Disrupted
    in a first battle round, another Undisrupted attacker's unit in the same hex may be used in
    a second battle round": before each later ground round the attacker may add, one for one
    for each attacker dispersed (not air units in the air round), an undispersed unit from that
    attacker's point that has not moved or attacked this player turn (reading: "uncommitted";
    it spends its operational move), that may attack the target (not armour across the Kerch
    Straits) and that the line to the target can still carry with the attackers from there."""
    engaged = {u for u, _ in b.attackers}
    committed = {u for pairs in pending_attacks(ctx).values() for u, _ in pairs}
    out = []
    for point in sorted(set(b.gaps)):
        for unit in ctx.state.units_at(point):
            uid = unit.id
            if uid in engaged or uid in committed or has_scoped(unit, cn.ACTED, PHASE):
                continue
            if unit_error(ctx, b.side, uid) is not None:
                continue
            if kerch_barred(ctx, b.side, uid, point, b.target):
                continue
            if line_error(ctx, b, point, [uid]) is None:
                out.append(Attack((uid,), b.target))
    return out


def advancers(ctx: Context, b: Battle) -> list[str]:
    """The undispersed attackers still on their points, who may occupy the cleared target."""
    return [u for u in attackers(ctx, b) if not cn.dispersed(ctx, u)]


def advances(ctx: Context, b: Battle) -> list[Advance]:
    """After a retreat, each undispersed attacker may advance into the emptied point
    (:class:`AdvanceStep`)."""
    origin = dict(b.attackers)
    return [Advance((u,), (origin[u], b.target)) for u in advancers(ctx, b)]


def defenders(ctx: Context, b: Battle) -> list[str]:
    """The enemy units on the target that must be eliminated or retreated before the attackers
    occupy it (DC2 Operational Movement): partisans and entrained factories are not among them
    (they neither fire nor take hits; the occupation destroys them, :func:`.operational.enter`)."""
    return sorted(
        u.id
        for u in ctx.state.units_at(b.target)
        if ctx.side_of(u.id) == b.enemy and not cn.fragile(ctx, u.id)
    )


def strengths(ctx: Context, b: Battle) -> tuple[int, int]:
    return (
        attack_strength(ctx, attackers(ctx, b), b.air),
        defence_strength(ctx, b.target, defenders(ctx, b), b.air),
    )


def fruitless(ctx: Context, b: Battle) -> bool:
    """DC2 Combat: ground combat "proceeds in one or more rounds until one side is eliminated
    or decides to retreat". Reading: when neither side's fire can score a hit on any face of
    the die in the next ground round and no substitute can join the attack
    (:func:`substitutes`), another round changes nothing and the battle would never end, so
    the attacker breaks off (a Snow attack at 2 against a 0 defence, say)."""
    if substitutes(ctx, b):
        return False
    a, d = strengths(ctx, b)
    faces = range(1, FireStep.sides + 1)
    return not any(hits(ctx, b.side, a, r, True, b.target) for r in faces if a > 0) and not any(
        hits(ctx, b.enemy, d, r, False, b.target) for r in faces if d > 0
    )


def has_air(ctx: Context, units: list[str]) -> bool:
    return any(cn.is_air(ctx, u) and not cn.dispersed(ctx, u) for u in units)


def start(
    ctx: Context, target: str, side: str, committed: list[list[str]], rounds: int = 0
) -> None:
    """Begin the battle for ``target``: an air round if the attacker has air units there and
    the defender air units or flak (DC2 Combat A), else the first ground round; ``rounds``
    limits the ground rounds."""
    b = Battle(target, side, tuple((u, p) for u, p in committed), rounds=rounds)
    defence = defenders(ctx, b)
    opposed = has_air(ctx, defence) or flak(ctx, target, defence) > 0
    if not (has_air(ctx, attackers(ctx, b)) and opposed):
        b = attrs.evolve(b, round=1)
    if not defenders(ctx, b):
        b = attrs.evolve(b, stage=Stage.OCCUPY)
    ctx.emit("battle", f"{side} attacks {target}", target=target, attackers=attackers(ctx, b))
    save(ctx, b)
    ctx.push("battle")


def absorb_options(ctx: Context, b: Battle, receiver: str) -> list[str]:
    """Units that may take the next hit: air units in the air round; a factory only when
    nothing else is left to take it (reading: a factory is no fighting unit, so it does not
    shield the troops on its point; it falls with the point)."""
    units = attackers(ctx, b) if receiver == b.side else defenders(ctx, b)
    if b.air:
        return [u for u in units if cn.is_air(ctx, u)]
    fighting = [u for u in units if not cn.has(ctx, u, "factory")]
    return fighting or units


def absorb(ctx: Context, b: Battle, uid: str) -> Battle:
    """One hit on ``uid`` (Darkest Crusade: Disruption, the closest surviving rule): a hit
    disperses a unit; a unit taking more hits in the round than its hit factor, or a hit when
    already dispersed before the round's fire, is eliminated."""
    taken = dict(b.taken)
    unit = ctx.state.units[uid]
    before = unit.has(cn.DISPERSED) and uid not in taken
    taken[uid] = taken.get(uid, 0) + 1
    if before or taken[uid] > cn.hit_factor(ctx, uid):
        eliminate(ctx, uid, "hits")
    else:
        ctx.state.put(unit.marked(cn.DISPERSED))
        ctx.emit("hit", f"{uid} is dispersed", unit=uid)
    return attrs.evolve(b, left=b.left - 1, taken=tuple(sorted(taken.items())))


def retreats(ctx: Context, b: Battle) -> list[Retreat]:
    """DC2 Lines C: an undispersed defender may retreat one line to an adjacent point its side
    controls and no enemy holds (enemy partisans and entrained factories there are destroyed
    by the retreating unit, as by any unit entering their point: DC2 Operational Movement),
    if the line can still carry it (with its retreat weight); across the Kerch Straits only
    within the line capacity (Terrain D)."""
    side = b.enemy
    occ = ctx.state.occupancy()
    closed = {
        p
        for p in ctx.board
        if any(ctx.side_of(u) == b.side and not cn.fragile(ctx, u) for u in occ.get(p, ()))
        or ctx.state.control.get(p) != side
        or geo.is_box(ctx, p)
    }
    led = segment_ledger(ctx.state)
    out = []
    for uid in defenders(ctx, b):
        if cn.dispersed(ctx, uid) or cn.immobile(ctx, uid):  # factories, partisans stay
            continue
        load = [ctx.scenario.load(uid).retreating()]
        for path in line_paths(ctx.board, b.target, 1, side, load, led, policy(ctx), closed):
            out.append(Retreat((uid,), path))
    return out


class BattleStep(Step):
    """The automatic driver of the battle in ``vars.battle``."""

    name: ClassVar[str] = "battle"
    args: ClassVar[Mapping[str, Shape] | None] = {}
    rule: ClassVar[str] = COMBAT

    def run(self, ctx: Context, frame: Frame) -> None:
        for _ in range(1000):
            b = load(ctx)
            if b.stage is not Stage.OVER:
                pushed, b = self._stage(ctx, b)
            if b.stage is Stage.OVER:
                ctx.state.set("battle", None)
                ctx.emit("battle-end", f"the battle for {b.target} ends", target=b.target)
                ctx.done()
                return
            save(ctx, b)
            if pushed:
                return
        raise RuntimeError("battle did not progress")

    def _stage(self, ctx: Context, b: Battle) -> tuple[bool, Battle]:
        s = b.stage
        if s is Stage.FIRE_A:
            b = attrs.evolve(b, stage=Stage.FIRE_D, hits_a=0, hits_d=0, taken=())
            return self._fire(ctx, b, "attack"), b
        if s is Stage.FIRE_D:
            b = attrs.evolve(b, stage=Stage.ABSORB_D)
            return self._fire(ctx, b, "defence"), b
        if s is Stage.ABSORB_D:
            return self._absorb(ctx, b, b.enemy, Stage.ABSORB_A)
        if s is Stage.ABSORB_A:
            return self._absorb(ctx, b, b.side, Stage.ROUND_END)
        if s is Stage.ROUND_END:
            b = drop_dispersed(ctx, b)
            if b.air:
                return False, attrs.evolve(b, round=1, stage=Stage.FIRE_A)
            if not defenders(ctx, b):
                return False, attrs.evolve(b, stage=Stage.OCCUPY)
            if not any(not cn.dispersed(ctx, u) for u in attackers(ctx, b)):
                return False, attrs.evolve(b, stage=Stage.OVER)
            if b.rounds and b.round >= b.rounds:
                return False, attrs.evolve(b, stage=Stage.OVER)  # breakthrough combat: 1 round
            b = attrs.evolve(b, stage=Stage.RETREAT)
            if retreats(ctx, b):
                ctx.push("withdraw", by=b.enemy)
                return True, b
            return False, b
        if s is Stage.RETREAT:
            if not defenders(ctx, b):
                return False, attrs.evolve(b, stage=Stage.OCCUPY)
            if fruitless(ctx, b):  # DC2 Combat (reading): no round in which no hit can come
                ctx.emit(
                    "break-off",
                    f"{b.side} breaks off the attack on {b.target}: no hit is possible",
                )
                return False, attrs.evolve(b, stage=Stage.OVER)
            ctx.push("press-on", by=b.side)
            return True, attrs.evolve(b, stage=Stage.CONTINUE)
        if s is Stage.RESERVE:
            b = attrs.evolve(b, stage=Stage.FIRE_A)
            if substitutes(ctx, b):
                ctx.push("reserve", by=b.side)
                return True, b
            return False, b
        if s is Stage.OCCUPY:
            if b.retreated and advancers(ctx, b):
                ctx.push("advance", by=b.side)
                return True, attrs.evolve(b, stage=Stage.ADVANCE)
            self._occupy(ctx, b)
            return False, attrs.evolve(b, stage=Stage.OVER)
        if s is Stage.ADVANCE:
            movers = [u for u, _ in b.attackers if ctx.state.units[u].at == b.target]
            ctx.emit("cleared", f"{b.target} is cleared", target=b.target, occupied_by=movers)
            return False, attrs.evolve(b, stage=Stage.OVER)
        raise AssertionError(f"stage {s} is left by a decision")

    def _fire(self, ctx: Context, b: Battle, who: str) -> bool:
        """Push a die for each separate fire of ``who`` (one, save for Soviet air units in the
        air round: :func:`.fire.air_fires`); False if it has no firepower."""
        if b.air:
            units = attackers(ctx, b) if who == "attack" else defenders(ctx, b)
            fires = air_fires(ctx, b.target, units, who == "attack")
        else:
            a, d = strengths(ctx, b)
            fires = [a if who == "attack" else d]
        fires = [f for f in fires if f > 0]
        for strength in reversed(fires):
            ctx.push("fire", who=who, strength=strength)
        return bool(fires)

    def _absorb(self, ctx: Context, b: Battle, receiver: str, after: Stage) -> tuple[bool, Battle]:
        if b.absorbing != receiver:
            n = b.hits_a if receiver == b.enemy else b.hits_d
            if receiver == b.enemy and not b.air:
                cut = fortress_value(ctx, b.target, defenders(ctx, b))
                if cut and n:
                    ctx.emit("fortress", f"{b.target} stops {min(cut, n)} breakthrough(s)")
                # C.1 (reading): a "breakthrough" is each hit the attacker's fire scores on
                # the defenders in a ground round (the lost DC2 table's result of a round;
                # the fill fire table counts hits); the fortress cancels up to ``cut`` of them
                # before the defender allocates the rest. Not in the air round (ground units).
                n = max(0, n - cut)
            b = attrs.evolve(b, absorbing=receiver, left=n, taken=())
        while b.left > 0:
            options = absorb_options(ctx, b, receiver)
            if not options:
                b = attrs.evolve(b, left=0)
                break
            if len(options) > 1:
                ctx.push("absorb", by=receiver)
                return True, b
            b = absorb(ctx, b, options[0])
        return False, attrs.evolve(b, stage=after, absorbing="")

    def _occupy(self, ctx: Context, b: Battle) -> None:
        """The point is cleared by elimination: the undispersed attackers occupy it (DC2
        Operational Movement: the moving units occupy the point once it is cleared; reading:
        all of them, as the attack moved them against it). After a retreat they choose
        (Stage.ADVANCE)."""
        movers = advancers(ctx, b)
        for uid in movers:
            enter(ctx, b.side, uid, b.target)  # destroys enemy partisans, entrained factories
        ctx.emit("cleared", f"{b.target} is cleared", target=b.target, occupied_by=movers)


# --- decisions and dice inside a battle ------------------------------------------------------


class BattleDecision(SideStep):
    """A decision of the side named ``by`` in the frame, inside the current battle."""

    def prompt(self, ctx: Context, frame: Frame) -> str:
        return f"{words(self.name)} in the battle for {node_label(ctx, load(ctx).target)}"


class FireStep(DieStep):
    """One fire in a round: one die on the fire table for the ``strength`` in the frame (a
    side's firepower, or one Soviet air unit's in the air round); its hits add up."""

    name: ClassVar[str] = "fire"
    args: ClassVar[Mapping[str, Shape] | None] = {
        "who": literal("attack", "defence"),
        "strength": INT,
    }
    rule: ClassVar[str] = GROUND

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        assert isinstance(action, Outcome) and isinstance(action.value, int)
        b = load(ctx)
        strength = int(frame.args["strength"])
        if frame.args["who"] == "attack":
            n = hits(ctx, b.side, strength, action.value, True, b.target)
            b = attrs.evolve(b, hits_a=b.hits_a + n)
            who = b.side
        else:
            n = hits(ctx, b.enemy, strength, action.value, False, b.target)
            b = attrs.evolve(b, hits_d=b.hits_d + n)
            who = b.enemy
        kind = "air" if b.air else "ground"
        ctx.emit("fire", f"{who} {kind} fire {strength}, die {action.value}: {n} hit(s)", hits=n)
        save(ctx, b)
        ctx.done()


class AbsorbStep(BattleDecision):
    """The owner decides which of its units in the battle takes each hit, one at a time
    (air units only in the air round)."""

    name: ClassVar[str] = "absorb"
    args: ClassVar[Mapping[str, Shape] | None] = {"by": SIDE}
    kind: ClassVar[str] = "allocate-losses"
    rule: ClassVar[str] = GROUND
    actions: ClassVar[tuple[type[Action], ...]] = (AllocateLosses,)

    def prompt(self, ctx: Context, frame: Frame) -> str:
        b = load(ctx)
        return f"take a hit in the battle for {node_label(ctx, b.target)} ({b.left} left)"

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        b = load(ctx)
        return [AllocateLosses((u,)) for u in absorb_options(ctx, b, frame.args["by"])]

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        assert isinstance(action, AllocateLosses)
        options = absorb_options(ctx, load(ctx), frame.args["by"])
        if len(action.units) != 1 or action.units[0] not in options:
            rule = AIR if load(ctx).air else GROUND
            return IllegalAction(rule, f"one hit at a time, on one of: {', '.join(options)}")
        return None

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        assert isinstance(action, AllocateLosses)
        save(ctx, absorb(ctx, load(ctx), action.units[0]))
        ctx.done()


class WithdrawStep(BattleDecision):
    """After each ground round the defender may retreat units (dispersed on arrival) or
    stand (``Pass``)."""

    name: ClassVar[str] = "withdraw"
    args: ClassVar[Mapping[str, Shape] | None] = {"by": SIDE}
    kind: ClassVar[str] = "retreat"
    rule: ClassVar[str] = RETREAT
    actions: ClassVar[tuple[type[Action], ...]] = (Retreat, Pass)

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        return [Pass(), *retreats(ctx, load(ctx))]

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        if isinstance(action, Pass) or action in retreats(ctx, load(ctx)):
            return None
        assert isinstance(action, Retreat)
        return IllegalAction(
            RETREAT,
            f"{'+'.join(action.units)} may not retreat along {'-'.join(action.path)}: one "
            "undispersed unit, one line, to a friendly point free of enemy units, within the "
            "line's capacity",
        )

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        if isinstance(action, Pass):
            ctx.done()
            return
        assert isinstance(action, Retreat)
        b = load(ctx)
        uid, (a, dest) = action.units[0], action.path
        led = segment_ledger(ctx.state)
        led = led.add(
            ctx.board, policy(ctx), a, dest, b.enemy, [ctx.scenario.load(uid).retreating()]
        )
        store_ledger(ctx.state, led)
        enter(ctx, b.enemy, uid, dest)  # destroys enemy partisans, entrained factories
        ctx.state.put(ctx.state.units[uid].marked(cn.DISPERSED))
        ctx.emit("retreat", f"{uid} retreats to {dest}, dispersed", unit=uid, to=dest)
        b = attrs.evolve(b, retreated=True)
        save(ctx, b)
        if not retreats(ctx, b):
            ctx.done()


class PressOnStep(BattleDecision):
    """The attacker fights another round or breaks off."""

    name: ClassVar[str] = "press-on"
    args: ClassVar[Mapping[str, Shape] | None] = {"by": SIDE}
    kind: ClassVar[str] = "choose"
    rule: ClassVar[str] = COMBAT
    actions: ClassVar[tuple[type[Action], ...]] = (Choose,)

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        return [Choose("continue"), Choose("break-off")]

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        assert isinstance(action, Choose)
        b = load(ctx)
        if action.option == "continue":
            b = attrs.evolve(b, round=b.round + 1, stage=Stage.RESERVE)
        else:
            ctx.emit("break-off", f"{b.side} breaks off the attack on {b.target}")
            b = attrs.evolve(b, stage=Stage.OVER)
        save(ctx, b)
        ctx.done()


class ReserveStep(BattleDecision):
    """Darkest Crusade, Disruption: before a later round the attacker adds substitutes for
    dispersed attackers, one at a time (:func:`substitutes`), or goes on (``Pass``)."""

    name: ClassVar[str] = "reserve"
    args: ClassVar[Mapping[str, Shape] | None] = {"by": SIDE}
    kind: ClassVar[str] = "attack"
    rule: ClassVar[str] = SUBSTITUTE
    actions: ClassVar[tuple[type[Action], ...]] = (Attack, Pass)

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        return [Pass(), *substitutes(ctx, load(ctx))]

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        if isinstance(action, Pass) or action in substitutes(ctx, load(ctx)):
            return None
        assert isinstance(action, Attack)
        return IllegalAction(
            SUBSTITUTE,
            f"{'+'.join(action.units)} may not join the attack on {action.target}: one "
            "undispersed unit that has not moved or attacked this turn, from the point of a "
            "dispersed attacker, one for one, within the line's capacity",
        )

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        if isinstance(action, Pass):
            ctx.done()
            return
        assert isinstance(action, Attack)
        b = load(ctx)
        uid = action.units[0]
        unit = ctx.state.units[uid]
        at = unit.at
        assert at is not None
        gaps = list(b.gaps)
        gaps.remove(at)  # it fills the place of an attacker dispersed on its point
        b = attrs.evolve(b, attackers=(*b.attackers, (uid, at)), gaps=tuple(gaps))
        ctx.state.put(unit.marked(scoped(cn.ACTED, PHASE)))
        save(ctx, b)
        ctx.emit("reserve", f"{uid} joins the attack on {b.target} from {at}", unit=uid)
        if not substitutes(ctx, b):
            ctx.done()


class AdvanceStep(BattleDecision):
    """Darkest Crusade, Advances and Retreats after Combat: "Retreat of defending units after
    the first round of combat is entirely voluntary - and so then is an attacker's advance
    into the hex" (DC2: the moving units "can occupy the point" once it is cleared): after a
    retreat emptied the point, the attacker advances undispersed attackers one at a time, or
    stops (``Pass``). Not adopted: Darkest's advance into an adjacent unoccupied hex and the
    two-hex panzer advance along a road (the table's Retreat row)."""

    name: ClassVar[str] = "advance"
    args: ClassVar[Mapping[str, Shape] | None] = {"by": SIDE}
    kind: ClassVar[str] = "advance"
    rule: ClassVar[str] = ADVANCE
    actions: ClassVar[tuple[type[Action], ...]] = (Advance, Pass)

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        return [Pass(), *advances(ctx, load(ctx))]

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        if isinstance(action, Pass) or action in advances(ctx, load(ctx)):
            return None
        assert isinstance(action, Advance)
        return IllegalAction(
            ADVANCE,
            f"{'+'.join(action.units)} may not advance along {'-'.join(action.path)}: one "
            "undispersed attacker at a time, from its point into the point it attacked",
        )

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        if isinstance(action, Pass):
            ctx.done()
            return
        assert isinstance(action, Advance)
        b = load(ctx)
        uid = action.units[0]
        enter(ctx, b.side, uid, b.target)  # destroys enemy partisans, entrained factories
        ctx.emit("advance", f"{uid} advances into {b.target}", unit=uid, to=b.target)
        if not advances(ctx, b):
            ctx.done()
