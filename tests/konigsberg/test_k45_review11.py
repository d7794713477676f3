"""K45 eleventh-round review: tests for done rows whose tests could not fail when the rule broke
(9.0b/9.0d closed hexsides in a retreat, 9.0c friendly units and the EZOC, 7.4a defensive lines,
7.3b stacks defend together, 12.4a Soviet mechanized steps, 3.5(4) impassable hexsides)."""

from __future__ import annotations

from k45_helpers import activate, game, hq, push, unit
from test_k45_combat import crt, fight, label

from wargames.core.actions import Attack, Choose, Place, Retreat
from wargames.konigsberg.supply import zoc_of


def test_9_0b_9_0d_a_retreat_never_crosses_an_unbridged_major_river() -> None:
    """K45 9.0b: only through hexes the units could move through; 4.2d (provisional TEC): an
    unbridged major river is prohibited. Every side of 0303 but those to the attacker's hex and
    0203 (next to it, so in its EZOC) is such a river: the only retreat costs a step (9.0c)."""
    river = [
        {"between": ["0303", n], "features": ["major-river"]}
        for n in ("0403", "0404", "0304", "0204")
    ]
    g = game(
        unit("S", "soviet", "0302", attack=20),
        unit("G", "german", "0303"),
        hexsides=river,
        charts=crt("Dr"),
    )
    fight(g, ["S"], "0303")
    assert {a.path for a in g.legal_actions() if isinstance(a, Retreat)} == {("0303", "0203")}
    (retreat,) = g.legal_actions()
    for across in ("0304", "0404", "0204"):
        assert g.check(Retreat(("G",), ("0303", across))) is not None, across
    g.apply(retreat)
    assert g.decision is not None and g.decision.step == "lose"
    assert g.state.stack[-1].args["count"] == 1


def test_9_0c_3_4_a_friendly_unit_does_not_negate_the_ezoc_for_a_retreat() -> None:
    """K45 9.0c: "Friendly units do not negate EZOCs for this purpose" (3.4: for supply ONLY).
    G's only open retreat hex 0404 holds the German F and lies in the ZOC of the Soviet T."""
    g = game(
        unit("S", "soviet", "0302", attack=20),
        unit("G", "german", "0303"),
        unit("T", "soviet", "0405"),
        unit("F", "german", "0404"),
        terrain={"water": ["0203", "0204", "0304", "0403"]},
        charts=crt("Dr"),
    )
    assert g.scenario.board.index.number["0404"] in zoc_of(g._ctx(), "soviet").nodes
    fight(g, ["S"], "0303")
    (retreat,) = g.legal_actions()
    assert isinstance(retreat, Retreat) and retreat.path == ("0303", "0404")
    g.apply(retreat)
    assert g.decision is not None and g.decision.step == "lose"
    assert g.state.stack[-1].args["count"] == 1


def test_7_4a_a_german_defender_behind_a_defensive_line_gets_its_shift() -> None:
    """K45 7.4a: a defensive line shifts -1 for the German defender when every attacker crosses
    it; none when one attacker does not."""
    g = game(
        unit("A", "soviet", "0302", attack=6),
        unit("B", "soviet", "0304", attack=2),
        unit("C", "soviet", "0302", attack=4),
        unit("G", "german", "0303", defence=2),
        hexsides=[{"between": ["0302", "0303"], "features": ["line"]}],
    )
    assert label(g, ["A"], "0303") == "2-1"  # 3-1 shifted -1
    assert label(g, ["C", "B"], "0303") == "3-1"  # B does not cross the line


def test_7_3b_every_unit_of_a_stack_defends_together() -> None:
    g = game(
        unit("A", "soviet", "0302", attack=8),
        unit("G1", "german", "0303", defence=2),
        unit("G2", "german", "0303", defence=2),
    )
    assert label(g, ["A"], "0303") == "2-1"  # 8:4, not 8:2


def test_12_4a_a_soviet_mechanized_step_costs_one_replacement() -> None:
    """K45 12.4a: Soviet mechanized steps cost one replacement too, and an eliminated Soviet unit
    may return at full strength in one turn: two points place E and rebuild its second step."""
    g = game(
        hq("H", "soviet", "0505"),
        unit("E", "soviet", None, box="eliminated", command="H", flags=("mech",)),
        unit("G", "german", "0101"),
        turns=3,
    )
    g.state.turn = 2  # two Soviet replacements on turn 2
    push(g, "replacements", side="soviet")
    g.apply(next(a for a in g.legal_actions() if isinstance(a, Place) and a.unit == "E"))
    assert g.state.units["E"].steps == 1
    assert Choose("step:E") in list(g.legal_actions())
    g.apply(Choose("step:E"))
    assert g.state.units["E"].steps == 2


def test_3_5_4_no_zoc_and_so_no_attack_across_an_impassable_hexside() -> None:
    g = game(
        unit("S", "soviet", "0302"),
        unit("G", "german", "0303"),
        hexsides=[{"between": ["0302", "0303"], "features": ["impassable"]}],
    )
    assert g.scenario.board.index.number["0303"] not in zoc_of(g._ctx(), "soviet").nodes
    activate(g, "", "soviet", ["S"])
    push(g, "combat", side="soviet")
    err = g.check(Attack(("S",), "0303"))
    assert err is not None and err.rule == "K45 3.5(1)"
