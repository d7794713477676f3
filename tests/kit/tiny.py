"""A tiny point-to-point title built in tests to exercise the plugin API alone."""

from __future__ import annotations

from typing import Any

POINTS = [{"id": p, "attributes": {"x": i, "y": 0}} for i, p in enumerate("ABC")]


def scenario(**extra: Any) -> dict[str, Any]:
    """Raw scenario data: three points in a row, one unit a side, two turns."""
    data: dict[str, Any] = {
        "title": "tiny",
        "name": "tiny",
        "map": {
            "kind": "points",
            "points": POINTS,
            "lines": [{"between": ["A", "B"]}, {"between": ["B", "C"]}],
        },
        "units": [
            {"id": "a1", "side": "a", "type": "infantry", "attack": [2, 1], "at": "A"},
            {"id": "b1", "side": "b", "type": "infantry", "attack": [2, 1], "at": "C"},
        ],
        "calendar": {"turns": 2},
    }
    data.update(extra)
    return data
