"""Krim: Soviet Sea Movement, Sea Transfers, Sevastopol, Opposed Landings, the Kerch Straits."""

from __future__ import annotations

import pytest
from krim_support import goto, new, unit

from wargames.core.actions import Advance, Attack, Choose, Move, Outcome, Pass, Place
from wargames.core.errors import IllegalAction
from wargames.core.game import Game
from wargames.krim.barrage import fire_error
from wargames.krim.battle import LANDING
from wargames.krim.sea import sevastopol_closed
from wargames.krim.supply import OOS, in_tactical_supply, trace

FEATURES = {
    "soviet-source": ["C7", "H2", "B3"],
    "supply-tactical": ["B3"],
    "supply-operational": ["H10", "C7"],
    "straits": ["H5", "H6"],
}
SEA = {"sea": ["H7", "H8", "H9", "G9"]}
CONTROL = {"axis": ["H10"], "soviet": ["C7", "H2", "B3"]}


def sea_game(
    *extra: dict[str, object],
    turn: int = 1,
    step: str = "movement",
    control: dict[str, list[str]] | None = None,
    sea: tuple[str, ...] = (),
) -> Game:
    units = [unit("S1", "soviet", "D8"), unit("A0", "axis", "H10"), *extra]
    terrain = {"sea": [*SEA["sea"], *sea]}
    game = new(units, features=FEATURES, terrain=terrain, control=control or CONTROL)
    phase = "Soviet Movement Phase" if step == "movement" else "Soviet New Units Phase"
    goto(game, phase, "begin-movement" if step == "movement" else "begin-sea", turn=turn)
    return game


def qrb(uid: str, size: str = "division", **kw: object) -> dict[str, object]:
    return unit(uid, "soviet", None, box="qrb", size=size, **kw)  # type: ignore[arg-type]


def box(uid: str, size: str = "division", **kw: object) -> dict[str, object]:
    return unit(uid, "soviet", None, box="soviet-available", size=size, **kw)  # type: ignore[arg-type]


def test_qrb_holds_at_most_five_divisions() -> None:
    game = sea_game(*(qrb(f"Q{i}") for i in range(4)), box("B1"), box("B2"), step="new")
    assert game.decision is not None and game.decision.step == "qrb"
    game.apply(Choose("qrb:B1"))
    with pytest.raises(IllegalAction, match="five divisions"):
        game.apply(Choose("qrb:B2"))
    game.apply(Choose("box:Q0"))
    game.apply(Choose("qrb:B2"))


def test_artillery_and_tanks_count_as_divisions_brigades_as_halves() -> None:
    units = [qrb(f"Q{i}") for i in range(3)]
    units += [box("T", size="battalion", flags=("tank",)), box("NB", size="brigade")]
    game = sea_game(*units, box("NB2", size="brigade"), step="new")
    game.apply(Choose("qrb:T"))
    game.apply(Choose("qrb:NB"))
    game.apply(Choose("qrb:NB2"))  # 3 + 1 + 1/2 + 1/2 = 5
    assert Choose("qrb:NB") not in list(game.legal_actions())


def test_landing_in_a_source_hex_ends_the_units_move() -> None:
    game = sea_game(qrb("Q"), qrb("Q2"))
    game.state.control["H2"] = "axis"
    game.apply(Place("Q", "H2"))  # a Soviet source hex, even if not Soviet-held
    assert game.state.units["Q"].at == "H2"
    with pytest.raises(IllegalAction):
        game.apply(Choose("move:Q"))
    with pytest.raises(IllegalAction, match="supply source"):
        game.apply(Place("Q2", "E5"))


def test_five_divisions_a_player_turn() -> None:
    game = sea_game(*(qrb(f"Q{i}") for i in range(5)), unit("X", "soviet", "B3"))
    game.apply(Place("X", "C7"))  # a sea transfer counts against the limit (and comes first)
    for i in range(4):
        game.apply(Place(f"Q{i}", ["H2", "B3", "C7", "H2"][i]))
    with pytest.raises(IllegalAction, match="capacity"):
        game.apply(Place("Q4", "B3"))


def test_a_sea_transfer_is_refused_once_five_divisions_have_moved() -> None:
    """Krim: Sea Transfers: "Any unit moved by transfer counts against the 5-division limit":
    after five division transfers a sixth is refused, naming the capacity."""
    ts = [unit(f"T{i}", "soviet", "B3" if i < 3 else "C7") for i in range(6)]
    game = sea_game(*ts)
    for uid, to in (("T0", "H2"), ("T1", "H2"), ("T2", "H2"), ("T3", "B3"), ("T4", "B3")):
        game.apply(Place(uid, to))
    assert Place("T5", "B3") not in set(game.legal_actions())
    with pytest.raises(IllegalAction, match="capacity of this turn is used up"):
        game.apply(Place("T5", "B3"))


def test_a_sea_transfer_starts_in_a_source_hex() -> None:
    """Krim: Sea Transfers: "Any Soviet unit starting a Soviet Movement Phase in a Tactical or
    Operational supply source hex may be moved": S1 at D8, no source, may not sail to C7."""
    game = sea_game()
    assert Place("S1", "C7") not in set(game.legal_actions())
    with pytest.raises(IllegalAction, match="not in a Soviet supply source hex"):
        game.apply(Place("S1", "C7"))


def test_a_sea_transfer_into_the_qrb_keeps_it_to_five_divisions() -> None:
    """Krim: Soviet Sea Movement: "No more than 5 divisions may be in the QRB at any time",
    also when a sea transfer moves a unit into it: 4 1/2 divisions there take a brigade, not a
    division."""
    held = (*(qrb(f"Q{i}") for i in range(4)), qrb("QB", size="brigade"))
    game = sea_game(*held, unit("T", "soviet", "B3"), unit("TB", "soviet", "C7", size="brigade"))
    legal = set(game.legal_actions())
    assert Place("T", "qrb") not in legal and Place("TB", "qrb") in legal
    with pytest.raises(IllegalAction, match="five divisions"):
        game.apply(Place("T", "qrb"))


def test_a_sea_transfer_goes_only_to_a_soviet_controlled_source() -> None:
    """Krim: Sea Transfers: "to any other Soviet-controlled supply source hex": not to H2,
    a Soviet source hex the Axis controls, empty."""
    control = {"axis": ["H10", "H2"], "soviet": ["C7", "B3"]}
    game = sea_game(unit("T", "soviet", "B3"), control=control)
    assert Place("T", "H2") not in set(game.legal_actions())
    assert Place("T", "C7") in set(game.legal_actions())
    with pytest.raises(IllegalAction, match="Soviet-controlled"):
        game.apply(Place("T", "H2"))


def test_a_sea_transfer_respects_stacking_where_it_ends() -> None:
    """Krim: Sea Transfers (provisional stacking, 3 units): not into H2 holding three."""
    full = [unit(f"F{i}", "soviet", "H2", size="brigade") for i in range(3)]
    game = sea_game(unit("T", "soviet", "B3"), *full)
    assert Place("T", "H2") not in set(game.legal_actions())
    assert Place("T", "C7") in set(game.legal_actions())
    with pytest.raises(IllegalAction, match="cannot take"):
        game.apply(Place("T", "H2"))


def test_a_landing_from_the_qrb_respects_stacking_where_it_ends() -> None:
    """Krim: Soviet Sea Movement (provisional stacking, 3 units): a QRB unit may not land in
    H2 holding three Soviet units."""
    full = [unit(f"F{i}", "soviet", "H2", size="brigade") for i in range(3)]
    game = sea_game(qrb("Q"), *full)
    assert Place("Q", "H2") not in set(game.legal_actions())
    assert Place("Q", "C7") in set(game.legal_actions())
    with pytest.raises(IllegalAction, match="full"):
        game.apply(Place("Q", "H2"))


def test_five_divisions_are_fresh_in_the_next_soviet_player_turn() -> None:
    """Krim: Soviet Sea Movement: up to 5 divisions "per Soviet Player Turn": the capacity
    used up in turn 1 is whole again in turn 2."""
    game = sea_game(*(qrb(f"Q{i}") for i in range(6)))
    for i, at in enumerate(("H2", "B3", "C7", "H2", "C7")):
        game.apply(Place(f"Q{i}", at))
    with pytest.raises(IllegalAction, match="capacity"):
        game.apply(Place("Q5", "B3"))
    goto(game, "Soviet New Units Phase", "begin-sea", turn=2)
    while game.decision is not None and game.decision.step != "movement":
        game.apply(Pass())
    assert game.decision is not None and game.decision.side == "soviet"
    assert Place("Q5", "B3") in set(game.legal_actions())


def test_a_unit_sea_transferred_into_the_qrb_does_not_land_that_turn() -> None:
    """Krim: Soviet Sea Movement: units moving by sea "start the movement phase in the QRB": T,
    sea-transferred into the QRB, may not land in the same Movement Phase."""
    game = sea_game(unit("T", "soviet", "B3"))
    game.apply(Place("T", "qrb"))
    assert game.state.units["T"].box == "qrb"
    assert Place("T", "H2") not in set(game.legal_actions())
    with pytest.raises(IllegalAction, match="did not start the movement phase in the QRB"):
        game.apply(Place("T", "H2"))


def test_sevastopol_closed_while_an_axis_unit_holds_c7() -> None:
    game = sea_game(qrb("Q"), unit("AX", "axis", "C7"))
    assert Place("Q", "C7") not in list(game.legal_actions())
    with pytest.raises(IllegalAction, match="Sevastopol Geography"):
        game.apply(Place("Q", "C7"))


def test_sevastopol_closure_restricts_only_sea_movement_touching_c7() -> None:
    """Krim: Sevastopol Geography: the closure keys on an Axis unit in C7 and stops landings
    (opposed or not) and sea transfers into and out of C7; other ports stay open."""
    held = sea_game(qrb("Q"), unit("T", "soviet", "B3"), unit("AX", "axis", "C7"), sea=("B8",))
    legal = set(held.legal_actions())
    assert Place("Q", "C7") not in legal and Place("T", "C7") not in legal
    assert Place("Q", "H2") in legal and Place("T", "H2") in legal  # other ports are open
    with pytest.raises(IllegalAction, match="Sevastopol Geography"):
        held.apply(Place("T", "C7"))
    # Axis-controlled but empty: no closure, a landing is allowed ("even if German-controlled")
    empty = sea_game(
        qrb("Q"), unit("T", "soviet", "B3"), control={"axis": ["H10", "C7"], "soviet": ["H2", "B3"]}
    )
    assert Place("Q", "C7") in set(empty.legal_actions())
    # out of C7: a Soviet unit there transfers freely while no Axis unit holds C7 (a unit in C7
    # itself excludes an Axis one, sides never share a hex)
    own = sea_game(unit("T", "soviet", "C7"))
    assert Place("T", "H2") in set(own.legal_actions())


def test_sevastopol_closure_never_touches_supply() -> None:
    """Krim: Sevastopol Geography: "This restriction does not apply to supply": with C7
    Axis-controlled either way, an Axis unit in C7 (the closure) changes no Soviet unit's
    operational or tactical supply, nor the monthly OOS markers."""
    features = {**FEATURES, "supply-operational": ["H10", "C7", "H2"]}
    control = {"axis": ["H10", "C7"], "soviet": ["H2", "B3"]}
    pocket = [unit(uid, "soviet", at) for uid, at in (("P1", "C8"), ("P2", "D8"), ("P3", "B7"))]
    results = []
    for axis_at in ("C7", "H10"):
        units = [unit("AX", "axis", axis_at), *pocket]
        game = new(units, features=features, terrain=SEA, control=control)
        ctx = game.rules_context()
        assert sevastopol_closed(ctx) is (axis_at == "C7")
        results.append(
            {
                uid: (
                    in_tactical_supply(ctx, uid),
                    trace(ctx, "soviet", operational=True).in_supply(game.state.units[uid].at),
                    game.state.units[uid].has(OOS),
                )
                for uid in ("P1", "P2", "P3")
            }
        )
    assert results[0] == results[1]
    assert all(t and o and not m for t, o, m in results[0].values())


def test_sea_movement_lost_from_calendar_month_8() -> None:
    kept = sea_game(qrb("Q"), turn=11)  # the last couplet of calendar month 7 (June)
    assert Place("Q", "H2") in set(kept.legal_actions())
    game = sea_game(qrb("Q"), turn=12)
    assert not [a for a in game.legal_actions() if isinstance(a, Place)]
    with pytest.raises(IllegalAction, match="month 8"):
        game.apply(Place("Q", "H2"))


def test_sea_transfer_first_then_no_other_move_and_no_attack() -> None:
    """Krim: Sea Transfers: "A sea-transferred unit may not move in any other way the same
    Player Turn. It may not attack": T, transferred next to AX (H3), may not join L's PA on it."""
    around = (unit("AX", "axis", "H3"), unit("L", "soviet", "H4"))
    game = sea_game(unit("T", "soviet", "B3"), unit("U", "soviet", "E5"), *around)
    game.apply(Place("T", "H2"))
    assert game.state.units["T"].at == "H2" and game.state.units["T"].has("sea-moved")
    with pytest.raises(IllegalAction):
        game.apply(Choose("move:T"))
    game.apply(Choose("move:U"))
    game.apply(next(a for a in game.legal_actions() if isinstance(a, Move)))
    game.apply(Pass())
    game.apply(Pass())  # end of the Soviet movement
    while game.decision is not None and game.decision.step == "barrages":
        game.apply(Pass())
    assert game.decision is not None and game.decision.step == "assaults"
    legal = list(game.legal_actions())
    assert Attack(("L",), "H3") in legal and Attack(("T",), "H3") not in legal
    assert not [a for a in legal if isinstance(a, Attack) and "T" in a.units]
    with pytest.raises(IllegalAction):
        game.apply(Attack(("T",), "H3"))
    game2 = sea_game(unit("T", "soviet", "B3"), unit("U", "soviet", "E5"))
    game2.apply(Choose("move:U"))
    game2.apply(next(a for a in game2.legal_actions() if isinstance(a, Move)))
    game2.apply(Pass())
    with pytest.raises(IllegalAction, match="before any other movement"):
        game2.apply(Place("T", "H2"))


def test_opposed_landing_shifts_left_and_survivors_return_to_the_box() -> None:
    game = sea_game(qrb("Q", att=(9, 5), dfn=(9, 5)), unit("AX", "axis", "B3", (2, 1), (2, 1)))
    game.apply(Place("Q", "B3"))
    game.apply(Choose("sea:A2"))
    sea = game.state.units["Q"].at
    assert game.scenario.board.terrain(sea) == "sea" and game.state.units["Q"].has("at-sea")
    game.apply(Pass())  # end of movement: the landing is resolved first in combat
    assert game.decision is not None and game.decision.step == "battle"
    game.apply(Choose("odds"))
    odds = next(e for e in reversed(game.events) if e.kind == "odds")
    assert odds.data["column"] == "3:1"  # 9:2 = 4:1, one column left
    game.apply(Outcome(1))  # 3:1 row 1: A1/D1
    game.apply(Choose("step:AX"))
    assert list(game.legal_actions()) == [Choose("step:Q")]  # no retreat from the sea
    game.apply(Choose("step:Q"))
    assert game.state.units["Q"].box == "soviet-available"
    assert not game.state.get(LANDING)  # every landing made: no target kept in the save


def test_straits_entry_in_movement_stops_except_in_frost() -> None:
    game = sea_game(box("K"))
    game.apply(Place("K", "H5"))
    assert game.state.units["K"].at == "H5"
    assert game.decision is not None and game.decision.step == "movement"
    with pytest.raises(IllegalAction):
        game.apply(Choose("move:K"))
    frost = sea_game(box("K"), turn=6)
    frost.apply(Place("K", "H5"))
    assert frost.decision is not None and frost.decision.step == "move-group"
    assert any(isinstance(a, Move) for a in frost.legal_actions())


def test_frost_straits_entry_costs_one_mp_then_the_unit_moves_on() -> None:
    """Krim: The Kerch Straits, Frost: "The units pay 1 MP to enter the hex and may continue
    moving normally": with MF 2, K entering H5 has 1 MP left, one clear hex and not two."""
    frost = sea_game(box("K", mf=2), turn=6)
    frost.apply(Place("K", "H5"))
    frame = frost.state.stack[-1]
    assert frame.step == "move-group" and frame.args["mp"] - frame.args["spent"] == 2 - 1
    ends = {a.path[-1] for a in frost.legal_actions() if isinstance(a, Move)}
    assert "G5" in ends and "H4" in ends  # 1 hex from the straits hex
    assert not ends & {"G6", "F5", "H3", "G3"}  # 2 hexes: the entry paid 1 of the 2 MP


def test_straits_entry_respects_stacking_at_placement() -> None:
    full = [unit(f"F{i}", "soviet", "H5") for i in range(3)]
    game = sea_game(box("K"), *full)
    with pytest.raises(IllegalAction, match="stacking"):
        game.apply(Place("K", "H5"))


def test_straits_units_entering_at_optrans_may_optrans() -> None:
    units = [unit("S1", "soviet", "D8"), unit("A0", "axis", "H10"), box("K")]
    game = new(units, features=FEATURES, terrain=SEA, control=CONTROL)
    goto(game, "Soviet Operational Transfers", "begin-optrans", turn=3)
    game.apply(Place("K", "H5"))
    assert Choose("optrans:K") in list(game.legal_actions())


def test_straits_entries_come_before_the_first_optrans() -> None:
    """Krim: The Kerch Straits: units enter "at the start of the OpTrans Phase": once S1 has
    made its OpTrans, K may no longer enter (S2 may still make its own)."""
    units = [unit("S1", "soviet", "D8"), unit("S2", "soviet", "C8"), unit("A0", "axis", "H10")]
    units.append(box("K"))
    game = new(units, features=FEATURES, terrain=SEA, control=CONTROL)
    goto(game, "Soviet Operational Transfers", "begin-optrans", turn=3)
    assert Place("K", "H5") in set(game.legal_actions())
    game.apply(Choose("optrans:S1"))
    game.apply(next(a for a in game.legal_actions() if isinstance(a, Move)))
    assert game.decision is not None and game.decision.step == "optrans"
    legal = set(game.legal_actions())
    assert Choose("optrans:S2") in legal and Place("K", "H5") not in legal
    with pytest.raises(IllegalAction, match="start of the OpTrans Phase"):
        game.apply(Place("K", "H5"))


def test_enemy_held_straits_hex_is_not_entered_at_the_optrans_phase() -> None:
    """Krim: The Kerch Straits: an enemy-held straits hex may be entered only "during the
    movement phase" (reading): at the start of the OpTrans Phase K may enter the free H5, not
    H6 held by AX."""
    units = [unit("S1", "soviet", "D8"), unit("A0", "axis", "H10"), box("K")]
    game = new([*units, unit("AX", "axis", "H6")], features=FEATURES, terrain=SEA, control=CONTROL)
    goto(game, "Soviet Operational Transfers", "begin-optrans", turn=3)
    legal = set(game.legal_actions())
    assert Place("K", "H5") in legal and Place("K", "H6") not in legal
    with pytest.raises(IllegalAction, match="only during the Movement Phase"):
        game.apply(Place("K", "H6"))


def test_enemy_held_straits_hex_is_attacked_as_a_landing() -> None:
    game = sea_game(box("K", att=(9,), dfn=(9,)), unit("AX", "axis", "H6", (2,), (2,)))
    game.apply(Place("K", "H6"))
    assert game.state.units["K"].has("at-sea")
    game.apply(Pass())
    assert game.decision is not None and game.decision.step == "battle"
    battle = game.state.stack[-1].args["battle"]
    assert battle["kind"] == "landing" and battle["target"] == "H6"


def test_landed_units_attack_in_the_following_combat_phase() -> None:
    game = sea_game(qrb("Q"), unit("AX", "axis", "G2"))
    game.apply(Place("Q", "H2"))
    game.apply(Pass())
    while game.decision is not None and game.decision.step == "barrages":
        game.apply(Pass())
    assert game.decision is not None and game.decision.step == "assaults"
    assert Attack(("Q",), "G2") in list(game.legal_actions())


def test_land_units_may_join_an_opposed_landing() -> None:
    game = sea_game(
        qrb("Q", att=(9, 5), dfn=(9, 5)), unit("AX", "axis", "B3"), unit("L", "soviet", "C3")
    )
    game.apply(Place("Q", "B3"))
    game.apply(Choose("sea:A2"))
    game.apply(Pass())
    assert Choose("add:L") in list(game.legal_actions())


def test_a_unit_may_sea_transfer_after_its_optrans() -> None:
    units = [unit("S1", "soviet", "D8"), unit("A0", "axis", "H10"), unit("T", "soviet", "E5")]
    game = new(units, features=FEATURES, terrain=SEA, control=CONTROL)
    goto(game, "Soviet Operational Transfers", "begin-optrans", turn=3)
    game.apply(Choose("optrans:T"))
    game.apply(next(a for a in game.legal_actions() if isinstance(a, Move) and a.path[-1] == "B3"))
    game.apply(Pass())
    assert Place("T", "H2") in list(game.legal_actions())


def test_sea_transfers_come_before_landings_and_straits_entries_too() -> None:
    # Krim: Sea Transfers should be conducted before any other movement: a landing from the
    # QRB or a straits entry is other movement.
    for first in (Place("Q", "C7"), Place("K", "H5")):
        game = sea_game(qrb("Q"), box("K"), unit("T", "soviet", "B3"))
        assert Place("T", "H2") in list(game.legal_actions())
        game.apply(first)
        assert Place("T", "H2") not in list(game.legal_actions())
        with pytest.raises(IllegalAction, match="before any other movement"):
            game.apply(Place("T", "H2"))
    game = sea_game(qrb("Q"), unit("T", "soviet", "B3"))
    game.apply(Place("T", "H2"))  # transfers first, then the landing
    game.apply(Place("Q", "C7"))
    assert game.state.units["Q"].at == "C7"


def test_sea_transferred_artillery_may_not_fire_a_barrage() -> None:
    # Krim: Sea Transfers: "It may not attack"; artillery attacks only by barrage.
    gun = unit("G", "soviet", "B3", (4,), (1,), 3, kind="artillery", flags=("artillery",), rng=3)
    for transfer in (True, False):
        game = sea_game(gun, unit("AX", "axis", "H4"))
        if transfer:
            game.apply(Place("G", "H2"))
        else:
            game.state.put(game.state.units["G"].moved_to("H2"))
        why = fire_error(game.rules_context(), "G", "H4")
        assert (why is None) is not transfer
        assert transfer is False or "Sea Transfers" in str(why)
        goto(game, "Soviet Combat Phase", "begin-combat")
        assert game.decision is not None
        asked = game.decision.step == "barrages" and game.decision.side == "soviet"
        assert asked is not transfer  # the only gun: asked to fire unless it was transferred


def _won_landing(*landers: str) -> Game:
    """Landers from the QRB on B3 held by AX (1): a 6 eliminates AX."""
    game = sea_game(
        *(qrb(u, att=(9, 5), dfn=(9, 5), mf=4) for u in landers),
        unit("AX", "axis", "B3", (1,), (1,)),
    )
    for u in landers:
        game.apply(Place(u, "B3"))
        game.apply(Choose("sea:A2"))
    game.apply(Pass())
    game.apply(Choose("odds"))
    game.apply(Outcome(6))
    while Choose("step:AX") in list(game.legal_actions()):
        game.apply(Choose("step:AX"))
    assert game.state.units["AX"].at is None
    return game


def test_landing_units_may_advance_after_combat_normally() -> None:
    """Krim: Opposed Landings: "Landing units may advance after combat normally"; survivors
    go back to the box only "if the attack fails to clear the desired landing hex"."""
    game = _won_landing("Q")
    far = max(
        (a for a in game.legal_actions() if isinstance(a, Advance)), key=lambda a: len(a.path)
    )
    assert len(far.path) > 2
    game.apply(far)
    if game.decision is not None and game.decision.step == "battle":
        game.apply(Pass())
    assert game.state.units["Q"].at == far.path[-1]  # not pulled back into B3
    game = _won_landing("Q", "Q2")
    advances = [a for a in game.legal_actions() if isinstance(a, Advance)]
    game.apply(next(a for a in advances if a.units == ("Q2",) and a.path[-1] == "B3"))
    if game.decision is not None and game.decision.step == "battle":
        game.apply(Pass())  # Q does not advance: it lands in the cleared hex
    assert game.state.units["Q2"].at == "B3" and game.state.units["Q"].at == "B3"
    assert not any(e.kind == "landing-failed" for e in game.events)


def test_artillery_may_not_make_an_opposed_landing() -> None:
    """Krim: Artillery and Barrages: "Artillery units may only attack by firing barrages"."""
    art = qrb("ART", att=(8,), dfn=(1,), mf=3, kind="artillery", flags=("artillery",), rng=3)
    game = sea_game(art, unit("AX", "axis", "B3", (2,), (2,)))
    error = game.check(Place("ART", "B3"))
    assert isinstance(error, IllegalAction) and "artillery" in error.reason
    game = sea_game(box("ART", att=(8,), dfn=(1,), kind="artillery", flags=("artillery",), rng=3),
                    unit("AX", "axis", "H6", (2,), (2,)))  # fmt: skip
    assert isinstance(game.check(Place("ART", "H6")), IllegalAction)  # nor a straits hex
