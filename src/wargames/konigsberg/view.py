"""Fog of war (K45 0.1e): what a side may see, built by inclusion.

"A player cannot examine the units comprising an enemy stack. He can only observe the stack's
top unit." The view lists, field by field, what the side may see: its own units; the top unit
of each enemy stack on the map (a combat unit before an HQ, the strongest first) with the
stack's height; enemy units off the map (boxes, the Turn Record Track, the eliminated) as
public; and each title variable through its own rule in ``VARIABLES``. A variable missing
from that table is not shown, so a new one cannot leak: ``HIDDEN`` names those left out on
purpose, and a test fails on any variable in neither.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any, TypeVar

from wargames.core.alike import strings
from wargames.core.context import Context
from wargames.core.jsonvalue import thaw
from wargames.core.state import GameState

from .forces import is_hq

Filter = Callable[[Any, "Seen"], Any]
T = TypeVar("T")


class Seen:
    """Which units ``side`` may name: its own, enemy stack tops and enemy units off the map."""

    def __init__(self, state: GameState, side: str) -> None:
        self.side = side
        self.mine = mine = _mine(state, side)
        order = _order(state)
        occ = state.occupancy()
        tops: dict[str, int] = {}
        for here in occ.values():
            theirs = [u for u in here if u not in mine]
            if theirs:
                tops[_top(theirs, order)] = len(theirs)
        self.tops = tops
        on_map = {u for here in occ.values() for u in here}
        self.off_map = frozenset(state.units).difference(on_map)

    def visible(self) -> frozenset[str]:
        """Every unit ``side`` may see: its own, enemy stack tops, units off the map."""
        return self.mine | frozenset(self.tops) | self.off_map

    def unit(self, uid: object) -> bool:
        return uid in self.mine or uid in self.tops or uid in self.off_map

    def units(self, ids: Any) -> list[Any]:
        return [u for u in ids if self.unit(u)]


def _mine(state: GameState, side: str) -> frozenset[str]:
    """The units ``side`` owns (the ``owners`` variable)."""
    return _derived(state, "owners", side, lambda v: frozenset(v.get(side, ())))


def _order(state: GameState) -> dict[str, int]:
    """Unit -> its place in the stacking order (``stack_order``)."""
    return _derived(state, "stack_order", "", lambda v: {u: i for i, u in enumerate(v)})


def _top(units: list[str], order: Mapping[str, int]) -> str:
    """The top of a stack of ``units`` (all of one side): first in the stacking order, then
    by id."""
    last = len(order)
    return min(units, key=lambda i: (order.get(i, last), i))


_DERIVED: dict[tuple[str, str], tuple[Any, Any]] = {}


def _derived(state: GameState, var: str, side: str, build: Callable[[Any], T]) -> T:
    """``build(value)`` of the state variable ``var`` (``{}`` when unset), kept while the
    variable holds the same (frozen, so unchanged) value object."""
    value = state.get(var)
    got = _DERIVED.get((var, side))
    if got is not None and got[0] is value and value is not None:
        found: T = got[1]
        return found
    found = build(value if value is not None else {})
    _DERIVED[(var, side)] = (value, found)
    return found


def _public(value: Any, seen: Seen) -> Any:
    return thaw(value)


def _active(value: Any, seen: Seen) -> Any:
    """K45 2.2: the activated HQ and units; of an enemy activation only the units it may see."""
    v = thaw(value)
    return {
        "hq": v.get("hq") if seen.unit(v.get("hq")) else None,
        "side": v.get("side"),
        "free": v.get("free", False),
        "units": seen.units(v.get("units", ())),
        "move_only": seen.units(v.get("move_only", ())),
    }


def _units(value: Any, seen: Seen) -> Any:
    return seen.units(thaw(value))


def _combat(value: Any, seen: Seen) -> Any:
    v = thaw(value)
    return {
        "target": v.get("target"),
        "side": v.get("side"),
        "retreated": v.get("retreated", False),
        "attackers": seen.units(v.get("attackers", ())),
    }


def _supply_record(value: Any, seen: Seen) -> Any:
    """K45 11.0: the side's own units of the last supply phase (the record names every unit's
    hex and markers, which 0.1e hides for enemy units under the top of a stack)."""
    v = thaw(value)
    own = sorted(u for u in v.get("positions", {}) if u in seen.mine)
    return {
        "positions": {u: v["positions"][u] for u in own},
        "before": {u: v.get("before", {}).get(u, []) for u in own},
        "after": {u: v.get("after", {}).get(u, []) for u in own},
        "split": v.get("split", {}),
    }


VARIABLES: Mapping[str, Filter] = {
    "active": _active,
    "arrived": _units,  # K45 1.2a: the reinforcements that arrived this turn
    "atrocities": _public,  # K45 12.3
    "attacked": _units,  # K45 7.3a
    "by_rail": _units,  # K45 6.0e: arrivals placed by rail
    "combat": _combat,
    "gd": _public,  # K45 0.7d, 0.7e
    "hipper_used": _public,  # K45 12.6(3)
    "mikosch_due": _public,  # K45 15.1b: Mikosch due, held back (he is public once in play)
    "no_gas": _public,  # K45 0.7c
    "refugee_colour": _public,  # K45 12.2a
    "refugees": _public,  # K45 12.2
    "released": _units,  # K45 12.8 (the released HQs the side may see: 0.1e)
    "split_sources": _public,  # K45 11.2a
    "stopped": _public,  # random event 10
    "supply_record": _supply_record,
    "used": _public,  # K45 0.5: activations used this turn
}
HIDDEN = frozenset(
    {
        "owners",  # who owns each unit: the view's own bookkeeping
        "stack_order",  # which unit tops a stack: the view's own bookkeeping
        "lost_since_supply",  # a test invariant's bookkeeping, not a game record
    }
)


def fog(state: GameState, side: str) -> dict[str, Any]:
    """K45 0.1e: the state as ``side`` may see it (see the module docstring). The dice state
    is never shown (it would tell the future); of the step stack, only each step's name and
    the side it concerns."""
    seen = Seen(state, side)
    units = []
    for uid in sorted(state.units):
        u = state.units[uid]
        if uid in seen.mine or u.at is None:
            units.append(u.to_json())
        elif uid in seen.tops:
            units.append({**u.to_json(), "stack": seen.tops[uid]})
    stack = []
    for f in state.stack:
        entry: dict[str, Any] = {"step": f.step}
        if isinstance(f.args.get("side"), str):
            entry["side"] = f.args["side"]
        stack.append(entry)
    return {
        "side": side,
        "turn": state.turn,
        "phase": state.phase,
        "segment": state.segment,
        "units": units,
        "control": dict(sorted(state.control.items())),
        "stack": stack,
        "boxes": {k: list(v) for k, v in sorted(state.boxes.items())},  # chits: public
        "vars": {k: VARIABLES[k](v, seen) for k, v in sorted(state.vars.items()) if k in VARIABLES},
        "result": None if state.result is None else state.result.to_json(),
    }


def sees(state: GameState, side: str, units: Collection[str]) -> bool:
    """K45 0.1e: whether ``side`` may see every one of ``units`` (as :func:`visible_units`
    says), from their stacks alone: each is the side's own, off the map or its stack's top."""
    mine = _mine(state, side)
    order = _order(state)
    occ = state.occupancy()
    for uid in units:
        if uid in mine:
            continue
        unit = state.units.get(uid)
        if unit is None:
            return False
        if unit.at is None:
            continue
        if _top([u for u in occ[unit.at] if u not in mine], order) != uid:
            return False
    return True


_VISIBLE: dict[tuple[int, str], tuple[Any, ...]] = {}


def visible_units(state: GameState, side: str) -> frozenset[str]:
    """K45 0.1e: the units ``side`` may see (see :class:`Seen`); the kernel tells the log's
    events that name others to this side only in their redacted version.

    Asked for every event that names units, so kept per position: :class:`Seen` reads only
    where the units are (the state's occupancy, a new object whenever a unit changes node),
    which units there are, and the ``owners`` and ``stack_order`` variables."""
    occupancy = state.occupancy()
    owners, order = state.get("owners"), state.get("stack_order")
    key = (id(occupancy), side)
    got = _VISIBLE.get(key)
    if (
        got is not None
        and got[0] is occupancy
        and got[1] is owners
        and got[2] is order
        and got[3] == len(state.units)
    ):
        found: frozenset[str] = got[4]
        return found
    found = Seen(state, side).visible()
    if len(_VISIBLE) >= 64:
        _VISIBLE.clear()
    _VISIBLE[key] = (occupancy, owners, order, len(state.units), found)
    return found


PINNED = frozenset({"combat"})
"""Title variables whose units the rules tie to where they stand while a battle is under way
(its ``advance`` step on the stack; the variable outlives the battle): the battle being
fought (K45 7.0: the attackers stand next to the target, and retreats and advances start
there).
The other variables record what a unit did or may do (activated, attacked, arrived,
released, its markers at the last supply phase), facts that go with the unit wherever it
is dealt; the supply record alone names every unit on the map."""


def _pinned(state: GameState) -> set[str]:
    """The units determinisation leaves where they are: those named by a ``PINNED`` variable
    or by the arguments of a step on the stack (a battle, retreat or move under way)."""
    values = [thaw(f.args) for f in state.stack]
    if any(f.step == "advance" for f in state.stack):  # the battle's last step, pushed first
        values += [thaw(v) for k, v in state.vars.items() if k in PINNED]
    return strings(values)


def determinize(ctx: Context, side: str) -> None:
    """K45 0.1e, for search over what ``side`` cannot see: deal the enemy units hidden under
    the top of their stacks anew over the places they hold (HQs over HQs' places, combat
    units over combat units'), each under a top it ranks below, so the view is unchanged.
    What the title variables record of a hidden unit goes with it; only the units of a
    battle or step under way stay where they are (``_pinned``)."""
    state = ctx.state
    seen = Seen(state, side)
    order = {u: i for i, u in enumerate(state.get("stack_order", ()))}
    top_rank = {state.units[t].at: order.get(t, -1) for t in seen.tops}
    pinned = _pinned(state)
    hidden = [
        u
        for uid, u in sorted(state.units.items())
        if u.at is not None and uid not in seen.mine and uid not in seen.tops and uid not in pinned
    ]
    for hqs in (True, False):
        group = [u for u in hidden if is_hq(ctx.unit_def(u.id)) == hqs]
        # the most constrained places first: each takes a unit ranking below its top; the
        # sets of such units are nested, so this greedy deal always completes
        places = sorted(
            (u.at for u in group if u.at is not None), key=lambda at: (-top_rank.get(at, -1), at)
        )
        free = list(group)
        for at in places:
            rank = top_rank.get(at, -1)
            fits = [u for u in free if order.get(u.id, len(order)) > rank]
            unit = fits[ctx.draw(fits)]
            free.remove(unit)
            state.put(unit.moved_to(at))
