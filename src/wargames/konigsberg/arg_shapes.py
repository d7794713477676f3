"""The shapes of K45 frame arguments that several steps share (``Step.args``,
:mod:`wargames.core.frame_args`): a Front, a barrage's scope, an air unit's mission, a refugee
counter."""

from __future__ import annotations

import re
from typing import Any

from wargames.core.frame_args import Problem, Refs, Shape, literal

FRONT = literal("", "2BR", "3BR")
"""A Soviet Front (K45 0.7a, 2.1c), or "" for none (a German or a random event's barrage)."""

SCOPE = literal("within2", "front", "adjacent")
"""K45 1.0a, 0.7a, random events 4 and 11: which enemy units a barrage may target."""

MISSIONS = ("full", "normal")  # K45 13.1, 13.1a


def _air_mission(value: Any, refs: Refs, field: str) -> Problem:
    uid, _, how = value.partition(":") if isinstance(value, str) else ("", "", "")
    if uid in refs.units and how in MISSIONS:
        return None
    return (
        field,
        f"expected an air unit and its mission (unit:full or unit:normal), got {value!r}",
    )


AIR_MISSION = Shape("an air unit and its mission", _air_mission)
"""K45 13.1: an air unit in an attack and how it flies, ``"<unit>:full"`` or ``"<unit>:normal"``."""


def _refugee(value: Any, refs: Refs, field: str) -> Problem:
    if isinstance(value, str) and re.fullmatch(r"R[1-9][0-9]*", value):
        return None
    return (field, f"expected a refugee counter (R1, R2, ...), got {value!r}")


REFUGEE = Shape("a refugee counter", _refugee)
"""K45 12.2: a refugee counter, ``R1`` ... ``Rn``."""
