"""Krim: fourteenth rules review (a data audit): a replaced chart takes effect everywhere
(impassable terrain for movement and OpTrans, the provisional ZOC stop, the sea weights), and
the half MF out of tactical supply rounds down."""

from __future__ import annotations

import copy
import re
import tomllib
from typing import Any

import pytest
from krim_support import CAMPAIGN, CHARTS, goto, new, unit

from wargames.core.actions import Choose, Move
from wargames.core.errors import IllegalAction
from wargames.krim.movement import allowance


def closed_marsh() -> dict[str, Any]:
    """A user's movement chart: marsh impassable, its cost (``other.marsh``) kept."""
    chart = copy.deepcopy(dict(CHARTS["movement"]))
    chart["impassable"] = [*chart["impassable"], "marsh"]
    assert "marsh" in chart["other"] and "marsh" in chart["mechanized"]
    return chart


def test_impassable_terrain_of_a_replaced_chart_closes_regular_movement_and_optrans() -> None:
    """Krim: Supply Lines: "may not pass through impassable terrain hexes"; Operational
    Transfers: "may not enter any hex it could not enter using regular movement": a terrain the
    chart lists as impassable is prohibited to movement even when the cost table prices it."""
    units = [unit("S1", "soviet", "C7"), unit("A0", "axis", "H10"), unit("A1", "axis", "E5")]
    marsh = {"marsh": ["E6", "E7", "D6"]}
    game = new(units, terrain=marsh, charts={"movement": closed_marsh()})
    goto(game, "Axis Movement Phase", "movement")
    game.apply(Choose("move:A1"))
    moves = [a for a in game.legal_actions() if isinstance(a, Move)]
    assert moves and not any(set(marsh["marsh"]) & set(m.path) for m in moves)
    why = game.check(Move(("A1",), ("E5", "E6")))
    assert isinstance(why, IllegalAction) and "Terrain Effects on Movement" in str(why)
    game = new(units, terrain=marsh, charts={"movement": closed_marsh()})
    goto(game, "Axis Operational Transfers", "begin-optrans", turn=3)
    game.apply(Choose("optrans:A1"))
    moves = [a for a in game.legal_actions() if isinstance(a, Move)]
    assert moves and not any(set(marsh["marsh"]) & set(m.path) for m in moves)


def test_a_chart_without_the_zoc_stop_lets_a_group_move_on_after_a_leg_next_to_an_enemy() -> None:
    """Provisional ZOC (``charts.zoc.stop_on_enter``): with the stop turned off, a group that
    ended a leg next to an enemy unit is offered further legs, its MP allowing; with the
    shipped chart it stops there."""
    for stop in (True, False):
        units = [
            unit("S1", "soviet", "C7"),
            unit("S2", "soviet", "F7"),
            unit("A0", "axis", "H10"),
            unit("A1", "axis", "E5", mf=6),
        ]
        game = new(units, charts={"zoc": {**dict(CHARTS["zoc"]), "stop_on_enter": stop}})
        goto(game, "Axis Movement Phase", "movement")
        game.apply(Choose("move:A1"))
        game.apply(Move(("A1",), ("E5", "E6")))  # E6 is next to S2 (F7)
        assert bool([a for a in game.legal_actions() if isinstance(a, Move)]) is not stop
        why = game.check(Move(("A1",), ("E6", "E7")))
        assert (why is not None and "ZOC" in str(why)) is stop


def test_the_sea_weights_come_from_the_chart() -> None:
    """Krim: Soviet Sea Movement: "up to 5 divisions"; the weight of a brigade is provisional
    data (``charts.sea.weights``): a chart counting a brigade as a full division lets the QRB
    take five brigades, not a sixth (the shipped 1/2 would take ten)."""
    chart = copy.deepcopy(dict(CHARTS["sea"]))
    chart["weights"] = {**chart["weights"], "brigade": 1}
    units = [unit("S1", "soviet", "D8"), unit("A0", "axis", "H10")]
    units += [unit(f"Q{i}", "soviet", None, box="qrb", size="brigade") for i in range(4)]
    units += [unit(f"B{i}", "soviet", None, box="soviet-available", size="brigade") for i in (1, 2)]
    control = {"axis": ["H10"], "soviet": ["C7", "H2"]}
    game = new(units, control=control, charts={"sea": chart})
    goto(game, "Soviet New Units Phase", "begin-sea")
    assert game.decision is not None and game.decision.step == "qrb"
    game.apply(Choose("qrb:B1"))
    with pytest.raises(IllegalAction, match="five divisions"):
        game.apply(Choose("qrb:B2"))


@pytest.mark.parametrize("name", ["campaign", "1941", "1942"])
def test_the_shipped_sea_weights_are_marked_provisional(name: str) -> None:
    """The text gives no weight below a division: the shipped chart marks them provisional
    (brigade 1/2, regiment and battalion 1/3, unchanged)."""
    sea = tomllib.loads((CAMPAIGN.parent / f"{name}.toml").read_text())["charts"]["sea"]
    assert sea["provisional"] is True and "PROVISIONAL" in sea["note"]
    assert sea["weights"] == {
        "brigade": "1/2",
        "regiment": "1/3",
        "battalion": "1/3",
        "other": "1/3",
    }


def test_half_mf_out_of_tactical_supply_rounds_down() -> None:
    """Krim: Tactical Supply: "only one-half its printed MF"; the text gives no rounding, read
    as rounding down (provisional reading): a cut-off MF-3 rifle division has 1 MP and cannot
    move two clear hexes."""
    units = [
        unit("S1", "soviet", "C7"),
        unit("A0", "axis", "H10"),
        unit("S3", "soviet", "F5", mf=3),
    ]
    game = new(units)
    game.state.control["C7"] = "axis"  # no Soviet source: S3 is out of tactical supply
    assert allowance(game._ctx(), ["S3"]) == 1
    goto(game, "Soviet Movement Phase", "movement")
    game.apply(Choose("move:S3"))
    assert max(len(a.path) - 1 for a in game.legal_actions() if isinstance(a, Move)) == 1
    assert game.check(Move(("S3",), ("F5", "E5", "D5"))) is not None


@pytest.mark.parametrize("name", ["campaign", "1941", "1942"])
def test_unit_names_carry_correct_ordinals(name: str) -> None:
    """The order of battle's names shown to players: "22nd Infantry Division", not "22th"
    (a number at the start of a name always carries its English ordinal)."""
    units = tomllib.loads((CAMPAIGN.parent / f"{name}.toml").read_text())["units"]
    for u in units:
        m = re.match(r"(\d+)(\S*) ", u.get("name", ""))
        if m:
            n = int(m.group(1))
            last = (
                "th" if n % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
            )
            assert m.group(2) == last, u["name"]
