"""The OpenSpiel game passes OpenSpiel's random simulation checks for every title."""

from __future__ import annotations

import pytest

import wargames

pyspiel = pytest.importorskip("pyspiel")

from wargames.rl.openspiel_game import load  # noqa: E402

SMALL = ("minimal", "lines")  # the other titles are big: one short simulation


@pytest.mark.parametrize("title", wargames.titles())
def test_random_sim_test_passes(title: str) -> None:
    game = load(title, max_actions=150 if title in SMALL else 40)
    sims = 2 if title in SMALL else 1
    pyspiel.random_sim_test(game, num_sims=sims, serialize=False, verbose=False)


def test_chance_nodes_carry_the_exact_probabilities() -> None:
    game = load("minimal")
    state = game.new_initial_state()
    seen = 0
    while not state.is_terminal() and seen < 3:
        if state.is_chance_node():
            exact = sorted(float(p) for _, p in state.wg.chance_outcomes())
            outcomes = state.chance_outcomes()
            assert sorted(p for _, p in outcomes) == exact
            assert set(a for a, _ in outcomes) == set(state.legal_actions())
            seen += 1
            state.apply_action(outcomes[0][0])
        else:
            state.apply_action(state.legal_actions()[-1])
    assert seen == 3


def test_a_whole_game_ends_with_opposite_returns() -> None:
    game = load("minimal")
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(state.legal_actions()[0])
    returns = state.returns()
    assert sorted(returns) == [-1.0, 1.0] and sum(returns) == 0.0
    winner = state.wg.result().winner
    assert returns[state.sides.index(winner)] == 1.0


def test_observations_are_the_sides_view() -> None:
    game = load("minimal")
    state = game.new_initial_state()
    assert state.observation_tensor(0) != state.observation_tensor(1)
    assert '"side": "blue"' in state.observation_string(0)


def test_resampling_keeps_what_the_player_sees() -> None:
    # Darkest's secret set-up: the Axis cannot tell which hidden Russian unit is where.
    from agents_support import secret_game

    from wargames.rl.openspiel_game import WargamesState

    state = WargamesState(load("darkest"), secret_game(4))
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    other = state.resample_from_infostate(0, sampler)
    assert other.observation_string(0) == state.observation_string(0)
    assert other.legal_actions() == state.legal_actions()
    assert other.wg.state.to_json() != state.wg.state.to_json()


def test_information_states_hold_the_side_s_view_and_log() -> None:
    import json

    from agents_support import secret_game

    from wargames.rl.openspiel_game import WargamesState

    state = WargamesState(load("darkest"), secret_game(4))
    info = json.loads(state.information_state_string(0))
    assert info["view"] == state.wg.view("axis")
    assert info["log"] == [e.to_json() for e in state.wg.events_for("axis")]
    assert state.information_state_tensor(0) == state.observation_tensor(0)
    other = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert other.information_state_string(0) == state.information_state_string(0)
    assert state.information_state_string(1) != state.information_state_string(0)
