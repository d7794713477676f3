"""The playout runner: seeded games, the same records on any number of workers, resuming."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from wargames.core.errors import ScenarioError
from wargames.simulate import (
    GameRecord,
    RunError,
    game_seed,
    progress_line,
    read_records,
    simulate,
)


def test_game_i_gets_the_same_seed_and_record_on_any_number_of_workers() -> None:
    one = simulate("minimal", 4, seed=3)
    two = simulate("minimal", 4, seed=3, workers=2)
    assert one == two
    assert [r.seed for r in one] == [game_seed(3, i) for i in range(4)]
    assert len({r.seed for r in one}) == 4
    assert all(r.level != "unfinished" and r.actions > 0 for r in one)


def test_an_interrupted_run_resumes_where_it_stopped(tmp_path: Path) -> None:
    out = tmp_path / "run.jsonl"
    first = simulate("minimal", 2, seed=5, out=out)
    with out.open("a", encoding="utf-8") as f:
        f.write('{"index": 2, "se')  # a line cut short by the interruption
    seen: list[int] = []
    again = simulate("minimal", 4, seed=5, out=out, progress=lambda d, t, s: seen.append(d))
    assert again[:2] == first and seen == [3, 4]  # only games 2 and 3 were played
    assert again == simulate("minimal", 4, seed=5)
    assert read_records(out) == again


def test_csv_output_reads_back(tmp_path: Path) -> None:
    out = tmp_path / "run.csv"
    records = simulate("lines", 2, seed=1, out=out)
    assert read_records(out) == records
    assert out.read_text().splitlines()[0].startswith("index,seed,title")


def test_options_are_checked_before_any_game_is_played() -> None:
    with pytest.raises(ScenarioError, match="options"):
        simulate("minimal", 1, options={"no_such_option": 1})


def test_unknown_output_formats_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"\.csv"):
        simulate("minimal", 1, out=tmp_path / "run.xlsx")


def test_a_stopped_game_is_recorded_as_unfinished() -> None:
    (record,) = simulate("minimal", 1, seed=2, max_actions=3)
    assert record.level == "unfinished" and record.winner is None and record.actions == 3


def test_progress_line() -> None:
    assert progress_line(10, 40, 5.0) == "10/40 games, 2.0 games/s, ETA 15 s"


def test_the_simulate_and_report_commands(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from wargames.cli import main

    out = tmp_path / "run.csv"
    assert main(["simulate", "minimal", "--games", "3", "--seed", "4", "--out", str(out)]) == 0
    printed = capsys.readouterr()
    assert printed.out.startswith("3 games of minimal/skirmish")
    assert "3/3 games" in printed.err
    assert read_records(out) == simulate("minimal", 3, seed=4)
    assert main(["report", str(out)]) == 0
    assert capsys.readouterr().out.startswith("3 games of minimal")


def test_the_simulate_command_answers_bad_input_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from wargames.cli import main

    assert main(["simulate", "minimal", "--option", "nonsense"]) == 2
    assert main(["simulate", "minimal", "--out", str(tmp_path / "x.xlsx")]) == 2
    assert main(["simulate", "nosuchtitle"]) == 2
    assert main(["report", str(tmp_path / "missing.csv")]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 4


def test_agents_per_side_and_the_search_budget_are_recorded() -> None:
    records = simulate("minimal", 2, seed=1, agents="random,search", playouts=2, depth=3)
    assert all(r.agents == "random,search" for r in records)
    assert records == simulate(
        "minimal", 2, seed=1, agents=("random", "search"), playouts=2, depth=3
    )
    assert records != simulate("minimal", 2, seed=1)  # the search agent plays blue otherwise
    assert simulate("minimal", 1, seed=1, agents="search", playouts=2, depth=3)[0].agents == (
        "search,search"
    )


def test_the_ismcts_agent_plays_a_seat_reproducibly() -> None:
    records = simulate("minimal", 2, seed=1, agents="ismcts,random", playouts=2, depth=3)
    assert all(r.agents == "ismcts,random" for r in records)
    assert records == simulate("minimal", 2, seed=1, agents="ismcts,random", playouts=2, depth=3)
    assert records != simulate("minimal", 2, seed=1)  # the tree search plays blue otherwise


def test_unknown_agents_engines_and_agent_counts_are_refused() -> None:
    with pytest.raises(RunError, match="unknown agent"):
        simulate("minimal", 1, agents="genius")
    with pytest.raises(RunError, match="one per side"):
        simulate("minimal", 1, agents="random,random,random")
    with pytest.raises(RunError, match="engine"):
        simulate("minimal", 1, engine="spark")


def test_the_vp_race_has_a_value_per_turn_end_and_the_last_is_the_final_count() -> None:
    (record,) = simulate("minimal", 1, seed=4)
    race = dict(record.vp)
    assert set(race) == {"blue", "red"}
    assert all(len(series) == record.turn for series in race.values())
    final = json_roundtrip(record)
    assert final == record


def json_roundtrip(record: GameRecord) -> GameRecord:
    return GameRecord.from_json(json.loads(json.dumps(record.to_json())))


def test_old_records_without_agents_options_or_vp_still_read(tmp_path: Path) -> None:
    out = tmp_path / "old.csv"
    out.write_text(
        "index,seed,title,scenario,winner,level,turn,actions,reason\n0,5,t,s,a,v,3,9,r\n"
    )
    (record,) = read_records(out)
    assert record.agents == "random" and record.options == "{}" and record.vp == ()


def test_options_are_recorded() -> None:
    (record,) = simulate("darkest", 1, seed=1, options={"secret_setup": True}, max_actions=5)
    assert json.loads(record.options)["secret_setup"] is True


@pytest.mark.skipif(
    importlib.util.find_spec("pyarrow") is None, reason="Parquet output needs the [parquet] extra"
)
def test_parquet_output_reads_back_and_an_interrupted_run_resumes(tmp_path: Path) -> None:
    out = tmp_path / "run.parquet"
    first = simulate("minimal", 2, seed=6, out=out)
    assert out.exists() and read_records(out) == first
    journal = tmp_path / "run.parquet.jsonl"
    assert not journal.exists()
    # An interruption leaves the games played since the last table in the journal.
    third = simulate("minimal", 3, seed=6)[2]
    journal.write_text(json.dumps(third.to_json()) + "\n")
    seen: list[int] = []
    again = simulate("minimal", 4, seed=6, out=out, progress=lambda d, t, s: seen.append(d))
    assert seen == [4] and again == simulate("minimal", 4, seed=6)
    assert read_records(out) == again and not journal.exists()
