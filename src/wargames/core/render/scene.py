"""The picture of a game as one side sees it (or as everyone, ``side=None``).

Counters come from :meth:`Title.counters` (built by inclusion for the side), zones of control
from :meth:`Title.zoc` on a state holding only those counters' units, the legal moves of a
selected counter only for the side to decide and its own unit, the banner's prompt only for
the side it is put to, and the last move's arrows only for units the side saw before and
after it. So nothing the side may not see reaches the picture.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING

from ..actions import Action, Attack, Choose, Place
from ..context import Context
from ..counters import Counter
from ..state import GameState
from ..supply import SupplyStatus
from .picture import Arrow, Banner, Picture

if TYPE_CHECKING:
    from ..game import Game

LOOK_BACK = 200
"""How many actions back ``last_move`` looks for one that moved a unit."""


def _ctx(game: Game, state: GameState) -> Context:
    return Context(game.title, game.scenario, state, [])


def seen_counters(game: Game, state: GameState, side: str | None) -> list[Counter]:
    """The counters ``side`` sees on ``state`` (everyone's, face up, for None)."""
    return game.title.counters(_ctx(game, state), side)


def banner(game: Game, side: str | None) -> Banner:
    """Title and scenario; turn, phase, segment and the decision pending (its prompt only
    for the side it is put to)."""
    state, title = game.state, game.title
    cal = game.scenario.calendar
    parts = [f"Turn {state.turn} of {cal.last}: {cal.label(state.turn)}"]
    if 0 <= state.phase < len(title.phases):
        phase = title.phases[state.phase]
        parts.append(phase.name)
        if 0 <= state.segment < len(phase.segments):
            seg = phase.segments[state.segment].title
            if seg != phase.name:
                parts.append(seg)
    result = state.result
    d = game.decision
    if result is not None:
        parts.append(f"Game over: {result.winner or 'draw'} ({result.level})")
    elif d is not None:
        if d.is_chance:
            parts.append("dice to roll")
        elif side is None or side == d.side:
            parts.append(f"{d.side} to act: {d.prompt or d.step}")
        else:
            parts.append(f"{d.side} to act")
    if side is not None:
        parts.append(f"{side}'s view")
    head = f"{title.description or title.name} — {game.scenario.name}"
    return Banner(head, " · ".join(parts))


def _restricted(state: GameState, ids: Iterable[str]) -> GameState:
    keep = set(ids)
    out = state.copy()
    out.units = {k: u for k, u in out.units.items() if k in keep or u.at is None}
    out._occupancy = None  # the copy's cache still names the units left out
    return out


def seen_context(game: Game, counters: list[Counter], side: str | None) -> Context:
    """A context on the position ``side`` sees: the units among ``counters`` only (and the
    units off the map) when ``side`` is given, the whole state for None."""
    state = game.state if side is None else _restricted(game.state, (c.id for c in counters))
    return _ctx(game, state)


def zones(game: Game, counters: list[Counter], side: str | None) -> dict[str, frozenset[str]]:
    """Each side's zone of control, from the units among ``counters`` only when ``side`` is
    given."""
    ctx = seen_context(game, counters, side)
    out = {}
    for s in game.title.sides:
        z = game.title.zoc(ctx, s)
        if z:
            out[s] = frozenset(z)
    return out


def supply_lines(
    game: Game, side: str | None, counters: list[Counter] | None = None
) -> dict[str, Mapping[str, SupplyStatus]]:
    """Each side's supply trace (:meth:`Title.supply`) on the position ``side`` sees (its
    ``counters``, by default :func:`seen_counters`); sides the title traces no supply for
    are left out."""
    if counters is None:
        counters = seen_counters(game, game.state, side)
    ctx = seen_context(game, counters, side)
    out = {}
    for s in game.title.sides:
        lines = game.title.supply(ctx, s)
        if lines is not None:
            out[s] = lines
    return out


def _moves_of(actions: Iterable[Action], uid: str) -> tuple[set[str], set[str]]:
    dests: set[str] = set()
    targets: set[str] = set()
    for a in actions:
        units = getattr(a, "units", ())
        path = getattr(a, "path", None)
        if isinstance(a, Attack) and uid in a.units:
            targets.add(a.target)
        elif isinstance(a, Place) and a.unit == uid:
            dests.add(a.at)
        elif path and uid in units:
            dests.add(path[-1])
    return dests, targets


def selected_moves(game: Game, uid: str) -> tuple[set[str], set[str]]:
    """Where unit ``uid`` may go and what it may attack at the pending decision; when the
    decision first asks which unit acts (``Choose`` naming it), after choosing it."""
    actions = list(game.legal_actions())
    dests, targets = _moves_of(actions, uid)
    if dests or targets:
        return dests, targets
    for a in actions:
        if isinstance(a, Choose) and (a.option == uid or a.option.endswith(":" + uid)):
            g = game.copy()
            g.apply(a)
            return _moves_of(g.legal_actions(), uid)
    return dests, targets


def _walk_back(game: Game) -> Iterator[tuple[int, GameState, GameState]]:
    """(action index, state before it, state after it), from the latest action back."""
    g = game.position(len(game.history))  # with the state before each action
    after = g.state
    for i in range(len(g.history) - 1, max(-1, len(g.history) - 1 - LOOK_BACK), -1):
        before = g._undo[i].state
        yield i, before, after
        after = before


def last_move(game: Game, side: str | None, now: list[Counter]) -> list[Arrow]:
    """Arrows for the units moved by the latest action that moved any, along its path when
    it has one; for a side, the latest that moved units it saw both before and after."""
    seen_now = {c.id for c in now}
    for i, before, after in _walk_back(game):
        moved = {
            uid: (u.at, after.units[uid].at)
            for uid, u in before.units.items()
            if uid in after.units
            and u.at is not None
            and after.units[uid].at is not None
            and u.at != after.units[uid].at
        }
        if side is not None and moved:  # the latest move the side could see
            seen_before = {c.id for c in seen_counters(game, before, side)}
            moved = {k: v for k, v in moved.items() if k in seen_now and k in seen_before}
        if not moved:
            continue
        action = game.history[i] if i < len(game.history) else None
        path = tuple(getattr(action, "path", ()) or ())
        units = tuple(getattr(action, "units", ()) or ())
        arrows: dict[tuple[str, ...], list[str]] = {}
        for uid, (a, b) in sorted(moved.items()):
            route = path if uid in units and path and path[0] == a and path[-1] == b else (a, b)
            arrows.setdefault(tuple(x for x in route if x is not None), []).append(uid)
        return [Arrow(p, "last move: " + ", ".join(us)) for p, us in arrows.items()]
    return []


def picture(
    game: Game,
    side: str | None = None,
    *,
    highlight: Iterable[str] = (),
    select: str | None = None,
    last_move_arrows: bool = False,
    zoc: bool = False,
    supply: bool = False,
    legend: bool = True,
    region: Iterable[str] = (),
) -> Picture:
    """The picture of ``game``'s position for ``side`` (None: everything)."""
    counters = seen_counters(game, game.state, side)
    moves: set[str] = set()
    targets: set[str] = set()
    d = game.decision
    if select is not None and d is not None and not d.is_chance:
        own = game.scenario.units[select].side if select in game.scenario.units else None
        if side is None or (side == d.side == own and any(c.id == select for c in counters)):
            moves, targets = selected_moves(game, select)
    return Picture(
        game.scenario.board,
        counters,
        sides=game.title.sides,
        control=game.state.control,
        banner=banner(game, side),
        highlight=highlight,
        zoc=zones(game, counters, side) if zoc else {},
        moves=moves,
        targets=targets,
        selected=select,
        arrows=last_move(game, side, counters) if last_move_arrows else (),
        supply=supply,
        legend=legend,
        region=region,
    )
