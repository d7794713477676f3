"""Fog of war (K45 0.1e): a side sees only the top unit of each enemy stack."""

from __future__ import annotations

from typing import Any

from wargames.core.state import GameState


def fog(state: GameState, side: str) -> dict[str, Any]:
    """K45 0.1e: the state as ``side`` may see it. Enemy stacks on the map show their top unit
    (a combat unit before an HQ, the strongest first) and their height; the dice state is
    hidden (it would tell the future)."""
    data = state.to_json()
    mine = set(state.get("owners", {}).get(side, ()))
    order = {u: i for i, u in enumerate(state.get("stack_order", ()))}
    stacks: dict[str, list[str]] = {}
    for u in state.units.values():
        if u.at is not None and u.id not in mine:
            stacks.setdefault(u.at, []).append(u.id)
    shown = {
        min(ids, key=lambda i: (order.get(i, len(order)), i)): len(ids) for ids in stacks.values()
    }
    out = []
    for u in data["units"]:
        if u["id"] in mine or "at" not in u:
            out.append(u)
        elif u["id"] in shown:
            out.append({**u, "stack": shown[u["id"]]})
    data["units"] = out
    data["vars"] = {k: v for k, v in data["vars"].items() if k not in ("owners", "stack_order")}
    data.pop("rng", None)
    data.pop("script", None)
    data["side"] = side
    return data
