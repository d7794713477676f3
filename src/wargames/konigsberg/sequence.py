"""The sequence of play (K45 1.0): the turn as phases and segments, and the rule steps."""

from __future__ import annotations

from wargames.core.context import Context
from wargames.core.sequence import Phase, Segment, Step

from .air import AirReturnRoll, GroundedRefit, RefitReturn
from .barrage import Barrage, BarrageDice, BarrageRoll, FirstTurnBarrage
from .combat import (
    AdvanceStep,
    BuildAttack,
    Combat,
    CombatRoll,
    LoseStep,
    RetreatStart,
    RetreatStep,
)
from .command import Activate, ChooseHQ, CommandPhase, Draw, PickIndependents
from .events import EventRoll, RandomEvent
from .movement import Movement
from .reinforcements import (
    Arrive,
    HQRemoval,
    PlaceReinforcement,
    Reinforce,
    ReinforcementMove,
    Replacements,
)
from .special import ActionChit, Refugees, TurnAdvance, VolksturmDeployment, VolksturmReturn
from .stacking import HQRetreat, PhaseEndStacking
from .supply import SupplyPhase
from .victory import SuddenDeath


def first_turn(ctx: Context) -> bool:
    """K45 1.0a: the barrage phase is played on the first turn only."""
    return ctx.turn == ctx.scenario.calendar.first


PHASES: tuple[Phase, ...] = (
    Phase("barrage phase", (Segment("first-turn-barrage", "barrage", when=first_turn),)),
    Phase(
        "air unit phase",
        (
            Segment("refit-return", "refitted unit return segment"),
            Segment("grounded-refit", "grounded unit refitting segment"),
        ),
    ),
    Phase(
        "reinforcement phase",
        (
            Segment("reinforce", "reinforcement segment"),
            Segment("hq-removal", "reinforcement segment: HQ removal"),
            Segment("reinforce-move", "German reinforcement movement", {"side": "german"}),
            Segment("reinforce-move", "Soviet reinforcement movement", {"side": "soviet"}),
            Segment("replacements", "Soviet replacements", {"side": "soviet"}),
            Segment("replacements", "German replacements", {"side": "german"}),
            Segment("volksturm", "Volksturm deployment segment"),
            Segment("refugees", "refugee deployment segment", {"stage": "place"}),
        ),
    ),
    Phase("command phase", (Segment("command", "command segment"),)),
    Phase("supply phase", (Segment("supply", "supply phase"),)),
    Phase(
        "end of turn phase",
        (
            Segment("volksturm-return", "Volksturm return segment"),
            Segment("sudden-death", "sudden death victory segment"),
            Segment("turn-advance", "turn advance segment"),
        ),
    ),
)

STEPS: tuple[Step, ...] = (
    FirstTurnBarrage(),
    BarrageDice(),
    Barrage(),
    BarrageRoll(),
    RefitReturn(),
    AirReturnRoll(),
    GroundedRefit(),
    Reinforce(),
    Arrive(),
    PlaceReinforcement(),
    HQRemoval(),
    ReinforcementMove(),
    PhaseEndStacking(),
    HQRetreat(),
    Replacements(),
    VolksturmDeployment(),
    Refugees(),
    CommandPhase(),
    Draw(),
    ChooseHQ(),
    Activate(),
    PickIndependents(),
    ActionChit(),
    RandomEvent(),
    EventRoll(),
    Movement(),
    Combat(),
    BuildAttack(),
    CombatRoll(),
    LoseStep(),
    RetreatStart(),
    RetreatStep(),
    AdvanceStep(),
    SupplyPhase(),
    VolksturmReturn(),
    SuddenDeath(),
    TurnAdvance(),
)
