"""The campaign map and set-up, reconstructed from real geography (K45 0.2, 0.1g, 12.7).

The published map is not in our sources (``shared/research/konigsberg.md``), so the campaign
map is a *reconstruction*: towns, rivers, lakes, coasts, roads, railroads and the Autobahn are
given here by latitude and longitude and projected onto a grid of 8 km flat-topped hexes
(``CCRR`` labels, 44 columns x 38 rows, 18.25E-22.8E, 55.1N-52.4N). Rivers, roads and lines
become hexside features: a river crosses the hexsides between hexes whose centres it separates;
a road joins the chain of hexes it passes through. Set-up positions are the approximate
historical positions of 13 January 1945. Lakes are frozen (K45 7.4 note): the hexes almost
entirely lake (``LAKES``) have the terrain ``lake``, the narrow lakes (``LAKE_SIDES``) are
``lake`` hexsides, and the hexes only partly lake keep their ordinary terrain. The map-edge hexes
where a road leaves the map are half-hexes (K45 0.2a, the ``half-hex`` node feature: see
``half_hexes``). Everything here is provisional data (see
``docs/rules/konigsberg.md``); ``python -m wargames.konigsberg.geography`` rewrites
``data/campaign.toml`` from it, and a user who owns the game may replace that file.
"""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Iterable, Sequence
from pathlib import Path

from wargames.core.hexgrid import Hex, HexLayout

COLUMNS, ROWS = 44, 38
LAYOUT = HexLayout(COLUMNS, ROWS, orientation="flat", shifted="odd")
LON0, LAT0 = 18.25, 55.10
KM_LON = 65.8  # km per degree of longitude at 53.75N
KM_LAT = 111.2
SIZE = 8 / math.sqrt(3)  # centre to corner of an 8 km (flat to flat) hex
Point = tuple[float, float]  # (lat, lon)

# --- places: (lat, lon, kind) -----------------------------------------------------------------
PLACES: dict[str, tuple[float, float, str]] = {
    # the fourteen victory point cities (K45 14.3a)
    "Königsberg": (54.71, 20.51, "city"),
    "Insterburg": (54.63, 21.81, "city"),
    "Lötzen": (54.03, 21.77, "town"),
    "Allenstein": (53.78, 20.49, "city"),
    "Schröttersburg": (52.55, 19.70, "city"),
    "Thorn": (53.01, 18.60, "city"),
    "Kulm": (53.35, 18.43, "town"),
    "Graudenz": (53.48, 18.75, "city"),
    "Marienwerder": (53.73, 18.93, "town"),
    "Bartenstein": (54.25, 20.81, "town"),
    "Elbing": (54.16, 19.40, "city"),
    "Mielau": (53.11, 20.38, "town"),
    "Braunsberg": (54.38, 19.82, "town"),
    "Wehlau": (54.61, 21.24, "town"),
    # other towns and villages
    "Tilsit": (55.08, 21.88, "city"),
    "Ragnit": (55.05, 22.03, "village"),
    "Gumbinnen": (54.60, 22.19, "town"),
    "Stallupönen": (54.64, 22.57, "village"),
    "Pillkallen": (54.73, 22.57, "village"),
    "Georgenburg": (55.08, 22.77, "village"),
    "Goldap": (54.31, 22.30, "town"),
    "Darkehmen": (54.31, 21.95, "village"),
    "Angerburg": (54.21, 21.97, "village"),
    "Treuburg": (54.03, 22.35, "village"),
    "Lyck": (53.83, 22.36, "town"),
    "Labiau": (54.86, 21.12, "village"),
    "Tapiau": (54.70, 21.07, "village"),
    "Cranz": (54.96, 20.47, "village"),
    "Fischhausen": (54.73, 20.01, "village"),
    "Pillau": (54.64, 19.90, "town"),
    "Heiligenbeil": (54.39, 20.03, "village"),
    "Zinten": (54.45, 20.63, "village"),
    "Preussisch Eylau": (54.40, 20.64, "village"),
    "Friedland": (54.45, 21.01, "village"),
    "Gerdauen": (54.37, 21.31, "village"),
    "Rastenburg": (54.08, 21.38, "town"),
    "Rössel": (54.05, 21.15, "village"),
    "Heilsberg": (54.12, 20.58, "town"),
    "Guttstadt": (54.04, 20.43, "village"),
    "Wormditt": (54.14, 20.16, "village"),
    "Mehlsack": (54.26, 20.06, "village"),
    "Frauenburg": (54.36, 19.68, "village"),
    "Preussisch Holland": (54.07, 19.66, "village"),
    "Mohrungen": (53.92, 19.94, "village"),
    "Osterode": (53.70, 19.97, "town"),
    "Hohenstein": (53.58, 20.28, "village"),
    "Neidenburg": (53.36, 20.42, "village"),
    "Soldau": (53.20, 20.25, "village"),
    "Ortelsburg": (53.56, 20.99, "town"),
    "Bischofsburg": (53.87, 20.95, "village"),
    "Sensburg": (53.86, 21.30, "village"),
    "Johannisburg": (53.62, 21.80, "village"),
    "Deutsch Eylau": (53.59, 19.57, "village"),
    "Marienburg": (54.04, 19.03, "town"),
    "Dirschau": (54.09, 18.78, "town"),
    "Danzig": (54.35, 18.65, "city"),
    "Neumark": (53.43, 19.59, "village"),
    "Strasburg": (53.26, 19.40, "village"),
    "Gollub": (53.12, 19.05, "village"),
    "Rypin": (53.07, 19.45, "village"),
    "Sierpc": (52.86, 19.67, "village"),
    "Plonsk": (52.62, 20.38, "village"),
    "Ciechanow": (52.88, 20.62, "town"),
    "Przasnysz": (53.02, 20.88, "village"),
    "Makow": (52.86, 21.10, "village"),
    "Rozan": (52.88, 21.40, "village"),
    "Pultusk": (52.70, 21.08, "town"),
    "Serock": (52.51, 21.06, "village"),
    "Ostroleka": (53.08, 21.57, "town"),
    "Lomza": (53.18, 22.07, "town"),
    "Kolno": (53.41, 21.93, "village"),
    "Wloclawek": (52.66, 19.07, "town"),
    "Lipno": (52.84, 19.18, "village"),
    "Modlin": (52.43, 20.71, "village"),
}
VP_CITIES = (
    "Insterburg",
    "Lötzen",
    "Königsberg",
    "Allenstein",
    "Schröttersburg",
    "Thorn",
    "Kulm",
    "Graudenz",
    "Marienwerder",
    "Bartenstein",
    "Elbing",
    "Mielau",
    "Braunsberg",
    "Wehlau",
)
FESTUNG = ("Königsberg", "Lötzen", "Thorn", "Graudenz", "Pillau")

# --- rivers and lines (polylines of (lat, lon)) ------------------------------------------------
MAJOR_RIVERS: dict[str, list[Point]] = {
    "Vistula": [
        (52.36, 20.80),
        (52.43, 20.71),
        (52.42, 20.19),
        (52.52, 19.85),
        (52.55, 19.72),
        (52.62, 19.40),
        (52.66, 19.06),
        (52.85, 18.78),
        (53.00, 18.62),
        (53.10, 18.47),
        (53.35, 18.46),
        (53.48, 18.72),
        (53.72, 18.85),
        (53.92, 18.88),
        (54.09, 18.82),
        (54.25, 18.90),
        (54.40, 18.95),
    ],
    "Nogat": [(53.92, 18.88), (54.04, 19.05), (54.12, 19.15), (54.20, 19.25), (54.27, 19.32)],
    "Narew": [
        (53.22, 22.85),
        (53.18, 22.10),
        (53.10, 21.80),
        (53.08, 21.60),
        (52.95, 21.45),
        (52.88, 21.42),
        (52.75, 21.15),
        (52.70, 21.10),
        (52.55, 21.02),
        (52.50, 21.05),
        (52.43, 20.71),
    ],
    "Pregel": [
        (54.63, 21.81),
        (54.63, 21.55),
        (54.61, 21.26),
        (54.69, 21.07),
        (54.68, 20.80),
        (54.70, 20.55),
        (54.68, 20.30),
        (54.66, 20.18),
    ],
    "Memel": [(55.06, 22.85), (55.07, 22.40), (55.06, 22.05), (55.08, 21.88), (55.04, 21.55)],
}
MINOR_RIVERS: dict[str, list[Point]] = {
    "Alle": [
        (53.52, 20.36),
        (53.78, 20.47),
        (54.04, 20.44),
        (54.12, 20.60),
        (54.25, 20.83),
        (54.32, 20.97),
        (54.45, 21.03),
        (54.58, 21.10),
        (54.61, 21.24),
    ],
    "Passarge": [(53.70, 20.15), (53.95, 20.10), (54.15, 20.13), (54.33, 19.90), (54.42, 19.78)],
    "Angerapp": [(54.21, 21.99), (54.31, 21.97), (54.45, 21.90), (54.63, 21.81)],
    "Inster": [(54.80, 22.45), (54.70, 22.05), (54.63, 21.81)],
    "Deime": [(54.70, 21.07), (54.86, 21.14), (54.92, 21.17)],
    "Drewenz": [
        (53.70, 19.97),
        (53.55, 19.75),
        (53.43, 19.57),
        (53.26, 19.42),
        (53.12, 19.07),
        (53.00, 18.72),
    ],
    "Wkra": [(53.22, 20.22), (52.95, 20.25), (52.70, 20.42), (52.45, 20.68)],
    "Pisa": [(53.62, 21.82), (53.40, 21.86), (53.22, 21.90)],
    "Omulew": [(53.55, 20.80), (53.25, 21.25), (53.10, 21.52)],
}
LINES: dict[str, list[Point]] = {  # defensive lines (K45 7.4a)
    "Deime line": [(54.95, 21.20), (54.72, 21.11), (54.55, 21.08)],
    "Heilsberg line": [
        (54.50, 20.28),
        (54.28, 20.40),
        (54.12, 20.72),
        (54.08, 21.00),
        (54.22, 21.20),
    ],
    "Ilmenhorst line": [(54.85, 22.05), (54.62, 22.02), (54.40, 22.08)],
}

# --- water and terrain -----------------------------------------------------------------------
COAST: list[tuple[float, float]] = [  # (lon, lat): the Baltic lies north of this line
    (18.20, 54.75),
    (18.50, 54.55),
    (18.62, 54.42),
    (18.95, 54.38),
    (19.40, 54.47),
    (19.85, 54.64),
    (19.93, 54.90),
    (20.30, 54.97),
    (20.55, 54.97),
    (20.90, 54.93),
    (21.15, 54.92),
    (21.30, 55.00),
    (21.40, 55.20),
]
FRISCHES_HAFF: list[Point] = [
    (54.25, 19.38),
    (54.32, 19.55),
    (54.38, 19.70),
    (54.45, 19.85),
    (54.52, 19.98),
    (54.58, 20.08),
    (54.63, 20.20),
]
# K45 7.4 note: hexes almost entirely (frozen) lake: the Masurian lakes (Mauersee, Löwentin,
# Talter, Spirding), Geserich and Drausen
LAKES: list[Point] = [
    (54.14, 21.74),
    (54.09, 21.70),
    (53.96, 21.79),
    (53.73, 21.73),
    (53.68, 21.60),
    (53.80, 21.62),
    (53.90, 21.62),
    (53.61, 19.57),
    (53.70, 19.55),
    (54.12, 19.48),
]
# K45 7.4 note: narrow (frozen) lakes drawn along hexsides, polylines of (lat, lon): the chain
# Beldahn - Nieder See south of Nikolaiken and the Kisain - Dargainen lakes between Mauersee and
# Löwentin. A hexside of a lake hex, or crossed by a road or railroad (an isthmus), is no lake
# hexside.
LAKE_SIDES: dict[str, list[Point]] = {
    "Beldahn - Nieder See": [(53.80, 21.575), (53.70, 21.56), (53.60, 21.53), (53.52, 21.47)],
    "Kisain - Dargainen": [(54.12, 21.80), (54.05, 21.83), (53.99, 21.84)],
}
FORESTS: list[tuple[float, float, float]] = [  # (lat, lon, radius km)
    (54.35, 22.40, 12),
    (53.52, 21.62, 17),
    (53.45, 20.75, 14),
    (53.75, 20.12, 9),
    (54.50, 20.45, 7),
    (53.25, 21.50, 18),
    (54.10, 22.08, 8),
    (54.90, 21.60, 8),
]
MARSHES: list[tuple[float, float, float]] = [
    (54.83, 21.35, 8),
    (54.55, 20.95, 5),
    (54.10, 19.12, 11),
    (53.42, 22.40, 11),
]

# --- roads, the Autobahn and railroads (chains of place names or (lat, lon)) ----------------
ROADS: list[list[str | Point]] = [
    ["Königsberg", "Tapiau", "Wehlau", "Insterburg", "Gumbinnen", "Stallupönen", (54.63, 22.82)],
    ["Königsberg", "Labiau", "Tilsit", "Ragnit", "Georgenburg"],
    ["Insterburg", "Tilsit"],
    ["Insterburg", "Pillkallen", (54.80, 22.82)],
    ["Königsberg", "Cranz"],
    ["Königsberg", "Fischhausen", "Pillau"],
    [
        "Königsberg",
        "Heiligenbeil",
        "Braunsberg",
        "Frauenburg",
        "Elbing",
        "Marienburg",
        "Dirschau",
        (54.05, 18.22),
    ],
    ["Dirschau", "Danzig", (54.35, 18.22)],
    [
        "Königsberg",
        "Preussisch Eylau",
        "Bartenstein",
        "Rastenburg",
        "Lötzen",
        "Lyck",
        (53.83, 22.82),
    ],
    ["Heiligenbeil", "Zinten", "Preussisch Eylau"],
    ["Braunsberg", "Mehlsack", "Wormditt", "Guttstadt", "Allenstein"],
    [
        "Elbing",
        "Preussisch Holland",
        "Mohrungen",
        "Osterode",
        "Hohenstein",
        "Neidenburg",
        "Soldau",
        "Mielau",
        "Ciechanow",
        "Plonsk",
        (52.40, 20.45),
    ],
    ["Allenstein", "Hohenstein"],
    ["Allenstein", "Ortelsburg", "Przasnysz", "Makow", "Pultusk", "Serock", (52.40, 21.10)],
    ["Ortelsburg", "Johannisburg", "Lyck"],
    ["Johannisburg", "Kolno", "Lomza", (53.18, 22.82)],
    ["Lomza", "Ostroleka", "Rozan", "Makow"],
    ["Ostroleka", "Przasnysz"],
    ["Rozan", "Pultusk"],
    ["Allenstein", "Bischofsburg", "Sensburg", "Lötzen"],
    ["Bischofsburg", "Rössel", "Rastenburg"],
    ["Osterode", "Deutsch Eylau", "Marienwerder", "Graudenz"],
    ["Marienwerder", "Marienburg"],
    ["Graudenz", "Kulm", "Thorn", (53.10, 18.22)],
    ["Deutsch Eylau", "Neumark", "Strasburg", "Rypin", "Sierpc", "Schröttersburg"],
    ["Strasburg", "Gollub", "Thorn"],
    ["Thorn", "Lipno", "Wloclawek", (52.45, 18.85)],
    ["Wloclawek", "Schröttersburg", "Plonsk"],
    ["Insterburg", "Darkehmen", "Angerburg", "Lötzen"],
    ["Gumbinnen", "Goldap", "Treuburg", "Lyck"],
    ["Darkehmen", "Goldap"],
    ["Insterburg", "Gerdauen", "Rastenburg"],
    ["Wehlau", "Friedland", "Bartenstein", "Heilsberg", "Guttstadt"],
    ["Heilsberg", "Preussisch Eylau"],
    ["Neidenburg", "Ortelsburg"],
    ["Mielau", "Przasnysz"],
    ["Sierpc", "Mielau"],
]
AUTOBAHN: list[str | Point] = [
    # K45 11.2b: "the Autobahn between Königsberg and Elbing": it ends in the city's hex,
    # entered from the south-west (not across the Pregel)
    "Königsberg",
    (54.70, 20.46),
    (54.69, 20.45),
    (54.55, 20.25),
    (54.45, 20.05),
    (54.32, 19.85),
    (54.20, 19.55),
    (54.16, 19.40),
]
RAILWAYS: list[list[str | Point]] = [
    ["Königsberg", "Tapiau", "Wehlau", "Insterburg", "Gumbinnen", "Stallupönen", (54.63, 22.82)],
    ["Insterburg", "Tilsit"],
    [
        "Königsberg",
        "Heiligenbeil",
        "Braunsberg",
        "Elbing",
        "Marienburg",
        "Dirschau",
        (54.08, 18.22),
    ],
    ["Königsberg", "Bartenstein", "Rastenburg", "Lötzen", "Lyck", (53.83, 22.82)],
    ["Königsberg", "Mehlsack", "Wormditt", "Guttstadt", "Allenstein"],
    ["Allenstein", "Osterode", "Deutsch Eylau", "Strasburg", "Thorn", (53.05, 18.22)],
    ["Allenstein", "Hohenstein", "Soldau", "Mielau", "Ciechanow", (52.40, 20.80)],
    ["Marienburg", "Marienwerder", "Graudenz", "Thorn"],
    ["Insterburg", "Gerdauen", "Rastenburg"],
    ["Allenstein", "Ortelsburg", "Johannisburg", "Lyck"],
]

# --- supply sources and entry areas (K45 0.2j, 11.2, 6.0) -----------------------------------
SOURCES: dict[str, tuple[float, float]] = {  # owner -> positions (lat, lon)
    "german:Danzig": (54.35, 18.27),
    "german:Dirschau": (54.05, 18.27),
    "split:Bromberg": (53.10, 18.27),
    "split:Wloclawek": (52.45, 18.85),
    "soviet:Stallupönen": (54.63, 22.78),
    "soviet:Pillkallen": (54.80, 22.78),
    "soviet:Lyck": (53.83, 22.78),
    "soviet:Lomza": (53.18, 22.78),
    "soviet:Warsaw": (52.42, 21.10),
    "soviet:Plonsk": (52.42, 20.45),
}
ENTRIES: dict[str, tuple[float, float]] = {
    "A": (54.35, 18.27),  # Danzig road: German
    "B": (54.05, 18.27),  # Dirschau road: German (GD returns, 0.7e)
    "C": (53.10, 18.27),  # Bromberg road: German
    "D": (54.96, 20.47),  # Cranz, from the Kurische Nehrung: German (28th Corps)
    "E": (54.63, 22.78),  # Stallupönen road: Soviet 3rd BR Front
    "F": (52.42, 20.45),  # Plonsk road: Soviet 2nd BR Front (19th Army)
}


# --- projection ----------------------------------------------------------------------------
def xy(lat: float, lon: float) -> tuple[float, float]:
    """Kilometres east and south of the map's top-left corner."""
    return (lon - LON0) * KM_LON, (LAT0 - lat) * KM_LAT


def centre(h: Hex) -> tuple[float, float]:
    """Kilometre position of a hex centre (flat-topped axial layout)."""
    return 1.5 * SIZE * h.q + 4.0, math.sqrt(3) * SIZE * (h.r + h.q / 2) + 4.0


def hex_at(lat: float, lon: float) -> Hex:
    """The hex whose centre is nearest the point."""
    x, y = xy(lat, lon)
    q = (x - 4.0) / (1.5 * SIZE)
    r = (y - 4.0) / (math.sqrt(3) * SIZE) - q / 2
    best = Hex(round(q), round(r))
    candidates = [best, *best.neighbours()]
    return min(candidates, key=lambda h: math.dist(centre(h), (x, y)))


def label(h: Hex) -> str:
    return LAYOUT.label(h)


def clamp(h: Hex) -> Hex:
    """The nearest hex on the map (for points just off an edge)."""
    if LAYOUT.on_map(h):
        return h
    return min(LAYOUT.hexes(), key=lambda g: g.distance(h))


def _point(p: str | Point) -> Point:
    if isinstance(p, str):
        lat, lon, _ = PLACES[p]
        return lat, lon
    return p


def chain(points: Sequence[str | Point]) -> list[Hex]:
    """The hexes a polyline passes through, each adjacent to the next."""
    out: list[Hex] = []
    pts = [_point(p) for p in points]
    for (a_lat, a_lon), (b_lat, b_lon) in itertools.pairwise(pts):
        n = 40
        for i in range(n + 1):
            t = i / n
            h = clamp(hex_at(a_lat + (b_lat - a_lat) * t, a_lon + (b_lon - a_lon) * t))
            if out and h == out[-1]:
                continue
            if out and out[-1].distance(h) > 1:
                for g in out[-1].line_to(h)[1:]:
                    if g != out[-1]:
                        out.append(g)
                continue
            out.append(h)
    return out


def _cross(
    p: tuple[float, float], q: tuple[float, float], a: tuple[float, float], b: tuple[float, float]
) -> bool:
    """Whether segments p-q and a-b intersect."""

    def orient(u: tuple[float, float], v: tuple[float, float], w: tuple[float, float]) -> float:
        return (v[0] - u[0]) * (w[1] - u[1]) - (v[1] - u[1]) * (w[0] - u[0])

    d1, d2 = orient(a, b, p), orient(a, b, q)
    d3, d4 = orient(p, q, a), orient(p, q, b)
    return d1 * d2 < 0 and d3 * d4 < 0


def crossed_hexsides(points: Sequence[Point]) -> set[tuple[str, str]]:
    """Hexsides a polyline crosses: the segment between the two centres meets the line."""
    segs = [xy(*p) for p in points]
    out: set[tuple[str, str]] = set()
    for h in LAYOUT.hexes():
        for n in h.neighbours():
            if not LAYOUT.on_map(n) or label(n) < label(h):
                continue
            c1, c2 = centre(h), centre(n)
            if any(_cross(c1, c2, a, b) for a, b in itertools.pairwise(segs)):
                out.add((label(h), label(n)))
    return out


def _pairs(hexes: Iterable[Hex]) -> set[tuple[str, str]]:
    hs = list(hexes)
    out = set()
    for a, b in itertools.pairwise(hs):
        la, lb = label(a), label(b)
        out.add((la, lb) if la < lb else (lb, la))
    return out


def _coast_lat(lon: float) -> float:
    pts = COAST
    if lon <= pts[0][0]:
        return pts[0][1]
    for (x0, y0), (x1, y1) in itertools.pairwise(pts):
        if x0 <= lon <= x1:
            return y0 + (y1 - y0) * (lon - x0) / (x1 - x0)
    return pts[-1][1]


def _latlon(h: Hex) -> Point:
    x, y = centre(h)
    return LAT0 - y / KM_LAT, LON0 + x / KM_LON


# --- the scenario --------------------------------------------------------------------------
def build_map() -> dict[str, object]:
    """The [map] table of the campaign scenario."""
    terrain: dict[str, str] = {}
    features: dict[str, set[str]] = {}
    attributes: dict[str, dict[str, object]] = {}
    hexes = list(LAYOUT.hexes())
    for h in hexes:
        lat, lon = _latlon(h)
        x, y = centre(h)
        if lat > _coast_lat(lon):
            terrain[label(h)] = "water"
            continue
        for flat, flon, rad in FORESTS:
            if math.dist((x, y), xy(flat, flon)) <= rad:
                terrain[label(h)] = "forest"
        for flat, flon, rad in MARSHES:
            if math.dist((x, y), xy(flat, flon)) <= rad:
                terrain[label(h)] = "marsh"
    haff = {label(h) for h in chain(FRISCHES_HAFF)}
    for lab in haff:
        terrain[lab] = "water"
        features.setdefault(lab, set()).add("haff")
    for p in LAKES:
        terrain[label(hex_at(*p))] = "lake"  # K45 7.4 note: almost entirely (frozen) lake
    for name, (lat, lon, kind) in PLACES.items():
        h = hex_at(lat, lon)
        if not LAYOUT.on_map(h):
            continue
        lab = label(h)
        terrain[lab] = "clear"
        features.setdefault(lab, set()).add(kind)
        attributes[lab] = {"name": name}
        if name in VP_CITIES:
            attributes[lab]["vp"] = 1
    for key, (lat, lon) in SOURCES.items():
        owner = key.split(":")[0]
        lab = label(clamp(hex_at(lat, lon)))
        features.setdefault(lab, set()).add("supply-" + owner)
        attributes.setdefault(lab, {})["source"] = key.split(":")[1]
    for area, (lat, lon) in ENTRIES.items():
        lab = label(clamp(hex_at(lat, lon)))
        attributes.setdefault(lab, {})["entry"] = area
    for lab in half_hexes():
        features.setdefault(lab, set()).add("half-hex")  # K45 0.2a
    edges: dict[tuple[str, str], set[str]] = {}

    def add(pairs: Iterable[tuple[str, str]], feature: str) -> None:
        for p in pairs:
            edges.setdefault(p, set()).add(feature)

    for pts in MAJOR_RIVERS.values():
        add(crossed_hexsides(pts), "major-river")
    for pts in MINOR_RIVERS.values():
        add(crossed_hexsides(pts), "river")
    for pts in LINES.values():
        add(crossed_hexsides(pts), "line")
    for pts in LAKE_SIDES.values():
        add(crossed_hexsides(pts), "lake")  # K45 7.4 note: a frozen-lake hexside
    for road in ROADS:
        add(_pairs(chain(road)), "road")
    add(_pairs(chain(AUTOBAHN)), "autobahn")
    for rail in RAILWAYS:
        add(_pairs(chain(rail)), "rail")
    for name in FESTUNG:
        h = hex_at(*PLACES[name][:2])
        for n in h.neighbours():
            a, b = label(h), label(n)
            add([(a, b) if a < b else (b, a)], "festung")
    water = {lab for lab, t in terrain.items() if t in ("water", "lake")}
    hexsides = []
    for (a, b), feats in sorted(edges.items()):
        if a in water or b in water:
            feats = feats - {"road", "rail", "autobahn", "lake"}
        if feats & {"road", "rail", "autobahn"}:
            feats = feats - {"lake"}  # the road or railroad crosses an isthmus
        if feats & {"road", "rail", "autobahn"} and feats & {"river", "major-river"}:
            feats = feats | {"bridge"}  # K45 0.2k: a river crossed by a road or railroad
        if feats:
            hexsides.append({"between": [a, b], "features": sorted(feats)})
    by_terrain: dict[str, list[str]] = {}
    for lab, t in sorted(terrain.items()):
        if t != "clear":
            by_terrain.setdefault(t, []).append(lab)
    by_feature: dict[str, list[str]] = {}
    for lab, fs in sorted(features.items()):
        for f in sorted(fs):
            by_feature.setdefault(f, []).append(lab)
    return {
        "kind": "hex",
        "name": "East Prussia and northern Poland, January 1945 (reconstruction)",
        "columns": COLUMNS,
        "rows": ROWS,
        "orientation": "flat",
        "shifted": "odd",
        "labels": "digits",
        "default_terrain": "clear",
        "terrain": by_terrain,
        "features": by_feature,
        "attributes": dict(sorted(attributes.items())),
        "hexsides": hexsides,
    }


def half_hexes() -> list[str]:
    """K45 0.2a: the half-hexes of the reconstruction (provisional: the published map is not in
    our sources): the map-edge hex where a road leaves the map, unless it is a supply source,
    an entry area or a place (those stay full hexes)."""
    taken = {label(clamp(hex_at(lat, lon))) for lat, lon in [*SOURCES.values(), *ENTRIES.values()]}
    taken |= {label(hex_at(lat, lon)) for lat, lon, _ in PLACES.values()}
    out = set()
    for road in ROADS:
        end = road[-1]
        if isinstance(end, str):
            continue
        h = clamp(hex_at(*end))
        if len([n for n in h.neighbours() if LAYOUT.on_map(n)]) < 6 and label(h) not in taken:
            out.add(label(h))
    return sorted(out)


def place(lat: float, lon: float) -> str:
    return label(clamp(hex_at(lat, lon)))


_NO_SETUP: set[str] = set()


def no_setup_hexes() -> set[str]:
    """Labels of the hexes no unit sets up in: water (sea, haffs), frozen lakes and half-hexes
    (K45 0.2a) of the reconstructed map."""
    if not _NO_SETUP:
        m = build_map()
        terrain, features = m["terrain"], m["features"]
        assert isinstance(terrain, dict) and isinstance(features, dict)
        _NO_SETUP.update(terrain.get("water", ()), terrain.get("lake", ()))
        _NO_SETUP.update(features.get("half-hex", ()))
    return _NO_SETUP


# --- TOML output ------------------------------------------------------------------------------
def _value(v: object) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_value(x)}" for k, x in v.items()) + " }"
    raise TypeError(type(v))


def _key(k: str) -> str:
    return k if k.replace("-", "").replace("_", "").isalnum() and k.isascii() else json.dumps(k)


def map_toml() -> str:
    m = build_map()
    lines = ["[map]"]
    for k in (
        "kind",
        "name",
        "columns",
        "rows",
        "orientation",
        "shifted",
        "labels",
        "default_terrain",
    ):
        lines.append(f"{k} = {_value(m[k])}")
    for table in ("terrain", "features", "attributes"):
        lines.append("")
        lines.append(f"[map.{table}]")
        section = m[table]
        assert isinstance(section, dict)
        for k, v in section.items():
            lines.append(f"{_key(k)} = {_value(v)}")
    hexsides = m["hexsides"]
    assert isinstance(hexsides, list)
    for hs in hexsides:
        lines.append("")
        lines.append("[[map.hexsides]]")
        lines.append(f"between = {_value(hs['between'])}")
        lines.append(f"features = {_value(hs['features'])}")
    return "\n".join(lines) + "\n"


TURN_LABELS = tuple(
    f"{d} {m} 45"
    for d, m in [
        ("13-14", "Jan"),
        ("15-16", "Jan"),
        ("17-18", "Jan"),
        ("19-20", "Jan"),
        ("21-22", "Jan"),
        ("23-24", "Jan"),
        ("25-26", "Jan"),
        ("27-28", "Jan"),
        ("29-30", "Jan"),
        ("31 Jan-1", "Feb"),
        ("2-3", "Feb"),
        ("4-5", "Feb"),
    ]
)


def campaign_toml() -> str:
    """The whole campaign scenario file (the charts come from data/charts.toml)."""
    from .oob import NOTES, REINFORCEMENTS, unit_tables

    units = unit_tables(place)
    soviet = sorted({u["at"] for u in units if u["side"] == "soviet" and "at" in u})
    m = build_map()
    features = m["features"]
    assert isinstance(features, dict)
    places = {h for k in ("city", "town", "village") for h in features.get(k, ())}
    german = sorted(places - set(soviet))
    lines = [
        "# Königsberg '45: the campaign, 13 January - 5 February 1945.",
        "# Generated by `python -m wargames.konigsberg.geography` (map) and",
        "# wargames/konigsberg/oob.py (order of battle). The map is a RECONSTRUCTION from real",
        "# geography; counter values, set-up hexes and the calendar are PROVISIONAL (the",
        "# published map, counters and Turn Record Track are not in our sources). The charts",
        "# are data/charts.toml; a [charts] table here would override them key by key.",
        'title = "konigsberg"',
        'name = "campaign"',
        'description = "The Soviet attack on East Prussia, January-February 1945 (12 turns)"',
        'sides = ["german", "soviet"]',
        "",
        "[calendar]",
        f"turns = {len(TURN_LABELS)}",
        f"labels = {_value(list(TURN_LABELS))}",
        "",
        "[control]",
        f"german = {_value(german)}",
        f"soviet = {_value(soviet)}",
        "",
        "[options]",
        "",
    ]
    for u in units:
        if u["id"] in NOTES:
            lines.append(f"# {NOTES[u['id']]}")
        lines.append("[[units]]")
        for k, v in u.items():
            lines.append(f"{k} = {_value(v)}")
        lines.append("")
    for uid, (turn, area) in REINFORCEMENTS.items():
        lines.append("[[reinforcements]]")
        lines.append(f"turn = {turn}")
        lines.append(f'unit = "{uid}"')
        lines.append(f'area = "{area}"')
        lines.append("")
    return "\n".join(lines) + "\n" + map_toml()


def main() -> None:
    """Rewrite data/campaign.toml from this module and the order of battle."""
    out = Path(__file__).parent / "data" / "campaign.toml"
    out.write_text(campaign_toml(), encoding="utf-8")


if __name__ == "__main__":
    main()
