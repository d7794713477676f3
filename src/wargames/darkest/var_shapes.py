"""What each Darkest Crusade state variable holds (``Title.var_shapes``), checked field by
field when a save is loaded and by the conformance kit over every position of play.

The battle record ``battle`` is declared with exactly the fields and value kinds that
:meth:`.battle_record.Battle.from_json` and :func:`.battle_record.battle` read, so the load
check and the title's own reader (``validate_state``) agree on what a saved battle may be
and both name the same ``state.vars.battle.<field>``.
"""

from __future__ import annotations

from collections.abc import Mapping

from wargames.core.frame_args import (
    ALL,
    BOOL,
    INT,
    NODE,
    SIDE,
    UNIT,
    Shape,
    list_of,
    literal,
    one_of,
    optional,
    record_of,
    table_of,
    tuple_of,
)

from .battle_record import HIT_KEYS, Stage
from .counters import AXIS, RUSSIAN
from .operations import MODE
from .weather import GOOD, MUD, SNOW

_LEDGER_ROW = tuple_of(INT, INT, INT)
"""Per firing side: hits scored, absorbed and left over."""

BATTLE = record_of(
    {
        "target": NODE,  # the hex attacked
        "side": SIDE,  # the attacking side
        "mode": MODE,  # the operational phase's kind
        "rounds": INT,
        "attackers": list_of(UNIT),
        "from": list_of(NODE),  # Battle.sources: the hexes the attack came from
        "origin": table_of(NODE, key=UNIT),  # each attacker's hex
        "defended": BOOL,
        "defence0": INT,  # the defenders' unmodified firepower at the start
        "round": INT,
        "stage": literal(*(s.value for s in Stage)),
        "gaps": list_of(NODE),  # hexes a replacement may fill during the battle
        "press": INT,  # DC: German Pressed Attack: columns pressed
        # this round's hits by "attack" and "defence" (the battle reads both)
        "hits": record_of(dict.fromkeys(HIT_KEYS, INT), required=ALL),
        "left": INT,  # hits still to absorb
        "taken": table_of(INT, key=UNIT),  # hits each unit absorbed in this fire
        "capacity": table_of(INT, key=UNIT),  # their hit factors when it began
        "absorbing": optional(literal(*HIT_KEYS)),  # whose hits are being absorbed
        "city_used": INT,
        "capture_hits": INT,
        "captured": BOOL,
        "retreated": BOOL,
        "advanced": list_of(UNIT),
        "into": list_of(UNIT),  # attackers that advanced into the cleared hex
        "ignore_river": INT,  # DC: Special 1st Turn Rules: river hexsides ignored
        "ledger": record_of({AXIS: _LEDGER_ROW, RUSSIAN: _LEDGER_ROW}, required=(AXIS, RUSSIAN)),
    },
    required=ALL,  # the reader takes every field
)
"""DC: Ground Combat: the battle being fought (:class:`.battle_record.Battle` as JSON)."""

FACTORY = record_of(
    {"state": literal("active", "evacuating", "calendar", "relocated"), "turn": INT},
    required=("state", "turn"),
)
"""DC: Tank Factory Evacuation: a factory's state and the turn it entered it (``calendar``:
the turn it becomes productive again)."""

VAR_SHAPES: Mapping[str, Shape] = {
    # DC: Hex-Side Operational Attack Capacity: allocated attacks, target hex -> attackers
    "attacks": table_of(list_of(UNIT), key=NODE),
    # DC: Ground Combat: the battle being fought; None once it is over
    "battle": optional(BATTLE),
    # DC: Fortresses ...: major city -> (the turn it was last defended, the side defending it)
    "defended": table_of(tuple_of(INT, SIDE), key=NODE),
    # DC: Siberian Reserve Gamble: the Siberian units that arrive this turn
    "due": list_of(UNIT),
    # DC: Tank Factory Evacuation: factory hex -> its state
    "factories": table_of(FACTORY, key=NODE),
    # DC: Secret, Nonhistorical Russian Setup: Russian units the Axis does not see
    "hidden": list_of(UNIT),
    # DC: Russian Replacements: infantry factors this turn
    "inf_pool": INT,
    # DC: Weather: the October roll (November is Good after a Muddy October)
    "october": literal(GOOD, MUD),
    # DC: Russian Replacements: the hexes that received a replacement this turn, by kind
    "placed": list_of(tuple_of(NODE, literal("tank", "inf"))),
    # DC: Special 1st Turn Rules: the hex of the battle that ignored a river hexside
    "river_ignored": NODE,
    # DC: Special 1st Turn Rules: an Axis attack from Rumania has been made
    "romania_open": BOOL,
    # DC: Siberian Reserve Gamble: the turn the Siberians were called, None before
    "siberians": one_of(INT, literal(None)),
    # DC: Weather: the Snow turns so far (the first one is special)
    "snow_turns": INT,
    # DC: Russian Replacements: accumulated tank factors
    "tank_pool": INT,
    # DC: Secret, Nonhistorical Russian Setup: the units still to set up, in order
    "to_place": list_of(UNIT),
    # DC: Weather: this turn's weather
    "weather": literal(GOOD, MUD, SNOW),
}
"""Every Darkest Crusade state variable and its shape (the vocabulary's ``vars``)."""
