"""Attack allocation: which hexes a unit may attack and with whom (DC: Hex-Side Operational
Attack Capacity, DC: Terrain Effects on Combat, DC: Setup ... Special 1st Turn Rules), and the
rule that German armies and panzergruppen next to an attack must be attacked too.

Allocated attacks live in the state variable ``attacks``: target hex -> attacking unit ids.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping

from wargames.core.context import Context
from wargames.core.errors import IllegalAction
from wargames.core.jsonvalue import FrozenDict
from wargames.core.last_entry import LastEntry
from wargames.core.state import Occupancy

from . import counters as cn
from .position import crossable, enemy, held_point, holder, in_romania, sorted_neighbours

CAPACITY = "DC: Hex-Side Operational Attack Capacity"
TERRAIN = "DC: Terrain Effects on Combat"
FIRST_TURN = "DC: Special 1st Turn Rules"
MUST = "DC: Hex-Side Operational Attack Capacity (UnDisrupted German army must be attacked)"
BLITZ = "DC: Blitzkrieg!, Proriv!"


def pending(ctx: Context) -> dict[str, tuple[str, ...]]:
    """The allocated attacks, target hex -> attacking unit ids (a new dict, the caller's)."""
    got: Mapping[str, tuple[str, ...]] = ctx.state.get("attacks", {})
    # kept only when immutable (``state.set`` freezes); never handed out itself, only copies
    out = _PENDING.get(
        (got,), lambda: {k: tuple(v) for k, v in got.items()}, keep=isinstance(got, FrozenDict)
    )
    return dict(out)


_PENDING: LastEntry[dict[str, tuple[str, ...]]] = LastEntry()
"""The ``attacks`` variable's value and :func:`pending`'s answer for it, last asked."""


def set_pending(ctx: Context, attacks: Mapping[str, Iterable[str]]) -> None:
    ctx.state.set("attacks", {k: tuple(v) for k, v in sorted(attacks.items()) if v})


def attackable(ctx: Context, side: str, occ: Occupancy, node: str) -> bool:
    """An enemy-held hex, or an empty enemy victory city or fortress, or major city defended
    this turn (:func:`.position.held_point`)."""
    owner = holder(ctx, occ, node)
    if owner is not None:
        return owner == enemy(side)
    return ctx.state.control.get(node) == enemy(side) and held_point(ctx, node)


def capacity_error(
    ctx: Context, origin: str, target: str, units: list[str]
) -> IllegalAction | None:
    """DC: Hex-Side Operational Attack Capacity and DC: Terrain Effects on Combat: the units
    attacking ``target`` across one hexside (all from ``origin``)."""
    board = ctx.board
    where = f"{origin}/{target}"
    n = len(units)
    armies = sum(1 for u in units if cn.is_army_class(ctx, u))
    pzgr = sum(1 for u in units if cn.has(ctx, u, "panzergruppe"))
    armour = sum(1 for u in units if cn.is_armour(ctx, u))
    if "kerch" in board.edge_features(origin, target) or board.has(target, "kronshtadt"):
        # Across Kerch Straits or against Kronshtat only 1 non-tank/panzer unit may attack
        # (against Kronshtadt: 1 in all, see attack_group). B8/C8 is a strait to cross, not
        # the Kerch Straits: the limit does not apply there.
        if n > 1 or armour:
            return IllegalAction(TERRAIN, f"across {where} only 1 non-armour unit may attack")
        return None
    rough = {"swamp", "mountains"} & {board.terrain(origin), board.terrain(target)}
    # Only 2 units per hex-side into or out of swamp or mountains, 1 army or panzergruppe,
    # 1 panzer or tank.
    if rough and (n > 2 or armies > 1 or armour > 1):
        return IllegalAction(
            TERRAIN,
            f"into or out of {'/'.join(sorted(rough))} across {where}: at most 2 units, "
            "1 army or panzergruppe, 1 panzer or tank",
        )
    if n > 3:
        return IllegalAction(CAPACITY, f"at most 3 units attack across {where}")
    if ctx.side_of(units[0]) == cn.AXIS and (armies > 2 or pzgr > 1):
        return IllegalAction(
            CAPACITY, f"across {where} at most 2 armies or panzergruppen, 1 panzergruppe"
        )
    return None


def attack_error(
    ctx: Context, uid: str, target: str, mode: str, allocated: Mapping[str, Iterable[str]]
) -> IllegalAction | None:
    """Why ``uid`` may not (now) be allocated to attack ``target``, or None."""
    unit = ctx.state.units[uid]
    side = ctx.side_of(uid)
    at = unit.at
    if at is None:
        return IllegalAction(CAPACITY, f"{uid} is not on the map")
    if unit.has(cn.DISRUPTED):
        return IllegalAction("DC: Disruption", f"{uid} is Disrupted and may not attack")
    if unit.has(cn.FORTIFYING):
        return IllegalAction(
            "DC: Fortifications", f"{uid} fortified this turn: it does nothing else"
        )
    if unit.has(cn.BONUS):
        return IllegalAction(
            "DC: Operational Movement (OMB)", f"{uid} used its bonus move: it may not attack"
        )
    if mode in ("blitz", "first") and not cn.is_german(ctx, uid):
        return IllegalAction(BLITZ, f"only German units attack in this phase, not {uid}")
    if mode == "proriv" and not cn.has(ctx, uid, "proriv"):
        return IllegalAction(BLITZ, f"{uid} is not a Siberian/white unit or 16. Army")
    board = ctx.board
    if target not in board or not board.adjacent(at, target) or not crossable(ctx, at, target):
        return IllegalAction(CAPACITY, f"{uid} in {at} is not next to {target} across land")
    occ = ctx.state.occupancy()
    if not attackable(ctx, side, occ, target):
        return IllegalAction(CAPACITY, f"{target} holds no enemy to attack")
    # "Russian units may not attack Axis units in Rumania" (an empty Axis victory city or
    # fortress there, which "must still be attacked to be taken", holds none)
    held = any(ctx.side_of(u) == cn.AXIS for u in occ.get(target, ()))
    closed = in_romania(ctx, target) and not ctx.state.get("romania_open")
    if side == cn.RUSSIAN and held and closed:
        return IllegalAction(
            FIRST_TURN, "Russian units may not attack Axis units in Rumania until attacked from it"
        )
    if side == cn.AXIS and in_romania(ctx, at):
        if ctx.options["axis_romania_attacks"] == "never":
            return IllegalAction(FIRST_TURN, "the Axis player chose never to attack from Rumania")
        if ctx.turn <= ctx.scenario.calendar.first:
            return IllegalAction(FIRST_TURN, "the Axis may not attack from Rumania on turn 1")
    group = attack_group(ctx, at, target, allocated.get(target, ()))
    return capacity_error(ctx, at, target, [*group, uid])


def attack_group(ctx: Context, origin: str, target: str, units: Iterable[str]) -> list[str]:
    """The units already attacking ``target`` that count against the capacity of a new
    attacker from ``origin``: those across the same hexside, or, against Kronshtadt, all of
    them (DC: Terrain Effects: "against Kronshtat only 1 non-tank/panzer unit may attack")."""
    if ctx.board.has(target, "kronshtadt"):
        return [u for u in units if ctx.state.units[u].at is not None]
    return [u for u in units if ctx.state.units[u].at == origin]


def must_attack(
    ctx: Context, attacks: Mapping[str, Iterable[str]], mode: str
) -> IllegalAction | None:
    """DC: Hex-Side Operational Attack Capacity: an UnDisrupted German army - or an
    UnDisrupted panzergruppe in clear terrain next to a clear hex of the attacking Russian
    units (:func:`_binding`) - next to both attacking Russian units and an Axis-occupied hex
    they attack must also be attacked, as equally as possible in
    firing points: no unit of the larger attack that could join the smaller one (it may
    attack there and the hexside capacity leaves room) may be worth less than the difference.
    The army binds only if one of those attackers may attack its hex (:func:`attack_error`:
    not across water, not into Rumania while closed)."""
    occ = ctx.state.occupancy()
    fire: dict[str, int] = {}  # the attacks' firing points, summed when first compared

    def points(t: str) -> int:
        if t not in fire:
            fire[t] = sum(cn.attack_factor(ctx, u) for u in attacks[t])
        return fire[t]

    for target, units in sorted(attacks.items()):
        if holder(ctx, occ, target) != cn.AXIS:
            continue  # an empty Axis city or fortress is not "Axis-occupied"
        origins = {ctx.state.units[u].at for u in units}
        for node in sorted_neighbours(ctx, target):
            if node in origins or holder(ctx, occ, node) != cn.AXIS:
                continue
            if not any(_binding(ctx, u, node, origins) for u in occ[node]):
                continue
            if not any(attack_error(ctx, u, node, mode, {}) is None for u in units):
                continue
            if node not in attacks:
                return IllegalAction(MUST, f"{node} must also be attacked (next to {target})")
            big, small = (target, node) if points(target) >= points(node) else (node, target)
            gap = points(big) - points(small)
            for u in attacks[big]:
                f = cn.attack_factor(ctx, u)
                if 0 < f < gap and attack_error(ctx, u, small, mode, attacks) is None:
                    return IllegalAction(
                        MUST, f"the attacks on {big} and {small} are not as equal as possible"
                    )
    return None


def _binding(ctx: Context, uid: str, node: str, origins: Collection[str | None]) -> bool:
    """Whether ``uid`` in ``node`` binds the Russians attacking from ``origins``: an
    UnDisrupted German army, or an UnDisrupted panzergruppe in clear terrain next to a clear
    hex the attacking Russians stand in. The clear hex is the attackers' own, as in the stop
    rule's "a clear terrain hex adjacent to an UnDisrupted Panzergruppe in a clear terrain hex"
    (reading, docs/rules/darkest.md: a clear hex taking no part in the attack does not count)."""
    if cn.disrupted(ctx, uid):
        return False
    if cn.is_german_army(ctx, uid):
        return True
    board = ctx.board
    if cn.is_panzergruppe(ctx, uid) and board.terrain(node) == "clear":
        return any(board.terrain(n) == "clear" for n in board.neighbours(node) if n in origins)
    return False
