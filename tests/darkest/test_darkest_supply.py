"""DC: Supply: closer-to-friends lines to the map edge, the German corridor, seas and straits,
isolated Disrupted units, sustaining cities, the loss of Rumania and of Grozny."""

from __future__ import annotations

from darkest_support import (
    army,
    ctx,
    mech,
    new,
    panzer_korps,
    panzergruppe,
    rifle,
    to_step,
    unit,
)

from wargames.core.actions import Choose
from wargames.core.game import Game
from wargames.darkest import counters as cn
from wargames.darkest.movement import allowance, grozny_lost, romania_lost
from wargames.darkest.supply import determine, friendly_seas, sea_controller, supply_map

FINN = unit("H", "axis", "C2", (2, 2), nationality="finnish", flags=("army",))
WALL = [rifle(f"W{r}", f"{r}4", (0, 1)) for r in "ABCDE"]


def test_a_line_runs_through_hexes_closer_to_friends_back_to_the_map_edge() -> None:
    g = new(army("G", "B2"), army("I", "C6"), *WALL)
    lines = supply_map(ctx(g), "axis")
    assert lines.in_supply("B2") and not lines.in_supply("C6")
    assert supply_map(ctx(new(army("G", "B2"), *WALL)), "russian").in_supply("C4")


def _korps_line(features: dict[str, list[str]]) -> bool:
    russians = [rifle("R1", "B3"), rifle("R2", "D3"), rifle("R3", "C6")]
    g = new(panzer_korps("K", "C4"), *russians, features=features, control={"axis": ["C2", "C3"]})
    return supply_map(ctx(g), "axis").in_supply("C4")


def test_friendly_cities_extend_supply_lines_towns_do_not() -> None:
    # DC: Supply: "a line of areas closer to friendly units or cities than to enemy units":
    # cities, not towns (the text names towns only for weather and Siberian arrivals)
    assert not _korps_line({})
    assert _korps_line({"city": ["C2", "C3"]})
    assert not _korps_line({"town": ["C2", "C3"]})


def test_an_empty_hex_next_to_a_german_army_is_a_german_supply_line() -> None:
    # G in C4 is cut off by Russians one hex from its line, but the hexes next to the
    # German army count as German supply line even next to a Russian unit.
    russians = [rifle("R1", "B3"), rifle("R2", "D3"), rifle("R3", "B5")]
    g = new(army("G", "C4"), FINN, *russians)
    assert supply_map(ctx(g), "axis").in_supply("C4")
    g = new(
        unit("F", "axis", "C4", (2, 2), nationality="finnish", flags=("army",)), FINN, *russians
    )
    assert not supply_map(ctx(g), "axis").in_supply("C4")  # not a German army


def test_a_panzergruppe_lends_its_supply_corridor_only_through_clear_hexes() -> None:
    russians = [rifle("R1", "B3"), rifle("R2", "D3"), rifle("R3", "B5")]
    g = new(panzergruppe("P", "C4"), FINN, *russians)
    assert supply_map(ctx(g), "axis").in_supply("C4")
    g = new(panzergruppe("P", "C4"), FINN, *russians, terrain={"forest": ["C3"]})
    assert not supply_map(ctx(g), "axis").in_supply("C4")


def test_supply_crosses_the_straits() -> None:
    lakes = {"lake": ["A3", "B3", "D3", "E3"]}
    for features, supplied in (
        (["water", "strait"], True),
        (["water", "ferry"], True),
        (["water"], False),
    ):
        side = [{"between": ["C2", "C3"], "features": features}]
        g = new(army("G", "C4"), rifle("R", "A6"), terrain=lakes, hexsides=side)
        assert supply_map(ctx(g), "axis").in_supply("C4") is supplied


def test_supply_runs_through_a_friendly_controlled_sea() -> None:
    sea = {"black-sea": ["A3", "B3", "C3", "D3", "E3"]}
    g = new(
        army("G", "C4"),
        rifle("R", "E6"),
        terrain=sea,
        charts={"sea_control": {"black-sea": ["A1"]}},
        control={"axis": ["A1"]},
    )
    c = ctx(g)
    assert sea_controller(c, "black-sea") == "axis" and friendly_seas(c, "axis") == ["black-sea"]
    assert supply_map(c, "axis").in_supply("C4")
    g.state.control["A1"] = "russian"
    assert not supply_map(c, "axis").in_supply("C4")


def test_isolated_disrupted_units_die_unless_a_fortress_or_city_sustains_them() -> None:
    g = new(
        army("G", "B2"),
        *WALL,
        unit("I1", "axis", "C6", (1, 1), nationality="finnish", markers=("disrupted",)),
        unit("I2", "axis", "C6", (1, 1), nationality="finnish", markers=("disrupted",)),
        unit("I3", "axis", "E6", (1, 1), nationality="finnish", markers=("disrupted",)),
        features={"victory": ["C6"]},
        control={"axis": ["C6"]},
    )
    determine(ctx(g), "axis")
    assert g.state.units["I1"].at == "C6" and g.state.units["I2"].at == "C6"  # 2 on a victory city
    assert g.state.units["I3"].box == cn.LOST
    assert cn.UNSUPPLIED in g.state.units["I1"].markers


def test_three_russian_units_survive_isolated_on_leningrad_or_moscow() -> None:
    axis = [army(f"G{r}", f"{r}3") for r in "ABCDE"]
    reds = [rifle(f"R{i}", "C1", markers=("disrupted",)) for i in range(4)]
    g = new(
        *axis,
        *reds,
        features={"victory": ["C1"], "major-city": ["C1"]},
        attributes={"C1": {"sustain": 3}},
        control={"russian": ["C1"]},
    )
    assert determine(ctx(g), "russian") == [("C1", 3)]  # 4 Disrupted for 3 places: a choice
    assert all(g.state.units[f"R{i}"].at == "C1" for i in range(4))  # the owner's, pending


def _isolated_fortress(*units: dict) -> Game:
    return new(
        army("G", "B2"),
        *WALL,
        *units,
        features={"fortress": ["C6"]},
        control={"axis": ["C6"]},
    )


def test_the_owner_chooses_which_isolated_units_a_fortress_sustains() -> None:
    # DC: Supply: "any 1 unit can survive indefinitely" on an isolated fortress or major city
    # (2 on a victory city, 3 Russian on Leningrad or Moscow): any unit, the owner's choice -
    # not the healthy units first. An UnDisrupted unit does not take the place of a Disrupted
    # one (only Disrupted isolated units are eliminated).
    finn = {"nationality": "finnish"}
    g = _isolated_fortress(
        unit("I1", "axis", "C6", (1, 1), **finn),
        unit("I2", "axis", "C6", (1, 1), markers=("disrupted",), **finn),
    )
    assert determine(ctx(g), "axis") == []
    assert g.state.units["I1"].at == "C6" and g.state.units["I2"].at == "C6"
    g = _isolated_fortress(
        unit("I1", "axis", "C6", (1, 1), markers=("disrupted",), **finn),
        unit("I2", "axis", "C6", (1, 1), markers=("disrupted",), **finn),
    )
    g = to_step(g, "sustain", "axis")
    assert set(g.legal_actions()) == {Choose("I1"), Choose("I2")}  # which one is eliminated
    g.apply(Choose("I1"))
    assert g.state.units["I1"].box == cn.LOST and g.state.units["I2"].at == "C6"
    assert g.decision.step != "sustain"


def test_losing_rumania_and_grozny_slows_panzers_and_tanks() -> None:
    g = new(
        panzergruppe("P", "B2"),
        mech("M", "D5"),
        features={"romania": ["A1"], "oil": ["A1", "E6"]},
        control={"axis": ["A1"], "russian": ["E6"]},
        charts={"movement": {"mech": 2, "other": 2, "omb_axis": 2, "omb_russian": 2}},
    )
    c = ctx(g)
    assert allowance(c, "P", "op") == (2, 2) and allowance(c, "M", "op") == (2, 2)
    g.state.control["A1"] = "russian"
    g.state.control["E6"] = "axis"
    assert romania_lost(c) and grozny_lost(c)
    assert allowance(c, "P", "op") == (1, 1) and allowance(c, "M", "op") == (1, 2)


def test_supply_is_determined_in_a3_and_b3() -> None:
    g = new(army("G", "B2"), army("I", "C6"), *WALL)
    g = to_step(g, "russian-admin", "russian")
    assert cn.UNSUPPLIED in g.state.units["I"].markers
    assert cn.UNSUPPLIED not in g.state.units["G"].markers


def test_a_disrupted_german_army_still_lends_its_supply_corridor() -> None:
    # DC: Supply: "an unoccupied hex adjacent and accessible to a German army" - the text asks
    # no UnDisrupted army here (unlike the stop and must-attack rules).
    russians = [rifle("R1", "B3"), rifle("R2", "D3"), rifle("R3", "B5")]
    g = new(army("G", "C4", markers=("disrupted",)), FINN, *russians)
    assert supply_map(ctx(g), "axis").in_supply("C4")
