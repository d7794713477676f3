"""Brute-force references shared by the kernel's path tests (retreats, advances)."""

from __future__ import annotations

from wargames.core.board import Board


def simple_paths(board: Board, prefix: tuple[str, ...], depth: int) -> list[tuple[str, ...]]:
    """Every simple path extending ``prefix`` by up to ``depth`` hexes, ``prefix`` included."""
    out = [prefix]
    if depth:
        for v in board.neighbours(prefix[-1]):
            if v not in prefix:
                out += simple_paths(board, (*prefix, v), depth - 1)
    return out
