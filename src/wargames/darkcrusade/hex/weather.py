"""DCH: Weather: the turn's weather (provisional Turn Record Track) and what it changes.

Mud: every attack one column down; Snow: Axis attacks one column down, Russian attacks one up
unless the defenders are in a city or town; Mud and Snow halve the OMF (down for the Axis, up
for the Russians); no road bonus in Mud and Light Mud; rivers, swamps and lakes freeze in Snow.
"""

from __future__ import annotations

from wargames.core.context import Context

from .charts import charts

GOOD, LIGHT_MUD, MUD, FROST, SNOW = "good", "light-mud", "mud", "hard-frost", "snow"


def weather(ctx: Context) -> str:
    return charts(ctx).weather[ctx.turn - 1]


def halves_omf(w: str) -> bool:
    """DCH: Weather: in Mud and Snow the OMF is halved."""
    return w in (MUD, SNOW)


def road_bonus(w: str) -> bool:
    """DCH: Weather: no road movement bonus in Mud and Light Mud."""
    return w not in (MUD, LIGHT_MUD)


def frozen(w: str) -> bool:
    """DCH: Weather: rivers, swamps and lakes freeze over and are nullified in Snow."""
    return w == SNOW


def column_shift(w: str, attacker: str, city_defence: bool) -> int:
    """DCH: Weather: Mud -1 for everyone; Snow -1 for the Axis, +1 for the Russians unless the
    defenders are in a city or town."""
    if w == MUD:
        return -1
    if w == SNOW:
        if attacker == "axis":
            return -1
        return 0 if city_defence else 1
    return 0


def overrun_weather(w: str, attacker: str) -> bool:
    """DCH: Armored Overrun: Good or Hard Frost, or Snow for the Russians."""
    return w in (GOOD, FROST) or (w == SNOW and attacker == "russian")
