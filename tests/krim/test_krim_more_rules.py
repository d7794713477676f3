"""Krim: further rules — supply in combat, railroad guns in retreat, repeated MAs, air in MAs,
OpTrans next to an enemy, no Soviet replacements."""

from __future__ import annotations

from krim_support import goto, new, rail_gun, to_assaults, unit

from wargames.core.actions import Attack, Choose, Move, Outcome, Pass, Retreat
from wargames.core.game import Game
from wargames.krim.combat import strength

PZ = dict(att=(8, 4), dfn=(6, 3), mf=12, kind="panzer", flags=("mechanized",))
AIR = dict(att=(0,), dfn=(0,), mf=0, kind="air", flags=("air",))


def base(*extra: dict[str, object], **kw: object) -> Game:
    return new([unit("S1", "soviet", "C7"), unit("A0", "axis", "H10"), *extra], **kw)  # type: ignore[arg-type]


def test_combat_factor_halved_out_of_tactical_supply() -> None:
    """Krim: Supply (Combat Phase): attack or defence halved without tactical supply."""
    game = base(unit("A1", "axis", "E6", (6,), (6,)), unit("S2", "soviet", "E5", (4,), (4,)))
    ctx = game._ctx()
    assert strength(ctx, ["S2"], "defence") == 4
    game.state.control["C7"] = "axis"
    game.state.control["H2"] = "soviet"  # keep the game going: a source stays Soviet
    assert strength(ctx, ["S2"], "defence") == 2
    assert strength(ctx, ["A1"], "attack") == 6


def test_railroad_guns_cannot_retreat_off_the_rail() -> None:
    rail = ["E9", "E8", "E7"]
    sides = [("E9", "E8", "rail"), ("E8", "E7", "rail")]
    gun = rail_gun("RR", "E8")
    control = {"axis": ["H10", "E9", "E8", "E7"], "soviet": ["C7"]}
    game = base(
        gun,
        unit("S2", "soviet", "D8", (2,), (2,)),
        hexsides=sides,
        control=control,
        features={"rail": rail},
    )
    to_assaults(game, "Soviet Combat Phase")
    game.apply(Attack(("S2",), "E8"))
    game.apply(Choose("odds"))
    game.apply(Outcome(4))  # 2:1, row 4: D1
    game.apply(Choose("retreat"))
    ends = {a.path[-1] for a in game.legal_actions() if isinstance(a, Retreat)}
    assert ends and ends <= {"E7", "E9"}  # never D9, F8 or F9, off the rail


def test_a_defender_may_suffer_several_mobile_assaults() -> None:
    game = base(
        unit("P1", "axis", "E6", **PZ),
        unit("P2", "axis", "E6", **PZ),
        unit("S2", "soviet", "E5", (1, 1, 1), (20, 20, 20)),
    )
    goto(game, "Axis Movement Phase", "movement")
    for p in ("P1", "P2"):
        game.apply(Choose(f"move:{p}"))
        game.apply(Attack((p,), "E5"))
        game.apply(Outcome(1))  # 8:20 -> 1:3, row 1: A2
        game.apply(Choose(f"step:{p}"))
        game.apply(Choose(f"step:{p}"))
        assert game.state.units[p].box == "eliminated"
        game.apply(Pass())  # the destroyed group's move ends


def test_both_sides_survive_the_attackers_may_assault_again_at_once() -> None:
    game = base(unit("P1", "axis", "E6", **PZ), unit("S2", "soviet", "E5", (1, 1, 1), (8, 8, 8)))
    goto(game, "Axis Movement Phase", "movement")
    game.apply(Choose("move:P1"))
    game.apply(Attack(("P1",), "E5"))
    game.apply(Outcome(3))  # 8:8 -> 1:1, row 3: A1/D1
    game.apply(Choose("step:S2"))
    game.apply(Choose("step:P1"))
    assert game.decision is not None and game.decision.step == "move-group"
    assert Attack(("P1",), "E5") in list(game.legal_actions())  # 9 MP left, 3 needed
    # ... or move on: the MA entered no hex, so the group may leave the hex it started in
    # (Krim: Mobile Assault: the attackers "may continue their movement")
    assert Move(("P1",), ("E6", "E7")) in list(game.legal_actions())


def test_air_units_support_mobile_assaults_and_count_for_the_couplet() -> None:
    game = base(
        unit("P1", "axis", "E6", **PZ),
        unit("S2", "soviet", "E5", (1, 1, 1), (8, 8, 8)),
        unit("L", "axis", None, box="axis-air", **AIR),  # type: ignore[arg-type]
    )
    goto(game, "Axis Movement Phase", "movement")
    game.apply(Choose("move:P1"))
    game.apply(Attack(("P1",), "E5"))
    assert Choose("air:L") in list(game.legal_actions())
    game.apply(Choose("air:L"))
    assert game.state.units["L"].has("flown@turn")


def test_mobile_assault_attackers_supply_is_judged_at_the_start_of_their_move() -> None:
    game = base(unit("P1", "axis", "E8", **PZ), unit("S2", "soviet", "E5", (1,), (4,)))
    game.state.control["H10"] = "soviet"  # the Axis source is lost: out of tactical supply
    game.state.control["H2"] = "soviet"
    goto(game, "Axis Movement Phase", "movement")
    game.apply(Choose("move:P1"))
    game.apply(next(a for a in game.legal_actions() if isinstance(a, Move) and a.path[-1] == "E6"))
    game.state.control["H10"] = "axis"  # supply comes back during the move: too late
    game.apply(Attack(("P1",), "E5"))
    odds = next(e for e in reversed(game.events) if e.kind == "odds")
    assert odds.data["attack"] == "4"  # 8 halved


def test_optrans_may_start_next_to_an_enemy() -> None:
    game = base(unit("A1", "axis", "E6"), unit("S2", "soviet", "E5"))
    goto(game, "Axis Operational Transfers", "begin-optrans", turn=3)
    game.apply(Choose("optrans:A1"))
    assert any(isinstance(a, Move) for a in game.legal_actions())


SOVIET_TANK = dict(att=(6, 4, 2), dfn=(6, 4, 2), mf=8, kind="tank", flags=("mechanized",))


def test_no_soviet_replacements() -> None:
    """Krim: Russian Reinforcements: "The Russians only receive reinforcements. They do not
    receive replacements": neither S2 (infantry) nor T1 (mechanized, 1 of 3 steps) gains a
    step from May's replacements, mechanized or not."""
    game = base(
        unit("S2", "soviet", "E5", steps=1),
        unit("T1", "soviet", "D6", steps=1, **SOVIET_TANK),  # type: ignore[arg-type]
        unit("A1", "axis", "G8", (6, 4, 2), (6, 4, 2), steps=1),
    )
    goto(game, "Axis New Units Phase", "arrivals", turn=10)  # May: replacements
    assert game.state.units["S2"].steps == 1
    assert game.state.units["T1"].steps == 1
    assert game.state.units["A1"].steps == 3


def test_april_mechanized_steps_go_to_no_soviet_unit() -> None:
    """Krim: Russian Reinforcements (no replacements); German Replacements, April: "Two
    mechanized steps will be replaced": one restores panzer P1; the other finds no reduced
    Axis mechanized unit and is lost, never given to Soviet tank T1."""
    game = base(
        unit("T1", "soviet", "D6", steps=1, **SOVIET_TANK),  # type: ignore[arg-type]
        unit("P1", "axis", "G9", (6, 4, 2), (6, 4, 2), 8, flags=("mechanized",), steps=2),
    )
    goto(game, "Axis New Units Phase", "arrivals", turn=9)  # April
    assert game.state.units["T1"].steps == 1
    assert game.state.units["P1"].steps == 3
