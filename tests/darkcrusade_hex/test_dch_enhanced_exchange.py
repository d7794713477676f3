"""DCH: the enhanced/optional combat odds expansion (a scenario option; the text's five 15:4
examples; exchanges then mandatory) and the D and BD options of .5X and X results."""

from __future__ import annotations

from fractions import Fraction

import pytest
from dch_support import NW, SW, C, W, ctx, die_for, fight, game, stage

from wargames.core.actions import Choose, Outcome
from wargames.core.errors import ScenarioError
from wargames.core.game import Game
from wargames.darkcrusade.hex import counters as cn

FIFTEEN_TO_FOUR = {"18A": W, "9A": SW, "16A": NW, "H01": C}


def to_press(g: Game) -> None:
    g.apply(Choose("retreat"))  # no No Retreat! orders
    assert stage(g) == "press"


def test_enhanced_odds_offer_the_texts_gambles_with_its_chances() -> None:
    g = game(FIFTEEN_TO_FOUR, profiles={"H01": "4-4"}, options={"enhanced_odds": True})
    fight(g, ["18A", "9A", "16A"], C)  # 15:4, 3:1 guaranteed
    to_press(g)
    options = {a.option for a in g.legal_actions()}
    gambles = {o for o in options if o.startswith("gamble:")}
    # 5:1 from the guaranteed 3:1: 3 extra of the 8 needed -> 2 in 6 ("33%")
    # 4:1 risking 2:1: an even gamble -> 3 in 6 ("50%")
    # 6:1 risking 2:1: less than 2 in 6; 6:1 risking 3:2: 2 in 6 ("33%")
    expected = {"5-1:3-1": 2, "4-1:2-1": 3, "6-1:2-1": 1, "6-1:3-2": 2}
    assert {f"gamble:{k}" for k in expected} <= gambles
    assert "gamble:4-1:3-1" not in gambles  # the plain round-up (4 in 6) stays the round-up
    for key, sixths in expected.items():
        h = game(FIFTEEN_TO_FOUR, profiles={"H01": "4-4"}, options={"enhanced_odds": True})
        fight(h, ["18A", "9A", "16A"], C)
        to_press(h)
        h.apply(Choose(f"gamble:{key}"))
        assert {a.value: p for a, p in h.chance_outcomes()} == {
            "up": Fraction(sixths, 6),
            "down": Fraction(6 - sixths, 6),
        }
    h.apply(Outcome("down"))  # 6:1 risking 3:2, lost
    assert stage(h) == "roll"
    assert h.state.get("battle")["base"] == 5  # the 3:2 column


def test_without_the_option_there_is_no_gamble() -> None:
    g = game(FIFTEEN_TO_FOUR, profiles={"H01": "4-4"})
    fight(g, ["18A", "9A", "16A"], C)
    to_press(g)
    assert not [a for a in g.legal_actions() if a.option.startswith("gamble:")]


def test_the_option_is_checked_and_makes_exchanges_mandatory() -> None:
    with pytest.raises(ScenarioError, match="enhanced_odds"):
        game({}, options={"enhanced_odds": "yes"})
    for enhanced, opt_out in ((False, True), (True, False)):
        g = game({"18A": W, "H01": C}, profiles={"H01": "3-3"}, options={"enhanced_odds": enhanced})
        fight(g, ["18A"], C)  # 5:3 = 3:2, good weather
        to_press(g)
        g.apply(Choose("press:0"))
        while stage(g) != "roll":
            g.apply(Outcome("stay"))
        g.apply(Outcome(die_for(g, "X")))
        assert (stage(g) == "opt-out") is opt_out


def test_russian_defenders_may_take_d_instead_of_an_x_in_snow() -> None:
    g = game({"18A": W, "H01": C}, turn=12, profiles={"H01": "2-2"})
    fight(g, ["18A"], C)  # 5:2 = 2:1, Snow: one column left for the Axis: 3:2
    to_press(g)
    g.apply(Choose("press:0"))
    while stage(g) != "roll":
        g.apply(Outcome("stay"))
    g.apply(Outcome(die_for(g, "X")))
    assert stage(g) == "decline" and g.decision.side == cn.RUSSIAN
    assert {a.option for a in g.legal_actions()} == {"exchange", "d"}
    g.apply(Choose("d"))
    assert g.state.units["H01"].at is not None and cn.disrupted(ctx(g), "H01")
    assert g.state.units["18A"].steps == 2 and not cn.disrupted(ctx(g), "18A")


def test_bd_when_the_attackers_cannot_cover_and_no_option_in_good_weather_for_russians() -> None:
    g = game({"XX": W, "H01": C}, turn=12, profiles={"H01": "2-4"})
    fight(g, ["XX"], C)
    from wargames.darkcrusade.hex.battle import current
    from wargames.darkcrusade.hex.combat import decline_option

    battle = current(ctx(g)).evolve(code="X", defence=4)
    assert decline_option(ctx(g), battle) == "bd"  # 3 attacking factors cannot cover 4
    assert decline_option(ctx(g), battle.evolve(code="2X")) is None  # only .5X and X
    enhanced = game(
        {"XX": W, "H01": C}, turn=12, profiles={"H01": "2-4"}, options={"enhanced_odds": True}
    )
    fight(enhanced, ["XX"], C)
    # the enhanced odds make any exchanges mandatory: no D or BD either
    assert decline_option(ctx(enhanced), current(ctx(enhanced)).evolve(code="X", defence=4)) is None
    good = game({"XX": W, "H01": C}, profiles={"H01": "2-4"})
    fight(good, ["XX"], C)
    assert decline_option(ctx(good), current(ctx(good)).evolve(code="X", defence=4)) is None
