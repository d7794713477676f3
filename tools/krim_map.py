"""Generate Krim's scenario files (src/wargames/krim/data/*.toml): the Crimea hex map
reconstructed from real geography, with tools/krim_oob.py and tools/krim_charts.toml."""

import math
import sys
from itertools import pairwise
from pathlib import Path

from wargames.core.hexgrid import HexLayout

COLS, ROWS = 24, 22
D = 13.0  # km between hex centres (row spacing); flat-top columns 0.866 D apart
LAY = HexLayout(COLS, ROWS, orientation="flat", shifted="odd", labels="letter-column")
SEV = (44.62, 33.53)
KX = 78.7  # km per degree of longitude at 45N
KY = 111.0


def centre(col, row):
    # rows count from the SOUTH edge (row 1 southmost); odd printed columns half a row north
    x = col * 0.866 * D
    y = row * D + (D / 2 if col % 2 == 0 else 0)  # printed column A (index 0) is odd -> shifted
    return x, y


# anchor: C7 (col 2,row 6) at Sevastopol
ax, ay = centre(2, 6)


def latlon(col, row):
    x, y = centre(col, row)
    return SEV[0] + (y - ay) / KY, SEV[1] + (x - ax) / KX


CRIMEA = [
    (46.17, 33.60),
    (46.10, 33.50),
    (45.97, 33.25),
    (45.90, 32.95),
    (45.55, 32.55),
    (45.35, 32.48),
    (45.30, 32.75),
    (45.20, 33.05),
    (45.19, 33.37),
    (45.12, 33.60),
    (44.95, 33.60),
    (44.78, 33.55),
    (44.63, 33.53),
    (44.58, 33.38),
    (44.50, 33.45),
    (44.48, 33.62),
    (44.39, 33.78),
    (44.43, 34.00),
    (44.50, 34.17),
    (44.67, 34.41),
    (44.80, 34.75),
    (44.85, 34.97),
    (45.00, 35.20),
    (45.03, 35.40),
    (44.98, 35.60),
    (45.00, 35.85),
    (45.03, 36.20),
    (45.12, 36.45),
    (45.25, 36.45),
    (45.35, 36.50),
    (45.40, 36.62),
    (45.47, 36.40),
    (45.45, 36.10),
    (45.47, 35.85),
    (45.38, 35.70),
    (45.33, 35.50),
    (45.30, 35.35),
    (45.40, 35.05),
    (45.55, 34.85),
    (45.75, 34.70),
    (45.95, 34.55),
    (46.08, 34.45),
    (46.08, 34.30),
    (45.90, 34.25),
    (45.92, 34.00),
    (46.05, 33.88),
    (46.17, 33.80),
]
MAINLAND_LAT = 46.20


def inside(lat, lon, poly):
    c = False
    n = len(poly)
    for i in range(n):
        y1, x1 = poly[i]
        y2, x2 = poly[(i + 1) % n]
        if (y1 > lat) != (y2 > lat):
            xi = x1 + (lat - y1) * (x2 - x1) / (y2 - y1)
            if lon < xi:
                c = not c
    return c


PLACES = {
    "Perekop": (46.15, 33.69),
    "Armyansk": (46.10, 33.70),
    "Ishun": (45.93, 33.83),
    "Dzhankoi": (45.71, 34.39),
    "Simferopol": (44.95, 34.10),
    "Sevastopol": SEV,
    "Bakhchisaray": (44.75, 33.86),
    "Yevpatoria": (45.19, 33.37),
    "Saky": (45.13, 33.60),
    "Yalta": (44.50, 34.17),
    "Alushta": (44.67, 34.41),
    "Karasubazar": (45.05, 34.60),
    "Stary Krym": (45.03, 35.09),
    "Feodosiya": (45.03, 35.38),
    "Vladislavovka": (45.16, 35.36),
    "Parpach": (45.23, 35.58),
    "Ak-Monai": (45.33, 35.45),
    "Kerch": (45.35, 36.47),
    "Kamysh-Burun": (45.27, 36.42),
    "Sudak": (44.85, 34.97),
    "Balaklava": (44.50, 33.60),
    "Chongar": (46.02, 34.45),
    "Genichesk": (46.17, 34.82),
    "Kalanchak": (46.25, 33.30),
    "Novo-Alekseyevka": (46.25, 34.60),
    "Inkerman": (44.61, 33.61),
    "Mekenziya": (44.67, 33.65),
    "Kurman-Kemelchi": (45.55, 34.10),
    "Sarabuz": (45.15, 34.05),
    "Freidorf": (45.35, 33.55),
    "Tarkhankut": (45.35, 32.55),
    "Yenikale": (45.38, 36.60),
    "Marfovka": (45.17, 36.05),
    "Arabat": (45.30, 35.45),
    "Islam-Terek": (45.15, 35.20),
    "Tomashevka": (46.05, 33.55),
}


def nearest(lat, lon):
    best = None
    for col in range(COLS):
        for row in range(ROWS):
            la, lo = latlon(col, row)
            d = math.hypot((la - lat) * KY, (lo - lon) * KX)
            if best is None or d < best[0]:
                best = (d, col, row)
    return best[1], best[2]


def label(col, row):
    # printed row numbers count from the south: row index 0 -> printed 1 (kernel prints top-down,
    # so the map is drawn south-up)
    return LAY.label(LAY.to_hex(col, row))


kind = {}
for col in range(COLS):
    for row in range(ROWS):
        lat, lon = latlon(col, row)
        if inside(lat, lon, CRIMEA) or (lat >= MAINLAND_LAT and 33.0 <= lon <= 35.1):
            kind[(col, row)] = "land"
        elif lat > 45.6 and 33.85 < lon < 35.1 and lat < MAINLAND_LAT:
            kind[(col, row)] = "lagoon"
        else:
            kind[(col, row)] = "sea"
place_hex = {}
for name, (la, lo) in PLACES.items():
    c, r = nearest(la, lo)
    kind[(c, r)] = "land"
    place_hex[name] = (c, r)
# The Chongar crossing (PROVISIONAL): the railway from Novo-Alekseyevka and the road cross the
# Sivash at Chongar by the Chongar bridges; the reconstructed coastline leaves lagoon between the
# mainland (J21) and Chongar (I19), so the hex the railway crosses is made land: units can enter
# and take it, and the railroad artillery (German-controlled rail only) can follow the line into
# the Crimea (review 7). Marsh, like the Sivash shore; named in [map.attributes] with a
# provisional note.
CHONGAR_CROSSING = "J20"
CHONGAR_NOTE = (
    "the Sivash crossing at Chongar (rail and road bridges): a marsh hex so the Chongar line can "
    "be taken and used; the reconstructed coastline alone leaves it lagoon"
)
kind[next(k for k in kind if label(*k) == CHONGAR_CROSSING)] = "land"
assert label(*place_hex["Sevastopol"]) == "C7", label(*place_hex["Sevastopol"])
print(sum(1 for v in kind.values() if v == "land"), "land")
for n, (c, r) in sorted(place_hex.items()):
    print(n, label(c, r))
# picture
for row in range(ROWS - 1, -1, -1):
    line = ""
    for col in range(COLS):
        k = kind[(col, row)]
        ch = {"land": "#", "sea": ".", "lagoon": "~"}[k]
        for n, (c, r) in place_hex.items():
            if (c, r) == (col, row):
                ch = n[0]
        line += ch + " "
    print(f"{row + 1:2d} {line}")


# ---------------------------------------------------------------------------------------------
# Scenario files
# ---------------------------------------------------------------------------------------------
LBL = {(c, r): label(c, r) for (c, r) in kind}
POS = {v: k for k, v in LBL.items()}
LL = {label(c, r): latlon(c, r) for (c, r) in kind}
land = {LBL[k] for k, v in kind.items() if v == "land"}
H = {lb: LAY.parse(lb) for lb in LBL.values()}


def nbrs(lb):
    out = []
    for h in H[lb].neighbours():
        if LAY.on_map(h):
            out.append(LAY.label(h))
    return out


water_keep = {lb for lb in LBL.values() if lb not in land and any(n in land for n in nbrs(lb))}
omit = sorted(lb for lb in LBL.values() if lb not in land and lb not in water_keep)
P = {n: LBL[c] for n, c in place_hex.items()}
P.pop("Inkerman")
P.pop("Yenikale")

terrain = {"sea": [], "lagoon": [], "hill": [], "broken": [], "marsh": []}
for lb in sorted(LBL.values()):
    if lb in omit:
        continue
    k = kind[POS[lb]]
    if k != "land":
        terrain["sea" if k == "sea" else "lagoon"].append(lb)
        continue
    lat, lon = LL[lb]
    if lb == "C7":
        continue
    if (lat <= 44.80 and 33.66 <= lon <= 35.05) or (lat <= 44.93 and 34.3 <= lon <= 35.15):
        terrain["hill"].append(lb)
    elif (
        (44.78 < lat <= 45.06 and 33.6 <= lon <= 35.3)
        or (lon >= 36.0 and lat < 45.45)
        or lb == "D8"
    ):
        terrain["broken"].append(lb)
    elif (lat < 46.0 and any(kind[POS[n]] == "lagoon" for n in nbrs(lb))) or lb in (
        "E18",
        "F18",
        CHONGAR_CROSSING,  # the causeway across the Sivash salt marsh (provisional)
    ):
        terrain["marsh"].append(lb)

feat = {
    "sevastopol": ["C7"],
    "port": [
        P[n] for n in ("Sevastopol", "Yevpatoria", "Feodosiya", "Kerch", "Yalta", "Kamysh-Burun")
    ],
    "large-town": [P[n] for n in ("Simferopol", "Kerch", "Feodosiya", "Yevpatoria")],
    "town": [
        P[n]
        for n in (
            "Perekop",
            "Armyansk",
            "Ishun",
            "Dzhankoi",
            "Bakhchisaray",
            "Saky",
            "Yalta",
            "Alushta",
            "Karasubazar",
            "Stary Krym",
            "Vladislavovka",
            "Parpach",
            "Ak-Monai",
            "Kamysh-Burun",
            "Sudak",
            "Balaklava",
            "Genichesk",
            "Kalanchak",
        )
    ],
    "entrenchment": [
        "C20",
        "D20",
        "D21",
        "E20",
        "C19",
        "D19",
        "E19",
        "B19",
        "D18",
        "E18",
        "F18",
        "Q12",
        "Q13",
    ],
    "fortification": sorted(
        lb for lb in land if lb != "C7" and H[lb].distance(H["C7"]) <= 2 and LL[lb][1] < 34.0
    ),
    "straits": sorted(
        lb
        for lb in land
        if LL[lb][1] > 36.25 and any(kind[POS[n]] == "sea" and LL[n][1] > 36.4 for n in nbrs(lb))
    ),
    "axis-entry": ["A21", "D21", "K21", "L21"],
}
src_axis_op = ["A21", "K21", "L21"]
src_sov_op = [P["Sevastopol"], P["Kerch"]]
src_sov_tac = [P[n] for n in ("Feodosiya", "Yalta", "Yevpatoria", "Kamysh-Burun")]
feat["supply-operational"] = src_axis_op + src_sov_op
feat["supply-tactical"] = src_sov_tac
feat["soviet-source"] = src_sov_op + src_sov_tac

RAIL = [
    [
        "Novo-Alekseyevka",
        "Chongar",
        "Dzhankoi",
        "Kurman-Kemelchi",
        "Sarabuz",
        "Simferopol",
        "Bakhchisaray",
        "Mekenziya",
        "Sevastopol",
    ],
    ["Dzhankoi", "Islam-Terek", "Vladislavovka", "Feodosiya"],
    ["Vladislavovka", "Parpach", "Marfovka", "Kerch"],
    ["Saky", "Yevpatoria"],
    ["Sarabuz", "Saky"],
]
rail_edges = set()
rail_hexes = set()
for line in RAIL:
    for a, b in pairwise(line):
        ha, hb = H[P[a]], H[P[b]]
        path = ha.line_to(hb)
        labels_ = [LAY.label(h) for h in path]
        for x, y in pairwise(labels_):
            if x != y:
                rail_edges.add(tuple(sorted((x, y))))
        rail_hexes.update(labels_)
feat["rail"] = sorted(rail_hexes)
RIVERS = {
    "Alma": [(44.87, 34.10), (44.84, 33.58)],
    "Kacha": [(44.78, 34.05), (44.77, 33.55)],
    "Belbek": [(44.70, 33.95), (44.67, 33.56)],
    "Salgir": [(44.95, 34.10), (45.40, 34.30), (45.62, 34.95)],
    "Chatyrlyk": [(45.55, 33.70), (45.95, 33.62)],
}


def cross(p1, p2, q1, q2):
    def o(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    return (o(p1, p2, q1) * o(p1, p2, q2) < 0) and (o(q1, q2, p1) * o(q1, q2, p2) < 0)


river_edges = set()
for pts in RIVERS.values():
    for q1, q2 in pairwise(pts):
        Q1 = (q1[0] * KY, q1[1] * KX)
        Q2 = (q2[0] * KY, q2[1] * KX)
        for a in land:
            for b in nbrs(a):
                if b in land and a < b:
                    A = (LL[a][0] * KY, LL[a][1] * KX)
                    B = (LL[b][0] * KY, LL[b][1] * KX)
                    if cross(A, B, Q1, Q2):
                        river_edges.add((a, b))

attrs_ = {lb: {"name": n} for n, lb in P.items()}
for lb in src_axis_op:
    attrs_.setdefault(lb, {})["supplies"] = "axis"
for lb in src_sov_op + src_sov_tac:
    attrs_.setdefault(lb, {})["supplies"] = "soviet"
attrs_[CHONGAR_CROSSING] = {"name": "Chongar crossing", "provisional": CHONGAR_NOTE}


def q(s):
    return '"' + s + '"'


def tl(xs):
    return "[" + ", ".join(q(x) for x in xs) + "]"


MAP = []
MAP.append("[map]")
MAP.append('kind = "hex"')
MAP.append(f"columns = {COLS}\nrows = {ROWS}")
MAP.append('orientation = "flat"\nshifted = "odd"\nlabels = "letter-column"')
MAP.append('default_terrain = "clear"')
MAP.append(f"omit = {tl(omit)}")
MAP.append("\n[map.terrain]")
for t, ls in terrain.items():
    MAP.append(f"{t} = {tl(sorted(ls))}")
MAP.append("\n[map.features]")
for f, ls in feat.items():
    MAP.append(f"{q(f)} = {tl(sorted(set(ls)))}")
MAP.append("\n[map.attributes]")
for lb in sorted(attrs_):
    inner = ", ".join(f"{k} = {q(v)}" for k, v in attrs_[lb].items())
    MAP.append(f"{lb} = {{ {inner} }}")
for a, b in sorted(river_edges):
    MAP.append(f'\n[[map.hexsides]]\nbetween = [{q(a)}, {q(b)}]\nfeatures = ["river"]')
for a, b in sorted(rail_edges):
    MAP.append(f'\n[[map.hexsides]]\nbetween = [{q(a)}, {q(b)}]\nfeatures = ["rail"]')
print("straits", feat["straits"], "rivers", len(river_edges), "rail", len(rail_edges))
print("marsh", terrain["marsh"])
print("fort", feat["fortification"])

sys.path.insert(0, str(Path(__file__).parent))
import krim_oob  # noqa: E402

CHARTS = (Path(__file__).parent / "krim_charts.toml").read_text()
axis_ctrl = sorted(
    lb
    for lb in land
    if POS[lb][1] + 1 >= 20 and lb not in ("I19", "J19", "C19", "D19", "E19", "B19")
)
sov_ctrl = sorted(lb for lb in land if lb not in axis_ctrl)
MONTH_LABELS = [
    "Oct 41 (I)",
    "Oct 41 (II)",
    "Nov 41 (I)",
    "Nov 41 (II)",
    "Dec 41",
    "Jan-Feb 42 (I)",
    "Jan-Feb 42 (II)",
    "Mar 42",
    "Apr 42",
    "May 42 (I)",
    "May 42 (II)",
    "Jun-Jul 42 (I)",
    "Jun-Jul 42 (II)",
    "Jun-Jul 42 (III)",
    "Jun-Jul 42 (IV)",
]
HEAD = """# Krim (Ty Bomba's board game, Command No. 6; the computer game's phases text).
# GENERATED by tools/krim_map.py from tools/krim_oob.py and tools/krim_charts.toml: edit those.
# The map is a RECONSTRUCTION from real geography (provisional): flat hexes about 13 km across,
# letter columns from the west and row numbers from the SOUTH edge, so that the text's C7 falls
# on Sevastopol harbour (the engine of the computer game counts rows upwards); the kernel draws
# row 1 at the top, so pictures show the map south-up. Supply sources, ports, terrain, the
# order of battle and every chart are provisional (see docs/rules/krim.md). J20, the Chongar
# crossing of the Sivash, is a marsh hex so the railway from K21 can be used (provisional)."""


def scenario(name, desc, turns, victory, extra="", first=1, units=None, control=None):
    out = [
        HEAD,
        f'title = "krim"\nname = "{name}"\ndescription = "{desc}"\nsides = ["soviet", "axis"]\n',
    ]
    labels = MONTH_LABELS[first - 1 : first - 1 + turns]
    out.append(f"[calendar]\nfirst = {first}\nturns = {turns}\nlabels = {tl(labels)}\n")
    ax, so = control or (axis_ctrl, sov_ctrl)
    out.append(f"[control]\naxis = {tl(ax)}\nsoviet = {tl(so)}\n")
    out.append("\n".join(MAP) + "\n")
    out.append(CHARTS)
    out.append(victory)
    out.append(extra)
    out.append(krim_oob.toml(units))
    return "\n".join(out)


CAMPAIGN_VICTORY_NOTE = (
    "The text gives no campaign victory conditions. The Axis wins at once holding every "
    "Soviet supply source (as in the 1941 scenario); after the last turn the Axis wins "
    "holding Sevastopol (C7) and Kerch, the Soviets win holding both, anything else is a "
    "draw."
)
CAMPAIGN_VICTORY = f"""
[charts.victory]
provisional = true
note = "{CAMPAIGN_VICTORY_NOTE}"
kind = "campaign"
hold = ["C7", "X14"]
"""
V1941_NOTE = (
    "1941 scenario (research S3 scenario2objectives): the Axis must capture every supply "
    "source on the map by the end of December 1941 (calendar month 3); otherwise the "
    "Soviets win. Read as every Soviet supply source."
)
V1941 = f"""
[charts.victory]
provisional = true
note = "{V1941_NOTE}"
kind = "all-sources"
"""
V1941_OOB = (
    "# Order of battle: the campaign's, less the Soviet December 1941 (month 3) units (five\n"
    "# rifle divisions and the parachute battalion): Soviet reinforcements arrive in the first\n"
    "# German New Units Phase of their month, here the last turn's, after the last Soviet\n"
    "# player turn, so they could never play (tools/krim_oob.py units_1941).\n"
)
V1942_NOTE = (
    "May 1942 (Operation Bustard Hunt, research S3 'bustard' set-up): no victory "
    "conditions are known. The Axis wins by taking Kerch (X14) by the end of May 1942, or "
    "at once holding every Soviet supply source; otherwise the Soviets win."
)
V1942 = f"""
[charts.victory]
provisional = true
note = "{V1942_NOTE}"
kind = "axis-takes"
hold = ["X14"]
"""
SEV_PERIMETER = {"C6", "C7", "D7", "D8"}
ax42 = sorted(lb for lb in land if (H[lb].q < H["Q12"].q and lb not in SEV_PERIMETER))
so42 = sorted(lb for lb in land if lb not in ax42)
root = Path(__file__).parent.parent / "src/wargames/krim/data"
(root / "campaign.toml").write_text(
    scenario(
        "campaign",
        "October 1941 - July 1942, 15 game turns (provisional map, order of battle and charts).",
        15,
        CAMPAIGN_VICTORY,
    )
)
(root / "1941.toml").write_text(
    scenario(
        "1941",
        (
            "October - December 1941: the Axis must take every supply source (provisional map, "
            "order of battle and charts)."
        ),
        5,
        V1941,
        V1941_OOB,
        units=krim_oob.units_1941(),
    )
)
(root / "1942.toml").write_text(
    scenario(
        "1942",
        (
            "May 1942, Operation Bustard Hunt: the Axis must clear the Kerch peninsula by the end "
            "of May (provisional set-up, order of battle and charts)."
        ),
        2,
        V1942,
        first=10,
        units=krim_oob.may_1942(),
        control=(ax42, so42),
    )
)
print("written")
