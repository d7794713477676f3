"""Krim: fifteenth rules review (options, scenarios and variants): the parachute battalion's
surviving drop and its empty landing hex, the parachute option refused where it can never act,
its provisional data, and OpTrans in the 1942 scenario's May."""

from __future__ import annotations

import pytest
from krim_support import goto, new, unit

import wargames
from wargames.core.actions import Choose, Outcome, Place
from wargames.core.errors import IllegalAction, ScenarioError
from wargames.core.game import Game
from wargames.core.markers import PHASE, scoped
from wargames.krim.movement import MOVED


def para_game(*extra: dict[str, object]) -> Game:
    """S1 (C7) and A0 (H10), the parachute battalion PB available, the option on."""
    para = unit(
        "PB", "soviet", None, box="soviet-available", att=(1,), dfn=(1,), flags=("parachute",)
    )
    units = [unit("S1", "soviet", "C7"), unit("A0", "axis", "H10"), para, *extra]
    game = new(units, options={"parachute": True})  # type: ignore[arg-type]
    goto(game, "Soviet Movement Phase", "movement")
    return game


def test_a_surviving_parachute_battalion_lands_in_its_hex_and_moves_no_further() -> None:
    """Krim option (research S2): "a 1-in-6 chance of surviving its drop and entering play": a
    surviving battalion stands in the hex it dropped on, has moved, and its side holds the hex."""
    game = para_game()
    assert game.state.control.get("E5") != "soviet"
    game.apply(Place("PB", "E5"))
    game.apply(Outcome("survives"))
    pb = game.state.units["PB"]
    assert pb.at == "E5"
    assert scoped(MOVED, PHASE) in pb.markers
    assert game.state.control["E5"] == "soviet"
    assert Choose("move:PB") not in game.legal_actions()


def test_the_parachute_battalion_drops_only_on_an_empty_hex() -> None:
    """Krim option: the battalion is dropped on an *empty* land hex: not on E5, held by A1."""
    game = para_game(unit("A1", "axis", "E5"))
    assert Place("PB", "E6") in game.legal_actions()
    assert Place("PB", "E5") not in game.legal_actions()
    why = game.check(Place("PB", "E5"))
    assert isinstance(why, IllegalAction) and "occupied" in str(why)


@pytest.mark.parametrize("name", ["1941", "1942"])
def test_the_parachute_option_is_refused_where_the_battalion_can_never_drop(name: str) -> None:
    """Krim option: the battalion (December 1941) never reaches a Soviet Movement Phase in the
    1941 scenario (it would arrive in the Axis New Units Phase of the last turn) nor in 1942
    (out of play by May 1942): the option is refused, not silently idle."""
    with pytest.raises(ScenarioError, match=r"options\.parachute"):
        wargames.new_game("krim", name, 0, options={"parachute": True})
    assert wargames.new_game("krim", name, 0).scenario.options["parachute"] is False


def test_the_parachute_option_is_accepted_in_the_campaign() -> None:
    game = wargames.new_game("krim", "campaign", 0, options={"parachute": True})
    assert game.scenario.options["parachute"] is True


def test_the_1941_scenario_ships_no_soviet_unit_that_can_never_play() -> None:
    """Krim: New Units Phase (recorded reading: Soviet reinforcements arrive in the first
    German New Units Phase of their month): the Soviet December units would arrive after the
    1941 scenario's last Soviet player turn, so its data leaves them out."""
    sc = wargames.load_scenario("krim", "1941")
    december = [
        uid for uid, d in sc.units.items() if d.side == "soviet" and d.values.get("month") == 3
    ]
    assert december == []
    assert "236RD" in wargames.load_scenario("krim", "campaign").units


@pytest.mark.parametrize("name", ["campaign", "1942"])
def test_the_parachute_battalions_invented_data_is_marked_provisional(name: str) -> None:
    """Research S2 gives only the battalion and its 1-in-6 survival: its month, drop zone,
    timing and control effect are invented, and the data says so."""
    para = wargames.load_scenario("krim", name).units["Para"]
    note = para.values["note"]
    assert note.startswith("PROVISIONAL")
    assert all(w in note for w in ("December 1941", "empty land hex", "control"))


def test_optrans_is_legal_in_the_1942_scenarios_first_turn() -> None:
    """Krim: Operational Transfers: "not permitted during the first calendar month of the game"
    (recorded reading: October 1941 in every scenario): May 1942, turn 10 of the 1942
    scenario, is not banned, and the Soviets, moving first, may OpTrans."""
    game = wargames.new_game("krim", "1942", 0)
    assert game.state.turn == 10
    assert game.decision is not None and game.decision.side == "soviet"
    options = [a.option for a in game.legal_actions() if isinstance(a, Choose)]
    assert any(o.startswith("optrans:") for o in options)
