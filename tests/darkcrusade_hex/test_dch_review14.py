"""Fourteenth rules review of Dark Crusade (hex), a data audit
(`notes/s29/review14-dch/findings.md`)."""

from __future__ import annotations

import copy
import tomllib

import attrs
import pytest
from dch_support import OUT, C, W, ctx, fight, game, pick_group

import wargames
from wargames.core.errors import ScenarioError
from wargames.core.game import Game
from wargames.darkcrusade import morale
from wargames.darkcrusade.hex import DATA
from wargames.darkcrusade.hex import counters as cn
from wargames.darkcrusade.hex.battle import current
from wargames.darkcrusade.hex.charts import DEFAULTS
from wargames.darkcrusade.hex.combat import decline_option
from wargames.darkcrusade.hex.movement import costs, routes, terrain_row


def _x_on(defenders: dict[str, str]) -> str | None:
    """The D/BD option on an X against ``defenders`` on C, in Good weather (turn 1)."""
    g = game({"H01": W, "H02": "1711", **defenders}, profiles={"H01": "4-4", "H02": "4-4"})
    fight(g, ["H01", "H02"], C)
    return decline_option(ctx(g), current(ctx(g)).evolve(code="X"))


def test_only_german_assisted_axis_defenders_may_decline_an_exchange() -> None:
    # DCH: eXchanges, provisional conditions from The Barbarossa File (research section 2):
    # "German(-assisted) ... defenders may take D1 instead in Good or Mud weather".
    assert _x_on({"3RoA": C}) is None
    assert _x_on({"3RoA": C, "I": C}) == "d"
    assert _x_on({"18A": C}) == "d"


def _terrain_game(terrain: dict[str, dict[str, object]] | None) -> Game:
    """XXXXI (motorized korps) on 1406 and I (infantry korps) on 1306, in the forest belt east
    of Smolensk, on turn 2, with ``[charts.movement.terrain]`` replaced by ``terrain``."""
    data = tomllib.loads((DATA / "barbarossa-1941.toml").read_text(encoding="utf-8"))
    if terrain is not None:
        data["charts"] = {"movement": {**copy.deepcopy(DEFAULTS["movement"]), "terrain": terrain}}
    g = wargames.new_game("darkcrusade-hex", data, seed=0)
    pick_group(g, "plain")
    st = g.state
    for u in list(st.units.values()):
        st.put(attrs.evolve(u, at=None, box=OUT, markers=frozenset()))
    for uid, at in {"I": "1306", "XXXXI": "1406"}.items():
        st.put(attrs.evolve(st.units[uid], at=at, box=None))
        st.control[at] = cn.AXIS
    st.turn = 2
    return g


def test_the_terrain_chart_sets_the_movement_costs_of_each_class() -> None:
    # DCH: Terrain Effects: a scenario's [charts.movement.terrain] is what movement pays.
    shipped = _terrain_game(None)
    same = _terrain_game(copy.deepcopy(DEFAULTS["movement"]["terrain"]))
    dearer = copy.deepcopy(DEFAULTS["movement"]["terrain"])
    dearer["korps-mobile"]["forest"] = 3
    slower = _terrain_game(dearer)
    korps = {
        k: set(routes(ctx(g), "XXXXI", "op"))
        for k, g in (("shipped", shipped), ("same", same), ("slower", slower))
    }
    assert korps["same"] == korps["shipped"]
    assert korps["slower"] < korps["shipped"]
    # the infantry korps's chart is untouched: its reach is the same
    assert set(routes(ctx(slower), "I", "op")) == set(routes(ctx(shipped), "I", "op"))


def test_the_shipped_terrain_chart_gives_the_texts_costs() -> None:
    # DCH: Terrain Effects, in half movement factors: Forest/Hills 2 OMFs for mobile korps (1
    # for the rest), Swamp 2 MFs for mobile divisions, 1 hex a turn for korps, Mountain closed
    # to korps; Snow freezes swamps (swamp as clear, swamp-forest as forest).
    g = _terrain_game(None)
    c = ctx(g)
    got = {}
    for kind in ("foot", "div-mobile", "korps-mobile"):
        row = terrain_row(c, kind)
        for snow in (False, True):
            t = dict(costs(kind, False, False, snow, row).terrain)
            got[kind, snow] = tuple(
                t.get(k, 2) for k in ("forest", "hills", "mountain", "swamp", "swamp-forest")
            )
    assert got == {
        ("foot", False): (2, 2, 2, 2, 2),
        ("foot", True): (2, 2, 2, 2, 2),
        ("div-mobile", False): (2, 2, 2, 4, 4),
        ("div-mobile", True): (2, 2, 2, 2, 2),
        ("korps-mobile", False): (4, 4, None, 99, 99),
        ("korps-mobile", True): (4, 4, None, 2, 4),
    }


def test_a_terrain_chart_value_must_be_factors_closed_or_one_hex() -> None:
    bad = copy.deepcopy(DEFAULTS["movement"]["terrain"])
    bad["foot"]["forest"] = "slow"
    with pytest.raises(ScenarioError, match=r"charts\.movement\.terrain\.foot\.forest"):
        _terrain_game(bad)
    del bad["foot"]
    with pytest.raises(ScenarioError, match=r"charts\.movement\.terrain\.foot"):
        _terrain_game(bad)


def test_the_charts_have_no_turn_labels_the_calendar_gives_them() -> None:
    # The turn names are the scenario's [calendar]; a [weather] labels list was never read.
    assert "labels" not in DEFAULTS["weather"]


@pytest.mark.parametrize(("sixths", "ok"), [(-1, False), (0, True), (6, True), (7, False)])
def test_the_moscow_collapse_chances_are_0_to_6_sixths(sixths: int, ok: bool) -> None:
    # DCH: Victory Conditions ("a 33% chance of Russian morale collapse", 2 in 6 by default):
    # a chart outside 0 to 6 sixths is refused at load, naming the field (it gave a negative
    # chance); 0 or 6 leaves only the outcome that can happen
    data = tomllib.loads((DATA / "barbarossa-1941.toml").read_text(encoding="utf-8"))
    data["charts"] = {"victory": {**DEFAULTS["victory"], "moscow_collapse_in_sixths": sixths}}
    if not ok:
        with pytest.raises(ScenarioError, match=r"charts\.victory\.moscow_collapse_in_sixths"):
            wargames.new_game("darkcrusade-hex", data, seed=0)
        return
    wargames.new_game("darkcrusade-hex", data, seed=0)
    assert [o.value for o, _ in morale.outcomes(sixths)] == (
        ["collapse"] if sixths == 6 else ["holds"]
    )
