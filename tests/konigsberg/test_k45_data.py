"""K45 data: the campaign scenario, the charts, provisional marks and scenario errors."""

from __future__ import annotations

import tomllib

import pytest
from k45_helpers import game, scenario, unit

import wargames
from wargames.core.errors import ScenarioError
from wargames.konigsberg import charts as k45charts
from wargames.konigsberg import geography


def test_campaign_loads_with_the_fourteen_vp_cities_and_the_order_of_battle() -> None:
    sc = wargames.load_scenario("konigsberg", "campaign")
    named = {sc.board.attr(n, "name"): n for n in sc.board if sc.board.attr(n, "vp")}
    assert set(named) == set(geography.VP_CITIES) and len(named) == 14
    hqs = {u.id for u in sc.units.values() if "hq" in u.flags}
    assert {
        "11GA",
        "2GA",
        "5GTA",
        "2ShA",
        "43A",
        "39A",
        "5A",
        "28A",
        "31A",
        "50A",
        "49A",
        "3A",
        "48A",
        "65A",
        "70A",
        "19A",
    } <= hqs  # K45 0.4 Soviet HQs
    assert {
        "28K",
        "26K",
        "6K",
        "20K",
        "GDK",
        "41PzK",
        "7PzK",
        "HGK",
        "9K",
        "27K",
        "55K",
        "23K",
    } <= hqs  # K45 0.4 German HQs
    reduced = {"2HGFj", "83ID", "401I", "461I", "605zbV", "607zbV", "Mikosch"}
    # K45 12.7: each sets up on its reduced side, so it has a full side to rebuild (8.0, 12.4)
    assert all(sc.units[u].steps == 2 for u in reduced)
    assert all(sc.start[u].steps == 1 for u in reduced)
    assert sc.start["152UR"].at == sc.start["39A"].at  # K45 12.7 errata: with 39th Army
    assert sum(1 for u in sc.units.values() if "volksturm" in u.flags) == 4  # K45 12.5
    assert "Hipper" in sc.units and "Bohme" in sc.units  # K45 12.6, 15.1a


def test_campaign_map_has_the_rivers_roads_autobahn_and_haff() -> None:
    sc = wargames.load_scenario("konigsberg", "campaign")
    ix = sc.board.index
    for feature in (
        "major-river",
        "river",
        "road",
        "autobahn",
        "rail",
        "bridge",
        "festung",
        "line",
    ):
        assert ix.mask(feature), feature
    assert sc.board.nodes_with("haff") and sc.board.nodes_with("supply-split")


def test_geography_regenerates_the_campaign_file() -> None:
    text = (k45charts.DATA / "campaign.toml").read_text(encoding="utf-8")
    assert geography.campaign_toml() == text


def test_provisional_charts_say_why() -> None:
    data = tomllib.loads((k45charts.DATA / "charts.toml").read_text(encoding="utf-8"))
    for key in ("crt", "tec", "barrage", "track", "refugees"):
        assert data[key]["provisional"] is True and data[key]["note"], key
    box3 = next(b for b in data["track"]["turns"] if b["turn"] == 3)
    assert box3["limits"]["german"] == 5 and box3["limits"]["3BR"] == 4  # K45 0.5, 0.7


def test_a_bad_crt_result_is_a_scenario_error() -> None:
    bad = dict(k45charts.defaults()["crt"])
    bad["rows"] = {**bad["rows"], "1": ["DX"] * 9}
    with pytest.raises(ScenarioError) as err:
        game(unit("A", "german", "0303"), charts={"crt": bad})
    assert err.value.field == "charts.crt"


def test_a_soviet_unit_needs_a_front() -> None:
    bad = unit("S", "soviet", "0505")
    bad["values"] = {"front": "1UF"}
    with pytest.raises(ScenarioError) as err:
        wargames.new_game("konigsberg", scenario(bad))
    assert err.value.field == "units.S.values.front"


def test_a_user_scenario_replaces_a_chart_without_code() -> None:
    g = game(
        unit("A", "german", "0303"),
        charts={
            "barrage": {
                "odds": "2-1",
                "first_turn_drm": 0,
                "attacks": {str(i): 0 for i in range(1, 7)},
            }
        },
    )
    assert k45charts.charts(g.scenario)["barrage"]["odds"] == "2-1"
