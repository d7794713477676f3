"""Fifteenth-round review (filled gaps, sentence by sentence): F1 substitute attackers, F2 the
voluntary advance after a retreat, F4 the Moscow morale-collapse roll and the documentation
findings (F3, F5, F6 and the earlier rounds' unrecorded sentences)."""

from __future__ import annotations

from pathlib import Path

import pytest

from wargames.core.actions import (
    Advance,
    AllocateLosses,
    Attack,
    Choose,
    Move,
    Outcome,
    Pass,
    Retreat,
)
from wargames.core.errors import IllegalAction
from wargames.core.game import Game
from wargames.darkcrusade.p2p import battle as bt

from .support import (
    advance_to,
    ctx,
    frame_side,
    game,
    infantry,
    panzer,
    play,
    unit,
)
from .test_dc2_combat import battle_at

TABLE = Path(__file__).parents[2] / "docs" / "rules" / "darkcrusade-p2p.md"


def _row(start: str) -> str:
    """The table row whose first cell starts with ``start``."""
    rows = [r for r in TABLE.read_text().splitlines() if r.startswith(f"| {start}")]
    assert len(rows) == 1, start
    return rows[0]


# --- F1: Darkest Crusade, Disruption: a substitute from the same point -----------------------


def _round_two(extra: list[dict[str, object]] | None = None) -> Game:
    """A1, A2 attack Baranovichi from Brest, A3 waits on Brest; A1 is dispersed in round 1
    (the reviewer's f1_substitute.py position)."""
    units = [infantry(f"A{i}", "axis", "Brest") for i in (1, 2, 3)]
    units += [infantry("D1", "soviet", "Baranovichi", hits=3)]
    units += [infantry("D2", "soviet", "Baranovichi", hits=3), infantry("X", "soviet", "Gorki")]
    units += extra or []
    g = advance_to(game(units, control={"Brest": "axis"}), "operational", "axis")
    play(g, Choose("A1"), Move(("A1",), ("Brest", "Baranovichi")))
    play(g, Choose("A2"), Move(("A2",), ("Brest", "Baranovichi")), Pass())
    play(g, Outcome(6), Outcome(1), AllocateLosses(("D1",)), AllocateLosses(("A1",)))
    g = advance_to(g, "press-on")
    return play(g, Choose("continue"))


def test_a_fresh_unit_on_the_point_may_replace_an_attacker_dispersed_in_round_1() -> None:
    g = _round_two()
    assert g.decision is not None and g.decision.step == "reserve"
    assert list(g.legal_actions()) == [Pass(), Attack(("A3",), "Baranovichi")]
    play(g, Attack(("A3",), "Baranovichi"))
    c = ctx(g)
    b = bt.load(c)
    assert bt.attackers(c, b) == ["A2", "A3"]
    assert b.gaps == ()  # one for one: the gap is filled
    assert bt.line_error(c, b, "Brest", []) is None
    origin = dict(b.attackers)
    assert [u for u in bt.attackers(c, b) if origin[u] == "Brest"] == ["A2", "A3"]  # the load
    assert g.decision is not None and g.decision.step == "fire"  # round 2 with A3


def test_a_substitute_comes_only_from_the_point_of_a_dispersed_attacker() -> None:
    # B stands on Warsaw, no point an attacker was dispersed on: never offered
    g = _round_two([infantry("B", "axis", "Warsaw")])
    assert Attack(("B",), "Baranovichi") not in list(g.legal_actions())
    with pytest.raises(IllegalAction, match="Disruption"):
        g.apply(Attack(("B",), "Baranovichi"))


def test_a_unit_that_moved_this_turn_is_no_substitute() -> None:
    g = _round_two()
    c = ctx(g)
    a3 = c.state.units["A3"]
    from wargames.core.markers import PHASE, scoped

    c.state.put(a3.marked(scoped("acted", PHASE)))
    assert bt.substitutes(c, bt.load(c)) == []


def test_a_substitute_must_fit_the_line_capacity() -> None:
    # 4 panzers (the major line's armour limit for the Axis) and I1 attack from Brest; I1 is
    # dispersed; P5 may not replace it: 5 armour units on the line.
    units = [panzer(f"P{i}", "Brest") for i in range(1, 6)]
    units += [infantry("I1", "axis", "Brest")]
    units += [infantry(f"D{i}", "soviet", "Baranovichi", hits=3) for i in (1, 2)]
    g = battle_at(
        units,
        [(f"P{i}", "Brest", "Baranovichi") for i in range(1, 5)] + [("I1", "Brest", "Baranovichi")],
    )
    c = ctx(g)
    b = bt.load(c)
    b = bt.Battle(b.target, b.side, b.attackers, round=1, gaps=("Brest",))
    assert bt.line_error(c, b, "Brest", ["P5"]) is not None
    c.state.put(c.state.units["I1"].marked("dispersed"))
    b = bt.drop_dispersed(c, bt.Battle(b.target, b.side, b.attackers, round=1))
    assert b.gaps == ("Brest",)
    assert bt.substitutes(c, b) == []  # armour 5 > 4 on the major line


# --- F2: the attacker's advance after a retreat is voluntary ----------------------------------


def _retreated() -> Game:
    units = [unit(u, "axis", "Lublin", (1, 1), hits=3) for u in ("A", "B")]
    units += [infantry("S", "soviet", "Rowno")]
    g = battle_at(units, [("A", "Lublin", "Rowno"), ("B", "Lublin", "Rowno")])
    g.apply(Outcome(6))
    g.apply(Outcome(1))
    return play(g, Retreat(("S",), ("Rowno", "Zhitomir")))


def test_after_a_retreat_the_attacker_may_stay_where_it_attacked_from() -> None:
    g = _retreated()
    assert g.decision is not None and g.decision.step == "advance"
    assert list(g.legal_actions()) == [
        Pass(),
        Advance(("A",), ("Lublin", "Rowno")),
        Advance(("B",), ("Lublin", "Rowno")),
    ]
    play(g, Pass())
    u = g.state.units
    assert (u["A"].at, u["B"].at) == ("Lublin", "Lublin")
    assert not g.state.units_at("Rowno")


def test_after_a_retreat_the_attacker_chooses_which_units_advance() -> None:
    g = _retreated()
    play(g, Advance(("B",), ("Lublin", "Rowno")))
    assert list(g.legal_actions()) == [Pass(), Advance(("A",), ("Lublin", "Rowno"))]
    with pytest.raises(IllegalAction, match="advance"):
        g.apply(Advance(("A",), ("Lublin", "Kiev")))  # no advance beyond the point
    play(g, Pass())
    u = g.state.units
    assert (u["A"].at, u["B"].at) == ("Lublin", "Rowno")
    assert g.state.control["Rowno"] == "axis"


def test_after_elimination_the_attackers_still_occupy() -> None:
    units = [unit("A", "axis", "Lublin", (6, 1), hits=3), unit("S", "soviet", "Rowno", (1, 1))]
    g = battle_at(units, [("A", "Lublin", "Rowno")])
    g.apply(Outcome(6))
    g = advance_to(g, "operational")
    assert g.state.units["A"].at == "Rowno"


def test_the_retreat_row_records_the_advance_clauses() -> None:
    row = _row("Retreat")
    assert "advance into the hex" in row and "review15::" in row
    assert "adjacent unoccupied hex" in row and "not adopted" in row.lower()
    assert "2 hexes" in row


# --- F4: the hex edition's Moscow morale-collapse roll ----------------------------------------


def _moscow_taken() -> Game:
    """The Axis takes an empty Moscow in supply, 2 VP (the reviewer's f3_moscow_morale.py)."""
    from wargames.darkcrusade.p2p import geography as geo

    t = geo.points(ctx(game([infantry("X", "soviet", "Gorki")])))
    vp = {p for p in t if t[p].vp and t[p].country == "soviet"}
    keep = {"Gorki", "Yaroslavl", "Ryazan"}
    control = {p: "axis" for p in t if not t[p].box and p not in vp and p not in keep}
    g = game([infantry("A", "axis", "Vyazma"), infantry("X", "soviet", "Gorki")], control=control)
    g = advance_to(g, "operational", "axis")
    return play(g, Choose("A"), Move(("A",), ("Vyazma", "Moscow")), Pass())


def test_taking_moscow_in_supply_rolls_for_morale_collapse_one_in_three() -> None:
    from fractions import Fraction

    g = _moscow_taken()
    d = g.decision
    assert d is not None and d.is_chance and d.step == "moscow"
    assert dict(g.chance_outcomes()) == {
        Outcome("collapse"): Fraction(1, 3),
        Outcome("holds"): Fraction(2, 3),
    }
    g.apply(Outcome("collapse"))
    r = g.result()
    assert r is not None and r.winner == "axis" and "morale" in r.reason


def test_moscow_rolls_once_per_capture() -> None:
    g = _moscow_taken()
    g.apply(Outcome("holds"))
    assert g.result() is None and g.state.get("moscow_rolled") is True
    for _ in range(50):  # to the Soviet turn: no second roll for the same capture
        d = g.decision
        assert d is not None
        assert d.step != "moscow"
        if d.step == "operational" and frame_side(g) == "soviet":
            break
        g.apply(Pass() if Pass() in list(g.legal_actions()) else next(iter(g.legal_actions())))


def test_the_victory_row_records_the_roll_and_the_degrees_of_victory() -> None:
    row = _row("Victory")
    assert "morale collapse" in row and "review15" in row
    assert "Smashing" in row and "not adopted" in row.lower()


# --- documentation findings: F3, F5, F6 and the earlier rounds' dropped sentences ------------


def test_the_supply_rows_record_the_hex_edition_s_other_effects_as_not_adopted() -> None:
    from wargames.darkcrusade.p2p import fire

    supply, effects = _row("Supply (for"), _row("Effects of being out of supply")
    for words in ("supply ranges", "Zone of Control", "Air Supply", "friendly-controlled sea"):
        assert words in supply, words
    assert "Disrupted unsupplied/isolated units are eliminated" in supply
    for words in ("Disrupted in the Supply Status", "reduced by 1 odds column", "raised one"):
        assert words in effects, words
    assert "Not adopted" in supply and "Not adopted" in effects
    assert "hex edition and Darkest" not in effects  # the halving is Darkest's alone
    doc = Path(fire.__file__).read_text().split("SUPPLY =")[1][:300]  # fire.SUPPLY's docstring
    assert "Darkest Crusade's supply paragraph" in doc and "hex edition's and" not in doc


def test_the_october_roll_is_credited_to_darkest_crusade() -> None:
    from wargames.darkcrusade.p2p import weather
    from wargames.darkcrusade.p2p.charts import charts

    g = game([infantry("X", "soviet", "Gorki")])
    assert weather.RULE.startswith("Darkest Crusade") and "hex" not in weather.RULE
    note = charts(ctx(g)).provisional["weather"]
    assert "Darkest Crusade's weather rule" in note
    assert "Darkest Crusade's Weather" in _row("October and November")


def test_the_reinforcement_box_fall_back_is_a_recorded_reading() -> None:
    from wargames.darkcrusade.p2p import reinforcements

    row = _row("Reinforcements (lost)")
    assert "the hex edition's procedure" not in row
    assert "reading, provisional" in row and "entry point is lost" in row
    assert "reading, provisional" in (reinforcements.__doc__ or "")


def test_the_earlier_rounds_dropped_sentences_are_recorded() -> None:
    assert "Recovery split **not adopted**" in _row("Hits")
    assert "It may not be retreated into a hex adjacent" in _row("Retreat")
    assert "including Warsaw, Helsinki, and all of Romania" in _row("Victory")
    assert "a dispersed defender may not retreat" in _row("Retreat")
    assert "Shock Armies may be on their stronger side" in _row("The Siberian Reserve gamble")
