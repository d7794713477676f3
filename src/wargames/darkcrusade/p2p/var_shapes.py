"""What each of Dark Crusade 2nd edition's state variables holds (``Title.var_shapes``), so a
saved game's ``vars`` are checked field by field at load and play that stores anything else
fails the conformance kit. The line ledger (``lines``) is the kernel's own and not declared.
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

from .battle import Stage
from .replacements import ARMOUR, INFANTRY
from .weather import GOOD, MUD, SNOW

BATTLE = record_of(
    {
        "target": NODE,
        "side": SIDE,
        "attackers": list_of(tuple_of(UNIT, NODE)),
        "round": INT,
        "stage": literal(*(s.value for s in Stage)),
        "hits_a": INT,
        "hits_d": INT,
        "left": INT,
        "absorbing": one_of(SIDE, literal("")),
        "taken": list_of(tuple_of(UNIT, INT)),
        "rounds": INT,
        "gaps": list_of(NODE),
        "retreated": BOOL,
    },
    required=ALL,  # the reader takes every field
)
"""A battle in progress (:class:`.battle.Battle` as JSON; ``Battle.from_json`` reads every
field): ``side`` attacks ``target`` with ``attackers`` ([unit, point it attacks from]);
``round`` 0 is the air round (DC2 Combat A); ``stage`` the next stage; ``hits_a``/``hits_d``
the round's hits scored by the attacker/defender; ``absorbing`` the side taking hits now ("":
none) with ``left`` hits to go and ``taken`` the hits each unit took this round ([unit, n]);
``rounds`` the ground-round limit (0: none; ``charts.breakthrough_rounds`` in breakthrough
combat); ``gaps`` the points of attackers dispersed in a ground round, each open to one
substitute (Darkest Crusade, Disruption); ``retreated`` whether a defender retreated (the
advance is then voluntary)."""

VAR_SHAPES: Mapping[str, Shape] = {
    # DC2 Operational Movement: attacks committed this phase, resolved in the combat phase:
    # target point -> [[unit, point it attacks from], ...] (operational.commit, combat).
    "attacks": table_of(list_of(tuple_of(UNIT, NODE)), key=NODE),
    # DC2 Combat: the battle being fought (battle.save); None once it is over.
    "battle": optional(BATTLE),
    # Factory evacuation (filled gap): factory unit gone to Siberia -> the turn it left the map.
    "factory_track": table_of(INT, key=UNIT),
    # The hex edition's Moscow morale collapse: rolled for the Axis's present hold of Moscow
    # (victory.MoscowStep; false again once the Soviets hold it).
    "moscow_rolled": BOOL,
    # The turn of the first Snow weather (no Breakthrough Movement Phase then, DC2 Lines D).
    "first_snow": INT,
    # The October weather roll (hex edition Weather): November is the opposite.
    "october": literal(GOOD, MUD),
    # Replacements (filled gap): each side's factors in hand, infantry and armour
    # (replacements._store always writes both).
    "replacements": table_of(
        record_of({INFANTRY: INT, ARMOUR: INT}, required=(INFANTRY, ARMOUR)), key=SIDE
    ),
    # Siberian Reserve gamble (filled gap): the turn the Soviet player called them in early.
    "siberians_called": INT,
    # The month's weather (weather.WeatherStep; "october"/"november" in the chart are resolved).
    "weather": literal(GOOD, MUD, SNOW),
}
"""Every state variable of the title, by name, with its shape."""
