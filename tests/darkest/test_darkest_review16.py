"""Sixteenth rules review (s29): the must-attack rule's panzergruppe and UnDisrupted halves,
the rough-terrain hexside limit out of swamp or mountains, and the shock army flip's
conditions (UnDisrupted, in supply)."""

from __future__ import annotations

import pytest
from darkest_support import (
    army,
    markers,
    new,
    panzergruppe,
    rifle,
    to_step,
    unit,
)

from wargames.core.actions import Attack, Choose, Pass
from wargames.core.game import Game
from wargames.darkest import counters as cn

# C2's neighbours: B2, B3, C1, C3, D2, D3. The Russians in B2 attack G1 in B3; both touch C2.
C2_OTHERS = ["C1", "C3", "D2", "D3"]


def russians_attack_b3(*units: dict, terrain: dict[str, list[str]]) -> Game:
    g = new(
        army("G1", "B3"),
        *units,
        rifle("R1", "B2", (2, 2)),
        rifle("R2", "B2", (2, 2)),
        terrain=terrain,
    )
    g = to_step(g, "operations", "russian", "op")
    g.apply(Choose("R1"))
    g.apply(Attack(("R1",), "B3"))
    return g


def must_error(g: Game) -> str | None:
    error = g.check(Pass())
    return error.reason if error is not None else None


def test_a_panzergruppe_in_clear_next_to_the_attackers_clear_hex_must_also_be_attacked() -> None:
    # DC: Hex-Side Operational Attack Capacity: "panzergruppe units both in clear terrain hexes
    # and adjacent to a clear terrain hex": the Russians' own hex B2 is that clear hex, though
    # every other neighbour of C2 is forest.
    g = russians_attack_b3(panzergruppe("P", "C2"), terrain={"forest": ["B3", *C2_OTHERS]})
    reason = must_error(g)
    assert reason is not None and "C2 must also be attacked" in reason
    assert g.check(Pass()).rule.startswith("DC: Hex-Side Operational Attack Capacity")
    g.apply(Choose("R2"))
    g.apply(Attack(("R2",), "C2"))
    assert must_error(g) is None  # 2 against 2


@pytest.mark.parametrize("far_terrain", ["clear", "forest"])
def test_a_panzergruppe_does_not_bind_russians_attacking_out_of_a_non_clear_hex(
    far_terrain: str,
) -> None:
    # Reading (docs/rules/darkest.md): the clear hex next to the panzergruppe is the attacking
    # Russians' hex, as in the stop rule; D2, which takes no part in the attack, does not count.
    forest = ["B2", "B3", "C1", "C3", "D3"] + (["D2"] if far_terrain == "forest" else [])
    g = russians_attack_b3(panzergruppe("P", "C2"), terrain={"forest": forest})
    assert must_error(g) is None


def test_a_panzergruppe_outside_clear_terrain_never_binds() -> None:
    g = russians_attack_b3(panzergruppe("P", "C2"), terrain={"forest": ["C2"]})
    assert must_error(g) is None


def test_a_disrupted_german_army_next_to_a_russian_attack_need_not_be_attacked() -> None:
    # "An UnDisrupted German army": G2, Disrupted in the Russian turn (e.g. by a hit at B.2.c
    # before the Proriv!), does not bind; UnDisrupted it does.
    g = russians_attack_b3(army("G2", "C2"), terrain={})
    assert "C2 must also be attacked" in (must_error(g) or "")
    g = new(army("G1", "B3"), army("G2", "C2"), rifle("R1", "B2", (2, 2)))
    g = to_step(g, "operations", "russian", "op")
    g.state.put(g.state.units["G2"].marked(cn.DISRUPTED))
    g.apply(Choose("R1"))
    g.apply(Attack(("R1",), "B3"))
    assert must_error(g) is None


def shock_army(at: str) -> dict:
    return unit(
        "SA1",
        "russian",
        at,
        (2, 2),
        kind="shock-army",
        flags=("white", "siberian", "shock", "infantry", "army"),
        values={"strong": [3, 3]},
    )


def test_a_shock_army_out_of_supply_may_not_flip() -> None:
    # DC: Siberian Reserve Gamble and Shock Army Emplacement: "UnDisrupted Shock Armies in
    # supply may be flipped": SA1 in D5 ringed by German armies is out of supply.
    ring = [army(f"G{i}", h) for i, h in enumerate(["C5", "C6", "D4", "D6", "E5", "E6"])]
    g = to_step(new(*ring, shock_army("D5")), "russian-admin", "russian")
    assert Choose("flip:SA1") not in g.legal_actions()
    assert g.check(Choose("flip:SA1")) is not None


def test_a_disrupted_shock_army_may_not_flip() -> None:
    g = to_step(new(army("G", "B1"), shock_army("D5")), "russian-admin", "russian")
    assert Choose("flip:SA1") in g.legal_actions()  # UnDisrupted and in supply
    g.state.put(g.state.units["SA1"].marked(cn.DISRUPTED))
    assert cn.DISRUPTED in markers(g, "SA1")
    assert Choose("flip:SA1") not in g.legal_actions()
    assert g.check(Choose("flip:SA1")) is not None
