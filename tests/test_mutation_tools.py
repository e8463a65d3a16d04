"""The mutation-testing tooling (``tools/mutate.py``): targets, reading results, the equivalents list.

The mutation run itself is long and never part of the test suite (``nox -s mutate``);
these tests check the parts that decide what a run reports, on small made-up inputs.
"""

from __future__ import annotations

import glob
import json
import os
import shutil
import signal
import subprocess
import sys
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
    """Each module of the run exists (one of its candidate paths) and has test files, and
    every module of the kernel is one of them."""
    assert set(mutate.MODULES) == {
        "rulesets",
        "legends",
        "bitboard",
        "connections",
        "scoring",
        "kingdom",
        "transitions",
        "turns",
        "kconnect",
        "kscore",
        "klegends",
        "kplay",
        "deal",
        "checker",
    }
    # Every module of the kernel, where each rule is decided (issue 23), is mutated.
    kernel = {
        f"src/drako_rules/_kernel/{path.name}"
        for path in (ROOT / "src/drako_rules/_kernel").glob("*.py")
        if path.name != "__init__.py"
    }
    assert kernel <= {p for target in mutate.MODULES.values() for p in target.paths}
    for target in mutate.MODULES.values():
        assert any((ROOT / p).exists() for p in target.paths), target
        assert all((ROOT / p).is_file() for p in target.also), target
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


def test_every_equivalent_is_a_line_of_a_file_some_target_mutates() -> None:
    """An entry whose line left its module (code moved, say into ``_kernel/``) can never
    match a survivor again: it must follow its code or go. So every entry's line is a line
    of its module today, and the module is one that a target mutates."""
    mutated = [p for target in mutate.MODULES.values() for p in (*target.paths, *target.also)]
    for e in mutate.load_equivalents():
        lines = {line.strip() for line in (ROOT / e.module).read_text().splitlines()}
        assert e.line in lines, f"{e.module} has no line {e.line!r}"
        assert any(e.module == p or e.module.startswith(p + "/") for p in mutated), e


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


CONSTRUCTION_SOURCE = '''"""Module docstring."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import x

LIMIT: int | None = 1 | 2


class C:
    """Class docstring."""

    field: int | None = None

    def method(self, a: int | None, *args: int | str, **kw: str | bytes) -> int | None:
        """Method docstring."""
        local: int | None = a | 1
        return local
'''


def test_construction_spans_cover_what_is_never_evaluated() -> None:
    """Function, local and module-level annotations, docstrings and TYPE_CHECKING blocks;
    not a value, nor a class-level annotation (attrs and cattrs read those)."""
    spans = mutate.construction_spans(CONSTRUCTION_SOURCE)
    lines = CONSTRUCTION_SOURCE.splitlines()

    def where(lineno: int, text: str, nth: int = 0) -> tuple[tuple[int, int], tuple[int, int]]:
        col = -1
        for _ in range(nth + 1):
            col = lines[lineno - 1].index(text, col + 1)
        return (lineno, col), (lineno, col + len(text))

    def why(lineno: int, text: str, nth: int = 0) -> str | None:
        sp = mutate.inside(*where(lineno, text, nth), spans)
        return None if sp is None else sp.why

    assert why(1, '"""Module docstring."""') == "docstring"
    assert why(7, "import x") == "TYPE_CHECKING block"
    assert why(9, "int | None") == "annotation"  # module-level annotation: a string
    assert why(9, "1 | 2") is None  # a value
    assert why(13, '"""Class docstring."""') == "docstring"
    assert why(15, "int | None") is None  # class-level annotation: kept
    assert why(17, "int | None") == "annotation"  # parameter a
    assert why(17, "int | str") == "annotation"  # *args
    assert why(17, "str | bytes") == "annotation"  # **kw
    assert why(17, "int | None", 1) == "annotation"  # the return
    assert why(19, "int | None") == "annotation"  # a local's annotation
    assert why(19, "a | 1") is None  # the value it is given
    # Without the __future__ import, signatures are evaluated at definition: kept.
    plain = CONSTRUCTION_SOURCE.replace("from __future__ import annotations\n", "")
    spans_plain = mutate.construction_spans(plain)
    line = plain.splitlines()[15]
    col = line.index("int | None")
    assert mutate.inside((16, col), (16, col + 10), spans_plain) is None
    col = plain.splitlines()[7].index("int | None")  # LIMIT's, evaluated at import
    assert mutate.inside((8, col), (8, col + 10), spans_plain) is None


def test_a_skipped_mutant_is_counted_apart() -> None:
    """A mutant marked equivalent by construction is neither run nor in the kill rates."""
    item = {
        "job_id": "y",
        "mutations": [
            {
                "module_path": "src/drako_rules/rulesets.py",
                "operator_name": "core/ReplaceBinaryOperator_BitOr_Add",
                "occurrence": 3,
                "start_pos": [17, 40],
                "end_pos": [17, 41],
            }
        ],
    }
    skipped = json.dumps(
        [item, {"worker_outcome": "skipped", "output": "equivalent by construction: annotation"}]
    )
    mutants = mutate.mutants_of_dump([skipped, _dump_line("killed")], ROOT)
    assert [m.outcome for m in mutants] == ["skipped", "killed"]
    assert mutants[0].lineno == 17
    t = mutate.tally(mutants, [])
    # 1 killed of the 1 that ran: 100 %; the skipped one is not a survivor.
    assert (t.skipped, t.killed, t.run, t.kill_rate) == (1, 1, 1, 1.0)


def _tools_env(tmp_path: Path) -> dict[str, str]:
    path = os.pathsep.join([str(tmp_path), str(ROOT / "tools")])
    return dict(os.environ, PYTHONPATH=path, PYTHONDONTWRITEBYTECODE="1")


def test_the_order_plugin_puts_the_properties_last(tmp_path: Path) -> None:
    """``-p mutation_order``: every test still runs, the Hypothesis ones after the others."""
    (tmp_path / "test_order.py").write_text(
        "from hypothesis import given, strategies as st\n\n"
        "@given(st.integers())\ndef test_a(x):\n    pass\n\n"
        "def test_b():\n    pass\n\n"
        "@given(st.integers())\ndef test_c(x):\n    pass\n\n"
        "def test_d():\n    pass\n"
    )
    args = ["-m", "pytest", "-v", "-p", "no:cacheprovider", "-p", "mutation_order"]
    done = subprocess.run(
        [sys.executable, *args, "test_order.py"],
        cwd=tmp_path,
        env=_tools_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-2000:]
    order = [
        line.split("::")[1].split()[0] for line in done.stdout.splitlines() if "::test_" in line
    ]
    assert order == ["test_b", "test_d", "test_a", "test_c"]


def test_the_fork_server_sees_each_change_of_the_source(tmp_path: Path) -> None:
    """Each client run imports the module afresh: a mutant written between runs is seen."""
    (tmp_path / "mod.py").write_text("VALUE = 1\n")
    (tmp_path / "test_mod.py").write_text(
        "import mod\n\ndef test_value():\n    assert mod.VALUE == 1\n"
    )
    env = _tools_env(tmp_path)
    server = subprocess.Popen(
        [sys.executable, "-m", "mutation_server", "s.sock"],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        assert server.stdout is not None and server.stdout.readline().strip() == "ready"
        client = [sys.executable, "-S", "-m", "mutation_server", "--client", "s.sock"]

        def run() -> subprocess.CompletedProcess[str]:
            return subprocess.run(
                [*client, "-q", "-p", "no:cacheprovider", "test_mod.py"],
                cwd=tmp_path,
                env=env,
                capture_output=True,
                text=True,
                timeout=120,
                check=False,
            )

        first = run()
        assert first.returncode == 0 and "1 passed" in first.stdout, first.stdout
        (tmp_path / "mod.py").write_text("VALUE = 2\n")  # the "mutant"
        second = run()
        assert second.returncode == 1 and "1 failed" in second.stdout, second.stdout
        (tmp_path / "mod.py").write_text("VALUE = 1\n")
        assert run().returncode == 0
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.communicate(timeout=30)


def test_a_counted_entry_accepts_one_survivor_of_each_mutation() -> None:
    """``count = 1``: a line written the same in two places, equivalent in one only: the
    second survivor of the same mutation is new; another mutation of the line is accepted."""
    entry = mutate.Equivalent("src/m.py", "core/Sub_*", "if x & (x - 1):", "*", "why", count=1)

    def survivor(op: str, new: str, lineno: int) -> mutate.Mutant:
        return mutate.Mutant("src/m.py", op, "if x & (x - 1):", new, lineno, "survived")

    mutants = [
        survivor("core/Sub_Mul", "if x & (x * 1):", 10),
        survivor("core/Sub_Mul", "if x & (x * 1):", 20),
        survivor("core/Sub_Pow", "if x & (x ** 1):", 10),
    ]
    t = mutate.tally(mutants, [entry])
    assert t.equivalent == 2 and [m.lineno for m in t.new_survivors] == [20]
    unlimited = mutate.Equivalent("src/m.py", "core/Sub_*", "if x & (x - 1):", "*", "why")
    t = mutate.tally(mutants, [unlimited])
    assert t.equivalent == 3 and not t.new_survivors  # count 0: any number


def test_shards_are_dealt_round_robin_over_the_module() -> None:
    """``--shards``: the mutants are dealt in the order of their places, so the shards are
    disjoint, hold every mutant between them, and each has mutants from the whole file."""
    places = {f"job{i}": ("src/m.py", (i // 3, i % 3), "op", 0) for i in range(10)}
    shuffled = dict(sorted(places.items(), key=lambda kv: hash(kv[0]) % 7))
    shards = mutate.deal(shuffled, 3)
    assert shards == [
        ["job0", "job3", "job6", "job9"],
        ["job1", "job4", "job7"],
        ["job2", "job5", "job8"],
    ]
    assert mutate.deal(places, 1) == [sorted(places, key=lambda j: places[j])]
    assert mutate.deal({}, 2) == [[], []]


# --- --changed-since -----------------------------------------------------------------------

HUNKS = """diff --git a/src/m.py b/src/m.py
--- a/src/m.py
+++ b/src/m.py
@@ -3 +3 @@ def f():
-    return 1
+    return 2
@@ -10,2 +10,3 @@ def g():
-    a = 1
-    b = 2
+    a = 1
+    b = 3
+    c = 4
@@ -20,4 +20,0 @@ def h():
-    x
-    y
-    z
-    w
@@ -30,0 +27,2 @@ def k():
+    p
+    q
"""


def test_new_line_numbers_of_a_diff_with_several_hunks() -> None:
    """``@@ -a,b +c,d @@``: new lines c..c+d-1 (d = 1 when absent); ``+c,0`` adds none."""
    # +3 → {3}; +10,3 → {10, 11, 12}; +20,0 (4 lines deleted) → {}; +27,2 → {27, 28}.
    assert mutate.new_line_numbers(HUNKS) == {3, 10, 11, 12, 27, 28}


def test_a_pure_deletion_and_no_change_give_no_lines() -> None:
    """A diff that only removes lines, and an empty diff, leave no line to mutate."""
    deletion = "--- a/m.py\n+++ b/m.py\n@@ -5,2 +4,0 @@\n-x = 1\n-y = 2\n"
    assert mutate.new_line_numbers(deletion) == frozenset()
    assert mutate.new_line_numbers("") == frozenset()


def _git(cwd: Path, *args: str) -> str:
    env = dict(
        os.environ,
        GIT_AUTHOR_NAME="t",
        GIT_AUTHOR_EMAIL="t@example.org",
        GIT_COMMITTER_NAME="t",
        GIT_COMMITTER_EMAIL="t@example.org",
        GIT_CONFIG_GLOBAL=os.devnull,
        GIT_CONFIG_SYSTEM=os.devnull,
    )
    done = subprocess.run(
        ["git", *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=60, check=True
    )
    return done.stdout.strip()


def test_lines_changed_since_a_revision_in_a_repository(tmp_path: Path) -> None:
    """``git diff -U0 REV``: a changed file gives its new and edited lines, an unchanged none."""
    _git(tmp_path, "init", "-q")
    (tmp_path / "a.py").write_text("one\ntwo\nthree\nfour\n")
    (tmp_path / "b.py").write_text("same\n")
    _git(tmp_path, "add", ".")
    _git(tmp_path, "commit", "-qm", "first")
    rev = _git(tmp_path, "rev-parse", "HEAD")
    # Lines 2 and 4 edited (one hunk each, "@@ -2 +2 @@" and "@@ -4 +4 @@"), b.py untouched.
    (tmp_path / "a.py").write_text("one\nTWO\nthree\nfive\n")
    changed = mutate.lines_changed_since(rev, ["a.py", "b.py"], tmp_path)
    assert changed == {"a.py": frozenset({2, 4}), "b.py": frozenset()}


def _skipped_line(output: str, line: int) -> str:
    item = {
        "job_id": f"u{line}",
        "mutations": [
            {
                "module_path": "src/m.py",
                "operator_name": "core/AddNot",
                "occurrence": 0,
                "start_pos": [line, 4],
                "end_pos": [line, 5],
            }
        ],
    }
    return json.dumps([item, {"worker_outcome": "skipped", "output": output}])


def test_an_unchanged_mutant_is_counted_apart_and_shown_with_its_revision() -> None:
    """A mutant on a line older than REV is neither killed nor run; the report names REV."""
    dump = [
        _skipped_line(mutate.UNCHANGED.format(rev="abc1234") + "if a:", 7),
        _skipped_line("equivalent by construction: annotation", 8),
        _dump_line("killed"),
        _dump_line("survived"),
    ]
    mutants = mutate.mutants_of_dump(dump, ROOT)
    assert [m.outcome for m in mutants] == ["unchanged", "skipped", "killed", "survived"]
    assert (mutants[0].line, mutants[0].lineno) == ("if a:", 7)
    t = mutate.tally(mutants, [])
    # 1 killed of the 2 that ran (50 %): the unchanged and the skipped one count in neither.
    assert (t.unchanged, t.skipped, t.killed, t.survived, t.run) == (1, 1, 1, 1, 2)
    assert t.kill_rate == 0.5

    def row(**extra: object) -> dict[str, object]:
        return {
            "mutants": 4,
            "unchanged": t.unchanged,
            "skipped": t.skipped,
            "killed": t.killed,
            "timeout": 0,
            "survived": 1,
            "equivalent": 0,
            "incompetent": 0,
            "not_run": 0,
            "kill_rate": "50.0 %",
            "non_equivalent_kill_rate": "50.0 %",
            "seconds": 12.0,
            "code": "def5678",
            "new_survivors": [],
            **extra,
        }

    report = {
        "started": "now",
        "machine": "2 cores",
        "modules": {"m": row(changed_since="abc1234"), "full": row()},
    }
    text = mutate.render_markdown(report)
    header = next(line for line in text.splitlines() if line.startswith("| module"))
    assert header.split(" | ")[2] == "unchanged since (not run)"
    assert "| m | 4 | 1 (since abc1234) | 1 | 1 | 0 | 1 |" in text
    assert "| full | 4 | — (complete run) | 1 | 1 |" in text


def test_a_changed_lines_run_leaves_entries_on_unchanged_lines_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``diff`` of a --changed-since run: an entry on an unchanged line is not called stale."""
    module: dict[str, object] = {
        "module_path": "src/m.py",
        "changed_since": "abc1234",
        "unchanged_lines": ["if a:"],
        "survivors": [],
    }
    (tmp_path / "report.json").write_text(json.dumps({"modules": {"m": module}}))
    (tmp_path / "eq.toml").write_text(
        "".join(
            f'[[equivalent]]\nmodule = "src/m.py"\noperator = "core/AddNot"\n'
            f'line = "if {v}:"\nmutant = "if not {v}:"\nwhy = "made up"\n\n'
            for v in ("a", "b")
        )
    )
    mutate.main(["diff", str(tmp_path / "report.json"), "--equivalents", str(tmp_path / "eq.toml")])
    out = capsys.readouterr().out
    # 'if a:' was not run (unchanged), 'if b:' was and no survivor matches it: stale.
    assert "'if b:'" in out and "'if a:'" not in out
    assert "0 new survivors, 1 stale entries" in out


def test_skip_unchanged_marks_only_the_mutants_of_old_lines(tmp_path: Path) -> None:
    """In a cosmic-ray session, mutants on lines older than REV get the UNCHANGED result."""
    # cosmic-ray is the ``mutation`` extra (in ``dev``): the core's run without it skips this.
    pytest.importorskip("cosmic_ray")
    from cosmic_ray.work_db import WorkDB, use_db
    from cosmic_ray.work_item import MutationSpec, WorkItem

    _git(tmp_path, "init", "-q")
    (tmp_path / "m.py").write_text("a = 1\nb = 2\nc = 3\n")
    _git(tmp_path, "add", ".")
    _git(tmp_path, "commit", "-qm", "first")
    rev = _git(tmp_path, "rev-parse", "HEAD")
    (tmp_path / "m.py").write_text("a = 1\nb = 5\nc = 3\n")  # only line 2 changed
    session = tmp_path / "session.sqlite"
    with use_db(str(session), WorkDB.Mode.create) as db:
        db.add_work_items(
            WorkItem.single(f"j{n}", MutationSpec("m.py", "core/NumberReplacer", 0, (n, 4), (n, 5)))
            for n in (1, 2, 3)
        )
    assert mutate.skip_unchanged(session, tmp_path, rev, tmp_path) == 2
    with use_db(str(session), WorkDB.Mode.open) as db:
        pending = [i.job_id for i in db.pending_work_items]
        outputs = sorted(str(r.output) for _, r in db.completed_work_items)
    assert pending == ["j2"]
    assert outputs == [f"unchanged since {rev}, not run: {t}" for t in ("a = 1", "c = 3")]


@pytest.mark.parametrize(
    ("test_body", "expected"),
    [
        ("assert mod.VALUE == 1", "killed"),
        ("assert mod.VALUE in (0, 1, 2)", "survived"),
        ("while mod.VALUE != 1:\n        pass", "timeout"),
    ],
)
def test_a_survivor_is_tested_again_on_the_pristine_sources(
    tmp_path: Path, test_body: str, expected: str
) -> None:
    """A survivor's recheck applies its one mutant, runs the tests (a mutant that never
    ends is stopped), and leaves the scratch copy's sources as they were, so the next
    survivor's mutant is applied to the original and not on top of this one."""
    pytest.importorskip("cosmic_ray")  # the mutate extra: cosmic-ray applies the mutant
    for sources in ("src", "pristine-src"):
        (tmp_path / sources).mkdir()
        (tmp_path / sources / "mod.py").write_text("VALUE = 1\n")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "conftest.py").write_text(
        "from hypothesis import settings\n\nsettings.register_profile('dev')\n"
    )
    (tmp_path / "tests" / "test_mod.py").write_text(
        f"import mod\n\n\ndef test_value():\n    {test_body}\n"
    )
    shutil.copy(ROOT / "tools" / "mutation_order.py", tmp_path)
    outcome, output = mutate._test_one_mutant(
        tmp_path, "src/mod.py", "core/NumberReplacer", 0, ["tests/test_mod.py"], 0.4
    )
    assert outcome == expected, output
    assert (tmp_path / "src" / "mod.py").read_text() == "VALUE = 1\n"
