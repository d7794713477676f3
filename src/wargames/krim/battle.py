"""Krim: a battle (Prepared Assault, Mobile Assault or opposed landing) as one typed record
whose fixed stages run in order: the attacker adds units, the odds are set, air units are
committed (attacker, then defender), the die is rolled, the defender and then the attacker
absorb their result points as step losses and/or hexes of retreat, and a PA's victors advance.
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any, ClassVar

import attrs

from wargames.core.actions import Action, Advance, Choose, Outcome, Pass, Retreat
from wargames.core.advance import AdvanceRules, AdvanceSituation, advance_error, advance_paths
from wargames.core.board_index import BoardIndex
from wargames.core.context import Context
from wargames.core.errors import IllegalAction
from wargames.core.frame_args import (
    BOOL,
    INT,
    NODE,
    SIDE,
    UNIT,
    Shape,
    list_of,
    literal,
    one_of,
    record_of,
)
from wargames.core.markers import PHASE, TURN, has_scoped, scoped
from wargames.core.retreat import RetreatRules, RetreatSituation, retreat_paths
from wargames.core.sequence import Step
from wargames.core.state import Frame

from . import counters as cn
from .combat import (
    RETREATED,
    column,
    concentric,
    crt,
    defenders,
    result_points,
    strength,
    terrain_shift,
)
from .movement import MA_STOP, OPTRANS, SEA_MOVED, costs
from .supply import in_tactical_supply

ASSAULTED = "assaulted"
"""Krim: Combat Phase: the unit attacked in a PA this Combat Phase (scoped to the phase)."""
ATTACKED = "attacked"
"""Krim: Combat Phase: the enemy unit was attacked this Combat Phase (scoped to the phase)."""
FLOWN = "flown"
"""Krim: Air Units: the air unit flew its one mission of this couplet (scoped to the turn)."""
AT_SEA = "at-sea"
"""Krim: Opposed Landings: a unit in a sea hex waiting to land."""
LANDING = "krim-landing"
"""Title variable: unit -> the hex it is landing in (opposed landings)."""

PA_RULE = "Krim: Combat Phase"
AIR_RULE = "Krim: Air Units & Air Support"
ADVANCE_RULE = "Krim: Advance After Combat"
RAIL_RULE = "Krim: Railways and Railroad Artillery"


class Kind(enum.StrEnum):
    PA = "pa"
    MA = "ma"
    LANDING = "landing"


class Stage(enum.StrEnum):
    ADD = "add"
    ATTACK_AIR = "attack-air"
    DEFENCE_AIR = "defence-air"
    ROLL = "roll"
    DEFENDER_ABSORBS = "defender-absorbs"
    ATTACKER_ABSORBS = "attacker-absorbs"
    ADVANCE = "advance"


def _strs(value: Iterable[str]) -> tuple[str, ...]:
    return tuple(str(v) for v in value)


@attrs.frozen(slots=True)
class Battle:
    """One battle's state between decisions (serialized in its frame)."""

    kind: Kind = attrs.field(converter=Kind)
    side: str
    target: str
    attackers: tuple[str, ...] = attrs.field(converter=_strs)
    supplied: tuple[str, ...] | None = None
    stage: Stage = attrs.field(default=Stage.ADD, converter=Stage)
    column: int = -1
    air_attack: tuple[str, ...] = attrs.field(default=(), converter=_strs)
    air_defence: tuple[str, ...] = attrs.field(default=(), converter=_strs)
    defenders: tuple[str, ...] = attrs.field(default=(), converter=_strs)
    points_defender: int = 0
    points_attacker: int = 0
    retreating: bool = False
    retreated: int = 0
    attacker_retreated: bool = False
    advanced: tuple[str, ...] = attrs.field(default=(), converter=_strs)

    def to_json(self) -> dict[str, Any]:
        d = attrs.asdict(self)
        d["kind"], d["stage"] = self.kind.value, self.stage.value
        d["supplied"] = None if self.supplied is None else list(self.supplied)
        return {k: (list(v) if isinstance(v, tuple) else v) for k, v in d.items()}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Battle:
        d = dict(data)
        if d.get("supplied") is not None:
            d["supplied"] = tuple(d["supplied"])
        return cls(**d)

    @property
    def enemy(self) -> str:
        return cn.AXIS if self.side == cn.SOVIET else cn.SOVIET


BATTLE = record_of(
    {
        "kind": literal(*(k.value for k in Kind)),
        "side": SIDE,
        "target": NODE,
        "attackers": list_of(UNIT),
        "supplied": one_of(list_of(UNIT), literal(None)),
        "stage": literal(*(s.value for s in Stage)),
        "column": INT,
        "air_attack": list_of(UNIT),
        "air_defence": list_of(UNIT),
        "defenders": list_of(UNIT),
        "points_defender": INT,
        "points_attacker": INT,
        "retreating": BOOL,
        "retreated": INT,
        "attacker_retreated": BOOL,
        "advanced": list_of(UNIT),
    },
    required=("kind", "side", "target", "attackers"),
)
"""The shape of a :class:`Battle` in its frame (checked when a saved game is loaded)."""


def open_battle(ctx: Context, battle: Battle) -> bool:
    """Start a battle; an MA skips the adding of units (its group is fixed) and fixes the
    odds at once. False if it ended without a decision."""
    if battle.kind is Kind.MA:
        battle = _fix_odds(ctx, battle)
    settled = BattleStep.settle(ctx, battle)
    if settled is not None:
        ctx.push("battle", battle=settled.to_json())
    return settled is not None


def attacker_hexes(ctx: Context, battle: Battle) -> list[str]:
    return sorted({n for u in battle.attackers if (n := ctx.state.units[u].at) is not None})


def shift_of(ctx: Context, battle: Battle) -> int:
    """Terrain of the defender's hex; an opposed landing shifts one column left."""
    shift = terrain_shift(ctx, battle.target)
    if battle.kind is Kind.LANDING:
        shift -= 1  # Krim: Opposed Landings: one column left
    return shift


def _fix_odds(ctx: Context, battle: Battle) -> Battle:
    attack = strength(ctx, battle.attackers, "attack", battle.supplied)
    defence = strength(ctx, defenders(ctx, battle.target), "defence")
    col = column(ctx, attack, defence, shift_of(ctx, battle))
    ctx.emit(
        "odds",
        f"{'+'.join(battle.attackers)} against {battle.target}: {attack}:{defence} "
        f"-> {crt(ctx).scale.label(col)}",
        attack=str(attack),
        defence=str(defence),
        column=crt(ctx).scale.label(col),
    )
    if battle.kind is Kind.PA or battle.kind is Kind.LANDING:
        for uid in battle.attackers:
            ctx.state.put(ctx.state.units[uid].marked(scoped(ASSAULTED, PHASE)))
    return attrs.evolve(battle, column=col, stage=Stage.ATTACK_AIR)


def can_assault(ctx: Context, uid: str, target: str, landing: bool = False) -> bool:
    """Krim: Combat Phase: a unit next to the target that has not attacked this phase; never
    artillery (barrages only), nor a unit that made an OpTrans or a sea transfer."""
    u = ctx.state.units[uid]
    d = ctx.unit_def(uid)
    if u.at is None or cn.is_artillery(d) or cn.is_air(d):
        return False
    if has_scoped(u, ASSAULTED, PHASE) or u.has(OPTRANS) or u.has(SEA_MOVED):
        return False
    if u.has(AT_SEA) and not landing:
        return False
    return ctx.board.adjacent(u.at, target)


def air_candidates(ctx: Context, battle: Battle, side: str) -> list[str]:
    """Krim: Air Units: each air unit once per couplet; the Soviet side at most one per battle."""
    mine = battle.air_attack if side == battle.side else battle.air_defence
    if side == cn.SOVIET and mine:
        return []
    return [
        u.id
        for u in ctx.state.units_in(cn.air_box(side))
        if u.id not in mine and not has_scoped(u, FLOWN, TURN)
    ]


def absorbing_units(ctx: Context, battle: Battle, side: str) -> list[str]:
    group = battle.defenders if side != battle.side else battle.attackers
    return [u for u in group if ctx.state.units[u].at is not None]


def retreat_rules() -> RetreatRules:
    """Provisional retreat rules (charts.retreat): farther each hex, never into enemy units,
    impassable terrain or overstacked; a short retreat is not allowed (take steps instead)."""
    return RetreatRules(
        rule=PA_RULE,
        blocked=PA_RULE,
        farther="Krim: retreat (provisional)",
        stacking="Krim: stacking (provisional)",
    )


def prohibited(ctx: Context, side: str, units: Sequence[str]) -> set[int]:
    """Hexes the units may not enter: enemy units, impassable terrain; railroad artillery only
    German-controlled rail hexes (Krim: Railroad Artillery)."""
    ix = ctx.board.index
    closed = set(ctx.charts["movement"]["impassable"])
    out = {ix.number[n] for n in cn.enemy_nodes(ctx, side)}
    rail = any(cn.is_railroad(ctx.unit_def(u)) for u in units)
    for n in ctx.board:
        off_rail = rail and not cn.german_rail(ctx, n)
        if ctx.board.terrain(n) in closed or off_rail:
            out.add(ix.number[n])
    return out


def retreat_options(ctx: Context, units: Sequence[str], length: int) -> list[tuple[str, ...]]:
    """Full-length retreats of the stack (start first)."""
    if not units or length <= 0:
        return []
    ix = ctx.board.index
    start = ctx.state.units[units[0]].at
    assert start is not None
    if ctx.board.terrain(start) in ctx.charts["movement"]["impassable"]:
        return []  # landing units at sea cannot retreat
    side = ctx.side_of(units[0])
    n = len(units)
    situation = RetreatSituation(
        prohibited=prohibited(ctx, side, units),
        fits=lambda v: cn.fits(ctx, ix.ids[v], n),
    )
    paths = retreat_paths(ix, ix.number[start], length, retreat_rules(), situation)
    return [
        p.labels(ix)
        for p in paths
        if p.short == 0
        and not p.eliminated
        and p.hexes == length
        and off_track(ctx, units, p.labels(ix)) is None
    ]


def off_track(ctx: Context, units: Sequence[str], path: Sequence[str]) -> tuple[str, str] | None:
    """The first step of ``path`` a stack holding a railroad gun may not take, or ``None``.

    Krim: Railways and Railroad Artillery: "Those units will only move and retreat along
    German-controlled railroad hexes": the retreat follows the track as the move does
    (``movement.costs``: rail hexsides only), so two adjacent rail hexes that no rail hexside
    joins are no step (``prohibited`` keeps it to German-controlled rail hexes)."""
    if not any(cn.is_railroad(ctx.unit_def(u)) for u in units):
        return None
    board = ctx.board
    return next(
        (
            (a, b)
            for a, b in itertools.pairwise(path)
            if not board.adjacent(a, b) or "rail" not in board.edge_features(a, b)
        ),
        None,
    )


def _edge_costs(ctx: Context, uid: str) -> dict[tuple[int, int], int]:
    rows = costs(ctx, uid).rows(ctx.board.index)
    return {(u, v): c for u, row in enumerate(rows) for v, c, _ in row}


def advance_limit(ctx: Context, battle: Battle, uid: str) -> int:
    """Krim: Advance After Combat: 1 MP per hex retreated, 3 MP if the defenders were
    eliminated; one hex only out of tactical supply and for Romanian units."""
    d = ctx.unit_def(uid)
    if cn.is_romanian(d) or not in_tactical_supply(ctx, uid):
        return 1
    return battle.retreated if battle.retreated > 0 else 3


def victorious(battle: Battle) -> bool:
    """Krim: Advance After Combat: "the victorious attacking units may advance"; attackers
    that absorbed any of their result as a retreat gave ground and are not victorious (as an
    MA's attackers stop when they retreat, Krim: Mobile Assault), even if still adjacent."""
    return not battle.attacker_retreated


def advance_options(ctx: Context, battle: Battle, uid: str) -> list[tuple[str, ...]]:
    ix = ctx.board.index
    u = ctx.state.units[uid]
    if u.at is None or uid in battle.advanced or cn.is_artillery(ctx.unit_def(uid)):
        return []
    if not victorious(battle):
        return []
    return [
        p.labels(ix)
        for p in advance_paths(
            ix,
            ix.number[u.at],
            ix.number[battle.target],
            advance_limit(ctx, battle, uid),
            *_advance_policy(ctx, battle, uid),
        )
    ]


def _advance_policy(
    ctx: Context, battle: Battle, uid: str
) -> tuple[AdvanceRules, AdvanceSituation]:
    ix = ctx.board.index
    table = _edge_costs(ctx, uid)

    def cost(_: BoardIndex, u: int, v: int) -> int:
        return table.get((u, v), 99)

    rules = AdvanceRules(
        rule=ADVANCE_RULE,
        blocked="Krim: Advance After Combat, Restrictions",
        stacking="Krim: stacking (provisional)",
        cost=cost,
    )
    situation = AdvanceSituation(
        prohibited=prohibited(ctx, battle.side, [uid]),
        fits=lambda v: cn.fits(ctx, ix.ids[v], 1),
    )
    return rules, situation


class BattleStep(Step):
    """Krim: Combat Phase / Mobile Assault / Opposed Landings: one battle, stage by stage."""

    name: ClassVar[str] = "battle"
    args: ClassVar[Mapping[str, Shape] | None] = {"battle": BATTLE}
    kind: ClassVar[str] = "battle"
    rule: ClassVar[str] = PA_RULE
    actions: ClassVar[tuple[type[Action], ...]] = (Choose, Outcome, Retreat, Advance, Pass)

    def actor(self, ctx: Context, frame: Frame) -> str | None:
        b = Battle.from_json(frame.args["battle"])
        if b.stage is Stage.ROLL:
            return "chance"
        if b.stage in (Stage.DEFENCE_AIR, Stage.DEFENDER_ABSORBS):
            return b.enemy
        return b.side

    def prompt(self, ctx: Context, frame: Frame) -> str:
        b = Battle.from_json(frame.args["battle"])
        return f"battle for {b.target}: {b.stage.value}"

    def outcomes(self, ctx: Context, frame: Frame) -> list[tuple[Action, Fraction]]:
        return [(Outcome(n), Fraction(1, 6)) for n in range(1, 7)]

    def legal(self, ctx: Context, frame: Frame) -> Iterable[Action]:
        b = Battle.from_json(frame.args["battle"])
        if b.stage is Stage.ROLL:
            return [a for a, _ in self.outcomes(ctx, frame)]
        if b.stage is Stage.ADD:
            side_units = [u.id for u in ctx.units_of(b.side)]
            landing = b.kind is Kind.LANDING
            extra = [
                Choose(f"add:{u}")
                for u in side_units
                if u not in b.attackers
                and can_assault(ctx, u, b.target, landing)
                and not ctx.state.units[u].has(AT_SEA)
            ]
            return [Choose("odds"), *extra]
        if b.stage in (Stage.ATTACK_AIR, Stage.DEFENCE_AIR):
            side = b.side if b.stage is Stage.ATTACK_AIR else b.enemy
            return [Choose("air-done"), *(Choose(f"air:{a}") for a in air_candidates(ctx, b, side))]
        if b.stage in (Stage.DEFENDER_ABSORBS, Stage.ATTACKER_ABSORBS):
            side = b.enemy if b.stage is Stage.DEFENDER_ABSORBS else b.side
            units = absorbing_units(ctx, b, side)
            points = b.points_defender if side == b.enemy else b.points_attacker
            if b.retreating:
                return [Retreat(tuple(units), p) for p in retreat_options(ctx, units, points)]
            out: list[Action] = [Choose(f"step:{u}") for u in units]
            if self._may_retreat(ctx, b, side) and retreat_options(ctx, units, points):
                out.append(Choose("retreat"))
            return out
        assert b.stage is Stage.ADVANCE
        out = [Pass()]
        for uid in b.attackers:
            out += [Advance((uid,), p) for p in advance_options(ctx, b, uid)]
        return out

    @staticmethod
    def _may_retreat(ctx: Context, b: Battle, side: str) -> bool:
        """The defending stack retreats as one; attackers only if they all stand in one hex
        (provisional: the text does not say how attackers from several hexes retreat)."""
        if side == b.enemy:
            return True
        return len({ctx.state.units[u].at for u in absorbing_units(ctx, b, side)}) == 1

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        b = Battle.from_json(frame.args["battle"])
        if action in set(self.legal(ctx, frame)):
            return None
        rule = {
            Stage.ADD: PA_RULE,
            Stage.ATTACK_AIR: AIR_RULE,
            Stage.DEFENCE_AIR: AIR_RULE,
            Stage.ADVANCE: ADVANCE_RULE,
        }.get(b.stage, PA_RULE)
        if isinstance(action, Retreat) and b.retreating:
            side = b.enemy if b.stage is Stage.DEFENDER_ABSORBS else b.side
            step = off_track(ctx, absorbing_units(ctx, b, side), action.path)
            if step is not None:
                return IllegalAction(
                    RAIL_RULE,
                    f"the stack's railroad gun retreats along the track: no rail joins "
                    f"{step[0]} and {step[1]}",
                )
        if isinstance(action, Advance) and b.stage is Stage.ADVANCE and len(action.units) == 1:
            uid = action.units[0]
            u = ctx.state.units.get(uid)
            if uid not in b.attackers or u is None or u.at is None or not victorious(b):
                return IllegalAction(ADVANCE_RULE, f"{uid} is not a victorious attacker")
            if cn.is_artillery(ctx.unit_def(uid)):
                return IllegalAction(ADVANCE_RULE, "artillery never advances after combat")
            ix = ctx.board.index
            if all(n in ix.number for n in action.path):
                error = advance_error(
                    ix,
                    ix.number[u.at],
                    ix.number[b.target],
                    [ix.number[n] for n in action.path],
                    advance_limit(ctx, b, uid),
                    *_advance_policy(ctx, b, uid),
                )
                if error is not None:
                    return error
        return IllegalAction(rule, f"{action.to_json()} is not allowed at {b.stage.value}")

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        b = Battle.from_json(frame.args["battle"])
        if b.stage is Stage.ADD:
            assert isinstance(action, Choose)
            if action.option == "odds":
                b = _fix_odds(ctx, b)
            else:
                b = attrs.evolve(b, attackers=(*b.attackers, action.option[4:]))
        elif b.stage in (Stage.ATTACK_AIR, Stage.DEFENCE_AIR):
            assert isinstance(action, Choose)
            b = self._air(ctx, b, action.option)
        elif b.stage is Stage.ROLL:
            assert isinstance(action, Outcome)
            b = self._resolve(ctx, b, int(action.value))
        elif b.stage in (Stage.DEFENDER_ABSORBS, Stage.ATTACKER_ABSORBS):
            b = self._absorb(ctx, b, action)
        else:
            if isinstance(action, Pass):
                self.finish(ctx, b)
                ctx.done()
                return
            assert isinstance(action, Advance)
            uid = action.units[0]
            cn.enter(ctx, uid, action.path)
            # Krim: Opposed Landings: "Landing units may advance after combat normally": a
            # lander that advances is ashore
            if ctx.state.units[uid].has(AT_SEA):
                ctx.state.put(ctx.state.units[uid].unmarked(AT_SEA))
            ctx.emit(
                "advance",
                f"{uid} advances {'-'.join(action.path)}",
                unit=uid,
                path=list(action.path),
            )
            b = attrs.evolve(b, advanced=(*b.advanced, uid))
        settled = self.settle(ctx, b)
        if settled is None:
            ctx.done()
        else:
            ctx.update(battle=settled.to_json())

    # --- stages --------------------------------------------------------------------------
    def _air(self, ctx: Context, b: Battle, option: str) -> Battle:
        attacking = b.stage is Stage.ATTACK_AIR
        if option == "air-done":
            return attrs.evolve(b, stage=Stage.DEFENCE_AIR if attacking else Stage.ROLL)
        air = option[4:]
        ctx.state.put(ctx.state.units[air].marked(scoped(FLOWN, TURN)))
        ctx.emit("air", f"{air} supports the {'attack' if attacking else 'defence'}", unit=air)
        if attacking:
            return attrs.evolve(b, air_attack=(*b.air_attack, air))
        return attrs.evolve(b, air_defence=(*b.air_defence, air))

    def _resolve(self, ctx: Context, b: Battle, roll: int) -> Battle:
        result = crt(ctx).lookup(b.column, roll)
        a, d = result_points(result)
        hexes = attacker_hexes(ctx, b)
        if concentric(ctx, b.target, hexes):
            d += 1  # Krim: Concentric Assault
        # Krim: Air Units, Effects: +1 per attacking air unit, -1 per defending, cancelling
        d = max(0, d + len(b.air_attack) - len(b.air_defence))
        present = cn.ground_units_at(ctx, b.target)
        fighting = defenders(ctx, b.target)
        if d > 0:
            # Krim: Further Combat: units retreated here earlier this phase are destroyed
            for uid in present:
                if uid not in fighting:
                    cn.eliminate(ctx, uid, "Krim: Further Combat")
        if b.kind is not Kind.MA:
            for uid in fighting:
                ctx.state.put(ctx.state.units[uid].marked(scoped(ATTACKED, PHASE)))
        ctx.emit("result", f"{result} -> attacker {a}, defender {d}", attacker=a, defender=d)
        return attrs.evolve(
            b,
            stage=Stage.DEFENDER_ABSORBS,
            defenders=tuple(fighting),
            points_defender=d,
            points_attacker=a,
        )

    def _absorb(self, ctx: Context, b: Battle, action: Action) -> Battle:
        defending = b.stage is Stage.DEFENDER_ABSORBS
        points = b.points_defender if defending else b.points_attacker
        rule = PA_RULE if b.kind is not Kind.MA else "Krim: Mobile Assault"
        if isinstance(action, Choose) and action.option == "retreat":
            return attrs.evolve(b, retreating=True)
        if isinstance(action, Choose):
            cn.lose_step(ctx, action.option[5:], rule)
            points -= 1
        else:
            assert isinstance(action, Retreat)
            for uid in action.units:
                cn.enter(ctx, uid, action.path)
                if b.kind is not Kind.MA:
                    ctx.state.put(ctx.state.units[uid].marked(scoped(RETREATED, PHASE)))
                elif not defending:
                    ctx.state.put(ctx.state.units[uid].marked(scoped(MA_STOP, PHASE)))
            ctx.emit(
                "retreat",
                f"{'+'.join(action.units)} retreat {'-'.join(action.path)}",
                units=list(action.units),
                path=list(action.path),
            )
            hexes = len(action.path) - 1
            if defending:
                b = attrs.evolve(b, retreated=hexes)
            else:
                b = attrs.evolve(b, attacker_retreated=True)
            points = 0
            b = attrs.evolve(b, retreating=False)
        if defending:
            return attrs.evolve(b, points_defender=points)
        return attrs.evolve(b, points_attacker=points)

    @classmethod
    def settle(cls, ctx: Context, b: Battle) -> Battle | None:
        """Skip stages with nothing to decide: the battle at its next decision, or None when
        it is over (its end applied)."""
        while True:
            if b.stage is Stage.DEFENCE_AIR and not air_candidates(ctx, b, b.enemy):
                b = attrs.evolve(b, stage=Stage.ROLL)
                continue
            if b.stage is Stage.ATTACK_AIR and not air_candidates(ctx, b, b.side):
                b = attrs.evolve(b, stage=Stage.DEFENCE_AIR)
                continue
            if b.stage is Stage.DEFENDER_ABSORBS and (
                b.points_defender <= 0 or not absorbing_units(ctx, b, b.enemy)
            ):
                b = attrs.evolve(b, stage=Stage.ATTACKER_ABSORBS, retreating=False)
                continue
            if b.stage is Stage.ATTACKER_ABSORBS and (
                b.points_attacker <= 0 or not absorbing_units(ctx, b, b.side)
            ):
                if b.kind is Kind.MA or cn.ground_units_at(ctx, b.target):
                    cls.finish(ctx, b)
                    return None
                b = attrs.evolve(b, stage=Stage.ADVANCE, retreating=False)
                continue
            if b.stage is Stage.ADVANCE and not any(
                advance_options(ctx, b, u) for u in b.attackers
            ):
                cls.finish(ctx, b)
                return None
            return b

    @staticmethod
    def finish(ctx: Context, b: Battle) -> None:
        # cleared: no defender left in the hex (attackers that advanced into it do not count)
        cleared = not [u for u in cn.ground_units_at(ctx, b.target) if ctx.side_of(u) != b.side]
        if b.kind is Kind.MA:
            # Krim: Mobile Assault: no advance after an MA; the attackers that took no
            # retreat enter the cleared hex they paid to enter, and may move on
            for uid in b.attackers:
                u = ctx.state.units[uid]
                if cleared and u.at is not None and not has_scoped(u, MA_STOP, PHASE):
                    cn.enter(ctx, uid, [u.at, b.target])
        if b.kind is Kind.LANDING:
            # Krim: Opposed Landings: survivors return to the box unless the hex was cleared
            for uid in b.attackers:
                u = ctx.state.units[uid]
                if u.at is None or not u.has(AT_SEA):
                    continue
                u = u.unmarked(AT_SEA)
                if cleared and cn.fits(ctx, b.target, 1):
                    ctx.state.put(u)
                    cn.step_into(ctx, uid, b.target)
                else:
                    ctx.state.put(u.boxed(cn.available_box(cn.SOVIET)))
                    ctx.emit(
                        "landing-failed",
                        f"{uid} returns to the Reinforcements Available box",
                        unit=uid,
                    )
        for uid in b.attackers:
            u = ctx.state.units[uid]
            if u.has(AT_SEA) and u.at is not None and ctx.board.terrain(u.at) != "sea":
                ctx.state.put(u.unmarked(AT_SEA))
