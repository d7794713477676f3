"""Fuzzing kit: mutated saves, scenarios and actions, and the checks that a game still works.

Bad input must end in a typed error (:class:`~wargames.core.errors.WargamesError`) or in a
game that works in every call. :func:`mutate` changes a JSON value at a few places (deleted or
added keys, wrong types, huge numbers, ids swapped for other strings of the same document);
:func:`exercise` asks a game everything a front-end asks and plays a few random actions;
:func:`check_agreement` checks that ``check`` and ``apply`` agree on an action and that a
rejected action leaves the game byte-identical. ``tests/fuzz`` and ``benchmarks/soak.py``
use them for every registered title.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import attrs

from . import api
from .agents import RandomAgent, step
from .core.actions import Action
from .core.errors import IllegalAction
from .core.game import Game

Path = tuple[str | int, ...]

ODD_VALUES: tuple[Any, ...] = (
    None,
    True,
    False,
    0,
    -1,
    1,
    2,
    10**9,
    -(10**9),
    10**30,
    0.5,
    -0.0,
    "",
    "x",
    "?!",
    [],
    {},
    [1],
    ["x"],
    {"x": 1},
    [[[[[]]]]],
)
"""Replacement values that are wrong somewhere in almost every file."""

OPERATIONS = ("replace", "odd", "string", "delete", "add", "number", "duplicate")


def paths(value: Any, skip: frozenset[str] = frozenset()) -> list[Path]:
    """Every path (keys and indices) into a JSON value, the root first; keys in ``skip`` are
    entered only for their first three items (long logs)."""
    out: list[Path] = []
    todo: list[tuple[Path, Any]] = [((), value)]
    while todo:
        path, v = todo.pop()
        out.append(path)
        if isinstance(v, dict):
            todo.extend(((*path, k), c) for k, c in v.items())
        elif isinstance(v, list):
            items = v[:3] if path and path[-1] in skip else v
            todo.extend(((*path, i), c) for i, c in enumerate(items))
    out.sort(key=lambda p: [str(x) for x in p])
    return out


def strings(value: Any) -> list[str]:
    """Every string (values and keys) in a JSON value, sorted: the ids a mutant may swap in."""
    found: set[str] = set()
    todo = [value]
    while todo:
        v = todo.pop()
        if isinstance(v, str):
            found.add(v)
        elif isinstance(v, dict):
            found.update(v)
            todo.extend(v.values())
        elif isinstance(v, list):
            todo.extend(v)
    return sorted(found)


def _get(value: Any, path: Path) -> Any:
    for key in path:
        value = value[key]
    return value


def _set(value: Any, path: Path, new: Any, delete: bool = False) -> Any:
    """A copy of ``value`` with the item at ``path`` replaced (or deleted); copies only the
    containers along the path."""
    if not path:
        return new
    head, rest = path[0], path[1:]
    copy: Any = dict(value) if isinstance(value, dict) else list(value)
    if rest:
        copy[head] = _set(value[head], rest, new, delete)
    elif delete:
        del copy[head]
    else:
        copy[head] = new
    return copy


def mutate(
    data: Any,
    rng: random.Random,
    n: int = 1,
    where: list[Path] | None = None,
    pool: list[str] | None = None,
) -> Any:
    """``data`` with ``n`` random changes at paths from ``where`` (default: all); ``pool``
    holds strings to swap in (default: the strings of ``data``)."""
    where = where if where is not None else paths(data)
    pool = pool or strings(data)
    for _ in range(n):
        path = rng.choice(where)
        try:
            old = _get(data, path)
        except (KeyError, IndexError, TypeError):
            continue  # an earlier change removed it
        op = rng.choice(OPERATIONS)
        if op == "replace":
            data = _set(data, path, rng.choice([*ODD_VALUES, rng.choice(pool)]))
        elif op == "odd":
            data = _set(data, path, rng.choice(ODD_VALUES))
        elif op == "string":
            data = _set(data, path, rng.choice(pool))
        elif op == "delete" and path:
            data = _set(data, path, None, delete=True)
        elif op == "add" and isinstance(old, dict):
            data = _set(data, path, {**old, rng.choice(["zz", *pool]): rng.choice(ODD_VALUES)})
        elif op == "add" and isinstance(old, list):
            data = _set(data, path, [*old, rng.choice([*ODD_VALUES, *old[:1]])])
        elif op == "number" and isinstance(old, int) and not isinstance(old, bool):
            data = _set(data, path, rng.choice([old + 1, old - 1, -old, old * 1000, 0, 10**6]))
        elif op == "duplicate" and isinstance(old, list) and old:
            data = _set(data, path, old + old)
    return data


def mutated_actions(game: Game, rng: random.Random, n: int = 8) -> Iterator[object]:
    """Objects to pass to ``check``/``apply``: legal actions with a field changed (a list for
    a tuple, a bool for an int, an unknown id, None ...), and things that are no action."""
    yield from (None, 0, "pass", {"type": "pass"}, Action(), object())
    legal = list(game.legal_actions())
    pool = sorted(game.scenario.units)[:20] + sorted(game.scenario.board)[:20]
    for _ in range(n):
        if not legal:
            return
        action: Any = rng.choice(legal)  # an attrs class (every Action is)
        fields = attrs.fields(type(action))
        if not fields:
            continue
        f = rng.choice(fields)
        value = getattr(action, f.name)
        choices: list[Any] = [*ODD_VALUES, rng.choice(pool), True, 1.5, float("nan")]
        if isinstance(value, tuple):
            choices += [list(value), value + value, value[:-1], (*value, rng.choice(pool))]
            choices += [tuple(rng.choice(ODD_VALUES) for _ in value)]
        try:
            yield attrs.evolve(action, **{f.name: rng.choice(choices)})
        except (TypeError, ValueError):
            continue  # a class whose own validator refuses the value at construction


def check_agreement(game: Game, action: object) -> bool:
    """``check`` and ``apply`` agree on ``action``; a rejected action leaves the game
    byte-identical. Returns whether the action was applied."""
    before = game.to_json()
    error = game.check(action)
    assert game.to_json() == before, f"check({action!r}) changed the game"
    if error is not None:
        assert isinstance(error, IllegalAction)
        try:
            game.apply(action)
        except IllegalAction as raised:
            assert str(raised) == str(error), f"check said {error}, apply said {raised}"
        else:
            raise AssertionError(f"check rejected {action!r} ({error}) but apply took it")
        assert game.to_json() == before, f"rejected {action!r} changed the game"
        return False
    game.apply(action)
    return True


def exercise(game: Game, seed: int = 0, steps: int = 5) -> None:
    """Ask ``game`` what a front-end asks (decision, legal actions and their checks, views),
    check that its save loads back byte for byte listing the same legal actions, then play
    ``steps`` random actions the same way; any exception is a failure the caller reports."""
    agent = RandomAgent(seed)
    for i in range(steps + 1):
        for side in game.title.sides:
            game.view(side)
        if game.is_over():
            assert game.decision is None and not list(game.legal_actions())
            break
        d = game.decision
        assert d is not None
        actions = list(game.legal_actions())
        assert actions, f"dead end: no legal action for {d}"
        if i == 0:
            text = game.to_json()
            again = api.load_game(text)
            assert again.to_json() == text, "the save does not load back byte for byte"
            assert list(again.legal_actions()) == actions, "the reload lists other actions"
        for action in actions[:: max(1, len(actions) // 4)]:
            assert game.check(action) is None, f"listed {action} fails its check"
        if i < steps:
            step(game, agent)
    text = game.to_json()
    assert api.load_game(text).to_json() == text, "the save does not load back byte for byte"


# --- random-play soak -------------------------------------------------------------------------


@attrs.define
class SoakReport:
    """What a soak found for one title: counts, and the first few problems in words."""

    title: str
    games: int = 0
    finished: int = 0
    actions: int = 0
    round_trips: int = 0
    rejected: int = 0
    undos: int = 0
    errors: int = 0
    """Exceptions that are not a typed error (bugs)."""
    dead_ends: int = 0
    mismatches: int = 0
    """Reloads (or undos) that do not continue exactly like the original."""
    atomicity: int = 0
    """Rejected actions that changed the game, or check and apply disagreeing."""
    problems: list[str] = attrs.field(factory=list)

    @property
    def clean(self) -> bool:
        return not (self.errors or self.dead_ends or self.mismatches or self.atomicity)

    def note(self, kind: str, text: str) -> None:
        setattr(self, kind, getattr(self, kind) + 1)
        if len(self.problems) < 10:
            self.problems.append(f"{kind}: {text}")


def soak_game(
    report: SoakReport, seed: int, max_actions: int = 2_000, every: int = 10, deadline: float = 0
) -> None:
    """Play one seeded random game of ``report.title`` and check at every ``every``-th action
    that a reload continues identically (same legal actions in the same order, same JSON
    after the same action), that mutated actions are rejected atomically and that undo
    restores the position; adds what it finds to ``report``. ``deadline``: a
    ``time.monotonic()`` to stop at (0: none)."""
    import time

    rng = random.Random(seed)
    report.games += 1
    try:
        game = api.new_game(report.title, None, seed)
    except Exception as exc:
        report.note("errors", f"seed {seed}: new_game: {type(exc).__name__}: {exc}")
        return
    agent = RandomAgent(seed)
    for i in range(max_actions):
        if game.is_over():
            report.finished += 1
            return
        if deadline and time.monotonic() > deadline:
            return
        where = f"seed {seed} action {i}"
        try:
            if not list(game.legal_actions()):
                report.note("dead_ends", f"{where}: no legal action for {game.decision}")
                return
            if i % every == 0:
                _soak_checks(report, game, rng, where)
            step(game, agent)
            report.actions += 1
        except AssertionError as exc:
            report.note("mismatches", f"{where}: {exc}")
            return
        except Exception as exc:
            report.note("errors", f"{where}: {type(exc).__name__}: {exc}")
            return


def _soak_checks(report: SoakReport, game: Game, rng: random.Random, where: str) -> None:
    text = game.to_json()
    # Exact round trip: the reload lists the same actions and continues identically.
    again = api.load_game(text)
    report.round_trips += 1
    actions = list(game.legal_actions())
    if again.to_json() != text or list(again.legal_actions()) != actions:
        report.note("mismatches", f"{where}: the reload differs at {game.decision}")
        return
    probe_copy = game.copy()
    action = step(probe_copy, RandomAgent(rng.randrange(2**32)))
    again.apply(action)
    if again.to_json() != probe_copy.to_json():
        report.note("mismatches", f"{where}: after {action.to_json()} the reload differs")
    # Undo restores the position exactly, on the game and (now and then: it replays the
    # whole history once) on its reload.
    for g in (probe_copy, again) if rng.random() < 0.1 else (probe_copy,):
        g.undo()
        report.undos += 1
        if g.to_json() != text:
            report.note("mismatches", f"{where}: undo of {action.to_json()} differs")
    # Atomicity: mutated actions are rejected without a trace, or are legal.
    for bad in mutated_actions(game, rng, n=2):
        copy = game.copy()
        try:
            if not check_agreement(copy, bad):
                report.rejected += 1
        except AssertionError as exc:
            report.note("atomicity", f"{where}: {exc}")
