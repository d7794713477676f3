"""K45 3.4, 11.x: supply lines, sources, Königsberg's limited supply centre, effects."""

from __future__ import annotations

import pytest
from k45_helpers import autobahn, game, hq, push, scenario, unit

from wargames.api import load_scenario
from wargames.core.errors import ScenarioError
from wargames.core.supply import SupplyStatus
from wargames.konigsberg.supply import statuses


def markers(g, uid):  # type: ignore[no-untyped-def]
    return set(g.state.units[uid].markers)


def test_11_1_a_unit_with_a_line_to_a_source_is_in_supply() -> None:
    g = game(unit("G", "german", "0303"), unit("S", "soviet", "1108"))
    assert statuses(g._ctx())["G"] is SupplyStatus.SUPPLIED


def test_11_1a_ezoc_blocks_supply_but_friendly_units_negate_it() -> None:
    wall = [f"{c:02d}01" for c in range(1, 13)]
    units = [
        unit(f"R{c}", "soviet", f"{c:02d}03" if c % 2 else f"{c:02d}04") for c in range(2, 13, 2)
    ]
    g = game(unit("G", "german", "0308"), *units, terrain={"water": wall[1:]})
    # a Soviet line across the map: its ZOC cuts G off from the German source at 0101
    assert statuses(g._ctx())["G"] is not SupplyStatus.SUPPLIED


def test_11_0_out_of_supply_then_isolated_then_resupplied() -> None:
    g = game(
        unit("G", "german", "0114"),
        unit("S", "soviet", "1414"),
        features={"supply-german": None},
        columns=14,
        rows=14,
    )
    assert g.scenario.board.distance("0114", "1104") > 10  # beyond Königsberg's range
    push(g, "supply")
    assert markers(g, "G") == {"oos"}  # no German source at all
    push(g, "supply")
    assert markers(g, "G") == {"isolated"}
    g.state.put(g.state.units["G"].moved_to("1105"))  # now within ten hexes: limited
    push(g, "supply")
    assert markers(g, "G") == {"oos"}


def test_11_2b_11_2c_konigsberg_cut_from_elbing_is_a_limited_centre() -> None:
    road = autobahn()
    cut = road[4]["between"][1]
    far = game(
        unit("G", "german", "1105"),
        unit("F", "german", "0107"),
        unit("S", "soviet", "1108"),
        features={"supply-german": None},
        hexsides=road,
    )
    assert statuses(far._ctx())["G"] is SupplyStatus.SUPPLIED  # the Autobahn is open
    g = game(
        unit("G", "german", "1105"),
        unit("F", "german", "0108"),
        unit("S", "soviet", cut),
        features={"supply-german": None},
        hexsides=road,
    )
    st = statuses(g._ctx())
    assert st["G"] is SupplyStatus.LIMITED and st["F"] is SupplyStatus.UNSUPPLIED
    g.state.put(g.state.units["G"].marked("oos"))
    push(g, "supply")
    assert markers(g, "G") == {"oos"}  # never isolated


def test_11_3a_out_of_supply_units_keep_their_zoc() -> None:
    from wargames.konigsberg.supply import zoc_of

    g = game(unit("G", "german", "0505", markers=["oos"]), unit("S", "soviet", "1108"))
    ix = g.scenario.board.index
    assert ix.number["0506"] in zoc_of(g._ctx(), "german")


def test_11_3c_an_unsupplied_hq_makes_its_units_out_of_supply() -> None:
    from wargames.konigsberg.supply import new_markers

    g = game(
        hq("K", "german", "0303"),
        unit("A", "german", "0304", command="K"),
        unit("S", "soviet", "1108"),
    )
    ctx = g._ctx()
    before = {"K": frozenset({"oos"}), "A": frozenset()}
    got = new_markers(ctx, before)
    assert got["A"] == frozenset()
    # the HQ isolated (as if it had no line): the units it commands are isolated too
    g.state.units["K"] = g.state.units["K"].moved_to("0303")
    from wargames.konigsberg import supply as k45supply

    real = k45supply.statuses
    k45supply.statuses = lambda c: {"K": SupplyStatus.UNSUPPLIED, "A": SupplyStatus.SUPPLIED}
    try:
        got = new_markers(ctx, before)
    finally:
        k45supply.statuses = real
    assert got["K"] == frozenset({"isolated"}) and got["A"] == frozenset({"isolated"})


def test_11_2c_units_on_the_limited_centre_never_isolate_even_under_an_isolated_hq(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from wargames.konigsberg import supply as k45supply

    g = game(
        hq("K", "german", "0303"),
        unit("A", "german", "0304", command="K"),
        unit("B", "german", "0305", command="K"),
        unit("S", "soviet", "1108"),
    )
    status = {
        "K": SupplyStatus.UNSUPPLIED,
        "A": SupplyStatus.LIMITED,  # traces to Königsberg cut off from Elbing
        "B": SupplyStatus.SUPPLIED,
    }
    monkeypatch.setattr(k45supply, "statuses", lambda c: status)
    before = {"K": frozenset({"oos"}), "A": frozenset({"oos"}), "B": frozenset()}
    got = k45supply.new_markers(g._ctx(), before)
    assert got["K"] == frozenset({"isolated"})
    assert got["A"] == frozenset({"oos"})  # 11.2c: out of supply, never isolated
    assert got["B"] == frozenset({"isolated"})  # 11.3c: the isolated HQ isolates the rest


def test_11_3d_zero_movement_units_never_go_out_of_supply() -> None:
    g = game(unit("V", "german", "0505", mp=0, steps=1), unit("S", "soviet", "1108"))
    g.scenario.board.graph.nodes["0101"]["features"] = frozenset()
    assert statuses(g._ctx())["V"] is SupplyStatus.SUPPLIED


def test_11_2a_split_sources_turn_soviet_for_good() -> None:
    from k45_helpers import activate

    from wargames.core.actions import Move

    g = game(
        unit("S", "soviet", "0302"),
        unit("G", "german", "1108"),
        features={"supply-split": ["0304"]},
    )
    activate(g, "", "soviet", ["S"])
    push(g, "movement", side="soviet")
    g.apply(Move(("S",), ("0302", "0303", "0304")))
    assert g.state.get("split_sources") == {"0304": "soviet"}
    from wargames.konigsberg.supply import sources

    assert "0304" in sources(g._ctx(), "soviet") and "0304" not in sources(g._ctx(), "german")


def test_11_4_units_start_in_supply() -> None:
    g = game(unit("G", "german", "0505"), unit("S", "soviet", "1108"))
    assert not any(u.markers for u in g.state.units.values())


def test_11_1a_a_map_with_a_road_into_a_water_hex_is_refused_not_traced_wrong() -> None:
    # "unless the hex/hexside is crossed by either a road and railroad": the trace opens road
    # hexsides only, so a road through a water hex is refused by name
    wall = [f"04{r:02d}" for r in range(1, 9)]
    road = [{"between": ["0303", "0403"], "features": ["road"]}]
    data = scenario(unit("G", "german", "0703"), terrain={"water": wall}, hexsides=road)
    with pytest.raises(ScenarioError, match=r"11\.1a.*0303-0403.*0403") as err:
        load_scenario("konigsberg", data)
    assert err.value.field == "map"
    # the campaign map has none
    load_scenario("konigsberg")
