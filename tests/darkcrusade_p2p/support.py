"""Positions on the 1941 map for one rule each, and a driver through the sequence."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import wargames
from wargames.core.actions import Action, Pass
from wargames.core.context import Context
from wargames.core.game import Game
from wargames.core.scenario import read_scenario_file

DATA = Path(wargames.__file__).parent / "darkcrusade" / "p2p" / "data" / "1941.toml"
_, BASE = read_scenario_file(DATA)
TITLE = "darkcrusade-p2p"

ARMOUR = {"kind": "armour"}


def unit(
    uid: str,
    side: str,
    at: str,
    factors: tuple[int, int] = (3, 3),
    *,
    flags: tuple[str, ...] = (),
    line: dict[str, Any] | None = None,
    hits: int = 1,
    markers: tuple[str, ...] = (),
) -> dict[str, Any]:
    d: dict[str, Any] = {
        "id": uid,
        "side": side,
        "type": "unit",
        "attack": factors[0],
        "defence": factors[1],
        "flags": list(flags),
        "at": at,
    }
    if line:
        d["line"] = line
    if hits != 1:
        d["values"] = {"hits": hits}
    if markers:
        d["markers"] = list(markers)
    return d


def german(d: dict[str, Any]) -> dict[str, Any]:
    """The unit, German (``nationality``)."""
    return {**d, "nationality": "german"}


def panzer(uid: str, at: str, **kw: Any) -> dict[str, Any]:
    """A German panzer corps: armour, capable of breakthrough movement."""
    return german(
        unit(uid, "axis", at, (5, 3), flags=("armour", "breakthrough"), line=ARMOUR, **kw)
    )


def infantry(uid: str, side: str, at: str, **kw: Any) -> dict[str, Any]:
    return unit(uid, side, at, flags=("major-infantry",), **kw)


def scenario(
    units: list[dict[str, Any]],
    control: dict[str, str] | None = None,
    weather: list[str] | None = None,
    reinforcements: list[dict[str, Any]] | None = None,
    options: dict[str, Any] | None = None,
    **charts: Any,
) -> dict[str, Any]:
    """The 1941 map with only ``units``; ``control`` changes who holds some points."""
    data = copy.deepcopy(BASE)
    data["units"] = units
    data["reinforcements"] = reinforcements or []
    if control:
        held = {p: s for s, ps in data["control"].items() for p in ps}
        held.update(control)
        data["control"] = {
            side: sorted(p for p, s in held.items() if s == side) for side in ("axis", "soviet")
        }
    if weather:
        data["charts"]["weather"] = ["good", *weather] + ["good"] * (9 - len(weather))
    data["charts"].update(charts)
    data["options"] = {**data.get("options", {}), **(options or {})}
    return data


def game(units: list[dict[str, Any]], **kw: Any) -> Game:
    return wargames.new_game(TITLE, scenario(units, **kw), seed=1)


def ctx(g: Game) -> Context:
    return g.rules_context()


def frame_side(g: Game) -> str | None:
    side: str | None = g.state.stack[-1].args.get("side")
    return side


def advance_to(g: Game, step: str, side: str | None = None) -> Game:
    """Pass (or roll) until ``step`` (of ``side``) is the pending decision."""
    for _ in range(2000):
        d = g.decision
        assert d is not None, "the game ended"
        if d.step == step and (side is None or frame_side(g) == side):
            return g
        if d.is_chance:
            g.roll()
        else:
            g.apply(Pass() if Pass() in list(g.legal_actions()) else g.legal_actions()[0])
    raise AssertionError(f"never reached {step}")


def play(g: Game, *actions: Action) -> Game:
    for a in actions:
        g.apply(a)
    return g
