"""What a Darkest Crusade counter says: its one or two combat factors, kind, colour and side.

A scenario unit gives its first factor as ``attack`` and its second as ``defence`` (a
single-factor unit gives the same number twice). Flags name the kind (``army``,
``panzergruppe``, ``armour``, ``infantry``, ``mech``, ``shock``, ``siberian``, ``proriv``) and,
for Russian units, the colour that decides when they recover (``brown``, ``black``, ``red``,
``white``). Shock armies carry their stronger side in ``values.strong``.
"""

from __future__ import annotations

from collections.abc import Sequence

from wargames.core.context import Context
from wargames.core.units import UnitState

AXIS = "axis"
RUSSIAN = "russian"
SIDES = (AXIS, RUSSIAN)

# Unit markers (UnitState.markers).
DISRUPTED = "disrupted"
MOVED = "moved"  # operationally moved this phase
DONE = "done"  # has had its orders this phase
BONUS = "bonus"  # used the Operational Movement Bonus: may not attack
ATTACKING = "attacking"  # allocated to an attack not yet resolved
ATTACKED = "attacked"  # has attacked this phase
HIT = "hit"  # received a hit in this combat phase (re-Disrupted)
FORTIFIED = "fortified"
FORTIFYING = "fortifying"  # fortified this turn: does nothing else
STRONG = "strong"  # a shock army on its stronger side
UNSUPPLIED = "unsupplied"
PHASE_MARKERS = (MOVED, DONE, BONUS, ATTACKED)

# Boxes.
ELIMINATED = "eliminated"  # may come back as a replacement
LOST = "lost"  # irreplaceable
REINFORCEMENTS = "reinforcements"
SIBERIAN = "siberian"


def factors(ctx: Context, uid: str, state: UnitState | None = None) -> tuple[int, int]:
    """DC: Ground Combat: the counter's (first, second) factors; a shock army on its stronger
    side uses those (DC: Shock Army Emplacement)."""
    unit = state or ctx.state.units[uid]
    d = ctx.unit_def(uid)
    if unit.has(STRONG):
        strong = d.values.get("strong")
        if isinstance(strong, (list, tuple)) and len(strong) == 2:
            return int(strong[0]), int(strong[1])
    return int(d.attack[0]), int(d.defence[0])


def attack_factor(ctx: Context, uid: str) -> int:
    """DC: Ground Combat: the first factor is for firing on attack."""
    return factors(ctx, uid)[0]


def defence_factor(ctx: Context, uid: str) -> int:
    """DC: Ground Combat: the largest factor is for defence."""
    return max(factors(ctx, uid))


def hit_factor(ctx: Context, uid: str) -> int:
    """DC: Ground Combat / Disruption: the second factor is the hits a unit absorbs and is
    only Disrupted; one more eliminates it (a 0 second factor: a single hit)."""
    return factors(ctx, uid)[1]


def value(ctx: Context, uid: str) -> int:
    """DC: Russian Replacements: a unit's replacement value is its largest combat factor."""
    d = ctx.unit_def(uid)
    return max(int(d.attack[0]), int(d.defence[0]))


def has(ctx: Context, uid: str, flag: str) -> bool:
    return ctx.unit_def(uid).has(flag)


def homes(ctx: Context, uid: str) -> tuple[str, ...]:
    """DC: Secret ... Setup: the lands (map features) a unit may start in when its nationality's
    own is not the whole answer (``values.homes``: 11. A may instead start in Germany)."""
    got = ctx.unit_def(uid).values.get("homes", ())
    return tuple(str(h) for h in got)


def nationality(ctx: Context, uid: str) -> str:
    return ctx.unit_def(uid).nationality


def is_german(ctx: Context, uid: str) -> bool:
    return nationality(ctx, uid) == "german"


def is_german_army(ctx: Context, uid: str) -> bool:
    """A German (infantry) army: the Russian stop rule, the must-attack rule, fortification."""
    return is_german(ctx, uid) and has(ctx, uid, "army")


def is_panzergruppe(ctx: Context, uid: str) -> bool:
    return is_german(ctx, uid) and has(ctx, uid, "panzergruppe")


def is_armour(ctx: Context, uid: str) -> bool:
    """Panzer and tank units (panzergruppen, panzer korps, mechanized/tank korps)."""
    return has(ctx, uid, "armour")


def is_army_class(ctx: Context, uid: str) -> bool:
    """DC: Hex-Side Operational Attack Capacity: 'armies or panzergruppe'."""
    return has(ctx, uid, "army") or has(ctx, uid, "panzergruppe")


def disrupted(ctx: Context, uid: str) -> bool:
    return ctx.state.units[uid].has(DISRUPTED)


def colour(ctx: Context, uid: str) -> str:
    for c in ("brown", "black", "red", "white"):
        if has(ctx, uid, c):
            return c
    return ""


MIXING = frozenset({"hungarian", "romanian"})
"""DC: Operational Movement: the nationalities that may not share a hex."""


def mixes(ctx: Context, uid: str, others: Sequence[str]) -> bool:
    """DC: Operational Movement: Hungarian and Rumanian units may not be in the same hex."""
    mine = nationality(ctx, uid)
    if mine not in MIXING:
        return False
    return any(nationality(ctx, o) in MIXING - {mine} for o in others)
