"""DCH: Setup: the free set-up option (Russian arrays covering the border, German units near
their places, Rm units in Rumania, armies fixed) and the fixed set-up's border cover."""

from __future__ import annotations

import tomllib

import pytest
from dch_support import ctx

import wargames
from wargames.core.actions import Choose, Outcome, Pass, Place
from wargames.core.errors import IllegalAction
from wargames.core.game import Game
from wargames.darkcrusade.hex import DATA
from wargames.darkcrusade.hex import counters as cn
from wargames.darkcrusade.hex.setup import border_hexes, uncovered


def free_game() -> Game:
    data = tomllib.loads((DATA / "barbarossa-1941.toml").read_text(encoding="utf-8"))
    data["options"] = {"free_setup": True}
    g = wargames.new_game("darkcrusade-hex", data, seed=0)
    g.apply(Outcome("plain"))
    return g


def test_the_fixed_set_up_covers_every_border_hex() -> None:
    g = wargames.new_game("darkcrusade-hex", seed=0)
    assert len(border_hexes(ctx(g))) >= 10
    assert uncovered(ctx(g)) == []
    g.apply(Outcome("plain"))
    assert g.decision is not None and g.decision.step != "free-setup"  # no option, no set-up


def test_the_russians_set_up_freely_but_must_cover_the_border() -> None:
    g = free_game()
    assert g.decision is not None and g.decision.side == cn.RUSSIAN
    assert g.decision.step == "free-setup"
    assert Pass() in set(g.legal_actions())
    assert Choose("P1") not in set(g.legal_actions())  # parachute korps keep their places
    c = ctx(g)
    board = g.scenario.board
    occ = g.state.occupancy()
    gap = border_hexes(c)[0]
    cover = sorted(
        u
        for n in (gap, *board.neighbours(gap))
        for u in occ.get(n, ())
        if g.scenario.units[u].side == cn.RUSSIAN and (n == gap or cn.has_zoc(c, u))
    )
    for u in cover:
        g.apply(Choose(u))
        far = max(
            (a for a in g.legal_actions() if isinstance(a, Place)),
            key=lambda a: board.distance(gap, a.at),
        )
        g.apply(far)
    assert gap in uncovered(ctx(g))
    assert Pass() not in set(g.legal_actions())
    with pytest.raises(IllegalAction, match="border"):
        g.apply(Pass())
    g.apply(Choose(cover[0]))
    back = next(a for a in g.legal_actions() if isinstance(a, Place) and a.at == gap)
    g.apply(back)
    assert uncovered(ctx(g)) == []
    g.apply(Pass())
    assert g.decision is not None and g.decision.side == cn.AXIS
    assert g.decision.step == "free-setup"


def test_german_units_set_up_near_their_places_rm_units_in_rumania_armies_fixed() -> None:
    g = free_game()
    g.apply(Pass())  # the Russian keeps the scenario's set-up
    board = g.scenario.board
    options = {a.option for a in g.legal_actions() if isinstance(a, Choose)}
    armies = {u for u in options if "army" in g.scenario.units[u].flags}
    assert armies == {"11A"}  # the Rm army; the others stay where the map shows them
    panzer = next(u for u in sorted(options) if "panzer" in g.scenario.units[u].flags)
    start = g.state.units[panzer].at
    g.apply(Choose(panzer))
    places = [a.at for a in g.legal_actions() if isinstance(a, Place)]
    assert places and all(board.distance(start, p) <= 2 for p in places)
    g.apply(Pass())
    rm = "11A"
    g.apply(Choose(rm))
    places = [a.at for a in g.legal_actions() if isinstance(a, Place)]
    assert places and all(board.has(p, "romania") for p in places)
    g.apply(Place(rm, places[-1]))
    assert g.state.units[rm].at == places[-1]
    korps = next(
        u
        for u in sorted(options)
        if {"infantry", "korps"} <= g.scenario.units[u].flags - {"rm"}
        and "rm" not in g.scenario.units[u].flags
    )
    g.apply(Choose(korps))
    armies_at = [
        u.at
        for u in g.state.units.values()
        if u.at and "army" in g.scenario.units[u.id].flags and g.scenario.units[u.id].side == "axis"
    ]
    for p in (a.at for a in g.legal_actions() if isinstance(a, Place)):
        assert any(board.distance(p, a) <= 2 for a in armies_at)
    g.apply(Pass())
    g.apply(Pass())
    assert g.decision is not None and g.decision.step != "free-setup"
