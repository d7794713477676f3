"""What each K45 state variable holds (``Title.var_shapes``, :mod:`wargames.core.frame_args`):
a loaded save's ``state.vars`` are checked field by field against ``VAR_SHAPES``, and the
conformance kit fails play that sets a variable outside them.

The names are those of the title's ``Vocabulary(vars=...)``; each entry says which code
writes the variable and the rule it serves.
"""

from __future__ import annotations

from collections.abc import Mapping

from wargames.core.frame_args import (
    BOOL,
    INT,
    NODE,
    SIDE,
    TEXT,
    UNIT,
    Shape,
    list_of,
    literal,
    one_of,
    record_of,
    table_of,
)

from .arg_shapes import REFUGEE

FORCE = literal("german", "2BR", "3BR")
"""K45 0.5, 2.1a: a force with its own activation limit on the Turn Record Track
(``command.FORCES``)."""

SUPPLY_MARKER = literal("oos", "isolated")
"""K45 11.0: a supply marker (the title's ``unit_markers``)."""

ACTIVE = record_of(
    {
        # play always names the HQ; the rules read an empty one as "no HQ moves with the
        # units" (movement, air), as hand-made positions use it
        "hq": one_of(UNIT, literal("")),
        "side": SIDE,
        "units": list_of(UNIT),
        "move_only": list_of(UNIT),
        "free": BOOL,
    },
    required=("hq", "side", "units", "move_only", "free"),
)
"""K45 2.2a, 2.2b, 2.1d: the HQ activated now, its side, the units it activated (own units
in range and independents) and those the HGM chit lets only move; ``free``: no combat
segment (``command.Activate`` writes it whole, ``PickIndependents`` adds units)."""

COMBAT = record_of(
    {"target": NODE, "side": SIDE, "attackers": list_of(UNIT), "retreated": BOOL},
    required=("target", "side", "attackers", "retreated"),
)
"""K45 7.0, 10.0: the battle being resolved: the defender's hex, the attacking side and
units, and whether the defender retreated (mechanized units then advance two hexes, 10.2);
``combat.execute`` writes it whole, ``combat.mark_retreated`` sets ``retreated``."""

SUPPLY_RECORD = record_of(
    {
        "positions": table_of(NODE, key=UNIT),
        "before": table_of(list_of(SUPPLY_MARKER), key=UNIT),
        "after": table_of(list_of(SUPPLY_MARKER), key=UNIT),
        "split": table_of(SIDE, key=NODE),
    },
    required=("positions", "before", "after", "split"),
)
"""K45 11.0: the last supply phase (``supply.SupplyPhase``): each unit on the map's hex, its
supply markers before and after, and the split sources' owners it traced with."""

VAR_SHAPES: Mapping[str, Shape] = {
    # K45 2.2: the current activation (see ACTIVE); cleared at the turn advance
    "active": ACTIVE,
    # K45 1.2a, 6.0: the units placed as reinforcements this turn (reinforcements.arrive)
    "arrived": list_of(UNIT),
    # K45 12.3: extra Volksturm units received for refugees driven through (movement)
    "atrocities": INT,
    # K45 7.3a: the units that have attacked in this combat segment (combat)
    "attacked": list_of(UNIT),
    # K45 6.0e: the arrivals placed by rail this turn, which have had their movement
    "by_rail": list_of(UNIT),
    # K45 7.0, 10.0: the battle being resolved (see COMBAT)
    "combat": COMBAT,
    # K45 0.7d, 0.7e: the Gross Deutschland Corps' withdrawal and return (special)
    "gd": literal("withdrawn", "returned"),
    # K45 12.6(3): Admiral Hipper has been activated as an independent this turn
    "hipper_used": BOOL,
    # K45 11.0: units eliminated since the last supply phase (forces.eliminate; the
    # supply-record invariant of the play tests)
    "lost_since_supply": list_of(UNIT),
    # K45 15.1b: Mikosch is due (a Soviet unit came within five hexes of Königsberg) but held
    # back for want of a hex at Pillau; cleared as he enters (special.mikosch_check)
    "mikosch_due": BOOL,
    # K45 0.7c: the NO GAS chit was drawn this turn (special.ActionChit)
    "no_gas": BOOL,
    # K45 0.1e: each side's units, for the fog-of-war view, which sees only the state
    "owners": table_of(list_of(UNIT), key=SIDE),
    # K45 12.2a: the colour each refugee counter shows, flipped as it is placed or moved.
    # TEXT, not a literal: it is the Turn Record Track's ``refugee`` entry (provisional
    # chart data a scenario may override; "" for a turn without one), which the title
    # only records and never reads
    "refugee_colour": table_of(TEXT, key=REFUGEE),
    # K45 12.2: each refugee counter on the map and its hex (special.Refugees, movement)
    "refugees": table_of(NODE, key=REFUGEE),
    # K45 12.8: the fixed HQs released for good (combat.release, forces.release_fixed_hqs)
    "released": list_of(UNIT),
    # K45 11.2a: split supply sources taken by the Soviets (absent: German) (forces.enter)
    "split_sources": table_of(SIDE, key=NODE),
    # K45 0.1e: every unit, in the order that puts a stack's top unit first (setup)
    "stack_order": list_of(UNIT),
    # random event 10: the Soviet Fronts that may activate no more HQs this turn (events)
    "stopped": list_of(literal("2BR", "3BR")),
    # K45 11.0: the last supply phase (see SUPPLY_RECORD)
    "supply_record": SUPPLY_RECORD,
    # K45 0.5, 2.1b: HQs each force has activated this turn (command.use)
    "used": table_of(INT, key=FORCE),
}
"""The shape of each K45 state variable, by name (``Konigsberg.var_shapes``)."""
