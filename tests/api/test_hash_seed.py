"""Determinism across interpreters: Python's string hashing is salted per process
(PYTHONHASHSEED), so a title iterating a set of names could order its actions, events or
state differently from one run to the next. The same scenario, seed and actions must give the
same game byte for byte whatever the salt."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys

import pytest

import wargames

PLAY = """
import hashlib, sys
import wargames
from wargames.agents import RandomAgent, play_out
game = wargames.new_game(sys.argv[1], seed=5)
play_out(game, RandomAgent(5), max_actions=int(sys.argv[2]))
print(hashlib.sha256(game.to_json().encode()).hexdigest())
"""


def _digest(title: str, salt: str, actions: int) -> str:
    env = {**os.environ, "PYTHONHASHSEED": salt}
    out = subprocess.run(
        [sys.executable, "-c", PLAY, title, str(actions)],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return out.strip().splitlines()[-1]


@pytest.mark.parametrize("title", wargames.titles())
def test_the_same_game_whatever_the_hash_salt(title: str) -> None:
    first = _digest(title, "0", 400)
    assert len(first) == len(hashlib.sha256().hexdigest())
    assert _digest(title, "12345", 400) == first
