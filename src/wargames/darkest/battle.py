"""Battles in rounds: fire, hits absorbed by the owners' choice, Disruption, voluntary retreats
after the first round, attackers added as replacements, pressed attacks, advances.

The battle being fought is a typed :class:`~wargames.darkest.battle_record.Battle` record
kept as JSON in the state variable ``battle``; the automatic step ``battle`` moves it from
stage to stage (a fixed :class:`~wargames.darkest.battle_record.Stage` enum, dispatched
through a table) and pushes a frame for every decision (the first-turn river choice, the
defender's and the attacker's hit allocation, retreats, replacements, the German pressed
attack, advances) and for every die roll, so a game serializes at each of them.

Hit accounting (``ledger``): per firing side, hits scored = hits absorbed + hits left over
once nothing was left to absorb them; never lost, never counted twice.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from typing import ClassVar

from wargames.core.actions import Action, Advance, AllocateLosses, Attack, Choose, Outcome, Pass
from wargames.core.actions import Retreat as RetreatAction
from wargames.core.advance import (
    AdvanceRules,
    AdvanceSituation,
    MustMatch,
    advance_paths,
    must_advance,
)
from wargames.core.context import Context
from wargames.core.crt import Dice
from wargames.core.errors import IllegalAction
from wargames.core.frame_args import SIDE, Shape, literal
from wargames.core.last_entry import LastEntry
from wargames.core.prose import node_label, words
from wargames.core.retreat import HexsideMatch, RetreatRules, RetreatSituation, retreat_paths
from wargames.core.sequence import ChanceStep, Step
from wargames.core.state import Frame, Occupancy

from . import counters as cn
from .attacks import attack_error, attack_group, capacity_error, pending, set_pending
from .battle_record import Battle, Stage, battle, save
from .charts import charts
from .fire import (
    Fire,
    attack_fire,
    defence_fire,
    lotsa_distribution,
    press_limit,
    river_bonus,
    table_hits,
)
from .position import (
    enemy,
    held_point,
    held_points,
    holder,
    in_romania,
    is_city,
    note_defended,
    set_control,
    take_hits,
    water,
)
from .secret import reveal
from .supply import eliminate

ADVANCE = "DC: Advances and Retreats after Combat"
DISRUPTION = "DC: Disruption"
PRESSED = "DC: German Pressed Attack"
REPLACE = "DC: Hex-Side Operational Attack Capacity (replacements during the battle)"
FORTS = "DC: Fortresses, Fortifications, Stalin Line, Major Cities, and Victory Cities"
FIRST_RIVER = "DC: Special 1st Turn Rules (the Germans may ignore 1 river hex-side)"
IGNORE_RIVER = "ignore-river"
RIVER_USED = "river_ignored"  # state variable: the hex of the battle that used it
CITY = "city"
CAPTURE = "capture"
FORT = "fort:"

STRAIT = "DC: Terrain Effects (Kerch Strait crossing)"
#: Retreats and advances cross water only at a strait (O5/O6, B8/C8). DC: Terrain Effects:
#: the crossing is "a 1-hex all-consuming movement" on every path: a 1-hex retreat may make it
#: (as an operational move may), and an advance ends once across (no second hex along a road).
_WATER_SIDE = (HexsideMatch(frozenset({"water"}), unless=frozenset({"strait"})),)
RETREAT_RULES = RetreatRules(rule=ADVANCE, blocked=ADVANCE, hexsides=_WATER_SIDE, attackers=ADVANCE)
ADVANCE_RULES = AdvanceRules(
    rule=ADVANCE,
    blocked=ADVANCE,
    hexsides=_WATER_SIDE,
    stop=STRAIT,
    stop_hexsides=(HexsideMatch(frozenset({"strait"})),),
    onward_hexsides=(HexsideMatch(frozenset({"highway"})),),
    beside=ADVANCE,
)


# --- the battle record -------------------------------------------------------------------


def alive(ctx: Context, uids: Iterable[str]) -> list[str]:
    return [u for u in uids if ctx.state.units[u].at is not None]


def defenders(ctx: Context, b: Battle) -> list[str]:
    here = ctx.state.occupancy().get(b.target, ())  # the ids of units_at(target), kept
    return sorted(u for u in here if ctx.side_of(u) == b.enemy)


def capture_needed(ctx: Context, b: Battle) -> bool:
    """DC: Fortresses ...: a fortress or major city is taken by a hit after its defenders are
    gone; undefended victory cities and fortresses, and major cities defended this turn,
    must still be attacked to be taken."""
    target = b.target
    if held_point(ctx, target):
        return True
    return bool(b.defended) and ctx.board.has(target, "major-city")


def cleared(ctx: Context, b: Battle) -> bool:
    return not defenders(ctx, b) and (b.captured or not capture_needed(ctx, b))


def start(ctx: Context, target: str, side: str, mode: str, rounds: int) -> None:
    """Begin the battle for ``target`` with the attackers allocated to it."""
    attacks = pending(ctx)
    allocated = list(attacks.pop(target, ()))
    set_pending(ctx, attacks)
    attackers = [u for u in alive(ctx, allocated) if not cn.disrupted(ctx, u)]
    for uid in allocated:
        unit = ctx.state.units[uid]
        # DC: Fortifications: an attacking unit loses its fortified status.
        ctx.state.put(unit.unmarked(cn.ATTACKING, cn.FORTIFIED).marked(cn.ATTACKED))
    origin = {u: at for u in attackers if (at := ctx.state.units[u].at) is not None}
    b = Battle(
        target=target,
        side=side,
        mode=mode,
        rounds=rounds,
        attackers=attackers,
        sources=sorted(set(origin.values())),
        origin=origin,
        defended=any(ctx.side_of(u.id) == enemy(side) for u in ctx.state.units_at(target)),
    )
    b.defence0 = sum(cn.defence_factor(ctx, u) for u in defenders(ctx, b))
    if b.defended:
        note_defended(ctx, target, b.enemy)  # DC: Fortresses ...: a major city defended
    reveal(ctx, [*attackers, *defenders(ctx, b)])
    if side == cn.AXIS and any(in_romania(ctx, h) for h in b.sources):
        ctx.state.set("romania_open", True)  # DC: Special 1st Turn Rules
    ctx.emit(
        "battle",
        f"{'+'.join(attackers) or 'nobody'} attack {target} ({rounds} round(s))",
        target=target,
        attackers=attackers,
    )
    save(ctx, b)
    ctx.push("battle")


# --- fire ----------------------------------------------------------------------------------


def fires(ctx: Context, b: Battle) -> tuple[Fire, Fire]:
    return attackers_fire(ctx, b), defenders_fire(ctx, b)


def attackers_fire(ctx: Context, b: Battle) -> Fire:
    """The attack's fire (:func:`fires`' first), for a stage that reads only it."""
    return attack_fire(ctx, b.side, alive(ctx, b.attackers))


def defenders_fire(ctx: Context, b: Battle) -> Fire:
    """The defence's fire (:func:`fires`' second), for a stage that reads only it."""
    attackers = alive(ctx, b.attackers)
    return defence_fire(ctx, b.enemy, b.target, attackers, defenders(ctx, b), b.ignore_river)


def river_choice(ctx: Context, b: Battle) -> bool:
    """DC: Special 1st Turn Rules: "on the first turn, the Germans may ignore 1 river
    hex-side": one hexside in one battle of that turn, the one they choose. Offered at the
    start of a German battle of the first turn while unused, when it would lower the defence."""
    if b.side != cn.AXIS or ctx.turn != ctx.scenario.calendar.first:
        return False
    if ctx.state.get(RIVER_USED) is not None:
        return False
    live = [u for u in alive(ctx, b.attackers) if not cn.disrupted(ctx, u)]
    defs = defenders(ctx, b)
    target = b.target
    return river_bonus(ctx, target, live, defs, 1) < river_bonus(ctx, target, live, defs)


def _has_fire(ctx: Context, f: Fire) -> bool:
    if ctx.options["lotsa_dice"]:
        return f.full_dice + f.low_dice > 0 and f.best > 0
    return f.strength > 0


# --- absorbing hits ------------------------------------------------------------------------


def absorb_options(ctx: Context, b: Battle, receiver: str) -> list[str]:
    """DC: Disruption: the owner decides how hits are absorbed: by any of its units in the
    battle, by a fortress or city (one hit a round), by a German army's fortification; once
    the defenders are gone, a hit takes a fortress or major city (Moscow: 2 in one round)."""
    if receiver == b.side:
        return sorted(alive(ctx, b.attackers))
    units = defenders(ctx, b)
    if not units:
        if capture_needed(ctx, b) and not b.captured:
            return [CAPTURE]
        return []
    out = list(units)
    if is_city(ctx, b.target) and b.city_used < charts(ctx).city_absorbs:
        out.append(CITY)
    out += [FORT + u for u in units if ctx.state.units[u].has(cn.FORTIFIED)]
    return out


def absorb(ctx: Context, b: Battle, receiver: str, token: str) -> None:
    """One hit absorbed by ``token`` (a unit id, ``city``, ``capture`` or ``fort:<unit>``)."""
    b.left -= 1
    b.ledger[enemy(receiver)][1] += 1
    target = b.target
    if token == CITY:
        b.city_used += 1
        ctx.emit("hit", f"{target} absorbs a hit", target=target)
    elif token == CAPTURE:
        b.capture_hits += 1
        if b.capture_hits >= take_hits(ctx, target):
            b.captured = True
            set_control(ctx, target, b.side)
            ctx.emit("capture", f"{target} is taken by {b.side}", target=target)
    elif token.startswith(FORT):
        uid = token[len(FORT) :]
        unit = ctx.state.units[uid]
        # DC: Fortifications: absorbs 1 hit, then is destroyed; the hit does not Disrupt the
        # unit, but neither does it undo a Disruption the unit already took.
        ctx.state.put(unit.unmarked(cn.FORTIFIED))
        ctx.emit("hit", f"{uid}'s fortification absorbs a hit", unit=uid)
    else:
        uid = token
        unit = ctx.state.units[uid]
        taken: dict[str, int] = b.taken
        before = unit.has(cn.DISRUPTED) and uid not in taken
        if uid not in taken:
            # DC: Disruption: the hits it may absorb are those of the side it began the fire
            # on, though the first hit flips a shock army back (DC: Shock Army Emplacement)
            b.capacity[uid] = cn.hit_factor(ctx, uid)
        taken[uid] = taken.get(uid, 0) + 1
        if before or taken[uid] > b.capacity[uid]:
            eliminate(ctx, uid, "hits")
        else:
            # DC: Disruption: a single hit disrupts; a shock army flips back.
            ctx.state.put(unit.marked(cn.DISRUPTED, cn.HIT).unmarked(cn.STRONG))
            ctx.emit("hit", f"{uid} is Disrupted", unit=uid)


# --- the battle runner ---------------------------------------------------------------------


class BattleStep(Step):
    """The automatic driver of the battle in ``vars.battle`` (DC: Sequence A.2.c, B.2.c)."""

    name: ClassVar[str] = "battle"
    args: ClassVar[Mapping[str, Shape] | None] = {}
    rule: ClassVar[str] = "DC: Ground Combat"

    def run(self, ctx: Context, frame: Frame) -> None:
        b = battle(ctx)
        for _ in range(10_000):
            pushed = self._stages[b.stage](self, ctx, b)
            over = b.stage is Stage.OVER
            if pushed or over:
                # stored once the runner stops: the stages pass the record itself along
                save(ctx, b)
                if over:
                    ctx.state.set("battle", None)
                    ctx.done()
                return
        raise RuntimeError("battle did not progress")

    def _river(self, ctx: Context, b: Battle) -> bool:
        b.stage = Stage.ROUND
        if river_choice(ctx, b):
            ctx.push("river", by=b.side)
            return True
        return False

    def _round(self, ctx: Context, b: Battle) -> bool:
        b.taken, b.capacity, b.city_used, b.capture_hits, b.press = {}, {}, 0, 0, 0
        b.stage = Stage.WITHDRAW if b.round > 1 else Stage.PRESS
        ctx.emit("round", f"battle for {b.target}: round {b.round}", round=b.round)
        return False

    def _withdraw(self, ctx: Context, b: Battle) -> bool:
        b.stage = Stage.RESERVE
        if retreats(ctx, b):
            ctx.push("withdraw", by=b.enemy)
            return True
        return False

    def _reserve(self, ctx: Context, b: Battle) -> bool:
        b.stage = Stage.PRESS
        if cleared(ctx, b):
            b.stage = Stage.ADVANCE
            return False
        if reserve_asked(ctx, b):
            ctx.push("reserve", by=b.side)
            return True
        return False

    def _press(self, ctx: Context, b: Battle) -> bool:
        b.stage = Stage.FIRE_A
        if not [u for u in alive(ctx, b.attackers) if not cn.disrupted(ctx, u)]:
            b.stage = Stage.END
            return False
        a = attackers_fire(ctx, b)
        if b.side == cn.AXIS and not ctx.options["lotsa_dice"] and a.strength > 0:
            ctx.push("press", by=b.side)
            return True
        return False

    def _fire_a(self, ctx: Context, b: Battle) -> bool:
        b.stage = Stage.FIRE_D
        a = attackers_fire(ctx, b)
        b.hits = {"attack": 0, "defence": 0}
        if _has_fire(ctx, a):
            ctx.push("fire", who="attack")
            return True
        return False

    def _fire_d(self, ctx: Context, b: Battle) -> bool:
        b.stage = Stage.ABSORB_D
        d = defenders_fire(ctx, b)
        if _has_fire(ctx, d):
            ctx.push("fire", who="defence")
            return True
        return False

    def _absorb(self, ctx: Context, b: Battle, receiver: str, after: Stage) -> bool:
        while b.left > 0:
            options = absorb_options(ctx, b, receiver)
            if not options:
                b.ledger[enemy(receiver)][2] += b.left
                b.left = 0
                break
            if len(options) == 1:
                absorb(ctx, b, receiver, options[0])
                continue
            ctx.push("absorb", by=receiver)
            return True
        b.stage = after
        return False

    def _absorb_d(self, ctx: Context, b: Battle) -> bool:
        if b.absorbing != "defence":
            b.absorbing, b.left, b.taken, b.capacity = "defence", b.hits["attack"], {}, {}
        if self._absorb(ctx, b, b.enemy, Stage.ABSORB_A):
            return True
        b.absorbing = None
        return False

    def _absorb_a(self, ctx: Context, b: Battle) -> bool:
        if b.absorbing != "attack":
            b.absorbing, b.left, b.taken, b.capacity = "attack", b.hits["defence"], {}, {}
        if self._absorb(ctx, b, b.side, Stage.ROUND_END):
            return True
        b.absorbing = None
        return False

    def _round_end(self, ctx: Context, b: Battle) -> bool:
        # DC: Disruption: a Disrupted unit may not continue to support an attack; its place
        # (in its hex) may be taken by a replacement (see reserves).
        staying = [u for u in alive(ctx, b.attackers) if not cn.disrupted(ctx, u)]
        b.gaps = [*b.gaps, *(b.origin[u] for u in b.attackers if u not in staying)]
        b.attackers = staying
        if cleared(ctx, b):
            b.stage = Stage.ADVANCE
        elif b.round < b.rounds and (b.attackers or reserve_asked(ctx, b)):
            b.round += 1
            b.stage = Stage.ROUND
        else:
            b.stage = Stage.END
        return False

    def _advance(self, ctx: Context, b: Battle) -> bool:
        b.stage = Stage.END
        target = b.target
        if b.captured or not defenders(ctx, b):
            ctx.emit("cleared", f"{target} is cleared", target=target)
        if advancers(ctx, b):
            ctx.push("advance", by=b.side)
            return True
        return False

    def _end(self, ctx: Context, b: Battle) -> bool:
        scored = b.ledger
        ctx.emit("battle-end", f"battle for {b.target} ends", target=b.target, ledger=scored)
        b.stage = Stage.OVER
        return False

    def _over(self, ctx: Context, b: Battle) -> bool:
        return False

    _stages: ClassVar[dict[Stage, Callable[[BattleStep, Context, Battle], bool]]] = {
        Stage.RIVER: _river,
        Stage.ROUND: _round,
        Stage.WITHDRAW: _withdraw,
        Stage.RESERVE: _reserve,
        Stage.PRESS: _press,
        Stage.FIRE_A: _fire_a,
        Stage.FIRE_D: _fire_d,
        Stage.ABSORB_D: _absorb_d,
        Stage.ABSORB_A: _absorb_a,
        Stage.ROUND_END: _round_end,
        Stage.ADVANCE: _advance,
        Stage.END: _end,
        Stage.OVER: _over,
    }


# --- decisions inside a battle ---------------------------------------------------------------


class BattleDecision(Step):
    """A decision of the side named ``by`` in the frame, inside the current battle."""

    args: ClassVar[Mapping[str, Shape] | None] = {"by": SIDE}

    def actor(self, ctx: Context, frame: Frame) -> str | None:
        by: str = frame.args["by"]
        return by

    def prompt(self, ctx: Context, frame: Frame) -> str:
        b = battle(ctx)
        return f"{words(self.name)} in the battle for {node_label(ctx, b.target)}, round {b.round}"


class AbsorbStep(BattleDecision):
    """DC: Disruption: the owning player decides how received hits are absorbed, one hit at a
    time."""

    name: ClassVar[str] = "absorb"
    kind: ClassVar[str] = "allocate-losses"
    rule: ClassVar[str] = DISRUPTION
    actions: ClassVar[tuple[type[Action], ...]] = (AllocateLosses,)

    def prompt(self, ctx: Context, frame: Frame) -> str:
        b = battle(ctx)
        return f"absorb a hit in the battle for {node_label(ctx, b.target)} ({b.left} left)"

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        b = battle(ctx)
        return [AllocateLosses((t,)) for t in absorb_options(ctx, b, frame.args["by"])]

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        assert isinstance(action, AllocateLosses)
        b = battle(ctx)
        options = absorb_options(ctx, b, frame.args["by"])
        if len(action.units) != 1 or action.units[0] not in options:
            return IllegalAction(
                DISRUPTION, f"one hit at a time, absorbed by one of: {', '.join(options)}"
            )
        return None

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        assert isinstance(action, AllocateLosses)
        b = battle(ctx)
        absorb(ctx, b, frame.args["by"], action.units[0])
        save(ctx, b)
        ctx.done()


class FireStep(ChanceStep):
    """DC: Ground Combat Results Table (or Lotsa Dice): one side's fire in a round."""

    name: ClassVar[str] = "fire"
    args: ClassVar[Mapping[str, Shape] | None] = {"who": literal("attack", "defence")}
    rule: ClassVar[str] = "DC: Ground Combat Results Table"

    def _fire(self, ctx: Context, frame: Frame) -> tuple[Battle, str, Fire]:
        b = battle(ctx)
        if frame.args["who"] == "attack":
            return b, b.side, attackers_fire(ctx, b)
        return b, b.enemy, defenders_fire(ctx, b)

    def outcomes(self, ctx: Context, frame: Frame) -> list[tuple[Action, Fraction]]:
        _, _, f = self._fire(ctx, frame)
        if ctx.options["lotsa_dice"]:
            return [(Outcome(k), p) for k, p in lotsa_distribution(f).items()]
        return list(_table_outcomes(charts(ctx).fire.dice))

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        assert isinstance(action, Outcome) and isinstance(action.value, int)
        b, side, f = self._fire(ctx, frame)
        who = frame.args["who"]
        if ctx.options["lotsa_dice"]:
            hits = action.value
            text = f"{side} throws {f.full_dice + f.low_dice} dice: {hits} hit(s)"
        else:
            press = b.press if who == "attack" else 0
            hits = table_hits(ctx, side, f, action.value, press)
            text = (
                f"{side} fires {f.strength} (shift {f.shift:+d}, pressed {press}), "
                f"die {action.value}: {hits} hit(s)"
            )
        b.hits[who] = hits
        b.ledger[side][0] += hits
        ctx.emit("fire", text, side=side, hits=hits)
        save(ctx, b)
        ctx.done()


_TABLE: LastEntry[tuple[tuple[Action, Fraction], ...]] = LastEntry()
"""The fire table's dice (frozen) and their outcomes, last asked."""


def _table_outcomes(dice: Dice) -> tuple[tuple[Action, Fraction], ...]:
    """Each total of the fire table's dice with its probability, as chance outcomes (the same
    for every battle: built once for the dice, the outcomes immutable)."""
    return _TABLE.get(
        (dice,), lambda: tuple((Outcome(v), p) for v, p in dice.distribution().items())
    )


class RiverStep(BattleDecision):
    """DC: Special 1st Turn Rules: ignore 1 river hexside in this battle (once, on the first
    turn), or keep the choice for another battle."""

    name: ClassVar[str] = "river"
    kind: ClassVar[str] = "choose"
    rule: ClassVar[str] = FIRST_RIVER
    actions: ClassVar[tuple[type[Action], ...]] = (Choose, Pass)

    def prompt(self, ctx: Context, frame: Frame) -> str:
        return f"ignore 1 river hexside in the battle for {battle(ctx).target}?"

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        return [Pass(), Choose(IGNORE_RIVER)]

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        ctx.done()
        if isinstance(action, Pass):
            return
        b = battle(ctx)
        b.ignore_river = 1
        ctx.state.set(RIVER_USED, b.target)
        save(ctx, b)
        ctx.emit("river", f"the Germans ignore 1 river hexside at {b.target}")


class PressStep(BattleDecision):
    """DC: German Pressed Attack: move the firing column up as many columns as he likes, no
    more than his attacking factor nor past the table's last column (:func:`.press_limit`);
    the same number down if he rolls one of the worst 3."""

    name: ClassVar[str] = "press"
    kind: ClassVar[str] = "choose"
    rule: ClassVar[str] = PRESSED
    actions: ClassVar[tuple[type[Action], ...]] = (Choose,)

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        a = attackers_fire(ctx, battle(ctx))
        return [Choose(f"press:{k}") for k in range(0, press_limit(ctx, a) + 1)]

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        assert isinstance(action, Choose)
        b = battle(ctx)
        b.press = int(action.option.split(":")[1])
        save(ctx, b)
        ctx.done()


# --- retreats, replacements, advances -------------------------------------------------------


def _exempt(ctx: Context, side: str, occ: Occupancy) -> set[str]:
    """Friendly hexes not under an unresolved attack by attackers at least equal in strength
    to the defenders there."""
    attacks = pending(ctx)
    out = set()
    for node, units in occ.items():
        if ctx.side_of(units[0]) != side:
            continue
        att = attacks.get(node, ())
        strength = sum(cn.attack_factor(ctx, u) for u in alive(ctx, att))
        if not att or strength < sum(cn.defence_factor(ctx, u) for u in units):
            out.add(node)
    return out


def retreats(ctx: Context, b: Battle) -> list[RetreatAction]:
    """DC: Advances and Retreats: after the first round defenders may retreat 1 hex, and are
    Disrupted; never next to (across land) a hex they were attacked from unless friendly
    units not under a strong enough unresolved attack hold it. Disrupted defenders may
    withdraw too: the retreat is "entirely voluntary" and a Disrupted unit dies to one more
    hit only "if kept in battle" (DC: Disruption); only Disrupted attackers must stay."""
    target = b.target
    side = b.enemy
    occ = ctx.state.occupancy()
    index = ctx.board.index
    prohibited = {index.number[n] for n, us in occ.items() if ctx.side_of(us[0]) != side}
    prohibited.update(index.number[n] for n in water(ctx))
    control = ctx.state.control
    prohibited.update(
        index.number[n] for n in held_points(ctx) if n not in occ and control.get(n) == b.side
    )
    exempt = {index.number[n] for n in _exempt(ctx, side, occ)}
    situation = RetreatSituation(
        prohibited=frozenset(prohibited),
        attackers=frozenset(index.number[h] for h in b.sources),
        friendly=frozenset(exempt),
    )
    paths = retreat_paths(index, index.number[target], 1, RETREAT_RULES, situation)
    out = []
    for uid in defenders(ctx, b):
        for p in paths:
            if p.eliminated or len(p.nodes) != 2:
                continue
            dest = index.ids[p.nodes[1]]
            if not cn.mixes(ctx, uid, occ.get(dest, [])):
                out.append(RetreatAction((uid,), (target, dest)))
    return out


class WithdrawStep(BattleDecision):
    """DC: Advances and Retreats after Combat: voluntary retreats after the first round."""

    name: ClassVar[str] = "withdraw"
    kind: ClassVar[str] = "retreat"
    rule: ClassVar[str] = ADVANCE
    actions: ClassVar[tuple[type[Action], ...]] = (RetreatAction, Pass)

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        return [Pass(), *retreats(ctx, battle(ctx))]

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        if isinstance(action, Pass) or action in retreats(ctx, battle(ctx)):
            return None
        assert isinstance(action, RetreatAction)
        return IllegalAction(
            ADVANCE,
            f"{'+'.join(action.units)} may not retreat along {'-'.join(action.path)} "
            "(one unit, 1 hex, not next to a hex it was attacked from)",
        )

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        if isinstance(action, Pass):
            ctx.done()
            return
        assert isinstance(action, RetreatAction)
        b = battle(ctx)
        uid, dest = action.units[0], action.path[-1]
        unit = ctx.state.units[uid]
        # DC: Advances and Retreats: a retreated unit is automatically Disrupted. DC:
        # Fortifications: an army's fortification stays in its hex; leaving by retreat loses
        # it as leaving by movement does.
        ctx.state.put(
            unit.moved_to(dest).marked(cn.DISRUPTED, cn.HIT).unmarked(cn.STRONG, cn.FORTIFIED)
        )
        set_control(ctx, dest, b.enemy)
        b.retreated = True
        save(ctx, b)
        ctx.emit("retreat", f"{uid} retreats to {dest}, Disrupted", unit=uid, to=dest)
        if not retreats(ctx, b):
            ctx.done()


def reserves(ctx: Context, b: Battle) -> list[Attack]:
    """DC: Hex-Side Operational Attack Capacity: unused or just-moved units in the attacking
    hexes "may be added as replacements during the battle" - replacing, one for one and from
    the same hex, an attacker the battle Disrupted or eliminated (DC: Disruption: "if an
    attacking unit is Disrupted in a first battle round, another Undisrupted attacker's unit
    in the same hex may be used in a second battle round"); within the hexside capacity."""
    target = b.target
    engaged = [u for u in alive(ctx, b.attackers) if not cn.disrupted(ctx, u)]
    out = []
    for node in sorted(set(b.gaps)):
        for unit in ctx.state.units_at(node):
            uid = unit.id
            if ctx.side_of(uid) != b.side or uid in engaged:
                continue
            if unit.has(cn.ATTACKED) or unit.has(cn.ATTACKING):
                continue
            if attack_error(ctx, uid, target, b.mode, {}) is not None:
                continue
            same = attack_group(ctx, node, target, engaged)
            if capacity_error(ctx, node, target, [*same, uid]) is None:
                out.append(Attack((uid,), target))
    return out


def reserve_asked(ctx: Context, b: Battle) -> bool:
    """Whether the attacker is asked for replacements (the ``reserve`` decision, and a round
    for it when no attacker is left): whenever one may join (:func:`reserves`), and, with DC:
    Secret ... Setup, whenever a gap hex holds a unit of his the enemy cannot see. Whether a
    hidden unit could join (Disrupted, attacking elsewhere, its type against the capacity)
    is hidden until it joins, so the decision's presence may depend only on what the enemy
    sees; with no unit eligible its legal list is just Pass."""
    if reserves(ctx, b):
        return True
    return any(
        ctx.side_of(u.id) == b.side and not ctx.title.sees(ctx.state, b.enemy, [u.id])
        for node in set(b.gaps)
        for u in ctx.state.units_at(node)
    )


class ReserveStep(BattleDecision):
    """DC: Hex-Side Operational Attack Capacity: add attackers as replacements, or pass."""

    name: ClassVar[str] = "reserve"
    kind: ClassVar[str] = "attack"
    rule: ClassVar[str] = REPLACE
    actions: ClassVar[tuple[type[Action], ...]] = (Attack, Pass)

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        return [Pass(), *reserves(ctx, battle(ctx))]

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        if isinstance(action, Pass):
            ctx.done()
            return
        assert isinstance(action, Attack)
        b = battle(ctx)
        uid = action.units[0]
        b.attackers = [*b.attackers, uid]
        unit = ctx.state.units[uid]
        at = unit.at
        assert at is not None
        b.gaps.remove(at)  # it fills the place of an attacker lost from its hex
        b.origin[uid] = at
        ctx.state.put(unit.unmarked(cn.FORTIFIED).marked(cn.ATTACKED, cn.DONE))
        reveal(ctx, [uid])  # DC: Secret ... Setup: revealed as the battle's other attackers
        save(ctx, b)
        ctx.emit("reserve", f"{uid} joins the battle for {b.target}", unit=uid)
        if not reserve_asked(ctx, b):
            ctx.done()


def advancers(ctx: Context, b: Battle) -> list[str]:
    return [u for u in alive(ctx, b.attackers) if not cn.disrupted(ctx, u) and u not in b.advanced]


def must_groups(ctx: Context, b: Battle) -> tuple[frozenset[str], ...]:
    """DC: Advances ...: UnDisrupted attackers as close to equal as possible to the defenders'
    unmodified firepower must advance (the group whose attack factors are closest to it, above
    or below: defenders 3, attackers 2 and 6, the 2 goes in). When defenders retreated the
    advance is voluntary ("and so then is an attacker's advance into the hex"), also if the
    emptied victory city or fortress is then taken by a hit."""
    if b.retreated:
        return (frozenset(),)
    pool = {
        u: float(cn.attack_factor(ctx, u))
        for u in alive(ctx, b.attackers)
        if not cn.disrupted(ctx, u)
    }
    return must_advance(pool, float(b.defence0), MustMatch.CLOSEST)


def advances(ctx: Context, b: Battle) -> list[Action]:
    occ = ctx.state.occupancy()
    index = ctx.board.index
    target = index.number[b.target]
    prohibited = {index.number[n] for n in water(ctx)}
    prohibited.update(index.number[n] for n in occ if holder(ctx, occ, n) == b.enemy)
    control = ctx.state.control
    prohibited.update(
        index.number[n] for n in held_points(ctx) if n not in occ and control.get(n) == b.enemy
    )
    situation = AdvanceSituation(
        prohibited=frozenset(prohibited),
        occupied=frozenset(index.number[n] for n in occ),
    )
    groups = must_groups(ctx, b)
    into = set(b.into)
    movers = advancers(ctx, b)
    out: list[Action] = []
    if any(g <= into for g in groups):
        out.append(Pass())
    for uid in movers:
        at = ctx.state.units[uid].at
        assert at is not None
        limit = 2 if cn.is_armour(ctx, uid) else 1  # panzer/tank: 2 along an active road
        rest = into | (set(movers) - {uid})
        keeps = any(g <= rest for g in groups)
        for p in advance_paths(index, index.number[at], target, limit, ADVANCE_RULES, situation):
            labels = p.labels(index)
            if p.beside and not keeps:
                continue
            if cn.mixes(ctx, uid, occ.get(labels[-1], [])):
                continue
            out.append(Advance((uid,), labels))
    return out or [Pass()]


class AdvanceStep(BattleDecision):
    """DC: Advances and Retreats after Combat: into the cleared hex, or an empty hex beside it;
    panzer and tank units a second hex along an active road (the highway)."""

    name: ClassVar[str] = "advance"
    kind: ClassVar[str] = "advance"
    rule: ClassVar[str] = ADVANCE
    actions: ClassVar[tuple[type[Action], ...]] = (Advance, Pass)

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        return advances(ctx, battle(ctx))

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        b = battle(ctx)
        if action in advances(ctx, b):
            return None
        if isinstance(action, Pass):
            shown = " or ".join("+".join(sorted(g)) for g in must_groups(ctx, b))
            return IllegalAction(ADVANCE, f"attackers matching the defence must advance: {shown}")
        return IllegalAction(ADVANCE, f"{action.to_json()} is not a legal advance")

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        b = battle(ctx)
        if isinstance(action, Pass):
            ctx.done()
            return
        assert isinstance(action, Advance)
        uid = action.units[0]
        unit = ctx.state.units[uid]
        ctx.state.put(unit.moved_to(action.path[-1]).unmarked(cn.STRONG))
        for n in action.path[1:]:
            set_control(ctx, n, b.side)
        b.advanced = [*b.advanced, uid]
        if action.path[1] == b.target:
            b.into = [*b.into, uid]
        save(ctx, b)
        ctx.emit("advance", f"{uid} advances {'-'.join(action.path)}", unit=uid)
        if not advancers(ctx, b):
            ctx.done()
