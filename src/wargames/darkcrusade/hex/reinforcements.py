"""DCH: Reinforcements and Replacements, the Siberian Reserve and its gamble, the flipping of
German armies to their strong side (Sequence A.1, B.1).

Placement is automatic where the text leaves no choice that matters to the rules here: German
reinforcements enter at their entry hex (or the nearest Axis hex with room), Russian arrivals
on the eastern mapboard edge (the rail hex with room nearest Moscow).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any, ClassVar

import attrs

from wargames.core.actions import Action, Choose, Outcome, Pass, Place
from wargames.core.context import Context
from wargames.core.frame_args import INT, SIDE, UNIT, Shape, list_of, literal, tuple_of
from wargames.core.markers import TURN, has_scoped
from wargames.core.sequence import ChanceStep, Step
from wargames.core.state import Frame, Result
from wargames.core.steps import SideStep
from wargames.core.supply import SupplyStatus

from . import counters as cn
from . import factories
from .air import relocate
from .charts import charts
from .rail import RAILED, advance_railheads
from .stacking import fits
from .supply import statuses, supply_map
from .terrain import rail_nodes, water

RULE = "DCH: Reinforcements and Replacements"
SIBERIA = "DCH: Siberian Reserve units and the Siberian Reserve Gamble"


def place_near(ctx: Context, uid: str, wanted: list[str]) -> str | None:
    """The first hex of ``wanted`` with room for ``uid``, held by its side, not water."""
    side = ctx.side_of(uid)
    for n in wanted:
        if water(ctx, n):
            continue  # DCH: Edge of the World: no unit is placed in the sea or an unfrozen lake
        here = ctx.state.occupancy().get(n, ())
        if any(ctx.side_of(u) != side for u in here):
            continue
        if ctx.state.control.get(n, side) != side:
            continue
        if fits(ctx, uid, n):
            return n
    return None


def arrive(ctx: Context, uid: str, wanted: list[str]) -> bool:
    at = place_near(ctx, uid, wanted)
    if at is None:
        return False
    ctx.state.put(attrs.evolve(ctx.state.units[uid], at=at, box=None, markers=frozenset()))
    ctx.emit("arrive", f"{uid} arrives at {at}", unit=uid, at=at)
    return True


def by_distance(ctx: Context, origin: str, nodes: list[str]) -> list[str]:
    board = ctx.board
    return sorted(nodes, key=lambda n: (board.distance(origin, n), n))


def east_entry(ctx: Context) -> list[str]:
    rails = rail_nodes(ctx)
    edge = ctx.board.nodes_with("east-edge")
    moscow = ctx.board.nodes_with("victory")[0]
    for n in ctx.board.nodes_with("victory"):
        if "Moscow" in str(ctx.board.attr(n, "name", "")):
            moscow = n
    first = [n for n in edge if n in rails]
    return by_distance(ctx, moscow, first) + by_distance(
        ctx, moscow, [n for n in edge if n not in rails]
    )


class AxisAdmin(Step):
    """DCH: Sequence A.1: reinforcements, replacements, flipping German armies to their strong
    side (UnDisrupted, in supply), and the rail conversion (rail heads 2 hexes)."""

    name: ClassVar[str] = "axis-admin"
    args: ClassVar[Mapping[str, Shape] | None] = {}
    rule: ClassVar[str] = RULE

    def run(self, ctx: Context, frame: Frame) -> None:
        ch = charts(ctx).reinforcements
        entry = ch["axis_entry"]
        axis_hexes = by_distance(ctx, entry, [n for n in ctx.board if ctx.board.has(n, "germany")])
        for uid, turn in sorted(ch["axis"].items()):
            unit = ctx.state.units[uid]
            if int(turn) <= ctx.turn and unit.box == cn.REINFORCEMENTS:
                arrive(ctx, uid, [entry, *axis_hexes])
        # DCH: Sequence A.1: "Flipping of German Armies to Strong Side" (the text sets no
        # condition on it, unlike the entrenchment's "UnDisrupted")
        for u in ctx.units_of(cn.AXIS):
            if cn.is_german(ctx, u.id) and cn.is_army(ctx, u.id) and u.steps == 1:
                ctx.state.put(attrs.evolve(u, steps=2))
                ctx.emit("flip", f"{u.id} flips to its strong side", unit=u.id)
        panzer_replacements(ctx)
        cn.entrench(ctx, cn.AXIS)
        advance_railheads(ctx)
        relocate(ctx, cn.AXIS)  # DCH: Air Notes: airfields overrun on the ground
        ctx.done()


class RussianAdmin(Step):
    """DCH: Sequence B.1: the leftover hidden armies (3 a turn, from the first turn) and the
    dated arrivals; replacements: 1 rifle factor per major city held (2 for Moscow) and 1 for
    Siberia, each 2 factors bringing an eliminated rifle army back from the eastern edge."""

    name: ClassVar[str] = "russian-admin"
    args: ClassVar[Mapping[str, Shape] | None] = {}
    rule: ClassVar[str] = RULE

    def run(self, ctx: Context, frame: Frame) -> None:
        ch = charts(ctx)
        entry = east_entry(ctx)
        coming: list[list[Any]] = []
        waiting = sorted(
            u.id for u in ctx.state.units_in(cn.REINFORCEMENTS) if cn.has(ctx, u.id, "hidden")
        )
        coming += [[uid, "", 0] for uid in waiting[: int(ch.hidden["per_turn"])]]
        dated = ch.reinforcements["russian"]
        where = ch.reinforcements["russian_at"]
        for uid, turn in sorted(dated.items()):
            if int(turn) <= ctx.turn and ctx.state.units[uid].box == cn.REINFORCEMENTS:
                arrive(ctx, uid, [where[uid], *by_distance(ctx, where[uid], list(ctx.board))])
        control = ctx.state.control
        factors = 1 + sum(
            (2 if "Moscow" in str(ctx.board.attr(n, "name", "")) else 1)
            for n in ctx.board.nodes_with("major")
            if control.get(n) == cn.RUSSIAN
        )
        bank = int(ctx.state.get("rifle_factors", 0)) + factors
        for u in sorted(ctx.state.units_in(cn.ELIMINATED), key=lambda u: u.id):
            if bank < 2:
                break
            # DCH: Russian Replacements (a reading): the rifle factors rebuild only the rifle
            # armies; a lost Siberian shock army or the Moscow division is never replaced
            if cn.has(ctx, u.id, "hidden"):
                coming.append([u.id, "rifle_factors", 2])
                bank -= 2
        ctx.state.set("rifle_factors", bank)
        coming += tank_replacements(ctx)
        relocate(ctx, cn.RUSSIAN)
        ctx.done()
        coming = [c for c in coming if place_near(ctx, c[0], entry) is not None]
        if coming:
            ctx.push("russian-arrival", coming=coming)
        spare = odd_army(ctx, [c[0] for c in coming])
        if bank % 2 == 1 and spare is not None:
            ctx.push("rifle-roll", unit=spare)


class RussianEntrench(Step):
    """DCH: Sequence B.1: "... Strategic/Rail Movement, UnDisrupted units' Entrenchment": the
    Russian units entrench after the arrivals, the Siberians and the rail and sea moves."""

    name: ClassVar[str] = "russian-entrench"
    args: ClassVar[Mapping[str, Shape] | None] = {}
    rule: ClassVar[str] = "DCH: Sequence B.1"

    def run(self, ctx: Context, frame: Frame) -> None:
        cn.entrench(ctx, cn.RUSSIAN)
        ctx.done()


def odd_army(ctx: Context, taken: list[str]) -> str | None:
    """An eliminated rifle army an odd rifle factor could bring back, or None."""
    entry = east_entry(ctx)
    for u in sorted(ctx.state.units_in(cn.ELIMINATED), key=lambda u: u.id):
        free = cn.has(ctx, u.id, "hidden") and u.id not in taken
        if free and place_near(ctx, u.id, entry) is not None:
            return u.id
    return None


class RifleRoll(Step):
    """DCH: Russian Reinforcements and Replacements: every army is assumed worth 2 factors;
    the Russian player may die-roll up for an odd factor (1 of the 2 needed: 3 chances in 6,
    as the German round-up reads extra over needed on a d6)."""

    name: ClassVar[str] = "rifle-roll"
    args: ClassVar[Mapping[str, Shape] | None] = {"unit": UNIT}
    kind: ClassVar[str] = "choose"
    rule: ClassVar[str] = RULE
    actions: ClassVar[tuple[type[Action], ...]] = (Choose, Pass)

    def actor(self, ctx: Context, frame: Frame) -> str | None:
        return cn.RUSSIAN

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        return [Pass(), Choose("roll-up")]

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        uid = frame.args["unit"]
        ctx.done()
        if isinstance(action, Choose):
            ctx.push("rifle-die", unit=uid)


class RifleDie(ChanceStep):
    """The roll for an odd rifle factor: up (an army for the 1 factor) or not (kept)."""

    name: ClassVar[str] = "rifle-die"
    args: ClassVar[Mapping[str, Shape] | None] = {"unit": UNIT}
    rule: ClassVar[str] = RULE

    def outcomes(self, ctx: Context, frame: Frame) -> list[tuple[Action, Fraction]]:
        return [(Outcome("up"), Fraction(1, 2)), (Outcome("kept"), Fraction(1, 2))]

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        assert isinstance(action, Outcome)
        uid = frame.args["unit"]
        ctx.done()
        if action.value == "up":
            ctx.state.set("rifle_factors", int(ctx.state.get("rifle_factors", 0)) - 1)
            ctx.push("russian-arrival", coming=[[uid, "rifle_factors", 1]])


class RussianArrival(Step):
    """DCH: Set-up / Russian Reinforcements: the Russian player places each arriving army and
    replacement on the eastern mapboard edge, one at a time (or keeps it back: its
    replacement factors are refunded). Tank units come "weakest units first": keeping one
    back keeps back every tank unit after it in the list too."""

    name: ClassVar[str] = "russian-arrival"
    args: ClassVar[Mapping[str, Shape] | None] = {
        # each arrival: the unit, the replacement bank paying for it ("" for none), its cost
        "coming": list_of(tuple_of(UNIT, literal("", "rifle_factors", "tank_factors"), INT)),
    }
    kind: ClassVar[str] = "place"
    rule: ClassVar[str] = RULE
    actions: ClassVar[tuple[type[Action], ...]] = (Place, Pass)

    def actor(self, ctx: Context, frame: Frame) -> str | None:
        return cn.RUSSIAN

    def prompt(self, ctx: Context, frame: Frame) -> str:
        return f"place {frame.args['coming'][0][0]} on the eastern edge"

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        uid = frame.args["coming"][0][0]
        edge = east_entry(ctx)
        return [Pass(), *(Place(uid, n) for n in sorted(edge) if place_near(ctx, uid, [n]) == n)]

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        coming = [list(c) for c in frame.args["coming"]]
        _uid, bank, cost = coming.pop(0)
        if isinstance(action, Place):
            arrive(ctx, action.unit, [action.at])
        elif bank:
            refund = int(cost)
            if bank == "tank_factors":
                # DCH: Russian Replacements: "weakest units first": no stronger tank unit
                # comes back while a weaker one stays in the pile
                refund += sum(int(c[2]) for c in coming if c[1] == bank)
                coming = [c for c in coming if c[1] != bank]
            ctx.state.set(bank, int(ctx.state.get(bank, 0)) + refund)
        if coming:
            ctx.update(coming=coming)
        else:
            ctx.done()


def month_starts(ctx: Context) -> bool:
    months = charts(ctx).weather_months
    t = ctx.turn
    return t == 1 or months[t - 1] != months[t - 2]


def panzer_replacements(ctx: Context) -> None:
    """DCH: Axis Replacements: 2 panzer factors at the start of each month from August, kept
    until the German player spends them (:class:`PanzerReplacements`)."""
    ch = charts(ctx).reinforcements
    bank = int(ctx.state.get("panzer_factors", 0))
    if ctx.turn >= int(ch["panzer_from_turn"]) and month_starts(ctx):
        bank += int(ch["panzer_factors"])
    ctx.state.set("panzer_factors", bank)


def panzer_options(ctx: Context) -> list[str]:
    """``rebuild:<korps>`` for an UnDisrupted, un-moved motorized korps below full strength,
    ``return:<division>`` for a lost 2-factor panzer division, each within the bank."""
    bank = int(ctx.state.get("panzer_factors", 0))
    out = []
    for u in ctx.units_of(cn.AXIS):
        d = ctx.unit_def(u.id)
        if not (cn.has(ctx, u.id, "motorized") and cn.is_korps(ctx, u.id)) or u.steps >= d.steps:
            continue
        moved = has_scoped(u, cn.MOVED, TURN) or has_scoped(u, RAILED, TURN)
        if not u.has(cn.DISRUPTED) and not moved and _rebuild_cost(ctx, u.id) <= bank:
            out.append(f"rebuild:{u.id}")
    entry = charts(ctx).reinforcements["axis_entry"]
    for u in sorted(ctx.state.units_in(cn.ELIMINATED), key=lambda u: u.id):
        panzer = cn.has(ctx, u.id, "panzer") and cn.is_division(ctx, u.id)
        if panzer and cn.attack_factor(ctx, u.id) <= bank and _entry(ctx, u.id, entry):
            out.append(f"return:{u.id}")
    return out


def _rebuild_cost(ctx: Context, uid: str) -> int:
    d = ctx.unit_def(uid)
    return int(d.attack_at(d.steps) - d.attack_at(ctx.state.units[uid].steps))


def _entry(ctx: Context, uid: str, entry: str) -> str | None:
    near = by_distance(ctx, entry, [n for n in ctx.board if ctx.board.has(n, "germany")])
    return place_near(ctx, uid, [entry, *near])


class PanzerReplacements(SideStep):
    """DCH: Axis Reinforcements and Replacements (Sequence A.1): the German player spends
    panzer replacement factors on an UnDisrupted, un-moved motorized korps (back to full
    strength) or a lost 2-factor panzer division (at the entry hex), or keeps them."""

    name: ClassVar[str] = "panzer-replacements"
    args: ClassVar[Mapping[str, Shape] | None] = {"side": SIDE}
    kind: ClassVar[str] = "choose"
    rule: ClassVar[str] = RULE
    side_name: ClassVar[str] = cn.AXIS
    actions: ClassVar[tuple[type[Action], ...]] = (Choose, Pass)

    def pending(self, ctx: Context, frame: Frame) -> bool:
        return bool(panzer_options(ctx))

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        return [Pass(), *(Choose(o) for o in panzer_options(ctx))]

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        if isinstance(action, Pass):
            ctx.done()
            return
        assert isinstance(action, Choose)
        what, _, uid = action.option.partition(":")
        bank = int(ctx.state.get("panzer_factors", 0))
        if what == "rebuild":
            bank -= _rebuild_cost(ctx, uid)
            unit = ctx.state.units[uid]
            ctx.state.put(attrs.evolve(unit, steps=ctx.unit_def(uid).steps))
            ctx.emit("rebuild", f"{uid} is built back up to full strength", unit=uid)
        else:
            bank -= cn.attack_factor(ctx, uid)
            entry = charts(ctx).reinforcements["axis_entry"]
            at = _entry(ctx, uid, entry)
            assert at is not None
            arrive(ctx, uid, [at])
        ctx.state.set("panzer_factors", bank)


def tank_replacements(ctx: Context) -> list[list[Any]]:
    """DCH: Russian Replacements: each tank factory held (and Tankograd) makes 1 tank factor a
    turn, cumulated; lost tank units come back weakest first, from the eastern edge (the
    units to place, with the bank and cost to refund if one is kept back)."""
    factories.advance(ctx)
    made = int(charts(ctx).reinforcements["tankograd"]) + factories.producing(ctx)
    bank = int(ctx.state.get("tank_factors", 0)) + made
    lost = sorted(
        (u for u in ctx.state.units_in(cn.ELIMINATED) if cn.has(ctx, u.id, "tank")),
        key=lambda u: (cn.attack_factor(ctx, u.id), u.id),
    )
    out: list[list[Any]] = []
    for u in lost:
        cost = cn.attack_factor(ctx, u.id)
        if cost > bank:
            break
        out.append([u.id, "tank_factors", cost])
        bank -= cost
    ctx.state.set("tank_factors", bank)
    return out


class SiberianChoice(Step):
    """DCH: Siberian Reserve Gamble: bring the Siberians in early (at a 1/9 risk of losing the
    game each early turn) or wait; from the safe turn they come anyway, one a turn."""

    name: ClassVar[str] = "siberians"
    args: ClassVar[Mapping[str, Shape] | None] = {}
    kind: ClassVar[str] = "choose"
    rule: ClassVar[str] = SIBERIA
    actions: ClassVar[tuple[type[Action], ...]] = (Choose, Pass)

    def actor(self, ctx: Context, frame: Frame) -> str | None:
        if ctx.state.get("siberians_started") or not ctx.state.units_in(cn.SIBERIA):
            return None
        if ctx.turn >= int(charts(ctx).siberians["safe_turn"]):
            return None
        return cn.RUSSIAN

    def run(self, ctx: Context, frame: Frame) -> None:
        if ctx.turn >= int(charts(ctx).siberians["safe_turn"]) and ctx.state.units_in(cn.SIBERIA):
            ctx.state.set("siberians_started", True)
        self._arrive(ctx)

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        return [Pass(), Choose("siberians")]

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        if isinstance(action, Choose):
            ctx.state.set("siberians_started", True)
            ctx.emit("siberians", "the Russian player calls in the Siberian Reserve early")
        self._arrive(ctx)

    def _arrive(self, ctx: Context) -> None:
        ctx.done()
        if not ctx.state.get("siberians_started"):
            return
        waiting = sorted(u.id for u in ctx.state.units_in(cn.SIBERIA))
        if not waiting:
            return
        if ctx.turn < int(charts(ctx).siberians["safe_turn"]):
            ctx.push("siberian-gamble")
        if siberian_hexes(ctx, waiting[0]):
            ctx.push("siberian-place", unit=waiting[0])


def siberian_hexes(ctx: Context, uid: str) -> list[str]:
    """DCH: Siberian Reserve: from the eastern mapboard edge, or on or next to any other
    Russian unit in supply, or on any Russian city or town in supply."""
    status = statuses(ctx, cn.RUSSIAN)
    supplied = supply_map(ctx, cn.RUSSIAN)
    board = ctx.board
    wanted = set(board.nodes_with("east-edge"))
    for u, st in status.items():
        at = ctx.state.units[u].at
        if at is not None and st == SupplyStatus.SUPPLIED:
            wanted.add(at)
            wanted.update(board.neighbours(at))
    for n in board:
        if (board.has(n, "city") or board.has(n, "town")) and supplied.in_supply(n):
            wanted.add(n)
    return [n for n in sorted(wanted) if place_near(ctx, uid, [n]) == n]


class SiberianPlace(Step):
    """The Russian player places an arriving Siberian shock army."""

    name: ClassVar[str] = "siberian-place"
    args: ClassVar[Mapping[str, Shape] | None] = {"unit": UNIT}
    kind: ClassVar[str] = "place"
    rule: ClassVar[str] = SIBERIA
    actions: ClassVar[tuple[type[Action], ...]] = (Place,)

    def actor(self, ctx: Context, frame: Frame) -> str | None:
        return cn.RUSSIAN

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        uid = frame.args["unit"]
        return [Place(uid, n) for n in siberian_hexes(ctx, uid)]

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        assert isinstance(action, Place)
        arrive(ctx, action.unit, [action.at])
        ctx.done()


class SiberianGamble(ChanceStep):
    """DCH: Siberian Reserve Gamble: two 33% rolls, both failing (1/9), lose the game."""

    name: ClassVar[str] = "siberian-gamble"
    args: ClassVar[Mapping[str, Shape] | None] = {}
    rule: ClassVar[str] = SIBERIA

    def outcomes(self, ctx: Context, frame: Frame) -> list[tuple[Action, Fraction]]:
        k = int(charts(ctx).siberians["loss_in_ninths"])
        return [(Outcome("lost"), Fraction(k, 9)), (Outcome("safe"), Fraction(9 - k, 9))]

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        assert isinstance(action, Outcome)
        ctx.done()
        if action.value == "lost":
            ctx.end(
                Result(
                    cn.AXIS,
                    "victory",
                    "the early Siberian Reserve cost the Russians "
                    "the game (DCH: Siberian Reserve Gamble)",
                )
            )
