"""The example title's own rules (M1-M3 movement, C1-C6 combat, R1, V1-V2), each on a tiny map."""

from __future__ import annotations

import copy
from typing import Any

import pytest

import wargames
from wargames.core.actions import AllocateLosses, Attack, Move, Outcome, Pass, Retreat
from wargames.core.game import Game

BASE: dict[str, Any] = {
    "title": "minimal",
    "name": "test",
    "calendar": {"turns": 2},
    "map": {"columns": 5, "rows": 4},
    "charts": {
        "victory_vp": 1,
        "movement_cost": {"clear": 1, "forest": 2, "hill": 2, "river": 1},
        "defence_multiplier": {"forest": 2},
        "crt": {
            "columns": ["1-2", "1-1", "2-1", "3-1", "4-1"],
            "rule": "C2",
            "rows": {
                "1": ["A1", "A1", "-", "Dr", "Dr"],
                "2": ["A1", "-", "Dr", "Dr", "D1"],
                "3": ["-", "Dr", "Dr", "D1", "D1"],
                "4": ["-", "Dr", "A1/D1", "D1", "DE"],
                "5": ["Dr", "A1/D1", "D1", "DE", "DE"],
                "6": ["Dr", "D1", "DE", "DE", "DE"],
            },
        },
    },
}


def unit(
    uid: str, side: str, at: str, attack: int = 4, defence: int = 4, mp: int = 3
) -> dict[str, Any]:
    return {
        "id": uid,
        "side": side,
        "type": "inf",
        "attack": [attack, attack // 2],
        "defence": [defence, defence // 2],
        "movement": [mp, mp],
        "at": at,
    }


def game(*units: dict[str, Any], **map_extra: Any) -> Game:
    data = copy.deepcopy(BASE)
    data["units"] = list(units)
    data["map"].update(map_extra)
    return wargames.new_game("minimal", data, seed=1)


def destinations(g: Game, uid: str) -> set[str]:
    return {a.path[-1] for a in g.legal_actions() if isinstance(a, Move) and a.units == (uid,)}


def test_m1_terrain_and_river_costs_limit_the_move() -> None:
    g = game(
        unit("B", "blue", "0101", mp=2),
        unit("R", "red", "0504"),
        terrain={"forest": ["0201", "0202"]},
        hexsides=[{"between": ["0101", "0102"], "features": ["river"]}],
    )
    reach = destinations(g, "B")
    assert "0201" in reach  # forest costs 2
    assert "0301" not in reach  # forest 2 + clear 1 > 2
    assert "0102" in reach  # clear 1 + river 1
    assert "0103" not in reach  # 2 + 1 > 2
    error = g.check(Move(("B",), ("0101", "0102", "0103")))
    assert error is not None and error.rule == "M1"


def test_m2_entering_an_enemy_zoc_ends_the_move() -> None:
    g = game(unit("B", "blue", "0101", mp=5), unit("R", "red", "0303"))
    reach = destinations(g, "B")
    # 0302 is in R's ZOC; no hex beyond it along that line is reachable through it
    assert "0302" in reach
    with_path = [a for a in g.legal_actions() if isinstance(a, Move) and a.path[-1] == "0302"]
    assert all(
        set(a.path[1:-1]).isdisjoint({"0302", "0203", "0204", "0304", "0402", "0403"})
        for a in with_path
    )
    error = g.check(Move(("B",), ("0101", "0201", "0302", "0402")))
    assert error is not None


def test_m3_no_entering_occupied_hexes() -> None:
    g = game(unit("B", "blue", "0101"), unit("B2", "blue", "0102"), unit("R", "red", "0504"))
    assert "0102" not in destinations(g, "B")


def test_m1_each_unit_moves_once_per_phase() -> None:
    g = game(unit("B", "blue", "0101"), unit("R", "red", "0504"))
    g.apply(Move(("B",), ("0101", "0201")))
    error = g.check(Move(("B",), ("0201", "0301")))
    assert error is not None and "already moved" in error.reason


def to_combat(g: Game) -> None:
    g.apply(Pass())
    d = g.decision
    assert d is not None and d.step == "combat"


def test_c2_attacks_below_1_2_are_not_allowed() -> None:
    g = game(
        unit("B", "blue", "0101", attack=1),
        unit("R", "red", "0201", defence=4),
        terrain={"forest": ["0201"]},
    )
    to_combat(g)
    assert not any(isinstance(a, Attack) for a in g.legal_actions())
    error = g.check(Attack(("B",), "0201"))
    assert error is not None and error.rule == "C2"


def test_c1_attack_only_adjacent_enemy_hexes_once() -> None:
    g = game(unit("B", "blue", "0101"), unit("R", "red", "0301"), unit("R2", "red", "0102"))
    to_combat(g)
    assert g.check(Attack(("B",), "0301")) is not None
    g.apply(Attack(("B",), "0102"))
    g.apply(Outcome(3))  # 1-1, die 3: Dr -> red chooses the retreat
    d = g.decision
    assert d is not None and (d.side, d.kind) == ("red", "retreat")


def test_c6_the_defender_chooses_the_retreat_hex_and_may_not_enter_ezoc() -> None:
    g = game(unit("B", "blue", "0201"), unit("R", "red", "0301"))
    to_combat(g)
    g.apply(Attack(("B",), "0301"))
    g.apply(Outcome(3))  # 1-1 -> Dr
    retreats = [a for a in g.legal_actions() if isinstance(a, Retreat)]
    ends = {a.path[-1] for a in retreats}
    zoc_of_b = set(g.scenario.board.neighbours("0201"))
    assert ends and ends.isdisjoint(zoc_of_b)
    g.apply(retreats[0])
    assert g.state.units["R"].at == retreats[0].path[-1]


def test_c6_a_blocked_retreat_costs_a_step_instead() -> None:
    # R in the corner 0101, its only exits in B's ZOC or occupied
    g = game(unit("B", "blue", "0201"), unit("B2", "blue", "0102"), unit("R", "red", "0101"))
    to_combat(g)
    g.apply(Attack(("B",), "0101"))
    g.apply(Outcome(3))
    assert list(g.legal_actions()) == [AllocateLosses(("R",))]
    g.apply(AllocateLosses(("R",)))
    g.apply(AllocateLosses(("R",)))
    assert g.state.units["R"].steps == 1


def test_c5_a_last_step_lost_eliminates() -> None:
    g = game(
        unit("B", "blue", "0201", attack=8), unit("R", "red", "0301"), unit("R2", "red", "0504")
    )
    to_combat(g)
    g.apply(Attack(("B",), "0301"))  # 2-1
    g.apply(Outcome(6))  # DE
    assert g.state.units["R"].box == "eliminated"


def test_v2_a_side_with_no_units_loses_at_once() -> None:
    g = game(unit("B", "blue", "0201", attack=8), unit("R", "red", "0301"))
    to_combat(g)
    g.apply(Attack(("B",), "0301"))
    g.apply(Outcome(6))
    result = g.result()
    assert result is not None and result.winner == "blue" and "no units" in result.reason


def test_v1_towns_decide_at_the_end() -> None:
    g = game(
        unit("B", "blue", "0101"),
        unit("R", "red", "0504"),
        features={"town": ["0201"]},
        attributes={"0201": {"vp": 1}},
    )
    g.apply(Move(("B",), ("0101", "0201")))
    while not g.is_over():
        g.apply(Pass())
    result = g.result()
    assert result is not None and result.winner == "blue" and "1 VP" in result.reason


@pytest.mark.parametrize("seed", range(3))
def test_every_non_chance_decision_has_a_legal_action(seed: int) -> None:
    from wargames.agents import RandomAgent

    g = wargames.new_game("minimal", seed=seed)
    agent = RandomAgent(seed)
    while not g.is_over():
        d = g.decision
        assert d is not None
        if d.is_chance:
            g.roll()
        else:
            actions = list(g.legal_actions())
            assert actions
            assert all(g.check(a) is None for a in actions)
            g.apply(agent.choose(g))
