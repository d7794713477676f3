"""DC: Secret, Nonhistorical Russian Setup, review 17 (hidden information): the Axis's
determinisation deals which counter stands in each hidden place, never what he was told of the
place; the presence of a reserve decision tells him nothing of a hidden unit; a hidden unit's
sea move and recovery are told to him unnamed."""

from __future__ import annotations

import json

from darkest_support import army, new, rifle, skip, to_step
from test_darkest_setup_sequence import _secret_game, place_next, russian_at, to_replacements

from wargames.core.actions import AllocateLosses, Attack, Choose, Move, Pass, Place
from wargames.core.game import Game
from wargames.darkest import counters as cn

SEEDS = range(20)


def _blacks(n: int = 7) -> list[dict[str, object]]:
    return [rifle(f"R{i}", "E6", (2, 2), colour="black") for i in range(n)]


def _hidden_replacement() -> Game:
    """A secret set-up with a brown R9 eliminated; R9 then re-enters hidden on the centre C4,
    Disrupted (the Axis is told "a hidden unit returns at C4 Disrupted")."""
    brown = rifle("R9", None, (2, 2))  # eliminated
    g = to_replacements(_secret_game(*_blacks(6), brown, features={"replacement": ["C4"]}, turns=4))
    g.apply(Place("R9", "C4"))
    assert "R9" in g.state.get("hidden") and cn.DISRUPTED in g.state.units["R9"].markers
    return g


def _deals_keep_what_the_axis_was_told(g: Game, told: str) -> None:
    view = g.view("axis")
    for seed in SEEDS:
        dealt = g.determinize("axis", seed)
        assert dealt.view("axis") == view
        on_c4 = [u for u in dealt.state.units.values() if u.at == "C4"]
        assert on_c4 and all(told in u.markers for u in on_c4), (seed, on_c4)
        c = dealt._ctx()
        for target, uids in dict(dealt.state.get("attacks") or {}).items():
            for uid in uids:
                assert target in c.board.neighbours(dealt.state.units[uid].at), (seed, uid)


def test_a_deal_keeps_a_hidden_unit_told_disrupted_on_its_hex() -> None:
    """DC: Secret ... Setup: the Axis may not know which counter stands in a hidden place, but
    he was told that the unit returning at C4 is Disrupted: every deal has a Disrupted unit on
    C4, in the replacement step and at his own next decision (A.2.a, where he plans attacks)."""
    g = _hidden_replacement()
    _deals_keep_what_the_axis_was_told(g, cn.DISRUPTED)
    g.apply(Pass())
    to_step(g, "operations", "axis", "op")
    assert cn.DISRUPTED in g.state.units["R9"].markers and "R9" in g.state.get("hidden")
    _deals_keep_what_the_axis_was_told(g, cn.DISRUPTED)


def test_a_deal_keeps_a_hidden_mover_moved_and_an_allocated_attacker_next_to_its_target() -> None:
    """DC: Secret ... Setup: the Axis saw a hidden unit move C3-C4 (once per operational
    phase) and a hidden unit allocate an attack on B1: in every deal the unit on C4 has moved
    and every allocated attacker stands next to its target."""
    g = _secret_game(*_blacks(), german=(1, 3))
    for h in ["B2", "A2", "C3", "C2", "D2", "E2", "E6"]:
        place_next(g, h)
    g.apply(Place("G", "B1"))
    to_step(g, "operations", "russian", "op")
    mover = russian_at(g, "C3")[0]
    g.apply(Choose(mover))
    g.apply(Move((mover,), ("C3", "C4")))
    attacker = russian_at(g, "B2")[0]
    g.apply(Choose(attacker))
    g.apply(Attack((attacker,), "B1"))
    assert g.view("axis")["vars"]["attacks"] == {"B1": ["?"]}
    _deals_keep_what_the_axis_was_told(g, cn.MOVED)


def _reserve_twin(disrupt_second: bool) -> list[object]:
    """The Axis's exports through a Russian battle for B1 by the first of two hidden units on
    B2, Disrupted in round 1; the second, hidden and never fighting, Disrupted or not."""
    g = _secret_game(*_blacks(), german=(1, 3))
    for h in ["B2", "A2", "B2", "C2", "D2", "E2", "E6"]:
        place_next(g, h)
    g.apply(Place("G", "B1"))
    first, second = russian_at(g, "B2")
    to_step(g, "operations", "russian", "op")
    if disrupt_second:
        g.state.put(g.state.units[second].marked(cn.DISRUPTED))
    g.apply(Choose(first))
    g.apply(Attack((first,), "B1"))
    g.apply(Pass())
    seen: list[object] = []
    fought = False
    for _ in range(60):
        d = g.decision
        assert d is not None
        export = json.loads(g.export("axis"))
        seen.append((export["to_act"], export["view"]))
        fought = fought or g.state.get("battle") is not None
        if fought and g.state.get("battle") is None:
            break
        if d.is_chance:
            g.apply(g.chance_outcomes()[0][0])
        elif d.step == "combat" and Choose("B1") in g.legal_actions():
            g.apply(Choose("B1"))
        else:
            acts = list(g.legal_actions())
            loss = [a for a in acts if isinstance(a, AllocateLosses) and a.units[0] == first]
            g.apply(loss[0] if loss else skip(g))
    assert fought and second in g.state.get("hidden")
    return seen


def test_whether_a_reserve_decision_comes_tells_nothing_of_a_hidden_unit() -> None:
    """DC: Hex-Side Operational Attack Capacity with DC: Secret ... Setup: a hidden unit that
    does not join a battle stays hidden, whether it could have joined too: the Axis's exports
    are the same whether the hidden unit left in the gap hex is Disrupted or not."""
    assert _reserve_twin(False) == _reserve_twin(True)


def test_a_hidden_unit_s_sea_move_is_not_named_to_the_axis() -> None:
    """DC: Secret ... Setup with DC: Movement by sea: the Axis is told that a hidden unit
    sails, and where, never which; the Russian is told which."""
    g = new(
        army("G", "B1"),
        *(rifle(f"R{i}", "E6") for i in range(6)),
        terrain={"baltic": ["A4", "A5", "A6"]},
        features={"germany": ["A1", "B1", "C1", "D1", "E1"], "port": ["B5"]},
        control={
            "axis": ["A1", "B1", "C1", "D1", "E1"],
            "russian": [f"{r}{c}" for r in "BCDE" for c in range(2, 7)] + ["A2", "A3"],
        },
        charts={"sea_control": {"baltic": ["B5"]}},
        options={"secret_setup": True},
    )
    sailor = place_next(g, "A3")
    for h in ["A2", "B2", "C2", "D2", "E2"]:
        place_next(g, h)
    g.apply(Place("G", "B1"))
    to_step(g, "sea-move", "russian")
    n = len(g.events_for("axis"))
    g.apply(Move((sailor,), ("A3", "B5")))
    assert sailor in g.state.get("hidden")
    told = [e.text + json.dumps(dict(e.data), default=str) for e in g.events_for("axis")[n:]]
    assert any("a hidden unit sails from A3 to B5" in t for t in told)
    assert not any(sailor in t for t in told)
    assert any(sailor in e.text for e in g.events_for("russian")[n:])


def test_a_hidden_replacement_s_recovery_is_not_named_to_the_axis() -> None:
    """DC: Secret ... Setup with DC: Disruption: a hidden brown replacement re-entered
    Disrupted recovers at A.2.c; the Axis is told that a unit recovered, never which."""
    g = _hidden_replacement()
    n = len(g.events_for("axis"))
    m = len(g.events_for("russian"))
    for _ in range(400):
        if cn.DISRUPTED not in g.state.units["R9"].markers:
            break
        if g.decision.is_chance:
            g.apply(g.chance_outcomes()[0][0])
        else:
            g.apply(skip(g))
    assert cn.DISRUPTED not in g.state.units["R9"].markers and "R9" in g.state.get("hidden")
    told = [e.text + json.dumps(dict(e.data), default=str) for e in g.events_for("axis")[n:]]
    assert any(t.startswith("recovered from Disruption: ?") for t in told)
    assert not any("R9" in t for t in told)
    assert any("R9" in e.text and "recover" in e.text for e in g.events_for("russian")[m:])
