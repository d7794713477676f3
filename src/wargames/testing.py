"""A conformance kit for titles: hypothesis strategies and invariant checks over random play.

Every title (built-in or third party) should pass :func:`check_title`. Title tests add their
own invariants with :func:`games` (a hypothesis strategy of games at random points of random
legal play) or :func:`playthrough` (every game position of one seeded random game).
"""

from __future__ import annotations

import hashlib
import json
import pickle
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

try:
    from hypothesis import strategies as st
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise ImportError(
        "wargames.testing needs hypothesis: install the test extra, pip install 'wargames[test]'"
    ) from exc

from . import api
from .agents import RandomAgent, play_out, step
from .core.actions import Action, action_from_dict
from .core.alike import classes, rename, strings
from .core.errors import SaveError
from .core.frame_args import Refs, check_args, check_vars
from .core.game import Game
from .core.heads import head_of
from .core.jsonvalue import dumps, thaw
from .core.render.scene import picture, supply_lines
from .core.serialize import state_from_json
from .core.vocabulary import KERNEL_NAMES

Invariant = Callable[[Game], None]


def playthrough(
    title: str, scenario: str | Path | None = None, seed: int = 0, max_actions: int = 100_000
) -> Iterator[Game]:
    """Each position of one random legal game (the same Game object, advanced in place).

    An action after which the game state is unchanged fails at once, naming the step: the
    same decision would be asked again forever (a step's ``apply`` forgot ``ctx.done()``)."""
    game = api.new_game(title, scenario, seed)
    agent = RandomAgent(seed)
    yield game
    for _ in range(max_actions):
        if game.is_over():
            return
        before, at = game.state.copy(), game.state.stack[-1].step
        step(game, agent)
        if game.state == before:
            raise AssertionError(
                f"seed {seed}: {game.history[-1]!r} in step {at!r} left the game state "
                "unchanged, so the same decision comes again forever: a step's apply must "
                "change the state (end a finished decision with ctx.done())"
            )
        yield game


def games(
    title: str, scenario: str | Path | None = None, max_actions: int = 300
) -> st.SearchStrategy[Game]:
    """Games at a random point (up to ``max_actions``) of random legal play from a random seed."""

    @st.composite
    def build(draw: Any) -> Game:
        seed = draw(st.integers(0, 2**32 - 1))
        n = draw(st.integers(0, max_actions))
        game = api.new_game(title, scenario, seed)
        play_out(game, RandomAgent(seed), max_actions=n)
        return game

    return build()


def check_position(game: Game) -> None:
    """Invariants of one position: a decision or a result; legal actions check clean and
    round-trip through JSON; the occupancy cache is true; every box, marker and state
    variable is in the title's vocabulary; frame arguments have the shapes their steps
    declare (``Step.args``) and state variables theirs (``Title.var_shapes``); the factored
    listing agrees (:func:`check_heads`); the save loads back byte for byte and lists the
    same legal actions in the same order."""
    if game.is_over():
        assert game.result() is not None and game.decision is None and game.to_act is None
        assert len(game.legal_actions()) == 0
    else:
        d = game.decision
        assert d is not None and (d.side == "chance" or d.side in game.title.sides)
        assert game.to_act == d.side, "to_act disagrees with the decision"
        actions = list(game.legal_actions())
        assert actions, f"dead end: no legal action for {d}"
        before = game.to_json()
        for action in actions:
            error = game.check(action)
            assert error is None, f"legal action {action} fails its check: {error}"
            again = api.action_from_json(game.title.name, action.to_json())
            assert again == action
        assert game.to_json() == before, "check() changed the game"
        if d.is_chance:
            total = sum(p for _, p in game.chance_outcomes())
            assert total == 1, f"chance outcomes sum to {total}"
    fresh: dict[str, list[str]] = {}
    for u in game.state.units.values():
        if u.at is not None:
            fresh.setdefault(u.at, []).append(u.id)
    assert {n: list(us) for n, us in game.state.occupancy().items()} == fresh, "stale occupancy"
    unknown = game.title.vocabulary.state_problems(game.state)
    assert not unknown, f"names outside {game.title.name}'s vocabulary: {unknown}"
    refs = Refs(game.title.sides, game.scenario.board, game.scenario.units)
    for frame in game.state.stack:
        declared = game.title.step(frame.step).args
        if declared is not None:
            problem = check_args(declared, frame.args, refs)
            assert problem is None, f"{frame.step} frame args outside Step.args: {problem}"
    shapes = game.title.var_shapes
    if shapes is not None:
        problem = check_vars(shapes, game.state.vars, refs, KERNEL_NAMES["vars"])
        assert problem is None, f"state vars outside Title.var_shapes: {problem}"
    check_heads(game)
    text = game.to_json()
    loaded = api.load_game(text)
    assert loaded.to_json() == text
    assert list(loaded.legal_actions()) == list(game.legal_actions()), "reload reorders actions"
    check_information(game)


def check_args_declared(game: Game) -> None:
    """For a title that opts in (``Title.args_declared``): every rule step declares its frame
    arguments (``Step.args``), and the arguments the turn gives its segments (and the
    phase-end step its ``phase``) have the declared shapes."""
    title = game.title
    undeclared = sorted(name for name, s in title.steps.items() if s.args is None)
    assert not undeclared, f"{title.name}: steps without Step.args: {undeclared}"
    refs = Refs(title.sides, game.scenario.board, game.scenario.units)
    for phase in title.phases:
        starts = [(seg.step, seg.args, seg.title) for seg in phase.segments]
        if title.phase_end_step is not None:
            starts.append((title.phase_end_step, {"phase": phase.name}, "phase end"))
        for step_name, args, where in starts:
            declared = title.step(step_name).args
            assert declared is not None
            problem = check_args(declared, args, refs)
            assert problem is None, f"{phase.name}, {where}: {step_name} {problem[0]}: {problem[1]}"


def save_with_frame(
    game: Game, step_name: str, seed: int = 1, limit: int = 2000
) -> tuple[dict[str, Any], int]:
    """Play ``game`` on with a seeded random agent until its stack holds a ``step_name``
    frame; a save of it (parsed JSON) and that frame's index. AssertionError after ``limit``
    actions, or when the game ends first (try another ``seed``)."""
    agent = RandomAgent(seed)
    for _ in range(limit):
        names = [f.step for f in game.state.stack]
        if step_name in names:
            return json.loads(game.to_json()), names.index(step_name)
        if game.is_over():
            raise AssertionError(
                f"no {step_name} frame: the game ended after {len(game.history)} actions "
                f"(seed {seed}); try another seed"
            )
        step(game, agent)
    raise AssertionError(f"no {step_name} frame within {limit} actions (seed {seed})")


def frame_refusal(
    save: Mapping[str, Any], index: int, edit: Callable[[dict[str, Any]], None]
) -> SaveError:
    """The error loading ``save`` with ``edit`` applied to the args of its frame ``index``
    gives (``Step.args``); AssertionError if the edited save loads."""
    data = json.loads(json.dumps(save))
    edit(data["state"]["stack"][index].setdefault("args", {}))
    try:
        api.load_game(json.dumps(data))
    except SaveError as error:
        return error
    raise AssertionError("the edited save loaded")


def check_heads(game: Game) -> None:
    """The factored listing (:meth:`Game.legal_heads`) agrees with the full one: each head's
    actions have that head, and together they are exactly the legal actions."""
    heads = game.legal_heads()
    listed: list[Action] = []
    for head in heads.heads:
        actions = heads.actions(head)
        wrong = [a for a in actions if head_of(a) != head]
        assert not wrong, f"{wrong[0].to_json()} is listed under the head {head}"
        listed += actions
    legal = sorted(a.to_json() for a in game.legal_actions())
    assert sorted(a.to_json() for a in listed) == legal, "the heads' actions are not the legal ones"


def check_information(game: Game, seed: int = 12345) -> None:
    """Hidden information: no side's view holds the dice's state; a game that ``side``
    cannot tell from this one (:meth:`Game.determinize`: dice reseeded, hidden facts
    resampled) gives that side the same view, events and picture; the game pickles."""
    for side in game.title.sides:
        view = game.view(side)
        assert "rng" not in view and "script" not in view, f"{side}'s view holds the dice"
        other = game.determinize(side, seed)
        assert other.view(side) == view, f"{side}'s view depends on what it may not know"
        assert other.events_for(side) == game.events_for(side)
        seen = picture(game, side, zoc=True, supply=True)  # what its picture draws
        assert picture(other, side, zoc=True, supply=True) == seen, f"{side}'s picture leaks"
        check_sight(game, side)
    assert pickle.loads(pickle.dumps(game)).to_json() == game.to_json(), "pickle round trip"
    check_twins(game, seed)


def check_sight(game: Game, side: str) -> None:
    """``Title.sees`` agrees with ``Title.visible_units`` for every unit, and for all at once
    (the log tells events by ``sees``)."""
    title, state = game.title, game.state
    visible = title.visible_units(state, side)
    ids = sorted(state.units)
    for uid in ids:
        expected = visible is None or uid in visible
        assert title.sees(state, side, [uid]) == expected, f"sees({side}, {uid}) disagrees"
    assert title.sees(state, side, ids) == (visible is None or set(ids) <= set(visible))


def relabelled(game: Game, a: str, b: str) -> Game:
    """``game`` with the units ``a`` and ``b`` exchanging their ids everywhere in the state
    (positions, steps, markers, variables, the step stack); the log is kept as it is."""
    swap = {a: b, b: a}
    data = thaw(rename(game.state.to_json(), swap))
    state = state_from_json(game.title, game.scenario, data, "<relabelled>")
    return Game(game.title, game.scenario, game.seed, _state=state, _events=game.events)


def _drawn(game: Game, side: str) -> Any:
    """What ``game.svg(side=side)`` draws (the scene, with the ZOC and supply overlays), and
    the supply traces of the side's observation planes (:func:`supply_lines`)."""
    return picture(game, side, zoc=True, supply=True), supply_lines(game, side)


def twins(game: Game, side: str) -> list[tuple[str, str]]:
    """Pairs of units of ``side``'s enemies with alike counters (:func:`.alike.classes`),
    neither named anywhere in ``side``'s view: exchanging them may change nothing it sees."""
    named = strings(game.view(side))
    units = game.scenario.units
    enemy = [u for u in game.state.units if units[u].side != side and u not in named]
    return [(g[i], g[i + 1]) for g in classes(game.scenario, enemy) for i in range(len(g) - 1)]


def check_twins(
    game: Game,
    seed: int = 12345,
    pairs: int = 3,
    actions: int = 3,
    tries: Sequence[Action] | None = None,
) -> None:
    """Hidden information, by twin games: two games that differ only in which of two alike
    enemy units is which, where ``side`` sees neither (:func:`relabelled`), give ``side``
    the same view and picture, and, when ``side`` decides, the same game drawn for it
    (:meth:`Game.determinize` with the same seed: what a search agent reads); after the
    same next action in both (its units renamed), the events ``side`` is told are the same
    whenever its views still agree. Checks up to
    ``pairs`` pairs a side and ``actions`` actions a pair (those naming the pair first), or
    the actions ``tries`` when given."""
    d = game.decision
    if d is None:
        return
    rng = random.Random(seed)
    legal = list(game.legal_actions())
    for side in game.title.sides:
        found = twins(game, side)
        rng.shuffle(found)
        view, drawn, told = game.view(side), _drawn(game, side), len(game.events_for(side))
        for a, b in found[:pairs]:
            twin = relabelled(game, a, b)
            if twin.view(side) != view:
                continue  # not twins for this side (e.g. one would top its stack)
            assert _drawn(twin, side) == drawn, f"{side}'s picture shows {a} or {b}"
            if side == d.side:
                # what a search deciding for the side reads: the whole game drawn for it
                dealt = rng.getrandbits(63)
                one_dealt = game.determinize(side, dealt).state.to_json()
                two_dealt = twin.determinize(side, dealt).state.to_json()
                assert one_dealt == two_dealt, f"{side}'s determinisation tells {a} from {b}"
            swap = {a: b, b: a}
            naming = [x for x in legal if {a, b} & strings(x.to_dict())]
            others = [x for x in legal if x not in naming]
            rng.shuffle(naming)
            chosen = naming[: actions - 1] + (others and [rng.choice(others)])
            if tries is not None:
                chosen = list(tries)
            for action in chosen:
                one, two = game.copy(), twin.copy()
                renamed = action_from_dict(
                    game.title.action_table, thaw(rename(action.to_dict(), swap))
                )
                if two.check(renamed) is not None:
                    continue
                one.apply(action)
                two.apply(renamed)
                if one.view(side) != two.view(side):
                    continue  # the action showed which unit is which
                new_one = one.events_for(side)[told:]
                new_two = two.events_for(side)[told:]
                assert new_one == new_two, (
                    f"{side} is told which of {a} and {b} is which after {action.to_json()}: "
                    f"{[e.text for e in new_one if e not in new_two]}"
                )
                assert _drawn(one, side) == _drawn(two, side), f"{side}'s picture leaks"


def check_title(
    title: str,
    scenario: str | Path | None = None,
    seeds: range = range(3),
    max_actions: int = 100_000,
    invariants: tuple[Invariant, ...] = (),
    every: int = 25,
) -> None:
    """Play seeded random games; check positions every ``every`` actions and at the end,
    that the game ends, and that replaying its actions reproduces it exactly; for a title
    that opts in, that its steps declare their arguments (:func:`check_args_declared`). Every
    ``4 * every`` actions, that ``check`` accepts no near miss the legal list lacks
    (:func:`check_near_misses`)."""
    for seed in seeds:
        last: Game | None = None
        rng = random.Random(seed)
        for i, game in enumerate(playthrough(title, scenario, seed, max_actions)):
            if i == 0 and game.title.args_declared:
                check_args_declared(game)
            for inv in invariants:
                inv(game)
            if i % every == 0:
                check_position(game)
            if i % (4 * every) == 0:
                check_near_misses(game, rng)
            last = game
        assert last is not None
        check_position(last)
        assert last.is_over(), f"seed {seed}: no result within {max_actions} actions"
        replay = Game(last.title, last.scenario, seed)
        for action in last.history:
            replay.apply(action)
        assert replay.to_json() == last.to_json(), f"seed {seed}: replay differs"


def _listed_key(action: Action) -> tuple[Any, ...]:
    """An action's fields, a path cut to its two ends (a legal list offers one path an end)."""
    fields = []
    any_action: Any = action  # an attrs class (every Action is)
    for f in attrs.fields(type(any_action)):
        value = getattr(action, f.name)
        if f.name == "path" and value:
            value = (value[0], value[-1])
        fields.append((f.name, value))
    return (type(action).__name__, tuple(fields))


def near_misses(game: Game, rng: random.Random, n: int = 6) -> Iterator[Action]:
    """Actions one field away from ``n`` listed ones that the legal list does not offer: the
    field given the value another listed action of the class has there, or another unit id
    or node of the scenario (a one-unit tuple for a tuple of units), or a path extended by a
    neighbour of its end; a text (``Choose.option``) also with its ``word:`` prefix dropped,
    swapped for another listed prefix or put before another id, or with a character added
    (for :func:`check_near_misses`)."""
    legal = list(game.legal_actions())
    listed = {_listed_key(a) for a in legal}
    units, nodes = sorted(game.scenario.units), sorted(game.scenario.board)
    board = game.scenario.board
    picked: list[Any] = rng.sample(legal, min(n, len(legal)))  # attrs classes
    for action in picked:
        for f in attrs.fields(type(action)):
            value = getattr(action, f.name)
            pool = {getattr(b, f.name) for b in legal if type(b) is type(action)}
            if f.name == "path" and value:
                pool |= {(*value, v) for v in board.neighbours(value[-1]) if v not in value}
            elif isinstance(value, str):
                names = rng.sample(units, min(4, len(units)))
                names += rng.sample(nodes, min(4, len(nodes)))
                words = {v.split(":")[0] + ":" for v in pool if isinstance(v, str) and ":" in v}
                rest = value.split(":", 1)[-1]
                pool |= {w + x for w in {"", *words} for x in (rest, *names)}
                pool |= {rest + ":", value + "x"}
            elif isinstance(value, tuple) and value and all(isinstance(v, str) for v in value):
                pool |= {(u,) for u in rng.sample(units, min(4, len(units)))}
            for other in sorted(pool - {value}, key=repr):
                try:
                    miss = attrs.evolve(action, **{f.name: other})
                except (TypeError, ValueError):
                    continue
                if _listed_key(miss) not in listed:
                    yield miss


def check_near_misses(game: Game, rng: random.Random, n: int = 6) -> None:
    """``check`` accepts no near miss (:func:`near_misses`) of a side's decision: its legal
    list is complete and ``check`` is no laxer than it (an action the list lacks but
    ``check`` takes is one an agent is never offered, or an illegal one a front-end could
    play)."""
    d = game.decision
    if d is None or d.is_chance:
        return
    for miss in near_misses(game, rng, n):
        error = game.check(miss)
        assert error is not None, (
            f"check accepts {miss!r} in step {d.step!r}, which the legal list does not offer"
        )


GOLDEN_EVERY = 50


def state_digest(game: Game) -> str:
    """SHA-256 of the canonical JSON of the game state (not the log)."""
    return hashlib.sha256(dumps(game.state.to_json()).encode()).hexdigest()


def record_playthrough(
    title: str, seed: int, scenario: str | None = None, every: int = GOLDEN_EVERY
) -> dict[str, Any]:
    """A golden playthrough: one seeded random game of a built-in scenario, its actions, and
    the state's digest every ``every`` actions and at the end."""
    checkpoints: dict[str, str] = {}
    last: Game | None = None
    for i, game in enumerate(playthrough(title, scenario, seed)):
        if i % every == 0:
            checkpoints[str(i)] = state_digest(game)
        last = game
    assert last is not None and last.is_over()
    result = last.result()
    assert result is not None
    return {
        "title": title,
        "scenario": scenario,
        "seed": seed,
        "every": every,
        "actions": [a.to_dict() for a in last.history],
        "checkpoints": checkpoints,
        "final": state_digest(last),
        "result": result.to_json(),
    }


def replay_playthrough(golden: Mapping[str, Any]) -> None:
    """Replay a golden playthrough; AssertionError at the first checkpoint that differs."""
    title = golden["title"]
    game = api.new_game(title, golden["scenario"], golden["seed"])
    checkpoints = golden["checkpoints"]
    for i, data in enumerate(golden["actions"]):
        if str(i) in checkpoints:
            assert state_digest(game) == checkpoints[str(i)], f"{title}: differs at action {i}"
        game.apply(api.action_from_json(title, data))
    n = len(golden["actions"])
    if str(n) in checkpoints:
        assert state_digest(game) == checkpoints[str(n)], f"{title}: differs at action {n}"
    assert state_digest(game) == golden["final"], f"{title}: the final state differs"
    result = game.result()
    assert result is not None and result.to_json() == golden["result"], f"{title}: result"
