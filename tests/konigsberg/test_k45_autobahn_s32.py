"""K45 11.2b on the campaign map: the Autobahn joins Königsberg and Elbing, so Königsberg is
a full German supply source while the line is open (the reconstruction's Autobahn had ended
one hex short of the city, so Königsberg was a limited centre all game; found by a helper
profiling the supply traces)."""

from __future__ import annotations

import networkx as nx

import wargames
from wargames.konigsberg.charts import charts
from wargames.konigsberg.supply import full_sources


def test_the_autobahn_runs_from_elbing_into_konigsberg_11_2b() -> None:
    g = wargames.new_game("konigsberg", seed=1)
    c = g.rules_context()
    board, ch = c.board, charts(c)
    centre, link = ch.place(ch["supply"]["centre"]), ch.place(ch["supply"]["link"])
    autobahn = nx.Graph(
        (a, b) for a, b in board.graph.edges if "autobahn" in board.edge_features(a, b)
    )
    assert nx.has_path(autobahn, link, centre)


def test_konigsberg_is_a_full_german_source_at_the_start_11_2b() -> None:
    g = wargames.new_game("konigsberg", seed=1)
    c = g.rules_context()
    ch = charts(c)
    assert ch.place(ch["supply"]["centre"]) in full_sources(c, "german")
