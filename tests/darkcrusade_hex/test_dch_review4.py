"""Fourth rules review of Dark Crusade (hex): each test rebuilds a reviewer's position that the
code got wrong (`notes/s26/review4-dch/findings.md`)."""

from __future__ import annotations

import attrs
from dch_support import at_step, ctx, game

from wargames.core.actions import Choose, Pass
from wargames.darkcrusade.hex import counters as cn
from wargames.darkcrusade.hex.factories import producing
from wargames.darkcrusade.hex.movement import routes
from wargames.darkcrusade.hex.view import side_view


def test_a_loading_factory_the_axis_takes_is_lost_not_evacuated() -> None:
    """DCH: Strategic Movement (Factory Evacuation): factories go "by rail to Siberia"; one
    flipped to its Loading side whose city the Axis takes before the next turn never reaches
    the Turn Record Track: it is lost, and produces again only if the city is retaken."""
    g = game({}, turn=2)
    at_step(g, "evacuate")
    g.apply(Choose("evacuate:1315"))  # Kharkov: Loading side in the B.1 of turn 2
    g.state.control["1315"] = cn.AXIS  # the Axis takes Kharkov in its turn 3
    g.state.turn = 3
    at_step(g, "russian-admin")
    assert "1315" not in g.state.get("factories")
    for turn in (4, 5, 6):
        g.state.turn = turn
        at_step(g, "russian-admin")
    assert "1315" not in g.state.get("factories")
    assert producing(ctx(g)) == 4  # the 4 factories still held; none in Siberia
    g.state.control["1315"] = cn.RUSSIAN  # retaken: it produces as any held factory
    assert producing(ctx(g)) == 5


def test_keeping_back_a_weaker_tank_unit_keeps_back_the_stronger_ones_after_it() -> None:
    """DCH: Russian Reinforcements and Replacements: lost tank units come back "weakest units
    first": keeping the weakest back (its factors refunded) must not let a stronger one
    return in its place; every tank unit after it is kept back and refunded too."""
    g = game({}, turn=2)
    for uid in ("T01", "T07"):  # a 3-2 and a 2-1
        g.state.put(attrs.evolve(g.state.units[uid], at=None, box=cn.ELIMINATED))
    at_step(g, "russian-admin")  # 6 factors made: T07 (2) first, then T01 (3)
    assert g.decision is not None and g.decision.step == "russian-arrival"
    assert [c[0] for c in g.state.stack[-1].args["coming"]] == ["T07", "T01"]
    g.apply(Pass())  # T07 kept back
    assert g.decision is None or g.decision.step != "russian-arrival"
    assert g.state.units["T01"].box == cn.ELIMINATED
    assert g.state.units["T07"].box == cn.ELIMINATED
    assert g.state.get("tank_factors") == 6


def test_both_views_show_the_face_up_factories_banks_seas_and_river_hexside() -> None:
    """DCH: Hidden and/vs. Revealed: only the hidden armies and the face-down mech group are
    secret. A factory on its Loading side or on the Turn Record Track is a face-up counter;
    the replacement banks, the seas used this turn and the first turn's river hexside are
    open to both players."""
    g = game({}, turn=4)
    at_step(g, "evacuate")
    g.apply(Choose("evacuate:1315"))  # Kharkov's factory on its Loading side
    g.state.set("panzer_factors", 2)
    g.state.set("tank_factors", 3)
    g.state.set("sea_used", {"turn": 4, "russian": ["black"]})
    g.state.set("free_river", ["0414", "0415"])
    for side in (cn.AXIS, cn.RUSSIAN):
        seen = side_view(g.state, side)["vars"]
        assert seen["factories"] == {"1315": {"state": "loading", "turn": 4}}
        assert seen["panzer_factors"] == 2
        assert seen["tank_factors"] == 3
        assert seen["sea_used"] == {"turn": 4, "russian": ["black"]}
        assert seen["free_river"] == ["0414", "0415"]
        assert "profiles" not in seen and "mech_group" not in seen


def test_in_light_mud_a_korps_along_a_road_pays_forest_and_hills_as_clear() -> None:
    """DCH: Weather: Mud and Light Mud take away the "road movement bonus" (the doubling of
    Road Movement), not Forest's and Hills' "unless moving along a road": a motorized korps
    along the Moscow-Leningrad road pays 1 MF a hex, as over clear terrain."""
    road = ["1307", "1306", "1206", "1105", "1005"]  # forest, forest, hills, hills, hills
    for terrain in ({}, {n: "clear" for n in road}):
        g = game({"XXXXI": "1408"}, turn=8, terrain=terrain)  # Oct I: Light Mud; OMF 5
        got = routes(ctx(g), "XXXXI", "op")
        assert [n for n in road if n in got and got[n][1]] == road  # within the OMF
        assert all(len(got[n][0]) - 1 == i + 1 for i, n in enumerate(road))  # along the road
