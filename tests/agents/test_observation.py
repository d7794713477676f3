"""Observation tensors: their published shape, their meaning, built from a side's view."""

from __future__ import annotations

import numpy as np
import pytest
from agents_support import secret_game

import wargames
from wargames.agents import RandomAgent, play_out
from wargames.observation import (
    observation_shape,
    observe,
    plane_names,
    scalar_names,
    traces_supply,
)
from wargames.registry import get_title


@pytest.mark.parametrize("title", wargames.titles())
def test_the_tensors_have_the_published_shape(title: str) -> None:
    game = wargames.new_game(title, seed=3)
    shape = observation_shape(game.title, game.scenario)
    for side in game.title.sides:
        obs = observe(game, side)
        assert obs.planes.shape == shape.planes and obs.scalars.shape == shape.scalars
        assert obs.flat().shape == (shape.flat,)
    assert len(plane_names(game.title, game.scenario)) == shape.planes[0]
    assert len(scalar_names(game.title, game.scenario)) == shape.scalars[0]


def test_the_planes_count_units_and_steps_of_each_side() -> None:
    game = wargames.new_game("minimal", seed=3)
    obs = observe(game, "blue")
    names = plane_names(game.title, game.scenario)
    nodes = sorted(game.scenario.board)
    for side in game.title.sides:
        units = [
            u for u in game.state.units.values() if u.at and game.scenario.units[u.id].side == side
        ]
        plane = obs.planes[names.index(f"units:{side}")]
        assert plane.sum() == len(units)
        steps = obs.planes[names.index(f"steps:{side}")]
        assert steps.sum() == sum(u.steps for u in units)
        for u in units:
            assert plane[nodes.index(u.at)] >= 1
    me = scalar_names(game.title, game.scenario).index("me:blue")
    assert obs.scalars[me] == 1


@pytest.mark.parametrize("title", ["darkest", "konigsberg"])
def test_a_side_observes_the_same_in_every_game_it_cannot_tell_apart(title: str) -> None:
    game = wargames.new_game(title, seed=2)
    play_out(game, RandomAgent(2), max_actions=60)
    for side in game.title.sides:
        other = game.determinize(side, 99)
        assert np.array_equal(observe(other, side).flat(), observe(game, side).flat())


def test_hidden_units_are_planes_of_unknown_owner() -> None:
    game = secret_game(4)
    hidden = [u for u in game.view("axis")["units"] if u.get("hidden") and u.get("at")]
    assert hidden
    names = plane_names(game.title, game.scenario)
    obs = observe(game, "axis")
    assert obs.planes[names.index("units:unknown")].sum() == len(hidden)
    assert observe(game, "russian").planes[names.index("units:unknown")].sum() == 0


def test_declared_markers_have_planes() -> None:
    # DC: a disrupted unit is marked (Title.observed_markers names "disrupted").
    game = wargames.new_game("darkest", seed=2)
    unit = next(u for u in game.state.units.values() if u.at is not None)
    game.state.put(unit.marked("disrupted"))
    names = plane_names(game.title, game.scenario)
    plane = observe(game, "axis").planes[names.index("marker:disrupted")]
    assert plane[sorted(game.scenario.board).index(unit.at)] == 1
    assert plane.sum() == 1


def test_the_scalars_count_each_side_s_units_control_objectives_and_supply() -> None:
    game = wargames.new_game("konigsberg", seed=3)
    names = scalar_names(game.title, game.scenario)
    german = [u for u in game.state.units.values() if game.scenario.units[u.id].side == "german"]
    on_map = [u for u in german if u.at is not None]
    oos = on_map[0]
    game.state.put(oos.marked("oos"))  # K45 11.x: out of supply
    obs = observe(game, "german").scalars
    assert obs[names.index("units:german")] == pytest.approx(len(on_map) / len(german))
    assert obs[names.index("marker:oos:german")] == pytest.approx(1 / len(german))
    assert obs[names.index("marker:oos:soviet")] == 0
    vp = [n for n in game.scenario.board if game.scenario.board.attr(n, "vp")]
    held = sum(game.state.control.get(n) == "german" for n in vp)
    assert obs[names.index("objectives:german")] == pytest.approx(held / len(vp))


def test_declared_title_variables_are_scalars() -> None:
    game = wargames.new_game("darkest", seed=2)
    names = scalar_names(game.title, game.scenario)
    game.state.set("inf_pool", 7)
    assert observe(game, "axis").scalars[names.index("var:inf_pool")] == 7


SUPPLY_TITLES = [t for t in wargames.titles() if traces_supply(get_title(t))]


def test_every_built_in_title_traces_supply() -> None:
    assert {"darkest", "konigsberg", "krim", "darkcrusade-hex", "darkcrusade-p2p"} <= set(
        SUPPLY_TITLES
    )
    assert "minimal" not in SUPPLY_TITLES  # no Title.supply: no supply planes
    game = wargames.new_game("minimal", seed=1)
    assert not any(n.startswith("supply:") for n in plane_names(game.title, game.scenario))


@pytest.mark.parametrize("title", SUPPLY_TITLES)
def test_the_supply_planes_follow_the_title_s_trace(title: str) -> None:
    game = wargames.new_game(title, seed=3)
    names = plane_names(game.title, game.scenario)
    nodes = sorted(game.scenario.board)
    me, enemy = game.title.sides
    assert names.index(f"supply:{enemy}") == names.index(f"supply:{me}") + 1
    before = observe(game, me).planes[names.index(f"supply:{me}")]
    assert before.shape == (len(nodes),) and set(np.unique(before)) <= {0.0, 0.5, 1.0}
    occupied = {u.at for u in game.state.units.values() if u.at is not None}
    free = [n for n, v in zip(nodes, before, strict=True) if v == 1 and n not in occupied]
    assert free, "some empty node is in supply at the start"
    # A node an enemy unit holds is cut off: no supply line enters it (every title's trace).
    node = free[len(free) // 2]
    owner = game.scenario.units
    raider = next(u for u in game.state.units.values() if u.at and owner[u.id].side == enemy)
    game.state.put(raider.moved_to(node))
    for side in (me, enemy):  # both sides see the raider (it stands alone)
        after = observe(game, side).planes[names.index(f"supply:{me}")]
        assert after[nodes.index(node)] == 0


@pytest.mark.parametrize("seed", [4, 5])
def test_the_supply_planes_reveal_no_hidden_unit(seed: int) -> None:
    # DC: Secret Setup: the Axis does not see hidden Russian units, so its supply planes are
    # traced without them and equal in every game it cannot tell apart.
    game = secret_game(seed)
    names = plane_names(game.title, game.scenario)
    rows = [names.index("supply:axis"), names.index("supply:russian")]
    mine = observe(game, "axis").planes[rows]
    assert mine.sum() > 0
    for other_seed in (1, 2):
        other = game.determinize("axis", other_seed)
        assert np.array_equal(observe(other, "axis").planes[rows], mine)
