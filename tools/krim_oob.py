"""Orders of battle for the Krim scenarios (provisional ratings; historical formations)."""

import re

# (id, side, type, nationality, size, attack per step, defence per step, MF, flags, where, extra)
# where: a hex, or ("box", name); extra: dict(range=, values=)
INF = ((6, 4, 2), (6, 4, 2), 4)
SRD = ((3, 2, 1), (4, 3, 2), 3)
U = []


def add(
    uid,
    side,
    typ,
    nat,
    size,
    att,
    dfn,
    mf,
    flags=(),
    at=None,
    box=None,
    rng=0,
    name="",
    steps=None,
    values=None,
):
    U.append(
        dict(
            id=uid,
            side=side,
            type=typ,
            nationality=nat,
            size=size,
            attack=list(att),
            defence=list(dfn),
            movement=mf,
            flags=list(flags),
            at=at,
            box=box,
            range=rng,
            name=name or uid,
            steps=steps,
            values=values or {},
        )
    )


A, S = "axis", "soviet"


def nth(uid):
    """The ordinal of the number a unit id starts with: "22ID" -> "22nd", "63RD" -> "63rd"."""
    n = int(re.match(r"\d+", uid).group())
    suffix = "th" if n % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


# --- Axis at start (11th Army at the Perekop line, October 1941)
for uid, at in (
    ("22ID", "D21"),
    ("46ID", "E20"),
    ("73ID", "D20"),
    ("50ID", "C21"),
    ("72ID", "F21"),
    ("132ID", "J21"),
    ("170ID", "K21"),
):
    add(
        uid,
        A,
        "infantry",
        "german",
        "division",
        *INF,
        at=at,
        name=f"{nth(uid)} Infantry Division",
    )
add(
    "Ziegler",
    A,
    "mech",
    "german",
    "brigade",
    (4, 2),
    (3, 2),
    8,
    ["mechanized"],
    at="D21",
    name="Brigade Ziegler",
)
add(
    "190StuG",
    A,
    "assault-gun",
    "german",
    "battalion",
    (3, 2),
    (2, 1),
    8,
    ["mechanized", "assault-gun"],
    at="D20",
    name="190th Assault Gun Battalion",
)
add(
    "744Eng",
    A,
    "engineer",
    "german",
    "battalion",
    (2,),
    (2,),
    4,
    ["engineer"],
    at="E21",
    name="744th Combat Engineer Battalion",
)
add(
    "ARKO1",
    A,
    "artillery",
    "german",
    "regiment",
    (4,),
    (1,),
    3,
    ["artillery"],
    at="D21",
    rng=2,
    name="Army artillery group 1",
)
add(
    "ARKO2",
    A,
    "artillery",
    "german",
    "regiment",
    (4,),
    (1,),
    3,
    ["artillery"],
    at="E21",
    rng=2,
    name="Army artillery group 2",
)
add(
    "R-1Mtn",
    A,
    "mountain",
    "romanian",
    "brigade",
    (3, 2),
    (3, 2),
    4,
    at="B21",
    name="1st Romanian Mountain Brigade",
)
add(
    "R-4Mtn",
    A,
    "mountain",
    "romanian",
    "brigade",
    (3, 2),
    (3, 2),
    4,
    at="L21",
    name="4th Romanian Mountain Brigade",
)
add(
    "R-8Cav",
    A,
    "cavalry",
    "romanian",
    "brigade",
    (2, 1),
    (2, 1),
    6,
    at="K21",
    name="8th Romanian Cavalry Brigade",
)
add(
    "IV-FK",
    A,
    "air",
    "german",
    "air",
    (0,),
    (0,),
    0,
    ["air"],
    box="axis-air",
    name="IV Fliegerkorps",
)


# --- Axis reinforcements (calendar month in values.month)
def later(uid, month, *a, **k):
    k.setdefault("values", {})["month"] = month
    add(uid, A, *a, box="axis-future", **k)


later("24ID", 2, "infantry", "german", "division", *INF, name="24th Infantry Division")
later(
    "R-18ID",
    4,
    "infantry",
    "romanian",
    "division",
    (3, 2, 1),
    (3, 2, 1),
    4,
    name="18th Romanian Infantry Division",
)
later(
    "197StuG",
    4,
    "assault-gun",
    "german",
    "battalion",
    (3, 2),
    (2, 1),
    8,
    ["mechanized", "assault-gun"],
    name="197th Assault Gun Battalion",
    steps=1,
)
later(
    "249StuG",
    4,
    "assault-gun",
    "german",
    "battalion",
    (3, 2),
    (2, 1),
    8,
    ["mechanized", "assault-gun"],
    name="249th Assault Gun Battalion",
    steps=1,
)
later(
    "22Pz",
    5,
    "panzer",
    "german",
    "division",
    (8, 5, 3),
    (6, 4, 2),
    8,
    ["mechanized"],
    name="22nd Panzer Division",
    steps=2,
)
later(
    "28Jg",
    5,
    "jaeger",
    "german",
    "division",
    (6, 4, 2),
    (5, 4, 2),
    5,
    ["jaeger"],
    name="28th Jaeger Division",
)
later("VIII-FK", 6, "air", "german", "air", (0,), (0,), 0, ["air"], name="VIII Fliegerkorps")
later("KG-100", 6, "air", "german", "air", (0,), (0,), 0, ["air"], name="Kampfgeschwader 100")
later(
    "300Pz",
    7,
    "panzer",
    "german",
    "regiment",
    (3,),
    (2,),
    8,
    ["mechanized", "no-ma"],
    name="300th Panzer Regiment",
)
later(
    "R-Kame",
    7,
    "mech",
    "romanian",
    "regiment",
    (2,),
    (2,),
    8,
    ["mechanized", "kame"],
    name="Romanian Kame Regiment",
)
later(
    "ARKO3",
    7,
    "artillery",
    "german",
    "regiment",
    (5,),
    (1,),
    3,
    ["artillery"],
    rng=3,
    name="Heavy artillery group",
)
later(
    "Dora",
    8,
    "rail-artillery",
    "german",
    "battalion",
    (6,),
    (1,),
    0,
    ["artillery", "railroad"],
    rng=4,
    name="Dora railroad gun",
)
later(
    "RR688",
    8,
    "rail-artillery",
    "german",
    "battalion",
    (4,),
    (1,),
    0,
    ["artillery", "railroad"],
    rng=3,
    name="688th Railroad Artillery Battalion",
)

# --- Soviet at start (51st Army; Sevastopol garrison)
for uid, at in (
    ("156RD", "C19"),
    ("271RD", "D19"),
    ("172RD", "E19"),
    ("157RD", "D18"),
    ("106RD", "I19"),
    ("276RD", "J18"),
    ("320RD", "Q12"),
    ("321RD", "B12"),
):
    add(uid, S, "infantry", "soviet", "division", *SRD, at=at, name=f"{nth(uid)} Rifle Division")
for uid, at in (("48CD", "I16"), ("42CD", "F15"), ("40CD", "G14")):
    add(
        uid,
        S,
        "cavalry",
        "soviet",
        "division",
        (2, 1),
        (2, 1),
        6,
        at=at,
        name=f"{nth(uid)} Cavalry Division",
    )
add(
    "7NIB",
    S,
    "naval-infantry",
    "soviet",
    "brigade",
    (3, 2),
    (3, 2),
    3,
    at="C7",
    name="7th Naval Infantry Brigade",
)
add(
    "8NIB",
    S,
    "naval-infantry",
    "soviet",
    "brigade",
    (3, 2),
    (3, 2),
    3,
    at="D8",
    name="8th Naval Infantry Brigade",
)
add(
    "CoastArt",
    S,
    "artillery",
    "soviet",
    "regiment",
    (4,),
    (2,),
    2,
    ["artillery"],
    at="C7",
    rng=2,
    name="Sevastopol coastal artillery",
)
add(
    "51Art",
    S,
    "artillery",
    "soviet",
    "regiment",
    (3,),
    (1,),
    3,
    ["artillery"],
    at="E18",
    rng=2,
    name="51st Army artillery",
)
add(
    "5Tank",
    S,
    "tank",
    "soviet",
    "battalion",
    (2,),
    (2,),
    6,
    ["mechanized", "tank"],
    at="E17",
    name="5th Tank Battalion",
)
add(
    "VVS-BF",
    S,
    "air",
    "soviet",
    "air",
    (0,),
    (0,),
    0,
    ["air"],
    box="soviet-air",
    name="Black Sea Fleet air force",
)


def slater(uid, month, *a, **k):
    k.setdefault("values", {})["month"] = month
    add(uid, S, *a, box="soviet-future", **k)


# Primorsky Army from Odessa (month 1), Kerch-Feodosiya landings (month 3), Crimean Front (4-6)
for uid in ("25RD", "95RD", "421RD"):
    slater(
        uid,
        1,
        "infantry",
        "soviet",
        "division",
        *SRD,
        name=f"{nth(uid)} Rifle Division (Primorsky)",
    )
slater("2CD", 1, "cavalry", "soviet", "division", (2, 1), (2, 1), 6, name="2nd Cavalry Division")
slater(
    "9NIB",
    2,
    "naval-infantry",
    "soviet",
    "brigade",
    (3, 2),
    (3, 2),
    3,
    name="9th Naval Infantry Brigade",
)
PARA_NOTE = (
    "PROVISIONAL (research S2 gives only one battalion and its 1-in-6 chance to survive its "
    "drop): its arrival month (December 1941), its drop in any later Soviet Movement Phase "
    "through the sea-movement actions, on any empty land hex, and its control of the hex it "
    "lands in are invented."
)
for uid in ("236RD", "302RD", "390RD", "396RD", "157RD2"):
    slater(uid, 3, "infantry", "soviet", "division", *SRD, name=f"{nth(uid)} Rifle Division")
slater(
    "Para",
    3,
    "parachute",
    "soviet",
    "battalion",
    (1,),
    (1,),
    3,
    ["parachute"],
    name="Parachute battalion",
    values={"note": PARA_NOTE},
)
slater(
    "39TB",
    4,
    "tank",
    "soviet",
    "brigade",
    (4, 2),
    (3, 2),
    6,
    ["mechanized", "tank"],
    name="39th Tank Brigade",
)
slater(
    "40TB",
    4,
    "tank",
    "soviet",
    "brigade",
    (4, 2),
    (3, 2),
    6,
    ["mechanized", "tank"],
    name="40th Tank Brigade",
)
for uid in ("398RD", "404RD", "77RD", "138RD"):
    slater(uid, 4, "infantry", "soviet", "division", *SRD, name=f"{nth(uid)} Rifle Division")
slater("VVS-CF", 6, "air", "soviet", "air", (0,), (0,), 0, ["air"], name="Crimean Front air force")
slater(
    "55TB",
    5,
    "tank",
    "soviet",
    "brigade",
    (4, 2),
    (3, 2),
    6,
    ["mechanized", "tank"],
    name="55th Tank Brigade",
)
slater(
    "56TB",
    5,
    "tank",
    "soviet",
    "brigade",
    (4, 2),
    (3, 2),
    6,
    ["mechanized", "tank"],
    name="56th Tank Brigade",
)
slater(
    "ArtCF",
    5,
    "artillery",
    "soviet",
    "regiment",
    (4,),
    (1,),
    3,
    ["artillery"],
    rng=2,
    name="Crimean Front artillery",
)
for uid in ("271RD2", "63RD", "224RD"):
    slater(uid, 6, "infantry", "soviet", "division", *SRD, name=f"{nth(uid)} Rifle Division")


# --- May 1942 (Operation Bustard Hunt), provisional set-up -----------------------------------
MAY_1942 = {
    # Axis on the Kerch front (XXX and XXXXII Corps)
    "22Pz": "P11",
    "190StuG": "P11",
    "28Jg": "P12",
    "197StuG": "P12",
    "132ID": "P13",
    "249StuG": "P13",
    "50ID": "O11",
    "170ID": "O12",
    "ARKO1": "O12",
    "744Eng": "O12",
    "46ID": "O13",
    "R-8Cav": "O13",
    "Ziegler": "O13",
    "R-18ID": "N12",
    "ARKO2": "N12",
    # Axis around Sevastopol (LIV Corps, Romanian Mountain Corps)
    "22ID": "D9",
    "24ID": "D9",
    "72ID": "E8",
    "R-1Mtn": "E8",
    "73ID": "E7",
    "R-4Mtn": "E6",
    "IV-FK": ("box", "axis-air"),
    "VIII-FK": ("box", "axis-air"),
    "KG-100": ("box", "axis-air"),
    # Soviet Crimean Front at the Parpach line
    "63RD": "Q11",
    "77RD": "Q11",
    "224RD": "Q12",
    "236RD": "Q12",
    "39TB": "Q12",
    "302RD": "Q13",
    "390RD": "Q13",
    "40TB": "Q13",
    "396RD": "R11",
    "398RD": "R12",
    "55TB": "R12",
    "ArtCF": "R12",
    "404RD": "R13",
    "56TB": "R13",
    "138RD": "S12",
    "157RD2": "T12",
    "271RD2": "U12",
    "320RD": "W13",
    # Sevastopol Defence Region
    "7NIB": "C7",
    "CoastArt": "C7",
    "25RD": "C7",
    "8NIB": "D8",
    "95RD": "D8",
    "172RD": "D8",
    "421RD": "D7",
    "9NIB": "D7",
    "2CD": "C6",
    "51Art": "C6",
    "VVS-BF": ("box", "soviet-air"),
    "VVS-CF": ("box", "soviet-air"),
}
MAY_1942_MONTH = 7


def may_1942() -> list[dict]:
    """The order of battle placed for May 1942: units of later months stay to come, every
    other unit not placed is out of play (destroyed or elsewhere by then)."""
    out = []
    for u in U:
        v = dict(u)
        where = MAY_1942.get(u["id"])
        month = u["values"].get("month", 0)
        v["steps"] = None
        if isinstance(where, str):
            v["at"], v["box"] = where, None
        elif where is not None:
            v["at"], v["box"] = None, where[1]
        elif month >= MAY_1942_MONTH:
            pass
        else:
            v["at"], v["box"] = None, "not-in-play"
        out.append(v)
    return out


def units_1941() -> list[dict]:
    """The 1941 scenario's order of battle: the campaign's, less the Soviet December (month 3)
    units: they would arrive in the first German New Units Phase of December, the scenario's
    last turn, after its last Soviet player turn, so they could never play."""
    return [u for u in U if not (u["side"] == S and u["values"].get("month") == 3)]


def _value(v):
    return f'"{v}"' if isinstance(v, str) else f"{v}"


def toml(units: list[dict] | None = None) -> str:
    out = []
    for u in U if units is None else units:
        lines = ["[[units]]"]
        for k in ("id", "side", "type", "name", "nationality", "size"):
            lines.append(f'{k} = "{u[k]}"')
        lines.append(f"attack = {u['attack']}")
        lines.append(f"defence = {u['defence']}")
        lines.append(f"movement = {u['movement']}")
        if u["flags"]:
            lines.append("flags = [" + ", ".join(f'"{f}"' for f in u["flags"]) + "]")
        if u["range"]:
            lines.append(f"range = {u['range']}")
        if u["values"]:
            lines.append(
                "values = { "
                + ", ".join(f"{k} = {_value(v)}" for k, v in u["values"].items())
                + " }"
            )
        if u["steps"] is not None:
            lines.append(f"steps = {u['steps']}")
        lines.append(f'at = "{u["at"]}"' if u["at"] else f'box = "{u["box"]}"')
        out.append("\n".join(lines))
    return "\n\n".join(out) + "\n"
