"""Replacements (the text's rule is lost; DC2 Terrain D and errata 3 and R 3.E name them:
"replacements", infantry replacement symbols, "German replacements"). Filled gap, provisional,
from the two sibling rules:

* the Soviets (Darkest Crusade: Russian Replacements) receive each turn 1 infantry factor for
  each infantry replacement point (feature ``replacement``, attribute ``replacements``: the
  hex edition gives Moscow 2) they control in supply without crossing the Kerch Straits (DC2
  Terrain D), plus the hex edition's factor from the east edge; unused infantry factors are
  lost. Each producing tank factory gives 1 armour factor (kept from turn to turn, with an
  off-map reserve at the start);
* the Germans (the hex edition: Axis Replacements) receive panzer factors each month from
  August, kept from turn to turn; no other Axis replacements (Darkest Crusade: "the Axis
  receive no replacements at all" besides these).

An eliminated unit comes back for factors equal to its largest fire factor (Darkest Crusade),
armour from the armour factors, other ground units from the infantry factors; air, rocket
(the hex edition: Katyushas) and Siberian units (Darkest Crusade) and factories are never
replaced. A Soviet infantry unit comes back dispersed on a replacement point or undispersed in
Siberia (the east edge); a Soviet armour unit undispersed on a producing factory's point or in
Siberia; at most one replaced infantry unit and one armour unit a point a turn (Darkest
Crusade: "although both an infantry and tank unit can arrive on Leningrad"). German armour
comes back off the west edge. The 16th Army is lost for good if it is eliminated out of supply
(Darkest Crusade, :mod:`.casualties`). At the start of the Soviet replacement phase the Soviet
player may eliminate his units voluntarily, to bring them back as replacements (Darkest
Crusade, :class:`DisbandStep`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from wargames.core.actions import Action, Choose, Pass, Place
from wargames.core.context import Context
from wargames.core.errors import IllegalAction
from wargames.core.frame_args import BOOL, NODE, SIDE, UNIT, Shape, list_of, literal, one_of
from wargames.core.state import Frame
from wargames.core.steps import SideStep

from . import counters as cn
from . import factories
from . import geography as geo
from .casualties import eliminate
from .charts import charts
from .reinforcements import box_of
from .supply import supplied_points

RULE = "replacements (filled gap: Darkest Crusade and the hex edition)"
IRREPLACEABLE = ("air", "rocket", "siberian", "factory", "partisan")
INFANTRY, ARMOUR = "infantry", "armour"


def banks(ctx: Context) -> dict[str, dict[str, int]]:
    got = ctx.state.get("replacements") or {}
    return {side: dict(v) for side, v in got.items()}


def bank(ctx: Context, side: str) -> dict[str, int]:
    return banks(ctx).get(side, {INFANTRY: 0, ARMOUR: 0})


def _store(ctx: Context, side: str, value: dict[str, int]) -> None:
    got = banks(ctx)
    got[side] = value
    ctx.state.set("replacements", got)


def pays_from(ctx: Context, uid: str) -> str:
    """The factors that replace ``uid``: armour or infantry."""
    return ARMOUR if cn.is_armour(ctx, uid) else INFANTRY


def cost(ctx: Context, uid: str) -> int:
    """Darkest Crusade: a unit's replacement value is its largest combat factor."""
    return max(cn.attack_factor(ctx, uid), cn.defence_factor(ctx, uid), 1)


def replacement_points(ctx: Context, side: str) -> dict[str, int]:
    """The side's infantry replacement points producing now, with their factors."""
    producing = supplied_points(ctx, side, straits=False)
    return {
        p: int(ctx.board.attr(p, "replacements", 1))
        for p in ctx.board.nodes_with("replacement")
        if ctx.state.control.get(p) == side and p in producing
    }


def income(ctx: Context, side: str) -> dict[str, int]:
    """The factors the side receives this turn (before what it kept)."""
    table = charts(ctx).replacements
    if side == cn.AXIS:
        armour = table["axis_armour"] if ctx.turn >= table["axis_armour_from"] else 0
        return {INFANTRY: 0, ARMOUR: armour}
    infantry = sum(replacement_points(ctx, side).values()) + table["soviet_infantry_east"]
    # The hex edition: each producing factory gives "1 replacement tank factor" a turn.
    armour = table["factory_factors"] * len(factories.producing(ctx))
    return {INFANTRY: infantry, ARMOUR: armour}


def replaceable(ctx: Context, side: str) -> list[str]:
    """Eliminated units of ``side`` the factors in hand can bring back (German armour only for
    the Axis)."""
    have = bank(ctx, side)
    out = []
    for u in ctx.state.units_in(cn.ELIMINATED):
        if ctx.side_of(u.id) != side or any(cn.has(ctx, u.id, f) for f in IRREPLACEABLE):
            continue
        if side == cn.AXIS and not cn.is_german(ctx, u.id):
            continue
        if cost(ctx, u.id) <= have[pays_from(ctx, u.id)]:
            out.append(u.id)
    return sorted(out)


def used_key(ctx: Context, uid: str) -> str:
    """The frame argument listing the points that took a replaced unit of ``uid``'s kind."""
    return "used_armour" if pays_from(ctx, uid) == ARMOUR else "used"


def places(ctx: Context, side: str, uid: str, used: list[str]) -> list[str]:
    """Where ``uid`` may come back this turn: ``used`` lists the points that took a replaced
    unit of its kind this turn (Darkest Crusade: "no more than 1 such unit per replacement
    center ... (although both an infantry and tank unit can arrive on Leningrad)": one of each
    kind a point)."""
    box = box_of(ctx, side)
    if side == cn.AXIS:
        return [box]
    occ = ctx.state.occupancy()
    if pays_from(ctx, uid) == ARMOUR:
        points = factories.factory_points(ctx)
    else:
        points = sorted(replacement_points(ctx, side))
    free = [p for p in points if p not in used and geo.holder(ctx, occ, p) in (None, side)]
    return [*free, box]


def disbandable(ctx: Context, side: str) -> list[str]:
    """The units ``side`` may eliminate voluntarily: its units on map points (not in a box)
    that replacements can bring back (reading: "to bring them back on the board as
    replacements" leaves out the kinds never replaced)."""
    if side != cn.SOVIET:
        return []
    return sorted(
        u.id
        for u in ctx.units_of(side)
        if u.at is not None
        and not geo.is_box(ctx, u.at)
        and not any(cn.has(ctx, u.id, f) for f in IRREPLACEABLE)
    )


class DisbandStep(SideStep):
    """Darkest Crusade: Russian Replacements: "At the start of the Replacement Phase, the
    Russian player may voluntarily eliminate any of his units, to bring them back on the board
    as replacements": one unit at a time (``Choose``), until he passes."""

    name: ClassVar[str] = "disband"
    args: ClassVar[Mapping[str, Shape] | None] = {"side": SIDE}
    kind: ClassVar[str] = "choose"
    rule: ClassVar[str] = RULE
    actions: ClassVar[tuple[type[Action], ...]] = (Choose, Pass)

    def actor(self, ctx: Context, frame: Frame) -> str | None:
        side: str = frame.args["side"]
        return side if disbandable(ctx, side) else None

    def run(self, ctx: Context, frame: Frame) -> None:
        ctx.done()

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        return [Pass(), *(Choose(u) for u in disbandable(ctx, frame.args["side"]))]

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        if action in self.legal(ctx, frame):
            return None
        return IllegalAction(
            RULE,
            f"{action.to_json()}: only the Soviet player eliminates units voluntarily, his own "
            "on map points of kinds that are replaced, at the start of his replacement phase",
        )

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        if isinstance(action, Pass):
            ctx.done()
            return
        assert isinstance(action, Choose)
        eliminate(ctx, action.option, "voluntarily")


class ReplaceStep(SideStep):
    """A side's replacement phase: its factors come in, then it brings back eliminated units
    one at a time (``Choose`` the unit, ``Place`` it) until it passes."""

    name: ClassVar[str] = "replacements"
    args: ClassVar[Mapping[str, Shape] | None] = {
        "side": SIDE,
        "paid": BOOL,
        "unit": one_of(UNIT, literal(None)),
        "used": list_of(NODE),
        "used_armour": list_of(NODE),
    }
    kind: ClassVar[str] = "place"
    rule: ClassVar[str] = RULE
    actions: ClassVar[tuple[type[Action], ...]] = (Choose, Place, Pass)

    def actor(self, ctx: Context, frame: Frame) -> str | None:
        if not frame.get("paid"):
            return None
        side: str = frame.args["side"]
        return side if replaceable(ctx, side) else None

    def run(self, ctx: Context, frame: Frame) -> None:
        side = frame.args["side"]
        if frame.get("paid"):
            self._close(ctx, side)
            return
        if side == cn.SOVIET:
            factories.advance(ctx)
        have = bank(ctx, side)
        if side == cn.SOVIET and side not in banks(ctx):
            have[ARMOUR] += charts(ctx).replacements["soviet_armour_reserve"]
        got = income(ctx, side)
        # Darkest Crusade: unused tank factors are kept, infantry factors are not
        have = {INFANTRY: got[INFANTRY], ARMOUR: have[ARMOUR] + got[ARMOUR]}
        _store(ctx, side, have)
        text = f"{side} replacement factors: {have[INFANTRY]} infantry, {have[ARMOUR]} armour"
        ctx.emit("replacements", text, side=side, **have)
        ctx.update(paid=True)
        if not replaceable(ctx, side):
            self._close(ctx, side)

    def _close(self, ctx: Context, side: str) -> None:
        have = bank(ctx, side)
        _store(ctx, side, {INFANTRY: 0, ARMOUR: have[ARMOUR]})
        ctx.done()

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        side, uid = frame.args["side"], frame.get("unit")
        if uid is not None:
            used = list(frame.get(used_key(ctx, uid), ()))
            return [Pass(), *(Place(uid, p) for p in places(ctx, side, uid, used))]
        return [Pass(), *(Choose(u) for u in replaceable(ctx, side))]

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        if action in self.legal(ctx, frame):
            return None
        return IllegalAction(
            RULE,
            f"{action.to_json()}: choose an eliminated unit the factors cover (not air, rocket, "
            "Siberian, factory or partisan units), then a replacement point, a producing "
            "factory's point (armour) or the side's edge box",
        )

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        side = frame.args["side"]
        if isinstance(action, Choose):
            ctx.update(unit=action.option)
            return
        if isinstance(action, Pass):
            if frame.get("unit") is None:
                self._close(ctx, side)
            else:
                ctx.update(unit=None)
            return
        assert isinstance(action, Place)
        uid, at = action.unit, action.at
        have = bank(ctx, side)
        have[pays_from(ctx, uid)] -= cost(ctx, uid)
        _store(ctx, side, have)
        unit = ctx.state.units[uid].moved_to(at)
        # Darkest Crusade: infantry replacements on a centre arrive dispersed
        if pays_from(ctx, uid) == INFANTRY and not geo.is_box(ctx, at):
            unit = unit.marked(cn.DISPERSED)
        ctx.state.put(unit)
        ctx.emit("replaced", f"{uid} is replaced at {at}", unit=uid, at=at)
        key = used_key(ctx, uid)
        used = [*frame.get(key, ())] + ([] if geo.is_box(ctx, at) else [at])
        ctx.update(unit=None, **{key: used})
        if not replaceable(ctx, side):
            self._close(ctx, side)
