"""What Darkest Crusade's counters print: the two factors of the side showing (a shock army
on its stronger side shows those, DC: Shock Army Emplacement)."""

from __future__ import annotations

import attrs

from wargames.core.context import Context
from wargames.core.counters import Counter, default_counter

from .counters import factors


def counter(ctx: Context, uid: str, side: str | None) -> Counter:
    """DC: Ground Combat: the counter's first and second factors, as it lies."""
    first, second = factors(ctx, uid)
    return attrs.evolve(default_counter(ctx, uid, side), values=f"{first}-{second}")
