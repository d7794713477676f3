"""The ISMCTS agent: legal, deterministic for a seed, blind to hidden state, beats random,
and its tree follows the rules of ISMCTS (availability, widening, who scores a node)."""

from __future__ import annotations

import math

import pytest
from agents_support import secret_game, wins_against_random

import wargames
from wargames.agents import RandomAgent, play_out
from wargames.core.game import Game
from wargames.ismcts import ISMCTSAgent, _Node


def _pending(title: str, seed: int, actions: int = 30) -> Game:
    game = wargames.new_game(title, seed=seed)
    play_out(game, RandomAgent(seed), max_actions=actions)
    while game.decision is not None and game.decision.is_chance:
        game.roll()
    return game


def test_the_agent_picks_only_legal_actions_and_is_deterministic_for_a_seed() -> None:
    for title in wargames.titles():
        game = _pending(title, 5)
        before = game.to_json()
        first = ISMCTSAgent(seed=9, iterations=6, depth=5).choose(game)
        assert game.check(first) is None
        assert game.to_json() == before, "the search changed the game"
        assert ISMCTSAgent(seed=9, iterations=6, depth=5).choose(game) == first


def test_the_agent_never_reads_what_its_side_cannot_see() -> None:
    # Two games the Axis cannot tell apart (the hidden Russian units dealt anew, the dice
    # reseeded) get the same choices from agents with the same seed.
    game = secret_game(4)
    other = game.determinize("axis", 777)
    assert other.state.units != game.state.units or other.state.rng != game.state.rng
    for seed in range(3):
        a = ISMCTSAgent(seed=seed, iterations=8, depth=6).choose(game)
        b = ISMCTSAgent(seed=seed, iterations=8, depth=6).choose(other)
        assert a == b


def test_it_refuses_a_chance_decision_and_bad_settings() -> None:
    game = wargames.new_game("minimal", seed=1)
    while game.decision is not None and not game.decision.is_chance:
        game.apply(RandomAgent(1).choose(game))
    if game.decision is not None:
        with pytest.raises(ValueError, match="side's decision"):
            ISMCTSAgent().choose(game)
    with pytest.raises(ValueError):
        ISMCTSAgent(iterations=0)


def test_the_tree_grows_by_progressive_widening_and_scores_each_node_for_its_chooser() -> None:
    game = _pending("minimal", 2, actions=6)
    d = game.decision
    assert d is not None
    agent = ISMCTSAgent(seed=3, iterations=40, depth=4, widening=1.0)
    root = _Node(None, d.side)
    for _ in range(agent.iterations):
        agent._iterate(game, d.side, root)
    assert root.visits == 40
    # widening: a child is added only while a node has fewer than 1 + widening * sqrt(its
    # visits so far) children, the last at 39 visits
    assert 1 < len(root.children) <= math.ceil(1 + 1.0 * math.sqrt(39))
    assert sum(c.visits for c in root.children.values()) == 40
    for c in root.children.values():
        assert c.actor == d.side and game.check(c.action) is None
        assert 0.0 <= c.total <= c.visits  # scores in [0, 1] from the chooser's evaluation
        assert c.available >= c.visits
        for grand in c.children.values():
            assert grand.visits <= c.visits


def test_the_agent_beats_random_play_on_the_minimal_example() -> None:
    # Random blue wins 1 of these 4 seeded games against random red; the search wins 4.
    assert (
        wins_against_random(
            lambda seed: ISMCTSAgent(seed=seed, iterations=16, depth=12), "blue", range(4)
        )
        >= 3
    )
