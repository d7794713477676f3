"""Krim: the game turn: the monthly supply check, then the Soviet player turn and the Axis
player turn, each New Units, Operational Transfers, Movement (with sea movement, the Kerch
Straits and Mobile Assaults) and Combat (opposed landings first, then all barrages, then the
Prepared Assaults); the month-end supply check after the month's last couplet."""

from __future__ import annotations

from wargames.core.sequence import Phase, Segment

from . import counters as cn
from .calendar import month_ends, month_starts


def _player_turn(side: str) -> tuple[Phase, ...]:
    name = "Soviet" if side == cn.SOVIET else "Axis"
    enemy = cn.AXIS if side == cn.SOVIET else cn.SOVIET
    new_units = [Segment("arrivals", f"{name} reinforcements and replacements", {"side": side})]
    if side == cn.SOVIET:
        new_units += [
            Segment("begin-sea", "Soviet sea capacity"),
            Segment("qrb", "Soviet Quick Reaction Box", {"side": side}),
        ]
    else:
        new_units.append(Segment("axis-new-units", "Axis units enter", {"side": side}))
    combat = [Segment("begin-combat", f"{name} Combat Phase begins", {"side": side})]
    if side == cn.SOVIET:
        combat.append(Segment("landings", "opposed landings first"))
    combat += [
        Segment("barrages", f"{name} barrages", {"side": side}),
        Segment(
            "barrages", f"{'Axis' if enemy == cn.AXIS else 'Soviet'} barrages", {"side": enemy}
        ),
        Segment("assaults", f"{name} Prepared Assaults", {"side": side}),
        Segment("end-player-turn", f"{name} player turn ends", {"side": side}),
    ]
    return (
        Phase(f"{name} New Units Phase", tuple(new_units)),
        Phase(
            f"{name} Operational Transfers",
            (
                Segment("begin-optrans", "OpTrans eligibility", {"side": side}),
                Segment("optrans", f"{name} OpTrans", {"side": side}),
            ),
        ),
        Phase(
            f"{name} Movement Phase",
            (
                Segment("begin-movement", "movement begins"),
                Segment("movement", f"{name} movement", {"side": side}),
            ),
        ),
        Phase(f"{name} Combat Phase", tuple(combat)),
    )


PHASES: tuple[Phase, ...] = (
    Phase(
        "Supply Check", (Segment("month-start-supply", "operational supply", when=month_starts),)
    ),
    *_player_turn(cn.SOVIET),
    *_player_turn(cn.AXIS),
    Phase("Month end", (Segment("month-end-supply", "OOS units cut off", when=month_ends),)),
)
