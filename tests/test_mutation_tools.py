"""The mutation-testing tooling (``tools/mutate.py``): targets, reading results, the equivalents list.

The mutation run itself is long and never part of the test suite (``nox -s mutate``);
these tests check the parts that decide what a run reports, on small made-up inputs.
"""

from __future__ import annotations

import glob
import json
from pathlib import Path

import pytest
from tools import mutate

ROOT = Path(__file__).resolve().parent.parent

DIFF = """--- mutation diff ---
--- asrc/drako_rules/rulesets.py
+++ bsrc/drako_rules/rulesets.py
@@ -74,7 +74,7 @@
     def dragon_points(self, n: int, d: int) -> int:
         \"\"\"Points.\"\"\"
-        if n <= 3:
+        if n < 3:
             return 1
"""


def test_every_target_names_a_module_and_tests_that_exist() -> None:
    """Each module of the run exists (one of its candidate paths) and has test files."""
    assert set(mutate.MODULES) == {
        "rulesets",
        "legends",
        "connections",
        "scoring",
        "kingdom",
        "transitions",
        "checker",
    }
    for target in mutate.MODULES.values():
        assert any((ROOT / p).exists() for p in target.paths), target
        tests = {f for pattern in target.tests for f in glob.glob(pattern, root_dir=ROOT)}
        assert tests, target


def test_changed_lines_reads_the_mutated_line() -> None:
    """A unified diff of one mutation: the line removed, the line added, its line number."""
    assert mutate.changed_lines(DIFF) == ("if n <= 3:", "if n < 3:", 76)
    assert mutate.changed_lines("") == ("", "", 0)


def _dump_line(outcome: str | None, output: str = "") -> str:
    item = {
        "job_id": "x",
        "mutations": [
            {
                "module_path": "src/drako_rules/rulesets.py",
                "operator_name": "core/ReplaceComparisonOperator_LtE_Lt",
                "occurrence": 0,
            }
        ],
    }
    result = (
        None
        if outcome is None
        else {"worker_outcome": "normal", "test_outcome": outcome, "output": output, "diff": DIFF}
    )
    return json.dumps([item, result])


def test_mutants_of_a_dump_and_their_tally() -> None:
    """Killed, timed out, survived and pending mutants are told apart and counted."""
    lines = [
        _dump_line("killed"),
        _dump_line("killed", "timeout"),
        _dump_line("survived"),
        _dump_line("survived"),
        _dump_line(None),
    ]
    mutants = mutate.mutants_of_dump(lines, ROOT)
    assert [m.outcome for m in mutants] == ["killed", "timeout", "survived", "survived", "not-run"]
    assert mutants[2].key == (
        "src/drako_rules/rulesets.py",
        "core/ReplaceComparisonOperator_LtE_Lt",
        "if n <= 3:",
        "if n < 3:",
    )
    t = mutate.tally(mutants, [])
    # 2 killed (one by timeout) of 4 that ran: 50 %; the pending one is not counted.
    assert (t.killed, t.timeout, t.survived, t.not_run, t.run) == (1, 1, 2, 1, 4)
    assert t.kill_rate == 0.5 and t.non_equivalent_kill_rate == 0.5
    accepted = [mutate.Equivalent(*mutants[2].key, why="made up for the test")]
    assert accepted[0].accepts(mutants[2])
    t = mutate.tally(mutants, accepted)
    # Both survivors have the accepted key: 2 killed of 4 − 2 equivalents = 100 %.
    assert (t.equivalent, len(t.new_survivors), t.non_equivalent_kill_rate) == (2, 0, 1.0)


def test_the_equivalents_list_is_well_formed() -> None:
    """tests/mutation_equivalents.toml: every entry names an existing module and says why."""
    entries = mutate.load_equivalents()
    for e in entries:
        assert (ROOT / e.module).exists(), e
        assert e.operator.startswith("core/"), e
        assert e.line != e.mutant and e.why.strip(), e
    keys = [(e.module, e.operator, e.line, e.mutant) for e in entries]
    assert len(set(keys)) == len(keys), "an entry is listed twice"


def test_a_pattern_entry_accepts_every_mutant_of_its_line() -> None:
    """``operator`` as a pattern and ``mutant = "*"``: every such mutation of that line only."""
    entry = mutate.Equivalent(
        "src/m.py", "core/ReplaceBinaryOperator_BitOr_*", "x: a | b", "*", "why"
    )
    for op, new in (("BitOr_Add", "x: a + b"), ("BitOr_Pow", "x: a ** b")):
        m = mutate.Mutant(
            "src/m.py", f"core/ReplaceBinaryOperator_{op}", "x: a | b", new, 1, "survived"
        )
        assert entry.accepts(m)
    other = mutate.Mutant("src/m.py", "core/AddNot", "x: a | b", "x: not a | b", 1, "survived")
    assert not entry.accepts(other)
    elsewhere = mutate.Mutant(
        "src/n.py", "core/ReplaceBinaryOperator_BitOr_Add", "x: a | b", "x: a + b", 1, "survived"
    )
    assert not entry.accepts(elsewhere)


def test_a_malformed_equivalents_entry_is_refused(tmp_path: Path) -> None:
    """An entry without its reason is an error, not a silently accepted mutant."""
    bad = tmp_path / "eq.toml"
    bad.write_text('[[equivalent]]\nmodule = "m"\noperator = "o"\nline = "a"\nmutant = "b"\n')
    with pytest.raises(ValueError, match="lacks why"):
        mutate.load_equivalents(bad)


def test_diff_lists_only_the_new_survivors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``mutate.py diff``: a survivor on the list is quiet, one not on it is printed, status 1."""
    listed = mutate.Mutant("src/m.py", "core/AddNot", "if a:", "if not a:", 3, "survived")
    new = mutate.Mutant("src/m.py", "core/AddNot", "if b:", "if not b:", 4, "survived")
    module: dict[str, object] = {
        "module_path": "src/m.py",
        "survivors": [listed.__dict__, new.__dict__],
    }
    report = {"modules": {"m": module}}
    (tmp_path / "report.json").write_text(json.dumps(report))
    (tmp_path / "eq.toml").write_text(
        '[[equivalent]]\nmodule = "src/m.py"\noperator = "core/AddNot"\n'
        'line = "if a:"\nmutant = "if not a:"\nwhy = "a is always true here"\n'
    )
    status = mutate.main(
        ["diff", str(tmp_path / "report.json"), "--equivalents", str(tmp_path / "eq.toml")]
    )
    out = capsys.readouterr().out
    assert status == 1
    assert "'if b:' -> 'if not b:'" in out and "'if a:'" not in out
    assert "1 new survivors, 0 stale entries" in out
    # Once 'if b' is killed, the entry for 'if a' still matches; an entry whose survivor is
    # gone is stale, unless the run was cut short.
    module["survivors"] = []
    (tmp_path / "report.json").write_text(json.dumps(report))
    assert (
        mutate.main(
            ["diff", str(tmp_path / "report.json"), "--equivalents", str(tmp_path / "eq.toml")]
        )
        == 0
    )
    assert "0 new survivors, 1 stale entries" in capsys.readouterr().out
    module["not_run"] = 5
    (tmp_path / "report.json").write_text(json.dumps(report))
    mutate.main(["diff", str(tmp_path / "report.json"), "--equivalents", str(tmp_path / "eq.toml")])
    assert "0 new survivors, 0 stale entries" in capsys.readouterr().out
