"""What each Dark Crusade (hex) state variable holds (``Title.var_shapes``), so that a save's
``vars`` are checked field by field at load (``state.vars.battle.stage: expected 'reveal' or
...``) instead of failing, if at all, when the position is replayed.

Values are stored frozen (tuples, FrozenDict) and saved as JSON lists and tables; the shapes
accept both. Texts that a scenario's charts define (CRT codes, sea groups) are ``TEXT``: a
shape sees only the sides, the map and the units, not the scenario's charts.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from wargames.core.frame_args import (
    ALL,
    BOOL,
    INT,
    NODE,
    SIDE,
    TEXT,
    UNIT,
    Problem,
    Refs,
    Shape,
    list_of,
    literal,
    one_of,
    optional,
    record_of,
    table_of,
    text_where,
    tuple_of,
)

from .battle import Stage


def _is_fraction(text: str) -> bool:
    try:
        Fraction(text)
    except (ValueError, ZeroDivisionError):
        return False
    return True


FRACTION = text_where("a fraction as text, such as '3/2'", _is_fraction)
"""``Battle.need``: factors still to be lost, kept exact (``Battle.need_value``)."""

PROFILE = text_where(
    "a counter profile such as '2-3'", lambda t: re.fullmatch(r"\d+-\d+", t) is not None
)
"""A drawn counter's attack-defence (``counters.profile`` reads it)."""


def _empty(value: Any, refs: Refs, field: str) -> Problem:
    if isinstance(value, (list, tuple)) and not value:
        return None
    return (field, "expected an empty list")


EMPTY = Shape("an empty list", _empty)

WHEN = tuple_of(INT, INT, INT)
"""A moment of the turn: [turn, phase, segment]."""

BATTLE = record_of(
    {
        "target": NODE,
        "side": SIDE,  # the attacker
        "mode": literal("pre", "op", "break"),  # the segment's mode (DCH: Sequence A.2-A.5)
        "attackers": list_of(UNIT),
        "origins": list_of(NODE),  # the attackers' hexes
        "defenders": list_of(UNIT),  # with a weak division surviving a DE (DCH: DE)
        "stage": literal(*(s.value for s in Stage)),
        "no_retreat": BOOL,
        "forced": BOOL,
        "avoided": BOOL,
        "press": INT,  # columns pressed (DCH: Asymmetric Combat Odds)
        "radical": BOOL,  # pressed by the "more radical" method (best 3 up, lowest 3 down)
        "base": INT,  # CRT column index before shifts
        "shift": INT,
        "roll": INT,  # the die, 0 before it is rolled
        "rolled": TEXT,  # the CRT cell ("" before the roll); codes are the charts'
        "code": TEXT,  # the result carried out ("" before it is known)
        "defence": INT,  # the factor-modified defence
        "need": FRACTION,
        "retreat": INT,
        "extra": INT,
        "retreated": INT,
        "advanced": list_of(UNIT),
        "into": INT,  # attack factors advanced into the target
        "air": list_of(UNIT),  # air units committed (DCH: Close Air Support)
        "holding": list_of(UNIT),  # units under No Retreat! orders
        "blitz": BOOL,
        # DCH enhanced odds: [target column, fallback column, chance in sixths], or none
        "gamble": one_of(EMPTY, tuple_of(INT, INT, INT)),
        "limited": list_of(UNIT),  # attackers not in Full Supply at the attack (DCH: Supply)
    },
    required=ALL,  # the reader takes every field
)
"""The attack being resolved (:class:`.battle.Battle`, ``Battle.to_json``); None between
battles (``battle.save(ctx, None)``)."""

VAR_SHAPES: Mapping[str, Shape] = {
    # the attack being resolved (DCH: Sequence A.5 / B.5)
    "battle": optional(BATTLE),
    # attacks declared and not yet resolved: target hex -> attackers (DCH: General Rule)
    "allocations": table_of(list_of(UNIT), key=NODE),
    # Russian attacks resolved before movement this segment (DCH: General Rule in B.2)
    "early_attacks": list_of(
        record_of(
            {"when": WHEN, "target": NODE, "origins": list_of(NODE), "col": INT},
            required=("when", "target", "origins", "col"),
        )
    ),
    # where in the turn the last battle began: [turn, phase, segment] (DCH: Katyusha)
    "last_battle": WHEN,
    # the river hexside whose defence shift is ignored (DCH: Special First Turn Rules)
    "free_river": tuple_of(NODE, NODE),
    # the Axis attacked out of Rumania, so the Russians may attack it (Special First Turn)
    "romania_attacked": BOOL,
    # air unit -> its airfield hex when moved from its scenario base (DCH: Airfields)
    "airbases": table_of(NODE, key=UNIT),
    # air unit -> the player-turn it flies again (DCH: Air Notes, Shot Down / Intercepted)
    "grounded": table_of(INT, key=UNIT),
    # hexes Russian front air units struck this game-turn (DCH: Airstrike)
    "russian_strikes": record_of({"turn": INT, "hexes": list_of(NODE)}, required=("turn", "hexes")),
    # the Axis rail conversion units (DCH: Strategic Movement by Rail)
    "conversion": list_of(record_of({"at": NODE, "defended": BOOL}, required=("at", "defended"))),
    # rail hexes converted to the Axis gauge
    "converted": list_of(NODE),
    # the Axis rail heads (DCH: Supply)
    "railheads": list_of(NODE),
    # units moved by rail this phase (DCH: Strategic Movement by Rail)
    "railed": INT,
    # factory hex -> its evacuation (DCH: Strategic Movement, Factory Evacuation)
    "factories": table_of(
        record_of(
            {"state": literal("loading", "track", "siberia"), "turn": INT},
            required=("state", "turn"),
        ),
        key=NODE,
    ),
    # drawn counters: unit -> attack-defence (DCH: Hidden and/vs. Revealed Russian units)
    "profiles": table_of(PROFILE, key=UNIT),
    # drawn counters shown to both players
    "revealed": list_of(UNIT),
    # lost armies' counters back in the pile of the 42, by profile (DCH: Replacements)
    "lost_profiles": list_of(PROFILE),
    # the face-down mech group and its korps (DCH: Setup)
    "mech_group": literal("elite", "plain"),
    "mech_units": list_of(UNIT),
    # replacement banks (DCH: Russian Reinforcements and Replacements, Axis Replacements)
    "rifle_factors": INT,
    "tank_factors": INT,
    "panzer_factors": INT,
    # the Siberian Reserve has begun arriving (DCH: Siberian Reserve)
    "siberians_started": BOOL,
    # the Moscow collapse roll made for the current holding of Moscow (DCH: Victory)
    "moscow_rolled": BOOL,
    # sea groups each side used this game-turn (DCH: Strategic Movement by Sea); the group
    # names are the charts' (``sea.groups``)
    "sea_used": record_of(
        {"turn": INT, "axis": list_of(TEXT), "russian": list_of(TEXT)}, required=("turn",)
    ),
}
"""The shape of each state variable, by name (the title's ``Vocabulary.vars``)."""
