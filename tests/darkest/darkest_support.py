"""Small Darkest Crusade scenarios built for one rule each, and a driver through the sequence.

The map is 6 columns x 5 rows of pointy hexes labelled by letter row (A1 .. E6). Rows A, C, E
sit half a hex right: B3 touches A2, A3, B2, B4, C2, C3. Column 1 is the Axis map edge and
column 6 the Russian one.
"""

from __future__ import annotations

import copy
from typing import Any

import wargames
from wargames.core.actions import Action, Attack, Choose, Outcome, Pass
from wargames.core.context import Context
from wargames.core.game import Game

COLUMNS, ROWS = 6, 5
ROW_LETTERS = "ABCDE"


def hexes(column: int) -> list[str]:
    return [f"{r}{column}" for r in ROW_LETTERS]


def unit(
    uid: str,
    side: str,
    at: str | None,
    factors: tuple[int, int] = (1, 2),
    *,
    kind: str = "army",
    nationality: str = "",
    flags: tuple[str, ...] = (),
    markers: tuple[str, ...] = (),
    values: dict[str, Any] | None = None,
    box: str | None = None,
) -> dict[str, Any]:
    d: dict[str, Any] = {
        "id": uid,
        "side": side,
        "type": kind,
        "nationality": nationality or ("german" if side == "axis" else "soviet"),
        "attack": factors[0],
        "defence": factors[1],
        "flags": list(flags),
    }
    if at is None:
        d["box"] = box or "eliminated"
    else:
        d["at"] = at
    if markers:
        d["markers"] = list(markers)
    if values:
        d["values"] = values
    return d


def army(uid: str, at: str | None, factors: tuple[int, int] = (4, 3), **kw: Any) -> dict[str, Any]:
    """A German infantry army (4-3 unless told)."""
    kw.setdefault("flags", ("army", "infantry"))
    return unit(uid, "axis", at, factors, **kw)


def panzergruppe(
    uid: str, at: str | None, factors: tuple[int, int] = (6, 3), **kw: Any
) -> dict[str, Any]:
    return unit(
        uid, "axis", at, factors, kind="panzergruppe", flags=("panzergruppe", "armour"), **kw
    )


def panzer_korps(uid: str, at: str | None, **kw: Any) -> dict[str, Any]:
    return unit(uid, "axis", at, (2, 2), kind="panzer-korps", flags=("armour",), **kw)


def rifle(
    uid: str, at: str | None, factors: tuple[int, int] = (1, 2), colour: str = "brown", **kw: Any
) -> dict[str, Any]:
    """A Russian rifle army."""
    flags = ("army", "infantry", colour, *kw.pop("flags", ()))
    return unit(uid, "russian", at, factors, flags=flags, **kw)


def mech(uid: str, at: str | None, factors: tuple[int, int] = (2, 0), **kw: Any) -> dict[str, Any]:
    return unit(
        uid, "russian", at, factors, kind="mech-korps", flags=("mech", "armour", "brown"), **kw
    )


def siberian_korps(uid: str = "GdsK1") -> dict[str, Any]:
    """A white 2-1 Siberian guards korps in the Siberian box (DC: Siberian Reserve Gamble)."""
    return unit(
        uid,
        "russian",
        None,
        (2, 1),
        kind="guards-korps",
        box="siberian",
        flags=("white", "siberian", "proriv", "infantry"),
    )


def scenario(
    *units: dict[str, Any],
    terrain: dict[str, list[str]] | None = None,
    features: dict[str, list[str]] | None = None,
    hexsides: list[dict[str, Any]] | None = None,
    attributes: dict[str, dict[str, Any]] | None = None,
    control: dict[str, list[str]] | None = None,
    turns: int = 2,
    options: dict[str, Any] | None = None,
    charts: dict[str, Any] | None = None,
    reinforcements: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    feats = {"axis-edge": hexes(1), "russian-edge": hexes(COLUMNS)}
    feats.update(features or {})
    data: dict[str, Any] = {
        "title": "darkest",
        "name": "test",
        "calendar": {"turns": turns},
        "map": {
            "columns": COLUMNS,
            "rows": ROWS,
            "orientation": "pointy",
            "labels": "letter-row",
            "terrain": terrain or {},
            "features": feats,
            "hexsides": hexsides or [],
            "attributes": attributes or {},
        },
        "units": list(units),
        "control": control or {},
        "charts": charts or {},
        "options": options or {},
    }
    if reinforcements:
        data["reinforcements"] = reinforcements
    return copy.deepcopy(data)


def new(*units: dict[str, Any], seed: int = 1, **kw: Any) -> Game:
    return wargames.new_game("darkest", scenario(*units, **kw), seed=seed)


def ctx(game: Game) -> Context:
    return game._ctx()


def skip(game: Game) -> Action:
    """The do-nothing answer to the pending decision (Pass where allowed)."""
    actions = list(game.legal_actions())
    return Pass() if Pass() in actions else actions[0]


def to_step(
    game: Game, step: str, side: str | None = None, mode: str | None = None, limit: int = 500
) -> Game:
    """Answer every decision with :func:`skip` (chance with the dice) until ``step`` of
    ``side`` (in operational ``mode``) is pending."""
    for _ in range(limit):
        d = game.decision
        assert d is not None, f"the game ended before {step}: {game.result()}"
        segment = game.state.stack[0].args
        if (
            d.step == step
            and (side is None or d.side == side)
            and (mode is None or segment.get("mode") == mode)
        ):
            return game
        if d.is_chance:
            game.roll()
        else:
            game.apply(skip(game))
    raise AssertionError(f"{step} never came")


def attack(game: Game, target: str, *uids: str, press: bool = False) -> Game:
    """From the start of the turn: allocate ``uids`` against ``target`` in the German
    operational phase, end the allocations and open the battle (and answer the pressed
    attack with 0 if ``press``)."""
    game = to_step(game, "operations", "axis", "op")
    for uid in uids:
        game.apply(Choose(uid))
        game.apply(Attack((uid,), target))
    game.apply(Pass())
    game.apply(Choose(target))
    if press:
        game.apply(Choose("press:0"))
    return game


def at(game: Game, uid: str) -> str | None:
    return game.state.units[uid].at


def markers(game: Game, uid: str) -> frozenset[str]:
    return game.state.units[uid].markers


def first_turn_hit(colour: str = "brown") -> Game:
    """The first turn's extra German attack (Special 1st Turn Rules): G (1-3, B2) hits the rifle
    army R1 (1-3, B3, ``colour``) once in round 1 and misses in round 2; R1, Disrupted, stays
    and does not fire back. The game is at the next operations decision."""
    g = new(army("G", "B2", (1, 3)), rifle("R1", "B3", (1, 3), colour))
    g = to_step(g, "operations", "axis", "first")
    g.apply(Choose("G"))
    g.apply(Attack(("G",), "B3"))
    g.apply(Pass())
    g.apply(Choose("B3"))
    g.apply(Choose("press:0"))
    g.apply(Outcome(1))  # 1 hit
    g.apply(Outcome(1))  # R1's 3 on column B, row 6: no hit; R1 absorbs 1 hit: Disrupted
    g.apply(Pass())  # R1 may withdraw; it stays
    g.apply(Choose("press:0"))  # round 2
    g.apply(Outcome(6))  # no hit; the Disrupted R1 does not fire
    return g
