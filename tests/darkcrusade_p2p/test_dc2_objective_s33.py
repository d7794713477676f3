"""The search estimate's objective term (:func:`wargames.darkcrusade.p2p.victory.objective`):
the Axis's win requires Leningrad, Moscow or Stalingrad (``charts.victory.required``), so the
term grows as its army nears one, more for an attack on one, and is full for one held."""

from __future__ import annotations

import pytest

from wargames.darkcrusade.p2p import counters as cn
from wargames.darkcrusade.p2p import estimate_terms as terms
from wargames.darkcrusade.p2p import victory
from wargames.darkcrusade.p2p.fire import attack_strength, defence_strength

from .support import advance_to, ctx, game, infantry, unit
from .test_dc2_combat import commit


def test_the_objective_grows_as_the_army_nears_a_required_city() -> None:
    far = ctx(game([infantry("I", "axis", "Krakow")]))
    near = ctx(game([infantry("I", "axis", "Vyazma")]))  # one line from Moscow
    assert 0.0 <= victory.objective(far) < victory.objective(near)
    assert victory.objective(near) == pytest.approx(0.5 * (1 - 1 / victory.HORIZON))
    # near an ordinary victory city only (Smolensk, two lines from Moscow): less
    smolensk = ctx(game([infantry("I", "axis", "Smolensk")]))
    assert 0 < victory.objective(smolensk) < victory.objective(near)
    dispersed = ctx(game([infantry("I", "axis", "Vyazma", markers=(cn.DISPERSED,))]))
    assert victory.objective(dispersed) == 0.0  # a dispersed unit counts for nothing


def test_a_required_city_held_in_supply_is_full_and_another_city_is_not() -> None:
    line = {"Brest": "axis", "Baranovichi": "axis", "Minsk": "axis"}
    held = ctx(game([infantry("I", "axis", "Krakow")], control=line))
    alone = ctx(game([infantry("I", "axis", "Krakow")]))
    # Minsk (1 VP) held in supply adds no objective: the win needs a required city
    assert victory.axis_points(held)[0] == 1
    assert victory.objective(held) == victory.objective(alone) < 1.0
    everything = {p: "axis" for p in held.board if not held.board.attr(p, "box")}
    allheld = ctx(game([infantry("I", "axis", "Krakow")], control=everything))
    assert victory.objective(allheld) == 1.0
    # Moscow held but cut off from supply (the points around it Soviet): not yet a win
    cut = ctx(game([infantry("I", "axis", "Krakow")], control={"Moscow": "axis"}))
    assert victory.objective(cut) == victory.objective(alone)


def test_an_attack_on_a_required_city_counts_by_its_chance() -> None:
    units = [infantry("P", "axis", "Vyazma"), unit("S", "soviet", "Moscow", (1, 1))]
    g = advance_to(game(units, control={"Vyazma": "axis"}), "operational", "axis")
    before = victory.objective(ctx(g))
    commit(g, "P", "Vyazma", "Moscow")
    c = ctx(g)
    a = attack_strength(c, ["P"], False)
    d = defence_strength(c, "Moscow", ["S"], False)
    assert terms.pending_chances(c) == {"Moscow": pytest.approx(a / (a + d))}
    assert victory.objective(c) == pytest.approx(0.5 + 0.5 * a / (a + d))
    assert victory.objective(c) > before
