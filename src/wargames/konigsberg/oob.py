"""The campaign order of battle and set-up (K45 0.3, 0.4, 0.1g, 12.7, 15.1), as generator data.

The counter values are not in our sources: every strength, movement allowance, command range
and set-up hex here is PROVISIONAL (``docs/rules/konigsberg.md``). Units are the historical
formations of 13 January 1945 (Soviet corps, German divisions), placed near their historical
positions. Values follow one scheme per unit type (``TYPES``) so that a user can see at once
what is assumed. ``python -m wargames.konigsberg.geography`` writes them into
``data/campaign.toml``.
"""

from __future__ import annotations

from typing import Any

# type -> (attack per step, defence per step, movement, flags)
TYPES: dict[str, tuple[list[int], list[int], list[int], list[str]]] = {
    "rifle": ([6, 3], [5, 3], [4, 4], []),
    "guards-rifle": ([7, 4], [6, 3], [4, 4], []),
    "tank": ([8, 4], [5, 3], [8, 8], ["mech"]),
    "mech-corps": ([8, 4], [6, 3], [8, 8], ["mech"]),
    "cavalry": ([5, 3], [4, 2], [6, 6], []),
    "ur": ([1], [4], [0], []),
    "infantry": ([4, 2], [5, 3], [4, 4], []),
    "volksgrenadier": ([4, 2], [5, 2], [4, 4], []),
    "jager": ([5, 2], [5, 3], [4, 4], []),
    "panzer": ([7, 4], [6, 3], [8, 8], ["mech"]),
    "panzergrenadier": ([5, 3], [5, 3], [7, 7], ["mech"]),
    "zbv": ([3, 1], [4, 2], [4, 4], []),
    # K45 12.7: 401I and 461I set up reduced (2-3-4); their full side is PROVISIONAL (NOTES)
    "regiment": ([3, 2], [4, 3], [4, 4], []),
    "bicycle": ([2], [2], [6], []),
    "motorcycle": ([3], [2], [8], ["mech"]),
    "volksturm": ([1], [2], [0], ["nozoc", "volksturm"]),
    "hq": ([0], [0], [6], ["hq"]),
}

# HQ id -> (side, front or "", command range, lat, lon or None when a reinforcement)
HQS: dict[str, tuple[str, str, int, float | None, float | None]] = {
    # Soviet 3rd Belorussian Front
    "39A": ("soviet", "3BR", 3, 55.08, 22.77),  # K45 12.7 errata: HQ at Georgenburg
    "5A": ("soviet", "3BR", 3, 54.70, 22.74),
    "28A": ("soviet", "3BR", 3, 54.50, 22.74),
    "2GA": ("soviet", "3BR", 3, 54.30, 22.74),
    "31A": ("soviet", "3BR", 3, 54.10, 22.74),
    "11GA": ("soviet", "3BR", 3, 54.58, 22.78),
    "43A": ("soviet", "3BR", 3, 55.05, 22.45),
    # Soviet 2nd Belorussian Front
    "2ShA": ("soviet", "2BR", 3, 52.45, 21.20),
    "3A": ("soviet", "2BR", 3, 52.82, 21.60),
    "48A": ("soviet", "2BR", 3, 52.75, 21.42),
    "65A": ("soviet", "2BR", 3, 52.45, 20.95),
    "70A": ("soviet", "2BR", 3, 52.42, 20.80),
    "49A": ("soviet", "2BR", 3, 53.20, 22.55),
    "50A": ("soviet", "2BR", 3, 53.60, 22.75),
    "5GTA": ("soviet", "2BR", 4, 52.60, 21.30),
    "19A": ("soviet", "2BR", 3, None, None),
    # German corps (all under Heeresgruppe Mitte)
    "9K": ("german", "", 3, 54.95, 22.05),
    "26K": ("german", "", 3, 54.60, 22.12),
    "28K": ("german", "", 3, None, None),
    "55K": ("german", "", 3, 54.22, 22.15),  # K45 12.8: may not move until released
    "6K": ("german", "", 3, 53.45, 22.25),  # K45 12.8
    "HGK": ("german", "", 3, 54.45, 22.00),
    "41PzK": ("german", "", 3, 53.00, 21.25),
    "20K": ("german", "", 3, 53.22, 21.75),
    "27K": ("german", "", 3, 52.85, 20.90),
    "23K": ("german", "", 3, 52.62, 20.50),
    "GDK": ("german", "", 3, 53.38, 20.85),
    "7PzK": ("german", "", 4, 53.25, 20.95),  # K45 2.2d: commands five units in range
}
HQ_NAMES = {
    "39A": "39th Army",
    "5A": "5th Army",
    "28A": "28th Army",
    "2GA": "2nd Guard Army",
    "31A": "31st Army",
    "11GA": "11th Guard Army",
    "43A": "43rd Army",
    "2ShA": "2nd Shock Army",
    "3A": "3rd Army",
    "48A": "48th Army",
    "65A": "65th Army",
    "70A": "70th Army",
    "49A": "49th Army",
    "50A": "50th Army",
    "5GTA": "5th Guard Tank Army",
    "19A": "19th Army",
    "9K": "9th Corps",
    "26K": "26th Corps",
    "28K": "28th Corps",
    "55K": "55th Corps",
    "6K": "6th Corps",
    "HGK": "Hermann Göring Fallschirm-Panzer Corps",
    "41PzK": "41st Panzer Corps",
    "20K": "20th Corps",
    "27K": "27th Corps",
    "23K": "23rd Corps",
    "GDK": "Gross Deutschland Panzer Corps",
    "7PzK": "7th Panzer Corps",
}

# unit id -> (side, type, command HQ or "" (independent), front, lat, lon or None, steps)
UNITS: dict[str, tuple[str, str, str, str, float | None, float | None, int | None]] = {
    # 3rd Belorussian Front
    "152UR": ("soviet", "ur", "39A", "3BR", 55.08, 22.77, None),  # K45 12.7 errata
    "5GRC": ("soviet", "guards-rifle", "39A", "3BR", 54.90, 22.62, None),
    "94RC": ("soviet", "rifle", "39A", "3BR", 54.83, 22.60, None),
    "113RC": ("soviet", "rifle", "39A", "3BR", 54.97, 22.68, None),
    "45RC": ("soviet", "rifle", "5A", "3BR", 54.76, 22.55, None),
    "65RC": ("soviet", "rifle", "5A", "3BR", 54.68, 22.52, None),
    "72RC": ("soviet", "rifle", "5A", "3BR", 54.72, 22.47, None),
    "3GRC": ("soviet", "guards-rifle", "28A", "3BR", 54.58, 22.46, None),
    "20RC": ("soviet", "rifle", "28A", "3BR", 54.50, 22.45, None),
    "128RC": ("soviet", "rifle", "28A", "3BR", 54.54, 22.40, None),
    "11GRC": ("soviet", "guards-rifle", "2GA", "3BR", 54.36, 22.42, None),
    "60RC": ("soviet", "rifle", "2GA", "3BR", 54.28, 22.45, None),
    "36RC": ("soviet", "rifle", "31A", "3BR", 54.16, 22.52, None),
    "44RC": ("soviet", "rifle", "31A", "3BR", 54.05, 22.52, None),
    "71RC": ("soviet", "rifle", "31A", "3BR", 53.95, 22.56, None),
    "8GRC": ("soviet", "guards-rifle", "11GA", "3BR", 54.64, 22.70, None),
    "16GRC": ("soviet", "guards-rifle", "11GA", "3BR", 54.58, 22.66, None),
    "36GRC": ("soviet", "guards-rifle", "11GA", "3BR", 54.52, 22.70, None),
    "54RC": ("soviet", "rifle", "43A", "3BR", 55.08, 22.35, None),
    "90RC": ("soviet", "rifle", "43A", "3BR", 55.09, 22.15, None),
    "103RC": ("soviet", "rifle", "43A", "3BR", 55.09, 22.55, None),
    "1TC": ("soviet", "tank", "", "3BR", 54.66, 22.78, None),
    "2GTC": ("soviet", "tank", "", "3BR", 54.44, 22.78, None),
    # 2nd Belorussian Front
    "98RC": ("soviet", "rifle", "2ShA", "2BR", 52.60, 21.12, None),
    "108RC": ("soviet", "rifle", "2ShA", "2BR", 52.55, 21.05, None),
    "116RC": ("soviet", "rifle", "2ShA", "2BR", 52.60, 21.00, None),
    "35RC": ("soviet", "rifle", "3A", "2BR", 52.93, 21.47, None),
    "40RC": ("soviet", "rifle", "3A", "2BR", 52.90, 21.55, None),
    "41RC": ("soviet", "rifle", "3A", "2BR", 52.97, 21.60, None),
    "29RC": ("soviet", "rifle", "48A", "2BR", 52.90, 21.33, None),
    "42RC": ("soviet", "rifle", "48A", "2BR", 52.86, 21.25, None),
    "53RC": ("soviet", "rifle", "48A", "2BR", 52.82, 21.35, None),
    "18RC": ("soviet", "rifle", "65A", "2BR", 52.52, 20.88, None),
    "46RC": ("soviet", "rifle", "65A", "2BR", 52.50, 20.96, None),
    "105RC": ("soviet", "rifle", "65A", "2BR", 52.47, 20.85, None),
    "47RC": ("soviet", "rifle", "70A", "2BR", 52.47, 20.65, None),
    "96RC": ("soviet", "rifle", "70A", "2BR", 52.44, 20.58, None),
    "114RC": ("soviet", "rifle", "70A", "2BR", 52.45, 20.72, None),
    "70RC": ("soviet", "rifle", "49A", "2BR", 53.25, 22.35, None),
    "121RC": ("soviet", "rifle", "49A", "2BR", 53.15, 22.30, None),
    "69RC": ("soviet", "rifle", "50A", "2BR", 53.68, 22.60, None),
    "81RC": ("soviet", "rifle", "50A", "2BR", 53.50, 22.60, None),
    "10TC": ("soviet", "tank", "5GTA", "2BR", 52.65, 21.30, None),
    "29TC": ("soviet", "tank", "5GTA", "2BR", 52.63, 21.40, None),
    "3GCC": ("soviet", "cavalry", "", "2BR", 52.82, 21.50, None),
    "8MC": ("soviet", "mech-corps", "", "2BR", 52.72, 21.22, None),
    "8GTC": ("soviet", "tank", "", "2BR", 52.58, 21.20, None),
    "1GTC": ("soviet", "tank", "", "2BR", 52.48, 20.93, None),
    "3GTC": ("soviet", "tank", "", "2BR", 52.52, 21.30, None),
    "40GRC": ("soviet", "guards-rifle", "19A", "2BR", None, None, None),
    "132RC": ("soviet", "rifle", "19A", "2BR", None, None, None),
    "134RC": ("soviet", "rifle", "19A", "2BR", None, None, None),
    # German corps units
    "548VG": ("german", "volksgrenadier", "9K", "", 55.00, 22.10, None),
    "561VG": ("german", "volksgrenadier", "9K", "", 54.95, 22.35, None),
    "1ID": ("german", "infantry", "26K", "", 54.80, 22.40, None),
    "56ID": ("german", "infantry", "26K", "", 54.70, 22.40, None),
    "349VG": ("german", "volksgrenadier", "26K", "", 54.63, 22.38, None),
    "549VG": ("german", "volksgrenadier", "26K", "", 54.55, 22.33, None),
    "95ID": ("german", "infantry", "28K", "", None, None, None),
    "58ID": ("german", "infantry", "28K", "", None, None, None),
    "28Jag": ("german", "jager", "55K", "", 54.33, 22.32, None),
    "547VG": ("german", "volksgrenadier", "55K", "", 54.22, 22.38, None),
    "170ID": ("german", "infantry", "55K", "", 54.10, 22.38, None),
    "558VG": ("german", "volksgrenadier", "6K", "", 53.60, 22.45, None),
    "299ID": ("german", "infantry", "6K", "", 53.38, 22.35, None),
    "1HG": ("german", "panzer", "HGK", "", 54.50, 22.20, None),
    "2HGFj": ("german", "panzergrenadier", "HGK", "", 54.42, 22.20, 1),  # K45 12.7: reduced
    "7ID": ("german", "infantry", "41PzK", "", 52.98, 21.42, None),
    "102ID": ("german", "infantry", "41PzK", "", 53.00, 21.15, None),
    "292ID": ("german", "infantry", "41PzK", "", 52.98, 21.62, None),
    "14ID": ("german", "infantry", "20K", "", 53.12, 21.68, None),
    "203ID": ("german", "infantry", "20K", "", 53.20, 21.95, None),
    "5Jag": ("german", "jager", "27K", "", 52.76, 21.02, None),
    "35ID": ("german", "infantry", "27K", "", 52.72, 20.90, None),
    "252ID": ("german", "infantry", "27K", "", 52.65, 20.80, None),
    "542VG": ("german", "volksgrenadier", "23K", "", 52.58, 20.65, None),
    "232ID": ("german", "infantry", "23K", "", 52.55, 20.45, None),
    "GDFus": ("german", "panzergrenadier", "GDK", "", 53.40, 21.00, None),
    "GDPz": ("german", "panzer", "GDK", "", 53.35, 20.90, None),
    "GDPzG": ("german", "panzergrenadier", "GDK", "", 53.42, 20.80, None),
    # German independents (grey)
    "5Pz": ("german", "panzer", "", "", 54.57, 22.00, None),
    "24Pz": ("german", "panzer", "", "", 53.22, 21.05, None),
    "18PzG": ("german", "panzergrenadier", "", "", 53.65, 21.25, None),
    "4Pz": ("german", "panzer", "", "", None, None, None),
    "15SS": ("german", "infantry", "", "", None, None, None),
    "83ID": ("german", "infantry", "", "", 54.16, 19.40, 1),  # K45 12.7: reduced
    "401I": ("german", "regiment", "", "", 54.71, 20.51, 1),  # K45 12.7
    "461I": ("german", "regiment", "", "", 54.63, 21.81, 1),  # K45 12.7
    "605zbV": ("german", "zbv", "", "", 54.03, 21.77, 1),  # K45 12.7: reduced
    "607zbV": ("german", "zbv", "", "", 53.78, 20.49, 1),  # K45 12.7: reduced
    "10Rad": ("german", "bicycle", "", "", 54.00, 21.00, None),
    "Mikosch": ("german", "zbv", "", "", None, None, 1),  # K45 15.1b (optional), reduced
    "Bohme": ("german", "motorcycle", "", "", None, None, None),  # K45 15.1a (optional)
}

# unit id -> a comment written above the unit in data/campaign.toml
_REGIMENT = (
    "K45 12.7: sets up at its reduced strength (2-3-4); its full side (3-4-4) is PROVISIONAL,"
    " chosen by us (the counters are not in our sources)"
)
NOTES: dict[str, str] = {"401I": _REGIMENT, "461I": _REGIMENT}

VOLKSTURM = ("VS1", "VS2", "VS3", "VS4")  # K45 12.5(1): two to start, two for atrocities
AIR: dict[str, tuple[str, str, str, str]] = {  # id -> (side, box, front, name)
    "1AA-a": ("soviet", "air:1AA", "3BR", "1st Air Army"),
    "1AA-b": ("soviet", "air:1AA", "3BR", "1st Air Army"),
    "1AA-c": ("soviet", "air:1AA", "3BR", "1st Air Army"),
    "3AA": ("soviet", "air:1AA", "3BR", "3rd Air Army*"),  # K45 13.4
    "18AA": ("soviet", "air:1AA", "3BR", "18th Air Army*"),  # K45 13.4
    "4AA-a": ("soviet", "air:4AA", "2BR", "4th Air Army"),
    "4AA-b": ("soviet", "air:4AA", "2BR", "4th Air Army"),
    "LW": ("german", "air:LW", "", "Luftwaffe"),
}

# reinforcements: unit -> (turn, entry area); PROVISIONAL turns (the TRT is not in our sources)
REINFORCEMENTS: dict[str, tuple[int, str]] = {
    "4Pz": (4, "A"),
    "28K": (6, "D"),
    "95ID": (6, "D"),
    "58ID": (6, "D"),
    "15SS": (7, "A"),
    "Hipper": (8, "haff"),  # K45 12.6(1): Turn 8 in Frische Haff (from the rules)
    "19A": (9, "F"),
    "40GRC": (9, "F"),
    "132RC": (9, "F"),
    "134RC": (9, "F"),
}


def unit_tables(place: Any) -> list[dict[str, Any]]:
    """The [[units]] tables; ``place(lat, lon)`` gives a hex label."""
    out: list[dict[str, Any]] = []
    taken: dict[str, int] = {}
    owner: dict[str, str] = {}
    hq_at: set[str] = set()

    def free(lat: float, lon: float, hq: bool, side: str) -> str:
        from .geography import LAYOUT, hex_at, label, no_setup_hexes

        h = hex_at(lat, lon)
        seen = [h]
        i = 0
        while True:
            g = seen[i]
            lab = label(g)
            if (
                LAYOUT.on_map(g)
                and lab not in no_setup_hexes()
                and owner.get(lab, side) == side
                and (lab not in hq_at if hq else taken.get(lab, 0) < 2)
            ):
                owner[lab] = side
                return lab
            for n in g.neighbours():
                if n not in seen:
                    seen.append(n)
            i += 1

    for hid, (side, front, rng, lat, lon) in HQS.items():
        t: dict[str, Any] = {
            "id": hid,
            "side": side,
            "type": "hq",
            "name": HQ_NAMES[hid],
            "attack": 0,
            "defence": 0,
            "movement": 6,
            "flags": ["hq"],
            "range": rng,
        }
        if front:
            t["values"] = {"front": front}
        if lat is None or lon is None:
            t["box"] = "reinforcements"
        else:
            t["at"] = free(lat, lon, True, side)
            hq_at.add(t["at"])
        out.append(t)
    for uid, (side, kind, command, front, lat, lon, steps) in UNITS.items():
        attack, defence, movement, flags = TYPES[kind]
        t = {
            "id": uid,
            "side": side,
            "type": kind,
            "attack": attack,
            "defence": defence,
            "movement": movement,
        }
        if flags:
            t["flags"] = flags
        if command:
            t["command"] = command
        if front:
            t["values"] = {"front": front}
        if uid in ("Mikosch", "Bohme"):
            t["box"] = "optional"
        elif lat is None or lon is None:
            t["box"] = "reinforcements"
        else:
            t["at"] = free(lat, lon, False, side)
            taken[t["at"]] = taken.get(t["at"], 0) + 1
        if steps is not None:
            t["steps"] = steps
        out.append(t)
    attack, defence, movement, flags = TYPES["volksturm"]
    for i, vid in enumerate(VOLKSTURM):
        out.append(
            {
                "id": vid,
                "side": "german",
                "type": "volksturm",
                "name": "Volksturm",
                "attack": attack,
                "defence": defence,
                "movement": movement,
                "flags": flags,
                "box": "volksturm" if i < 2 else "volksturm-reserve",
            }
        )
    for aid, (side, box, front, name) in AIR.items():
        t = {
            "id": aid,
            "side": side,
            "type": "air",
            "name": name,
            "flags": ["air"],
            "values": {"full": 2, "normal": 1, "army": box.split(":")[1]},
            "box": box,
        }
        if front:
            t["values"]["front"] = front
        if aid in ("3AA", "18AA"):
            t["values"]["return_roll"] = 6
        out.append(t)
    out.append(
        {
            "id": "Hipper",
            "side": "german",
            "type": "naval",
            "name": "Admiral Hipper",
            "attack": 4,
            "defence": 0,
            "movement": 0,
            "flags": ["naval", "nozoc"],
            "box": "reinforcements",
        }
    )
    return out
