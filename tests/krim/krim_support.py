"""Small Krim positions built for one rule each.

The test map is 8 columns (A-H) x 10 rows of flat hexes labelled like the Krim map (letter
column, row number), with the campaign's charts. Column A and row 1 are sea unless told.
Neighbours of D5 (an even column, not shifted): D4, D6, C4, C5, E4, E5. Neighbours of C5 (odd,
shifted): C4, C6, B5, B6, D5, D6.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import wargames
import wargames.krim
from wargames.core.actions import Pass
from wargames.core.game import Game
from wargames.core.state import Frame
from wargames.krim import TITLE

CAMPAIGN = Path(wargames.krim.__file__).parent / "data" / "campaign.toml"
CHARTS: dict[str, Any] = tomllib.loads(CAMPAIGN.read_text())["charts"]
SEA = [f"A{r}" for r in range(1, 11)] + [f"{c}1" for c in "BCDEFGH"]


def unit(
    uid: str,
    side: str,
    at: str | None,
    att: Any = (4, 2),
    dfn: Any = (4, 2),
    mf: int = 4,
    *,
    kind: str = "infantry",
    nat: str | None = None,
    flags: tuple[str, ...] = (),
    box: str | None = None,
    rng: int = 0,
    steps: int | None = None,
    size: str = "division",
    values: dict[str, Any] | None = None,
) -> dict[str, Any]:
    d: dict[str, Any] = {
        "id": uid,
        "side": side,
        "type": kind,
        "nationality": nat or ("german" if side == "axis" else "soviet"),
        "size": size,
        "attack": list(att) if isinstance(att, tuple) else att,
        "defence": list(dfn) if isinstance(dfn, tuple) else dfn,
        "movement": mf,
        "flags": list(flags),
    }
    if rng:
        d["range"] = rng
    if steps is not None:
        d["steps"] = steps
    if values:
        d["values"] = values
    if at is None:
        d["box"] = box or "eliminated"
    else:
        d["at"] = at
    return d


def rail_gun(uid: str, at: str | None, rng: int = 3) -> dict[str, Any]:
    """A German railroad gun (Krim: Railroad Artillery): 4-1, no movement factor off rail."""
    return unit(
        uid,
        "axis",
        at,
        (4,),
        (1,),
        0,
        kind="rail-artillery",
        flags=("artillery", "railroad"),
        rng=rng,
    )


def scenario(
    units: list[dict[str, Any]],
    *,
    terrain: dict[str, list[str]] | None = None,
    features: dict[str, list[str]] | None = None,
    hexsides: list[tuple[str, str, str]] = (),  # type: ignore[assignment]
    control: dict[str, list[str]] | None = None,
    turns: int = 15,
    options: dict[str, Any] | None = None,
    charts: dict[str, Any] | None = None,
) -> dict[str, Any]:
    t = {"sea": list(SEA)}
    for k, v in (terrain or {}).items():
        t.setdefault(k, []).extend(v)
    f = {
        "supply-operational": ["H10", "C7"],
        "soviet-source": ["C7", "H2"],
    }
    f.update(features or {})
    ch = {**CHARTS, **(charts or {})}
    data: dict[str, Any] = {
        "title": "krim",
        "name": "test",
        "map": {
            "kind": "hex",
            "columns": 8,
            "rows": 10,
            "orientation": "flat",
            "shifted": "odd",
            "labels": "letter-column",
            "terrain": t,
            "features": f,
            "hexsides": [{"between": [a, b], "features": [x]} for a, b, x in hexsides],
        },
        "units": units,
        "calendar": {"turns": turns},
        "control": control or {"axis": ["H10"], "soviet": ["C7"]},
        "charts": ch,
        "options": options or {},
    }
    return data


def new(units: list[dict[str, Any]], seed: int = 0, **kw: Any) -> Game:
    return wargames.new_game("krim", scenario(units, **kw), seed)


def goto(game: Game, phase: str, step: str, turn: int = 1, **args: Any) -> Game:
    """Put the game at the first segment running ``step`` in the phase named ``phase``."""
    st = game.state
    st.result = None
    for p, ph in enumerate(TITLE.phases):
        if ph.name != phase:
            continue
        for s, seg in enumerate(ph.segments):
            if seg.step == step:
                st.turn, st.phase, st.segment = turn, p, s
                st.stack = (Frame(seg.step, {**seg.args, **args}),)
                if seg.when is not None and not seg.when(game._ctx()):
                    st.stack = ()  # the segment does not run this turn
                game._advance()
                return game
    raise KeyError((phase, step))


def walk(game: Game, turn: int, phase: str, step: str) -> Game:
    """Play Pass through the real sequence of play (no ``goto``) until the step named ``step``
    of the phase named ``phase`` in game turn ``turn``: every phase start on the way runs."""
    while game.decision is not None and not (
        game.state.turn == turn
        and TITLE.phases[game.state.phase].name == phase
        and game.decision.step == step
    ):
        game.apply(Pass())
    assert game.decision is not None, f"the game ended before turn {turn}'s {phase}"
    return game


def to_assaults(game: Game, phase: str = "Axis Combat Phase", turn: int = 1) -> Game:
    """Put the game at the assaults of the Combat Phase named ``phase``, barrages passed."""
    goto(game, phase, "begin-combat", turn=turn)
    while game.decision is not None and game.decision.step == "barrages":
        game.apply(Pass())
    return game


def combat(*extra: dict[str, Any], turn: int = 1, **kw: Any) -> Game:
    """A game (Soviet S1 in C7, Axis A0 in H10, and ``extra``) at the Axis Combat Phase's
    assaults, barrages passed."""
    units = [unit("S1", "soviet", "C7"), unit("A0", "axis", "H10"), *extra]
    return to_assaults(new(units, **kw), turn=turn)


def put(game: Game, uid: str, at: str | None = None, box: str | None = None, **kw: Any) -> None:
    u = game.state.units[uid]
    u = u.moved_to(at) if at is not None else u.boxed(box or "eliminated")
    for m in kw.get("markers", ()):
        u = u.marked(m)
    game.state.put(u)
