"""DCH: GAME-TURN SEQUENCE, with its asymmetry: A. German Player-Turn (A.1-A.9), B. Russian
Player-Turn (B.1-B.8); the weather of the turn first; the blind choice of the face-down mech
group before the first turn."""

from __future__ import annotations

from wargames.core.context import Context
from wargames.core.sequence import Phase, Segment

from . import counters as cn


def first_turn(ctx: Context) -> bool:
    return ctx.turn == ctx.scenario.calendar.first


def free_setup(ctx: Context) -> bool:
    """DCH: Setup: the free set-up (scenario option ``free_setup``) before the first turn."""
    return bool(ctx.options.get("free_setup", False)) and first_turn(ctx)


A, R = cn.AXIS, cn.RUSSIAN

PHASES: tuple[Phase, ...] = (
    Phase(
        "Set-up",
        (
            Segment("mech-group", "the face-down mech group", when=first_turn),
            # DCH: Setup, with the free set-up option: the Russian arrays, then the Germans
            Segment("free-setup", "Russian free set-up", {"side": R}, when=free_setup),
            Segment("free-setup", "German free set-up", {"side": A}, when=free_setup),
        ),
    ),
    Phase("Weather", (Segment("weather", "the turn's weather"),)),
    Phase(
        "A.1 Reinforcements, Replacements, Flipping, Rail Movement and Rail Conversion",
        (
            Segment("axis-admin", "A.1 reinforcements, armies to strong side, rail heads"),
            Segment("panzer-replacements", "A.1 panzer replacements", {"side": A}),
            Segment("rail", "A.1 Axis strategic/rail movement", {"side": A}),
            Segment("sea", "A.1 Axis strategic movement by sea", {"side": A}),
            Segment("rail-conversion", "A.1 Axis rail conversion markers (3 hexes)"),
            # DCH: Airfields: for the Axis, after the rail conversion marker is moved
            Segment("airfields", "A.1 positioning of Luftwaffe airfields", {"side": A}),
        ),
    ),
    Phase(
        "A.2 German Attacks before Operational Movement",
        (Segment("early-attacks", "A.2", {"side": A, "mode": "pre"}),),
    ),
    Phase(
        "A.3 Operational Movement and Attack Allocations",
        (Segment("operations", "A.3", {"side": A, "mode": "op"}),),
    ),
    Phase(
        "A.4 Recovery of non-red Russian units not attacked",
        (Segment("recover", "A.4", {"group": "russian-other", "unattacked": True}),),
    ),
    Phase(
        "A.5 Ground Combat Resolution",
        (Segment("combat", "A.5", {"side": A, "mode": "op"}),),
    ),
    Phase(
        "A.6 German Operational Breakthrough",
        (
            Segment("operations", "A.6 (OMF -2, OMB 2)", {"side": A, "mode": "break"}),
            Segment(
                "recover",
                "A.6 step 4 repeated",
                {"group": "russian-other", "unattacked": True},
            ),
            Segment("combat", "A.6 combat", {"side": A, "mode": "break"}),
        ),
    ),
    Phase("A.7 Russian Victory Determination", (Segment("russian-vdp", "A.7"),)),
    Phase(
        "A.8 Supply Status Determination (German)",
        (
            Segment("air-supply", "A.8 air supply", {"side": A}),
            Segment("supply", "A.8", {"side": A}),
        ),
    ),
    Phase("A.9 Recovery of German units", (Segment("recover", "A.9", {"group": "german"}),)),
    Phase(
        "B.1 Reinforcements, Replacements, Siberians, Rail Movement",
        (
            Segment("russian-admin", "B.1 arrivals and replacements"),
            Segment("siberians", "B.1 Siberian Reserve"),
            Segment("rehide", "B.1 re-hiding revealed armies"),
            Segment("evacuate", "B.1 factory evacuation"),
            Segment("rail", "B.1 Russian strategic/rail movement", {"side": R}),
            Segment("sea", "B.1 Russian strategic movement by sea", {"side": R}),
            Segment("russian-entrench", "B.1 UnDisrupted units' Entrenchment"),
            Segment("airfields", "B.1 airfield relocation", {"side": R}),
        ),
    ),
    Phase(
        "B.2 Russian Attacks before Operational Movement",
        (Segment("early-attacks", "B.2", {"side": R, "mode": "pre"}),),
    ),
    Phase(
        "B.3 Russian Operational Movement and Attack Allocations",
        (Segment("operations", "B.3", {"side": R, "mode": "op"}),),
    ),
    Phase(
        "B.4 Recovery of Axis allied units not attacked",
        (Segment("recover", "B.4", {"group": "allied", "unattacked": True}),),
    ),
    Phase(
        "B.5 Ground Combat Resolution, then the Russian Proriv!",
        (
            Segment("combat", "B.5", {"side": R, "mode": "op"}),
            # DCH: Blitzkrieg/Proriv: "a player may move and attack with some units and then
            # after those battles have been resolved move and attack with any of his units
            # which have not yet moved" (OMF -2, OMB 3 in the Proriv! phase); B.4 repeated
            Segment("operations", "Proriv! (OMF -2, OMB 3)", {"side": R, "mode": "break"}),
            Segment(
                "recover",
                "Proriv! step 4 repeated",
                {"group": "allied", "unattacked": True},
            ),
            Segment("combat", "Proriv! combat", {"side": R, "mode": "break"}),
        ),
    ),
    Phase(
        "B.6 Supply Status Determination (Russian)",
        (
            Segment("air-supply", "B.6 air supply", {"side": R}),
            Segment("supply", "B.6", {"side": R}),
        ),
    ),
    Phase("B.7 German Victory Determination", (Segment("german-vdp", "B.7"),)),
    Phase(
        "B.8 Recovery of red-lettered units", (Segment("recover", "B.8", {"group": "russian-red"}),)
    ),
)
