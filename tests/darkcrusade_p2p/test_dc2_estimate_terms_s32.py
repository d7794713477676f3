"""The search estimate's look-ahead terms (:mod:`wargames.darkcrusade.p2p.estimate_terms`):
the guard of Warsaw and Bucharest (the Soviets' sudden death), the cities that would stay in
Axis supply after a Soviet step, and the pending attacks counted by their chances."""

from __future__ import annotations

import pytest

from wargames.core.actions import Pass
from wargames.darkcrusade.p2p import counters as cn
from wargames.darkcrusade.p2p import estimate_terms as terms
from wargames.darkcrusade.p2p import victory
from wargames.darkcrusade.p2p.fire import attack_strength, defence_strength
from wargames.darkcrusade.p2p.operational import attacks as pending_attacks

from .support import advance_to, ctx, game, infantry, unit
from .test_dc2_combat import commit

GARRISONS = [infantry("W", "axis", "Warsaw"), infantry("B", "axis", "Bucharest")]
MINSK_LINE = {"Brest": "axis", "Baranovichi": "axis", "Minsk": "axis"}
"""Minsk (1 VP) held, traced back to Warsaw through Brest alone (Bialystok is Soviet)."""


def test_garrisons_with_no_soviet_unit_next_to_them_are_safe() -> None:
    assert terms.guard(ctx(game(GARRISONS))) == 1.0


def test_a_garrison_holds_by_its_defence_against_the_attack_next_to_it() -> None:
    strong = unit("S", "soviet", "Brest", (9, 1))
    c = ctx(game([*GARRISONS, strong]))
    share = defence_strength(c, "Warsaw", ["W"], False) / attack_strength(c, ["S"], False)
    assert 0 < share < 1
    assert terms.held_against(c, "Warsaw") == share
    assert terms.guard(c) == pytest.approx((share + 1.0) / 2)  # Bucharest: no one near


def test_an_empty_warsaw_falls_with_the_nearest_soviet_unit() -> None:
    bucharest = [GARRISONS[1]]
    # Brest is next to Warsaw: a Soviet unit there walks in (DC2 Operational Movement)
    assert terms.guard(ctx(game([*bucharest, infantry("S", "soviet", "Brest")]))) == 0.5
    # Brest, Baranovichi and Bialystok Axis: the nearest Soviet points are two lines away
    far = {"Brest": "axis", "Bialystok": "axis", "Baranovichi": "axis"}
    c = ctx(game(bucharest, control=far))
    assert 0.5 < terms.guard(c) < 1.0
    c.state.control["Warsaw"] = cn.SOVIET
    assert terms.guard(c) == 0.5  # held by the Soviets: no safety left


def test_a_city_whose_supply_line_a_soviet_step_cuts_is_not_secure() -> None:
    alone = ctx(game([infantry("I", "axis", "Krakow")], control=MINSK_LINE))
    assert victory.axis_points(alone)[0] == 1 and terms.secure_points(alone) == 1
    # a Soviet unit on Pinsk walks into the empty Brest and cuts Minsk's line
    cut = ctx(
        game(
            [infantry("I", "axis", "Krakow"), infantry("S", "soviet", "Pinsk")], control=MINSK_LINE
        )
    )
    assert "Brest" in terms.soviet_reach(cut)
    assert victory.axis_points(cut)[0] == 1 and terms.secure_points(cut) == 0
    # an Axis unit on Brest: the Soviet unit must attack it first
    held = ctx(
        game([infantry("I", "axis", "Brest"), infantry("S", "soviet", "Pinsk")], control=MINSK_LINE)
    )
    assert terms.secure_points(held) == 1


def test_a_pending_attack_counts_its_target_by_its_chance_until_its_battle() -> None:
    units = [infantry("P", "axis", "Vilnius"), unit("S", "soviet", "Minsk", (1, 1))]
    g = advance_to(game(units, control={"Vilnius": "axis"}), "operational", "axis")
    before = victory.estimate(ctx(g), cn.AXIS)
    assert terms.pending_gains(ctx(g)) == (0.0, 0.0)
    commit(g, "P", "Vilnius", "Minsk")
    c = ctx(g)
    a = attack_strength(c, ["P"], False)
    d = defence_strength(c, "Minsk", ["S"], False)
    assert terms.pending_gains(c) == pytest.approx((a / (a + d), a / (a + d)))  # Minsk: 1 VP
    assert victory.estimate(c, cn.AXIS) > before
    g.apply(Pass())  # the combat phase: the battle for Minsk begins
    assert g.state.get("battle") is not None
    assert "Minsk" not in pending_attacks(ctx(g))
    assert terms.pending_gains(ctx(g)) == (0.0, 0.0)  # its own state decides now
