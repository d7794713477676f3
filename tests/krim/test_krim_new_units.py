"""Krim: New Units Phase, the replacement schedule, options and victory."""

from __future__ import annotations

from fractions import Fraction

import pytest
from krim_support import goto, new, to_assaults, unit

import wargames
from wargames.core.actions import Attack, Choose, Move, Outcome, Pass, Place
from wargames.core.errors import IllegalAction, ScenarioError
from wargames.core.game import Game

ENTRY = {"axis-entry": ["H9"]}


def later(uid: str, side: str, month: int, **kw: object) -> dict[str, object]:
    return unit(uid, side, None, box=f"{side}-future", values={"month": month}, **kw)  # type: ignore[arg-type]


def at_new_units(side: str, turn: int, *extra: dict[str, object], **kw: object) -> Game:
    units = [unit("S1", "soviet", "C7"), unit("A0", "axis", "H10"), *extra]
    game = new(units, features=ENTRY, control={"axis": ["H10", "H9"], "soviet": ["C7"]}, **kw)  # type: ignore[arg-type]
    name = "Soviet" if side == "soviet" else "Axis"
    goto(game, f"{name} New Units Phase", "arrivals", turn=turn)
    return game


def test_reinforcements_arrive_in_the_first_new_units_phase_of_their_month() -> None:
    early = at_new_units("axis", 2, later("R", "axis", 2))
    assert early.state.units["R"].box == "axis-future"
    due = at_new_units("axis", 3, later("R", "axis", 2))
    assert due.state.units["R"].box == "axis-available"
    late = at_new_units("axis", 4, later("R", "axis", 2))  # second couplet of November
    assert late.state.units["R"].box == "axis-future"


def test_axis_units_enter_in_any_new_units_phase_of_the_month() -> None:
    game = at_new_units("axis", 3, later("R", "axis", 2))
    assert game.decision is not None and game.decision.step == "axis-new-units"
    assert Place("R", "H9") in list(game.legal_actions())
    game.apply(Pass())  # not now: the unit stays available
    assert game.state.units["R"].box == "axis-available"


def test_german_air_units_arrive_in_the_first_soviet_new_units_phase_of_april() -> None:
    air = later("L", "axis", 6, att=(0,), dfn=(0,), mf=0, kind="air", flags=("air",))
    soviet_phase = at_new_units("soviet", 9, air)
    assert soviet_phase.state.units["L"].box == "axis-air"


def test_air_units_of_both_sides_arrive_in_april_only() -> None:
    # Krim: "except air units, which are available during the first Soviet New Units phase of
    # April (Calendar month 6)": a Soviet air reinforcement too, and in no other month.
    air = later("VS", "soviet", 6, att=(0,), dfn=(0,), mf=0, kind="air", flags=("air",))
    assert at_new_units("soviet", 9, air).state.units["VS"].box == "soviet-air"
    early = later("VE", "soviet", 4, att=(0,), dfn=(0,), mf=0, kind="air", flags=("air",))
    with pytest.raises(ScenarioError, match="April"):
        at_new_units("soviet", 6, early)
    campaign = wargames.load_scenario("krim", "campaign")
    assert all(
        d.values.get("month") == 6
        for uid, d in campaign.units.items()
        if d.has("air") and campaign.start[uid].box == f"{d.side}-future"
    )


def test_soviets_receive_reinforcements_in_their_box_from_the_first_german_phase() -> None:
    """Krim: "All reinforcements for each calendar month become available during the first
    German New Units Phase of that month, except air units" (the Soviet ones too: the Soviet
    player turn of the month's first couplet comes before it)."""
    game = at_new_units("soviet", 3, later("SR", "soviet", 2))
    assert game.state.units["SR"].box == "soviet-future"
    game = at_new_units("axis", 3, later("SR", "soviet", 2))
    assert game.state.units["SR"].box == "soviet-available"


STUG = dict(att=(3, 2), dfn=(2, 1), mf=8, kind="assault-gun", flags=("mechanized", "assault-gun"))


def test_march_restores_every_assault_gun_battalion() -> None:
    game = at_new_units(
        "axis",
        8,
        unit("G1", "axis", "G9", steps=1, **STUG),  # type: ignore[arg-type]
        unit("G2", "axis", None, box="eliminated", **STUG),  # type: ignore[arg-type]
    )
    assert game.state.units["G1"].steps == 2
    assert game.state.units["G2"].box == "axis-available" and game.state.units["G2"].steps == 2


def test_april_two_mechanized_steps() -> None:
    pz = dict(att=(6, 4, 2), dfn=(6, 4, 2), mf=8, flags=("mechanized",))
    game = at_new_units(
        "axis",
        9,
        unit("P1", "axis", "G9", steps=1, **pz),  # type: ignore[arg-type]
        unit("I1", "axis", "G8", steps=1),
    )
    assert game.state.units["P1"].steps == 3
    assert game.state.units["I1"].steps == 1


def test_may_mechanized_german_and_two_romanian_units() -> None:
    rom = dict(att=(2, 1), dfn=(2, 1), nat="romanian")
    game = at_new_units(
        "axis",
        10,
        unit("I1", "axis", "G8", (6, 4, 2), (6, 4, 2), steps=1),
        unit("I2", "axis", "G7", (6, 4, 2), (6, 4, 2), steps=2),
        *(unit(f"R{i}", "axis", None, box="eliminated", **rom) for i in range(3)),  # type: ignore[arg-type]
    )
    assert game.state.units["I1"].steps + game.state.units["I2"].steps == 6  # 3 more steps
    back = [u for u in ("R0", "R1", "R2") if game.state.units[u].box == "axis-available"]
    assert len(back) == 2


PZ = dict(att=(6, 4, 2), dfn=(6, 4, 2), mf=8, flags=("mechanized",))


def test_april_gives_exactly_two_mechanized_steps_in_all() -> None:
    """Krim: April: "two mechanized steps" in all, however many units are reduced."""
    game = at_new_units(
        "axis",
        9,
        unit("P1", "axis", "G9", steps=1, **PZ),  # type: ignore[arg-type]
        unit("P2", "axis", "G8", steps=1, **PZ),  # type: ignore[arg-type]
    )
    assert game.state.units["P1"].steps + game.state.units["P2"].steps == 4


def test_replacement_steps_go_only_to_units_in_play() -> None:
    """Krim: replacements "replenish units already in play": the eliminated P2 (missing more
    steps) gains none in April; P1, on the map, gains the one it misses."""
    game = at_new_units(
        "axis",
        9,
        unit("P1", "axis", "G9", steps=2, **PZ),  # type: ignore[arg-type]
        unit("P2", "axis", None, box="eliminated", steps=1, **PZ),  # type: ignore[arg-type]
    )
    assert game.state.units["P1"].steps == 3
    p2 = game.state.units["P2"]
    assert p2.box == "eliminated" and p2.steps == 1


def test_may_gives_exactly_two_mechanized_steps() -> None:
    """Krim: May: "two mechanized steps": a mechanized unit missing three gains two."""
    big = dict(att=(8, 6, 4, 2), dfn=(8, 6, 4, 2), mf=8, flags=("mechanized",))
    game = at_new_units("axis", 10, unit("P1", "axis", "G9", steps=1, **big))  # type: ignore[arg-type]
    assert game.state.units["P1"].steps == 3


def test_may_non_mechanized_steps_are_german_only() -> None:
    """Krim: May: "three German non-mechanized steps": the reduced Romanian brigade (missing
    the most) gains none, the German infantry gains all three."""
    game = at_new_units(
        "axis",
        10,
        unit("I1", "axis", "G8", (6, 4, 2), (6, 4, 2), steps=1),
        unit("I2", "axis", "G7", (6, 4, 2), (6, 4, 2), steps=2),
        unit("R1", "axis", "G6", (4, 3, 2, 1), (4, 3, 2, 1), nat="romanian", steps=1),
    )
    assert game.state.units["I1"].steps + game.state.units["I2"].steps == 6
    assert game.state.units["R1"].steps == 1


def test_campaign_reinforcements_at_the_texts_strengths() -> None:
    """Krim: the 22nd Panzer Division at 2 steps, the 197th and 249th reduced."""
    game = wargames.new_game("krim", None, 0)
    units, defs = game.state.units, game.scenario.units
    assert units["22Pz"].steps == 2 and defs["22Pz"].steps == 3
    assert units["197StuG"].steps < defs["197StuG"].steps
    assert units["249StuG"].steps < defs["249StuG"].steps
    others = [
        u
        for u in units.values()
        if u.box == "axis-future" and u.id not in ("22Pz", "197StuG", "249StuG")
    ]
    assert all(u.steps == defs[u.id].steps for u in others)


def test_parachute_battalion_survives_one_time_in_six() -> None:
    para = unit(
        "PB", "soviet", None, box="soviet-available", att=(1,), dfn=(1,), flags=("parachute",)
    )
    off = new([unit("S1", "soviet", "C7"), unit("A0", "axis", "H10"), para])
    assert off.state.units["PB"].box == "not-in-play"
    on = new(
        [unit("S1", "soviet", "C7"), unit("A0", "axis", "H10"), para], options={"parachute": True}
    )
    goto(on, "Soviet Movement Phase", "movement")
    on.apply(Place("PB", "E5"))
    assert dict((str(a.value), p) for a, p in on.chance_outcomes()) == {
        "survives": Fraction(1, 6),
        "lost": Fraction(5, 6),
    }
    on.apply(Outcome("lost"))
    assert on.state.units["PB"].box == "eliminated"


def mandatory_attacks() -> Game:
    """S2 (E6) and A1 (E5) face each other, with the option Soviet Mandatory Attacks."""
    units = [
        unit("S1", "soviet", "C7"),
        unit("A0", "axis", "H10"),
        unit("S2", "soviet", "E6"),
        unit("A1", "axis", "E5"),
    ]
    return new(units, options={"soviet_mandatory_attacks": True})


@pytest.mark.parametrize(
    ("turn", "must"), [(3, False), (5, False), (6, True), (9, True), (10, False)]
)
def test_soviet_mandatory_attacks_january_to_april_1942(turn: int, must: bool) -> None:
    game = mandatory_attacks()
    to_assaults(game, "Soviet Combat Phase", turn=turn)
    assert game.decision is not None and game.decision.step == "assaults"
    if must:
        with pytest.raises(IllegalAction, match="Mandatory Attacks"):
            game.apply(Pass())
        assert Attack(("S2",), "E5") in list(game.legal_actions())
    else:
        game.apply(Pass())


def test_mandatory_attacks_never_bind_the_axis() -> None:
    """Krim option: Soviet Mandatory Attacks binds "the Soviet player" only: in the Axis Combat
    Phase of January/February 1942 (turn 6) the Axis may pass."""
    game = mandatory_attacks()
    to_assaults(game, "Axis Combat Phase", turn=6)
    assert game.decision is not None and game.decision.step == "assaults"
    assert Attack(("A1",), "E6") in list(game.legal_actions())
    game.apply(Pass())


def test_axis_wins_at_once_holding_every_soviet_source() -> None:
    game = new([unit("S1", "soviet", "D8"), unit("A0", "axis", "H10"), unit("A1", "axis", "C6")])
    goto(game, "Axis Movement Phase", "movement")
    game.state.control["H2"] = "axis"
    from wargames.core.actions import Choose, Move

    game.apply(Choose("move:A1"))
    game.apply(Move(("A1",), ("C6", "C7")))
    result = game.result()
    assert result is not None and result.winner == "axis"


def test_1941_scenario_soviets_win_if_a_source_holds_out() -> None:
    game = wargames.new_game("krim", "1941", 0)
    ctx = game._ctx()
    from wargames.krim.victory import final

    assert game.scenario.calendar.last == 5
    assert final(ctx).winner == "soviet"


def test_campaign_final_result_needs_sevastopol_and_kerch() -> None:
    game = wargames.new_game("krim", None, 0)
    ctx = game._ctx()
    from wargames.krim.victory import final

    assert final(ctx).winner == "soviet"  # as dealt, the Soviets hold both
    game.state.control["C7"] = "axis"
    assert final(ctx).winner is None
    game.state.control["X14"] = "axis"
    assert final(ctx).winner == "axis"


def test_may_1942_scenario_starts_in_may_with_its_reinforcements() -> None:
    """Provisional May 1942 (Bustard Hunt) scenario: turn 10 is the first couplet of May
    (calendar month 7): the month's reinforcements arrive, the Axis must take Kerch."""
    game = wargames.new_game("krim", "1942", 0)
    ctx = game._ctx()
    from wargames.krim.calendar import month_of
    from wargames.krim.victory import final

    assert game.state.turn == 10 and month_of(ctx).number == 7
    goto(game, "Axis New Units Phase", "arrivals", turn=10)
    assert game.state.units["300Pz"].box == "axis-available"
    assert game.state.units["Dora"].box == "axis-future"
    assert final(game._ctx()).winner == "soviet"
    game.state.control["X14"] = "axis"
    assert final(game._ctx()).winner == "axis"


def test_an_opposed_landing_is_the_turns_mandatory_attack() -> None:
    # Krim option: the Soviet player must attack every turn; an opposed landing is an attack
    # (resolved normally, as a PA: Krim: Opposed Landings).
    units = [
        unit("S1", "soviet", "C7"),
        unit("A0", "axis", "H10"),
        unit("S2", "soviet", "E6"),
        unit("A1", "axis", "E5"),
        unit("AX", "axis", "H2", (1,), (1,)),
        unit("Q", "soviet", None, box="qrb"),
    ]
    for land in (True, False):
        game = new(units, options={"soviet_mandatory_attacks": True})
        goto(game, "Soviet Movement Phase", "begin-movement", turn=6)
        if land:
            game.apply(Place("Q", "H2"))  # H2: a Soviet source held by the Axis
            game.apply(Choose("sea:G1"))  # one of its two sea hexes
        game.apply(Pass())
        while game.decision is not None and game.decision.step != "assaults":
            game.apply(next(iter(game.legal_actions())))  # the landing: fixed odds, die ...
        assert game.decision is not None and game.decision.side == "soviet"
        if land:
            game.apply(Pass())
        else:
            with pytest.raises(IllegalAction, match="Mandatory Attacks"):
                game.apply(Pass())


def test_railroad_guns_enter_only_at_a_german_controlled_rail_entry_hex() -> None:
    """Krim: Railroad Artillery: "They may move only on German-controlled rail hexes": of the
    campaign's Axis entry hexes only K21 is on the rail, so Dora (month 8) enters there, where
    it can move along the rail, and never at A21, off the rail, where it could never move."""
    game = wargames.new_game("krim", None, 0)
    game.state.put(game.state.units["Dora"].boxed("axis-available"))
    goto(game, "Axis New Units Phase", "axis-new-units", turn=12)
    legal = set(game.legal_actions())
    assert Place("Dora", "A21") not in legal and Place("Dora", "K21") in legal
    error = game.check(Place("Dora", "A21"))
    assert isinstance(error, IllegalAction) and "Railroad Artillery" in error.rule
    game.apply(Place("Dora", "K21"))
    while game.decision is not None and game.decision.step != "movement":
        game.apply(Pass())
    game.apply(Choose("move:Dora"))
    assert any(isinstance(a, Move) for a in game.legal_actions())


def test_axis_units_enter_only_where_stacking_allows() -> None:
    """Krim: The Kerch Straits: "Stacking limits must be observed at the moment of placement"
    (provisional limit 3): H9 holds three Axis units, F10 is free."""
    units = [
        unit("S1", "soviet", "C7"),
        unit("A0", "axis", "H10"),
        later("R", "axis", 2),
        *(unit(f"A{i}", "axis", "H9") for i in (2, 3, 4)),
    ]
    entry = {"axis-entry": ["H9", "F10"]}
    game = new(units, features=entry, control={"axis": ["H10", "H9", "F10"], "soviet": ["C7"]})
    goto(game, "Axis New Units Phase", "arrivals", turn=3)
    assert game.decision is not None and game.decision.step == "axis-new-units"
    legal = list(game.legal_actions())
    assert Place("R", "F10") in legal and Place("R", "H9") not in legal
    with pytest.raises(IllegalAction):
        game.apply(Place("R", "H9"))
    assert game.state.units["R"].box == "axis-available"


def test_axis_units_never_enter_at_a_soviet_controlled_entry_hex() -> None:
    """Krim: Axis units enter at Axis-held entry hexes: F10 is Soviet-controlled (and empty)."""
    units = [unit("S1", "soviet", "C7"), unit("A0", "axis", "H10"), later("R", "axis", 2)]
    entry = {"axis-entry": ["H9", "F10"]}
    game = new(units, features=entry, control={"axis": ["H10", "H9"], "soviet": ["C7", "F10"]})
    goto(game, "Axis New Units Phase", "arrivals", turn=3)
    legal = list(game.legal_actions())
    assert Place("R", "H9") in legal and Place("R", "F10") not in legal
    with pytest.raises(IllegalAction):
        game.apply(Place("R", "F10"))
    assert game.state.units["R"].box == "axis-available"
