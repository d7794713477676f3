"""The point-to-point example title ``lines``: each rule L1-L7 on a small map, and the kit's
conformance checks over random play."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

import wargames
from wargames.core.actions import AllocateLosses, Attack, Choose, Move, Outcome, Pass, Retreat
from wargames.core.game import Game
from wargames.testing import check_title

# A - B - C in a row by road, B - D by track. Road: 2 units / 1 armour a side; track: 1 unit.
BASE: dict[str, Any] = {
    "title": "lines",
    "name": "test",
    "calendar": {"turns": 1},
    "map": {
        "kind": "points",
        "line_kinds": ["armour"],
        "line_classes": {
            "road": {"north": {"units": 2, "armour": 1}, "south": {"units": 2, "armour": 1}},
            "track": {"north": {"units": 1}, "south": {"units": 1}},
        },
        "points": [{"id": p, "x": i, "y": 0} for i, p in enumerate("ABCD")],
        "lines": [
            {"between": ["A", "B"], "class": "road"},
            {"between": ["B", "C"], "class": "road"},
            {"between": ["B", "D"], "class": "track"},
        ],
    },
    "charts": {"hit_on": 5, "rounds": 2, "stacking": 3, "victory_vp": 1},
}


def unit(
    uid: str, side: str, at: str, fire: list[int] | None = None, **extra: Any
) -> dict[str, Any]:
    return {
        "id": uid,
        "side": side,
        "type": "inf",
        "values": {"fire": fire or [2, 1]},
        "at": at,
        **extra,
    }


def game(*units: dict[str, Any], **charts: Any) -> Game:
    data = {**BASE, "units": list(units), "charts": {**BASE["charts"], **charts}}
    return wargames.new_game("lines", data, seed=1)


def to_combat(g: Game) -> None:
    """Pass North's movement."""
    assert g.decision is not None and g.decision.step == "movement"
    g.apply(Pass())


def test_l1_north_moves_and_fights_then_south() -> None:
    g = game(unit("N1", "north", "A"), unit("S1", "south", "D"))
    steps = []
    while g.decision is not None and g.decision.kind != "chance":
        steps.append((g.decision.side, g.decision.step))
        g.apply(Pass())
    assert steps == [
        ("north", "movement"),
        ("north", "combat"),
        ("south", "movement"),
        ("south", "combat"),
    ]


def test_l2_one_line_per_move_and_once_per_segment() -> None:
    g = game(unit("N1", "north", "A"), unit("S1", "south", "D"))
    assert g.check(Move(("N1",), ("A", "B", "C"))) is not None
    g.apply(Move(("N1",), ("A", "B")))
    error = g.check(Move(("N1",), ("B", "C")))
    assert error is not None and "already moved" in error.reason


def test_l2_no_move_into_an_enemy_point() -> None:
    g = game(unit("N1", "north", "A"), unit("S1", "south", "B"))
    error = g.check(Move(("N1",), ("A", "B")))
    assert error is not None and error.rule == "L2" and "enemy" in error.reason


def test_l2_a_line_carries_its_class_capacity_per_segment() -> None:
    g = game(*(unit(f"N{i}", "north", "A") for i in range(3)), unit("S1", "south", "D"))
    g.apply(Move(("N0",), ("A", "B")))
    g.apply(Move(("N1",), ("A", "B")))
    error = g.check(Move(("N2",), ("A", "B")))
    assert error is not None and error.rule == "L2" and "limit 2" in error.reason
    assert Move(("N2",), ("A", "B")) not in g.legal_actions()


def test_l2_armour_sub_limit_and_half_weight() -> None:
    armour = {"line": {"kind": "armour"}}
    g = game(
        unit("N1", "north", "A", **armour),
        unit("N2", "north", "A", **armour),
        unit("H1", "north", "A", line={"weight": "1/2"}),
        unit("H2", "north", "A", line={"weight": "1/2"}),
        unit("S1", "south", "D"),
    )
    g.apply(Move(("N1",), ("A", "B")))
    error = g.check(Move(("N2",), ("A", "B")))
    assert error is not None and "armour" in error.reason
    g.apply(Move(("H1",), ("A", "B")))
    g.apply(Move(("H2",), ("A", "B")))  # 1 + 1/2 + 1/2 = 2: fits exactly
    assert g.state.units["H2"].at == "B"


def test_l2_the_capacity_resets_each_segment() -> None:
    data = {**BASE, "calendar": {"turns": 2}}
    g = wargames.new_game(
        "lines",
        {
            **data,
            "units": [unit(f"N{i}", "north", "A") for i in range(3)] + [unit("S1", "south", "D")],
        },
        seed=1,
    )
    g.apply(Move(("N0",), ("A", "B")))
    g.apply(Move(("N1",), ("A", "B")))
    for _ in range(4):  # north combat, south movement, south combat, then north movement again
        g.apply(Pass())
    assert g.state.turn == 2
    assert g.check(Move(("N2",), ("A", "B"))) is None


def test_l3_stacking_limit_on_moves() -> None:
    g = game(unit("N1", "north", "A"), unit("S1", "south", "D"), stacking=1)
    g2 = game(
        unit("N1", "north", "A"), unit("N2", "north", "B"), unit("S1", "south", "D"), stacking=1
    )
    assert g.check(Move(("N1",), ("A", "B"))) is None
    error = g2.check(Move(("N1",), ("A", "B")))
    assert error is not None and error.rule == "L3"


def test_l4_declare_with_one_unit_then_add_one_at_a_time() -> None:
    g = game(unit("N1", "north", "A"), unit("N2", "north", "C"), unit("S1", "south", "B"))
    to_combat(g)
    assert g.check(Attack(("N1", "N2"), "B")) is not None
    g.apply(Attack(("N1",), "B"))
    assert g.decision is not None and g.decision.step == "join"
    assert list(g.legal_actions()) == [Pass(), Attack(("N2",), "B")]
    g.apply(Attack(("N2",), "B"))
    assert list(g.legal_actions()) == [Pass()]
    g.apply(Pass())
    assert g.decision is not None and g.decision.is_chance
    assert g.state.stack[-2].args["attackers"] == ("N1", "N2")


def test_l4_each_point_attacked_once_and_each_unit_fights_once() -> None:
    g = game(unit("N1", "north", "A"), unit("N2", "north", "C"), unit("S1", "south", "B", fire=[0]))
    to_combat(g)
    g.apply(Attack(("N1",), "B"))
    g.apply(Pass())
    g.apply(Outcome(0))  # the attackers miss
    g.apply(Outcome(0))  # the defender (no dice) misses
    g.apply(Choose("stand"))
    g.apply(Outcome(0))
    g.apply(Outcome(0))
    assert g.decision is not None and g.decision.step == "combat"
    assert list(g.legal_actions()) == [Pass()]  # B was attacked; N2 may not attack it again


def test_l5_fire_dice_are_the_sum_of_fire_for_steps_left() -> None:
    g = game(
        unit("N1", "north", "A", fire=[3, 1]),
        unit("S1", "south", "B", fire=[2, 1]),
        unit("S2", "south", "B", fire=[2, 1]),
    )
    to_combat(g)
    g.apply(Attack(("N1",), "B"))
    g.apply(Pass())
    outcomes = dict((a.value, p) for a, p in g.chance_outcomes())  # type: ignore[attr-defined]
    assert sorted(outcomes) == [0, 1, 2, 3]  # 3 dice
    assert outcomes[3] == Fraction(1, 27)


def test_l5_the_defender_allocates_the_hits_and_the_battle_goes_on() -> None:
    g = game(
        unit("N1", "north", "A", fire=[3, 1]),
        unit("S1", "south", "B"),
        unit("S2", "south", "B"),
    )
    to_combat(g)
    g.apply(Attack(("N1",), "B"))
    g.apply(Pass())
    g.apply(Outcome(2))
    assert g.decision is not None and g.decision.side == "south"
    assert g.decision.kind == "allocate-losses"
    assert AllocateLosses(("S1", "S2")) in g.legal_actions()
    g.apply(AllocateLosses(("S1", "S1")))
    assert g.state.units["S1"].box == "eliminated"
    # the defenders still there fire back with what they have left: S2 at full strength
    outcomes = [a.value for a, _ in g.chance_outcomes()]  # type: ignore[attr-defined]
    assert outcomes == [0, 1, 2]


def test_l6_the_defender_decides_to_stand_or_retreat_within_line_capacity() -> None:
    g = game(
        unit("N1", "north", "A"),
        unit("S1", "south", "B"),
        unit("S2", "south", "B"),
    )
    to_combat(g)
    g.apply(Attack(("N1",), "B"))
    g.apply(Pass())
    g.apply(Outcome(0))
    g.apply(Outcome(0))
    assert g.decision is not None and g.decision.side == "south" and g.decision.step == "stand"
    legal = set(g.legal_actions())
    # to C by road (2 units fit); not to D by track (1 unit); never to A (North's)
    assert legal == {Choose("stand"), Retreat(("S1", "S2"), ("B", "C"))}
    g.apply(Retreat(("S1", "S2"), ("B", "C")))
    assert {g.state.units[u].at for u in ("S1", "S2")} == {"C"}
    assert g.state.control["B"] == "north"  # emptied of defenders while N1 survives


def test_l6_a_battle_ends_after_the_last_round() -> None:
    g = game(unit("N1", "north", "A"), unit("S1", "south", "B"), rounds=1)
    to_combat(g)
    g.apply(Attack(("N1",), "B"))
    g.apply(Pass())
    g.apply(Outcome(0))
    g.apply(Outcome(0))
    assert g.decision is not None and g.decision.step == "combat"  # no choice after the last
    assert g.state.control.get("B") != "north"


def test_l7_a_side_with_no_units_loses_at_once() -> None:
    g = game(unit("N1", "north", "A", fire=[3]), unit("S1", "south", "B", fire=[1]))
    to_combat(g)
    g.apply(Attack(("N1",), "B"))
    g.apply(Pass())
    g.apply(Outcome(1))
    g.apply(AllocateLosses(("S1",)))
    result = g.result()
    assert result is not None and result.winner == "north" and "no units" in result.reason


def test_l7_north_needs_the_victory_points_at_the_end() -> None:
    g = game(unit("N1", "north", "A"), unit("S1", "south", "D"))
    while not g.is_over():
        g.apply(Pass())
    result = g.result()
    assert result is not None and result.winner == "south"


def test_a_fire_factor_is_a_declared_unit_value() -> None:
    from wargames.core.errors import ScenarioError

    with pytest.raises(ScenarioError, match=r"units\[0\].values.fire"):
        game({"id": "N1", "side": "north", "type": "inf", "at": "A"}, unit("S1", "south", "D"))


def test_lines_passes_the_conformance_kit() -> None:
    check_title("lines", seeds=range(3))
