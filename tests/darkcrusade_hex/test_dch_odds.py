"""DCH: Asymmetric Combat Odds Calculations: the German round-up and pressed attacks as chance
decisions with exact probabilities; the Russian press (one column up, two down); the column
shifts for Disrupted defenders, rivers and weather."""

from __future__ import annotations

from fractions import Fraction

from dch_support import NW, SW, C, W, ctx, die_for, disrupt, fight, game, stage

from wargames.core.actions import Choose, Outcome
from wargames.core.game import Game
from wargames.darkcrusade.hex.odds import odds, round_up_sixths


def outcomes(g: Game) -> dict[object, Fraction]:
    return {a.value: p for a, p in g.chance_outcomes()}


def german_attack_on(
    profiles: dict[str, str], defenders: dict[str, str], attackers: dict[str, str]
):  # type: ignore[no-untyped-def]
    g = game({**attackers, **defenders}, profiles=profiles)
    fight(g, list(attackers), C)
    assert stage(g) == "no-retreat"
    g.apply(Choose("retreat"))
    assert stage(g) == "press"
    return g


ARMIES = {"18A": W, "16A": NW, "9A": SW}


def test_german_round_up_17_to_5_is_a_two_in_six_chance() -> None:
    # DCH: "17:5 ... would give the Germans a 2/5s - 40%, rounded down to 33% on a d6"
    g = german_attack_on({"H01": "2-3"}, {"T01": C, "H01": C}, {**ARMIES, "1Pz": W})
    g.apply(Choose("press:0"))
    assert stage(g) == "round-up"
    assert outcomes(g) == {"up": Fraction(1, 3), "stay": Fraction(2, 3)}
    g.apply(Outcome("up"))
    g.apply(Outcome(1))
    assert "4-1" in g.events[-2].text or any("on 4-1" in e.text for e in g.events[-6:])


def test_german_round_up_15_to_4_is_four_in_six() -> None:
    # DCH: "15:4 ... a 3/4s ... chance (dropping to the d6 2/3s chance) of rounding up to 4:1"
    g = game({**ARMIES, "H01": C, "T01": C}, profiles={"H01": "2-2"})
    c = ctx(g)
    o = odds(c, list(ARMIES), C)
    assert (o.attack, o.defence) == (15, 4)
    assert round_up_sixths(c, o) == 4


def test_no_round_up_for_attacks_with_axis_allied_units() -> None:
    g = german_attack_on(
        {"H01": "2-3"}, {"T01": C, "H01": C}, {"18A": W, "16A": NW, "9A": SW, "3RoA": W}
    )
    g.apply(Choose("press:0"))
    assert stage(g) != "round-up"


def test_german_pressed_attack_is_even_odds_up_or_down_as_many_columns() -> None:
    g = german_attack_on({"H01": "2-2"}, {"T01": C, "H01": C}, dict(ARMIES))  # 15:4 = 3:1
    assert {a.option for a in g.legal_actions()} == {f"press:{k}" for k in range(4)} | {
        f"press-radical:{k}" for k in range(1, 4)
    }
    g.apply(Choose("press:2"))
    g.apply(Outcome("stay"))  # no round-up
    assert stage(g) == "press-roll"
    assert outcomes(g) == {"up": Fraction(1, 2), "down": Fraction(1, 2)}
    g.apply(Outcome("down"))
    from dch_support import column_label

    assert column_label(g) == "3-2"  # 3:1 two columns down


def test_russian_press_is_one_column_up_or_two_down() -> None:
    g = game({"T01": W, "T02": NW, "18A": C}, turn=2)
    g.state.set("romania_attacked", True)
    fight(g, ["T01", "T02"], C)
    g.apply(Choose("retreat"))
    assert {a.option for a in g.legal_actions()} == {"press:0", "press:1", "press-radical:1"}
    g.apply(Choose("press:1"))
    base = g.state.get("battle")["shift"]
    g.apply(Outcome("down"))
    assert g.state.get("battle")["shift"] == base - 2


def test_disrupted_defender_reads_one_column_higher() -> None:
    g = game({**ARMIES, "H01": C}, profiles={"H01": "3-3"})
    before = odds(ctx(g), list(ARMIES), C).shift
    disrupt(g, "H01")
    assert odds(ctx(g), list(ARMIES), C).shift == before + 1


def test_mud_reduces_every_attack_one_column() -> None:
    good = game({**ARMIES, "H01": C}, profiles={"H01": "3-3"})
    mud = game({**ARMIES, "H01": C}, profiles={"H01": "3-3"}, turn=9)  # Oct II: mud
    assert odds(ctx(mud), list(ARMIES), C).shift == odds(ctx(good), list(ARMIES), C).shift - 1


def test_snow_raises_russian_attacks_except_on_cities() -> None:
    g = game({"T01": W, "18A": C}, turn=12)  # Dec I: snow
    shifts = dict(odds(ctx(g), ["T01"], C).shifts)
    assert shifts["DCH: Weather"] == 1
    g2 = game({"T01": W, "18A": C}, turn=12)
    g2.state.put(g2.state.units["18A"].moved_to("1114"))  # a town hex
    g2.state.put(g2.state.units["T01"].moved_to("1214"))
    assert "DCH: Weather" not in dict(odds(ctx(g2), ["T01"], "1114").shifts)


def test_snow_lowers_axis_attacks_one_column() -> None:
    g = game({**ARMIES, "H01": C}, profiles={"H01": "3-3"}, turn=12)  # Dec I: snow
    assert dict(odds(ctx(g), list(ARMIES), C).shifts)["DCH: Weather"] == -1


def test_cross_river_attack_is_one_column_left_unless_most_factors_are_not_across() -> None:
    # 0512 (Brest) has a river with 0413 and none with 0612.
    g = game(
        {"I": "0413", "H01": "0512"}, profiles={"H01": "1-1"}, axis_hexes=("0413", "0612"), turn=2
    )
    assert dict(odds(ctx(g), ["I"], "0512").shifts).get("DCH: Cross-River") == -1
    g.state.put(g.state.units["XX"].moved_to("0612"))
    g.state.put(g.state.units["1Pz"].moved_to("0612"))
    assert "DCH: Cross-River" in dict(odds(ctx(g), ["I", "XX"], "0512").shifts)  # 3 of 6
    assert "DCH: Cross-River" not in dict(odds(ctx(g), ["I", "XX", "1Pz"], "0512").shifts)


def test_the_die_reads_the_shifted_column() -> None:
    g = german_attack_on({"H01": "2-2"}, {"T01": C, "H01": C}, dict(ARMIES))
    g.apply(Choose("press:0"))
    g.apply(Outcome("stay"))
    die = die_for(g, "DE")
    g.apply(Outcome(die))
    assert any(e.kind == "result" and e.data["code"] == "DE" for e in g.events)


def test_first_turn_one_river_hexside_ignores_the_russian_defence_shift() -> None:
    g = game(
        {"I": "0413", "XX": "0412", "H01": "0512"},
        profiles={"H01": "1-1"},
        axis_hexes=("0413", "0412"),
    )
    assert "DCH: Cross-River" not in dict(odds(ctx(g), ["I"], "0512").shifts)
    fight(g, ["I"], "0512")
    assert list(g.state.get("free_river")) == ["0413", "0512"]
    # another river hexside is no longer free; the same one still is
    assert dict(odds(ctx(g), ["XX"], "0512").shifts).get("DCH: Cross-River") == -1
    assert "DCH: Cross-River" not in dict(odds(ctx(g), ["I"], "0512").shifts)
    g.state.turn = 2
    assert dict(odds(ctx(g), ["I"], "0512").shifts).get("DCH: Cross-River") == -1
