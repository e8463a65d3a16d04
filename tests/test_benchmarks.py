"""The benchmark harness runs on a tiny input and writes a well-formed result (never timed)."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import pytest
from benchmarks import bench, compare

from drako_rules import Card, GameState, apply_move, check_state, deck, legal_moves, new_game


def test_every_benchmark_runs_and_reports_its_statistics() -> None:
    """Each registered benchmark runs on 3 inputs and reports median, min, quartiles and IQR
    (times), or median, min, max and mean of each figure (memory)."""
    result = bench.run(size=3, repeat=2, min_time=0.0)
    assert result["schema"] == bench.SCHEMA
    assert sorted([*result["results"], *result["memory"]]) == sorted(bench.BENCHMARKS)
    assert {"decision", "game[2p]", "game[3p]", "game[4p]"} <= set(result["results"])
    assert "memory" in result["memory"]
    for name, mm in result["memory"].items():
        assert mm["what"] == bench.BENCHMARKS[name].what and mm["unit"] == "bytes"
        assert mm["count"] >= 1 and mm["figures"]
        for f in mm["figures"].values():
            assert 0 < f["min"] <= f["median"] <= f["max"]
            assert f["min"] <= f["mean"] <= f["max"]
    for name, m in result["results"].items():
        assert m["what"] == bench.BENCHMARKS[name].what
        assert m["calls_per_pass"] >= 1 and m["passes_per_run"] >= 1
        assert len(m["runs"]) == 2
        assert all(t > 0 for t in m["runs"])
        assert m["min_us"] <= m["q1_us"] <= m["median_us"] <= m["q3_us"]
        assert m["iqr_us"] == pytest.approx(m["q3_us"] - m["q1_us"])


def test_result_names_python_machine_date_and_settings() -> None:
    """The result says which Python, machine, date and settings produced it."""
    result = bench.run(["score"], size=2, repeat=1, min_time=0.0, seed=7)
    assert result["python"]["implementation"] and result["python"]["version"]
    assert result["machine"]["cpu"] and result["machine"]["platform"]
    assert result["date"][:2] == "20"
    assert result["settings"] == {"size": 2, "repeat": 1, "min_time": 0.0, "seed": 7}
    assert list(result["results"]) == ["score"]


def test_inputs_are_seeded_and_valid() -> None:
    """The same seed gives the same inputs; deck Kingdoms respect the cards per kind (R1.3)."""
    a, b = bench.Inputs(20), bench.Inputs(20)
    assert a.uniform == b.uniform and a.deck == b.deck and a.placements == b.placements
    assert bench.Inputs(20, seed=1).uniform != a.uniform
    assert all(k.is_complete for k in a.uniform + a.deck)
    for i, k in enumerate(a.deck):
        players = 2 + i % 3
        assert all(k.count(card) <= deck(players).count(card) for card in Card)


def test_command_line_writes_json_that_compare_reads(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """main() prints the table and writes JSON; compare.py prints a ratio of 1 for a result with itself."""
    out = tmp_path / "r.json"
    argv = ["score", "Kingdom()", "--size", "2", "--repeat", "2", "--min-time", "0"]
    assert bench.main([*argv, "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "CPython" in printed or "PyPy" in printed
    assert "score" in printed and str(out) in printed
    data = json.loads(out.read_text(encoding="utf-8"))
    assert set(data["results"]) == {"score", "Kingdom()"}
    assert compare.main([str(out), str(out)]) == 0
    table = capsys.readouterr().out
    assert "warning" not in table
    assert table.count("1.000") == 2


def test_unknown_benchmark_is_refused() -> None:
    """Asking for a benchmark that does not exist fails with a message, before any timing."""
    with pytest.raises(ValueError, match="unknown benchmarks"):
        bench.run(["no-such-benchmark"], size=3, repeat=2, min_time=0.0)
    with pytest.raises(SystemExit):
        bench.main(["no-such-benchmark"])


def test_game_inputs_are_reached_in_play_and_seeded() -> None:
    """The decision states are real states of 2-4 player games (check_state), not over, with
    a draw u in [0, 1); the same seed gives the same states, records and game seeds."""
    a, b = bench.Inputs(25), bench.Inputs(25)
    assert len(a.decisions) == 25 and a.decisions == b.decisions
    assert a.records == b.records and a.game_seeds == b.game_seeds
    assert {len(s.players) for s, _ in a.decisions} == {2, 3, 4}
    for state, u in a.decisions:
        assert check_state(state) is state and not state.is_over
        assert 0 <= u < 1
        assert bench.decide(state, u) in {apply_move(state, m) for m in legal_moves(state)}
    assert all(r.start() is not None and r.moves for r in a.records)


def test_deep_size_counts_each_object_once_and_only_what_is_new() -> None:
    """A second walk with the same ``seen`` finds nothing new; a tuple reached twice counts
    once; shared constants (None, enum members, small ints) count nothing."""
    inner = (1000, 2000)
    outer = (inner, inner, None, Card.ELF, 3)
    seen: set[int] = set()
    size = bench.deep_size(outer, seen)
    assert size == sys.getsizeof(outer) + sys.getsizeof(inner) + 2 * sys.getsizeof(1000)
    assert bench.deep_size(outer, seen) == 0
    assert bench.deep_size((outer, inner), seen) == sys.getsizeof((outer, inner))


def test_a_successor_shares_most_of_its_predecessor() -> None:
    """A state's successor adds fewer bytes than a whole state: the piles, the legend row,
    the other players and the hidden cards are shared, not copied."""
    state: GameState = new_game(2, seed=11)
    for _ in range(6):
        state = apply_move(state, legal_moves(state)[-1])
    seen: set[int] = set()
    whole = bench.deep_size(state, seen)
    successor = apply_move(state, legal_moves(state)[0])
    added = bench.deep_size(successor, seen)
    assert 0 < added < whole / 2
    assert bench.deep_size(successor, set()) >= whole / 2


def test_side_by_side_loads_a_second_copy_and_compares() -> None:
    """benchmarks/side_by_side.py loads a package folder beside the imported one (its own
    modules, sys.modules untouched) and times every benchmark on both (no time asserted)."""
    from benchmarks import side_by_side

    import drako_rules

    before = dict(sys.modules)
    other = side_by_side.load(side_by_side.ROOT / "src")
    assert other is not drako_rules and other.Kingdom is not drako_rules.Kingdom
    assert sys.modules["drako_rules"] is drako_rules and sys.modules.keys() == before.keys()
    old, new = side_by_side.Side(other), side_by_side.Side(drako_rules)
    figures = side_by_side.compare(old, new, side_by_side.benchmarks(3, 1), rounds=1)
    assert set(figures) == {
        "score.total[pocket]", "score.total[classic]", "legends_met",
        "game[2p]", "game[3p]", "game[4p]",
    }  # fmt: skip
    assert all(a > 0 and b > 0 for a, b in figures.values())


def test_side_by_side_times_by_cpu_clock_on_request(capsys: pytest.CaptureFixture[str]) -> None:
    """side_by_side.py --clock cpu times the passes by the process's CPU time (the wall
    clock stays the default); an unknown clock is refused by the command line (no time
    asserted)."""
    from benchmarks import side_by_side

    import drako_rules

    assert side_by_side.CLOCKS["cpu"] is time.process_time
    assert side_by_side.CLOCKS["wall"] is time.perf_counter
    same = side_by_side.Side(drako_rules)
    figures = side_by_side.compare(
        same, same, {"legends_met": side_by_side.benchmarks(3, 1)["legends_met"]}, 1, "cpu"
    )
    assert list(figures) == ["legends_met"] and min(figures["legends_met"]) >= 0
    with pytest.raises(SystemExit):
        side_by_side.main(["--clock", "sundial", "legends_met"])
    assert "invalid choice: 'sundial'" in capsys.readouterr().err


def test_side_by_side_says_which_build_it_timed(capsys: pytest.CaptureFixture[str]) -> None:
    """--installed times the package this Python imports (the compiled wheel in CI's third
    environment, the checkout's here), and the first line says which build that is (no
    time asserted)."""
    from benchmarks import side_by_side

    from drako_rules.version import compiled_modules

    argv = ["--installed", "--rounds", "1", "--size", "3", "--games", "1", "legends_met"]
    assert side_by_side.main(argv) == 0
    first, header, row = capsys.readouterr().out.splitlines()
    compiled = len(compiled_modules())
    build = f"{compiled} modules compiled with mypyc" if compiled else "pure Python"
    assert first.startswith(f"f44c9ae against the installed package ({build}), Python ")
    assert header.split() == ["benchmark", "old", "new", "speed-up"]
    assert row.split()[0] == "legends_met" and row.endswith("x")


def test_instructions_runs_a_benchmark_on_a_loaded_copy() -> None:
    """benchmarks/instructions.py runs passes of a benchmark on a package folder (what
    valgrind counts), leaving sys.modules untouched."""
    from benchmarks import instructions, side_by_side

    before = dict(sys.modules)
    instructions.run("legends_met", side_by_side.ROOT / "src", 1)
    assert sys.modules.keys() == before.keys()


def test_players_benchmark_reports_wins_intervals_and_decision_times(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The players benchmark's variant and decision commands, on 2 games with a one-sample
    search, print the wins with their Wilson interval and the CPU time per decision."""
    from benchmarks import players

    options = '{"iterations": 1, "candidates": 2}'
    assert players.main(["variant", "--games", "2", "--workers", "1", "--options", options]) == 0
    out = capsys.readouterr().out
    assert " wins of 2 (" in out and "95% CI " in out and "mean margin " in out
    assert "searched decisions, CPU s per decision mean " in out and "max " in out
    assert players.main(["decision", "--games", "1", "--options", options]) == 0
    assert "1 2-player games" in capsys.readouterr().out
