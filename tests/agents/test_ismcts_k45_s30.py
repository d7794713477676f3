"""ISMCTSAgent's opt-in screened widening (``screen``), s30 (issue 16 item 5)."""

from __future__ import annotations

import pytest

import wargames
from wargames.agents import RandomAgent
from wargames.ismcts import ISMCTSAgent


def _choices(agent: ISMCTSAgent, title: str, seed: int, n: int) -> list[object]:
    game = wargames.new_game(title, seed=seed)
    rand = RandomAgent(seed)
    side = game.title.sides[0]
    out = []
    while not game.is_over() and len(out) < n:
        d = game.decision
        if d.is_chance:
            game.roll()
        elif d.side == side:
            action = agent.choose(game)
            out.append(action)
            game.apply(action)
        else:
            game.apply(rand.choose(game))
    return out


def _first_soviet_decision(seed: int) -> wargames.Game:
    """A Königsberg game at its first Soviet decision (random play before it)."""
    game = wargames.new_game("konigsberg", seed=seed)
    rand = RandomAgent(seed)
    while game.decision.is_chance or game.decision.side != "soviet":
        if game.decision.is_chance:
            game.roll()
        else:
            game.apply(rand.choose(game))
    return game


def test_screen_zero_is_the_default_search() -> None:
    a = _choices(ISMCTSAgent(seed=3, iterations=8, depth=4), "minimal", 3, 6)
    b = _choices(ISMCTSAgent(seed=3, iterations=8, depth=4, screen=0), "minimal", 3, 6)
    assert a == b


def test_screened_search_is_reproducible_and_legal() -> None:
    a = _choices(ISMCTSAgent(seed=4, iterations=8, depth=0, screen=3), "minimal", 4, 6)
    b = _choices(ISMCTSAgent(seed=4, iterations=8, depth=0, screen=3), "minimal", 4, 6)
    assert a == b and len(a) == 6


def test_screen_must_not_be_negative() -> None:
    with pytest.raises(ValueError):
        ISMCTSAgent(screen=-1)


def test_screened_k45_soviets_pick_a_legal_action() -> None:
    # K45 2.2a, 4.0: one Soviet decision of Königsberg with the screened widening
    game = _first_soviet_decision(1)
    action = ISMCTSAgent(seed=1, iterations=4, depth=0, screen=2).choose(game)
    assert game.check(action) is None


def test_a_screened_widening_adds_the_best_of_the_drawn_actions() -> None:
    """``_propose`` draws ``screen`` actions with the random policy and keeps the one the
    deciding side's estimate rates highest right after it (ties: the first drawn)."""
    from wargames.ismcts import _Node

    game = _first_soviet_decision(4)
    side = game.decision.side
    got = ISMCTSAgent(seed=5, screen=6)._propose(game, _Node(None, side), side, RandomAgent(0))
    drawn: list[object] = []
    again = RandomAgent(0)
    for _ in range(6):
        a = again.choose(game)
        if a not in drawn:
            drawn.append(a)

    def score(action: object) -> float:
        h = game.copy()
        h.apply(action)
        return h.title.evaluate(h.rules_context(), side)

    assert len(drawn) > 1 and got in drawn
    assert got == max(drawn, key=score)
    assert got != drawn[0]  # the screen chose: the first drawn is not the best here
