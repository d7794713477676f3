"""Ninth-round review (s28): tests that pin rules the earlier named tests could not fail on:
retreats charged to their line (Lines C, Terrain D), the highway's second point and second
line (Lines D, A), the cap on the C.2 defence increase, the C.1 cut on the defenders' hits only,
and the strict "greater" of the combat order."""

from __future__ import annotations

import pytest

from wargames.core.actions import AllocateLosses, Attack, Choose, Move, Outcome, Retreat
from wargames.core.errors import IllegalAction
from wargames.darkcrusade.p2p.fire import defence_strength, fortress_bonus

from .support import advance_to, ctx, game, infantry, panzer, play, unit
from .test_dc2_combat import battle_at

HQ = {"weight": "1/2", "retreat": 1}  # STAVKA-type: 1/2 moving, 1 in retreat (Lines B, C)
SS = {"weight": "1/2"}  # 1st Moscow Motorized / SS type: 1/2 in retreat too (Lines C)


def _kerch_withdraw(line: dict[str, object]):  # type: ignore[no-untyped-def]
    """An Axis unit attacks Kerch, held by H1 and H2 (``line`` weights) and a plain unit S3;
    their only retreat is Kerch-Taman, an inferior line (Soviet 2 units). The battle is driven
    to the Soviet withdraw stage."""
    units = [unit("A", "axis", "Simferopol", (1, 1), hits=3)]
    units += [unit(h, "soviet", "Kerch", (1, 1), line=line) for h in ("H1", "H2")]
    units += [unit("S3", "soviet", "Kerch", (1, 1))]
    g = battle_at(units, [("A", "Simferopol", "Kerch")], control={"Simferopol": "axis"})
    while g.decision is not None and g.decision.step == "fire":
        g.apply(Outcome(1))
    assert g.decision is not None and g.decision.step == "withdraw"
    assert {a.units for a in g.legal_actions() if isinstance(a, Retreat)} == {
        ("H1",),
        ("H2",),
        ("S3",),
    }
    return g


def test_each_retreat_is_charged_to_its_line_at_its_retreat_weight_lines_c_terrain_d() -> None:
    """DC2 Lines C: units "count as one unit each in retreat, except the 1st Moscow Motorized
    and the SS Panzer divisions. They still count as 1/2"; Terrain D: "Retreat is possible, but
    only up to the operational line capacity limit". Two HQs (1 each in retreat) fill the
    2-unit line: a third unit may no longer retreat along it, and the withdraw stage ends."""
    g = _kerch_withdraw(HQ)
    g.apply(Retreat(("H1",), ("Kerch", "Taman")))
    assert g.decision is not None and g.decision.step == "withdraw"
    g.apply(Retreat(("H2",), ("Kerch", "Taman")))
    assert g.decision is not None and g.decision.step == "press-on"
    assert g.state.units["S3"].at == "Kerch"


def test_half_value_units_retreat_at_half_and_leave_room_lines_c() -> None:
    """Lines C: two SS-type units (1/2 each in retreat) load the 2-unit line by 1: the plain
    unit may still retreat after them."""
    g = _kerch_withdraw(SS)
    g.apply(Retreat(("H1",), ("Kerch", "Taman")))
    g.apply(Retreat(("H2",), ("Kerch", "Taman")))
    assert g.decision is not None and g.decision.step == "withdraw"
    assert Retreat(("S3",), ("Kerch", "Taman")) in list(g.legal_actions())
    g.apply(Retreat(("S3",), ("Kerch", "Taman")))
    assert g.state.units["S3"].at == "Taman"


def test_both_highway_points_must_be_on_the_highway_lines_d() -> None:
    """DC2 Lines D: armour "may move two points rather than one, as long as both points are on
    the highway": from Borisov, Orsha-Smolensk is highway, Orsha-Vitebsk and the lines out of
    Minsk other than to Borisov are not."""
    g = advance_to(
        game([panzer("P", "Borisov")], control={"Borisov": "axis", "Orsha": "axis"}),
        "operational",
        "axis",
    )
    play(g, Choose("P"))
    three = {a.path for a in g.legal_actions() if isinstance(a, Move) and len(a.path) == 3}
    assert three == {("Borisov", "Orsha", "Smolensk")}
    with pytest.raises(IllegalAction) as err:
        g.apply(Move(("P",), ("Borisov", "Orsha", "Vitebsk")))
    assert err.value.rule == "DC2 Lines D: the Minsk-Moscow Highway"


def _highway_then_q(n: int):  # type: ignore[no-untyped-def]
    """``n`` panzers move Borisov-Orsha-Smolensk on the highway; panzer Q on Orsha is chosen."""
    units = [panzer(f"P{i}", "Borisov") for i in range(n)] + [panzer("Q", "Orsha")]
    g = advance_to(game(units, control={"Borisov": "axis", "Orsha": "axis"}), "operational", "axis")
    for i in range(n):
        play(g, Choose(f"P{i}"), Move((f"P{i}",), ("Borisov", "Orsha", "Smolensk")))
    play(g, Choose("Q"))
    return g


def test_a_highway_double_move_loads_its_second_line_lines_a_d() -> None:
    """DC2 Lines A: the load counts every unit moving down a line in the phase; a highway move
    goes down two lines. After four panzers went Borisov-Orsha-Smolensk, the major line
    Orsha-Smolensk holds its 4 Axis armour: a fifth may not use it (with three, it may)."""
    g = _highway_then_q(4)
    assert Move(("Q",), ("Orsha", "Smolensk")) not in list(g.legal_actions())
    with pytest.raises(IllegalAction, match="5 armour units, limit 4") as err:
        g.apply(Move(("Q",), ("Orsha", "Smolensk")))
    assert err.value.rule == "DC2 Lines A-C"
    g = _highway_then_q(3)
    assert Move(("Q",), ("Orsha", "Smolensk")) in list(g.legal_actions())


def test_the_defence_increase_is_capped_by_the_major_infantry_terrain_c_2() -> None:
    """DC2 Terrain C.2: the increase (3 in a double-value victory city fortress) "can be no
    greater than the number of undispersed major infantry-type units in the fortress"."""
    c = ctx(game([infantry("M0", "soviet", "Moscow"), unit("X", "soviet", "Moscow")]))
    assert fortress_bonus(c, "Moscow", ["M0", "X"]) == 1
    assert defence_strength(c, "Moscow", ["M0", "X"], air=False) == 3 + 3 + 1
    c = ctx(game([infantry(f"M{i}", "soviet", "Moscow") for i in range(2)]))
    assert fortress_bonus(c, "Moscow", ["M0", "M1"]) == 2
    units = [infantry("M0", "soviet", "Moscow", markers=("dispersed",))]
    units.append(unit("X", "soviet", "Moscow"))
    assert fortress_bonus(ctx(game(units)), "Moscow", ["M0", "X"]) == 0


def test_the_fortress_does_not_cut_the_defenders_hits_on_the_attackers_terrain_c_1() -> None:
    """DC2 Terrain C.1: "the number of breakthroughs achieved against units defending in
    fortresses ... is reduced": the defenders' own hits on the attackers are not. Przemysl
    (level 1, two major infantry) cuts the Axis hit; the Soviet hit lands in full."""
    units = [
        panzer("P", "Krakow", hits=3),
        unit("Q", "axis", "Krakow", (1, 1), hits=3),
        infantry("S", "soviet", "Przemysl", hits=3),
        infantry("T", "soviet", "Przemysl", hits=3),
    ]
    g = battle_at(
        units,
        [("P", "Krakow", "Przemysl"), ("Q", "Krakow", "Przemysl")],
        control={"Krakow": "axis"},
    )
    g.apply(Outcome(6))  # Axis fire 6: 1 hit, cut by the fortress
    g.apply(Outcome(1))  # Soviet fire 7 (C.2 +1): 1 hit
    fire = [e.text for e in g.events if e.kind == "fire"]
    assert fire[-1] == "soviet ground fire 7, die 1: 1 hit(s)"
    cuts = [e.text for e in g.events if e.kind == "fortress"]
    assert cuts == ["Przemysl stops 1 breakthrough(s)"]  # the Axis hit only, once a round
    assert g.decision is not None and g.decision.step == "absorb" and g.decision.side == "axis"
    assert set(g.legal_actions()) == {AllocateLosses(("P",)), AllocateLosses(("Q",))}
    g.apply(AllocateLosses(("P",)))
    assert g.state.units["P"].has("dispersed")
    assert g.decision is not None and g.decision.step == "withdraw"


def test_equal_firepower_does_not_go_first_combat() -> None:
    """DC2 Combat: only attacks "in which the defender's firepower is greater than the
    attacker's power are resolved first": at 3 against 3 the attacker still chooses the
    order, and may fight Grodno (3 against 1) first."""
    units = [infantry("A", "axis", "Warsaw"), infantry("B", "axis", "Suwalki")]
    units += [unit("E", "soviet", "Bialystok", (3, 3)), unit("W", "soviet", "Grodno", (1, 1))]
    g = battle_at(units, [("A", "Warsaw", "Bialystok"), ("B", "Suwalki", "Grodno")])
    assert not any(e.kind == "battle" for e in g.events)
    assert set(g.legal_actions()) == {Attack(("A",), "Bialystok"), Attack(("B",), "Grodno")}
    g.apply(Attack(("B",), "Grodno"))
    assert [e.text for e in g.events if e.kind == "battle"] == ["axis attacks Grodno"]
