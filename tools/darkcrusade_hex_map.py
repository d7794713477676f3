"""Generate the map part of the Dark Crusade hex scenario from real geography.

A RECONSTRUCTION (the printed map is not in the rule text): pointy hexes 100 km across the flats,
hex centres projected from longitude/latitude (sinusoidal about 32 E, origin 19.3 E / 61.0 N),
terrain from rough outlines of seas, lakes, marshes, forests, hills and mountains; a river
crosses the hexside between two hexes when it cuts the segment joining their centres; rail lines
and roads follow the hex line between consecutive towns. Run it to print the [map] TOML:
``python tools/darkcrusade_hex_map.py > /tmp/map.toml``.
"""

from __future__ import annotations

import math
import sys
from itertools import pairwise

sys.path.insert(0, "src")
from wargames.core.hexgrid import Hex, HexLayout

KM = 100.0  # hex width across the flats
SIZE = KM / math.sqrt(3)
LON0, LAT0, MERIDIAN = 19.3, 61.0, 32.0
LAYOUT = HexLayout(columns=21, rows=24, orientation="pointy", shifted="odd", labels="digits")


def km(lon: float, lat: float) -> tuple[float, float]:
    x = (lon - MERIDIAN) * 111.32 * math.cos(math.radians(lat))
    x0 = (LON0 - MERIDIAN) * 111.32 * math.cos(math.radians(LAT0))
    return x - x0 + 2 * KM, (LAT0 - lat) * 111.32


def centre(h: Hex) -> tuple[float, float]:
    return KM * (h.q + h.r / 2), SIZE * 1.5 * h.r


def lonlat(h: Hex) -> tuple[float, float]:
    x, y = centre(h)
    lat = LAT0 - y / 111.32
    x0 = (LON0 - MERIDIAN) * 111.32 * math.cos(math.radians(LAT0))
    lon = MERIDIAN + (x - 2 * KM + x0) / (111.32 * math.cos(math.radians(lat)))
    return lon, lat


def hex_at(lon: float, lat: float) -> Hex:
    x, y = km(lon, lat)
    r = y / (1.5 * SIZE)
    q = x / KM - r / 2
    return _round(q, r)


def _round(fq: float, fr: float) -> Hex:
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(q, r)


def inside(pt: tuple[float, float], poly: list[tuple[float, float]]) -> bool:
    x, y = pt
    n, hit = len(poly), False
    for i in range(n):
        (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % n]
        if (y1 > y) != (y2 > y) and x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
            hit = not hit
    return hit


def crosses(a, b, c, d) -> bool:
    def orient(p, q, r):
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    return orient(a, b, c) * orient(a, b, d) < 0 and orient(c, d, a) * orient(c, d, b) < 0


# --- outlines (lon, lat) ---------------------------------------------------------------------
BALTIC = [
    (15, 53.8),
    (19.6, 54.4),
    (20.9, 55.3),
    (21.1, 56.0),
    (21.0, 56.8),
    (21.6, 57.5),
    (22.6, 57.7),
    (23.3, 57.0),
    (24.3, 57.1),
    (24.4, 58.4),
    (23.5, 58.7),
    (23.4, 59.2),
    (24.6, 59.5),
    (26, 59.6),
    (28, 59.5),
    (29.5, 59.9),
    (30.2, 59.95),
    (29.5, 60.2),
    (27.5, 60.5),
    (25, 60.3),
    (23, 60.0),
    (21, 60.5),
    (15, 62),
]
LADOGA = [(29.8, 60.0), (31.5, 60.1), (33, 60.5), (32.8, 61.8), (30.5, 61.8), (29.9, 60.7)]
ONEGA = [(34.5, 61.0), (36.5, 61.0), (36.4, 62.5), (34.5, 62.5)]
BLACK = [
    (27.5, 41),
    (28.0, 43.0),
    (28.6, 43.6),
    (28.7, 44.4),
    (29.7, 45.2),
    (30.3, 46.0),
    (31.0, 46.6),
    (32.3, 46.5),
    (33.0, 46.0),
    (32.6, 45.4),
    (33.4, 45.1),
    (33.5, 44.6),
    (34.2, 44.4),
    (35.4, 44.9),
    (36.5, 45.1),
    (37.5, 44.7),
    (38.3, 44.3),
    (39.7, 43.6),
    (41.6, 41.6),
    (41, 41),
    (27.5, 41),
]
AZOV = [
    (34.9, 45.4),
    (35.2, 46.2),
    (36.8, 46.75),
    (37.5, 47.1),
    (38.9, 47.3),
    (39.3, 47.1),
    (38.3, 46.6),
    (37.9, 45.9),
    (37.3, 45.3),
    (36.6, 45.25),
]
CASPIAN = [
    (46.8, 46.0),
    (48.0, 46.2),
    (49.5, 46.6),
    (53, 47),
    (53, 40),
    (49.5, 40),
    (48.5, 41.8),
    (47.5, 43.0),
    (47.4, 44.0),
    (46.8, 44.7),
    (47.0, 45.5),
]
PRIPET = [
    (23.8, 51.3),
    (26, 52.1),
    (28, 52.3),
    (30.5, 52.0),
    (30.4, 51.2),
    (28, 51.2),
    (26, 51.0),
    (24, 51.0),
]
VOLKHOV = [(30.8, 58.3), (32.6, 58.3), (33.0, 59.6), (31.2, 59.6)]
FOREST_N = [(27.5, 56.2), (46.5, 56.2), (46.5, 61.5), (27.5, 61.5)]
FOREST_BY = [(25.5, 53.3), (28.0, 53.3), (29.0, 55.0), (26.0, 55.0)]
BRYANSK = [(33.3, 52.7), (35.4, 52.7), (35.6, 54.1), (33.6, 54.3)]
VALDAI = [(31.8, 56.6), (34.8, 56.6), (34.8, 58.2), (31.8, 58.2)]
CARPATHIANS = [
    (21.5, 49.0),
    (23.2, 48.8),
    (24.5, 48.3),
    (25.5, 47.7),
    (25.9, 46.5),
    (26.4, 45.7),
    (25.5, 45.2),
    (24.0, 45.2),
    (22.5, 45.6),
    (22.6, 46.6),
    (23.6, 47.5),
    (22.7, 48.1),
]
CRIMEA_MTS = [(33.7, 44.45), (35.2, 44.75), (35.2, 45.0), (33.8, 44.9)]
CAUCASUS = [
    (38.5, 44.2),
    (40, 43.9),
    (42, 43.4),
    (44, 42.9),
    (46, 42.3),
    (48, 41.5),
    (46, 40.8),
    (42, 41.2),
    (39, 43.2),
]
GERMANY = [
    (15, 56),
    (21.2, 55.75),
    (22.8, 54.4),
    (22.6, 53.8),
    (22.1, 53.3),
    (22.0, 52.7),
    (23.0, 52.3),
    (23.7, 52.0),
    (24.1, 51.5),
    (24.2, 50.6),
    (23.6, 50.2),
    (22.8, 49.6),
    (22.6, 49.1),
    (15, 49.2),
]
HUNGARY = [(15, 49.2), (22.6, 49.1), (23.5, 48.6), (24.8, 47.9), (24, 47.3), (22, 46), (15, 46)]
ROMANIA = [
    (22, 46),
    (24, 47.3),
    (24.8, 47.9),
    (26.6, 48.2),
    (27.2, 47.6),
    (28.0, 47.15),
    (28.2, 46.5),
    (28.2, 45.5),
    (29.7, 45.2),
    (28.7, 44.4),
    (28.6, 43.7),
    (27.5, 44.0),
    (25, 43.6),
    (22.5, 44.2),
    (21.3, 44.8),
]
FINLAND = [
    (15, 60.2),
    (27.6, 60.45),
    (28.9, 60.6),
    (29.7, 61.0),
    (30.9, 61.3),
    (31.2, 63),
    (15, 63),
]
TURKEY = [(25, 42.0), (41.6, 41.6), (41.6, 41.0), (50, 41.0), (50, 38), (25, 38)]

RIVERS = {
    "Dvina": [
        (24.1, 57.0),
        (25.5, 56.5),
        (26.5, 55.9),
        (28.8, 55.5),
        (30.2, 55.2),
        (31.0, 55.7),
        (32.5, 56.3),
        (32.8, 56.9),
    ],
    "Dnieper": [
        (32.0, 46.6),
        (34.4, 47.6),
        (35.1, 47.85),
        (35.0, 48.45),
        (33.4, 49.07),
        (32.06, 49.44),
        (30.55, 50.45),
        (30.8, 51.9),
        (30.05, 53.1),
        (30.33, 53.9),
        (30.4, 54.5),
        (32.0, 54.78),
        (33.3, 54.9),
        (34.5, 55.5),
    ],
    "Dniester": [
        (23.0, 49.3),
        (24.7, 49.1),
        (26.5, 48.5),
        (27.8, 48.45),
        (28.8, 47.5),
        (29.6, 46.85),
        (30.3, 46.2),
    ],
    "Bug": [(27.0, 49.8), (28.5, 49.2), (30.85, 48.05), (31.3, 47.56), (32.0, 46.97), (31.9, 46.6)],
    "Berezina": [(28.3, 54.6), (28.5, 54.2), (29.2, 53.15), (30.2, 52.2)],
    "Desna": [(33.0, 54.5), (34.35, 53.25), (33.25, 52.0), (31.3, 51.5), (30.6, 50.5)],
    "Don": [
        (38.0, 53.9),
        (38.9, 52.5),
        (39.2, 51.7),
        (40.0, 50.0),
        (41.5, 49.3),
        (43.5, 48.7),
        (42.0, 47.6),
        (39.7, 47.2),
        (39.3, 47.1),
    ],
    "Upper Volga": [
        (35.9, 56.85),
        (37.5, 57.2),
        (38.8, 58.05),
        (39.9, 57.6),
        (41.0, 57.4),
        (42.5, 56.4),
        (44.0, 56.3),
        (48.0, 56.0),
    ],
    "Lower Volga": [
        (48.0, 53.0),
        (46.0, 51.5),
        (45.5, 50.5),
        (44.5, 48.7),
        (46.0, 47.5),
        (47.5, 46.5),
        (48.0, 46.35),
    ],
    "Oka": [
        (36.1, 52.97),
        (36.25, 54.5),
        (37.4, 54.9),
        (38.8, 55.1),
        (39.7, 54.6),
        (42.0, 55.6),
        (44.0, 56.3),
    ],
    "Volkhov": [(31.3, 58.3), (31.3, 58.5), (32.0, 59.4), (32.3, 60.1)],
    "Lovat": [(30.5, 56.0), (31.3, 58.2)],
    "Donets": [(36.5, 50.6), (37.3, 49.2), (38.5, 48.7), (40.0, 48.0), (40.8, 47.5)],
    "Prut": [(25.5, 48.3), (26.9, 48.1), (27.8, 47.0), (28.2, 45.5)],
    "Neman": [(26.0, 53.6), (23.8, 53.7), (23.9, 54.9), (22.0, 55.1), (21.2, 55.3)],
    "Western Bug": [(24.3, 50.5), (23.65, 52.1), (22.6, 52.6), (21.0, 52.5)],
    "Danube": [(22.5, 44.6), (25, 43.7), (27.5, 44.1), (28.0, 45.4), (29.7, 45.2)],
}

# name: (lon, lat, kinds)
PLACES = {
    "Koenigsberg": (20.51, 54.71, "city major"),
    "Warsaw": (21.01, 52.23, "city major victory"),
    "Lublin": (22.57, 51.25, "city"),
    "Krakow": (19.94, 50.06, "city"),
    "Bucharest": (26.10, 44.43, "city major victory"),
    "Ploesti": (26.02, 44.94, "city oil"),
    "Constanta": (28.65, 44.17, "city port"),
    "Jassy": (27.6, 47.16, "city"),
    "Riga": (24.1, 56.95, "city major port"),
    "Tallinn": (24.75, 59.44, "city port"),
    "Kaunas": (23.9, 54.9, "city"),
    "Vilnius": (25.28, 54.69, "city"),
    "Daugavpils": (26.5, 55.88, "town"),
    "Pskov": (28.33, 57.82, "city"),
    "Leningrad": (30.31, 59.94, "city major victory fortress port factory"),
    "Novgorod": (31.27, 58.52, "city"),
    "Tikhvin": (33.6, 59.64, "town"),
    "Velikiye Luki": (30.53, 56.34, "town"),
    "Polotsk": (28.8, 55.49, "town"),
    "Vitebsk": (30.2, 55.19, "city"),
    "Grodno": (23.83, 53.68, "town"),
    "Bialystok": (23.16, 53.13, "city"),
    "Brest": (23.69, 52.1, "city fortress"),
    "Baranovichi": (26.0, 53.13, "town"),
    "Minsk": (27.56, 53.9, "city major"),
    "Orsha": (30.4, 54.5, "town"),
    "Mogilev": (30.33, 53.9, "town"),
    "Bobruisk": (29.22, 53.14, "town"),
    "Gomel": (31.0, 52.43, "city"),
    "Smolensk": (32.04, 54.78, "city victory"),
    "Vyazma": (34.3, 55.21, "town"),
    "Rzhev": (34.33, 56.26, "town"),
    "Kalinin": (35.9, 56.86, "city"),
    "Moscow": (37.62, 55.75, "city major victory factory"),
    "Tula": (37.62, 54.19, "city"),
    "Kaluga": (36.25, 54.51, "town"),
    "Ryazan": (39.7, 54.63, "city"),
    "Yaroslavl": (39.89, 57.63, "city"),
    "Vologda": (39.89, 59.22, "town"),
    "Gorky": (44.0, 56.33, "city major factory"),
    "Bryansk": (34.36, 53.25, "city"),
    "Orel": (36.07, 52.97, "city"),
    "Kursk": (36.19, 51.73, "city"),
    "Voronezh": (39.2, 51.67, "city victory"),
    "Tambov": (41.45, 52.72, "town"),
    "Saratov": (46.03, 51.53, "city major"),
    "Lvov": (24.03, 49.84, "city major"),
    "Przemysl": (22.77, 49.78, "town fortress"),
    "Rovno": (26.25, 50.62, "town"),
    "Kovel": (24.7, 51.21, "town"),
    "Zhitomir": (28.66, 50.25, "city"),
    "Kiev": (30.52, 50.45, "city major victory"),
    "Chernigov": (31.3, 51.49, "town"),
    "Konotop": (33.2, 51.24, "town"),
    "Vinnitsa": (28.47, 49.23, "city"),
    "Uman": (30.22, 48.75, "town"),
    "Odessa": (30.73, 46.48, "city major victory fortress port"),
    "Nikolaev": (31.99, 46.97, "city port"),
    "Kremenchug": (33.42, 49.07, "town"),
    "Poltava": (34.55, 49.59, "city"),
    "Kharkov": (36.23, 50.0, "city major factory"),
    "Dnepropetrovsk": (35.05, 48.46, "city major"),
    "Zaporozhye": (35.14, 47.84, "city"),
    "Stalino": (37.8, 48.0, "city"),
    "Mariupol": (37.55, 47.1, "city port"),
    "Rostov": (39.72, 47.23, "city major victory port"),
    "Sevastopol": (33.52, 44.6, "city victory fortress port"),
    "Kerch": (36.47, 45.36, "town port"),
    "Krasnodar": (38.98, 45.04, "city"),
    "Novorossiysk": (37.77, 44.72, "town port"),
    "Armavir": (41.12, 45.0, "town"),
    "Stalingrad": (44.5, 48.71, "city major victory fortress factory"),
    "Millerovo": (40.4, 48.92, "town"),
    "Kotelnikovo": (43.15, 47.63, "town"),
    "Grozny": (45.69, 43.32, "city oil"),
    "Elista": (44.27, 46.31, "town"),
}

RAILS = [
    ["Koenigsberg", "Kaunas", "Daugavpils", "Pskov", "Leningrad"],
    ["Riga", "Daugavpils", "Polotsk", "Vitebsk", "Smolensk"],
    ["Tallinn", "Leningrad"],
    ["Warsaw", "Brest", "Baranovichi", "Minsk", "Orsha", "Smolensk", "Vyazma", "Moscow"],
    ["Warsaw", "Bialystok", "Grodno", "Vilnius", "Daugavpils"],
    ["Koenigsberg", "Warsaw"],
    ["Vilnius", "Minsk", "Bobruisk", "Gomel", "Bryansk", "Kaluga", "Moscow"],
    ["Leningrad", "Novgorod", "Kalinin", "Moscow"],
    ["Leningrad", "Tikhvin", "Vologda", "Yaroslavl", "Moscow"],
    ["Velikiye Luki", "Rzhev", "Moscow"],
    ["Pskov", "Velikiye Luki", "Polotsk"],
    ["Moscow", "Gorky"],
    ["Moscow", "Ryazan", "Tambov", "Saratov"],
    ["Ryazan", "Voronezh", "Millerovo", "Rostov"],
    ["Moscow", "Tula", "Orel", "Kursk", "Kharkov", "Dnepropetrovsk", "Zaporozhye", "Sevastopol"],
    ["Kharkov", "Stalino", "Rostov"],
    ["Saratov", "Stalingrad", "Kotelnikovo", "Rostov"],
    ["Rostov", "Krasnodar", "Novorossiysk"],
    ["Krasnodar", "Armavir", "Grozny"],
    ["Warsaw", "Lublin", "Kovel", "Rovno", "Zhitomir", "Kiev"],
    ["Krakow", "Przemysl", "Lvov", "Rovno"],
    ["Brest", "Kovel"],
    ["Lvov", "Zhitomir"],
    ["Kiev", "Chernigov", "Gomel"],
    ["Kiev", "Konotop", "Bryansk"],
    ["Kiev", "Poltava", "Kharkov"],
    ["Zhitomir", "Vinnitsa", "Uman", "Kremenchug", "Dnepropetrovsk"],
    ["Vinnitsa", "Odessa"],
    ["Odessa", "Nikolaev", "Dnepropetrovsk"],
    ["Bucharest", "Ploesti", "Jassy", "Odessa"],
    ["Bucharest", "Constanta"],
    ["Stalino", "Mariupol"],
    ["Kerch", "Sevastopol"],
    ["Orel", "Bryansk"],
    ["Kursk", "Voronezh"],
]
ROADS = [
    ["Brest", "Minsk", "Smolensk", "Vyazma", "Moscow"],
    ["Moscow", "Kalinin", "Novgorod", "Leningrad"],
    ["Moscow", "Tula", "Orel", "Kursk", "Kharkov", "Rostov"],
    ["Lvov", "Zhitomir", "Kiev", "Poltava", "Kharkov"],
    ["Warsaw", "Brest"],
]


def main() -> None:
    index = {LAYOUT.label(h): h for h in LAYOUT.hexes()}
    ll = {lab: lonlat(h) for lab, h in index.items()}
    omit, terrain, feats = [], {}, {}
    for lab, pt in ll.items():
        balkans = pt[1] < 45.6 and pt[0] < 29 and not inside(pt, ROMANIA)
        if inside(pt, FINLAND) or inside(pt, TURKEY) or pt[0] < 19.5 or balkans:
            omit.append(lab)
            continue
        for name, poly in (
            ("baltic", BALTIC),
            ("black-sea", BLACK),
            ("azov", AZOV),
            ("caspian", CASPIAN),
            ("lake", LADOGA),
            ("lake", ONEGA),
        ):
            if inside(pt, poly):
                terrain[lab] = name
                break
        else:
            if inside(pt, CARPATHIANS) or inside(pt, CRIMEA_MTS) or inside(pt, CAUCASUS):
                terrain[lab] = "mountain"
            elif inside(pt, PRIPET):
                terrain[lab] = "swamp"
            elif inside(pt, VOLKHOV):
                terrain[lab] = "swamp-forest"
            elif inside(pt, VALDAI):
                terrain[lab] = "hills"
            elif inside(pt, FOREST_N) or inside(pt, FOREST_BY) or inside(pt, BRYANSK):
                terrain[lab] = "forest"
        for name, poly in (("germany", GERMANY), ("hungary", HUNGARY), ("romania", ROMANIA)):
            if inside(pt, poly) and terrain.get(lab) not in ("baltic", "black-sea"):
                feats.setdefault(name, []).append(lab)
    water = {"baltic", "black-sea", "azov", "caspian", "lake"}
    places = {}
    attrs = {}
    where = {}
    for name, (lon, lat, kinds) in PLACES.items():
        lab = LAYOUT.label(hex_at(lon, lat))
        if lab in omit or terrain.get(lab) in water:
            # nudge to the nearest land hex of the map
            h = hex_at(lon, lat)
            best = min(
                (
                    n
                    for n in (h, *h.neighbours())
                    if LAYOUT.label(n) in index
                    and LAYOUT.label(n) not in omit
                    and terrain.get(LAYOUT.label(n)) not in water
                ),
                key=lambda n: math.dist(centre(n), km(lon, lat)),
            )
            lab = LAYOUT.label(best)
        if lab in places:
            print(f"# {name} shares {lab} with {places[lab]}", file=sys.stderr)
            attrs[lab]["name"] += "-" + name
        else:
            attrs[lab] = {"name": name}
        places[lab] = name
        where[name] = lab
        for k in kinds.split():
            feats.setdefault(k, []).append(lab)
    present = [lab for lab in index if lab not in omit]
    land = [lab for lab in present if terrain.get(lab) not in water]
    sides: dict[tuple[str, str], set[str]] = {}
    for lab in land:
        h = index[lab]
        for n in h.neighbours():
            nl = LAYOUT.label(n)
            if nl not in index or nl in omit or nl < lab:
                continue
            if terrain.get(nl) in water:
                continue
            a, b = centre(h), centre(n)
            for line in RIVERS.values():
                pts = [km(*p) for p in line]
                if any(crosses(a, b, p, q) for p, q in pairwise(pts)):
                    sides.setdefault((lab, nl), set()).add("river")

    def trace(names, feature):
        for x, y in pairwise(names):
            path = index[where[x]].line_to(index[where[y]])
            for u, v in pairwise(path):
                ul, vl = LAYOUT.label(u), LAYOUT.label(v)
                if ul == vl or ul in omit or vl in omit:
                    continue
                if terrain.get(ul) in water or terrain.get(vl) in water:
                    continue
                key = (ul, vl) if ul < vl else (vl, ul)
                sides.setdefault(key, set()).add(feature)

    for line in RAILS:
        trace(line, "rail")
    for line in ROADS:
        trace(line, "road")
    # coast: land next to sea; port features given above
    coast = []
    for lab in land:
        if any(
            terrain.get(LAYOUT.label(n)) in ("baltic", "black-sea", "azov")
            for n in index[lab].neighbours()
        ):
            coast.append(lab)
    feats["coast"] = coast
    # map edges for supply and arrivals
    east = [lab for lab in land if LAYOUT.to_offset(index[lab])[0] == LAYOUT.columns - 1]
    feats["east-edge"] = east
    out = [
        "[map]",
        'kind = "hex"',
        f"columns = {LAYOUT.columns}",
        f"rows = {LAYOUT.rows}",
        'orientation = "pointy"',
        'shifted = "odd"',
        'labels = "digits"',
        'default_terrain = "clear"',
        f"omit = {sorted(omit)!r}".replace("'", '"'),
        "",
        "[map.terrain]",
    ]
    by_t = {}
    for lab, t in terrain.items():
        by_t.setdefault(t, []).append(lab)
    for t in sorted(by_t):
        out.append(f'"{t}" = {sorted(by_t[t])!r}'.replace("'", '"'))
    out += ["", "[map.features]"]
    for f in sorted(feats):
        out.append(f'"{f}" = {sorted(set(feats[f]))!r}'.replace("'", '"'))
    out += ["", "[map.attributes]"]
    for lab in sorted(attrs):
        out.append(f'"{lab}" = {{ name = "{attrs[lab]["name"]}" }}')
    for (a, b), fs in sorted(sides.items()):
        out += [
            "",
            "[[map.hexsides]]",
            f'between = ["{a}", "{b}"]',
            f"features = {sorted(fs)!r}".replace("'", '"'),
        ]
    for lab in land:
        LAND[lab] = True
    AXIS_LAND.update(*(feats.get(f, []) for f in ("germany", "romania", "hungary")))
    print("\n".join(out + oob()))


# --- order of battle (provisional values and places, see docs/rules/darkcrusade-hex.md) -----
# id: (side, type, attack, defence, omf, flags, nationality, lon, lat, name)
GERMAN = [
    ("18A", "army", (5, 3), (5, 3), 3, "army", 22.4, 55.3, "18. Armee"),
    ("16A", "army", (5, 3), (5, 3), 3, "army", 22.1, 54.6, "16. Armee"),
    ("9A", "army", (5, 3), (5, 3), 3, "army", 22.4, 53.6, "9. Armee"),
    ("4A", "army", (5, 3), (5, 3), 3, "army", 22.9, 52.0, "4. Armee"),
    ("6A", "army", (5, 3), (5, 3), 3, "army", 23.8, 50.9, "6. Armee"),
    ("17A", "army", (5, 3), (5, 3), 3, "army", 22.9, 49.9, "17. Armee"),
    ("11A", "army", (5, 3), (5, 3), 3, "army rm", 26.9, 47.3, "11. Armee"),
    ("I", "korps", 3, 3, 4, "infantry korps", 21.3, 54.9, "I. Armeekorps"),
    ("XX", "korps", 3, 3, 4, "infantry korps", 21.3, 53.3, "XX. Armeekorps"),
    ("XIII", "korps", 3, 3, 4, "infantry korps", 21.5, 52.2, "XIII. Armeekorps"),
    ("LV", "korps", 3, 3, 4, "infantry korps", 22.5, 50.7, "LV. Armeekorps"),
    ("XXX", "korps", 3, 3, 4, "infantry korps rm", 27.2, 46.6, "XXX. Armeekorps"),
    ("LIV", "korps", 3, 3, 4, "infantry korps rm", 27.0, 45.6, "LIV. Armeekorps"),
    (
        "XXXXI",
        "korps",
        (4, 2),
        (3, 2),
        5,
        "motorized korps",
        21.9,
        55.4,
        "XXXXI. Mot.Korps (4.PzGp)",
    ),
    ("LVI", "korps", (4, 2), (3, 2), 5, "motorized korps", 21.8, 54.9, "LVI. Mot.Korps (4.PzGp)"),
    (
        "XXXIX",
        "korps",
        (4, 2),
        (3, 2),
        5,
        "motorized korps",
        22.5,
        54.2,
        "XXXIX. Mot.Korps (3.PzGp)",
    ),
    ("LVII", "korps", (4, 2), (3, 2), 5, "motorized korps", 22.2, 53.9, "LVII. Mot.Korps (3.PzGp)"),
    ("XXIV", "korps", (4, 2), (3, 2), 5, "motorized korps", 23.3, 51.8, "XXIV. Mot.Korps (2.PzGp)"),
    (
        "XXXXVII",
        "korps",
        (4, 2),
        (3, 2),
        5,
        "motorized korps",
        22.6,
        52.4,
        "XXXXVII. Mot.Korps (2.PzGp)",
    ),
    ("III", "korps", (4, 2), (3, 2), 5, "motorized korps", 23.9, 50.6, "III. Mot.Korps (1.PzGp)"),
    (
        "XXXXVIII",
        "korps",
        (4, 2),
        (3, 2),
        5,
        "motorized korps",
        23.5,
        50.3,
        "XXXXVIII. Mot.Korps (1.PzGp)",
    ),
    ("1Pz", "division", 2, 2, 6, "panzer division", 21.9, 55.4, "1. Panzer-Division"),
    ("7Pz", "division", 2, 2, 6, "panzer division", 22.5, 54.2, "7. Panzer-Division"),
    ("3Pz", "division", 2, 2, 6, "panzer division", 23.3, 51.8, "3. Panzer-Division"),
    ("11Pz", "division", 2, 2, 6, "panzer division", 23.9, 50.6, "11. Panzer-Division"),
    ("SS-R", "division", 2, 2, 5, "ss motorized division", 22.6, 52.4, "SS-Division Reich"),
    ("SS-LAH", "division", 2, 2, 5, "ss motorized division", 23.5, 50.3, "Leibstandarte SS AH"),
]
ALLIES = [
    ("3RoA", "army", 3, 3, 3, "army", "romanian", 26.6, 47.7, "3rd Romanian Army"),
    ("4RoA", "army", 3, 3, 3, "army", "romanian", 27.8, 45.9, "4th Romanian Army"),
    (
        "HuMob",
        "korps",
        2,
        2,
        4,
        "motorized korps",
        "hungarian",
        23.9,
        48.3,
        "Hungarian Mobile Corps",
    ),
]
# hidden rifle armies on the map (identity drawn at first combat), then the border tank korps
HIDDEN_AT = [
    (23.3, 55.9),
    (24.0, 54.9),
    (25.3, 54.7),
    (23.9, 53.6),
    (23.0, 53.1),
    (23.9, 52.3),
    (26.0, 53.1),
    (27.56, 53.9),
    (24.7, 51.3),
    (24.0, 49.84),
    (25.2, 49.5),
    (26.25, 50.62),
    (28.66, 50.25),
    (30.52, 50.45),
    (26.9, 48.3),
    (28.3, 47.3),
    (30.7, 46.5),
    (30.31, 59.94),
    (32.04, 54.78),
    (37.62, 55.75),
    (26.5, 55.9),
]
TANKS_AT = [
    (23.6, 55.2),
    (24.5, 54.3),
    (24.4, 53.3),
    (24.2, 52.6),
    (25.0, 51.9),
    (25.0, 50.6),
    (25.2, 50.0),
    (26.0, 49.0),
    (27.8, 48.1),
    (29.3, 46.8),
    (27.0, 55.5),
    (28.5, 54.0),
    (28.0, 50.9),
    (29.5, 49.5),
]
ELITE_AT = [
    (27.56, 53.9),
    (30.52, 50.45),
    (30.0, 55.2),
    (26.25, 50.62),
    (28.66, 50.25),
    (31.0, 52.4),
    (36.2, 50.0),
    (30.3, 59.9),
    (32.0, 54.8),
    (37.6, 55.7),
]
# DCH: Setup (Sorting Russian Arrays): 10 rifle armies and 10 tank korps cover the border hexes
# with Rumania and Germany; the extra units go one on each city and fortress back from the
# border. These units leave their historical places above for that (chosen by covering every
# border hex with the units already next to it and moving the fewest, each extra to the
# nearest free city or fortress).
SORTED = {
    "H07": "0606",
    "H16": "0816",
    "H21": "0805",
    "T02": "0603",
    "T11": "1004",
    "T12": "1111",
    "T13": "1019",
    "T14": "1216",
    "T15": "1311",
    "T16": "1217",
    "T19": "1313",
    "T22": "1306",
    "T23": "1410",
    "T24": "1509",
}
# air units: id, side, name, airfield, close air support shifts, range
AIR = [
    ("I.FK", "axis", "I. Fliegerkorps (Luftflotte 1)", "0310", 2, 6, "air fliegerkorps"),
    ("II.FK", "axis", "II. Fliegerkorps (Luftflotte 2)", "0412", 2, 6, "air fliegerkorps"),
    ("VIII.FK", "axis", "VIII. Fliegerkorps (Luftflotte 2)", "0313", 3, 6, "air fliegerkorps"),
    ("V.FK", "axis", "V. Fliegerkorps (Luftflotte 4)", "0414", 2, 6, "air fliegerkorps"),
    ("IV.FK", "axis", "IV. Fliegerkorps (Luftflotte 4)", "0621", 2, 6, "air fliegerkorps"),
    ("VVS-NW", "russian", "North-Western Front air force", "0606", 1, 4, "air front-air"),
    ("VVS-W", "russian", "Western Front air force", "0710", 1, 4, "air front-air"),
    ("VVS-SW", "russian", "South-Western Front air force", "0915", 1, 4, "air front-air"),
    ("VVS-S", "russian", "Southern Front air force", "0920", 1, 4, "air front-air"),
    ("6.IAK", "russian", "6. Interceptor Korps (Moscow)", "1408", 0, 3, "air interceptor"),
    ("7.IAK", "russian", "7. Interceptor Korps (Leningrad)", "0902", 0, 3, "air interceptor"),
]
PARAS = [
    ("P1", 30.31, 59.94),
    ("P3", 27.56, 53.9),
    ("P5", 30.52, 50.45),
    ("P2", 30.73, 46.48),
    ("P4", 37.62, 55.75),
]


def oob() -> list[str]:
    index = {LAYOUT.label(h): h for h in LAYOUT.hexes()}
    out: list[str] = []
    load: dict[str, int] = {}

    kinds: dict[str, list[str]] = {}

    def place(lon: float, lat: float, limit: int, kind: str = "", axis: bool = False) -> str:
        """The nearest land hex of the side's own country with room (the Axis: 1 army and 1
        motorized korps a hex)."""
        h = hex_at(lon, lat)
        for radius in range(6):
            ring = [h] if radius == 0 else h.ring(radius)
            ring = sorted(ring, key=lambda n: math.dist(centre(n), km(lon, lat)))
            for n in ring:
                lab = LAYOUT.label(n)
                if not (lab in index and LAND.get(lab) and load.get(lab, 0) < limit):
                    continue
                if (lab in AXIS_LAND) != axis:
                    continue
                if kind and kind in kinds.get(lab, []):
                    continue
                load[lab] = load.get(lab, 0) + 1
                kinds.setdefault(lab, []).append(kind)
                return lab
        raise SystemExit(f"no room near {lon},{lat}")

    def sorted_place(uid: str, lon: float, lat: float) -> str:
        """A Russian army or tank korps: its place in SORTED, or the nearest with room."""
        if uid not in SORTED:
            return place(lon, lat, 1 if uid.startswith("H") else 2)
        lab = SORTED[uid]
        load[lab] = load.get(lab, 0) + 1
        kinds.setdefault(lab, []).append("")
        return lab

    def kind_of(typ: str, flags: str) -> str:
        if typ == "army":
            return "army"
        if typ == "korps" and "motorized" in flags.split():
            return "motorized"
        return ""

    def unit(uid, side, typ, att, dfn, omf, flags, nat, where, name, box=None):
        a = list(att) if isinstance(att, tuple) else att
        d = list(dfn) if isinstance(dfn, tuple) else dfn
        m = [omf] * len(a) if isinstance(a, list) else omf
        lines = [
            "",
            "[[units]]",
            f'id = "{uid}"',
            f'side = "{side}"',
            f'type = "{typ}"',
            f'name = "{name}"',
            f'nationality = "{nat}"',
            f"attack = {a}",
            f"defence = {d}",
            f"movement = {m}",
            f"flags = {sorted(flags.split())!r}".replace("'", '"'),
        ]
        lines.append(f'box = "{box}"' if box else f'at = "{where}"')
        out.extend(lines)

    for uid, typ, a, d, omf, flags, lon, lat, name in GERMAN:
        at = place(lon, lat, 3, kind_of(typ, flags), axis=True)
        unit(uid, "axis", typ, a, d, omf, flags, "german", at, name)
    for uid, typ, a, d, omf, flags, nat, lon, lat, name in ALLIES:
        at = place(lon, lat, 3, kind_of(typ, flags) + ":" + nat, axis=True)
        unit(uid, "axis", typ, a, d, omf, flags, nat, at, name)
    unit(
        "2A",
        "axis",
        "army",
        (5, 3),
        (5, 3),
        3,
        "army",
        "german",
        "",
        "2. Armee",
        box="reinforcements",
    )
    load.clear()
    for i, (lon, lat) in enumerate(HIDDEN_AT, 1):
        unit(
            f"H{i:02d}",
            "russian",
            "army",
            2,
            2,
            3,
            "army rifle hidden",
            "russian",
            sorted_place(f"H{i:02d}", lon, lat),
            f"hidden rifle army {i}",
        )
    for i in range(len(HIDDEN_AT) + 1, 43):
        unit(
            f"H{i:02d}",
            "russian",
            "army",
            2,
            2,
            3,
            "army rifle hidden",
            "russian",
            "",
            f"hidden rifle army {i}",
            box="reinforcements",
        )
    for i, (lon, lat) in enumerate(TANKS_AT, 1):
        a, d = (3, 2) if i <= 6 else (2, 1)
        unit(
            f"T{i:02d}",
            "russian",
            "korps",
            a,
            d,
            4,
            "korps tank mech red",
            "russian",
            sorted_place(f"T{i:02d}", lon, lat),
            f"{'3-2' if i <= 6 else '2-1'} mech korps {i}",
        )
    for i, (lon, lat) in enumerate(ELITE_AT, len(TANKS_AT) + 1):
        unit(
            f"T{i:02d}",
            "russian",
            "korps",
            2,
            1,
            4,
            "korps tank mech red elite-group",
            "russian",
            sorted_place(f"T{i:02d}", lon, lat),
            f"face-down mech korps {i}",
        )
    for uid, lon, lat in PARAS:
        unit(
            uid,
            "russian",
            "korps",
            1,
            1,
            5,
            "korps parachute red",
            "russian",
            place(lon, lat, 2),
            f"{uid[1]}. Parachute Korps",
        )
    unit(
        "P5b",
        "russian",
        "korps",
        1,
        1,
        5,
        "korps parachute red",
        "russian",
        "",
        "5. Parachute Korps (second)",
        box="reinforcements",
    )
    unit(
        "Kat1",
        "russian",
        "regiment",
        1,
        1,
        5,
        "katyusha no-stack",
        "russian",
        place(37.62, 55.75, 9),
        "1. Katyusha Regiment",
    )
    unit(
        "MMRD",
        "russian",
        "division",
        1,
        1,
        5,
        "division motorized moscow",
        "russian",
        place(37.62, 55.75, 9),
        "1. Moscow Motorized Rifle Division",
    )
    for i in range(1, 5):
        unit(
            f"S{i}",
            "russian",
            "army",
            4,
            4,
            3,
            "army shock siberian red",
            "russian",
            "",
            f"{i}. Siberian Shock Army",
            box="siberia",
        )
    # PROVISIONAL: weak infantry/rifle divisions that may survive a DE (counts not in the text)
    for i in range(1, 5):
        unit(
            f"WD{i}",
            "axis",
            "division",
            1,
            1,
            4,
            "division infantry weak",
            "german",
            "",
            f"weak infantry division {i}",
            box="weak-divisions",
        )
    for i in range(1, 9):
        unit(
            f"WR{i}",
            "russian",
            "division",
            1,
            1,
            3,
            "division rifle weak",
            "russian",
            "",
            f"weak rifle division {i}",
            box="weak-divisions",
        )
    for uid, side, name, base, cas, rng, flags in AIR:
        out.extend(
            [
                "",
                "[[units]]",
                f'id = "{uid}"',
                f'side = "{side}"',
                'type = "air"',
                f'name = "{name}"',
                f'nationality = "{"german" if side == "axis" else side}"',
                "attack = 0",
                "defence = 0",
                "movement = 0",
                f"flags = {sorted(flags.split())!r}".replace("'", '"'),
                'box = "air"',
                f'values = {{ base = "{base}", cas = {cas}, range = {rng} }}',
            ]
        )
    for i in (1, 2):
        unit(
            f"RG{i}",
            "russian",
            "regiment",
            0,
            1,
            3,  # DCH: OMFs: "All other Russian or Axis units 3"
            "railway-gun no-stack",
            "russian",
            "",
            f"Leningrad Railway Gun {i}",
            box="reinforcements",
        )
    return out


LAND: dict[str, bool] = {}
AXIS_LAND: set[str] = set()


if __name__ == "__main__":
    main()
