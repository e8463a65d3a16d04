"""Mutation testing of the rules modules with cosmic-ray, and the survivors it leaves.

Usage (``nox -s mutate`` runs the first form for every module)::

    python tools/mutate.py run [MODULE ...] [--jobs N] [--shards N] [--max-seconds S] [--out DIR]
                                [--changed-since REV]   # only the lines changed since REV
    python tools/mutate.py diff [DIR/report.json]   # survivors not listed as equivalent
    python tools/mutate.py retest RUN_DIR...   # their survivors against the current tests
    python tools/mutate.py report RUN_DIR... [--out DIR]  # re-tally earlier runs' sessions

``DIR`` defaults to ``.nox/mutation-report`` (ignored by git, ruff and pytest).

Why cosmic-ray and not mutmut 3: mutmut 3 does not mutate decorated functions (the
``@cache`` Portal-layout builder of ``connections.py``) nor module-level tables (the
bitboard tables of ``legends.py`` and ``scoring.py``), and it runs each mutant inside a
process whose caches were filled at import by the original code, so a mutant of a table
builder is never seen. cosmic-ray writes each mutant into the source file and runs the
test command in a fresh process, which imports the mutated module from scratch: every
table, cache and decorated function is built by the mutant.

How a run goes, for each module (see ``MODULES``):

1. the worktree's ``src``, ``tests`` and ``pyproject.toml`` are copied into a scratch
   directory (cosmic-ray edits the source file in place, so the worktree itself is never
   touched, and other runs or test sessions never see a mutant), with the two helpers
   ``tools/mutation_server.py`` and ``tools/mutation_order.py``;
2. the fork server starts there (pytest, Hypothesis, attrs and cattrs imported once, no
   ``drako_rules`` module); each test run below is a child it forks, which imports the
   package and the tests from disk as a new process would: half the cost of a new
   ``python -m pytest`` (1.8 s against 3.7 s for ``tests/test_connections.py`` on the
   shared 2-core VM);
3. cosmic-ray's baseline runs the module's tests unmutated (they must pass);
4. ``cosmic-ray init`` lists the mutants; those that cannot change behaviour by
   construction (``construction_spans``: the annotations of signatures and local
   variables, never evaluated under ``from __future__ import annotations``, 12 operators
   per ``|``; docstrings; ``if TYPE_CHECKING:`` blocks) are marked skipped and never run;
   with ``--changed-since REV``, so is every mutant on a line not added or changed since
   ``REV`` (``skip_unchanged``), counted apart as "unchanged since REV, not run";
5. ``cosmic-ray exec`` runs the module's tests once per mutant, one at a time:
   ``pytest -x -p no:cacheprovider -p mutation_order --hypothesis-seed=0
   --hypothesis-profile=mutation``: stop at the first failure, the example tests before
   the Hypothesis properties, 10 examples a property, one seed and no example database,
   so a run is reproducible;
6. each survivor is run again in a new ``python -m pytest`` with the ``dev`` profile (100
   examples): the lighter profile only makes a kill cheaper, never a survivor;
7. the results go to ``DIR/report.json`` and ``DIR/report.md``: per module the mutants
   skipped as equivalent by construction, killed, survived, timed out or incompetent,
   the kill rate, and every survivor with its diff; survivors that
   ``tests/mutation_equivalents.toml`` accepts as equivalent are marked, so that the kill
   rate of the non-equivalent mutants is reported too.

Modules run ``--jobs`` at a time (default 1), each with its own scratch copy, and each
module's mutants may be dealt into ``--shards`` parts (default 1) run at once, each in its
own scratch copy with its own fork server, their results merged into the module's session
(so one module can use both cores of the VM); the whole run is ``nice``-d (``--nice``,
default 19), since the machine is shared. ``retest`` runs
the survivors of a run again against tests written since (each is killed or still a
survivor), and ``report`` re-tallies the sessions of earlier runs with the current
equivalents list.
"""

from __future__ import annotations

import argparse
import ast
import fnmatch
import glob
import json
import os
import shlex
import shutil
import signal
import subprocess
import sys
import time
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EQUIVALENTS = ROOT / "tests" / "mutation_equivalents.toml"
REPORT_DIR = ROOT / ".nox" / "mutation-report"


@dataclass(frozen=True)
class Target:
    """A module to mutate and the tests that must kill its mutants.

    Attributes:
        name: the short name used on the command line.
        paths: candidate source paths, the first that exists is mutated (a package
            directory is mutated file by file).
        tests: glob patterns of the test files run against each mutant.
        also: further source files mutated in the same run, against the same tests.
    """

    name: str
    paths: tuple[str, ...]
    tests: tuple[str, ...]
    also: tuple[str, ...] = ()


MODULES: Mapping[str, Target] = {
    t.name: t
    for t in (
        Target("rulesets", ("src/drako_rules/rulesets.py",), ("tests/test_rulesets*.py",)),
        # test_fast_paths.py: legends_mask's incremental check against the full one and
        # the reference (issue 10), which the Legend examples do not reach.
        Target(
            "legends",
            ("src/drako_rules/legends.py",),
            ("tests/test_legends*.py", "tests/test_fast_paths.py"),
        ),
        # The kernel's grid and codes (R4.1; cards, Legends, the centre of R2.4): every table
        # entry against the grid read plainly (tests/test_kernel_board.py), and through the
        # kernel's rules against the slow reference (tests/test_kernel.py).
        Target(
            "bitboard",
            ("src/drako_rules/_kernel/board.py",),
            ("tests/test_kernel_board.py", "tests/test_kernel.py"),
        ),
        Target("connections", ("src/drako_rules/connections.py",), ("tests/test_connections*.py",)),
        Target(
            "scoring",
            ("src/drako_rules/scoring.py",),
            (
                "tests/test_scoring*.py",
                "tests/test_score_*.py",
                "tests/test_ranking*.py",
                "tests/test_worked_examples.py",
            ),
            also=("src/drako_rules/score_lines.py",),
        ),
        Target("kingdom", ("src/drako_rules/kingdom.py",), ("tests/test_kingdom*.py",)),
        # The kernel's turn (R3, R6.1, R6.5, R7.1, R8): checked against the rules read
        # plainly and the slow reference in tests/test_kernel.py.
        Target("turns", ("src/drako_rules/_kernel/turns.py",), ("tests/test_kernel.py",)),
        # The kernel's rules of a Kingdom: R4 (connections and Portal layouts), R5.1-R5.3
        # (the score's arithmetic), R6.4 (Legends), each checked against the slow
        # reference (tests/test_kernel.py) and through the public functions that call it.
        Target(
            "kconnect",
            ("src/drako_rules/_kernel/connect.py",),
            (
                "tests/test_kernel.py",
                "tests/test_kernel_connect.py",
                "tests/test_connections.py",
                "tests/test_fast_paths.py",
                "tests/test_scoring.py",
            ),
        ),
        Target(
            "kscore",
            ("src/drako_rules/_kernel/score.py",),
            (
                "tests/test_kernel.py",
                "tests/test_kernel_score.py",
                "tests/test_scoring*.py",
                "tests/test_score_*.py",
                "tests/test_fast_paths.py",
                "tests/test_worked_examples.py",
            ),
        ),
        Target(
            "klegends",
            ("src/drako_rules/_kernel/legends.py",),
            ("tests/test_kernel.py", "tests/test_legends*.py", "tests/test_fast_paths.py"),
        ),
        # The kernel's game state and transitions (R2.5-R7.2), which apply_move runs:
        # checked against the slow reference of the rules of play (tests/reference_play.py).
        Target(
            "kplay",
            ("src/drako_rules/_kernel/play.py",),
            (
                "tests/test_kernel_play.py",
                "tests/test_game_turns*.py",
                "tests/test_game_end*.py",
                "tests/test_game_legends*.py",
                "tests/test_draw_*.py",
            ),
        ),
        # The kernel's deal and seeded shuffle (R2.1-R2.4, R2.8, R3.5): checked against
        # the rules' deal with random.Random.shuffle, the golden games and the reshuffles.
        Target(
            "deal",
            ("src/drako_rules/_kernel/deal.py",),
            ("tests/test_game_setup.py", "tests/test_game_golden.py", "tests/test_draw_*.py"),
        ),
        Target(
            "transitions",
            ("src/drako_rules/game/transitions.py",),
            (
                "tests/test_game_turns*.py",
                "tests/test_game_moves*.py",
                "tests/test_game_end*.py",
                "tests/test_game_legends*.py",
                "tests/test_game_setup*.py",
                "tests/test_game_machine*.py",
                "tests/test_game_state*.py",
                "tests/test_draw_*.py",
            ),
        ),
        # cli/replay.py with the checker: its tests are the CLI's (tests/test_cli.py).
        Target(
            "checker",
            ("src/drako_rules/checker.py", "src/drako_rules/checker"),
            ("tests/test_checker*.py", "tests/test_cli*.py"),
            also=("src/drako_rules/cli/replay.py",),
        ),
    )
}

#: What the test command adds to pytest: stop at the first failure, no cache, one
#: Hypothesis seed so that two runs on the same code give the same survivors, and the
#: ``mutation_order`` plugin (``tools/mutation_order.py``), which runs the example tests
#: before the Hypothesis properties so that most mutants die before any property runs.
PYTEST_ARGS = (
    "-x",
    "-q",
    "-p",
    "no:cacheprovider",
    "-p",
    "mutation_order",
    "--hypothesis-seed=0",
)

#: The Hypothesis profile of the mutants' runs (``tests/conftest.py``: fewer examples than
#: ``dev``); every survivor is then re-run with ``dev`` (``--recheck``), so the profile
#: only makes killing cheaper, never a survivor weaker.
MUTATION_PROFILE = "mutation"
RECHECK_PROFILE = "dev"


# --- survivors and the equivalents list ----------------------------------------------------


@dataclass(frozen=True)
class Mutant:
    """One mutant as the report keeps it.

    Attributes:
        module: the mutated file, relative to the repository (``src/drako_rules/x.py``).
        operator: cosmic-ray's operator (``core/NumberReplacer``).
        line: the source line mutated, stripped.
        mutant: the same line after the mutation, stripped.
        lineno: the line number (1-based) in the file the run mutated.
        outcome: ``killed``, ``survived``, ``timeout``, ``incompetent``, ``skipped`` (an
            equivalent by construction, never run: see ``construction_spans``),
            ``unchanged`` (its line is older than ``--changed-since``'s revision, never
            run; ``line`` is then that line's text) or ``not-run``.
    """

    module: str
    operator: str
    line: str
    mutant: str
    lineno: int
    outcome: str

    @property
    def key(self) -> tuple[str, str, str, str]:
        """What identifies the mutant across runs and edits elsewhere in the file."""
        return (self.module, self.operator, self.line, self.mutant)


@dataclass(frozen=True)
class Equivalent:
    """An accepted equivalent mutant of ``tests/mutation_equivalents.toml``.

    ``operator`` may be a shell pattern (``core/ReplaceBinaryOperator_BitOr_*``) and
    ``mutant`` may be ``*`` (any mutation of the line by those operators), for the mutants
    of a line that no mutation can change, such as an annotation.

    ``count`` (optional) is how many survivors of each mutation (operator and mutated line)
    the entry accepts, for a line whose text occurs more than once in the module where only
    some occurrences are equivalent: one more survivor of the same mutation is then reported
    as new. ``0`` means any number.
    """

    module: str
    operator: str
    line: str
    mutant: str
    why: str
    count: int = 0

    def accepts(self, m: Mutant) -> bool:
        """Whether this entry accepts the survivor ``m`` as equivalent."""
        return (
            self.module == m.module
            and self.line == m.line
            and fnmatch.fnmatchcase(m.operator, self.operator)
            and (self.mutant == "*" or self.mutant == m.mutant)
        )


def load_equivalents(path: Path = EQUIVALENTS) -> list[Equivalent]:
    """The accepted equivalent mutants; each entry needs module, operator, line, mutant, why."""
    if not path.exists():
        return []
    document = tomllib.loads(path.read_text(encoding="utf-8"))
    entries = document.get("equivalent", [])
    if not isinstance(entries, list):
        raise ValueError(f"{path}: 'equivalent' must be an array of tables")
    out = []
    for i, entry in enumerate(entries):
        if not isinstance(entry, dict):
            raise ValueError(f"{path}: equivalent[{i}] is not a table")
        fields = ("module", "operator", "line", "mutant", "why")
        missing = [f for f in fields if not isinstance(entry.get(f), str) or not entry[f]]
        if missing:
            raise ValueError(f"{path}: equivalent[{i}] lacks {', '.join(missing)}")
        unknown = sorted(set(entry) - {*fields, "count"})
        if unknown:
            raise ValueError(f"{path}: equivalent[{i}] has unknown keys {', '.join(unknown)}")
        count = entry.get("count", 0)
        if type(count) is not int or count < 0:
            raise ValueError(f"{path}: equivalent[{i}] count must be an integer >= 0")
        module, operator, line, mutant, why = (str(entry[f]) for f in fields)
        out.append(Equivalent(module, operator, line, mutant, why, count=count))
    return out


def changed_lines(diff: str) -> tuple[str, str, int]:
    """The line a unified diff removes, the line it adds (both stripped), and its number."""
    removed = added = ""
    lineno = 0
    new_line = 0
    for text in diff.splitlines():
        if text.startswith(("---", "+++")):
            continue
        if text.startswith("@@"):
            # @@ -a,b +c,d @@: the hunk's first line in the old file is a.
            old = text.split()[1]
            new_line = int(old[1:].split(",")[0])
            continue
        if text.startswith("-") and not removed:
            removed, lineno = text[1:].strip(), new_line
        elif text.startswith("+") and not added:
            added = text[1:].strip()
        if not text.startswith("+"):
            new_line += 1
    return removed, added, lineno


def new_line_numbers(diff: str) -> frozenset[int]:
    """The line numbers (1-based, in the new file) that a ``git diff -U0`` adds or changes.

    Each hunk header ``@@ -a,b +c,d @@`` covers the new lines ``c`` .. ``c+d-1`` (``d``
    defaults to 1 when absent); a pure deletion (``+c,0``) adds none.
    """
    out: set[int] = set()
    for text in diff.splitlines():
        if not text.startswith("@@"):
            continue
        new = text.split()[2]  # "+c,d" or "+c"
        start, _, count = new[1:].partition(",")
        n = int(count) if count else 1
        out.update(range(int(start), int(start) + n))
    return frozenset(out)


def lines_changed_since(
    rev: str, paths: Iterable[str], root: Path = ROOT
) -> dict[str, frozenset[int]]:
    """For each file (relative to ``root``), the lines added or changed since ``rev``.

    ``git diff -U0 REV -- FILE`` in the worktree (so uncommitted edits count as changes);
    a file unchanged since ``rev`` maps to the empty set.
    """
    out = {}
    for path in paths:
        proc = subprocess.run(
            ["git", "diff", "--no-color", "--no-ext-diff", "-U0", rev, "--", path],
            cwd=root,
            capture_output=True,
            text=True,
        )
        if proc.returncode:
            raise SystemExit(
                f"mutate: git diff {rev} -- {path} failed: {proc.stderr.strip()[:200]}"
            )
        out[path] = new_line_numbers(proc.stdout)
    return out


#: The output of a mutant skipped by ``--changed-since``: its line is older than the
#: revision, so the complete run on older code stands for it; the line's text follows.
UNCHANGED = "unchanged since {rev}, not run: "
# What comes before and after the revision in ``UNCHANGED``: how ``mutants_of_dump`` reads it.
_UNCHANGED_HEAD, _, _UNCHANGED_TAIL = UNCHANGED.partition("{rev}")


def skip_unchanged(session: Path, workdir: Path, rev: str, root: Path = ROOT) -> int:
    """Mark as skipped each pending mutant none of whose lines changed since ``rev``.

    The lines come from ``lines_changed_since`` in ``root`` (the worktree the scratch copy
    ``workdir`` was made from, so the line numbers agree). The result's output is
    ``UNCHANGED`` with the mutated line's text, so that the report counts these apart
    from the equivalents by construction and can tell which listed equivalents the run
    could not see. Returns how many were skipped.
    """
    from cosmic_ray.work_db import WorkDB, use_db
    from cosmic_ray.work_item import WorkerOutcome, WorkResult

    skipped = 0
    with use_db(str(session), WorkDB.Mode.open) as db:
        items = list(db.pending_work_items)
        paths = sorted({str(i.mutations[0].module_path) for i in items})
        changed = lines_changed_since(rev, paths, root)
        sources = {p: (workdir / p).read_text(encoding="utf-8").splitlines() for p in paths}
        for item in items:
            mutation = item.mutations[0]
            path = str(mutation.module_path)
            first, last = int(mutation.start_pos[0]), int(mutation.end_pos[0])
            if any(n in changed[path] for n in range(first, last + 1)):
                continue
            text = sources[path][first - 1].strip() if 0 < first <= len(sources[path]) else ""
            skipped += 1
            db.set_result(
                item.job_id,
                WorkResult(
                    worker_outcome=WorkerOutcome.SKIPPED,
                    output=UNCHANGED.format(rev=rev) + text,
                ),
            )
    return skipped


# --- equivalent by construction ------------------------------------------------------------


@dataclass(frozen=True)
class Span:
    """A stretch of a source file that no mutation can change the behaviour of.

    Attributes:
        start: (line, column) of its first character; lines from 1, columns from 0, in
            characters, as cosmic-ray (parso) counts them.
        end: (line, column) just past its last character.
        why: what the stretch is (``annotation``, ``docstring``, ``TYPE_CHECKING block``).
    """

    start: tuple[int, int]
    end: tuple[int, int]
    why: str


def construction_spans(source: str) -> list[Span]:
    """The parts of a module that are never evaluated, so their mutants are equivalent.

    - the annotations of function parameters and returns, of local variables, and of
      module-level variables (``TABLE: Final[tuple[int | None, ...]] = ...``) in a module
      with ``from __future__ import annotations``: they stay strings that nothing
      evaluates (the package never calls ``typing.get_type_hints`` on a function or a
      module); annotations at class level are *not* skipped, since attrs and cattrs read a
      class's annotations and may evaluate them;
    - docstrings (a string literal's value is not code);
    - the body of ``if TYPE_CHECKING:``, never run.
    """
    tree = ast.parse(source)
    lines = source.splitlines(keepends=True)

    def char_col(lineno: int, byte_col: int) -> int:
        # ast counts columns in UTF-8 bytes, parso in characters.
        if lineno - 1 >= len(lines):
            return byte_col
        return len(lines[lineno - 1].encode("utf-8")[:byte_col].decode("utf-8", "replace"))

    def span(node: ast.AST, why: str) -> Span:
        start = (node.lineno, char_col(node.lineno, node.col_offset))  # type: ignore[attr-defined]
        end_line = node.end_lineno  # type: ignore[attr-defined]
        end = (end_line, char_col(end_line, node.end_col_offset))  # type: ignore[attr-defined]
        return Span(start, end, why)

    future = any(
        isinstance(n, ast.ImportFrom)
        and n.module == "__future__"
        and any(a.name == "annotations" for a in n.names)
        for n in tree.body
    )
    out: list[Span] = []

    def visit(node: ast.AST, in_function: bool, in_class: bool = False) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Module)):
            body = node.body
            if (
                body
                and isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)
            ):
                out.append(span(body[0], "docstring"))
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if future:
                args = node.args
                every = [*args.posonlyargs, *args.args, *args.kwonlyargs]
                every += [a for a in (args.vararg, args.kwarg) if a is not None]
                out.extend(span(a.annotation, "annotation") for a in every if a.annotation)
                if node.returns is not None:
                    out.append(span(node.returns, "annotation"))
            for child in ast.iter_child_nodes(node):
                visit(child, True)
            return
        if isinstance(node, ast.ClassDef):
            for child in ast.iter_child_nodes(node):
                visit(child, False, True)
            return
        if isinstance(node, ast.AnnAssign) and (in_function or (future and not in_class)):
            out.append(span(node.annotation, "annotation"))
        if (
            isinstance(node, ast.If)
            and (
                (isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING")
                or (isinstance(node.test, ast.Attribute) and node.test.attr == "TYPE_CHECKING")
            )
            and node.body
        ):
            first, last = node.body[0], node.body[-1]
            out.append(Span(span(first, "").start, span(last, "").end, "TYPE_CHECKING block"))
        for child in ast.iter_child_nodes(node):
            visit(child, in_function, in_class)

    visit(tree, False)
    return out


def inside(start: Sequence[int], end: Sequence[int], spans: Sequence[Span]) -> Span | None:
    """The span that holds the stretch ``start``..``end`` of a mutation, if any."""
    s, e = (int(start[0]), int(start[1])), (int(end[0]), int(end[1]))
    for sp in spans:
        if sp.start <= s and e <= sp.end:
            return sp
    return None


def skip_by_construction(session: Path, workdir: Path) -> dict[str, int]:
    """Mark the session's mutants inside a ``construction_spans`` stretch as skipped.

    cosmic-ray's ``exec`` runs only the work items without a result, so a skipped one is
    never run; its result says why. Returns the count of skipped mutants per reason.
    """
    from cosmic_ray.work_db import WorkDB, use_db
    from cosmic_ray.work_item import WorkerOutcome, WorkResult

    spans: dict[str, list[Span]] = {}
    counts: dict[str, int] = {}
    with use_db(str(session), WorkDB.Mode.open) as db:
        for item in list(db.pending_work_items):
            mutation = item.mutations[0]
            path = str(mutation.module_path)
            if path not in spans:
                spans[path] = construction_spans((workdir / path).read_text(encoding="utf-8"))
            sp = inside(mutation.start_pos, mutation.end_pos, spans[path])
            if sp is None:
                continue
            counts[sp.why] = counts.get(sp.why, 0) + 1
            db.set_result(
                item.job_id,
                WorkResult(
                    worker_outcome=WorkerOutcome.SKIPPED,
                    output=f"equivalent by construction: {sp.why}",
                ),
            )
    return counts


def mutants_of_dump(lines: Iterable[str], root: Path) -> list[Mutant]:
    """The mutants of a ``cosmic-ray dump`` (one JSON ``[work_item, result]`` per line)."""
    out = []
    for text in lines:
        if not text.strip():
            continue
        item, result = json.loads(text)
        spec = item["mutations"][0]
        module = Path(spec["module_path"])
        if module.is_absolute():
            module = module.relative_to(root)
        if result is None:
            out.append(Mutant(str(module), spec["operator_name"], "", "", 0, "not-run"))
            continue
        if result.get("worker_outcome") == "skipped":
            lineno = int(spec.get("start_pos", (0, 0))[0])
            why = str(result.get("output") or "")
            if why.startswith(_UNCHANGED_HEAD) and _UNCHANGED_TAIL in why:
                # --changed-since: the line's text, to tell which entries it leaves unseen
                text = why.split(_UNCHANGED_TAIL, 1)[1]
                out.append(
                    Mutant(str(module), spec["operator_name"], text, "", lineno, "unchanged")
                )
                continue
            out.append(Mutant(str(module), spec["operator_name"], why, "", lineno, "skipped"))
            continue
        outcome = result.get("test_outcome") or result.get("worker_outcome") or "unknown"
        if outcome == "killed" and (result.get("output") or "").strip() == "timeout":
            outcome = "timeout"
        removed, added, lineno = changed_lines(result.get("diff") or "")
        out.append(Mutant(str(module), spec["operator_name"], removed, added, lineno, str(outcome)))
    return out


@dataclass
class Tally:
    """The outcome counts of a module's mutants, and its kill rates."""

    killed: int = 0
    timeout: int = 0
    survived: int = 0
    equivalent: int = 0
    incompetent: int = 0
    skipped: int = 0
    unchanged: int = 0
    not_run: int = 0
    other: int = 0
    new_survivors: list[Mutant] = field(default_factory=list)

    @property
    def run(self) -> int:
        """Mutants whose tests ran to a verdict (killed, timed out or survived)."""
        return self.killed + self.timeout + self.survived

    @property
    def kill_rate(self) -> float | None:
        """Killed (timeouts included) over mutants run, equivalents counted as survivors."""
        return (self.killed + self.timeout) / self.run if self.run else None

    @property
    def non_equivalent_kill_rate(self) -> float | None:
        """Killed over mutants run, leaving out the accepted equivalents."""
        counted = self.run - self.equivalent
        return (self.killed + self.timeout) / counted if counted else None


def tally(mutants: Sequence[Mutant], equivalents: Sequence[Equivalent]) -> Tally:
    """Count the outcomes; survivors not accepted as equivalent are the new ones."""
    t = Tally()
    used: dict[tuple[int, str, str], int] = {}

    def accepted(m: Mutant) -> bool:
        for k, e in enumerate(equivalents):
            if e.accepts(m):
                key = (k, m.operator, m.mutant)
                if e.count == 0 or used.get(key, 0) < e.count:
                    used[key] = used.get(key, 0) + 1
                    return True
        return False

    for m in mutants:
        if m.outcome == "killed":
            t.killed += 1
        elif m.outcome == "timeout":
            t.timeout += 1
        elif m.outcome == "survived":
            t.survived += 1
            if accepted(m):
                t.equivalent += 1
            else:
                t.new_survivors.append(m)
        elif m.outcome == "incompetent":
            t.incompetent += 1
        elif m.outcome == "skipped":
            t.skipped += 1
        elif m.outcome == "unchanged":
            t.unchanged += 1
        elif m.outcome == "not-run":
            t.not_run += 1
        else:
            t.other += 1
    return t


def _percent(rate: float | None) -> str:
    return "n/a" if rate is None else f"{100 * rate:.1f} %"


def render_markdown(report: Mapping[str, object], level: int = 1) -> str:
    """The report as a Markdown page: a table of modules, then each new survivor; its
    title is a heading of ``level`` (2 for a report included in a page, as in the docs)."""
    modules = report["modules"]
    assert isinstance(modules, dict)
    lines = [
        "#" * level + " Mutation testing report",
        "",
        f"cosmic-ray, {report['started']}, {report['machine']}; tests: pytest "
        + " ".join(PYTEST_ARGS)
        + f" --hypothesis-profile={MUTATION_PROFILE} (survivors re-run with "
        + f"{RECHECK_PROFILE})",
        "",
        "| module | mutants | unchanged since (not run) | equivalent by construction "
        "(not run) | killed | timeout | survived | equivalent | incompetent | not run | "
        "kill rate | non-equivalent kill rate | wall time | code |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for name, m in modules.items():
        rev = m.get("changed_since")
        unchanged = f"{m.get('unchanged', 0)} (since {rev})" if rev else "— (complete run)"
        lines.append(
            f"| {name} | {m['mutants']} | {unchanged} | {m.get('skipped', 0)} | {m['killed']} | "
            f"{m['timeout']} | {m['survived']} | {m['equivalent']} | {m['incompetent']} | "
            f"{m['not_run']} | {m['kill_rate']} | {m['non_equivalent_kill_rate']} | "
            f"{m['seconds']:.0f} s | {m.get('code', 'unknown')} |"
        )
    for name, m in modules.items():
        survivors = m["new_survivors"]
        heading = "#" * (level + 1)
        lines += ["", f"{heading} {name}: {len(survivors)} survivors not listed as equivalent", ""]
        for s in survivors:
            lines.append(
                f"- `{s['module']}:{s['lineno']}` {s['operator']}: `{s['line']}` → `{s['mutant']}`"
            )
    return "\n".join(lines) + "\n"


# --- running -------------------------------------------------------------------------------


def _scratch_copy(workdir: Path) -> None:
    """A copy of the sources and tests (no caches, no bytecode) for cosmic-ray to edit."""
    if workdir.exists():
        shutil.rmtree(workdir)
    workdir.mkdir(parents=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis", ".pytest_cache")
    shutil.copytree(ROOT / "src", workdir / "src", ignore=ignore)
    shutil.copytree(ROOT / "tests", workdir / "tests", ignore=ignore)
    shutil.copy(ROOT / "pyproject.toml", workdir / "pyproject.toml")
    # What the checker's and the CLI's tests read beside the code: the example games, the
    # README's commands and the documented JSON of the CLI page.
    shutil.copytree(ROOT / "examples", workdir / "examples", ignore=ignore)
    shutil.copytree(ROOT / "docs", workdir / "docs", ignore=ignore)
    shutil.copy(ROOT / "README.md", workdir / "README.md")
    shutil.copy(ROOT / "tools" / "mutation_order.py", workdir / "mutation_order.py")
    # An untouched copy: a run cut short (--max-seconds, or stopped) leaves its last mutant
    # written in src, so src is restored from here before survivors are run again.
    shutil.copytree(ROOT / "src", workdir / "pristine-src", ignore=ignore)
    shutil.copy(ROOT / "tools" / "mutation_server.py", workdir / "mutation_server.py")


def _restore_sources(workdir: Path) -> None:
    """Put back the scratch copy's sources as they were before any mutant (see above)."""
    pristine = workdir / "pristine-src"
    if pristine.exists():
        shutil.rmtree(workdir / "src")
        shutil.copytree(pristine, workdir / "src")


def _module_path(target: Target) -> str:
    for path in target.paths:
        if (ROOT / path).exists():
            return path
    raise SystemExit(f"mutate: none of {', '.join(target.paths)} exists")


def _test_files(target: Target) -> list[str]:
    files = sorted({f for pattern in target.tests for f in glob.glob(pattern, root_dir=ROOT)})
    if not files:
        raise SystemExit(f"mutate: no test file matches {', '.join(target.tests)}")
    return files


#: The fork server's socket, in each module's scratch directory.
SOCKET = "mutation.sock"


def _test_command(
    tests: Sequence[str], profile: str = MUTATION_PROFILE, server: bool = False
) -> str:
    """pytest on ``tests``: a new process, or (``server``) a child of the fork server."""
    pytest_args = [*PYTEST_ARGS, f"--hypothesis-profile={profile}", *tests]
    if server:
        client = [sys.executable, "-S", "-m", "mutation_server", "--client", SOCKET]
        return shlex.join([*client, *pytest_args])
    return shlex.join([sys.executable, "-m", "pytest", *pytest_args])


def _config(module_path: str | Sequence[str], tests: Sequence[str], timeout: float) -> str:
    command = _test_command(tests, server=True)
    return (
        "[cosmic-ray]\n"
        f"module-path = {json.dumps(module_path)}\n"
        f"timeout = {timeout}\n"
        "excluded-modules = []\n"
        f"test-command = {json.dumps(command)}\n\n"
        "[cosmic-ray.distributor]\n"
        'name = "local"\n'
    )


def _env(cwd: Path) -> dict[str, str]:
    # src for the package, the scratch root for the plugin and the fork server.
    path = os.pathsep.join([str(cwd / "src"), str(cwd)])
    return dict(os.environ, PYTHONPATH=path, PYTHONDONTWRITEBYTECODE="1")


def _start_server(cwd: Path) -> subprocess.Popen[str]:
    """Start ``tools/mutation_server.py`` in ``cwd`` and wait until it listens."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "mutation_server", SOCKET],
        cwd=cwd,
        env=_env(cwd),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if line.strip() != "ready":
        proc.kill()
        raise SystemExit(f"mutate: the fork server did not start in {cwd}: {line}")
    return proc


def _run_group(
    argv: Sequence[str], cwd: Path, timeout: float | None, stop: signal.Signals
) -> tuple[int | None, str]:
    """Run ``argv`` in ``cwd`` as the first process of a new process group, its output and
    errors read together: ``(return code, output)``, or ``(None, output)`` when it ran past
    ``timeout``, after ``stop`` was sent to the whole group (so no child is left running)."""
    with subprocess.Popen(
        argv,
        cwd=cwd,
        env=_env(cwd),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    ) as proc:
        try:
            output, _ = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, stop)
            output, _ = proc.communicate()
            return None, output
        return proc.returncode, output


def _cosmic_ray(args: Sequence[str], cwd: Path, timeout: float | None = None) -> str:
    """Run a cosmic-ray command in ``cwd``; on ``timeout``, stop its whole process group."""
    code, output = _run_group(
        [sys.executable, "-m", "cosmic_ray.cli", *args], cwd, timeout, signal.SIGTERM
    )
    if code:
        raise SystemExit(f"mutate: cosmic-ray {args[0]} failed in {cwd}:\n{output[-4000:]}")
    return output


def _survivor(item: object, result: object) -> Mutant:
    """A session's work item and result (cosmic-ray objects) as a surviving Mutant."""
    spec = item.mutations[0]  # type: ignore[attr-defined]
    removed, added, lineno = changed_lines(result.diff or "")  # type: ignore[attr-defined]
    return Mutant(str(spec.module_path), spec.operator_name, removed, added, lineno, "survived")


#: How much longer than a mutant's own run a survivor's ``dev`` run may take (ten times
#: the Hypothesis examples), before it is stopped and kept as a survivor.
RECHECK_TIMEOUT_FACTOR = 5


def _test_one_mutant(
    workdir: Path, module: str, operator: str, occurrence: int, tests: Sequence[str], timeout: float
) -> tuple[str, str]:
    """Apply one mutant to the scratch copy, run ``tests`` with the ``dev`` profile in a new
    pytest process, and put the sources back: ``("killed" | "survived" | "timeout", output)``.

    Not ``cosmic-ray mutate-and-test``: it runs the tests in a session of their own, so
    stopping it on a timeout left the pytest process running unsupervised and the mutant
    written in the scratch copy, where the next survivor's mutation was applied on top of
    it. Here the tests are this process's child, in a group stopped as a whole, and the
    sources are restored from ``pristine-src`` whatever happens.
    """
    try:
        _cosmic_ray(["apply", module, operator, str(occurrence)], workdir)
        code, output = _run_group(
            shlex.split(_test_command(tests, RECHECK_PROFILE)),
            workdir,
            timeout * RECHECK_TIMEOUT_FACTOR,
            signal.SIGKILL,
        )
        if code is None:
            return "timeout", output
        return ("killed" if code else "survived"), output
    finally:
        _restore_sources(workdir)


def recheck_survivors(
    workdir: Path,
    tests: Sequence[str],
    timeout: float,
    why: str = "",
    only_new: bool = False,
) -> int:
    """Run each survivor's tests again with the ``dev`` Hypothesis profile; the count killed.

    The mutants ran with the lighter ``mutation`` profile; a survivor that the full profile
    kills is recorded as killed (its result's output says so), so a survivor of the report
    survived the same tests as ``pytest`` runs by default.
    """
    from cosmic_ray.work_db import WorkDB, use_db
    from cosmic_ray.work_item import TestOutcome, WorkerOutcome, WorkResult

    killed = 0
    with use_db(str(workdir / "session.sqlite"), WorkDB.Mode.open) as db:
        survivors = [
            (item, result)
            for item, result in db.completed_work_items
            if result.test_outcome == TestOutcome.SURVIVED
        ]
        if only_new:  # leave out those the equivalents list accepts
            accepted = load_equivalents()
            survivors = [
                (item, result)
                for item, result in survivors
                if not any(e.accepts(_survivor(item, result)) for e in accepted)
            ]
        for item, result in survivors:
            spec = item.mutations[0]
            outcome, output = _test_one_mutant(
                workdir, str(spec.module_path), spec.operator_name, spec.occurrence, tests, timeout
            )
            if outcome == "timeout":
                print(
                    f"mutate: {workdir.name}: a survivor's {RECHECK_PROFILE} run passed the "
                    f"{timeout * RECHECK_TIMEOUT_FACTOR:.0f} s bound, kept as a survivor: "
                    f"{_survivor(item, result).mutant!r}",
                    file=sys.stderr,
                )
            again = {"test_outcome": outcome, "output": output}
            if again.get("test_outcome") == "killed":
                killed += 1
                db.set_result(
                    item.job_id,
                    WorkResult(
                        worker_outcome=WorkerOutcome.NORMAL,
                        test_outcome=TestOutcome.KILLED,
                        output=(
                            why or f"killed on recheck with --hypothesis-profile={RECHECK_PROFILE}"
                        )
                        + "\n"
                        + str(again.get("output") or ""),
                        diff=result.diff,
                    ),
                )
    return killed


def split_pending(session: Path, shards: int) -> list[list[str]]:
    """The job ids of a session's pending mutants dealt into ``shards`` lists.

    The mutants are sorted by file and position and dealt round-robin, so each shard gets
    mutants from every part of the module (and a run cut short by ``--max-seconds`` leaves
    a sample spread over the module, not one end of it).
    """
    from cosmic_ray.work_db import WorkDB, use_db

    with use_db(str(session), WorkDB.Mode.open) as db:
        pending = {
            i.job_id: (
                str(i.mutations[0].module_path),
                tuple(i.mutations[0].start_pos),
                i.mutations[0].operator_name,
                i.mutations[0].occurrence,
            )
            for i in db.pending_work_items
        }
    return deal(pending, shards)


def deal(places: Mapping[str, tuple[object, ...]], shards: int) -> list[list[str]]:
    """Job ids dealt round-robin into ``shards`` lists, in the order of their places
    (file, position, operator, occurrence): every shard gets mutants of every stretch of
    the module, and the lists are disjoint and hold every job between them."""
    order = sorted(places, key=lambda job: (places[job], job))
    return [order[k::shards] for k in range(shards)]


#: The output of a mutant left to another shard, in that shard's copy of the session.
OTHER_SHARD = "run by another shard"


def _run_shard(
    workdir: Path,
    session: Path,
    mine: Sequence[str],
    config: str,
    tests: Sequence[str],
    timeout: float,
    max_seconds: float | None,
    recheck: bool,
) -> int:
    """Run one shard's mutants in its own scratch copy (own fork server); the count rechecked.

    The shard's session is a copy of the module's, where every mutant not in ``mine`` is
    marked skipped (``OTHER_SHARD``), so ``cosmic-ray exec`` runs only this shard's.
    """
    from cosmic_ray.work_db import WorkDB, use_db
    from cosmic_ray.work_item import WorkerOutcome, WorkResult

    _scratch_copy(workdir)
    (workdir / "cosmic-ray.toml").write_text(config)
    shutil.copy(session, workdir / "session.sqlite")
    keep = set(mine)
    with use_db(str(workdir / "session.sqlite"), WorkDB.Mode.open) as db:
        others = [i.job_id for i in db.pending_work_items if i.job_id not in keep]
        if others:
            db.set_multiple_results(
                others, WorkResult(worker_outcome=WorkerOutcome.SKIPPED, output=OTHER_SHARD)
            )
    server = _start_server(workdir)
    try:
        _cosmic_ray(["exec", "cosmic-ray.toml", "session.sqlite"], workdir, timeout=max_seconds)
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.communicate()
        _restore_sources(workdir)
    return recheck_survivors(workdir, tests, timeout) if recheck else 0


def _merge_shard(session: Path, shard_session: Path) -> None:
    """Copy a shard's results (not the mutants it left to others) into the module's session."""
    from cosmic_ray.work_db import WorkDB, use_db

    with use_db(str(shard_session), WorkDB.Mode.open) as db:
        results = [
            (item.job_id, result)
            for item, result in db.completed_work_items
            if result.output != OTHER_SHARD
        ]
    with use_db(str(session), WorkDB.Mode.open) as db:
        for job_id, result in results:
            db.set_result(job_id, result)


def run_module(
    target: Target,
    out: Path,
    timeout: float | None,
    max_seconds: float | None,
    recheck: bool = True,
    shards: int = 1,
    changed_since: str | None = None,
) -> dict[str, object]:
    """Mutate one module in its scratch copy; the module's part of the report.

    With ``changed_since`` (a git revision) only the mutants on lines added or changed
    since it run; the others are counted as unchanged, not run (``skip_unchanged``).

    With ``shards`` > 1 the mutants are dealt into that many shards (``split_pending``),
    each run at the same time in its own scratch copy with its own fork server, and their
    results merged into the module's session: a module can use more than one core.
    """
    module_path = _module_path(target)
    # cosmic-ray's module-path: one path, or a list when the target mutates more files
    paths: str | list[str] = [module_path, *target.also] if target.also else module_path
    tests = _test_files(target)
    workdir = out / "work" / target.name
    code = code_version()  # of the sources copied now, whatever the worktree becomes
    _scratch_copy(workdir)
    config = workdir / "cosmic-ray.toml"
    config.write_text(_config(paths, tests, timeout or 600.0))
    start = time.monotonic()
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    server = _start_server(workdir)
    rechecked = 0
    try:
        print(f"mutate: {target.name}: baseline ({', '.join(tests)})", flush=True)
        _cosmic_ray(["baseline", "cosmic-ray.toml"], workdir)
        if timeout is None:  # ten times the unmutated run, at least 60 s: a mutant that loops
            timeout = max(60.0, 10 * (time.monotonic() - start))
            config.write_text(_config(paths, tests, round(timeout)))
        _cosmic_ray(["init", "cosmic-ray.toml", "session.sqlite"], workdir)
        unchanged = 0
        if changed_since:
            unchanged = skip_unchanged(workdir / "session.sqlite", workdir, changed_since)
            print(
                f"mutate: {target.name}: {unchanged} mutants on lines unchanged since "
                f"{changed_since}, not run",
                flush=True,
            )
        skipped = skip_by_construction(workdir / "session.sqlite", workdir)
        print(
            f"mutate: {target.name}: running the mutants ({shards} shard(s)); equivalent by "
            f"construction, not run: {skipped or 'none'}",
            flush=True,
        )
        if shards <= 1:
            _cosmic_ray(["exec", "cosmic-ray.toml", "session.sqlite"], workdir, timeout=max_seconds)
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.communicate()
        _restore_sources(workdir)
    if shards > 1:
        session = workdir / "session.sqlite"
        parts = split_pending(session, shards)
        dirs = [workdir / "shards" / str(k) for k in range(shards)]
        with ThreadPoolExecutor(max_workers=shards) as pool:
            counts = list(
                pool.map(
                    lambda k: _run_shard(
                        dirs[k],
                        session,
                        parts[k],
                        config.read_text(),
                        tests,
                        float(timeout or 600.0),
                        max_seconds,
                        recheck,
                    ),
                    range(shards),
                )
            )
        for d in dirs:
            _merge_shard(session, d / "session.sqlite")
            shutil.rmtree(d / "src")
            shutil.rmtree(d / "pristine-src")
            shutil.rmtree(d / "tests")
        rechecked = sum(counts)
    elif recheck:  # each survivor again, in a new pytest process with the full profile
        rechecked = recheck_survivors(workdir, tests, timeout)
    meta: dict[str, object] = {
        "module_path": module_path,
        "also": list(target.also),
        "tests": tests,
        "started": started,
        "ended": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "seconds": time.monotonic() - start,
        "seconds_per_mutant_limit": timeout,
        "shards": shards,
        "code": code,
        "skipped_why": skipped,
        "changed_since": changed_since,
        "killed_on_recheck": rechecked,
        "load_average_at_end": list(os.getloadavg()),
    }
    (workdir / "run.json").write_text(json.dumps(meta, indent=2) + "\n")
    result = module_result(workdir, meta)
    print(
        f"mutate: {target.name}: {result['mutants']} mutants, kill rate {result['kill_rate']}, "
        f"{len(result['new_survivors'])} survivors not listed as equivalent, "  # type: ignore[arg-type]
        f"{meta['seconds']:.0f} s",
        flush=True,
    )
    return result


def module_result(workdir: Path, meta: Mapping[str, object]) -> dict[str, object]:
    """A module's part of the report, from its session in ``workdir`` and the run's facts."""
    dump = _cosmic_ray(["dump", "session.sqlite"], workdir)
    mutants = mutants_of_dump(dump.splitlines(), workdir)
    t = tally(mutants, load_equivalents())
    return {
        **meta,
        "mutants": len(mutants),
        "killed": t.killed,
        "timeout": t.timeout,
        "survived": t.survived,
        "equivalent": t.equivalent,
        "incompetent": t.incompetent,
        "skipped": t.skipped,
        "unchanged": t.unchanged,
        "unchanged_lines": sorted({m.line for m in mutants if m.outcome == "unchanged"}),
        "not_run": t.not_run,
        "kill_rate": _percent(t.kill_rate),
        "non_equivalent_kill_rate": _percent(t.non_equivalent_kill_rate),
        "survivors": [m.__dict__ for m in mutants if m.outcome == "survived"],
        "new_survivors": [m.__dict__ for m in t.new_survivors],
    }


def code_version(root: Path = ROOT) -> str:
    """The commit whose sources a run mutates: ``git rev-parse --short HEAD``, with
    ``+changes`` when ``src`` differs from it (uncommitted edits), or ``unknown``."""
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=root, capture_output=True, text=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--", "src"], cwd=root, capture_output=True, text=True
        ).stdout.strip()
    except OSError:
        return "unknown"
    return (head or "unknown") + ("+changes" if dirty else "")


def _machine() -> str:
    return f"{os.cpu_count()} cores, CPython {sys.version.split()[0]}"


def cmd_run(args: argparse.Namespace) -> int:
    names = args.modules or list(MODULES)
    unknown = [n for n in names if n not in MODULES]
    if unknown:
        raise SystemExit(
            f"mutate: unknown module {', '.join(unknown)}; known: {', '.join(MODULES)}"
        )
    if args.nice:
        os.nice(args.nice)
    out = Path(args.out).resolve()
    out.mkdir(parents=True, exist_ok=True)
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = list(
            pool.map(
                lambda n: run_module(
                    MODULES[n],
                    out,
                    args.timeout,
                    args.max_seconds,
                    recheck=args.recheck,
                    shards=args.shards,
                    changed_since=args.changed_since,
                ),
                names,
            )
        )
    report: dict[str, object] = {
        "started": started,
        "machine": _machine(),
        "modules": dict(zip(names, results, strict=True)),
    }
    (out / "report.json").write_text(json.dumps(report, indent=2) + "\n")
    (out / "report.md").write_text(render_markdown(report))
    print(f"mutate: report in {out / 'report.md'} and {out / 'report.json'}")
    print_new_survivors(report, load_equivalents())
    return 0


def cmd_retest(args: argparse.Namespace) -> int:
    """Run the survivors of earlier runs again against the worktree's tests as they are now.

    For tests written after a run: the run's tests directory is replaced by the current
    one (tests are only ever added, so the mutants killed stay killed) and each survivor
    is run again in a new pytest process with the ``dev`` profile; those killed are
    recorded as killed, with the commit of the tests in their output.
    """
    if args.nice:
        os.nice(args.nice)
    head = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip()
    for run_dir in args.runs:
        for workdir in sorted(Path(run_dir).resolve().glob("work/*")):
            target = MODULES[workdir.name]
            ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis")
            shutil.rmtree(workdir / "tests")
            shutil.copytree(ROOT / "tests", workdir / "tests", ignore=ignore)
            _restore_sources(workdir)
            tests = _test_files(target)
            meta_file = workdir / "run.json"
            meta = json.loads(meta_file.read_text()) if meta_file.exists() else {}
            timeout = float(meta.get("seconds_per_mutant_limit") or 120.0)
            killed = recheck_survivors(
                workdir,
                tests,
                timeout,
                why=f"killed on retest with the tests of {head}",
                only_new=args.only_new,
            )
            if meta:
                meta["tests"] = tests
                meta["killed_on_retest"] = int(meta.get("killed_on_retest", 0)) + killed
                meta["retested_with"] = head
                meta_file.write_text(json.dumps(meta, indent=2) + "\n")
            print(f"mutate: {workdir.name}: {killed} survivors killed by the tests of {head}")
    return 0


def cmd_report(args: argparse.Namespace) -> int:
    """Rebuild a report from the sessions of earlier runs (after editing the equivalents)."""
    modules: dict[str, object] = {}
    for run_dir in args.runs:
        for workdir in sorted(Path(run_dir).resolve().glob("work/*")):
            meta_file = workdir / "run.json"
            if meta_file.exists():
                meta = json.loads(meta_file.read_text())
            else:  # a run that did not finish: what its session holds
                meta = {"module_path": MODULES[workdir.name].paths[0], "seconds": float("nan")}
            modules[workdir.name] = module_result(workdir, meta)
    report: dict[str, object] = {
        "started": ", ".join(sorted({str(m.get("started", "?")) for m in modules.values()})),  # type: ignore[attr-defined]
        "machine": _machine(),
        "modules": modules,
    }
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "report.json").write_text(json.dumps(report, indent=2) + "\n")
    (out / "report.md").write_text(render_markdown(report, args.level))
    print(f"mutate: report in {out / 'report.md'} and {out / 'report.json'}")
    print_new_survivors(report, load_equivalents())
    return 0


def cmd_diff(args: argparse.Namespace) -> int:
    """Print the survivors of a report that the equivalents list does not accept."""
    report = json.loads(Path(args.report).read_text())
    return 1 if print_new_survivors(report, load_equivalents(Path(args.equivalents))) else 0


def print_new_survivors(report: Mapping[str, object], accepted: Sequence[Equivalent]) -> int:
    """Print each survivor the list does not accept, and each stale entry; the new count."""
    modules = report["modules"]
    assert isinstance(modules, dict)
    new = 0
    survivors_seen: list[Mutant] = []
    for name, module in modules.items():
        survivors = [Mutant(**s) for s in module["survivors"]]
        t = tally(survivors, accepted)
        survivors_seen += survivors
        for m in t.new_survivors:
            print(
                f"new survivor {name} {m.module}:{m.lineno} {m.operator}: {m.line!r} -> {m.mutant!r}"
            )
        new += len(t.new_survivors)
    # An entry is stale when its module ran in full and no survivor matches it; a run cut
    # short (--max-seconds) cannot tell.
    # A --changed-since run cannot tell either for an entry on a line it left unchanged.
    complete = {
        path: frozenset(m.get("unchanged_lines", ()))
        for m in modules.values()
        if not m.get("not_run")
        for path in (m["module_path"], *m.get("also", ()))
    }
    stale = [
        e
        for e in accepted
        if any(e.module.startswith(p) and e.line not in u for p, u in complete.items())
        and not any(e.accepts(m) for m in survivors_seen)
    ]
    for name, m in modules.items():
        if m.get("not_run"):
            print(f"{name}: {m['not_run']} mutants not run (cut short): survivors may be missing")
    for e in stale:
        print(f"listed but not seen (killed now, or the line changed): {e.module}: {e.line!r}")
    print(f"{new} new survivors, {len(stale)} stale entries in the equivalents list")
    return new


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="mutate", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="mutate modules and write a report")
    run.add_argument("modules", nargs="*", help=f"modules (default all): {', '.join(MODULES)}")
    run.add_argument("--jobs", type=int, default=1, help="modules mutated at once (default 1)")
    run.add_argument(
        "--shards",
        type=int,
        default=1,
        help="split each module's mutants into this many runs at once (default 1)",
    )
    run.add_argument(
        "--timeout",
        type=float,
        default=None,
        help="seconds per mutant's tests (default: 10 times the unmutated run, at least 60)",
    )
    run.add_argument(
        "--max-seconds", type=float, default=None, help="stop each module's run after this long"
    )
    run.add_argument(
        "--no-recheck",
        dest="recheck",
        action="store_false",
        help="do not re-run the survivors with the dev Hypothesis profile",
    )
    run.add_argument(
        "--changed-since",
        metavar="REV",
        default=None,
        help="run only the mutants on lines added or changed since the git revision REV",
    )
    run.add_argument("--nice", type=int, default=19, help="niceness increment (default 19)")
    run.add_argument("--out", default=str(REPORT_DIR), help="report directory")
    run.set_defaults(func=cmd_run)
    ret = sub.add_parser("retest", help="run earlier runs' survivors against the current tests")
    ret.add_argument("runs", nargs="+", help="the --out directories of earlier runs")
    ret.add_argument("--nice", type=int, default=19, help="niceness increment (default 19)")
    ret.add_argument(
        "--only-new",
        action="store_true",
        help="only the survivors that the equivalents list does not accept",
    )
    ret.set_defaults(func=cmd_retest)
    rep = sub.add_parser("report", help="rebuild a report from the sessions of earlier runs")
    rep.add_argument("runs", nargs="+", help="the --out directories of earlier runs")
    rep.add_argument("--out", default=str(REPORT_DIR), help="report directory")
    rep.add_argument(
        "--level", type=int, default=1, help="heading level of the title (2 inside a page)"
    )
    rep.set_defaults(func=cmd_report)
    diff = sub.add_parser("diff", help="survivors of a report not listed as equivalent")
    diff.add_argument(
        "report", nargs="?", default=str(REPORT_DIR / "report.json"), help="a report.json of 'run'"
    )
    diff.add_argument("--equivalents", default=str(EQUIVALENTS), help="the equivalents list")
    diff.set_defaults(func=cmd_diff)
    args = parser.parse_args(argv)
    result: int = args.func(args)
    return result


if __name__ == "__main__":
    sys.exit(main())
