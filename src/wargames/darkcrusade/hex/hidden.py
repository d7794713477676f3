"""DCH: Hidden and/vs. Revealed Russian units; Set-up: Sorting Russian Arrays.

Russian rifle armies are unknown to both players until their moment of first combat. Drawing
42 of the 62 armies at set-up and then revealing them one by one is the same, draw for draw, as
revealing each from the 62 not yet drawn (never more than 42 are in play) while no army has been
lost, so a hidden army's counter is a chance outcome at its first combat. Nothing unknown is in
the state until then, so no view can leak it.

A lost army's counter goes back into the pile of the 42 ("Lost Russian infantry units go back
into the same extra units pile for random selection, so the same unit could be re-drawn"), not
among the 20 set aside: a known member of the 42. The lost, revealed counters' profiles are
public (``lost_profiles``); the pile (42 less the ``a`` armies in play) holds them and
``42 - a - e`` unknown counters, a random choice from the ``62 - a - e`` others (``e`` lost), so
a draw gives profile P with weight ``lost[P] + (42 - a - e) * others[P] / (62 - a - e)``
(:func:`draw_weights`). A drawn profile with a lost counter of its kind is booked as that counter
re-drawn (reading: which of alike counters came up is not told, and the lost one is taken). An
army lost face down (re-hidden) is not booked: its counter is unknown again, as a fresh one.

The face-down mech group (10 more 2-1s, or 8 4-3s and 2 3-2s) is chosen blindly by the German
player: a chance outcome of 1/2 each at set-up, its counters then dealt to the korps at random
(a chance outcome per korps while the counters left differ); the Russian player sees them, the
German does not until each korps fights.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any, ClassVar

from wargames.core.actions import Action, Choose, Outcome, Pass
from wargames.core.context import Context
from wargames.core.frame_args import UNIT, Shape
from wargames.core.sequence import ChanceStep
from wargames.core.state import Frame
from wargames.core.steps import SideStep

from . import counters as cn
from .charts import charts

RULE = "DCH: Hidden and/vs. Revealed Russian units"
LOST = "lost_profiles"
SECRET_CHANCE = ("mech-group", "mech-deal")
"""The chance steps whose outcomes only the Russian player is told (the German chose blind)."""


def is_hidden(ctx: Context, uid: str) -> bool:
    return cn.has(ctx, uid, "hidden") and cn.profile(ctx, uid) is None


def lost(ctx: Context) -> dict[str, int]:
    """The lost armies' counters back in the pile of the 42, by profile (public)."""
    out: dict[str, int] = {}
    for prof in ctx.state.get(LOST, ()):
        out[prof] = out.get(prof, 0) + 1
    return out


def pool_left(ctx: Context) -> dict[str, int]:
    """The counters not known to be among the 42 drawn, by profile: the pool less the drawn
    armies still in play and the lost counters back in the pile."""
    left = {k: int(v) for k, v in charts(ctx).hidden["pool"].items()}
    profiles = ctx.state.get("profiles", {})
    for uid, prof in profiles.items():
        if cn.has(ctx, uid, "hidden"):
            left[prof] -= 1
    for prof, n in lost(ctx).items():
        left[prof] -= n
    return {k: v for k, v in left.items() if v > 0}


def draw_weights(ctx: Context) -> dict[str, Fraction]:
    """DCH: Replacements: each profile's share of the pile of the 42 less the armies in play:
    the lost counters of that profile, and the unknown rest of the 42 drawn from the others."""
    gone = lost(ctx)
    others = pool_left(ctx)
    unknown = int(charts(ctx).hidden["in_play"]) - len(_in_play(ctx)) - sum(gone.values())
    total = sum(others.values())
    out = {k: Fraction(n) for k, n in gone.items()}
    if unknown > 0 and total > 0:
        for k, n in others.items():
            out[k] = out.get(k, Fraction(0)) + Fraction(unknown * n, total)
    return {k: w for k, w in out.items() if w > 0}


def _in_play(ctx: Context) -> list[str]:
    """The rifle armies holding a drawn counter (revealed or face down)."""
    return [u for u in ctx.state.get("profiles", {}) if cn.has(ctx, u, "hidden")]


def lose(ctx: Context, uid: str) -> None:
    """A lost army's counter goes back into the pile of the 42: booked by profile if it was
    face up (public), else unknown again; the army itself is hidden until it is redrawn."""
    prof = ctx.state.get("profiles", {}).get(uid)
    shown = list(ctx.state.get("revealed", ()))
    if prof is not None and uid in shown:
        ctx.state.set(LOST, sorted([*ctx.state.get(LOST, ()), prof]))
    set_profile(ctx, uid, None)
    ctx.state.set("revealed", [u for u in shown if u != uid])


def to_reveal(ctx: Context, units: Iterable[str]) -> list[str]:
    return [u for u in units if is_hidden(ctx, u)]


def set_profile(ctx: Context, uid: str, prof: str | None) -> None:
    profiles: dict[str, Any] = dict(ctx.state.get("profiles", {}))
    if prof is None:
        profiles.pop(uid, None)
    else:
        profiles[uid] = prof
    ctx.state.set("profiles", profiles)


def reveal(ctx: Context, uid: str) -> None:
    """Make a drawn counter public (a mech korps of the face-down group at first combat)."""
    shown = set(ctx.state.get("revealed", ()))
    if uid not in shown:
        shown.add(uid)
        ctx.state.set("revealed", sorted(shown))


class RevealStep(ChanceStep):
    """A hidden army's counter at its first combat: a draw from the pile of the 42 less the
    armies in play (:func:`draw_weights`)."""

    name: ClassVar[str] = "reveal"
    args: ClassVar[Mapping[str, Shape] | None] = {"unit": UNIT}
    rule: ClassVar[str] = RULE

    def outcomes(self, ctx: Context, frame: Frame) -> list[tuple[Action, Fraction]]:
        weights = draw_weights(ctx)
        total = sum(weights.values())
        return [(Outcome(k), w / total) for k, w in sorted(weights.items())]

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        assert isinstance(action, Outcome)
        uid = frame.args["unit"]
        gone = list(ctx.state.get(LOST, ()))
        if action.value in gone:  # booked as the lost counter re-drawn (module docstring)
            gone.remove(action.value)
            ctx.state.set(LOST, gone)
        set_profile(ctx, uid, str(action.value))
        reveal(ctx, uid)
        ctx.emit("reveal", f"{uid} is revealed: {action.value}", unit=uid, profile=action.value)
        ctx.done()


class MechGroupStep(ChanceStep):
    """DCH: Set-up: the German player's blind choice of the face-down mech group."""

    name: ClassVar[str] = "mech-group"
    args: ClassVar[Mapping[str, Shape] | None] = {}
    rule: ClassVar[str] = "DCH: Setup (Sorting Russian Arrays)"

    def outcomes(self, ctx: Context, frame: Frame) -> list[tuple[Action, Fraction]]:
        return [(Outcome("elite"), Fraction(1, 2)), (Outcome("plain"), Fraction(1, 2))]

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        assert isinstance(action, Outcome)
        members = sorted(u for u in ctx.state.units if cn.has(ctx, u, "elite-group"))
        ctx.state.set("mech_group", str(action.value))
        ctx.state.set("mech_units", members)
        ctx.emit("mech-group", "the German player picks a face-down mech group")
        ctx.done()
        _deal_next(ctx)


def group_left(ctx: Context, members: Iterable[str]) -> dict[str, int]:
    """The face-down group's counters left for ``members``: the group's counters less those
    on the other mech korps."""
    left: dict[str, int] = {}
    for prof in charts(ctx).hidden[str(ctx.state.get("mech_group"))]:
        left[prof] = left.get(prof, 0) + 1
    profiles = ctx.state.get("profiles", {})
    skip = set(members)
    for u in ctx.state.get("mech_units", ()):
        if u not in skip and u in profiles:
            left[profiles[u]] -= 1
    return {k: v for k, v in left.items() if v > 0}


def _undealt(ctx: Context) -> list[str]:
    """The face-down group's korps not yet dealt a counter."""
    profiles = ctx.state.get("profiles", {})
    return [u for u in ctx.state.get("mech_units", ()) if u not in profiles]


def _deal_next(ctx: Context) -> None:
    """Deal the next mech korps its counter, a chance step for each korps (the group's
    counters shuffled, one korps after the other; a step even when the counters left are
    alike, so that the number of steps tells nothing of the group)."""
    undealt = _undealt(ctx)
    if undealt:
        ctx.push("mech-deal", unit=undealt[0])


class MechDealStep(ChanceStep):
    """DCH: Set-up: the face-down group's counters dealt to its korps at random (the Russian
    player sees them; the German does not until each korps fights)."""

    name: ClassVar[str] = "mech-deal"
    args: ClassVar[Mapping[str, Shape] | None] = {"unit": UNIT}
    rule: ClassVar[str] = "DCH: Setup (Sorting Russian Arrays)"

    def outcomes(self, ctx: Context, frame: Frame) -> list[tuple[Action, Fraction]]:
        left = group_left(ctx, _undealt(ctx))
        total = sum(left.values())
        return [(Outcome(k), Fraction(v, total)) for k, v in sorted(left.items())]

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        assert isinstance(action, Outcome)
        set_profile(ctx, frame.args["unit"], str(action.value))
        ctx.done()
        _deal_next(ctx)


def rehidable(ctx: Context) -> list[str]:
    """Revealed, UnDisrupted rifle armies on the map, which the Russian player may re-hide."""
    shown = set(ctx.state.get("revealed", ()))
    return [
        u.id
        for u in ctx.units_of(cn.RUSSIAN)
        if u.id in shown and cn.has(ctx, u.id, "hidden") and not u.has(cn.DISRUPTED)
    ]


class RehideStep(SideStep):
    """DCH: Hidden and/vs. Revealed Russian units: once revealed, UnDisrupted armies may be
    re-hidden (face down for both players: the Russian may not peek) until their next combat."""

    name: ClassVar[str] = "rehide"
    args: ClassVar[Mapping[str, Shape] | None] = {}
    kind: ClassVar[str] = "choose"
    rule: ClassVar[str] = RULE
    actions: ClassVar[tuple[type[Action], ...]] = (Choose, Pass)

    def actor(self, ctx: Context, frame: Frame) -> str | None:
        return cn.RUSSIAN if rehidable(ctx) else None

    def run(self, ctx: Context, frame: Frame) -> None:
        ctx.done()

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        return [Pass(), *(Choose(u) for u in rehidable(ctx))]

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        if isinstance(action, Pass):
            ctx.done()
            return
        assert isinstance(action, Choose)
        shown = [u for u in ctx.state.get("revealed", ()) if u != action.option]
        ctx.state.set("revealed", shown)
        ctx.emit("rehide", f"{action.option} is turned face down again", unit=action.option)


def visible_profile(state_vars: dict[str, Any], uid: str, side: str) -> str | None:
    """What ``side`` may see of a unit's drawn counter: revealed counters to both; the
    face-down mech group to the Russian player always."""
    prof = state_vars.get("profiles", {}).get(uid)
    if prof is None:
        return None
    if uid in state_vars.get("revealed", ()):
        return str(prof)
    if side == cn.RUSSIAN and uid in state_vars.get("mech_units", ()):
        return str(prof)
    return None


def determinize(ctx: Context, side: str) -> None:
    """Resample what ``side`` cannot know, consistently with its view: re-hidden armies'
    counters (unknown to both players) from the pool left (members of the 42 other than the
    public lost counters, which are in the pile, not in play: the unknown rest of the 42 is a
    random choice from these others, as :func:`draw_weights` reads it), and, for the German
    player, the face-down mech group unless one of its korps has fought (which tells the
    group)."""
    profiles: dict[str, Any] = dict(ctx.state.get("profiles", {}))
    shown = set(ctx.state.get("revealed", ()))
    hidden = sorted(u for u in profiles if cn.has(ctx, u, "hidden") and u not in shown)
    if hidden:
        left = pool_left(ctx)
        for u in hidden:
            left[profiles[u]] = left.get(profiles[u], 0) + 1
        for u in hidden:
            names = sorted(k for k, v in left.items() if v > 0)
            weights = [Fraction(left[k]) for k in names]
            pick = names[ctx.draw(names, weights)]
            profiles[u] = pick
            left[pick] -= 1
    members = list(ctx.state.get("mech_units", ()))
    if side == cn.AXIS and members and all(u in profiles for u in members):
        unseen = [u for u in members if u not in shown]
        if len(unseen) == len(members):  # no korps has fought: the group itself is unknown
            ctx.state.set("mech_group", "elite" if ctx.draw(["elite", "plain"]) == 0 else "plain")
        ctx.state.set("profiles", profiles)
        left = group_left(ctx, unseen)
        for u in unseen:  # the counters not yet seen, shuffled over the korps not yet seen
            names = sorted(k for k, v in left.items() if v > 0)
            pick = names[ctx.draw(names, [Fraction(left[k]) for k in names])]
            profiles[u] = pick
            left[pick] -= 1
    ctx.state.set("profiles", profiles)
