"""The server's persistent store: SQLite (stdlib ``sqlite3``) holding each game's title,
scenario data, seed, seats and accepted actions.

A game is rebuilt by replaying its actions from the scenario and seed, which reproduces it
byte for byte (the library's determinism). Every write is one transaction committed before
the server acknowledges the request (``synchronous=FULL`` in WAL mode), so killing the server
at any moment loses no acknowledged action.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from typing import Any

import attrs

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    title TEXT NOT NULL,
    scenario TEXT NOT NULL,
    seed INTEGER NOT NULL,
    seats TEXT NOT NULL,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS actions (
    game TEXT NOT NULL REFERENCES games(id),
    n INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (game, n)
);
"""


@attrs.frozen(slots=True)
class Seat:
    """One side of a game: who plays it (``"human"``, ``"random"``, ``"search"``) and, for
    a human seat someone has joined, the token that acts for it."""

    player: str = "human"
    token: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "token": self.token}


@attrs.frozen(slots=True)
class GameRecord:
    """What the store holds of a game (the actions are read separately, in order)."""

    id: str
    title: str
    scenario: dict[str, Any]
    seed: int
    seats: dict[str, Seat]
    owner: str
    created: float


class Store:
    """Games and their accepted actions in one SQLite file (thread-safe: one lock)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.executescript(_SCHEMA)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def _write(self, statements: list[tuple[str, tuple[Any, ...]]]) -> None:
        """Run ``statements`` as one transaction, committed (durably) before returning."""
        with self._lock:
            cur = self._db.cursor()
            cur.execute("BEGIN IMMEDIATE")
            try:
                for sql, args in statements:
                    cur.execute(sql, args)
            except BaseException:
                cur.execute("ROLLBACK")
                raise
            cur.execute("COMMIT")

    def create(self, record: GameRecord, actions: Sequence[str] = ()) -> None:
        """Store a new game (and, for a loaded save, its actions) in one transaction."""
        seats = {"owner": record.owner, "sides": {k: s.to_json() for k, s in record.seats.items()}}
        writes: list[tuple[str, tuple[Any, ...]]] = [
            (
                "INSERT INTO games (id, title, scenario, seed, seats, created) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (
                    record.id,
                    record.title,
                    json.dumps(record.scenario, separators=(",", ":")),
                    record.seed,
                    json.dumps(seats),
                    record.created,
                ),
            )
        ]
        writes += [
            ("INSERT INTO actions (game, n, action) VALUES (?, ?, ?)", (record.id, i, a))
            for i, a in enumerate(actions)
        ]
        self._write(writes)

    def set_seats(self, game: str, owner: str, seats: dict[str, Seat]) -> None:
        data = {"owner": owner, "sides": {k: s.to_json() for k, s in seats.items()}}
        self._write([("UPDATE games SET seats = ? WHERE id = ?", (json.dumps(data), game))])

    def append(self, game: str, n: int, action: str) -> None:
        """Record accepted action number ``n`` (the game's ``n``-th, from 0)."""
        self._write([("INSERT INTO actions (game, n, action) VALUES (?, ?, ?)", (game, n, action))])

    def truncate(self, game: str, n: int) -> None:
        """Forget the actions numbered ``n`` and after (an undo)."""
        self._write([("DELETE FROM actions WHERE game = ? AND n >= ?", (game, n))])

    def get(self, game: str) -> GameRecord | None:
        with self._lock:
            row = self._db.execute(
                "SELECT id, title, scenario, seed, seats, created FROM games WHERE id = ?", (game,)
            ).fetchone()
        if row is None:
            return None
        seats = json.loads(row[4])
        return GameRecord(
            id=row[0],
            title=row[1],
            scenario=json.loads(row[2]),
            seed=row[3],
            seats={k: Seat(v["player"], v["token"]) for k, v in seats["sides"].items()},
            owner=seats["owner"],
            created=row[5],
        )

    def actions(self, game: str) -> list[str]:
        """The game's accepted actions (JSON texts), in order."""
        with self._lock:
            rows = self._db.execute(
                "SELECT n, action FROM actions WHERE game = ? ORDER BY n", (game,)
            ).fetchall()
        return [a for _, a in rows]

    def ids(self) -> Iterator[str]:
        with self._lock:
            rows = self._db.execute("SELECT id FROM games ORDER BY created").fetchall()
        for (game,) in rows:
            yield game
