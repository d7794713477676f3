"""Thirteenth rules review of Dark Crusade (hex): the recovery segments of the sequence of play,
checked by playing the real sequence (`notes/s29/review13-dch/findings.md`)."""

from __future__ import annotations

from dch_support import C, W, disrupt, game

from wargames.core.actions import Pass
from wargames.core.game import Game
from wargames.darkcrusade.hex.sequence import PHASES

NAMES = [p.name.split(" ")[0] for p in PHASES]


def recoveries(g: Game, start: str, stop: str, turns: int = 0) -> list[tuple[int, str, str]]:
    """Play the sequence from the start of phase ``start`` to the start of phase ``stop``
    ``turns`` turns later, passing at every decision (chance sampled); each recovery from
    Disruption on the way as (turn, phase, unit)."""
    end = (g.state.turn + turns, NAMES.index(stop))
    g.state.phase, g.state.segment, g.state.stack = NAMES.index(start), -1, ()
    mark = len(g.events)
    g._advance()
    while g.decision is not None and (g.state.turn, g.state.phase) < end:
        acts = list(g.legal_actions())
        if g.decision.side == "chance":
            g.apply(g.sample_chance())
        else:
            g.apply(Pass() if Pass() in acts else acts[0])
    seen, phase = [], "?"
    for e in g.events[mark:]:
        if e.kind == "phase":
            phase = str(e.data["phase"]).split(" ")[0]
            if (e.turn, NAMES.index(phase)) >= end:
                break
        elif e.kind == "recover":
            seen.append((e.turn, phase, str(e.data["unit"])))
    return seen


def test_each_group_recovers_in_its_own_phase_of_the_sequence() -> None:
    # DCH: A.9 "all German units in Full or Limited supply"; B.4 "Axis Allied units ... not
    # being attacked"; B.8 "all red-lettered units"; A.4 "any non-red Russian units ... not
    # being attacked": 18A (German), 3RoA (Rumanian), T01 (red) and H01 (plain), all Disrupted
    # in supply, played from A.7 of turn 2 to A.5 of turn 3
    g = game(
        {"18A": C, "3RoA": "1811", "H01": "1814", "T01": "1815"}, turn=2, profiles={"H01": "2-2"}
    )
    disrupt(g, "18A", "3RoA", "H01", "T01")
    seen = recoveries(g, "A.7", "A.5", turns=1)
    assert seen == [(2, "A.9", "18A"), (2, "B.4", "3RoA"), (2, "B.8", "T01"), (3, "A.4", "H01")]


def test_a4_of_the_sequence_skips_russians_under_an_allocated_attack() -> None:
    # DCH: A.4 "not being attacked": H01 under 18A's allocated attack stays Disrupted into
    # A.5; H02, not attacked, recovers
    g = game({"18A": W, "H01": C, "H02": "1815"}, turn=2, profiles={"H01": "2-2", "H02": "2-2"})
    disrupt(g, "H01", "H02")
    g.state.set("allocations", {C: ["18A"]})
    seen = recoveries(g, "A.4", "A.5")
    assert seen == [(2, "A.4", "H02")]


def test_the_breakthrough_and_the_proriv_repeat_their_recovery_step() -> None:
    # DCH: A.6 repeats step 4 (non-red Russians not attacked), the Proriv! after B.5 repeats
    # B.4 (Axis allied units not attacked); nobody else recovers there
    g = game({"18A": C, "H01": "1814", "T01": "1815"}, turn=2, profiles={"H01": "2-2"})
    disrupt(g, "18A", "H01", "T01")
    seen = recoveries(g, "A.6", "A.7")
    assert seen == [(2, "A.6", "H01")]
    g = game({"3RoA": "1811", "H01": "1814", "T01": "1815"}, turn=2, profiles={"H01": "2-2"})
    disrupt(g, "3RoA", "H01", "T01")
    seen = recoveries(g, "B.5", "B.6")
    assert seen == [(2, "B.5", "3RoA")]
