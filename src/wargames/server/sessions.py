"""Live games of the server: each a :class:`Session` over a :class:`~wargames.core.game.Game`,
its seats, a lock, the subscribers of each side, and the agents that play the agent seats.

Every change goes the same way: check (version, seat, turn, legality), apply to the game,
record in the store (one committed transaction), then acknowledge and notify. If the store
refuses the write, the game takes the action back, so the game and the store never differ.
``version`` is the number of accepted actions; a request naming another version is stale.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable, Mapping
from typing import Any

import anyio

from ..agents import RandomAgent
from ..core.actions import CHANCE, Action, action_from_dict
from ..core.errors import SaveError
from ..core.game import Game
from ..encoding import EncodingError, action_encoding
from ..search import SearchAgent
from .errors import ApiError
from .store import GameRecord, Seat, Store

AGENTS = ("random", "search")
"""The agents that can hold a seat: :class:`~wargames.agents.RandomAgent` and
:class:`~wargames.search.SearchAgent`."""
SEARCH = {"playouts": 24, "depth": 16, "candidates": 8, "time_limit": 2.0}
"""The server's search agent: a few playouts per decision, so it answers within seconds."""


def new_token() -> str:
    return secrets.token_urlsafe(18)


def agent_for(kind: str, seed: int) -> RandomAgent | SearchAgent:
    if kind == "random":
        return RandomAgent(seed)
    return SearchAgent(seed=seed, **SEARCH)  # type: ignore[arg-type]


class Session:
    """One game being served (see the module docstring)."""

    def __init__(self, record: GameRecord, game: Game, actors: list[str], store: Store) -> None:
        self.record = record
        self.game = game
        self.actors = actors  # who decided each accepted action (a side or "chance")
        self.store = store
        self.lock = asyncio.Lock()
        self.subscribers: dict[str, set[asyncio.Queue[dict[str, Any]]]] = {}
        self.epoch = 0  # bumped by an undo: subscribers resend their whole log
        self.task: asyncio.Task[None] | None = None
        self._legal: tuple[int, int, dict[int, Action] | None] | None = None

    @property
    def id(self) -> str:
        return self.record.id

    @property
    def version(self) -> int:
        return len(self.game.history)

    # --- seats --------------------------------------------------------------------------
    def side_of(self, token: str | None) -> str:
        """The side ``token`` plays; 403 for a missing or unknown token."""
        if token:
            for side, seat in self.record.seats.items():
                if seat.token is not None and secrets.compare_digest(seat.token, token):
                    return side
        raise ApiError(403, "bad-token", "this token plays no side of this game")

    def is_owner(self, token: str | None) -> bool:
        return bool(token) and secrets.compare_digest(self.record.owner, token or "")

    def seats_json(self) -> dict[str, str]:
        """side -> ``"random"``/``"search"`` (agents), ``"joined"`` or ``"open"``."""
        return {
            side: seat.player if seat.player != "human" else ("joined" if seat.token else "open")
            for side, seat in self.record.seats.items()
        }

    def join(self, side: str) -> str:
        seat = self.record.seats.get(side)
        if seat is None:
            sides = ", ".join(self.record.seats)
            raise ApiError(404, "unknown-side", f"{side!r} is not a side of this game ({sides})")
        if seat.player != "human":
            raise ApiError(409, "seat-taken", f"{side} is played by the {seat.player} agent")
        if seat.token is not None:
            raise ApiError(409, "seat-taken", f"{side} has already been joined")
        token = new_token()
        seats = {**self.record.seats, side: Seat("human", token)}
        self.store.set_seats(self.id, self.record.owner, seats)
        self.record = _evolve(self.record, seats=seats)
        return token

    # --- what a side sees ---------------------------------------------------------------
    def state(self, side: str, svg: bool = False) -> dict[str, Any]:
        """``side``'s view, decision, legal actions (only at its own decision), undo right
        and, with ``svg``, its picture."""
        g = self.game
        d = g.decision
        mine = d is not None and d.side == side
        result = g.result()
        out: dict[str, Any] = {
            "game": self.id,
            "title": g.title.name,
            "scenario": g.scenario.name,
            "sides": list(g.title.sides),
            "seats": self.seats_json(),
            "side": side,
            "version": self.version,
            "turn": g.state.turn,
            "turn_label": g.turn_label,
            # The prompt may name the deciding side's units: told to that side only.
            "decision": None
            if d is None
            else {
                "side": d.side,
                "kind": d.kind,
                "step": d.step,
                "prompt": d.prompt if mine else "",
            },
            "to_act": mine,
            "result": None if result is None else result.to_json(),
            "result_text": None if result is None else str(result),
            "can_undo": self.undo_refusal(side) is None,
            "view": g.view(side),
            "legal": self.legal(side) if mine else [],
            "events": len(g.events_for(side)),
        }
        if svg:
            out["svg"] = g.svg(side=side)
        return out

    def legal(self, side: str) -> list[dict[str, Any]]:
        """The legal actions of ``side``'s decision: index (the fixed encoding of
        :mod:`wargames.encoding`; null if this decision cannot be encoded), JSON, prose."""
        g = self.game
        by_index = self.indexed()
        pairs: list[tuple[int | None, Action]]
        if by_index is None:
            pairs = [(None, a) for a in g.legal_actions()]
        else:
            pairs = [(i, by_index[i]) for i in sorted(by_index)]
        ctx = g.rules_context()
        return [
            {"index": i, "action": a.to_dict(), "text": g.title.describe(ctx, a)} for i, a in pairs
        ]

    def indexed(self) -> dict[int, Action] | None:
        """The legal actions by index now (None if they cannot be encoded), listed once
        per position."""
        key = (self.version, self.epoch)
        if self._legal is None or self._legal[:2] != key:
            try:
                actions: dict[int, Action] | None = (
                    action_encoding(self.game).legal(self.game).actions
                )
            except EncodingError:
                actions = None
            self._legal = (*key, actions)
        return self._legal[2]

    def events(self, side: str, since: int = 0) -> list[dict[str, Any]]:
        """``side``'s log from its ``since``-th event on (kind, text, turn, data)."""
        return [_event_json(e) for e in self.game.events_for(side)[since:]]

    # --- changes ------------------------------------------------------------------------
    def decode(self, body: Mapping[str, Any]) -> Action:
        """The action of a request: ``action`` (JSON) or ``index`` (the fixed encoding)."""
        g = self.game
        if "index" in body:
            by_index = self.indexed()
            if by_index is None:
                raise ApiError(422, "no-index", "this decision has no indices: send JSON")
            action = by_index.get(body["index"])
            if action is None:
                raise ApiError(
                    422, "illegal-action", f"no legal action has index {body['index']} now"
                )
            return action
        try:
            return action_from_dict(g.title.action_table, body["action"])
        except SaveError as exc:
            raise ApiError(400, "bad-action", str(exc), field=exc.field) from None

    def check_version(self, version: int) -> None:
        if version != self.version:
            raise ApiError(
                409,
                "stale",
                f"the game is at version {self.version}, not {version}: refresh and retry",
                version=self.version,
            )

    def act(self, side: str, body: Mapping[str, Any]) -> int:
        """Apply ``side``'s action of a validated ``act`` body; returns the new version."""
        self.check_version(body["version"])
        d = self.game.decision
        if d is None:
            raise ApiError(409, "game-over", "the game is over")
        if d.side != side:
            raise ApiError(409, "not-your-turn", f"{d.side} must {d.kind} now, not {side}")
        action = self.decode(body)
        error = self.game.check(action)
        if error is not None:
            raise ApiError(422, "illegal-action", str(error), rule=error.rule)
        self._commit(action, side)
        return self.version

    def _commit(self, action: Action, actor: str) -> None:
        """Apply a checked action and record it before anyone hears of it."""
        n = self.version
        self.game.apply(action)
        try:
            self.store.append(self.id, n, action.to_json())
        except BaseException:
            self.game.undo()
            raise
        self.actors.append(actor)

    def undo_refusal(self, side: str) -> str | None:
        """Why ``side`` may not take back the last action now (None: it may).

        A side takes back only its own last action, and only one that showed it nothing
        new: not after a roll or another side's action (dice and others' choices are not
        taken back), nor after an action that revealed units hidden from it."""
        if not self.game.history:
            return "nothing to undo"
        if self.actors[-1] != side:
            return "only the side that took the last action may take it back"
        before = self.game.copy()
        try:
            before.undo()
        except (IndexError, SaveError) as exc:
            return str(exc)
        seen_now = self.game.title.visible_units(self.game.state, side)
        seen_before = before.title.visible_units(before.state, side)
        if seen_now is not None and not set(seen_now) <= set(seen_before or ()):
            return "the action revealed hidden units"
        return None

    def undo(self, side: str, version: int) -> int:
        self.check_version(version)
        reason = self.undo_refusal(side)
        if reason is not None:
            raise ApiError(409, "no-undo", reason)
        n = self.version - 1
        action = self.game.undo()
        try:
            self.store.truncate(self.id, n)
        except BaseException:
            self.game.apply(action)
            raise
        self.actors.pop()
        self.epoch += 1
        return self.version

    # --- agents and chance --------------------------------------------------------------
    def pending_auto(self) -> tuple[str, str] | None:
        """(actor, agent kind) when chance or an agent seat must act now, else None."""
        d = self.game.decision
        if d is None:
            return None
        if d.is_chance:
            return CHANCE, CHANCE
        seat = self.record.seats.get(d.side)
        if seat is not None and seat.player in AGENTS:
            return d.side, seat.player
        return None

    async def run_auto(self, publish: Callable[[Session], None]) -> None:
        """Play chance (the game's dice) and the agent seats until a human must act."""
        while True:
            async with self.lock:
                pending = self.pending_auto()
                if pending is None:
                    return
                actor, kind = pending
                version = self.version
                if actor == CHANCE:
                    self._commit(self.game.sample_chance(), CHANCE)
                    publish(self)
                    continue
                snapshot = self.game.copy()
            # The agent thinks on a copy, off the event loop and outside the lock.
            agent = agent_for(kind, (self.record.seed * 1_000_003 + version) % 2**63)
            action = await anyio.to_thread.run_sync(agent.choose, snapshot)
            async with self.lock:
                if self.version != version or self.game.check(action) is not None:
                    continue  # the game moved on meanwhile (an undo): think again
                self._commit(action, actor)
                publish(self)

    def save(self) -> str:
        return self.game.to_json()


def _event_json(e: Any) -> dict[str, Any]:
    d: dict[str, Any] = e.to_json()
    d.pop("to", None)
    d["str"] = str(e)
    return d


def _evolve(record: GameRecord, **changes: Any) -> GameRecord:
    import attrs

    return attrs.evolve(record, **changes)
