"""Sixth rules review of Dark Crusade (hex): each test rebuilds a reviewer's position that the
code got wrong (`notes/s26/review6-dch/findings.md`)."""

from __future__ import annotations

from dch_support import NW, C, W, ctx, die_for, fight, game, stage

from wargames.core.actions import Advance, Choose, Move, Outcome
from wargames.core.game import Game
from wargames.darkcrusade.hex.overrun import overrun_error, overruns


def test_an_overrun_may_not_move_from_one_ezoc_to_another_of_the_same_enemy_unit() -> None:
    """DCH: Zones of Control: "A unit may not move (1 hex, directly) from one Enemy ZOC to
    another EZOC of the same enemy unit". An overrun is a move: 18A + I (8 attack factors)
    next to the army H02 may not overrun the 1-1 WR1 on a hex H02's ZOC also covers."""
    g = game({"18A": W, "I": W, "H02": NW, "WR1": C}, profiles={"H02": "2-2"})
    assert overruns(ctx(g), "18A", "op") == []
    err = overrun_error(ctx(g), ("18A", "I"), (W, C), "op")
    assert err is not None and "Zones of Control" in str(err)
    # without H02 the same overrun is offered
    g = game({"18A": W, "I": W, "WR1": C})
    assert overruns(ctx(g), "18A", "op") == [Move(("18A", "I"), (W, C))]


def _longest_advance(g: Game) -> dict[str, int]:
    best: dict[str, int] = {}
    for a in g.legal_actions():
        if isinstance(a, Advance):
            best[a.units[0]] = max(best.get(a.units[0], 0), len(a.path) - 1)
    return best


def test_the_hungarian_mobile_corps_advances_one_hex_after_a_de() -> None:
    """DCH: Tactical Advances: "German motorized, and Axis cavalry units may so advance up to 2
    MFs ... Other units may advance only 1 hex". HuMob is Hungarian motorized, not cavalry."""
    target, west = "0716", ("0615", "0616", "0617")
    atts = {"HuMob": west[0], "1Pz": west[1], "7Pz": west[1]}
    g = game({**atts, "H01": target}, profiles={"H01": "1-1"}, axis_hexes=west)
    fight(g, list(atts), target)
    g.apply(Choose("retreat"))
    g.apply(Choose("press:0"))
    if stage(g) == "round-up":
        g.apply(Outcome("stay"))
    g.apply(Outcome(die_for(g, "DE")))
    assert g.state.units["H01"].at is None
    best = _longest_advance(g)
    assert best["HuMob"] == 1
    assert best["1Pz"] == 4
