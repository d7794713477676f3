"""ISMCTSAgent never brings the game back to a position it has decided in (s31, issue 16
item 5): in the 2nd edition's movement segments ``Choose(unit)`` then ``Pass`` leaves the
position as it was, so a search whose estimate no move improves picked and passed for ever."""

from __future__ import annotations

from typing import Any

import pytest

import wargames
from wargames.agents import RandomAgent
from wargames.core.context import Context
from wargames.core.game import Game
from wargames.ismcts import ISMCTSAgent


def _axis_operational(seed: int) -> Game:
    """A 2nd edition game at the start of an Axis operational segment (no unit chosen)."""
    game = wargames.new_game("darkcrusade-p2p", seed=seed)
    rand = RandomAgent(seed)
    while True:
        d = game.decision
        assert d is not None
        if d.is_chance:
            game.roll()
            continue
        frame = game.rules_context().frame
        if d.side == "axis" and d.step == "operational" and frame.get("unit") is None:
            return game
        game.apply(rand.choose(game))


def _still_estimate(game: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    """An estimate no move improves: 1 while the segment goes on, less 0.1 a unit moved in
    it, 0 once it ends (so a pick, and a pass back from it, beat a move and the end)."""
    start = (game.state.turn, game.state.phase, game.state.segment)
    where = {k: u.at for k, u in game.state.units.items()}

    def evaluate(self: Any, ctx: Context, side: str) -> float:
        s = ctx.state
        if (s.turn, s.phase, s.segment) != start:
            return 0.0
        return 1.0 - 0.1 * sum(1 for k, u in s.units.items() if u.at != where[k])

    monkeypatch.setattr(type(game.title), "evaluate", evaluate)


def _play(game: Game, agent: ISMCTSAgent, limit: int) -> list[bytes]:
    """The agent's decisions while the segment lasts (at most ``limit``): the position of
    each, as :meth:`ISMCTSAgent._key` knows it."""
    start = (game.state.turn, game.state.phase, game.state.segment)
    out: list[bytes] = []
    while len(out) < limit and (game.state.turn, game.state.phase, game.state.segment) == start:
        d = game.decision
        assert d is not None and not d.is_chance and d.side == "axis"
        out.append(agent._key(game, "axis"))
        game.apply(agent.choose(game))
    return out


def _ended(game: Game) -> bool:
    d = game.decision
    return d is None or (d.side, d.step) != ("axis", "operational")


def test_without_the_check_the_search_comes_back_to_positions_again_and_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = _axis_operational(1)
    _still_estimate(game, monkeypatch)
    monkeypatch.setattr(ISMCTSAgent, "_fresh", lambda self, g, side, first, others: first)
    positions = _play(game, ISMCTSAgent(seed=1, iterations=8, depth=0), 60)
    assert not _ended(game) and len(positions) == 60
    assert len(positions) - len(set(positions)) >= 8, "few positions came back"


def test_the_search_never_returns_to_a_position_and_ends_the_segment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = _axis_operational(1)
    units = sum(1 for u in game.rules_context().units_of("axis") if u.at is not None)
    _still_estimate(game, monkeypatch)
    positions = _play(game, ISMCTSAgent(seed=1, iterations=8, depth=0), 400)
    assert _ended(game), "the segment did not end"
    assert len(set(positions)) == len(positions), "a position came back"
    assert len(positions) <= 2 * units + 2  # a pick and a move a unit at most, and the end


def test_the_memory_is_the_games_own() -> None:
    # A new game (a shorter history) starts with nothing remembered.
    game = _axis_operational(1)
    agent = ISMCTSAgent(seed=1, iterations=4, depth=0)
    agent.choose(game)
    assert len(agent._seen) == 1
    agent.choose(_axis_operational(2))
    assert len(agent._seen) == 1
