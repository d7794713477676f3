"""DC: Disruption: hits disrupt and eliminate by the second factor; Disrupted units neither
move nor fire; recovery by colour and side at the points of the sequence."""

from __future__ import annotations

from darkest_support import army, ctx, first_turn_hit, markers, mech, new, rifle, to_step, unit

from wargames.core.actions import Attack, Choose, Outcome, Pass
from wargames.darkest import counters as cn
from wargames.darkest.battle import absorb
from wargames.darkest.battle_record import Battle
from wargames.darkest.fire import attack_fire


def record(target: str = "B3", side: str = "axis") -> Battle:
    b = Battle(target, side, "op", 2, [], [], {}, defended=True)
    b.left = 9
    return b


def test_a_single_hit_disrupts_and_hits_beyond_the_second_factor_eliminate() -> None:
    g = new(army("G", "B2"), rifle("R", "B3", (1, 2)))
    c, b = ctx(g), record()
    absorb(c, b, "russian", "R")
    assert g.state.units["R"].has(cn.DISRUPTED) and g.state.units["R"].at == "B3"
    absorb(c, b, "russian", "R")  # 2 hits: its second factor, still only Disrupted
    assert g.state.units["R"].at == "B3"
    absorb(c, b, "russian", "R")  # a third: eliminated
    assert g.state.units["R"].box == cn.ELIMINATED
    assert b.ledger["axis"][1] == 3 and b.left == 6


def test_a_mechanized_korps_with_a_0_second_factor_dies_to_a_single_hit() -> None:
    g = new(army("G", "B2"), mech("M", "B3"))
    absorb(ctx(g), record(), "russian", "M")
    assert g.state.units["M"].box == cn.ELIMINATED


def test_a_strong_shock_army_absorbs_the_hits_of_its_strong_side_in_one_fire() -> None:
    # DC: Disruption: "absorb the number of hits equal to its (second) factor"; DC: Shock Army
    # Emplacement: flipped back when Disrupted. A 3-3 absorbs 3 hits of the fire that flips it.
    strong = {"strong": [3, 3]}
    g = new(
        army("G", "B2"),
        rifle("S", "B3", (2, 2), "white", flags=("shock",), values=strong, markers=("strong",)),
    )
    c, b = ctx(g), record()
    for _ in range(3):
        absorb(c, b, "russian", "S")
    s = g.state.units["S"]
    assert s.at == "B3" and s.has(cn.DISRUPTED) and not s.has(cn.STRONG)
    absorb(c, b, "russian", "S")  # a fourth: eliminated
    assert g.state.units["S"].at is None


def test_a_unit_disrupted_before_dies_to_one_more_hit() -> None:
    g = new(army("G", "B2"), rifle("R", "B3", (1, 3), markers=("disrupted",)))
    absorb(ctx(g), record(), "russian", "R")
    assert g.state.units["R"].box == cn.ELIMINATED


def test_disrupted_units_neither_move_nor_fire() -> None:
    g = new(army("G", "B2", markers=("disrupted",)), army("H", "C2"), rifle("R", "B3"))
    assert attack_fire(ctx(g), "axis", ["G", "H"]).strength == 4
    g = to_step(g, "operations", "axis", "op")
    assert Choose("G") not in g.legal_actions() and Choose("H") in g.legal_actions()


def test_black_russian_units_not_attacked_recover_at_a2b() -> None:
    g = new(
        army("G", "B2"),
        rifle("R1", "B3", (1, 3), "black", markers=("disrupted",)),
        rifle("R2", "D5", colour="black", markers=("disrupted",)),
    )
    g = to_step(g, "operations", "axis", "op")
    g.apply(Choose("G"))
    g.apply(Attack(("G",), "B3"))
    g.apply(Pass())
    assert g.decision.step == "combat"  # A.2.b has run
    assert cn.DISRUPTED in markers(g, "R1") and cn.DISRUPTED not in markers(g, "R2")


def test_brown_russian_units_recover_after_german_combat_unless_re_disrupted() -> None:
    g = new(
        army("G", "B2", (1, 3)),
        rifle("R1", "B3", (1, 3)),
        rifle("R2", "D5", markers=("disrupted",)),
    )
    g = to_step(g, "operations", "axis", "op")
    g.apply(Choose("G"))
    g.apply(Attack(("G",), "B3"))
    g.apply(Pass())
    assert cn.DISRUPTED in markers(g, "R2")  # brown: not at A.2.b
    g.apply(Choose("B3"))
    g.apply(Choose("press:0"))
    g.apply(Outcome(1))  # 1 hit: R1 Disrupted
    g.apply(Outcome(1))  # R1's 3 on column B, row 6: no hit
    g.apply(Pass())  # R1, Disrupted, may retreat; it stays
    g.apply(Choose("press:0"))  # round 2
    g.apply(Outcome(6))  # no hit; the Disrupted R1 does not fire
    assert g.decision.step == "operations"  # A.2.c recovery has run
    assert cn.DISRUPTED in markers(g, "R1") and cn.DISRUPTED not in markers(g, "R2")


def test_german_units_recover_at_the_end_of_their_player_turn_if_in_supply() -> None:
    wall = [rifle(f"W{r}", f"{r}4", (0, 1)) for r in "ABCDE"]
    g = new(army("G", "B2", markers=("disrupted",)), army("I", "C6", markers=("disrupted",)), *wall)
    g = to_step(g, "russian-admin", "russian")
    assert cn.DISRUPTED not in markers(g, "G")
    assert g.state.units["I"].box is not None  # isolated and Disrupted: eliminated at A.3


def test_red_russian_units_recover_at_b4() -> None:
    g = new(army("G", "B1"), rifle("R", "D5", colour="red", markers=("disrupted",)), turns=2)
    g = to_step(g, "russian-admin", "russian")
    assert cn.DISRUPTED in markers(g, "R")
    g.apply(Pass())
    g = to_step(g, "fortify", "axis")
    assert g.state.turn == 2 and cn.DISRUPTED not in markers(g, "R")


def test_rumanian_units_recover_in_the_russian_player_turn() -> None:
    rom = unit(
        "Ro",
        "axis",
        "B2",
        (1, 1),
        nationality="romanian",
        flags=("army", "infantry"),
        markers=("disrupted",),
    )
    g = new(rom, rifle("R", "D5"), army("G", "A1", markers=("disrupted",)))
    g = to_step(g, "russian-admin", "russian")
    assert cn.DISRUPTED in markers(g, "Ro") and cn.DISRUPTED not in markers(g, "G")
    g = to_step(g, "operations", "russian", "op")
    g.apply(Pass())  # B.2.b: not attacked, in supply
    assert cn.DISRUPTED not in markers(g, "Ro")


def test_black_russian_units_attacked_recover_after_german_combat_unless_re_disrupted() -> None:
    # DC: Disruption: "Other Disrupted Russian ... units in supply being attacked are
    # recovered at the end of the opponent's last combat phase ... unless re-Disrupted": a
    # black unit that was attacked (so not recovered at A.2.b) recovers at the end of A.2.c.
    g = new(
        army("G", "B2", (1, 3)),
        rifle("R1", "B3", (1, 3), "black", markers=("disrupted",)),
    )
    g = to_step(g, "operations", "axis", "op")
    g.apply(Choose("G"))
    g.apply(Attack(("G",), "B3"))
    g.apply(Pass())
    assert cn.DISRUPTED in markers(g, "R1")  # attacked: not at A.2.b
    g.apply(Choose("B3"))
    g.apply(Choose("press:0"))
    g.apply(Outcome(6))  # no hit; the Disrupted R1 does not fire
    g.apply(Pass())  # R1 may withdraw; it stays
    g.apply(Choose("press:0"))
    g.apply(Outcome(6))  # round 2: no hit
    assert g.decision.step == "operations"  # A.2.c recovery has run
    assert cn.DISRUPTED not in markers(g, "R1")


def test_russians_disrupted_in_the_first_turn_attack_do_not_recover_in_a2c() -> None:
    # DC: Sequence A.2.c: only "previously Disrupted" units "not re-Disrupted" recover; a unit
    # Disrupted by the first turn's extra German attack was Disrupted in this player-turn.
    g = first_turn_hit()
    assert cn.DISRUPTED in markers(g, "R1") and g.decision.step == "operations"
    g = to_step(g, "operations", "axis", "blitz")  # A.2.a-A.2.c without attacks on R1
    assert cn.DISRUPTED in markers(g, "R1")
