"""What each of Krim's state variables holds (``Title.var_shapes``): a save whose variable has
another shape is refused at load naming the field, and the conformance kit fails play that
sets a variable outside these declarations.

Every name is declared exactly (no ``krim-*`` catch-all), so a new variable must be declared
here before play may set it.
"""

from __future__ import annotations

from collections.abc import Mapping

from wargames.core.frame_args import BOOL, NODE, NUMBER, UNIT, Shape, list_of, table_of

from .assault import ATTACKED_THIS_PHASE
from .barrage import BARRAGED
from .battle import LANDING
from .movement import MOVED_ANY
from .optrans import ELIGIBLE
from .optrans import STARTED as OPTRANS_STARTED
from .sea import USED

VAR_SHAPES: Mapping[str, Shape] = {
    # Krim: Soviet Sea Movement / Sea Transfers come before any other movement: whether
    # anything has moved this Movement Phase (reset by begin-movement)
    MOVED_ANY: BOOL,
    # Krim: Soviet Sea Movement: the divisions moved by sea this Soviet player turn, against
    # the five-division capacity; a sum of division weights (charts.sea.weights), so a float (reset
    # to 0.0 by begin-sea)
    USED: NUMBER,
    # Krim: Opposed Landings and The Kerch Straits: each unit sent to sea -> the hex it will
    # land in (an Axis-held hex); read by the landings step for the units marked at-sea
    LANDING: table_of(NODE, key=UNIT),
    # Krim: Barrages: the hexes barraged this Combat Phase, each at most once (reset by
    # begin-combat)
    BARRAGED: list_of(NODE),
    # Krim option: Soviet mandatory attacks: whether the side has declared an attack (PA or
    # opposed landing) this Combat Phase (reset by begin-combat)
    ATTACKED_THIS_PHASE: BOOL,
    # Krim: Operational Transfers: the units in tactical supply at the start of the OpTrans
    # Phase (and Soviet units entering the Kerch Straits into supply), the only ones that may
    # make one
    ELIGIBLE: list_of(UNIT),
    # Krim: The Kerch Straits: whether an OpTrans has begun this phase (straits entries come
    # first); reset by begin-optrans
    OPTRANS_STARTED: BOOL,
}
"""Krim's state variables and their shapes (:mod:`wargames.core.frame_args`)."""
