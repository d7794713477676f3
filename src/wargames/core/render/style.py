"""The look of a picture: colours and strokes of terrain, hexsides, routes, places, sides,
markers and overlays. Names unknown to these tables fall back to a neutral look."""

from __future__ import annotations

from collections.abc import Collection
from typing import Final

TERRAIN_COLOURS: Final[dict[str, str]] = {
    "clear": "#f3eed2",
    "forest": "#a8c98f",
    "woods": "#a8c98f",
    "swamp-forest": "#98bca6",
    "hill": "#dcc79b",
    "hills": "#dcc79b",
    "rough": "#d4bf95",
    "broken": "#d9c6a0",
    "mountain": "#b8996f",
    "mountains": "#b8996f",
    "marsh": "#b3d1c4",
    "swamp": "#b3d1c4",
    "city": "#d2d2d2",
    "town": "#e2dccb",
    "water": "#a9cfee",
    "sea": "#a9cfee",
    "lake": "#a9cfee",
    "lagoon": "#bddbe9",
    "baltic": "#a9cfee",
    "black-sea": "#a9cfee",
    "azov": "#a9cfee",
    "caspian": "#a9cfee",
    "impassable": "#7a7a7a",
}
WATER_WORDS: Final = ("sea", "lake", "water", "ocean", "bay", "gulf", "lagoon", "haff")
DEFAULT_TERRAIN: Final = "#ece8d8"
WATER_FILL: Final = "#a9cfee"


def terrain_fill(terrain: str) -> str:
    """The fill of a terrain: from the table, water-like names blue, else neutral."""
    if terrain in TERRAIN_COLOURS:
        return TERRAIN_COLOURS[terrain]
    if any(w in terrain for w in WATER_WORDS):
        return WATER_FILL
    return DEFAULT_TERRAIN


HEXSIDES: Final[dict[str, tuple[str, float, str]]] = {
    "river": ("#2f74d0", 0.10, ""),
    "minor-river": ("#2f74d0", 0.08, ""),
    "major-river": ("#1d56b0", 0.16, ""),
    "lake": ("#2f74d0", 0.12, ""),
    "water": ("#1d56b0", 0.12, "0.2,0.12"),
    "strait": ("#1d56b0", 0.12, "0.2,0.12"),
    "straits": ("#1d56b0", 0.12, "0.2,0.12"),
    "kerch": ("#1d56b0", 0.12, "0.2,0.12"),
    "ferry": ("#1d56b0", 0.06, "0.1,0.1"),
    "impassable": ("#333333", 0.16, ""),
    "stalin-line": ("#b02a2a", 0.12, "0.12,0.08"),
    "festung": ("#6d1f1f", 0.12, "0.12,0.08"),
    "line": ("#8a3a1a", 0.10, "0.3,0.1"),
}
"""Hexside features drawn along the side between two hexes: (colour, width, dash), widths
and dashes in hex sizes."""
STREAM_WORDS: Final = ("stream", "creek", "brook", "canal", "river", *WATER_WORDS)
OTHER_HEXSIDES: Final = (("#2f74d0", 0.06, "0.15,0.08"), ("#555555", 0.08, "0.12,0.1"))
"""The look of a hexside feature a title adds (not in ``HEXSIDES``): thin dashed blue for a
water-like name (``STREAM_WORDS``), dashed grey for any other."""
NOT_HEXSIDES: Final = frozenset({"bridge"})
"""Edge features drawn otherwise (a bridge is a mark across the hexside)."""
ROUTES: Final[dict[str, tuple[str, float, str]]] = {
    "road": ("#9b5b2a", 0.07, ""),
    "highway": ("#d9751f", 0.11, ""),
    "autobahn": ("#c0392b", 0.12, ""),
    "rail": ("#1c1c1c", 0.08, ""),
}
"""Routes drawn from hex centre to hex centre: (colour, width, dash) in hex sizes; rails get
white cross-ties over them."""
BRIDGE: Final = ("#5a3a1a", 0.08)

LINE_CLASSES: Final[dict[str, tuple[str, float, str]]] = {
    "major": ("#2b2b2b", 4.0, ""),
    "minor": ("#6b6b6b", 2.2, ""),
    "inferior": ("#8a8a8a", 1.4, "6,4"),
}
"""Point-map line classes: (colour, width, dash pattern)."""
LINE_FEATURES: Final[dict[str, tuple[str, float, str]]] = {
    "highway": ("#d35400", 1.6, ""),
    "straits": ("#1f5fb8", 2.5, "3,3"),
    "no-strategic": ("#8e44ad", 1.2, "2,3"),
}
"""Point-map line features drawn over the line: (colour, width, dash pattern)."""
OTHER_LINES: Final[tuple[tuple[str, float, str], ...]] = (
    ("#4a4a4a", 3.0, ""),
    ("#7a7a7a", 1.8, "6,3"),
    ("#999999", 1.2, "2,3"),
)
"""Looks for line classes not in ``LINE_CLASSES``, given in the order of their names."""


def hexside_styles(features: Collection[str]) -> dict[str, tuple[str, float, str]]:
    """The look of each hexside feature among ``features``: the known ones from
    ``HEXSIDES`` in its order, then a title's own (routes and ``NOT_HEXSIDES`` left out) from
    ``OTHER_HEXSIDES``, by name."""
    out = {f: look for f, look in HEXSIDES.items() if f in features}
    for f in sorted(set(features) - HEXSIDES.keys() - ROUTES.keys() - NOT_HEXSIDES):
        watery = any(w in f for w in STREAM_WORDS)
        out[f] = OTHER_HEXSIDES[0 if watery else 1]
    return out


def line_styles(classes: set[str]) -> dict[str, tuple[str, float, str]]:
    """The look of each line class a map uses: the known ones from ``LINE_CLASSES``, others
    in turn from ``OTHER_LINES`` (by name)."""
    out = {c: LINE_CLASSES[c] for c in classes if c in LINE_CLASSES}
    others = sorted(c for c in classes if c not in LINE_CLASSES)
    for i, c in enumerate(others):
        out[c] = OTHER_LINES[min(i, len(OTHER_LINES) - 1)]
    return out


SIDE_COLOURS: Final[tuple[str, ...]] = ("#6f8fb3", "#c0533f", "#6b8e23", "#8e6bb5")
SIDE_NAMES: Final[dict[str, int]] = {
    "axis": 0,
    "german": 0,
    "germany": 0,
    "blue": 0,
    "north": 0,
    "soviet": 1,
    "russian": 1,
    "red": 1,
    "south": 1,
}
"""Sides whose colour follows the convention (Axis field grey-blue, Soviet red) whatever
their order in the title."""
"""Counter colours by side, in the title's order of sides."""
REDUCED_COLOURS: Final[tuple[str, ...]] = ("#a9bdd3", "#dd9a8c", "#a6bf78", "#bba6d3")
"""The reduced side of a counter: a paler shade of its side's colour."""
CONTROL_TINTS: Final[tuple[str, ...]] = ("#c9d8ea", "#efc9c3", "#d6e4bd", "#ddd0ec")
"""Point fills (and hex control rings) for the side controlling a place."""

PLACES: Final[dict[str, tuple[str, float]]] = {
    "major-city": ("square", 0.34),
    "major": ("square", 0.34),
    "capital": ("square", 0.38),
    "city": ("square", 0.26),
    "large-town": ("square", 0.22),
    "town": ("circle", 0.11),
    "village": ("circle", 0.07),
}
"""Settlement symbols by node feature (the largest wins): shape and size in hex sizes."""
PLACE_FILL: Final = "#3a3a3a"
FORTRESS: Final = "#000000"
PORT: Final = "#1d56b0"
VICTORY: Final = "#c0392b"
VICTORY_FEATURES: Final = frozenset({"victory", "objective", "vp"})
SUPPLY_FEATURES: Final = (
    "supply",
    "supply-german",
    "supply-soviet",
    "supply-split",
    "supply-operational",
    "supply-tactical",
    "soviet-source",
)
SUPPLY_ATTRIBUTES: Final = ("source", "supplies", "supply")

MARKERS: Final[dict[str, tuple[str, str, str]]] = {
    "disrupted": ("D", "#d63a2a", "#ffffff"),
    "dispersed": ("Dsp", "#d63a2a", "#ffffff"),
    "hit": ("H", "#7f1d1d", "#ffffff"),
    "fortified": ("F", "#5a4632", "#ffffff"),
    "entrenched": ("E", "#5a4632", "#ffffff"),
    "oos": ("OoS", "#f1c40f", "#000000"),
    "out-of-supply": ("OoS", "#f1c40f", "#000000"),
    "unsupplied": ("U", "#f1c40f", "#000000"),
    "limited-supply": ("LS", "#f7dc6f", "#000000"),
    "isolated": ("Iso", "#111111", "#f1c40f"),
    "optrans": ("OT", "#2e86c1", "#ffffff"),
    "broken": ("B", "#7f1d1d", "#ffffff"),
    "demoralized": ("Dm", "#7f1d1d", "#ffffff"),
}
"""Status marker chips: (text, fill, text colour); other markers show their first letters."""
SUPPLY_STATES: Final[dict[str, tuple[str, str]]] = {
    "oos": ("out", "#d63a2a"),
    "out-of-supply": ("out", "#d63a2a"),
    "unsupplied": ("out", "#d63a2a"),
    "limited-supply": ("limited", "#e6a817"),
    "isolated": ("isolated", "#111111"),
}
"""Supply overlay: the ring of a counter with such a marker; others are "in" supply."""
IN_SUPPLY: Final = ("in", "#2e9d45")

HIGHLIGHT: Final = "#e67e22"
MOVE_FILL: Final = "#2ecc71"
TARGET: Final = "#c0392b"
ARROW: Final = "#d35400"
SELECTED: Final = "#f1c40f"
