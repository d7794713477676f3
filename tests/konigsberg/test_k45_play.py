"""Random legal play of the campaign keeps the invariants of issue 4 and reaches a result."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

from hypothesis import given, settings

from wargames.agents import RandomAgent, play_out
from wargames.api import new_game
from wargames.core.context import Context
from wargames.core.game import Game
from wargames.core.units import UnitState
from wargames.konigsberg import DATA
from wargames.konigsberg.command import FORCES, limit
from wargames.konigsberg.forces import fits, is_combat
from wargames.konigsberg.supply import new_markers
from wargames.testing import check_title, games


def ctx(game: Game) -> Context:
    return Context(game.title, game.scenario, game.state, [])


def arrived_this_phase(game: Game) -> set[str]:
    """The units placed (6.0) since the current phase began, from the event log."""
    if game.state.phase < 0:
        return set()
    phase = game.title.phases[game.state.phase].name
    out: set[str] = set()
    for e in reversed(game.events):
        if e.kind == "phase" and e.data.get("phase") != phase:
            break
        if e.kind == "turn":
            break
        if e.kind == "arrive" and "unit" in e.data:
            out.add(e.data["unit"])
    return out


def stacking_and_sides(game: Game) -> None:
    """K45 5.0, 5.2: one side a hex; stacking legal except where units placed in this phase
    may still overstack until its end (5.1, 6.0a) or while the phase-end check (5.0a) is
    resolving a hex."""
    c = ctx(game)
    arrived = arrived_this_phase(game)
    resolving = bool(game.state.stack) and game.state.stack[0].step == "phase-end"
    for node, ids in game.state.occupancy().items():
        sides = {game.scenario.units[u].side for u in ids}
        assert len(sides) == 1, f"{node}: two sides {ids}"
        if resolving or arrived & set(ids) or game.scenario.board.terrain(node) == "water":
            continue
        assert fits(c, node, [], sides.pop()), f"{node} overstacked: {ids}"


def steps_and_places(game: Game) -> None:
    """K45 8.0: steps within the counter's; every unit in exactly one place."""
    assert set(game.state.units) == set(game.scenario.units)
    for uid, unit in game.state.units.items():
        assert (unit.at is None) != (unit.box is None)
        d = game.scenario.units[uid]
        if unit.at is not None and is_combat(d):
            assert 1 <= unit.steps <= d.steps, uid


def chit_limits(game: Game) -> None:
    """K45 0.5, 2.1b: activations per force within the Turn Record Track's limits."""
    c = ctx(game)
    used = game.state.get("used", {})
    for force in FORCES:
        assert int(used.get(force, 0)) <= limit(c, force), (force, used)


def supply_markers(game: Game) -> None:
    """K45 11.0: the markers set at the last supply phase equal a fresh trace of it."""
    record = game.state.get("supply_record")
    if not record:
        return
    state = game.state.copy()
    for uid, unit in list(state.units.items()):
        at = record["positions"].get(uid)
        markers = frozenset(record["before"].get(uid, ()))
        state.units[uid] = (
            UnitState(uid, max(unit.steps, 1), at=at, markers=markers)
            if at
            else UnitState(uid, unit.steps, box=unit.box or "x")
        )
    state.vars["split_sources"] = record["split"]
    fresh = new_markers(
        Context(game.title, game.scenario, state, []),
        {u: frozenset(m) for u, m in record["before"].items()},
    )
    assert {u: sorted(m) for u, m in fresh.items()} == {
        u: sorted(m) for u, m in record["after"].items()
    }
    lost = set(game.state.get("lost_since_supply", ()))
    for uid, after in record["after"].items():
        unit = game.state.units[uid]
        if unit.at is not None and uid not in lost and uid in record["positions"]:
            assert sorted(unit.markers & {"oos", "isolated"}) == sorted(after), uid


INVARIANTS = (stacking_and_sides, steps_and_places, chit_limits, supply_markers)


def test_random_campaign_games_keep_the_invariants_and_end() -> None:
    check_title("konigsberg", seeds=range(1), every=150, invariants=INVARIANTS)


def test_random_games_with_both_options_keep_the_invariants_and_end(tmp_path: Path) -> None:
    """K45 15.1a, 15.1b: a campaign variant with both options on, and a Soviet unit (152UR)
    set up five hexes from Königsberg so that Mikosch is in play from the start (random
    Soviet play never comes near enough to bring him), played out under the invariants."""
    data = tomllib.loads((DATA / "campaign.toml").read_text())
    (ur,) = (u for u in data["units"] if u["id"] == "152UR")
    ur["at"] = "1704"
    data["options"] = {"bohme": True, "mikosch": True}
    variant = tmp_path / "options.json"
    variant.write_text(json.dumps(data))
    opening = new_game("konigsberg", variant, seed=0)
    assert opening.state.units["Bohme"].at == "2206"
    assert opening.state.units["Mikosch"].at is not None
    check_title("konigsberg", variant, seeds=range(1), every=150, invariants=INVARIANTS)


@settings(max_examples=4)
@given(games("konigsberg", max_actions=400))
def test_random_positions_keep_the_invariants(game: Game) -> None:
    for invariant in INVARIANTS:
        invariant(game)


def test_one_random_campaign_game_ends_with_a_victory_level() -> None:
    """Speed is measured by benchmarks/titles.py, not here."""
    game = new_game("konigsberg", seed=11)
    play_out(game, RandomAgent(11))
    assert game.is_over() and game.result() is not None
    assert game.result().level.endswith("Victory")
