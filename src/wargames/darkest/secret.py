"""DC: Secret, Nonhistorical Russian Setup (option ``secret_setup``): the Russian player sets
up his units anywhere he wishes, one real unit in each hex bordering Germany and Rumania; the
German player then deploys his (11. A may start in Germany instead of Rumania). Russian units
stay hidden from the Axis player until attacked or attacking; replacement brown armies
re-enter hidden. The Victory Conditions shift 2 cities in the Germans' favour (victory.py).

Units are placed one at a time in id order (Russians first), so each decision lists only the
hexes of one unit. The 1. Guards Korps and factory dummies of the text are not modelled.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from wargames.core.actions import Action, Place
from wargames.core.alike import relabel
from wargames.core.context import Context
from wargames.core.errors import IllegalAction
from wargames.core.frame_args import Shape
from wargames.core.information import public_view
from wargames.core.sequence import Segment, Step
from wargames.core.state import Frame, GameState

from . import counters as cn
from .position import land

RULE = "DC: Secret, Nonhistorical Russian Setup"
HIDDEN = "hidden"
BOX = "setup"
HOMES: dict[str, tuple[str, ...]] = {
    "german": ("germany",),
    "romanian": ("romania",),
    "hungarian": ("hungary",),
    "finnish": ("finland",),
}


def start(ctx: Context) -> None:
    """Take every unit on the map off it, to be set up again (Russians first)."""
    if not ctx.options["secret_setup"]:
        return
    order = []
    for side in (cn.RUSSIAN, cn.AXIS):
        for u in sorted(ctx.units_of(side), key=lambda u: u.id):
            ctx.state.put(u.boxed(BOX))
            order.append(u.id)
    # the Russian units come up in an order the Axis does not know (the counters drawn
    # upside down), so neither his log nor his view tells which unit went where
    russians = [u for u in order if ctx.side_of(u) == cn.RUSSIAN]
    _shuffle(ctx, russians)
    ctx.state.set("to_place", [*russians, *(u for u in order if ctx.side_of(u) != cn.RUSSIAN)])
    # the Russian units are hidden from the start: the Axis may not see which leaves the box
    ctx.state.set(HIDDEN, sorted(u for u in order if ctx.side_of(u) == cn.RUSSIAN))


def border(ctx: Context) -> list[str]:
    """Russian hexes bordering Germany and Rumania (DC: Secret ... Setup: "1 real unit in
    each hex bordering Germany and Rumania"; not a hex bordering only Hungary)."""
    axis_lands = {n for f in ("germany", "romania") for n in ctx.board.nodes_with(f)}
    return sorted(
        n
        for n, s in ctx.state.control.items()
        if s == cn.RUSSIAN
        and land(ctx, n)
        and any(m in axis_lands for m in ctx.board.neighbours(n))
    )


def spots(ctx: Context, uid: str) -> list[str]:
    occ = ctx.state.occupancy()
    side = ctx.side_of(uid)
    if side == cn.RUSSIAN:
        left = [u for u in ctx.state.get("to_place", ()) if ctx.side_of(u) == cn.RUSSIAN]
        empty = [n for n in border(ctx) if n not in occ]
        if empty and len(left) <= len(empty):
            return empty  # one real unit in each border hex
        return sorted(n for n, s in ctx.state.control.items() if s == cn.RUSSIAN and land(ctx, n))
    # DC: 11. A may instead start in Germany: values.homes names the lands a unit may start in
    homes = cn.homes(ctx, uid) or HOMES.get(cn.nationality(ctx, uid), ("germany",))
    out = {n for f in homes for n in ctx.board.nodes_with(f)}
    if not any(ctx.state.control.get(n) == cn.AXIS for n in out):
        out = {n for n, s in ctx.state.control.items() if s == cn.AXIS}  # no home on this map
    return sorted(
        n
        for n in out
        if ctx.state.control.get(n) == cn.AXIS
        and land(ctx, n)
        and not cn.mixes(ctx, uid, occ.get(n, []))
    )


class SecretSetup(Step):
    """Place the next unit of the set-up."""

    name: ClassVar[str] = "secret-setup"
    args: ClassVar[Mapping[str, Shape] | None] = {}
    kind: ClassVar[str] = "place"
    rule: ClassVar[str] = RULE
    actions: ClassVar[tuple[type[Action], ...]] = (Place,)

    @staticmethod
    def segment() -> Segment:
        return Segment(
            "secret-setup",
            "secret Russian set-up, then the German deployment",
            when=lambda ctx: (
                bool(ctx.options["secret_setup"]) and ctx.turn == ctx.scenario.calendar.first
            ),
        )

    def _next(self, ctx: Context) -> str | None:
        left = ctx.state.get("to_place", ())
        return left[0] if left else None

    def actor(self, ctx: Context, frame: Frame) -> str | None:
        uid = self._next(ctx)
        return None if uid is None else ctx.side_of(uid)

    def prompt(self, ctx: Context, frame: Frame) -> str:
        return f"set up {self._next(ctx)}"

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        uid = self._next(ctx)
        return [] if uid is None else [Place(uid, n) for n in spots(ctx, uid)]

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        assert isinstance(action, Place)
        uid = self._next(ctx)
        if action.unit != uid:
            return IllegalAction(RULE, f"{uid} is the next unit to set up")
        if action.at not in spots(ctx, uid):
            return IllegalAction(
                RULE,
                f"{uid} may not set up in {action.at} (one real unit in "
                "each hex bordering Germany and Rumania; Axis units at home)",
            )
        return None

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        assert isinstance(action, Place)
        ctx.state.put(ctx.state.units[action.unit].moved_to(action.at))
        ctx.state.set("to_place", list(ctx.state.get("to_place", ()))[1:])
        ctx.emit("setup", f"{ctx.side_of(action.unit)} sets up a unit")

    def run(self, ctx: Context, frame: Frame) -> None:
        ctx.done()


def reveal(ctx: Context, uids: list[str]) -> None:
    """DC: Secret ... Setup: the units are revealed when they are attacked (or attack)."""
    hidden = list(ctx.state.get(HIDDEN, ()))
    if any(u in hidden for u in uids):
        ctx.state.set(HIDDEN, [u for u in hidden if u not in uids])


def hide(ctx: Context, uid: str) -> None:
    """DC: Secret ... Setup: replacement brown armies may re-enter the game hidden."""
    if hides(ctx, uid):
        ctx.state.set(HIDDEN, [*ctx.state.get(HIDDEN, ()), uid])


def hidden_view(state: GameState, side: str) -> dict[str, Any]:
    """The state as ``side`` sees it (never the dice's state): hidden Russian units show
    only where they are."""
    data = public_view(state, side)
    hidden = set(state.vars.get(HIDDEN, ()) or ())
    if side == cn.RUSSIAN or not hidden:
        return data
    shown = [u for u in data["units"] if u["id"] not in hidden]
    places = sorted((u.get("at", ""), u.get("box", "")) for u in data["units"] if u["id"] in hidden)
    # numbered by place, never by id, so the numbers say nothing of which unit is where
    for n, (at, box) in enumerate(places, start=1):
        unit: dict[str, Any] = {"id": f"hidden-{n}", "steps": 1, "hidden": True}
        unit.update({"at": at} if at else {"box": box})
        shown.append(unit)
    data["units"] = shown
    data["vars"] = {k: v for k, v in data["vars"].items() if k not in (HIDDEN, "to_place")}
    if "attacks" in data["vars"]:  # the allocated attacks: hidden attackers unnamed
        data["vars"]["attacks"] = {
            t: ["?" if u in hidden else u for u in us]
            for t, us in dict(data["vars"]["attacks"] or {}).items()
        }
    data["stack"] = [{"step": f["step"]} for f in data["stack"]]
    return data


def hides(ctx: Context, uid: str) -> bool:
    """DC: Secret ... Setup: whether ``uid`` re-enters the game hidden (a brown replacement
    army, with the secret set-up)."""
    return (
        bool(ctx.options["secret_setup"])
        and cn.colour(ctx, uid) == "brown"
        and not cn.has(ctx, uid, "mech")
    )


def secret_place(ctx: Context, action: Action) -> bool:
    """Whether ``action`` is a Russian placement the Axis may not see whole: one of the secret
    set-up, or a replacement army re-entering hidden (the Axis learns only the hex)."""
    if not isinstance(action, Place) or ctx.side_of(action.unit) != cn.RUSSIAN:
        return False
    if ctx.frame.step == SecretSetup.name:
        return True
    return ctx.frame.step == "replace" and hides(ctx, action.unit)


def determinize(ctx: Context, side: str) -> None:
    """DC: Secret ... Setup: for the Axis, any hidden Russian unit may be any other. What he
    may not know is which counter stands in each hidden place, not what he was told of the
    place (a unit returned there Disrupted, moved there, will attack from there): deal the
    identities, not the records. A random permutation of the hidden ids renames them
    everywhere in the state, so the unit dealt to a place takes the markers, the allocated
    attacks, the battle's records and the frame arguments of the unit that stood there (during
    the set-up, ``to_place`` then lists the boxed units in a random order). The kernel has
    relabelled alike hidden units canonically first, so twin games deal alike."""
    hidden = sorted(ctx.state.get(HIDDEN, ()) or ())
    if side == cn.RUSSIAN or len(hidden) < 2:
        return
    dealt = list(hidden)
    _shuffle(ctx, dealt)
    names = {old: new for old, new in zip(hidden, dealt, strict=True) if old != new}
    if names:
        relabel(ctx.state, names)
        ctx.state.set(HIDDEN, hidden)  # the same ids, kept sorted


def _shuffle(ctx: Context, items: list[Any]) -> None:
    """Shuffle ``items`` in place with the game's dice (Fisher-Yates)."""
    for i in range(len(items) - 1, 0, -1):
        j = ctx.draw(range(i + 1))
        items[i], items[j] = items[j], items[i]
