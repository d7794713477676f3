"""UnitsMemo: values derived from the units, kept while the units stay the same objects."""

from __future__ import annotations

import wargames
from wargames.core.state import UnitsMemo


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
