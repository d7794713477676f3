"""DC: Game-turn Sequence, exactly as listed: A. Axis Player-Turn (A.1-A.4), B. Russian
Player-Turn (B.1-B.5), with the first turn's extra German attack before moving and the weather
of the month at the start of the turn.
"""

from __future__ import annotations

from wargames.core.context import Context
from wargames.core.sequence import Phase, Segment

from . import counters as cn
from .weather import MUD, first_snow_turn, weather


def first_turn(ctx: Context) -> bool:
    return ctx.turn == ctx.scenario.calendar.first


def last_turn(ctx: Context) -> bool:
    return ctx.turn == ctx.scenario.calendar.last


def blitzkrieg(ctx: Context) -> bool:
    """DC: Blitzkrieg!: none in Mud or in the first Snow turn."""
    return weather(ctx) != MUD and not first_snow_turn(ctx)


def proriv(ctx: Context) -> bool:
    """DC: Sequence B.2.d: only if a Siberian/white unit or 16. Army is on the map."""
    return any(
        ctx.unit_def(u.id).has("proriv") and not u.has(cn.DISRUPTED)
        for u in ctx.units_of(cn.RUSSIAN)
    )


A, R = cn.AXIS, cn.RUSSIAN

PHASES: tuple[Phase, ...] = (
    Phase("Weather", (Segment("weather", "the month's weather"),)),
    Phase(
        "A.1 German Replacements, Reinforcements, Army Fortification, and Sea Movement",
        (
            Segment("german-reinforcements", "A.1 German reinforcements"),
            Segment("fortify", "A.1 army fortification"),
            Segment("sea-move", "A.1 Axis sea movement", {"side": A}),
        ),
    ),
    Phase(
        "First turn: German attacks before moving",
        (
            Segment("begin-phase", "first-turn attacks", {"side": A}, when=first_turn),
            Segment(
                "operations",
                "first-turn attack allocations",
                {"side": A, "mode": "first"},
                when=first_turn,
            ),
            Segment("begin-combat", "first-turn combat", when=first_turn),
            Segment(
                "combat",
                "first-turn combat resolution",
                {"side": A, "mode": "first", "rounds": 2},
                when=first_turn,
            ),
        ),
    ),
    Phase(
        "A.2 Operational Phases",
        (
            Segment("begin-phase", "A.2.a", {"side": A}),
            Segment(
                "operations",
                "A.2.a German operational movement and attack allocations",
                {"side": A, "mode": "op"},
            ),
            Segment(
                "recover",
                "A.2.b recovery of Russian black units not attacked",
                {"groups": ["russian-black"]},
            ),
            # on the first turn the Russians hit by the extra German attack stay re-Disrupted
            Segment("begin-combat", "A.2.c", {"keep_first_turn_hits": True}),
            Segment(
                "combat",
                "A.2.c German ground combat resolution (2 battle rounds)",
                {"side": A, "mode": "op", "rounds": 2},
            ),
            Segment(
                "recover",
                "A.2.c recovery of Russian brown units not re-Disrupted",
                {"groups": ["russian-other"]},
            ),
            Segment("begin-phase", "A.2.d", {"side": A}, when=blitzkrieg),
            Segment(
                "operations",
                "A.2.d Blitzkrieg! movement and attack allocations",
                {"side": A, "mode": "blitz"},
                when=blitzkrieg,
            ),
            Segment(
                "combat",
                "A.2.d Blitzkrieg! combat (1 battle round)",
                {"side": A, "mode": "blitz", "rounds": 1},
                when=blitzkrieg,
            ),
            Segment("recover", "A.2.e recovery of German units", {"groups": ["german"]}),
        ),
    ),
    Phase("A.3 Axis Supply Status Determination", (Segment("supply", "A.3", {"side": A}),)),
    Phase(
        "A.4 Russian Victory Determination in Game Turn 9",
        (Segment("russian-vdp", "A.4", when=last_turn),),
    ),
    Phase(
        "B.1 Russian Replacements, Reinforcements, Shock Army Emplacement, and Sea Movement",
        (
            Segment("end-axis-turn", "B"),
            Segment(
                "russian-admin",
                "B.1 voluntary eliminations, 16. Army, shock armies, factories, Siberians",
            ),
            Segment("arrivals", "B.1 production and arrivals"),
            Segment("replace", "B.1 replacements and reinforcements"),
            Segment("sea-move", "B.1 Russian sea movement", {"side": R}),
        ),
    ),
    Phase(
        "B.2 Operational Phases",
        (
            Segment("begin-phase", "B.2.a", {"side": R}),
            Segment(
                "operations",
                "B.2.a Russian operational movement and attack allocations",
                {"side": R, "mode": "op"},
            ),
            Segment(
                "recover",
                "B.2.b recovery of Rumanian units not attacked",
                {"groups": ["romanian-free"]},
            ),
            Segment("begin-combat", "B.2.c"),
            Segment(
                "combat",
                "B.2.c Russian ground combat resolution (2 battle rounds)",
                {"side": R, "mode": "op", "rounds": 2},
            ),
            Segment(
                "recover",
                "B.2.c recovery of Rumanian units not re-Disrupted",
                {"groups": ["romanian-hit"]},
            ),
            Segment("begin-phase", "B.2.d", {"side": R}, when=proriv),
            Segment(
                "operations",
                "B.2.d Proriv! movement and attack allocations",
                {"side": R, "mode": "proriv"},
                when=proriv,
            ),
            Segment(
                "combat",
                "B.2.d Proriv! combat (1 battle round)",
                {"side": R, "mode": "proriv", "rounds": 1},
                when=proriv,
            ),
        ),
    ),
    Phase("B.3 Russian Supply Status Determination", (Segment("supply", "B.3", {"side": R}),)),
    Phase(
        "B.4 Recovery from Disruption of Red-Marked Russian Units",
        (Segment("recover", "B.4", {"groups": ["russian-red"]}),),
    ),
    Phase("B.5 German Victory Determination", (Segment("german-vdp", "B.5"),)),
)
