"""Darkest Crusade's counters in pictures: the factors of the side showing."""

from __future__ import annotations

import attrs

import wargames


def test_a_shock_army_on_its_stronger_side_prints_those_factors() -> None:
    game = wargames.new_game("darkest", seed=1)
    uid = next(u for u, d in game.scenario.units.items() if "strong" in d.values)
    ctx = game.rules_context()
    d = game.scenario.units[uid]
    weak = game.title.counter(ctx, uid, None)
    assert weak.values == f"{int(d.attack[0])}-{int(d.defence[0])}"
    ctx.state.units[uid] = attrs.evolve(ctx.state.units[uid], markers={"strong"})
    strong = game.title.counter(ctx, uid, None)
    assert strong.values == "-".join(str(v) for v in d.values["strong"])
    assert strong.kind == "infantry" and strong.echelon == "XXXX"
