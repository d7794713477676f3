"""A game: the pending decision, legal actions, apply with validation, undo, copy, JSON.

``apply`` checks the action against the pending step; an illegal action raises
:class:`IllegalAction` and leaves the game exactly as it was. After a legal action the game
runs automatic steps until the next decision (a side's or chance's) or the end.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from fractions import Fraction
from typing import Any, TypeVar

import attrs

from . import dice
from .actions import CHANCE, Action, Decision, validate_action
from .alike import canonical_labels, strings
from .context import Context
from .errors import IllegalAction, SaveError, WargamesError
from .events import Event
from .heads import Head, group
from .jsonvalue import dumps
from .markers import PHASE, SEGMENT, TURN, clear_scoped
from .notation import parse_generic, resolve
from .prose import addressed
from .scenario import Scenario
from .sequence import Step
from .state import Frame, GameState, Result, TrackedDict
from .title import Title

FORMAT = "wargames-game"
EXPORT_FORMAT = "wargames-side-export"
"""The format of :meth:`Game.export`: one side's knowledge of a game, not a loadable save."""
VERSION = 1
_MAX_AUTOMATIC = 100_000
T = TypeVar("T")


@attrs.frozen(slots=True)
class _Snapshot:
    state: GameState
    events: int


class LegalActions:
    """The legal actions of the pending decision: iterable, sized, answers ``in``."""

    def __init__(self, game: Game) -> None:
        self._game = game
        self._list: list[Action] | None = None

    def _actions(self) -> list[Action]:
        if self._list is None:
            self._list = self._game._legal_list()
        return self._list

    def __iter__(self) -> Iterator[Action]:
        return iter(self._actions())

    def __len__(self) -> int:
        return len(self._actions())

    def __getitem__(self, i: int) -> Action:
        return self._actions()[i]

    def __contains__(self, action: object) -> bool:
        return self._game.check(action) is None

    def count(self) -> int:
        return len(self._actions())

    def __repr__(self) -> str:
        return f"<LegalActions: {len(self)}>"


LISTED_IDS = "listed_ids"
"""Memo key: the ``id`` of every action object a legal list of the position holds."""


def _remember(memo: dict[str, Any], actions: list[Action]) -> None:
    """Note the objects of a legal list the memo keeps (they stay alive with it, so their
    ids stay theirs), for :meth:`Game._check`'s fast path."""
    memo.setdefault(LISTED_IDS, set()).update(map(id, actions))


class LegalHeads:
    """The legal actions of the pending decision by head (:mod:`.heads`), for agents that
    choose a head first: ``heads`` lists the candidate heads, :meth:`actions` one head's
    legal actions (listed on demand, once). At a factored step (``Step.heads``; ``factored``
    is True) a candidate may have no legal action; otherwise ``listed`` holds the full legal
    list and the heads are those of its actions, in order of first appearance."""

    def __init__(self, game: Game) -> None:
        self._game = game
        self._lists: dict[Head, list[Action]] | None = None
        self._heads: list[Head] = []
        self.listed: list[Action] | None = None
        self.factored = False
        if game.state.result is not None:
            self._lists = {}
            return
        step, frame = game._top()
        found = game._title_call(lambda: step.heads(game._ctx(), frame))
        if found is None:
            self.listed = game._legal_list()
        else:
            self._heads = list(dict.fromkeys(found))
            self._lists = {}
            self.factored = True

    def _grouped(self) -> dict[Head, list[Action]]:
        if self._lists is None:
            self._lists = group(self.listed or ())
            self._heads = list(self._lists)
        return self._lists

    @property
    def heads(self) -> list[Head]:
        """The candidate heads."""
        self._grouped()
        return self._heads

    def actions(self, head: Head) -> list[Action]:
        """The legal actions of ``head`` now (empty for a head with none)."""
        lists = self._grouped()
        got = lists.get(head)
        if got is None:
            if not self.factored or head not in self._heads:
                return []
            game = self._game
            step, frame = game._top()
            got = game._title_call(lambda: list(step.head_legal(game._ctx(), frame, head)))
            memo = game._memo()
            if memo.get("heads") is self:  # kept only while still this position's
                lists[head] = got
                _remember(memo, got)
        return got

    def listed_so_far(self) -> list[list[Action]]:
        """The lists of legal actions made so far (the full list, or heads' lists)."""
        out = [] if self.listed is None else [self.listed]
        return out + list((self._lists or {}).values())

    def __repr__(self) -> str:
        return f"<LegalHeads: {len(self.heads)}{' factored' if self.factored else ''}>"


class Game:
    """One game of a title from a scenario and a seed."""

    _memo_at: tuple[GameState, int, Any] | None = None
    """A copy of the state, the log's length and the live state's ``GameState.change_marks``
    when the position memo began or was last found the same (None: no memo)."""
    _memo_data: dict[str, Any] = {}  # never filled: a memo starts with a dict of its own

    def __init__(
        self,
        title: Title,
        scenario: Scenario,
        seed: int = 0,
        *,
        _state: GameState | None = None,
        _events: list[Event] | None = None,
        _history: list[Action] | None = None,
    ) -> None:
        self.title = title
        self.scenario = scenario
        self.seed = seed
        self.events: list[Event] = list(_events or [])
        self.history: list[Action] = list(_history or [])
        self._undo: list[_Snapshot] = []
        self._texts: list[tuple[Event, str]] = []  # each event's JSON text, made once
        if _state is not None:
            self.state = _state
            return
        self.state = GameState(
            # Units in id order, as a loaded save has them, so a game and its reload
            # iterate units alike (same legal actions in the same order).
            units=TrackedDict(sorted(scenario.start.items())),
            turn=scenario.calendar.first,
            control=TrackedDict(scenario.control),
            rng=dice.seed_state(seed),
        )
        ctx = self._ctx()
        title.setup(ctx)
        ctx.emit("turn", f"Turn {self.state.turn}: {scenario.calendar.label(self.state.turn)}")
        self._advance()

    # --- internals ---------------------------------------------------------------------
    def _ctx(self) -> Context:
        state = self.state
        return Context(
            self.title,
            self.scenario,
            state,
            self.events,
            lambda: self._memo() if self.state is state else None,
        )

    def _memo(self) -> dict[str, Any]:
        """What the kernel has learnt about the pending position (who decides, the legal
        actions), kept while the game stays in it. The position is compared field by field
        with a copy of the state taken when the memo began (the state's values are
        immutable, so equal fields mean the same position) and the log's length, so any
        change, even one made to ``game.state`` from outside, starts a new memo. The control
        and the units (the largest fields) are not compared while each is the same counting
        dict (``TrackedDict``) with no write since it was last found equal."""
        at, state = self._memo_at, self.state
        if at is None or at[1] != len(self.events) or not at[0].same_as(state, at[2]):
            self._memo_at = (state.copy(), len(self.events), state.change_marks())
            self._memo_data = {}
        else:
            mark, now = at[2], state.change_marks()
            if (
                now[0] is not mark[0]
                or now[1] != mark[1]
                or now[2] is not mark[2]
                or now[3] != mark[3]
            ):
                self._memo_at = (at[0], at[1], now)  # found equal: mark the dicts as they are
        return self._memo_data

    def _top(self) -> tuple[Step, Frame]:
        frame = self.state.stack[-1]
        return self.title.step(frame.step), frame

    def _next_segment(self, ctx: Context) -> None:
        """Push the frame of the next segment of the turn, starting a new turn if needed.

        After the last segment of each phase comes the title's ``phase_end_step`` (if any), as
        a virtual segment numbered ``len(segments)``. Unit markers scoped to the segment, phase
        or turn that ends are cleared here (:mod:`.markers`)."""
        phases = self.title.phases
        end_step = self.title.phase_end_step
        st = self.state
        p, s = st.phase, st.segment
        if p >= 0:
            clear_scoped(st, SEGMENT)
        while True:
            s += 1
            if p < 0:
                p, s = 0, 0
            while p < len(phases):
                n = len(phases[p].segments)
                if s < n or (s == n and end_step is not None):
                    break
                clear_scoped(st, PHASE)
                p, s = p + 1, 0
            if p >= len(phases):
                st.phase, st.segment = -1, -1
                clear_scoped(st, TURN)
                if st.turn >= self.scenario.calendar.last:
                    ctx.end(self.title.final_result(ctx))
                    return
                st.turn += 1
                ctx.emit("turn", f"Turn {st.turn}: {self.scenario.calendar.label(st.turn)}")
                p, s = 0, -1
                continue
            st.phase, st.segment = p, s
            if s == len(phases[p].segments):
                assert end_step is not None
                st.stack = (Frame(end_step, {"phase": phases[p].name}),)
                return
            seg = phases[p].segments[s]
            if seg.when is None or seg.when(ctx):
                ctx.emit(
                    "phase",
                    f"{phases[p].name}: {seg.title}",
                    phase=phases[p].name,
                    segment=seg.title,
                )
                st.stack = (Frame(seg.step, seg.args),)
                return

    def _advance(self) -> None:
        """Run automatic steps until a decision is pending or the game is over."""
        ctx = self._ctx()
        for _ in range(_MAX_AUTOMATIC):
            if self.state.result is not None:
                return
            if not self.state.stack:
                self._next_segment(ctx)
                continue
            step, frame = self._top()
            side = step.actor(ctx, frame)
            if side is not None:
                self._memo()["actor"] = side
                return
            before = self.state.stack
            ctx.running(len(before) - 1)
            step.run(ctx, frame)
            if self.state.stack == before and self.state.result is None:
                raise RuntimeError(f"automatic step {step.name!r} neither finished nor pushed")
            result = self.title.sudden_death(ctx)
            if result is not None and self.state.result is None:
                ctx.end(result)
        raise RuntimeError("too many automatic steps without a decision")

    def _legal_list(self) -> list[Action]:
        if self.state.result is not None:
            return []
        memo = self._memo()
        found: list[Action] | None = memo.get("legal")
        if found is None:
            step, frame = self._top()
            found = memo["legal"] = self._title_call(lambda: list(step.legal(self._ctx(), frame)))
            _remember(memo, found)
        return list(found)

    def _actor(self, step: Step, frame: Frame, memo: dict[str, Any] | None = None) -> str | None:
        """Who decides at the top frame (``step``, ``frame``), asked once per position;
        ``memo``: the position memo, if the caller has just had it from :meth:`_memo`."""
        if memo is None:
            memo = self._memo()
        if "actor" not in memo:
            memo["actor"] = step.actor(self._ctx(), frame)
        side: str | None = memo["actor"]
        return side

    def _listed(self, action: Action) -> bool:
        """Whether ``action`` is among the legal actions already listed for this position
        (the full list, a head's actions or the chance outcomes), so legal for certain."""
        memo = self._memo()
        if action in memo.get("legal", ()):
            return True
        heads: LegalHeads | None = memo.get("heads")
        if heads is not None and any(action in a for a in heads.listed_so_far()):
            return True
        return any(action == a for a, _ in memo.get("outcomes", ()))

    def _title_call(self, call: Callable[[], T]) -> T:
        """``call()`` (title code), an unexpected exception noted with where it ran."""
        try:
            return call()
        except WargamesError:
            raise
        except Exception as exc:
            self._note(exc)
            raise

    def _note(self, exc: Exception) -> None:
        """Add to an exception raised in title code the step and frame being run (once)."""
        if getattr(exc, "wargames_where", None) is not None:
            return
        top = self.state.stack[-1] if self.state.stack else None
        where = f"{self.title.name}, turn {self.state.turn}"
        if top is not None:
            where += f", step {top.step!r}, frame {dumps(top.to_json())}"
        exc.wargames_where = where  # type: ignore[attr-defined]
        exc.add_note(f"raised by title code in {where}")

    # --- the public API ----------------------------------------------------------------
    @property
    def decision(self) -> Decision | None:
        """Who must act now and on what; None when the game is over."""
        if self.state.result is not None:
            return None
        return self._decision(self._memo())

    def _decision(self, memo: dict[str, Any]) -> Decision:
        """:attr:`decision` of a game not over, ``memo`` the position memo just had."""
        found: Decision | None = memo.get("decision")
        if found is None:
            step, frame = self._top()
            side = self._actor(step, frame, memo)
            assert side is not None
            ctx = self._ctx()
            ctx.deciding = side  # the prompt need not ask again
            prompt = addressed(side, step.prompt(ctx, frame))
            found = memo["decision"] = Decision(side, step.kind, step.name, prompt)
        return found

    @property
    def to_act(self) -> str | None:
        """The side that must act now (``"chance"`` for the dice), None when the game is
        over: :attr:`decision`'s ``side``, without writing its prompt (for playout loops)."""
        if self.state.result is not None:
            return None
        return self._actor(*self._top())

    def legal_actions(self) -> LegalActions:
        """Every legal action for the pending decision."""
        return LegalActions(self)

    def legal_heads(self) -> LegalHeads:
        """The legal actions of the pending decision by head (:mod:`.heads`): the candidate
        heads, and each head's actions on demand, so that an agent choosing a unit first
        need not list every unit's moves."""
        if self.state.result is not None:
            return LegalHeads(self)
        memo = self._memo()
        found: LegalHeads | None = memo.get("heads")
        if found is None:
            found = memo["heads"] = LegalHeads(self)
        return found

    def check(self, action: object) -> IllegalAction | None:
        """None if ``action`` is legal now, else the IllegalAction ``apply`` would raise.

        Any object may be passed: its type and every field are validated
        (:func:`~wargames.core.actions.validate_action`) before title code sees it."""
        return self._check(action, listed_ok=False)

    def _check(self, action: object, listed_ok: bool) -> IllegalAction | None:
        """:meth:`check`; with ``listed_ok``, an action already listed as legal for this
        position (:meth:`_listed`) is not judged again by the step."""
        if self.state.result is not None:
            return IllegalAction("game over", "the game has ended")
        step, frame = self._top()
        if listed_ok and id(action) in self._memo().get(LISTED_IDS, ()):
            # The very object a legal list of this position holds (an agent's pick): legal
            # (see _listed), and its fields valid (the kit's check_position checks every
            # listed action), so neither is judged again.
            return None
        error = validate_action(
            action,
            self.title.action_table,
            {"unit": self.scenario.units, "node": self.scenario.board},
            step.rule,
        )
        if error is not None:
            return error
        assert isinstance(action, Action)  # validate_action made sure
        if not isinstance(action, step.actions):
            allowed = ", ".join(a.kind for a in step.actions)
            return IllegalAction(
                step.rule, f"{action.kind!r} is not taken in {step.name} (takes: {allowed})"
            )
        if listed_ok and self._listed(action):
            return None
        snapshot = self.state.copy()
        events = len(self.events)
        try:
            return step.check(self._ctx(), frame, action)
        except IllegalAction as exc:  # raised instead of returned: the same answer
            return exc
        except WargamesError:
            raise
        except Exception as exc:
            self._note(exc)
            raise
        finally:
            self.state = snapshot
            del self.events[events:]

    def apply(self, action: object) -> None:
        """Validate, then carry out ``action``; IllegalAction leaves the game unchanged."""
        error = self._check(action, listed_ok=True)
        if error is not None:
            raise error
        assert isinstance(action, Action)  # check() returned None, so it is one
        step, frame = self._top()
        # an action of a legal list of this position: _check has just had the memo and run
        # nothing since, so it need not be compared with the state again
        listed = id(action) in self._memo_data.get(LISTED_IDS, ())
        side = self._actor(step, frame, self._memo_data if listed else None)
        assert self._memo_at is not None  # _check or _actor began or kept the memo
        # the memo's copy of this position is the undo snapshot; it leaves the memo
        snap = _Snapshot(self._memo_at[0], len(self.events))
        self._memo_at = None
        try:
            ctx = self._ctx()
            if side == CHANCE:
                # Every chance outcome consumes one draw, however it was chosen.
                _, self.state.rng = dice.next64(self.state.rng)
            ctx.deciding = side  # for the prose; nothing has changed yet
            text = self.title.describe(ctx, action)
            audience = self.title.action_audience(ctx, action)
            if audience:
                others = self.title.redact_action(ctx, action)
                ctx.tell(audience, "action", text, others=others, action=action.to_dict())
            else:
                ctx.emit("action", text, action=action.to_dict())
            ctx.deciding = None
            ctx.running(len(self.state.stack) - 1)
            step.apply(ctx, frame, action)
            result = self.title.sudden_death(ctx)
            if result is not None and self.state.result is None:
                ctx.end(result)
            self._advance()
        except BaseException as exc:
            if isinstance(exc, Exception) and not isinstance(exc, WargamesError):
                self._note(exc)  # a bug in title code: say where it ran
            self.state = snap.state
            del self.events[snap.events :]
            raise
        self._undo.append(snap)
        self.history.append(action)

    def notation(self, action: Action) -> str:
        """The text a person reads and types for ``action`` at the pending decision (the
        title's notation; by default the generic one of :mod:`.notation`)."""
        return self.title.notation(self._ctx(), action)

    def parse(self, text: str) -> Action:
        """The legal action of the pending decision that ``text`` names: its notation, its
        generic notation, or a shorthand (:func:`.notation.resolve`). NotationError when it
        names none or several (the candidates listed); the IllegalAction ``apply`` would
        raise when it is the generic notation of an illegal action."""
        if self.state.result is not None:
            raise IllegalAction("game over", "the game has ended")
        ctx = self._ctx()
        table = self.title.action_table
        return resolve(
            text,
            self.legal_actions(),
            lambda a: self.title.notation(ctx, a),
            lambda t: parse_generic(t, table),
            self.check,
        )

    def to_record(self, date: str | None = None, comments: bool = False) -> str:
        """The game as a record people read (:mod:`.record`: tags, one line per action in
        notation); ``wargames.load_record`` reads it back to the identical game.
        ``comments``: each action's prose after it."""
        from .record import write_record

        return write_record(self, date=date, comments=comments)

    def describe(self, action: Action) -> str:
        """One line of prose for ``action`` at the pending decision (the title's
        ``describe``, as the log tells it when the action is applied)."""
        return self.title.describe(self._ctx(), action)

    def playout_weights(self, actions: Iterable[Action]) -> list[float]:
        """The title's weight of each action for random playouts (never affects legality)."""
        ctx, weight = self._ctx(), self.title.playout_weight
        return [weight(ctx, a) for a in actions]

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """At a chance decision, each outcome with its exact probability."""
        if self.state.result is not None:
            return []
        memo = self._memo()
        if not self._decision(memo).is_chance:
            return []
        found: list[tuple[Action, Fraction]] | None = memo.get("outcomes")
        if found is None:
            step, frame = self._top()
            found = memo["outcomes"] = step.outcomes(self._ctx(), frame)
            _remember(memo, [a for a, _ in found])
        return list(found)

    def sample_chance(self) -> Action:
        """The chance outcome the game's own dice give now (does not apply it)."""
        outcomes = self.chance_outcomes()
        if not outcomes:
            raise IllegalAction("sequence", "no chance decision is pending")
        i, _ = dice.pick_weighted(self.state.rng, [p for _, p in outcomes])
        return outcomes[i][0]

    def roll(self) -> Action:
        """Resolve the pending chance decision with the game's dice; returns the outcome."""
        action = self.sample_chance()
        self.apply(action)
        return action

    def script_rolls(self, *values: int) -> None:
        """Make the next ``ctx.roll`` calls return ``values`` (tests); the dice still advance."""
        self.state.script = (*self.state.script, *values)

    def undo(self) -> Action:
        """Take back the last action; returns it. IndexError if there is none.

        A loaded game has its history but no snapshots: the first undo rebuilds them by
        replaying the history from the scenario and seed (SaveError if that replay does not
        reproduce the game, e.g. a save edited by hand)."""
        if not self.history:
            raise IndexError("nothing to undo")
        if len(self._undo) < len(self.history):
            self._rebuild_undo()
        snap = self._undo.pop()
        self.state = snap.state
        self._memo_at = None
        del self.events[snap.events :]
        return self.history.pop()

    def _rebuild_undo(self) -> None:
        replay = Game(self.title, self.scenario, self.seed)
        for i, action in enumerate(self.history):
            error = replay.check(action)
            if error is not None:
                raise SaveError(f"actions[{i}]", f"illegal on replay, cannot undo: {error}")
            replay.apply(action)
        if replay.to_json() != self.to_json():
            raise SaveError("actions", "the history does not reproduce the game; cannot undo")
        self._undo = replay._undo

    def copy(self) -> Game:
        """An independent game sharing only immutable data (board, scenario, snapshots)."""
        g = Game.__new__(Game)
        g.title, g.scenario, g.seed = self.title, self.scenario, self.seed
        g.state = self.state.copy()
        g.events = list(self.events)
        g.history = list(self.history)
        g._undo = list(self._undo)
        g._texts = list(self._texts)
        return g

    def rules_context(self) -> Context:
        """A rule-query context over a copy of the state (tests, tools): ask the title's
        rule functions about this position; nothing done through it changes the game."""
        return Context(self.title, self.scenario, self.state.copy(), list(self.events))

    def is_over(self) -> bool:
        return self.state.result is not None

    def result(self) -> Result | None:
        """Winner (or None for a draw), victory level and reason; None while playing."""
        return self.state.result

    def view(self, side: str) -> dict[str, Any]:
        """The state as ``side`` may see it (fog of war, where the title has it)."""
        self._check_side(side)
        return self.title.view(self.state, side)

    def events_for(self, side: str) -> list[Event]:
        """The event log as ``side`` is told it: events told to other sides are given in
        their redacted version or left out (:meth:`Event.for_side`)."""
        self._check_side(side)
        out = []
        for e in self.events:
            seen = e.for_side(side)
            if seen is not None:
                out.append(seen)
        return out

    def export(self, side: str) -> str:
        """Canonical JSON of the game as ``side`` knows it: the scenario, its view, its log
        (:meth:`events_for`) and who is to act, never the seed, the dice's state, the history
        (it names hidden units) or anything else the side may not know. It is for a player's
        records and front-ends; it does not load as a game (``load_game`` refuses it): only
        :meth:`determinize` makes a whole game consistent with it."""
        self._check_side(side)
        d = self.decision
        return dumps(
            {
                "format": EXPORT_FORMAT,
                "version": VERSION,
                "title": self.title.name,
                "scenario_file": self.scenario.file,
                "scenario": self.scenario.to_data(),
                "side": side,
                "view": self.view(side),
                "events": [e.to_json() for e in self.events_for(side)],
                "to_act": None if d is None else {"side": d.side, "kind": d.kind},
            }
        )

    def _check_side(self, side: str) -> None:
        if side not in self.title.sides:
            raise ValueError(f"{side!r} is not a side of {self.title.name}")

    def determinize(self, side: str, seed: int) -> Game:
        """A game that ``side`` cannot tell from this one: the same view and events, with the
        dice reseeded from ``seed`` and everything else ``side`` may not know resampled by the
        title (search over hidden information). It has no history to undo or replay.

        Before the title resamples, alike units that ``side`` neither sees nor finds named
        in its view are relabelled canonically (:mod:`.alike`), so games that differ only in
        which of them is which give the same sample for the same seed."""
        self._check_side(side)
        memo = self._memo()
        found: tuple[GameState, list[Event]] | None = memo.get(f"determinize:{side}")
        if found is None:  # the same for every seed: found once per position (search)
            found = memo[f"determinize:{side}"] = (self._canonical(side), self.events_for(side))
        g = Game.__new__(Game)
        g.title, g.scenario, g.seed = self.title, self.scenario, self.seed
        g.state = found[0].copy()
        g.state.rng = dice.seed_state(seed)
        g.state.script = ()
        g.events = list(found[1])
        g.history, g._undo, g._texts = [], [], []
        self.title.determinize(g._ctx(), side)
        return g

    def _canonical(self, side: str) -> GameState:
        """A copy of the state with the alike units ``side`` cannot tell apart relabelled
        canonically (:func:`.alike.canonical_labels`)."""
        state = self.state.copy()
        visible = self.title.visible_units(state, side)
        if visible is not None:
            view = self.view(side)
            named = strings({k: v for k, v in view.items() if k != "control"})  # node: side
            hidden = [u for u in state.units if u not in visible and u not in named]
            canonical_labels(state, self.scenario, hidden)
        return state

    def svg(
        self,
        highlight: Iterable[str] = (),
        size: float = 24.0,
        side: str | None = None,
        *,
        at: int | None = None,
        last_move: bool = False,
        select: str | None = None,
        zoc: bool = False,
        supply: bool = False,
        legend: bool = True,
        region: Iterable[str] = (),
    ) -> str:
        """An SVG picture of the position: counters with their values, steps and markers,
        the map, a banner and a key (see ``core.render``). With ``side``, only what that
        side may see. ``at``: the position after the first ``at`` actions (replayed);
        ``last_move``: arrows for the units the latest move moved; ``select``: the legal
        moves and attack targets of that unit; ``zoc``, ``supply``: those overlays;
        ``region``: frame these nodes only."""
        from .render import draw
        from .render.scene import picture

        if side is not None:
            self._check_side(side)
        game = self if at is None else self.position(at)
        p = picture(
            game,
            side,
            highlight=highlight,
            select=select,
            last_move_arrows=last_move,
            zoc=zoc,
            supply=supply,
            legend=legend,
            region=region,
        )
        return draw(p, size)

    def png(self, size: float = 24.0, side: str | None = None, **options: Any) -> bytes:
        """The picture of :meth:`svg` (same options) as PNG bytes; needs the ``png`` extra."""
        from .render.png import png

        return png(self.svg(size=size, side=side, **options))

    def position(self, n: int) -> Game:
        """The game after its first ``n`` actions (a negative ``n`` counts back from now),
        with that history to undo: the later actions taken back (a loaded game replays its
        history from the start once first, as :meth:`undo` does)."""
        if n < 0:
            n += len(self.history)
        if not 0 <= n <= len(self.history):
            raise IndexError(f"no position {n}: the game has {len(self.history)} actions")
        if len(self._undo) < len(self.history):
            self._rebuild_undo()  # a loaded game: replay once, as undo() does
        back = self.copy()
        while len(back.history) > n:
            back.undo()
        return back

    def _repr_svg_(self) -> str:
        return self.svg()

    @property
    def turn_label(self) -> str:
        return self.scenario.calendar.label(self.state.turn)

    def _fields(self) -> dict[str, Any]:
        """Every field of the save but the scenario and the events."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "title": self.title.name,
            "seed": self.seed,
            "scenario_file": self.scenario.file,
            "actions": [a.to_dict() for a in self.history],
            "state": self.state.to_json(),
        }

    def to_dict(self) -> dict[str, Any]:
        return {
            **self._fields(),
            "scenario": self.scenario.to_data(),
            "events": [e.to_json() for e in self.events],
        }

    def to_json(self) -> str:
        """Canonical JSON of the whole game; ``load_game(g.to_json()).to_json() == g.to_json()``.

        The same text as ``dumps(self.to_dict())``; the scenario's text is made once and each
        event's once, since saves are made often (soaks, agents) and logs grow."""
        d = self._fields()
        head = dumps({k: v for k, v in d.items() if k < "events"})
        middle = dumps({k: v for k, v in d.items() if "events" < k < "scenario"})
        tail = dumps({k: v for k, v in d.items() if k > "scenario"})
        events = ",".join(self._event_texts())
        return (
            f'{head[:-1]},"events":[{events}],{middle[1:-1]},'
            f'"scenario":{self.scenario.to_json()},{tail[1:]}'
        )

    def _event_texts(self) -> list[str]:
        """The canonical text of each event, reusing the texts of events made before."""
        cache = self._texts
        n = 0
        while n < len(cache) and n < len(self.events) and cache[n][0] is self.events[n]:
            n += 1
        del cache[n:]
        cache.extend((e, dumps(e.to_json())) for e in self.events[n:])
        return [text for _, text in cache]

    def __repr__(self) -> str:
        d = self.decision
        who = "over" if d is None else f"{d.side} to {d.kind}"
        return f"<Game {self.title.name}/{self.scenario.name} turn {self.state.turn}: {who}>"
