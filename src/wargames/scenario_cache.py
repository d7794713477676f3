"""A bounded cache of things built once per title and scenario (action encodings,
observation layouts).

Each ``load_scenario`` builds a new Scenario object, so the cache is keyed by what the built
thing depends on, not by identity: the title, the scenario's file and name, its units (id,
side, type) and its nodes with their terrain. The last scenario objects seen are also kept
by identity, so a lookup for a known object costs one dictionary access.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

from .core.scenario import Scenario
from .core.title import Title

T = TypeVar("T")

__all__ = ["ScenarioCache"]


def signature(title: Title, scenario: Scenario) -> Hashable:
    """What identifies a title and scenario for the cached things."""
    board = scenario.board
    return (
        title.name,
        scenario.file,
        scenario.name,
        tuple(sorted((u, d.side, d.type) for u, d in scenario.units.items())),
        tuple(sorted((n, board.terrain(n)) for n in board)),
    )


class ScenarioCache(Generic[T]):
    """Things built by ``build(title, scenario)``, at most ``size`` of them kept."""

    def __init__(self, build: Callable[[Title, Scenario], T], size: int = 16) -> None:
        self.build = build
        self.size = size
        self._by_object: OrderedDict[tuple[int, int], tuple[Title, Scenario, T]] = OrderedDict()
        self._by_signature: OrderedDict[Hashable, T] = OrderedDict()

    def get(self, title: Title, scenario: Scenario) -> T:
        key = (id(title), id(scenario))
        got = self._by_object.get(key)
        if got is not None and got[0] is title and got[1] is scenario:
            return got[2]
        sig = signature(title, scenario)
        value = self._by_signature.get(sig)
        if value is None:
            value = self._by_signature[sig] = self.build(title, scenario)
            while len(self._by_signature) > self.size:
                self._by_signature.popitem(last=False)
        self._by_object[key] = (title, scenario, value)
        while len(self._by_object) > self.size:
            self._by_object.popitem(last=False)
        return value
