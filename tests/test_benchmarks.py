"""The benchmark harness runs on a tiny input and writes a well-formed result (never timed)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from benchmarks import bench, compare

from drako_rules import Card, deck


def test_every_benchmark_runs_and_reports_its_statistics() -> None:
    """Each registered benchmark runs on 3 inputs and reports median, min, quartiles and IQR."""
    result = bench.run(size=3, repeat=2, min_time=0.0)
    assert result["schema"] == bench.SCHEMA
    assert list(result["results"]) == list(bench.BENCHMARKS)
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
