"""The game turn (provisional: the text's sequence of play is lost). Reinforcements first
(hex edition), then in the order of the surviving fragments: strategic land movement,
strategic sea movement (DC2 B: after land movement), operational movement and combat; the
Axis player turn first, as in every Coatney game; the weather at the start of the month;
recovery at the end of each player turn; victory determination at the end of the turn.
"""

from __future__ import annotations

from wargames.core.sequence import Phase, Segment

from . import counters as cn


def player_turn(side: str, title: str) -> Phase:
    args = {"side": side}
    return Phase(
        f"{title} player turn",
        (
            Segment("arrivals", f"{title} reinforcements", args),
            Segment("strategic", f"{title} strategic land movement (DC2 A)", args),
            Segment("sea", f"{title} strategic sea movement (DC2 B)", args),
            Segment(
                "operational", f"{title} operational movement (DC2 Operational Movement)", args
            ),
            Segment("combat", f"{title} combat (DC2 Combat)", args),
            Segment("recover", f"{title} recovery", args),
        ),
    )


PHASES: tuple[Phase, ...] = (
    Phase("Weather", (Segment("weather", "the month's weather"),)),
    player_turn(cn.AXIS, "Axis"),
    player_turn(cn.SOVIET, "Soviet"),
    Phase("Victory determination", (Segment("victory", "victory determination"),)),
)
