"""The control as a counting dict (``TrackedDict``): the game's position memo skips comparing
it while it is the same object with no write since, and notices every write."""

from __future__ import annotations

import copy
import pickle

import wargames
from wargames.core.state import TrackedDict


def test_every_write_method_counts() -> None:
    d: TrackedDict[str, str] = TrackedDict({"a": "x"})
    seen = [d.version]
    d["b"] = "y"
    seen.append(d.version)
    del d["b"]
    seen.append(d.version)
    d.update(c="z")
    seen.append(d.version)
    d |= {"e": "w"}
    seen.append(d.version)
    d.setdefault("f", "v")
    seen.append(d.version)
    d.pop("f")
    seen.append(d.version)
    d.popitem()
    seen.append(d.version)
    d.clear()
    seen.append(d.version)
    assert seen == sorted(set(seen)) and len(seen) == 9  # each write a new count
    assert type(d) is TrackedDict and d == {}


def test_pickle_and_copies_keep_items_and_count() -> None:
    d: TrackedDict[str, str] = TrackedDict({"a": "x"})
    d["b"] = "y"
    for other in (pickle.loads(pickle.dumps(d)), copy.copy(d), copy.deepcopy(d)):
        assert type(other) is TrackedDict
        assert other == d and other.version == d.version


def test_the_position_memo_notices_a_control_write_from_outside() -> None:
    game = wargames.new_game("minimal", seed=1)
    assert type(game.state.control) is TrackedDict
    first = list(game.legal_actions())
    memo = game._memo()
    memo["probe"] = 1
    assert game._memo().get("probe") == 1  # same position: the same memo
    node = next(iter(game.state.control))
    other = "red" if game.state.control[node] != "red" else "blue"
    game.state.control[node] = other
    assert "probe" not in game._memo()  # a write to the control: a new position
    game._memo()["probe"] = 2
    game.state.control = dict(game.state.control)  # a plain dict, equal: compared in full
    assert game._memo().get("probe") == 2
    assert first  # the game was playable
