"""ISMCTSAgent's opt-in root widening best first (``prior``), s34 (issue 16 item 5)."""

from __future__ import annotations

import random

import pytest

import wargames
from wargames.agents import RandomAgent
from wargames.core.actions import CHANCE
from wargames.ismcts import ISMCTSAgent


def _first_decision_of(title: str, side: str, seed: int, least: int = 2) -> wargames.Game:
    """A game at ``side``'s first decision of at least ``least`` legal actions (random play
    before it)."""
    game = wargames.new_game(title, seed=seed)
    rand = RandomAgent(seed)
    while (
        game.decision.is_chance or game.decision.side != side or len(game.legal_actions()) < least
    ):
        if game.decision.is_chance:
            game.roll()
        else:
            game.apply(rand.choose(game))
    return game


def _scores_in_order(agent: ISMCTSAgent, game: wargames.Game) -> tuple[list[object], list[float]]:
    """``agent._ranked`` of the game's legal actions, and each one's score recomputed in the
    determinisation the agent draws (its generator's state read before the call)."""
    side = game.decision.side
    twin = random.Random()
    twin.setstate(agent.rng.getstate())
    det = game.determinize(side, twin.getrandbits(63))
    order = agent._ranked(game, side, game.legal_actions())
    scores = []
    for action in order:
        h = det.copy()
        h.apply(action)
        while h.to_act == CHANCE:
            h.roll()
        scores.append(h.title.evaluate(h.rules_context(), side))
    return order, scores


def test_prior_must_not_be_negative() -> None:
    with pytest.raises(ValueError, match="prior"):
        ISMCTSAgent(prior=-1)


def test_the_root_order_is_best_first_over_every_legal_action() -> None:
    # K45 4.0: a Soviet movement decision of a hundred-odd moves, all scored
    game = _first_decision_of("konigsberg", "soviet", 1, 40)
    legal = game.legal_actions()
    order, scores = _scores_in_order(ISMCTSAgent(seed=2, prior=10_000), game)
    assert sorted(map(repr, order)) == sorted(map(repr, legal))
    assert scores == sorted(scores, reverse=True)
    assert scores[0] > scores[-1]  # the estimate tells the moves apart here


def test_prior_scores_at_most_its_count() -> None:
    game = _first_decision_of("konigsberg", "soviet", 1, 40)
    order, scores = _scores_in_order(ISMCTSAgent(seed=2, prior=5), game)
    assert len(order) == 5 and len(game.legal_actions()) > 5
    assert scores == sorted(scores, reverse=True)


def test_one_iteration_plays_the_top_of_the_order() -> None:
    """The root's first widening adds the best of the order (legal in the determinisation:
    the view is the same, so every listed action is)."""
    game = _first_decision_of("konigsberg", "soviet", 3, 40)
    probe = ISMCTSAgent(seed=7, iterations=1, depth=0, prior=10_000)
    twin = ISMCTSAgent(seed=7, iterations=1, depth=0, prior=10_000)
    order = twin._ranked(game, "soviet", game.legal_actions())
    assert probe.choose(game) == order[0]


def test_a_sole_legal_action_is_played_without_a_search() -> None:
    game = wargames.new_game("konigsberg", seed=2)
    rand = RandomAgent(2)
    agent = ISMCTSAgent(seed=1, iterations=4, depth=0, prior=50)
    while not (
        not game.decision.is_chance
        and game.decision.side == "soviet"
        and len(game.legal_actions()) == 1
    ):
        game.roll() if game.decision.is_chance else game.apply(rand.choose(game))
    assert agent.choose(game) == game.legal_actions()[0]
    assert agent.iterations_run == 0


def test_prior_zero_is_the_default_search() -> None:
    game = _first_decision_of("minimal", "blue", 3)
    a = ISMCTSAgent(seed=3, iterations=8, depth=4).choose(game)
    b = ISMCTSAgent(seed=3, iterations=8, depth=4, prior=0).choose(game)
    assert a == b


def test_a_prior_search_is_reproducible_and_legal() -> None:
    game = _first_decision_of("konigsberg", "soviet", 4, 40)
    a = ISMCTSAgent(seed=4, iterations=6, depth=0, screen=2, prior=40).choose(game)
    b = ISMCTSAgent(seed=4, iterations=6, depth=0, screen=2, prior=40).choose(game)
    assert a == b and game.check(a) is None


def test_an_action_not_legal_in_the_determinisation_is_left_out_of_the_order() -> None:
    from wargames.core.actions import Choose

    game = _first_decision_of("minimal", "blue", 3)
    legal = list(game.legal_actions())
    bogus = Choose(option="no-such-option")
    assert game.check(bogus) is not None
    order = ISMCTSAgent(seed=1, prior=100)._ranked(game, "blue", [*legal, bogus])
    assert bogus not in order and sorted(map(repr, order)) == sorted(map(repr, legal))
