"""Real inputs of every registered title for the fuzz tests: saves at a few points of seeded
random games and the raw data of each title's default scenario (built once per session)."""

from __future__ import annotations

import json
import time
from functools import cache

import wargames
from wargames import api
from wargames.agents import RandomAgent, play_out
from wargames.core.scenario import read_scenario_file
from wargames.fuzz import Path, paths, strings

TITLES = wargames.titles()
SECONDS = 4.0
"""Rough time budget of one fuzz test for one title (the fuzz suite stays near a minute)."""
POSITIONS = (0, 25, 120)
"""Random actions played before each base save is taken."""


@cache
def saves(title: str) -> tuple[str, ...]:
    """Saved games of ``title`` at :data:`POSITIONS` of a seeded random game."""
    game = api.new_game(title, None, seed=11)
    agent = RandomAgent(11)
    out = []
    done = 0
    for n in POSITIONS:
        done += play_out(game, agent, max_actions=n - done)
        out.append(game.to_json())
    return tuple(out)


@cache
def save_paths(title: str, i: int) -> tuple[list[Path], list[str]]:
    """Where a save may be mutated (the log and the embedded scenario less often) and the
    strings to swap in."""
    data = json.loads(saves(title)[i])
    where = paths(data, frozenset({"events", "actions"}))
    state = [p for p in where if p[:1] == ("state",)]
    return where + state * 3, strings(data["state"])


@cache
def scenario_data(title: str) -> tuple[str, list[Path], list[str]]:
    """The JSON text of the title's default scenario, its paths and its strings."""
    t = api.get_title(title)
    _, data = read_scenario_file(t.scenario_files()[t.default_scenario])
    return json.dumps(data), paths(data), strings(data)


@cache
def examples(title: str) -> int:
    """Hypothesis examples for one fuzz test of ``title``: as many as :data:`SECONDS` allows
    at about four loads of its largest base save each (4 .. 40)."""
    text = saves(title)[-1]
    start = time.perf_counter()
    api.load_game(text)
    cost = 4 * (time.perf_counter() - start)
    return max(4, min(40, int(SECONDS / max(cost, 1e-3))))
