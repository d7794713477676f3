"""UnitsMemo: values derived from the units, kept while the units stay the same objects."""

from __future__ import annotations

import wargames
from wargames.core.state import PartMemo, UnitsMemo


def test_a_kept_value_is_rebuilt_once_a_unit_changes() -> None:
    game = wargames.new_game("minimal", seed=1)
    memo: UnitsMemo[int] = UnitsMemo()
    builds: list[int] = []

    def build() -> int:
        builds.append(1)
        return len(builds)

    state = game.state
    assert memo.get(state, "k", build) == 1
    assert memo.get(state.copy(), "k", build) == 1  # a copy shares the unit objects
    assert memo.get(state, "other", build) == 2  # the key names the rest
    uid = next(iter(state.units))
    state.put(state.units[uid].boxed("eliminated"))
    assert memo.get(state, "k", build) == 3
    assert memo.get(state, "k", build) == 3


def test_a_part_memo_keeps_a_value_per_part_and_owner() -> None:
    """PartMemo: kept while the part's units stay equal and the owner stays the same object
    (another game's scenario with equal units never matches, though a key naming a scenario by
    ``id()`` could match once that id is reused)."""
    game = wargames.new_game("minimal", seed=1)
    other = wargames.new_game("minimal", seed=1)
    memo: PartMemo[int] = PartMemo()
    builds: list[int] = []

    def build() -> int:
        builds.append(1)
        return len(builds)

    part = tuple(game.state.units.values())[:1]
    equal = tuple(other.state.units.values())[:1]
    assert part == equal and part[0] is not equal[0]
    assert memo.get(part, "k", build, owner=game.scenario) == 1
    assert memo.get(equal, "k", build, owner=game.scenario) == 1  # equal units: kept
    assert memo.get(part, "k", build, owner=other.scenario) == 2  # another owner: rebuilt
    assert memo.get(part, "k", build, owner=other.scenario) == 2
    moved = (part[0].boxed("eliminated"),)
    assert memo.get(moved, "k", build, owner=other.scenario) == 3
