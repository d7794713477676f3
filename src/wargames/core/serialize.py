"""Saved games from JSON: every field validated before anything is built; never eval or pickle.

A saved game embeds its scenario, seed, actions, event log and state (see ``Game.to_dict``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from .actions import CHANCE, Action, Pass, action_from_dict
from .errors import SaveError, ScenarioError, WargamesError
from .events import Event
from .frame_args import Refs, check_args, check_vars
from .jsonvalue import dumps, freeze, parse_text
from .lines import LEDGER_VAR, LineLedger
from .scenario import Scenario, parse_scenario
from .state import Frame, GameState, Result, TrackedDict
from .title import Title
from .units import UnitState
from .vocabulary import KERNEL_NAMES, NOUNS, Vocabulary

if TYPE_CHECKING:
    from .game import Game

MAX_STATE_NUMBER = 10**6
"""Any number in a saved state's ``vars`` or frame arguments, in absolute value (movement
points left, counters, ...): no save can make a search allocate per point without bound."""

PROBE_CHECKS = 8
"""How many legal actions (evenly spread) a loaded game checks before it is handed out."""

STATE_KEYS = (
    "turn",
    "phase",
    "segment",
    "units",
    "control",
    "stack",
    "boxes",
    "markers",
    "rng",
    "script",
    "vars",
    "result",
)


def parse_json(text: str | bytes, file: str) -> Any:
    """The JSON value of ``text``; SaveError (one line) if it is not UTF-8, not JSON or nested
    too deeply."""
    try:
        return parse_text(text, "JSON")
    except ValueError as exc:
        raise SaveError("", str(exc), file) from None


def check_for_title(title: Title, scenario: Scenario) -> None:
    """The title's checks of a parsed scenario (:meth:`Title.check_scenario`); a crash in
    them (data they did not expect) is a ScenarioError with the exception chained."""
    try:
        title.check_scenario(scenario)
    except WargamesError:
        raise
    except Exception as exc:
        why = f"{title.name} cannot use it: {type(exc).__name__}: {exc}"
        raise ScenarioError(scenario.file, "", why) from exc


_PARSED: dict[tuple[str, str], tuple[Title, Scenario]] = {}
_PARSED_MAX = 8
"""Scenarios parsed from saves, by title and canonical text: reloading a game (agents,
soaks, undo) need not rebuild its board. Scenarios are immutable, so games share them."""


def scenario_from_save(title: Title, data: Any, file: str) -> Scenario:
    if not isinstance(data, Mapping):
        raise SaveError("scenario", "expected an object", file)
    try:
        text = dumps(data)
    except (TypeError, ValueError) as exc:
        raise SaveError("scenario", str(exc), file) from None
    cached = _PARSED.get((title.name, text))
    if cached is not None and cached[0] is title:
        return cached[1]
    try:
        sc = parse_scenario(data, f"{file}#scenario", title.sides, title.options)
        check_for_title(title, sc)
    except ScenarioError as exc:
        field = f"scenario.{exc.field}" if exc.field else "scenario"
        raise SaveError(field, exc.reason, file) from exc.__cause__
    if len(_PARSED) >= _PARSED_MAX:
        del _PARSED[next(iter(_PARSED))]
    _PARSED[(title.name, text)] = (title, sc)
    return sc


def actions_from_json(title: Title, data: Any, file: str) -> list[Action]:
    if not isinstance(data, list):
        raise SaveError("actions", "expected a list", file)
    out = []
    for i, item in enumerate(data):
        try:
            out.append(action_from_dict(title.action_table, item, f"actions[{i}]"))
        except SaveError as exc:
            raise SaveError(exc.field, exc.reason, file) from None
    return out


def _redacted_ok(others: Any) -> bool:
    """An event's ``others`` (its redacted version) is absent or {text, data}."""
    return others is None or (
        isinstance(others, Mapping)
        and isinstance(others.get("text"), str)
        and isinstance(others.get("data", {}), Mapping)
        and set(others) <= {"text", "data"}
    )


def events_from_json(data: Any, file: str) -> list[Event]:
    if not isinstance(data, list):
        raise SaveError("events", "expected a list", file)
    out = []
    for i, e in enumerate(data):
        ok = (
            isinstance(e, Mapping)
            and isinstance(e.get("kind"), str)
            and isinstance(e.get("text"), str)
            and isinstance(e.get("turn", 0), int)
            and isinstance(e.get("data", {}), Mapping)
            and isinstance(e.get("to", []), list)
            and all(isinstance(s, str) for s in e.get("to", []))
            and set(e) <= {"kind", "text", "turn", "data", "to", "others"}
            and _redacted_ok(e.get("others"))
        )
        if not ok:
            raise SaveError(f"events[{i}]", "expected {kind, text, turn, data, to, others}", file)
        out.append(Event.from_json(e))
    return out


def _req(d: Mapping[str, Any], key: str, kind: type, field: str, file: str) -> Any:
    if key not in d:
        raise SaveError(f"{field}.{key}", "missing", file)
    v = d[key]
    if not isinstance(v, kind) or (kind is int and isinstance(v, bool)):
        raise SaveError(f"{field}.{key}", f"expected {kind.__name__}", file)
    return v


def _bounded(value: Any, field: str, file: str) -> None:
    """Every number in ``value`` within :data:`MAX_STATE_NUMBER` (iterative)."""
    todo: list[tuple[Any, str]] = [(value, field)]
    while todo:
        v, f = todo.pop()
        if isinstance(v, Mapping):
            todo.extend((c, f"{f}.{k}") for k, c in v.items())
        elif isinstance(v, list):
            todo.extend((c, f"{f}[{i}]") for i, c in enumerate(v))
        elif isinstance(v, (int, float)) and not isinstance(v, bool) and abs(v) > MAX_STATE_NUMBER:
            raise SaveError(f, f"numbers must be within +-{MAX_STATE_NUMBER}", file)


def _check_ledger(data: Any, field: str, file: str) -> None:
    """The kernel's line ledger (a scenario with line classes) must read back as itself."""
    try:
        ok = LineLedger.from_json(data).to_json() == data
    except Exception:  # any shape from_json cannot take
        ok = False
    if not ok:
        raise SaveError(field, "not a line ledger {stamp, lines}", file)


def _known(vocab: Vocabulary, kind: str, names: Iterable[str], field: str, file: str) -> None:
    """SaveError at the first of ``names`` that the title's vocabulary does not declare."""
    for name in sorted(names):
        if not vocab.allows(kind, name):
            raise SaveError(field, f"unknown {NOUNS[kind]} {name!r}", file)


def _strings(v: Any, field: str, file: str) -> tuple[str, ...]:
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        raise SaveError(field, "expected a list of strings", file)
    return tuple(v)


def state_from_json(title: Title, scenario: Scenario, d: Any, file: str) -> GameState:
    """A GameState from its JSON, checked against the title and scenario."""
    f = "state"
    if not isinstance(d, Mapping):
        raise SaveError(f, "expected an object", file)
    extra = set(d) - set(STATE_KEYS)
    if extra:
        raise SaveError(f"{f}.{sorted(extra)[0]}", "unknown field", file)
    board = scenario.board
    vocab = title.vocabulary
    units: dict[str, UnitState] = {}
    raw_units = _req(d, "units", list, f, file)
    for i, u in enumerate(raw_units):
        uf = f"{f}.units[{i}]"
        if not isinstance(u, Mapping) or set(u) - {"id", "steps", "at", "box", "markers"}:
            raise SaveError(uf, "expected {id, steps, at|box, markers}", file)
        uid = _req(u, "id", str, uf, file)
        if uid not in scenario.units:
            raise SaveError(f"{uf}.id", f"{uid!r} is not a unit of the scenario", file)
        if uid in units:
            raise SaveError(f"{uf}.id", f"unit {uid!r} appears twice", file)
        steps = _req(u, "steps", int, uf, file)
        if not 0 <= steps <= scenario.units[uid].steps:
            raise SaveError(f"{uf}.steps", f"out of range for {uid}", file)
        at, box = u.get("at"), u.get("box")
        if (at is None) == (box is None):
            raise SaveError(uf, "give exactly one of 'at' or 'box'", file)
        if at is not None and (not isinstance(at, str) or at not in board):
            raise SaveError(f"{uf}.at", f"{at!r} is not a node of the map", file)
        if box is not None and not isinstance(box, str):
            raise SaveError(f"{uf}.box", "expected a string", file)
        if box is not None:
            _known(vocab, "boxes", [box], f"{uf}.box", file)
        markers = _strings(u.get("markers", []), f"{uf}.markers", file)
        _known(vocab, "unit_markers", markers, f"{uf}.markers", file)
        units[uid] = UnitState(uid, steps, at=at, box=box, markers=frozenset(markers))
    missing = set(scenario.units) - set(units)
    if missing:
        raise SaveError(f"{f}.units", f"unit {sorted(missing)[0]!r} is missing", file)
    control = _req(d, "control", dict, f, file)
    for node, side in control.items():
        if node not in board or side not in title.sides:
            raise SaveError(f"{f}.control.{node}", "not a node controlled by a side", file)
    stack: list[Frame] = []
    refs = Refs(title.sides, board, scenario.units)
    for i, fr in enumerate(_req(d, "stack", list, f, file)):
        ff = f"{f}.stack[{i}]"
        if not isinstance(fr, Mapping) or set(fr) - {"step", "args", "id", "caller"}:
            raise SaveError(ff, "expected {step, args, id, caller}", file)
        step = _req(fr, "step", str, ff, file)
        if step not in title.steps:
            raise SaveError(f"{ff}.step", f"{step!r} is not a step of {title.name}", file)
        args = fr.get("args", {})
        if not isinstance(args, Mapping):
            raise SaveError(f"{ff}.args", "expected an object", file)
        _bounded(args, f"{ff}.args", file)
        ids = [fr.get(k) for k in ("id", "caller")]
        if any(v is not None and (not isinstance(v, int) or isinstance(v, bool)) for v in ids):
            raise SaveError(ff, "id and caller must be integers", file)
        if ids[1] is not None and ids[1] not in {f.id for f in stack}:
            raise SaveError(f"{ff}.caller", "names no frame below it", file)
        declared = title.steps[step].args
        if declared is not None:
            problem = check_args(declared, args, refs)
            if problem is not None:
                raise SaveError(f"{ff}.args.{problem[0]}", problem[1], file)
        stack.append(Frame(step, args, id=ids[0], caller=ids[1]))
    boxes = {}
    for k, v in _req(d, "boxes", dict, f, file).items():
        _known(vocab, "boxes", [k], f"{f}.boxes.{k}", file)
        boxes[k] = _strings(v, f"{f}.boxes.{k}", file)
    node_markers = {}
    for k, v in _req(d, "markers", dict, f, file).items():
        if k not in board:
            raise SaveError(f"{f}.markers.{k}", "not a node of the map", file)
        node_markers[k] = frozenset(_strings(v, f"{f}.markers.{k}", file))
        _known(vocab, "node_markers", node_markers[k], f"{f}.markers.{k}", file)
    rng_text = _req(d, "rng", str, f, file)
    if not rng_text.isdigit() or int(rng_text) >= 1 << 64:
        raise SaveError(f"{f}.rng", "expected a 64-bit unsigned integer as text", file)
    script = _req(d, "script", list, f, file)
    if not all(isinstance(x, int) and not isinstance(x, bool) for x in script):
        raise SaveError(f"{f}.script", "expected a list of integers", file)
    vars_ = _req(d, "vars", dict, f, file)
    _known(vocab, "vars", vars_, f"{f}.vars", file)
    _bounded(vars_, f"{f}.vars", file)
    if title.var_shapes is not None:
        problem = check_vars(title.var_shapes, vars_, refs, KERNEL_NAMES["vars"])
        if problem is not None:
            raise SaveError(f"{f}.vars.{problem[0]}", problem[1], file)
    if scenario.lines.limits and LEDGER_VAR in vars_:
        _check_ledger(vars_[LEDGER_VAR], f"{f}.vars.{LEDGER_VAR}", file)
    result = d.get("result")
    res: Result | None = None
    if result is not None:
        if not isinstance(result, Mapping) or set(result) != {"winner", "level", "reason"}:
            raise SaveError(f"{f}.result", "expected {winner, level, reason}", file)
        winner = result["winner"]
        if winner is not None and winner not in title.sides:
            raise SaveError(f"{f}.result.winner", "not a side", file)
        res = Result(winner, str(result["level"]), str(result["reason"]))
    phase = _req(d, "phase", int, f, file)
    segment = _req(d, "segment", int, f, file)
    if not -1 <= phase < len(title.phases):
        raise SaveError(f"{f}.phase", "out of range", file)
    if phase >= 0 and not 0 <= segment < len(title.phases[phase].segments):
        raise SaveError(f"{f}.segment", "out of range", file)
    if not stack and res is None:
        raise SaveError(f"{f}.stack", "empty while the game is not over", file)
    turn = _req(d, "turn", int, f, file)
    cal = scenario.calendar
    if not cal.first <= turn <= cal.last:
        raise SaveError(f"{f}.turn", "outside the scenario's calendar", file)
    return GameState(
        units=units,
        turn=turn,
        phase=phase,
        segment=segment,
        control=TrackedDict(control),
        stack=tuple(stack),
        boxes=boxes,
        markers=node_markers,
        rng=int(rng_text),
        script=tuple(script),
        vars={k: freeze(v) for k, v in vars_.items()},
        result=res,
    )


def probe(game: Game, dead_end: bool = False) -> None:
    """Ask a game each question a front-end asks once: the pending decision, its legal actions
    (a few checked), the chance outcomes, every side's view and the JSON; then, on a copy,
    unwind the frames below the top (see :func:`_unwind`). Raises ``ValueError`` naming what
    does not hold, or whatever title code raises. ``dead_end``: a decision with no legal
    action is allowed (a new game of a test scenario may stop there)."""
    _ask(game, dead_end)
    _unwind(game.copy(), dead_end)


PROBE_ACTIONS = 30
"""At most this many actions :func:`_unwind` plays on a copy of a loaded game."""


def _unwind(game: Game, dead_end: bool) -> None:
    """Play the first listed action (a pass where listed; chance by the dice) until only the
    segment's frame is left, so that every frame saved below the top is run once with its
    saved arguments (at most :data:`PROBE_ACTIONS` actions)."""
    for _ in range(PROBE_ACTIONS):
        if game.state.result is not None or len(game.state.stack) <= 1:
            break
        d = game.decision
        assert d is not None
        if d.is_chance:
            game.roll()
            continue
        actions = list(game.legal_actions())
        if not actions:
            if dead_end:
                return
            raise ValueError(f"no legal action for {d.side} in {d.step}")
        game.apply(Pass() if Pass() in actions else actions[0])
    _ask(game, dead_end)


def _ask(game: Game, dead_end: bool) -> None:
    if game.state.result is None:
        frame = game.state.stack[-1]
        step = game.title.step(frame.step)
        if step.actor(game._ctx(), frame) is None:
            raise ValueError(f"the top step {step.name!r} decides nothing")
        d = game.decision
        assert d is not None
        if d.side != CHANCE and d.side not in game.title.sides:
            raise ValueError(f"{d.side!r} is to decide in {d.step}, but is no side")
        actions = list(game.legal_actions())
        if not actions and not dead_end:
            raise ValueError(f"no legal action for {d.side} in {d.step}")
        stride = max(1, len(actions) // PROBE_CHECKS)
        for action in actions[::stride][:PROBE_CHECKS]:
            error = game.check(action)
            if error is not None:
                raise ValueError(f"a listed action is illegal: {error}")
        if d.is_chance and sum(p for _, p in game.chance_outcomes()) != 1:
            raise ValueError("the chance outcomes do not sum to 1")
    for side in game.title.sides:
        game.view(side)
    game.to_json()


def failure(game: Game, exc: Exception) -> str:
    """One line: where the game stands and what failed there."""
    where = game.state.stack[-1].step if game.state.stack else "the end"
    what = str(exc) if type(exc) is ValueError else f"{type(exc).__name__}: {exc}"
    return f"fails at {where}: {what}"


def check_loaded(game: Game, file: str) -> None:
    """All or nothing: the title checks its own parts (:meth:`Title.validate_state`), then
    :func:`probe` must pass; any failure is a SaveError naming the file (the cause chained),
    so a save that loads is one that plays."""
    game.title.validate_state(game.rules_context(), file)
    try:
        probe(game)
    except WargamesError as exc:
        if isinstance(exc, SaveError):
            raise
        raise SaveError("state", f"the saved position {failure(game, exc)}", file) from exc
    except Exception as exc:
        raise SaveError("state", f"the saved position {failure(game, exc)}", file) from exc
