"""What a Dark Crusade (2nd edition) counter says and the markers a unit carries.

A scenario unit gives its fire factors as ``attack`` and ``defence``, the hits it absorbs
before elimination as ``values.hits`` (default 1), its line weight and kind as ``line``
(DC2 Lines B-C) and its kind as flags: ``armour``, ``breakthrough`` (German units capable of
breakthrough movement), ``major-infantry`` (armies and corps for the fortress rules), ``air``,
``hq``, ``rocket``, ``partisan``, ``factory`` and ``irreplaceable-unsupplied`` (the 16th Army:
irreplaceable if eliminated out of supply, :mod:`.casualties`).
"""

from __future__ import annotations

from wargames.core.context import Context

AXIS = "axis"
SOVIET = "soviet"
SIDES = (AXIS, SOVIET)

DISPERSED = "dispersed"
ENTRAINED = "entrained"  # a factory unit loaded for evacuation
MOVED = "moved"  # scoped to the phase: moved (or committed to an attack) this phase
STRATEGIC = "strategic"  # scoped to the player turn: moved by strategic land movement
ACTED = "acted"  # scoped to the player turn: moved or attacked in operational movement

ELIMINATED = "eliminated"  # box of eliminated units
LOST = "lost"  # box of irreplaceable eliminated units (casualties.eliminate)
IRREPLACEABLE_UNSUPPLIED = "irreplaceable-unsupplied"  # flag: lost if eliminated unsupplied


def has(ctx: Context, uid: str, flag: str) -> bool:
    return ctx.unit_def(uid).has(flag)


def dispersed(ctx: Context, uid: str) -> bool:
    return ctx.state.units[uid].has(DISPERSED)


def is_armour(ctx: Context, uid: str) -> bool:
    return has(ctx, uid, "armour")


def is_german(ctx: Context, uid: str) -> bool:
    return ctx.unit_def(uid).nationality == "german"


def is_air(ctx: Context, uid: str) -> bool:
    return has(ctx, uid, "air")


def fragile(ctx: Context, uid: str) -> bool:
    """DC2 Operational Movement: partisans and entrained factories are destroyed by an enemy
    unit entering their point."""
    unit = ctx.state.units[uid]
    return has(ctx, uid, "partisan") or (has(ctx, uid, "factory") and unit.has(ENTRAINED))


def immobile(ctx: Context, uid: str) -> bool:
    """Factories move only by evacuation (the hex edition's Factory Evacuation); partisans do
    not move (reading: the text only has them on points, destroyed when entered)."""
    return has(ctx, uid, "factory") or has(ctx, uid, "partisan")


def attack_factor(ctx: Context, uid: str) -> int:
    return int(ctx.unit_def(uid).attack_at(1))


def defence_factor(ctx: Context, uid: str) -> int:
    return int(ctx.unit_def(uid).defence_at(1))


def hit_factor(ctx: Context, uid: str) -> int:
    """Hits the unit absorbs in one round before it is eliminated (``values.hits``)."""
    return int(ctx.unit_def(uid).values.get("hits", 1))
