"""The title's charts: the scenario's ``[charts]`` over the defaults here, checked once.

The fire table is Darkest Crusade's (Coatney's later fire table, read from that title's data,
not copied), scaled by ``fire_scale``: its text calls it "1.5x old Dark Crusade CRT", so the
old game's hits are read as two thirds of it (provisional, see docs/rules/darkcrusade-p2p.md).
"""

from __future__ import annotations

import weakref
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import attrs

from wargames.core.context import Context
from wargames.core.crt import FireTable
from wargames.core.errors import ScenarioError
from wargames.core.jsonvalue import thaw
from wargames.core.scenario import Scenario
from wargames.darkest.charts import FIRE_TABLE

WEATHERS = ("good", "mud", "snow", "october", "november")

DEFAULTS: dict[str, Any] = {
    "fire_table": FIRE_TABLE,
    "fire_scale": "2/3",
    "die_column": {"axis": "A", "soviet": "B"},
    # DC2 Strategic Land Movement: the per-turn maxima and three units ending on one point.
    "strategic": {"axis_max": 7, "soviet_max": 16, "per_point": 3},
    # DC2 Strategic Sea Movement: loss die faces in a friendly and an enemy-controlled sea.
    "sea_loss": {"friendly": [1], "enemy": [1, 3, 5]},
    # Who controls each sea (the hex edition): every listed point held by one side.
    "sea_control": {"baltic": ["Konigsberg"], "black": ["Sevastopol"], "azov": ["Kerch", "Taman"]},
    # DC2 Terrain C: the breakthrough reduction and defence increase of fortress levels 1-3.
    "fortress": [1, 2, 3],
    # Fire table columns lost in Mud (both sides) and in Snow (the Axis), except by defenders
    # in a city or town (Darkest Crusade, Weather; reading, as in wargames.darkest).
    "weather_shift": {"mud": 2, "snow_axis": 2},
    # DC2 Combat A.1.a (cut: "When air units of both sides are present, the So-"): filled from
    # the hex edition, "Russian front air/aviation units may not be combined": in air-to-air
    # combat each Soviet air unit fires on its own (false) or with the others (true).
    # What air units do after the air round (lost; filled gap, provisional): they fire in the
    # ground rounds like other units (true) or only in the air round (false); either way they
    # stand on the point and take hits with the others.
    # Flak in the air round (lost; filled gap, provisional): per undispersed defending unit
    # with the ``flak`` flag and for a Soviet victory city its own side defends (the hex
    # edition's AA result, "an UnDisrupted German army or Russian victory city").
    "air": {
        "soviet_combined": False,
        "ground_fire": True,
        "flak": {"unit": 1, "victory_city": 1},
    },
    # October (Darkest Crusade: "the best 2 numbers are Good", else Mud): Good's die faces.
    "october_good_in_sixths": 2,
    # Breakthrough combat lasts this many ground rounds (Darkest Crusade's Blitzkrieg!: "only
    # for 1 battle round").
    "breakthrough_rounds": 1,
    # The weather of each turn (the hex edition's chart with errata 2, "Dec, Jan, Feb are Snow
    # months"): no default, every scenario gives it (a default of nine Good turns had no
    # October roll, Mud or Snow).
    "weather": None,
    # Replacements (lost; filled gap from Darkest Crusade and the hex edition): Soviet infantry
    # factors from the east edge a turn, the Soviet off-map reserve of tank factors at the
    # start, German panzer factors a month and the first turn they come (Aug 41), and the
    # tank factors each producing factory gives a turn (the hex edition's "1 replacement tank
    # factor"; optional in a scenario's table, this default when left out).
    "replacements": {
        "soviet_infantry_east": 1,
        "soviet_armour_reserve": 4,
        "axis_armour": 2,
        "axis_armour_from": 3,
        "factory_factors": 1,
    },
    # Factory evacuation (lost; the hex edition): turns from leaving the map to producing.
    "factories": {"track_turns": 3},
    # The Siberian Reserve gamble (lost; Darkest Crusade): the safe turn (Dec 41) and the
    # chance in sixths of losing the game for each month they are called sooner.
    "siberians": {"safe_turn": 7, "loss_in_sixths": 1},
    # Victory (lost; Darkest Crusade's thresholds: "8 victory point cities" an Axis win, 7 a
    # draw, "6 or less" a Soviet win): the Axis wins at once only in 1941's victory
    # determinations, to turn ``axis_sudden_until`` (Dec 41), later only at the end. The
    # Soviets win at once holding a ``soviet_win`` point in supply: the hex edition's "Warsaw
    # or Bucharest and Ploesti", Darkest Crusade's "Warsaw or hex M1" (Bucharest-Ploesti; the
    # map's Bucharest point stands for both). The hex edition's Moscow morale collapse: taking
    # ``collapse_point`` in supply, the Axis wins on ``collapse_in_sixths`` in 6 (its "33%";
    # provisional: a die's 2 in 6, as the hex title's chart).
    "victory": {
        "axis_win": 8,
        "axis_sudden_until": 7,
        "draw": 7,
        "required": ["Leningrad", "Moscow", "Stalingrad"],
        "soviet_win": ["Warsaw", "Bucharest"],
        "collapse_point": "Moscow",
        "collapse_in_sixths": 2,
    },
    "provisional": {},
}


@attrs.frozen
class Charts:
    fire: FireTable
    fire_scale: Fraction
    die_column: Mapping[str, str]
    strategic: Mapping[str, int]
    sea_loss: Mapping[str, tuple[int, ...]]
    sea_control: Mapping[str, tuple[str, ...]]
    fortress: tuple[int, ...]
    weather_shift: Mapping[str, int]
    soviet_air_combined: bool
    air_ground_fire: bool
    flak: Mapping[str, int]
    october_good_in_sixths: int
    breakthrough_rounds: int
    replacements: Mapping[str, int]
    factories: Mapping[str, int]
    siberians: Mapping[str, int]
    weather: tuple[str, ...]
    victory: Mapping[str, Any]
    provisional: Mapping[str, str]


_CACHE: weakref.WeakKeyDictionary[Scenario, Charts] = weakref.WeakKeyDictionary()


def charts(ctx: Context) -> Charts:
    got = _CACHE.get(ctx.scenario)
    if got is None:
        got = _CACHE[ctx.scenario] = check(ctx.scenario)
    return got


def _fail(scenario: Scenario, field: str, reason: str) -> ScenarioError:
    return ScenarioError(scenario.file, f"charts.{field}", reason)


def _whole(sc: Scenario, field: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise _fail(sc, field, "expected a whole number >= 0")
    return value


def _int_table(sc: Scenario, field: str, value: Any, keys: tuple[str, ...]) -> dict[str, int]:
    if not isinstance(value, Mapping) or set(value) != set(keys):
        raise _fail(sc, field, f"give exactly: {', '.join(keys)}")
    return {k: _whole(sc, f"{field}.{k}", v) for k, v in value.items()}


def check(sc: Scenario) -> Charts:
    """The scenario's charts over the defaults, checked field by field."""
    given: dict[str, Any] = thaw(sc.charts)
    unknown = set(given) - set(DEFAULTS)
    if unknown:
        raise _fail(sc, sorted(unknown)[0], "unknown chart")
    data = {**DEFAULTS, **given}
    table = dict(data["fire_table"])
    for meta in ("provisional", "note", "source"):
        table.pop(meta, None)
    try:
        fire = FireTable.from_data(table)
        scale = Fraction(str(data["fire_scale"]))
    except (ValueError, ZeroDivisionError) as exc:
        raise _fail(sc, "fire_table", str(exc)) from None
    die = data["die_column"]
    if not isinstance(die, Mapping) or set(die) != {"axis", "soviet"}:
        raise _fail(sc, "die_column", "give the die column of axis and soviet")
    for side, col in die.items():
        if col not in fire.indexes:
            raise _fail(sc, f"die_column.{side}", f"no die column {col!r}")
    strategic = _int_table(
        sc, "strategic", data["strategic"], ("axis_max", "soviet_max", "per_point")
    )
    loss = data["sea_loss"]
    if not isinstance(loss, Mapping) or set(loss) != {"friendly", "enemy"}:
        raise _fail(sc, "sea_loss", "give the losing die faces for friendly and enemy")
    sea_loss = {}
    for k, faces in loss.items():
        if not isinstance(faces, list) or not all(
            isinstance(f, int) and 1 <= f <= 6 for f in faces
        ):
            raise _fail(sc, f"sea_loss.{k}", "expected die faces 1-6")
        sea_loss[k] = tuple(faces)
    seas = {}
    for name, points in dict(data["sea_control"]).items():
        if not isinstance(points, list) or not all(p in sc.board for p in points):
            raise _fail(sc, f"sea_control.{name}", "expected points of the map")
        seas[name] = tuple(points)
    fort = data["fortress"]
    if not isinstance(fort, list) or len(fort) != 3 or not all(isinstance(x, int) for x in fort):
        raise _fail(sc, "fortress", "give three whole numbers (fortress levels 1-3)")
    shift = _int_table(sc, "weather_shift", data["weather_shift"], ("mud", "snow_axis"))
    air = data["air"]
    if not isinstance(air, Mapping) or set(air) - set(DEFAULTS["air"]):
        raise _fail(sc, "air", "give soviet_combined, ground_fire and flak")
    air = {**DEFAULTS["air"], **air}
    for key in ("soviet_combined", "ground_fire"):
        if not isinstance(air[key], bool):
            raise _fail(sc, f"air.{key}", "expected true or false")
    flak = _int_table(sc, "air.flak", air["flak"], ("unit", "victory_city"))
    october = _whole(sc, "october_good_in_sixths", data["october_good_in_sixths"])
    if october > 6:
        raise _fail(sc, "october_good_in_sixths", "at most 6")
    rounds = _whole(sc, "breakthrough_rounds", data["breakthrough_rounds"])
    given_replacements = data["replacements"]
    if isinstance(given_replacements, Mapping):  # factory_factors may be left out
        factory = {"factory_factors": DEFAULTS["replacements"]["factory_factors"]}
        given_replacements = {**factory, **given_replacements}
    replacements = _int_table(
        sc, "replacements", given_replacements, tuple(DEFAULTS["replacements"])
    )
    factories = _int_table(sc, "factories", data["factories"], ("track_turns",))
    siberians = _int_table(sc, "siberians", data["siberians"], ("safe_turn", "loss_in_sixths"))
    if siberians["loss_in_sixths"] > 6:
        raise _fail(sc, "siberians.loss_in_sixths", "at most 6")
    weather = data["weather"]
    turns = sc.calendar.last - sc.calendar.first + 1
    if not isinstance(weather, list) or len(weather) < turns:
        raise _fail(sc, "weather", f"give the weather of each of the {turns} turns (no default)")
    for i, w in enumerate(weather):
        if w not in WEATHERS:
            raise _fail(sc, f"weather[{i}]", f"not one of {', '.join(WEATHERS)}")
    vic = data["victory"]
    if not isinstance(vic, Mapping):
        raise _fail(sc, "victory", "expected a table")
    for key in ("required", "soviet_win"):
        if not all(p in sc.board for p in vic.get(key, [])):
            raise _fail(sc, f"victory.{key}", "expected points of the map")
    if vic.get("collapse_point") not in sc.board:
        raise _fail(sc, "victory.collapse_point", "expected a point of the map")
    k = vic.get("collapse_in_sixths")
    if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= 6:
        raise _fail(sc, "victory.collapse_in_sixths", "expected a number of sixths, 0 to 6")
    until = vic.get("axis_sudden_until", 0)
    if isinstance(until, bool) or not isinstance(until, int):
        raise _fail(sc, "victory.axis_sudden_until", "expected a turn number")
    prov = data["provisional"]
    if not isinstance(prov, Mapping) or not all(isinstance(v, str) for v in prov.values()):
        raise _fail(sc, "provisional", "expected a table of notes")
    return Charts(
        fire=fire,
        fire_scale=scale,
        die_column=dict(die),
        strategic=strategic,
        sea_loss=sea_loss,
        sea_control=seas,
        fortress=tuple(fort),
        weather_shift=shift,
        soviet_air_combined=air["soviet_combined"],
        air_ground_fire=air["ground_fire"],
        flak=flak,
        october_good_in_sixths=october,
        breakthrough_rounds=rounds,
        replacements=replacements,
        factories=factories,
        siberians=siberians,
        weather=tuple(weather),
        victory=dict(vic),
        provisional=dict(prov),
    )
