"""Thirteenth-round review (s29): two sentences of the Darkest Crusade paragraph the
Replacements row fills from (Russian Replacements): "Siberian units are irreplaceable, as is
16. Army, if it is eliminated while out of supply", and "At the start of the Replacement Phase,
the Russian player may voluntarily eliminate any of his units, to bring them back on the board
as replacements"."""

from __future__ import annotations

from typing import Any

from wargames.core.actions import Choose, Move, Outcome, Pass
from wargames.core.game import Game
from wargames.darkcrusade.p2p.replacements import replaceable
from wargames.darkcrusade.p2p.supply import supplied_points

from .support import BASE, advance_to, ctx, frame_side, game, infantry, panzer

ARMY16 = next(u for u in BASE["units"] if u["id"] == "16A-S")
ATTACKS = [("P0", "Tarnopol"), ("P1", "Tarnopol"), ("P2", "Tarnopol"), ("Q0", "Kishinev")]
ATTACKS += [("Q1", "Odessa"), ("Q2", "Uman")]


def _16th_army_destroyed(control: dict[str, str]) -> Game:
    """Six panzers attack the real 16A-S on Vinnitsa in the Axis turn 1 operational phase;
    every die roll is a 1 and the attacker always presses on; then passing to the Soviet
    replacement phase of the same game turn (or his strategic movement if it asks nothing)."""
    units: list[dict[str, Any]] = [dict(ARMY16, at="Vinnitsa")]
    units += [panzer(u, at) for u, at in ATTACKS]
    units += [infantry("S1", "soviet", "Moscow")]
    g = advance_to(game(units, control=control), "operational", "axis")
    for uid, origin in ATTACKS:
        g.apply(Choose(uid))
        g.apply(Move((uid,), (origin, "Vinnitsa")))
    g.apply(Pass())
    for _ in range(300):
        d = g.decision
        assert d is not None
        if d.step in ("replacements", "strategic") and frame_side(g) == "soviet":
            break
        if d.is_chance:
            g.apply(Outcome(1))
            continue
        acts = list(g.legal_actions())
        if d.step == "press-on":
            g.apply(next(a for a in acts if a != Pass()))
        else:
            g.apply(Pass() if Pass() in acts else acts[0])
    assert g.state.units["16A-S"].at is None
    return g


# --- F1: "as is 16. Army, if it is eliminated while out of supply"


def test_16th_army_eliminated_out_of_supply_is_irreplaceable() -> None:
    cut_off = dict.fromkeys(["Kiev", "Kishinev", "Odessa", "Tarnopol", "Uman"], "axis")
    g = _16th_army_destroyed(cut_off)
    assert g.state.units["16A-S"].box == "lost"
    assert "16A-S" not in replaceable(ctx(g), "soviet")
    assert Choose("16A-S") not in g.legal_actions()


def test_16th_army_eliminated_in_supply_comes_back_as_a_replacement() -> None:
    g = _16th_army_destroyed(dict.fromkeys(["Kishinev", "Odessa", "Tarnopol", "Uman"], "axis"))
    assert g.state.units["16A-S"].box == "eliminated"
    assert "16A-S" in replaceable(ctx(g), "soviet")
    assert Choose("16A-S") in g.legal_actions()


# --- F2: "the Russian player may voluntarily eliminate any of his units"


def _soviet_turn(units: list[dict[str, Any]], **kw: Any) -> Game:
    """Turn 1, passing all the way, to the first Soviet decision from the start of the
    replacement phase on (voluntary elimination, else strategic movement)."""
    g = game(units, **kw)
    for _ in range(500):
        d = g.decision
        assert d is not None
        if frame_side(g) == "soviet" and d.step in ("disband", "strategic"):
            return g
        if d.is_chance:
            g.roll()
        else:
            g.apply(Pass() if Pass() in g.legal_actions() else g.legal_actions()[0])
    raise AssertionError("no Soviet decision")


def test_soviet_units_may_be_eliminated_voluntarily_to_come_back_as_replacements() -> None:
    units = [infantry("A", "soviet", "Kiev"), infantry("B", "soviet", "Minsk")]
    g = _soviet_turn([*units, infantry("G", "axis", "Warsaw")])
    assert g.decision is not None and g.decision.step == "disband"
    assert set(g.legal_actions()) == {Pass(), Choose("A"), Choose("B")}
    g.apply(Choose("A"))
    assert g.state.units["A"].box == "eliminated"
    g.apply(Pass())
    assert g.decision is not None and g.decision.step == "replacements"
    assert replaceable(ctx(g), "soviet") == ["A"]


def test_voluntary_elimination_of_16th_army_out_of_supply_makes_it_irreplaceable() -> None:
    cut_off = dict.fromkeys(["Kiev", "Kishinev", "Odessa", "Tarnopol", "Uman"], "axis")
    units = [dict(ARMY16, at="Vinnitsa"), infantry("B", "soviet", "Minsk")]
    g = _soviet_turn([*units, infantry("G", "axis", "Kiev")], control=cut_off)
    assert g.decision is not None and g.decision.step == "disband"
    assert "Vinnitsa" not in supplied_points(ctx(g), "soviet")
    g.apply(Choose("16A-S"))
    g.apply(Pass())
    assert "16A-S" not in replaceable(ctx(g), "soviet")


def test_the_axis_has_no_voluntary_elimination() -> None:
    units = [infantry("G", "axis", "Warsaw"), infantry("S", "soviet", "Moscow")]
    g = advance_to(game(units), "strategic", "axis")
    assert not any(f.step == "disband" for f in g.state.stack)
    assert all(e.kind != "eliminated" for e in g.events)
