"""Small Königsberg '45 scenarios for rule tests, and helpers to reach a given step."""

from __future__ import annotations

import copy
import itertools
from typing import Any

import wargames
from wargames.core.game import Game
from wargames.core.state import Frame
from wargames.konigsberg.charts import defaults

NAMES = {"0104": {"name": "Elbing", "vp": 1}, "1104": {"name": "Königsberg", "vp": 1}}


def unit(
    uid: str,
    side: str,
    at: str | None = None,
    *,
    attack: int = 4,
    defence: int = 4,
    mp: int = 4,
    steps: int = 2,
    command: str = "",
    front: str = "3BR",
    flags: tuple[str, ...] = (),
    box: str | None = None,
    kind: str = "infantry",
    **extra: Any,
) -> dict[str, Any]:
    d: dict[str, Any] = {
        "id": uid,
        "side": side,
        "type": kind,
        "attack": [attack, attack // 2][:steps],
        "defence": [defence, defence // 2][:steps],
        "movement": [mp] * steps,
    }
    if flags:
        d["flags"] = list(flags)
    if command:
        d["command"] = command
    if side == "soviet":
        d["values"] = {"front": front}
    if at is None:
        d["box"] = box or "reinforcements"
    else:
        d["at"] = at
    d.update(extra)
    return d


def hq(
    uid: str,
    side: str,
    at: str | None,
    rng: int = 3,
    front: str = "3BR",
    mp: int = 6,
    **extra: Any,
) -> dict[str, Any]:
    d = unit(
        uid,
        side,
        at,
        attack=0,
        defence=0,
        mp=mp,
        steps=1,
        front=front,
        flags=("hq",),
        kind="hq",
        range=rng,
        **extra,
    )
    if side == "german":
        d.pop("values", None)
    return d


def scenario(
    *units: dict[str, Any],
    columns: int = 12,
    rows: int = 8,
    turns: int = 3,
    terrain: dict[str, list[str]] | None = None,
    features: dict[str, list[str] | None] | None = None,
    attributes: dict[str, dict[str, Any]] | None = None,
    hexsides: list[dict[str, Any]] | None = None,
    charts: dict[str, Any] | None = None,
    options: dict[str, Any] | None = None,
    reinforcements: list[dict[str, Any]] | None = None,
    control: dict[str, list[str]] | None = None,
) -> dict[str, Any]:
    feats: dict[str, list[str]] = {
        "city": ["0104", "1104"],
        "supply-german": ["0101"],
        "supply-soviet": [f"{columns:02d}{rows:02d}"],
    }
    for k, v in (features or {}).items():
        if v is None:
            feats.pop(k, None)
        else:
            feats[k] = sorted({*feats.get(k, []), *v})
    attrs = copy.deepcopy(NAMES)
    for k, v in (attributes or {}).items():
        attrs.setdefault(k, {}).update(v)
    data: dict[str, Any] = {
        "title": "konigsberg",
        "name": "test",
        "calendar": {"turns": turns},
        "map": {
            "columns": columns,
            "rows": rows,
            "terrain": terrain or {},
            "features": feats,
            "attributes": attrs,
            "hexsides": hexsides or [],
        },
        "units": list(units),
    }
    charts = dict(charts or {})
    if "track" not in charts:  # the campaign track without the campaign's HQ chits
        track = copy.deepcopy(dict(defaults()["track"]))
        special = set(defaults()["chits"])
        for box in track["turns"]:
            box["chits"] = [c for c in box["chits"] if c in special]
        charts["track"] = track
    data["charts"] = charts
    if options:
        data["options"] = options
    if reinforcements:
        data["reinforcements"] = reinforcements
    if control:
        data["control"] = control
    return data


def game(*units: dict[str, Any], seed: int = 1, **kw: Any) -> Game:
    return wargames.new_game("konigsberg", scenario(*units, **kw), seed=seed)


def push(g: Game, step: str, **args: Any) -> Game:
    """Run a rule step now, on top of the game's current position (white-box tests)."""
    g.state.stack = (*g.state.stack, Frame(step, args))
    g._advance()
    return g


def activate(
    g: Game, hq_id: str, side: str, units: list[str], move_only: tuple[str, ...] = ()
) -> None:
    """Make ``units`` the activated units of ``hq_id``, as an HQ activation would."""
    g.state.set(
        "active",
        {"hq": hq_id, "side": side, "units": units, "move_only": list(move_only), "free": False},
    )


def ends(g: Game, uid: str, kind: str = "move") -> set[str]:
    return {
        a.path[-1]
        for a in g.legal_actions()
        if a.kind == kind and getattr(a, "units", ()) == (uid,)
    }


def autobahn() -> list[dict[str, Any]]:
    """An Autobahn (with its road) between Elbing (0104) and Königsberg (1104) on the test map
    (K45 11.2b)."""
    import networkx as nx

    from wargames.core.board import Board
    from wargames.core.hexgrid import HexLayout

    path = nx.shortest_path(Board.hex_map(HexLayout(12, 8)).graph, "0104", "1104")
    return [
        {"between": [a, b], "features": ["autobahn", "road"]} for a, b in itertools.pairwise(path)
    ]
