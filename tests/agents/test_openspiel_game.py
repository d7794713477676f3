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
    tensor = state.information_state_tensor(0)
    assert tensor[: len(state.observation_tensor(0))] == state.observation_tensor(0)
    assert len(tensor) == load("darkest").information_state_tensor_size()
    other = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert other.information_state_string(0) == state.information_state_string(0)
    assert state.information_state_string(1) != state.information_state_string(0)


def test_the_information_state_tensor_holds_the_side_s_history() -> None:
    from agents_support import secret_game

    from wargames.log_tensor import encode_log, log_size
    from wargames.rl.openspiel_game import WargamesState

    game = load("darkest")
    shape = game.information_state_tensor_shape()
    assert shape == [len(game.new_initial_state().observation_tensor(0)) + log_size()]
    state = WargamesState(game, secret_game(4))
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for _ in range(3):  # twins: games the Axis cannot tell apart give it the same tensor
        other = state.resample_from_infostate(0, sampler)
        assert other.wg.state.to_json() != state.wg.state.to_json()
        assert other.information_state_tensor(0) == state.information_state_tensor(0)
    assert state.information_state_tensor(1) != state.information_state_tensor(0)
    assert list(state.information_state_tensor(0)[-log_size() :]) == list(
        encode_log(state.wg, "axis")
    )


def test_the_same_view_with_different_histories_gives_different_tensors() -> None:
    # The minimal title: two units moved in either order give the same view, but the
    # information states (their logs) differ, and so must the tensors.
    from wargames.core.actions import Move

    game = load("minimal")
    a = game.new_initial_state()
    moves = [x for x in a.wg.legal_actions() if isinstance(x, Move)]
    first = moves[0]
    second = next(x for x in moves if x.units != first.units and not set(x.path) & set(first.path))
    b = game.new_initial_state()
    for state, order in ((a, (first, second)), (b, (second, first))):
        for move in order:
            state.apply_action(state.legal().index_of(move))
    assert a.wg.view("blue") == b.wg.view("blue")
    assert a.observation_tensor(0) == b.observation_tensor(0)
    assert a.information_state_string(0) != b.information_state_string(0)
    assert a.information_state_tensor(0) != b.information_state_tensor(0)
