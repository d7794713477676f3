"""The Dask engine (the ``[distributed]`` extra): a local cluster of two worker processes
plays the same games, with the same records, as the local-process runner."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("dask.distributed", reason="the dask engine needs the [distributed] extra")

from dask.distributed import LocalCluster

from wargames.simulate import read_records, simulate


def test_a_local_dask_cluster_gives_the_records_of_the_local_runner(tmp_path: Path) -> None:
    out = tmp_path / "run.jsonl"
    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        dask = simulate(
            "minimal", 4, seed=11, engine="dask", scheduler=cluster.scheduler_address, out=out
        )
        assert dask == simulate("minimal", 4, seed=11, workers=2)
        # The file holds the games in the order they finished.
        assert sorted(read_records(out), key=lambda r: r.index) == dask
        # A resumed run on the cluster plays only the missing games.
        seen: list[int] = []
        more = simulate(
            "minimal",
            6,
            seed=11,
            engine="dask",
            scheduler=cluster.scheduler_address,
            out=out,
            progress=lambda d, t, s: seen.append(d),
        )
    assert seen == [5, 6] and more == simulate("minimal", 6, seed=11)


def test_the_dask_engine_starts_its_own_local_cluster() -> None:
    assert simulate("minimal", 2, seed=12, engine="dask", workers=2) == simulate(
        "minimal", 2, seed=12
    )
