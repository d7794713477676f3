"""DCH: Supply (Axis): the five rail heads start on the border rail hexes and can advance.

A helper's search games found three of the five heads (two on Warsaw 0312, one on Bucharest
0622) frozen for the whole game: every rail neighbour of those hexes lies in an Axis country,
and a head only advances out of the Axis countries, each step farther from them. The heads
(and the gauge conversion units starting on them) now start where the data's note says: on
the border rail hexes of Koenigsberg, the Warsaw hub (twice: its lines to Bialystok and to
Brest), Przemysl and the line from Bucharest (to Jassy). A head's depth is counted along the
rail, so a line running along the border (Jassy's) still leads away; heads and conversion
units keep off the hexes those before them passed in the turn, so the two from 0412 take its
two lines."""

from __future__ import annotations

import wargames
from wargames.core.context import Context
from wargames.core.state import Frame
from wargames.darkcrusade.hex import counters as cn
from wargames.darkcrusade.hex.charts import charts
from wargames.darkcrusade.hex.conversion import ConversionStep, markers
from wargames.darkcrusade.hex.rail import advance_railheads, axis_country, depth


def _ctx() -> Context:
    g = wargames.new_game("darkcrusade-hex", seed=1)
    return g.rules_context()


def _axis_everywhere(c: Context) -> None:
    for n in c.board:
        c.state.control[n] = cn.AXIS


def test_every_rail_head_starts_on_a_border_rail_hex() -> None:
    c = _ctx()
    for head in charts(c).rail["railheads"]:
        assert axis_country(c, head)
        exits = [
            n
            for n in c.board.neighbours(head)
            if "rail" in c.board.edge_features(head, n) and not axis_country(c, n)
        ]
        assert exits, f"rail head {head} has no rail line out of the Axis countries"


def test_all_five_heads_advance_two_rail_hexes_once_the_axis_holds_the_rail() -> None:
    c = _ctx()
    _axis_everywhere(c)
    advance_railheads(c)  # DCH: Supply: "5 rail heads, which advance 2 rail hexes per turn"
    heads = list(c.state.get("railheads"))
    assert len(heads) == 5 and len(set(heads)) == 5
    assert all(depth(c, h) == 2 for h in heads)  # none left behind in the Axis countries
    # the two heads east of Warsaw take its two lines: to Brest (0512) and Bialystok (0411)
    assert "0512" in c.board.neighbours(heads[1]) and "0411" in c.board.neighbours(heads[2])


def test_the_conversion_units_leave_the_axis_countries_too() -> None:
    c = _ctx()
    _axis_everywhere(c)
    frame = Frame("rail-conversion", {})
    c.state.stack = (frame,)
    ConversionStep().run(c, frame)
    assert all(depth(c, m["at"]) == 3 for m in markers(c))  # DCH: 3 rail hexes a turn
