"""Ninth rules review (s28): a hidden Russian unit leaving the map is revealed, and rules the
code kept but no test held. Each gap test fails under the mutation the review found passing
every test (named in each test's comment)."""

from __future__ import annotations

from darkest_support import army, attack, ctx, new, panzer_korps, rifle, to_step, unit
from test_darkest_reinforcements import replace_game
from test_darkest_setup_sequence import _secret_game, place_next, russian_at

from wargames.core.actions import Advance, Choose, Move, Outcome, Place
from wargames.core.state import Frame
from wargames.darkest import secret
from wargames.darkest.movement import routes
from wargames.darkest.supply import supply_map
from wargames.darkest.victory import german_vdp


def _secret_six_black():  # type: ignore[no-untyped-def]
    """The secret set-up of six black 2-2 armies on the border and E6, German G on B1."""
    g = _secret_game(*(rifle(f"R{i}", "E6", (2, 2), colour="black") for i in range(6)))
    for h in ["B2", "A2", "C2", "D2", "E2", "E6"]:
        place_next(g, h)
    g.apply(Place("G", "B1"))
    return g


def _replace(g, pool: int = 5) -> None:  # type: ignore[no-untyped-def]
    g.state.set("inf_pool", pool)
    g.state.stack = (Frame("replace", {}),)
    g._advance()


def test_a_hidden_unit_disbanded_goes_to_the_public_dead_pile_and_re_enters_face_up() -> None:
    """DC: Secret ... Setup: "Replacement brown/22Jun41 armies may re-enter the game hidden";
    the dead pile is public (coverage table): a black army disbanded without ever being
    attacked is revealed in the pile, and comes back face up."""
    g = _secret_six_black()
    (uid,) = russian_at(g, "E6")
    g.state.stack = (Frame("russian-admin", {}),)
    g._advance()
    g.apply(Choose("disband"))
    g.apply(Choose(uid))
    assert g.state.units[uid].box == "eliminated"
    assert uid not in g.state.get("hidden")
    pile = [u["id"] for u in g.view("axis")["units"] if u.get("box") == "eliminated"]
    assert uid in pile
    _replace(g)
    g.apply(next(a for a in g.legal_actions() if isinstance(a, Place) and a.unit == uid))
    assert uid not in g.state.get("hidden")
    assert any(u["id"] == uid for u in g.view("axis")["units"])


def test_16th_army_withdrawn_from_the_map_is_revealed_in_the_dead_pile() -> None:
    """DC: Russian Replacements: 16. A may be removed from the map; with the secret set-up it
    goes to the public dead pile revealed, like any unit leaving the map."""
    g = _secret_game(
        rifle("R16A", "E6", (2, 2), colour="black", flags=("proriv", "withdrawable")),
        *(rifle(f"R{i}", "E6", (2, 2), colour="black") for i in range(5)),
    )
    for h in ["B2", "A2", "C2", "D2", "E2", "E6"]:
        place_next(g, h)
    g.apply(Place("G", "B1"))
    assert "R16A" in g.state.get("hidden")
    g.state.stack = (Frame("russian-admin", {}),)
    g._advance()
    g.apply(Choose("withdraw:R16A"))
    assert g.state.units["R16A"].box == "eliminated"
    assert "R16A" not in g.state.get("hidden")
    assert any(u["id"] == "R16A" for u in g.view("axis")["units"])


def test_a_black_replacement_army_re_enters_face_up_and_named_to_the_axis() -> None:
    """DC: Secret ... Setup: only "Replacement brown/22Jun41 armies may re-enter the game
    hidden": a black one is placed face up. (M5: hides() ignoring the colour.)"""
    import json

    g = _secret_game(
        *(rifle(f"R{i}", "E6", (2, 2), colour="black") for i in range(6)),
        rifle("R9", None, (2, 2), colour="black"),  # eliminated, never hidden
    )
    for h in ["B2", "A2", "C2", "D2", "E2", "E6"]:
        place_next(g, h)
    g.apply(Place("G", "B1"))
    assert secret.hides(ctx(g), "R9") is False
    _replace(g)
    place = next(a for a in g.legal_actions() if isinstance(a, Place) and a.unit == "R9")
    n = len(g.events_for("axis"))
    g.apply(place)
    assert "R9" not in g.state.get("hidden")
    assert any(u["id"] == "R9" for u in g.view("axis")["units"])
    told = [e.text + json.dumps(dict(e.data), default=str) for e in g.events_for("axis")[n:]]
    assert any("R9" in t for t in told)


def _reach(g, uid: str, mode: str) -> dict[int, set[bool]]:  # type: ignore[no-untyped-def]
    """Distance from ``uid``'s hex to each end of its ``mode`` routes: whether it may attack."""
    c = ctx(g)
    start = g.state.units[uid].at
    out: dict[int, set[bool]] = {}
    for n, (_, may_attack) in routes(c, uid, mode).ends.items():
        out.setdefault(c.board.distance(start, n), set()).add(may_attack)
    return out


def test_blitzkrieg_panzers_attack_only_after_1_hex_and_move_2_with_the_bonus() -> None:
    # DC: Blitzkrieg!: "UnDisrupted German panzer units may now move 1 hex and may attack ...
    # All Axis units still receive a 1-hex bonus move during this phase for not attacking."
    # (M2: a panzer moving 2 hexes and attacking.)
    g = new(panzer_korps("K", "B2"), rifle("R", "B5", (0, 9)), turns=2)
    reach = _reach(g, "K", "blitz")
    assert max(reach) == 2  # 1 hex + the bonus hex
    assert reach[1] == {True}
    assert reach[2] == {False}  # the bonus hex: no attack from it


def test_proriv_moves_1_hex_and_attacks_with_no_bonus_move() -> None:
    # DC: Proriv!: "can similarly have a Proriv! breakthrough movement and 1-round attack"; no
    # bonus (reading, coverage table). (M3: Proriv! 2 hexes; M4: the Russian bonus added.)
    sib = unit(
        "S1",
        "russian",
        "C5",
        (2, 1),
        kind="guards-korps",
        flags=("white", "siberian", "proriv", "infantry"),
    )
    g = new(army("G", "A1"), sib, rifle("R", "E6"))
    reach = _reach(g, "S1", "proriv")
    assert max(reach) == 1
    assert reach[1] == {True}


def test_axis_allies_get_the_1_hex_bonus_move_in_the_blitzkrieg() -> None:
    # DC: Blitzkrieg!: "All Axis units still receive a 1-hex bonus move". (M10: allies none.)
    g = new(
        army("G", "B1"),
        unit("F", "axis", "A1", (2, 2), nationality="finnish", flags=("army",)),
        rifle("R", "E6"),
        turns=2,
    )
    g = to_step(g, "operations", "axis", "blitz")
    g.apply(Choose("F"))
    moves = [a for a in g.legal_actions() if isinstance(a, Move)]
    assert moves and {len(a.path) for a in moves} == {2}


def test_a_replacement_costs_its_largest_combat_factor_not_its_attack_factor() -> None:
    # DC: Russian Replacements: "a unit's replacement factor value is its largest combat
    # factor": a 1-2 army costs 2. (M1: the value is the attack factor.)
    g = replace_game(rifle("R", None, (1, 2)), rifle("F", "D6"))
    assert g.state.get("inf_pool") == 2
    g.apply(Place("R", "C5"))
    assert g.state.get("inf_pool") == 0
    g = replace_game(rifle("R", None, (1, 2)), rifle("F", "D6"))
    g.state.set("inf_pool", 1)
    assert not any(isinstance(a, Place) and a.unit == "R" for a in g.legal_actions())


def test_a_smashing_hex_held_out_of_supply_wins_nothing() -> None:
    # DC: Victory Conditions: "takes and holds in supply in the German VDP Warsaw or hex M1":
    # C1 Russian-held but walled off by German armies on A2-E2. (M7: supply not checked.)
    g = new(
        *(army(f"G{r}", f"{r}2") for r in "ABCDE"),
        rifle("R", "E6"),
        features={"smashing": ["C1"]},
        control={"russian": ["C1"]},
    )
    assert not supply_map(ctx(g), "russian").in_supply("C1")
    assert german_vdp(ctx(g)) is None


def test_panzers_advance_no_second_hex_off_an_active_road() -> None:
    # DC: Advance: panzer/tank units may advance a second hex "if the second is moving along
    # an active road": with no highway, no 2-hex advance. (M6: the road clause dropped.)
    g = attack(
        new(panzer_korps("K", "B2"), army("G", "B2"), rifle("R", "B3", (0, 1)), rifle("F", "E6")),
        "B3",
        "K",
        "G",
    )
    g.apply(Choose("press:0"))
    g.apply(Outcome(1))
    g.apply(Outcome(1))  # R's 1 on column B row 6: no hit
    advances = [a for a in g.legal_actions() if isinstance(a, Advance) and a.units == ("K",)]
    assert Advance(("K",), ("B2", "B3")) in advances
    assert not any(len(a.path) == 3 for a in advances)


def _siberian_town_game(town: str, *germans: dict[str, object]):  # type: ignore[no-untyped-def]
    """SA1 due at the Replacement Phase; the Russian town ``town`` is next to no Russian unit
    (F on C5, F2 on E6)."""
    shock = unit(
        "SA1",
        "russian",
        None,
        (2, 2),
        box="siberian",
        flags=("white", "siberian", "proriv", "shock", "infantry", "army"),
    )
    g = new(
        *germans,
        rifle("F", "C5"),
        rifle("F2", "E6"),
        shock,
        features={"town": [town]},
        control={"russian": [town, "C4", "D5", "D6", "E5", "E6"]},
    )
    g.state.set("due", ["SA1"])
    g.state.set("inf_pool", 0)
    g.state.stack = (Frame("replace", {}),)
    g._advance()
    return g


def test_siberians_may_enter_on_a_russian_town_in_supply_not_on_one_out_of_it() -> None:
    # DC: Siberian Reserve: "on any Russian city or town in supply". (M8: towns dropped.)
    g = _siberian_town_game("C3", army("G", "A1"))
    assert supply_map(ctx(g), "russian").in_supply("C3")
    assert Place("SA1", "C3") in g.legal_actions()
    walled = _siberian_town_game("C1", *(army(f"G{r}", f"{r}2") for r in "ABCDE"))
    assert not supply_map(ctx(walled), "russian").in_supply("C1")
    assert Place("SA1", "C1") not in walled.legal_actions()
