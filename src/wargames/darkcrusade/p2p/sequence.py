"""The game turn (provisional: the text's sequence of play is lost). Reinforcements and
replacements first (hex edition; the Soviets may call the Siberians sooner before their
reinforcements, eliminate units voluntarily at the start of their replacement phase, Darkest
Crusade, and entrain factories after their replacements), then in the order of the
surviving fragments: strategic land movement, strategic sea movement (DC2 B: after land
movement), operational movement and combat; the Axis player turn first, as in every Coatney
game; the weather at the start of the month; recovery at the end of each player turn; victory
determination at the end of the turn; the Moscow morale-collapse check (hex edition) after
each movement and combat segment. The Axis has a Breakthrough Movement Phase (named in DC2
Lines D, its text lost) after combat: the hex edition's Blitzkrieg! (panzers move and attack,
others attack without moving, one battle round; none in Mud or the first Snow turn).
"""

from __future__ import annotations

from wargames.core.sequence import Phase, Segment

from . import counters as cn
from .operational import BREAKTHROUGH
from .weather import breakthrough_phase

MOSCOW = "Moscow morale collapse (hex edition victory conditions)"


def player_turn(side: str, title: str) -> Phase:
    args = {"side": side}
    breakthrough: tuple[Segment, ...] = ()
    if side == cn.AXIS:
        breakthrough = (
            Segment(
                "operational",
                "Axis breakthrough movement (DC2 Lines D; the hex edition's Blitzkrieg!)",
                {"side": side, "mode": BREAKTHROUGH},
                when=breakthrough_phase,
            ),
            Segment("moscow", MOSCOW, when=breakthrough_phase),
            Segment(
                "combat",
                "Axis breakthrough combat (1 round)",
                {"side": side, "mode": BREAKTHROUGH},
                when=breakthrough_phase,
            ),
            Segment("moscow", MOSCOW, when=breakthrough_phase),
        )
    soviet: tuple[Segment, ...] = ()
    evacuate: tuple[Segment, ...] = ()
    disband: tuple[Segment, ...] = ()
    if side == cn.SOVIET:
        soviet = (Segment("siberians", "Siberian Reserve gamble (filled gap)", args),)
        disband = (Segment("disband", "voluntary elimination (filled gap: Darkest Crusade)", args),)
        evacuate = (Segment("evacuate", "factory evacuation (filled gap)", args),)
    return Phase(
        f"{title} player turn",
        (
            *soviet,
            Segment("arrivals", f"{title} reinforcements", args),
            *disband,
            Segment("replacements", f"{title} replacements (filled gap)", args),
            *evacuate,
            Segment("strategic", f"{title} strategic land movement (DC2 A)", args),
            Segment("sea", f"{title} strategic sea movement (DC2 B)", args),
            Segment(
                "operational", f"{title} operational movement (DC2 Operational Movement)", args
            ),
            Segment("moscow", MOSCOW),
            Segment("combat", f"{title} combat (DC2 Combat)", args),
            Segment("moscow", MOSCOW),
            *breakthrough,
            Segment("recover", f"{title} recovery", args),
        ),
    )


PHASES: tuple[Phase, ...] = (
    Phase("Weather", (Segment("weather", "the month's weather"),)),
    player_turn(cn.AXIS, "Axis"),
    player_turn(cn.SOVIET, "Soviet"),
    Phase("Victory determination", (Segment("victory", "victory determination"),)),
)
