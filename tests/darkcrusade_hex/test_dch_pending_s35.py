"""The search estimate's allocated attacks (:func:`wargames.darkcrusade.hex.victory.
pending_points`): a victory city under an attack allocated and not yet fought counts for the
attacker by ``A / (A + D)`` in the estimate's points. It decides no rule."""

from __future__ import annotations

from dch_support import ctx

import wargames
from wargames.darkcrusade.hex import counters as cn
from wargames.darkcrusade.hex import victory
from wargames.darkcrusade.hex.attacks import set_allocations

WARSAW = "0312"


def _start() -> wargames.Game:
    return wargames.new_game("darkcrusade-hex", seed=0)


def _city(g: wargames.Game, side: str) -> str:
    c = ctx(g)
    return sorted(n for n in c.board.nodes_with("victory") if g.state.control.get(n) == side)[0]


def _unit(g: wargames.Game, side: str) -> str:
    return sorted(u.id for u in ctx(g).units_of(side) if u.at is not None)[0]


def test_an_axis_attack_allocated_on_a_russian_city_counts_by_its_chance() -> None:
    g = _start()
    city, uid = _city(g, cn.RUSSIAN), _unit(g, cn.AXIS)
    assert victory.pending_points(ctx(g)) == 0.0
    before = g.title.evaluate(ctx(g), cn.AXIS)
    set_allocations(ctx(g), {city: [uid]})
    c = ctx(g)
    a = cn.attack_factor(c, uid)
    d = sum(cn.defence_factor(c, u.id) for u in c.state.units_at(city))
    assert victory.pending_points(c) == a / (a + d) * victory.value(c, city) > 0.0
    assert g.title.evaluate(c, cn.AXIS) > before
    assert g.title.evaluate(c, cn.RUSSIAN) < 1.0 - before


def test_a_russian_attack_allocated_on_warsaw_counts_against_the_axis() -> None:
    g = _start()
    uid = _unit(g, cn.RUSSIAN)
    before = g.title.evaluate(ctx(g), cn.AXIS)
    set_allocations(ctx(g), {WARSAW: [uid]})
    assert victory.pending_points(ctx(g)) < 0.0
    assert g.title.evaluate(ctx(g), cn.AXIS) < before


def test_an_attack_on_a_city_the_attacker_holds_or_on_no_city_adds_nothing() -> None:
    g = _start()
    uid = _unit(g, cn.AXIS)
    plain = sorted(n for n in ctx(g).board if not ctx(g).board.has(n, "victory"))[0]
    set_allocations(ctx(g), {WARSAW: [uid], plain: [uid]})
    assert victory.pending_points(ctx(g)) == 0.0
