"""Every game of the server: :class:`Sessions` creates and loads games, and replays a stored
game into a live :class:`~wargames.server.sessions.Session` at its first use."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Callable, Mapping
from typing import Any

from .. import api
from ..core.actions import action_from_dict
from ..core.errors import IllegalAction, SaveError, ScenarioError, WargamesError
from ..core.game import Game
from ..registry import get_title
from .errors import ApiError
from .sessions import Session, new_token
from .store import GameRecord, Seat, Store

LOG = logging.getLogger("wargames.server")


class Sessions:
    """Every game of the store; a game is loaded (replayed) at its first use."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.live: dict[str, Session] = {}
        self._loading = asyncio.Lock()
        self.publish: Callable[[Session], None] = lambda s: None

    def create(
        self,
        title: str,
        scenario: str | None,
        seed: int,
        options: Mapping[str, Any],
        agents: Mapping[str, str],
    ) -> tuple[Session, str]:
        """A new game; returns it and its owner token."""
        try:
            t = get_title(title)
        except KeyError:
            raise ApiError(404, "unknown-title", f"no title {title!r} (see /api/titles)") from None
        if scenario is not None and scenario not in t.scenario_files():
            names = ", ".join(api.scenarios(title))
            raise ApiError(
                404, "unknown-scenario", f"{title} has no scenario {scenario!r} ({names})"
            )
        for side in agents:
            if side not in t.sides:
                raise ApiError(404, "unknown-side", f"{side!r} is not a side of {title}")
        try:
            data = api.load_scenario(title, scenario).to_data()
            if options:
                data["options"] = {**data.get("options", {}), **options}
            game = api.new_game(title, data, seed)
        except ScenarioError as exc:
            raise ApiError(422, "bad-scenario", str(exc), field=exc.field) from None
        return self._start(game, data, agents, [], [])

    def load(self, text: str, agents: Mapping[str, str]) -> tuple[Session, str]:
        """A new game from a saved game's text, checked by replaying it from its seed."""
        try:
            saved = api.load_game(text, file="<save>")
        except SaveError as exc:
            raise ApiError(422, "bad-save", str(exc), field=exc.field) from None
        game = Game(saved.title, saved.scenario, saved.seed)
        actors = []
        for i, action in enumerate(saved.history):
            d = game.decision
            error = game.check(action)
            if d is None or error is not None:
                raise ApiError(422, "bad-save", f"action {i} is illegal on replay: {error}")
            actors.append(d.side)
            game.apply(action)
        if game.to_json() != saved.to_json():
            raise ApiError(422, "bad-save", "the actions do not reproduce the saved game")
        for side in agents:
            if side not in game.title.sides:
                raise ApiError(404, "unknown-side", f"{side!r} is not a side of this game")
        texts = [a.to_json() for a in game.history]
        return self._start(game, game.scenario.to_data(), agents, texts, actors)

    def _start(
        self,
        game: Game,
        data: dict[str, Any],
        agents: Mapping[str, str],
        actions: list[str],
        actors: list[str],
    ) -> tuple[Session, str]:
        owner = new_token()
        seats = {side: Seat(agents.get(side, "human")) for side in game.title.sides}
        record = GameRecord(
            id=new_token()[:12],
            title=game.title.name,
            scenario=data,
            seed=game.seed,
            seats=seats,
            owner=owner,
            created=time.time(),
        )
        self.store.create(record, actions)
        session = Session(record, game, actors, self.store)
        self.live[record.id] = session
        return session, owner

    async def get(self, game_id: str) -> Session:
        """The session of ``game_id`` (replayed from the store at first use); 404 if none."""
        session = self.live.get(game_id)
        if session is not None:
            return session
        async with self._loading:
            session = self.live.get(game_id)
            if session is None:
                record = self.store.get(game_id)
                if record is None:
                    raise ApiError(404, "unknown-game", f"no game {game_id!r}")
                try:
                    session = replay(record, self.store)
                except (WargamesError, ValueError, KeyError) as exc:
                    raise ApiError(
                        500, "corrupt-game", f"game {game_id} cannot be replayed: {exc}"
                    ) from exc
                self.live[game_id] = session
        self.kick(session)
        return session

    def kick(self, session: Session) -> None:
        """Let chance and the agents play, in the background, if it is their turn."""
        if session.pending_auto() is None:
            return
        if session.task is not None and not session.task.done():
            return
        session.task = asyncio.get_running_loop().create_task(session.run_auto(self.publish))
        session.task.add_done_callback(_report)


def _report(task: asyncio.Task[None]) -> None:
    """Log an agent or roll that failed (a dead end in the rules): the game waits."""
    if not task.cancelled() and task.exception() is not None:
        LOG.error("the server's agents stopped", exc_info=task.exception())


def replay(record: GameRecord, store: Store) -> Session:
    """Rebuild a stored game: the scenario and seed, then every accepted action in order."""
    game = api.new_game(record.title, record.scenario, record.seed)
    actors = []
    for i, text in enumerate(store.actions(record.id)):
        d = game.decision
        action = action_from_dict(game.title.action_table, json.loads(text), f"actions[{i}]")
        if d is None:
            raise WargamesError(f"game {record.id}: action {i} after the end")
        actors.append(d.side)
        try:
            game.apply(action)
        except IllegalAction as exc:
            raise WargamesError(f"game {record.id}: stored action {i} is illegal: {exc}") from exc
    return Session(record, game, actors, store)
