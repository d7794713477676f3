"""legal_actions() lists every legal move (K45 4.x, 12.2c, 12.3): over random campaign
positions, with refugees dropped next to the moving units, every move ``check`` accepts has a
listed move of the same kind, units and destination."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wargames.agents import RandomAgent, step
from wargames.core.actions import Move
from wargames.core.context import Context
from wargames.core.game import Game
from wargames.konigsberg.actions import AtrocityMove, StrategicMove
from wargames.konigsberg.movement import movable, unit_reach
from wargames.testing import games

KINDS = (Move, StrategicMove, AtrocityMove)


def to_movement(game: Game, seed: int, limit: int = 400) -> bool:
    """Play on (randomly) to a movement decision; False if none comes."""
    agent = RandomAgent(seed)
    for _ in range(limit):
        if game.is_over():
            return False
        if game.decision.step == "movement":
            return True
        step(game, agent)
    return False


def candidate_paths(ctx: Context, uid: str, dest: str, walk: list[str]) -> list[tuple[str, ...]]:
    """Cheapest paths with refugees open and closed, the strategic one, and a random walk."""
    out = []
    for mode in ("atrocity", "regular", "strategic"):
        r = unit_reach(ctx, uid, mode)
        if dest in r:
            out.append(tuple(r.path_labels(dest)))
    out.append(tuple(walk))
    return out


@settings(
    max_examples=6,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(games("konigsberg", max_actions=250), st.integers(0, 2**16), st.data())
def test_every_move_check_accepts_is_listed(game: Game, seed: int, data: Any) -> None:
    if not to_movement(game, seed):
        return
    ctx = game._ctx()
    frame = game.state.stack[-1]
    units = movable(ctx, frame)
    if not units:
        return
    board = game.scenario.board
    picked = data.draw(st.lists(st.sampled_from(units), min_size=1, max_size=3, unique=True))
    # refugees on free hexes near the sampled units (12.2b: not with units other than HQs)
    taken = set(ctx.state.occupancy())
    near = sorted(
        {
            n
            for u in picked
            for n in board
            if board.distance(n, game.state.units[u].at) in (1, 2)
            and n not in taken
            and board.terrain(n) != "water"
        }
    )
    if near:
        spots = data.draw(st.lists(st.sampled_from(near), max_size=3, unique=True))
        game.state.set("refugees", {f"R{i}": n for i, n in enumerate(spots, 1)})
    listed = {(type(a), a.units, a.path[-1]) for a in game.legal_actions() if isinstance(a, KINDS)}
    for uid in picked:
        at = game.state.units[uid].at
        around = sorted(n for n in board if 0 < board.distance(n, at) <= 4)
        for dest in data.draw(st.lists(st.sampled_from(around), min_size=1, max_size=6)):
            walk = [at]
            for _ in range(data.draw(st.integers(1, 4))):
                walk.append(data.draw(st.sampled_from(sorted(board.neighbours(walk[-1])))))
            for path in candidate_paths(ctx, uid, dest, walk):
                if len(path) < 2:
                    continue
                for kind in KINDS:
                    move = kind((uid,), path)
                    if game.check(move) is None:
                        assert (kind, (uid,), path[-1]) in listed, move
