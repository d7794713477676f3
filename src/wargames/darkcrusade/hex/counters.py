"""What a Dark Crusade (hex) counter says: side, size (army, korps, division, regiment), arm
(panzer/tank, motorized, infantry/rifle, cavalry, parachute, katyusha), nationality, and its
attack and defence factors; plus the unit markers and boxes the rules use.

Hidden Russian rifle armies carry no factors of their own: their counter is drawn from the
pool at their first combat (:mod:`.hidden`) and the drawn profile is kept in ``vars.profiles``.
German armies and motorized korps have two steps: the strong (full) and weak side.
"""

from __future__ import annotations

from wargames.core.context import Context
from wargames.core.units import UnitDef, UnitState

AXIS = "axis"
RUSSIAN = "russian"
SIDES = (AXIS, RUSSIAN)

# Unit markers.
DISRUPTED = "disrupted"
LIMITED = "limited-supply"
ISOLATED = "isolated"
ENTRENCHED = "entrenched"
# Scoped markers (wargames.core.markers): names only, scoped by the caller.
MOVED = "moved"
ATTACKED = "attacked"
ALLOCATED = "allocated"
BONUS = "bonus"
DONE = "done"
HIT = "re-disrupted"
BLITZ = "blitz"
AIR_SUPPLIED = "air-supplied"

# Boxes.
ELIMINATED = "eliminated"
REINFORCEMENTS = "reinforcements"
SIBERIA = "siberia"
POOL = "pool"
WEAK_DIVISIONS = "weak-divisions"


def d(ctx: Context, uid: str) -> UnitDef:
    return ctx.unit_def(uid)


def is_axis(ctx: Context, uid: str) -> bool:
    return ctx.side_of(uid) == AXIS


def is_german(ctx: Context, uid: str) -> bool:
    return ctx.unit_def(uid).nationality == "german"


def is_ally(ctx: Context, uid: str) -> bool:
    """Axis allied (Romanian, Hungarian) units."""
    return is_axis(ctx, uid) and not is_german(ctx, uid)


def has(ctx: Context, uid: str, flag: str) -> bool:
    return flag in ctx.unit_def(uid).flags


def is_army(ctx: Context, uid: str) -> bool:
    return has(ctx, uid, "army")


def is_korps(ctx: Context, uid: str) -> bool:
    return has(ctx, uid, "korps")


def is_division(ctx: Context, uid: str) -> bool:
    return has(ctx, uid, "division")


def is_armour(ctx: Context, uid: str) -> bool:
    """Panzer/tank units (Russian mech korps are tank units)."""
    return has(ctx, uid, "panzer") or has(ctx, uid, "tank")


def is_mobile(ctx: Context, uid: str) -> bool:
    """DCH: Supply (Ploesti/Grozny): mobile = panzer/tank, motorized, katyusha."""
    return is_armour(ctx, uid) or has(ctx, uid, "motorized") or has(ctx, uid, "katyusha")


def is_infantry(ctx: Context, uid: str) -> bool:
    """Infantry-type units (terrain defence bonuses): infantry, rifle, shock armies and korps."""
    return (
        has(ctx, uid, "infantry")
        or has(ctx, uid, "rifle")
        or has(ctx, uid, "shock")
        or (is_army(ctx, uid) and not is_mobile(ctx, uid))
    )


def is_red(ctx: Context, uid: str) -> bool:
    """DCH: Recovery from Disruption: red-labeled Russian units (provisional: tank korps,
    parachute korps and Siberian shock armies carry the ``red`` flag)."""
    return has(ctx, uid, "red")


def no_stack(ctx: Context, uid: str) -> bool:
    """DCH: Stacking: airfields, katyushas, rail conversion units and cavalry do not count."""
    return has(ctx, uid, "no-stack") or has(ctx, uid, "cavalry")


def disrupted(ctx: Context, uid: str) -> bool:
    return ctx.state.units[uid].has(DISRUPTED)


def profile(ctx: Context, uid: str) -> tuple[int, int] | None:
    """A drawn counter's (attack, defence), or None if it has no drawn profile."""
    got = ctx.state.get("profiles", {}).get(uid)
    if got is None:
        return None
    a, _, b = str(got).partition("-")
    return int(a), int(b)


FACE_DOWN = 2
"""The factors a side counts for a drawn counter it may not see, in the checks made before the
counter fights (the 1:5 floor, the General Rule, overruns), so that what is legal never tells
the counter (provisional: DCH: Russian Reinforcements and Replacements, "Without seeing the
faced-down Russian army, it is assumed all are worth 2 factors")."""


def face_down(ctx: Context, uid: str, side: str) -> bool:
    """Whether ``uid`` carries a drawn counter ``side`` may not see: a re-hidden army (to both
    players), the face-down mech group (to the German)."""
    if uid not in ctx.state.get("profiles", {}) or uid in ctx.state.get("revealed", ()):
        return False
    return not (side == RUSSIAN and uid in ctx.state.get("mech_units", ()))


def attack_factor(ctx: Context, uid: str, view: str | None = None) -> int:
    """The unit's attack factor (as ``view``, a side, may know it: :data:`FACE_DOWN`)."""
    if view is not None and face_down(ctx, uid, view):
        return FACE_DOWN
    prof = profile(ctx, uid)
    if prof is not None:
        return prof[0]
    unit = ctx.state.units[uid]
    return int(ctx.unit_def(uid).attack_at(max(unit.steps, 1)))


def defence_factor(ctx: Context, uid: str, view: str | None = None) -> int:
    """The unit's defence factor (as ``view``, a side, may know it: :data:`FACE_DOWN`)."""
    if view is not None and face_down(ctx, uid, view):
        return FACE_DOWN
    prof = profile(ctx, uid)
    if prof is not None:
        return prof[1]
    unit = ctx.state.units[uid]
    return int(ctx.unit_def(uid).defence_at(max(unit.steps, 1)))


def omf(ctx: Context, uid: str) -> int:
    """DCH: Operational Movement Factors from the counter (the text's numbers per type)."""
    return int(ctx.unit_def(uid).movement[0])


def zoc_rank(ctx: Context, uid: str) -> int:
    """DCH: ZOCs, by the counter alone: 0 no movement-stopping ZOC (divisions and regiments:
    none beyond their own hex), 1 one only while UnDisrupted (other korps), 2 one even when
    Disrupted (armies and German korps)."""
    if not (is_army(ctx, uid) or is_korps(ctx, uid)):
        return 0
    return 2 if is_army(ctx, uid) or (is_german(ctx, uid) and is_korps(ctx, uid)) else 1


def has_zoc(ctx: Context, uid: str) -> bool:
    """DCH: ZOCs: whether the unit exerts a movement-stopping ZOC now (:func:`zoc_rank`)."""
    rank = zoc_rank(ctx, uid)
    return rank == 2 or (rank == 1 and not disrupted(ctx, uid))


def enemy(side: str) -> str:
    return RUSSIAN if side == AXIS else AXIS


def moved(unit: UnitState, at: str) -> UnitState:
    """``unit`` moved to ``at``: a unit that moves leaves its entrenchment (DCH: Sequence A.1,
    B.1 Entrenchment)."""
    return unit.moved_to(at).unmarked(ENTRENCHED)


def entrench(ctx: Context, side: str) -> None:
    """DCH: Sequence A.1 / B.1: UnDisrupted units' Entrenchment: every UnDisrupted unit of
    ``side`` on the map entrenches where it stands (until it moves)."""
    for u in ctx.units_of(side):
        if not u.has(DISRUPTED) and not u.has(ENTRENCHED) and not has(ctx, u.id, "air"):
            ctx.state.put(u.marked(ENTRENCHED))
