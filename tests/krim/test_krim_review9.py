"""Krim: ninth rules review: regression tests for done rows no test could fail: a PA's odds
halve a cut-off attacker, an opposed landing's attackers and defenders count as having fought
this Combat Phase, straits entries and unopposed landings take control of the hex, a barrage
needs an enemy-held target, and straits entries go on from calendar month 8."""

from __future__ import annotations

import pytest
from krim_support import combat, goto, put, unit
from test_krim_barrage import barrages, gun
from test_krim_sea import box, qrb, sea_game

import wargames
from wargames.core.actions import Advance, Attack, Choose, Outcome, Pass, Place
from wargames.core.errors import IllegalAction
from wargames.core.game import Game
from wargames.krim.victory import final


def pa_odds(game: Game) -> dict[str, object]:
    game.apply(Attack(("A1",), "E6"))
    game.apply(Choose("odds"))
    return next(e for e in reversed(game.events) if e.kind == "odds").data


def test_a_prepared_assaults_odds_halve_an_attacker_out_of_tactical_supply() -> None:
    """Krim: Supply, Combat Phase: "Any unit participating in combat that is not in Tactical
    Supply has its combat factor (attack or defense) halved", judged at the PA's odds: A1 (8)
    against S2 (2) in clear terrain is 4:1; A1 cut off from its source (H10 lost) attacks
    with 4, 2:1; S2 cut off (C7 lost, its only source H2 out of reach) defends with 1."""
    position = (unit("A1", "axis", "E7", (8,), (8,), 6), unit("S2", "soviet", "E6", (2,), (2,)))
    odds = pa_odds(combat(*position))
    assert (odds["attack"], odds["defence"], odds["column"]) == ("8", "2", "4:1")
    cut_attacker = combat(*position)
    cut_attacker.state.control["H10"] = "soviet"
    odds = pa_odds(cut_attacker)
    assert (odds["attack"], odds["defence"], odds["column"]) == ("4", "2", "2:1")
    cut_defender = combat(*position)
    cut_defender.state.control["C7"] = "axis"
    cut_defender.state.control["H2"] = "soviet"  # a source stays Soviet: the game goes on
    odds = pa_odds(cut_defender)
    assert (odds["attack"], odds["defence"]) == ("8", "1")


ELSEWHERE = (unit("M", "soviet", "F4"), unit("AW", "axis", "F3"))
"""A Soviet unit next to an Axis one far from B3, so that the Soviet Prepared Assaults step
has a legal attack after the landing and is not skipped."""


def at_the_assaults(game: Game) -> Game:
    while game.decision is not None and game.decision.step == "barrages":
        game.apply(Pass())
    assert game.decision is not None and game.decision.step == "assaults"
    return game


def test_an_opposed_landings_attackers_make_no_prepared_assault_afterwards() -> None:
    """Krim: Combat Phase: "No attacking unit may be involved in more than one PA in a given
    Combat Phase"; an opposed landing is resolved as a PA (Krim: Opposed Landings): Q, landed
    on B3 after eliminating AX, and L, which joined from C3, may not attack B4 or C4."""
    game = sea_game(
        qrb("Q", att=(9, 5), dfn=(9, 5), mf=4),
        unit("L", "soviet", "C3", (9, 5), (9, 5)),
        unit("AX", "axis", "B3", (1,), (1,)),
        unit("AY", "axis", "C4"),
        unit("AZ", "axis", "B4"),
        *ELSEWHERE,
    )
    game.apply(Place("Q", "B3"))
    game.apply(Choose("sea:A2"))
    game.apply(Pass())  # end of movement: the landing is fought first
    game.apply(Choose("add:L"))
    game.apply(Choose("odds"))
    game.apply(Outcome(6))
    while game.decision is not None and game.decision.step == "battle":
        legal = list(game.legal_actions())
        steps = [a for a in legal if isinstance(a, Choose) and a.option.startswith("step:")]
        game.apply(steps[0] if steps else Pass() if isinstance(legal[0], Advance) else legal[0])
    assert game.state.units["AX"].at is None
    assert game.state.units["Q"].at == "B3" and game.state.units["L"].at == "C3"
    at_the_assaults(game)
    legal = set(game.legal_actions())
    assert Attack(("M",), "F3") in legal
    for uid, target in (("Q", "B4"), ("L", "B4"), ("L", "C4")):
        assert Attack((uid,), target) not in legal
        error = game.check(Attack((uid,), target))
        assert isinstance(error, IllegalAction) and "already attacked" in error.reason


def test_an_opposed_landings_defenders_are_not_attacked_again_that_phase() -> None:
    """Krim: Combat Phase: "no enemy unit may be attacked more than once per Combat Phase":
    AX in B3 beats off Q's opposed landing (L in C3 stays out of it); L may not attack B3
    afterwards."""
    game = sea_game(
        qrb("Q", att=(2, 1), dfn=(2, 1)),
        unit("AX", "axis", "B3", (9, 5), (9, 5)),
        unit("L", "soviet", "C3", (4, 2), (4, 2)),
        *ELSEWHERE,
    )
    game.apply(Place("Q", "B3"))
    game.apply(Choose("sea:A2"))
    game.apply(Pass())
    game.apply(Choose("odds"))  # L does not join
    game.apply(Outcome(1))
    while game.decision is not None and game.decision.step == "battle":
        legal = list(game.legal_actions())
        steps = [a for a in legal if isinstance(a, Choose) and a.option.startswith("step:")]
        game.apply(steps[0] if steps else legal[0])
    assert game.state.units["Q"].at is None and game.state.units["AX"].at == "B3"
    at_the_assaults(game)
    legal = set(game.legal_actions())
    assert Attack(("M",), "F3") in legal and Attack(("L",), "B3") not in legal
    with pytest.raises(IllegalAction, match="already attacked this phase"):
        game.apply(Attack(("L",), "B3"))


def test_a_straits_entry_and_an_unopposed_landing_take_control_of_the_hex() -> None:
    """Krim: Soviet Sea Movement (landing "even if the hex is German-controlled"), sources
    "may change hands any number of times" and the reading "a hex belongs to the last side to
    enter it": Q landing in the Axis-controlled H2 and K crossing into the Axis-controlled H5
    take both for the Soviets."""
    control = {"axis": ["H10", "H5", "H2"], "soviet": ["C7", "B3"]}
    game = sea_game(box("K"), qrb("Q"), control=control)
    game.apply(Place("Q", "H2"))
    game.apply(Place("K", "H5"))
    assert game.state.control["H2"] == "soviet" and game.state.control["H5"] == "soviet"


def test_a_straits_entry_into_an_empty_kerch_retakes_it_for_the_final_result() -> None:
    """Campaign (provisional victory: the Axis must hold Sevastopol C7 and Kerch X14): with
    both Axis-controlled and X14 empty, a Soviet division crossing the straits into X14 (a
    starred hex) takes it back, so the Axis no longer wins."""
    game = wargames.new_game("krim", None, 0)
    assert not [u for u in game.state.units.values() if u.at == "X14"]
    put(game, "302RD", box="soviet-available")
    game.state.control["C7"] = game.state.control["X14"] = "axis"
    assert final(game.rules_context()).winner == "axis"
    goto(game, "Soviet Movement Phase", "begin-movement", turn=2)
    game.apply(Place("302RD", "X14"))
    assert game.state.control["X14"] == "soviet"
    assert final(game.rules_context()).winner != "axis"


@pytest.mark.parametrize("target", ["E7", "F7"])
def test_a_barrage_is_refused_at_a_hex_holding_no_enemy_unit(target: str) -> None:
    """Krim: Barrages: "Each enemy-occupied hex may be the target of only one barrage": G
    (range 3) may fire at S2 in E6, not at the empty E7 nor at its own A2 in F7, when the
    barrage is applied and not only in the legal list."""
    game = barrages(gun("G", "E8", rng=3), unit("S2", "soviet", "E6"), unit("A2", "axis", "F7"))
    assert Attack(("G",), "E6") in set(game.legal_actions())
    with pytest.raises(IllegalAction, match="holds no enemy unit"):
        game.apply(Attack(("G",), target))


def test_straits_entries_go_on_after_sea_movement_is_lost_in_month_8() -> None:
    """Krim: Soviet Sea Movement: "The Sea Movement capacity is lost at the start of Calendar
    Month 8"; the Kerch Straits entry is its own paragraph, not Sea Movement (reading): in
    turn 12 K still crosses from the Available box into H5, while Q may not land from the
    QRB."""
    game = sea_game(box("K"), qrb("Q"), turn=12)
    legal = set(game.legal_actions())
    assert Place("K", "H5") in legal and Place("Q", "H2") not in legal
    with pytest.raises(IllegalAction, match="month 8"):
        game.apply(Place("Q", "H2"))
    game.apply(Place("K", "H5"))
    assert game.state.units["K"].at == "H5"
