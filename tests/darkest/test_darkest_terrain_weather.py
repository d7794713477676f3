"""DC: Terrain Effects on Combat, DC: Weather, and the supply halving of fire."""

from __future__ import annotations

from fractions import Fraction

import pytest
from darkest_support import army, ctx, mech, new, rifle, skip, to_step

from wargames.core.actions import Attack, Choose, Outcome, Pass
from wargames.core.game import Game
from wargames.darkest.battle import battle, fires
from wargames.darkest.fire import (
    attack_fire,
    defence_fire,
    river_bonus,
    stalin_bonus,
    terrain_bonus,
)


def river(*pairs: tuple[str, str], feature: str = "river") -> list[dict[str, object]]:
    return [{"between": list(p), "features": [feature]} for p in pairs]


@pytest.mark.parametrize(
    ("terrain", "units", "bonus"),
    [
        ("forest", 1, 1),
        ("forest", 2, 1),
        ("hills", 1, 1),
        ("swamp", 2, 1),
        ("mountains", 1, 1),
        ("mountains", 2, 2),
        ("mountains", 3, 2),
        ("clear", 2, 0),
    ],
)
def test_rough_terrain_gives_infantry_defenders_extra_fire(
    terrain: str, units: int, bonus: int
) -> None:
    defenders = [rifle(f"R{i}", "B3", markers=("disrupted",) if i else ()) for i in range(units)]
    g = new(army("G", "B2"), *defenders, terrain={terrain: ["B3"]} if terrain != "clear" else {})
    assert terrain_bonus(ctx(g), "B3", [f"R{i}" for i in range(units)]) == bonus


def test_terrain_bonus_is_only_for_infantry_and_shock_units() -> None:
    # DC: Terrain Effects on Combat: "1 infantry or shock unit can receive 1 additional
    # defensive firing strength point" - a mechanized korps does not match it.
    g = new(
        army("G", "B2"),
        mech("M", "B3"),
        rifle("R", "C3"),
        mech("N", "C3"),
        terrain={"forest": ["B3"], "mountains": ["C3"]},
    )
    c = ctx(g)
    assert terrain_bonus(c, "B3", ["M"]) == 0
    assert terrain_bonus(c, "C3", ["R", "N"]) == 1  # mountains: 2 only for 2 infantry/shock


def test_frozen_swamps_and_rivers_give_no_bonus_in_snow() -> None:
    g = new(
        army("G", "B2"), rifle("R", "B3"), terrain={"swamp": ["B3"]}, hexsides=river(("B2", "B3"))
    )
    c = ctx(g)
    assert terrain_bonus(c, "B3", ["R"]) == 1 and river_bonus(c, "B3", ["G"], ["R"]) == 1
    g.state.set("weather", "snow")
    assert terrain_bonus(c, "B3", ["R"]) == 0 and river_bonus(c, "B3", ["G"], ["R"]) == 0


def test_river_hexsides_add_1_each_matched_by_the_defending_units() -> None:
    sides = river(("B2", "B3"), ("A2", "B3"))
    g = new(
        army("G1", "B2"),
        army("G2", "A2"),
        rifle("R1", "B3"),
        rifle("R2", "B3"),
        hexsides=sides,
        turns=2,
    )
    c = ctx(g)
    assert river_bonus(c, "B3", ["G1", "G2"], ["R1", "R2"]) == 2
    assert river_bonus(c, "B3", ["G1", "G2"], ["R1"]) == 1  # matched by units
    assert river_bonus(c, "B3", ["G1", "G2"], ["R1", "R2"], ignore=1) == 1


def _first_turn_river_battle(g: Game, target: str, *uids: str) -> Game:
    for uid in uids:
        g.apply(Choose(uid))
        g.apply(Attack((uid,), target))
    return g


def test_on_the_first_turn_the_germans_ignore_1_river_hexside_in_one_battle_only() -> None:
    # DC: Special 1st Turn Rules: "the Germans may ignore 1 river hex-side": one hexside, in
    # the one battle of the first turn they choose, not one in every battle.
    g = new(
        army("G1", "B2", (1, 3)),
        army("G2", "D2", (1, 3)),
        rifle("R1", "B3", (0, 1)),
        rifle("R2", "D3", (0, 1)),
        rifle("F", "E6"),
        hexsides=river(("B2", "B3"), ("D2", "D3")),
    )
    g = to_step(g, "operations", "axis", "op")
    _first_turn_river_battle(g, "B3", "G1")
    _first_turn_river_battle(g, "D3", "G2")
    g.apply(Pass())
    g.apply(Choose("B3"))
    assert g.decision.step == "river"  # the choice is offered where it lowers the defence
    assert set(g.legal_actions()) == {Pass(), Choose("ignore-river")}
    g.apply(Choose("ignore-river"))
    _, d = fires(ctx(g), battle(ctx(g)))
    assert d.strength == 1  # R1's 1; its river +1 is ignored
    while g.decision is not None and g.decision.step != "combat":
        g.roll() if g.decision.is_chance else g.apply(skip(g))
    g.apply(Choose("D3"))
    assert g.decision.step != "river"  # used: the next battle keeps its river bonus
    _, d = fires(ctx(g), battle(ctx(g)))
    assert d.strength == 1 + 1


def test_no_river_bonus_when_most_attacking_factors_are_on_the_defenders_side() -> None:
    g = new(
        army("G1", "B2"),
        army("G2", "C2", (6, 3)),
        rifle("R1", "B3"),
        rifle("R2", "B3"),
        hexsides=river(("B2", "B3")),
    )
    g.state.turn = 2
    assert river_bonus(ctx(g), "B3", ["G1", "G2"], ["R1", "R2"]) == 0  # 6 of 10 across no river


def test_river_bonus_stands_with_exactly_half_the_factors_on_the_defenders_side() -> None:
    # DC: Terrain Effects: "none, if more than half the factors ... on the same side"
    g = new(
        army("G1", "B2", (4, 3)),
        army("G2", "C2", (4, 3)),
        rifle("R", "B3"),
        hexsides=river(("B2", "B3")),
    )
    g.state.turn = 2
    assert river_bonus(ctx(g), "B3", ["G1", "G2"], ["R"]) == 1  # 4 of 8 across no river


def test_stalin_line_hexsides_add_fire_matched_by_russian_infantry() -> None:
    g = new(
        army("G1", "B2"),
        army("G2", "A2"),
        rifle("R1", "B3"),
        rifle("M", "B3"),
        hexsides=river(("B2", "B3"), ("A2", "B3"), feature="stalin-line"),
    )
    c = ctx(g)
    assert stalin_bonus(c, "B3", ["G1", "G2"], ["R1", "M"]) == 2
    assert stalin_bonus(c, "B3", ["G1"], ["R1", "M"]) == 1
    assert stalin_bonus(c, "B3", ["G1", "G2"], ["R1"]) == 1


def test_stalin_line_is_not_matched_by_a_mechanized_korps() -> None:
    # DC: Stalin Line: "matched by that number of defending Russian infantry/rifle or shock
    # army units" - 2 hexsides with a rifle army and a mech korps give 1.
    g = new(
        army("G1", "B2"),
        army("G2", "A2"),
        rifle("R", "B3"),
        mech("M", "B3"),
        hexsides=river(("B2", "B3"), ("A2", "B3"), feature="stalin-line"),
    )
    assert stalin_bonus(ctx(g), "B3", ["G1", "G2"], ["R", "M"]) == 1


def test_stalin_line_adds_nothing_when_the_russians_attack_across_it() -> None:
    # DC: Stalin Line: "Each Stalin Line hex-side the Germans attack across" - a German army
    # defending against a Russian attack across it gets no bonus.
    g = new(
        army("G", "B3"),
        rifle("R1", "B2"),
        rifle("R2", "A2"),
        hexsides=river(("B2", "B3"), ("A2", "B3"), feature="stalin-line"),
    )
    c = ctx(g)
    assert stalin_bonus(c, "B3", ["R1", "R2"], ["G"]) == 0
    assert defence_fire(c, "axis", "B3", ["R1", "R2"], ["G"]).strength == 4


def test_unsupplied_fire_is_halved_down_on_offense_and_up_on_defence() -> None:
    g = new(
        army("G", "B2", (5, 3), markers=("unsupplied",)),
        army("H", "A2", (2, 2)),
        rifle("R", "B3", (1, 5), markers=("unsupplied",)),
    )
    c = ctx(g)
    assert attack_fire(c, "axis", ["G"]).strength == 2
    assert attack_fire(c, "axis", ["G", "H"]).strength == 4
    assert defence_fire(c, "russian", "B3", ["G"], ["R"]).strength == 3


def test_mud_reduces_fire_two_columns_except_for_defenders_in_a_city_or_town() -> None:
    g = new(army("G", "B2"), rifle("R", "B3"), rifle("T", "C3"), features={"town": ["C3"]})
    c = ctx(g)
    g.state.set("weather", "mud")
    assert attack_fire(c, "axis", ["G"]).shift == -2
    assert attack_fire(c, "russian", ["R"]).shift == -2
    assert defence_fire(c, "russian", "B3", ["G"], ["R"]).shift == -2
    assert defence_fire(c, "russian", "C3", [], ["T"]).shift == 0


def test_snow_reduces_axis_fire_in_the_first_winter_only() -> None:
    g = new(army("G", "B2"), rifle("R", "B3"), turns=9)
    c = ctx(g)
    g.state.set("weather", "snow")
    g.state.turn = 7  # Dec 41: the 1941/42 winter of the calendar
    assert attack_fire(c, "axis", ["G"]).shift == -2
    assert attack_fire(c, "russian", ["R"]).shift == 0


def test_lotsa_dice_lower_the_best_numbers_for_mud_and_supply() -> None:
    g = new(
        army("G", "B2", (2, 2), markers=("unsupplied",)),
        rifle("R", "B3"),
        options={"lotsa_dice": True},
    )
    c = ctx(g)
    g.state.set("weather", "mud")
    f = attack_fire(c, "axis", ["G"])
    assert (f.full_dice, f.low_dice, f.best, f.shift) == (0, 2, 2, 0)
    from wargames.darkest.fire import lotsa_distribution

    assert lotsa_distribution(f) == {0: Fraction(25, 36), 1: Fraction(10, 36), 2: Fraction(1, 36)}


def test_the_october_roll_makes_2_numbers_in_6_good_and_november_follows() -> None:
    # DC: Weather: "If Oct was Good, November is Snow. If Oct was Mud, November is Good."
    for october, november in (("good", "snow"), ("mud", "good")):
        g = new(army("G", "B2"), rifle("R", "D5"), turns=9)
        while g.state.turn < 5:
            to_step(g, "russian-admin", "russian")
            g.apply(g.legal_actions()[0])  # pass
            if g.decision.step != "weather":
                to_step(g, "weather")
        assert g.decision.step == "weather" and g.state.turn == 5
        assert dict(g.chance_outcomes()) == {
            Outcome("good"): Fraction(1, 3),
            Outcome("mud"): Fraction(2, 3),
        }
        g.apply(Outcome(october))
        assert g.state.get("weather") == october
        to_step(g, "russian-admin", "russian")
        g.apply(g.legal_actions()[0])
        to_step(g, "fortify")
        assert g.state.turn == 6 and g.state.get("weather") == november, october


def test_no_blitzkrieg_in_mud_and_only_panzers_after_the_first_snow() -> None:
    from wargames.darkest.sequence import blitzkrieg

    g = new(army("G", "B2"), rifle("R", "D5"), turns=9)
    c = ctx(g)
    assert blitzkrieg(c)
    g.state.set("weather", "mud")
    assert not blitzkrieg(c)
    g.state.set("weather", "snow")
    g.state.set("snow_turns", 1)
    assert not blitzkrieg(c)  # the first Snow turn
    g.state.set("snow_turns", 2)
    assert blitzkrieg(c)
    from wargames.darkest.operations import may_act

    assert not may_act(c, "G", "blitz")  # only panzers in Snow
