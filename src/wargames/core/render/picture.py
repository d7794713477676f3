"""What one picture shows (:class:`Picture`): the board, the counters a viewer sees, control,
a banner and the overlays. Pictures draw only what is in it; :mod:`.scene` builds one from a
game for a side, so hidden information stays out by construction."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import attrs

from ..board import Board
from ..counters import Counter


def _strings(value: Iterable[str]) -> frozenset[str]:
    return frozenset(value)


def _mapping(value: Mapping[str, str]) -> dict[str, str]:
    return dict(value)


def _strs(value: Iterable[str]) -> tuple[str, ...]:
    return tuple(value)


def _arrows(value: Iterable[Arrow]) -> tuple[Arrow, ...]:
    return tuple(value)


def _counters(value: Iterable[Counter]) -> tuple[Counter, ...]:
    return tuple(value)


@attrs.frozen(slots=True)
class Arrow:
    """An arrow along ``path`` (node ids, the start first), e.g. the last move."""

    path: tuple[str, ...] = attrs.field(converter=_strs)
    label: str = ""


@attrs.frozen(slots=True)
class Banner:
    """The heading: ``title`` (bold) and a ``status`` line (turn, phase, side to move)."""

    title: str
    status: str = ""


@attrs.frozen(slots=True, unsafe_hash=False)
class Picture:
    """A board and what to draw on it.

    ``sides`` orders the side colours; ``control`` maps node -> side; ``zoc`` maps side ->
    nodes in its units' zones of control; ``moves`` and ``targets`` are the destinations and
    attack targets of the ``selected`` counter; ``supply`` rings each counter with its
    supply state and marks the supply sources. Two pictures are equal when they draw the
    same."""

    board: Board
    counters: tuple[Counter, ...] = attrs.field(converter=_counters, default=())
    sides: tuple[str, ...] = attrs.field(converter=_strs, default=())
    control: Mapping[str, str] = attrs.field(converter=_mapping, factory=dict)
    banner: Banner | None = None
    highlight: frozenset[str] = attrs.field(converter=_strings, default=frozenset())
    zoc: Mapping[str, frozenset[str]] = attrs.field(factory=dict)
    moves: frozenset[str] = attrs.field(converter=_strings, default=frozenset())
    targets: frozenset[str] = attrs.field(converter=_strings, default=frozenset())
    selected: str | None = None
    arrows: tuple[Arrow, ...] = attrs.field(converter=_arrows, default=())
    supply: bool = False
    legend: bool = True
    labels: bool = True
    region: frozenset[str] = attrs.field(converter=_strings, default=frozenset())
    """Nodes to frame (empty: the whole map): the picture shows their box and a margin."""

    def side_index(self) -> dict[str, int]:
        """Side -> colour index: ``sides`` first, then in order of appearance."""
        from .style import SIDE_NAMES

        order: dict[str, int] = {}
        for side in (*self.sides, *(c.side for c in self.counters), *self.control.values()):
            if side in order:
                continue
            conventional = SIDE_NAMES.get(side.lower())
            if conventional is not None and conventional not in order.values():
                order[side] = conventional
            else:
                taken = set(order.values()) | {
                    SIDE_NAMES[s.lower()] for s in self.sides if s.lower() in SIDE_NAMES
                }
                order[side] = next(i for i in range(len(order) + len(taken) + 1) if i not in taken)
        return order
