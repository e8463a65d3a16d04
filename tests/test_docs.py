"""The docs cannot rot: every code block of the docs and README runs, every example script
runs, the pictures are up to date, and the rules, rulings and API pages are complete.

Python code blocks (```python, ```py, ```pycon) of one page run in order in one shared
namespace; a block holding ``>>>`` lines runs as a doctest, so its shown output must
match. A block opts out only with ``title="not run"`` in its fence line or a
``<!-- no-test -->`` comment on the line before it.
"""

from __future__ import annotations

import doctest
import importlib
import os
import pkgutil
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

import drako_rules
from transcripts import fences


def installed(module: str) -> bool:
    """Whether ``module`` can be imported."""
    try:
        importlib.import_module(module)
    except ImportError:
        return False
    return True


ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
SRC = Path(drako_rules.__file__).resolve().parent.parent  # the src/ of the tested package
PYTHON_LANGUAGES = {"python", "py", "python3", "pycon"}
OPT_OUT_COMMENT = "<!-- no-test -->"
#: Before a block that needs the optional extra ``rl`` (drako_rules.env): the block runs
#: when PettingZoo, Gymnasium and NumPy are installed, and is skipped otherwise.
RL_COMMENT = "<!-- needs the rl extra -->"
RL_EXTRA = all(installed(m) for m in ("pettingzoo", "gymnasium", "numpy"))


@dataclass(frozen=True)
class Block:
    """A fenced code block of a Markdown page."""

    line: int  # 1-based line number of the block's first code line
    language: str
    info: str  # the whole fence line after the backticks
    code: str
    opted_out: bool
    needs_rl: bool = False  # preceded by RL_COMMENT

    @property
    def is_python(self) -> bool:
        return self.language in PYTHON_LANGUAGES

    @property
    def is_session(self) -> bool:
        return any(line.lstrip().startswith(">>>") for line in self.code.splitlines())


def fenced_blocks(text: str) -> list[Block]:
    """Every fenced code block of a Markdown text, indented ones (in lists) included."""
    lines = text.splitlines()
    out: list[Block] = []
    for fence in fences(text):
        before = next(
            (lines[k].strip() for k in range(fence.start - 1, -1, -1) if lines[k].strip()), ""
        )
        opted_out = 'title="not run"' in fence.info or before == OPT_OUT_COMMENT
        code = "\n".join(fence.body) + "\n"
        out.append(
            Block(
                fence.start + 2, fence.language, fence.info, code, opted_out, before == RL_COMMENT
            )
        )
    return out


def run_blocks(blocks: list[Block], where: str) -> int:
    """Run the Python blocks in order in one namespace; return how many ran."""
    namespace: dict[str, object] = {"__name__": "__docs__"}
    ran = 0
    for block in blocks:
        if not block.is_python or block.opted_out or (block.needs_rl and not RL_EXTRA):
            continue
        name = f"{where}:{block.line}"
        if block.is_session:
            test = doctest.DocTestParser().get_doctest(
                block.code, dict(namespace), name, where, block.line - 1
            )
            runner = doctest.DocTestRunner(
                optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
            )
            report: list[str] = []
            runner.run(test, out=report.append, clear_globs=False)
            assert runner.failures == 0, f"{name}:\n" + "".join(report)
            namespace.update(test.globs)
        else:
            exec(compile(block.code, name, "exec"), namespace)
        ran += 1
    return ran


PAGES = [*sorted(DOCS.rglob("*.md")), ROOT / "README.md"]
PAGES_WITH_CODE = [
    page
    for page in PAGES
    if any(b.is_python for b in fenced_blocks(page.read_text(encoding="utf-8")))
]


@pytest.mark.parametrize("page", PAGES_WITH_CODE, ids=lambda p: str(p.relative_to(ROOT)))
def test_code_blocks_of_page_run(page: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every Python block of the page runs, in order, and its doctest output matches (from
    the repository's folder, as a reader of a clone would run it)."""
    monkeypatch.chdir(ROOT)
    blocks = fenced_blocks(page.read_text(encoding="utf-8"))
    if not RL_EXTRA and all(b.needs_rl or b.opted_out for b in blocks if b.is_python):
        pytest.skip("every block of the page needs the rl extra (drako_rules.env)")
    ran = run_blocks(blocks, str(page.relative_to(ROOT)))
    skipped = [
        b.line for b in blocks if b.is_python and (b.opted_out or (b.needs_rl and not RL_EXTRA))
    ]
    assert ran >= 1 and ran + len(skipped) == sum(b.is_python for b in blocks)


def test_collector_finds_blocks_and_honours_only_the_opt_outs() -> None:
    """The collector sees fenced, indented and session blocks; only the two markers opt out."""
    text = "\n".join(
        [
            "```python",
            "x = 1",
            "```",
            "- in a list:",
            "    ```pycon",
            "    >>> x + 1",
            "    2",
            "    ```",
            '```python title="not run"',
            "raise SystemExit",
            "```",
            OPT_OUT_COMMENT,
            "",
            "```py",
            "raise SystemExit",
            "```",
            "```sh",
            "exit 1",
            "```",
        ]
    )
    blocks = fenced_blocks(text)
    assert [(b.language, b.opted_out) for b in blocks] == [
        ("python", False),
        ("pycon", False),
        ("python", True),
        ("py", True),
        ("sh", False),
    ]
    assert blocks[1].code == ">>> x + 1\n2\n" and blocks[1].line == 6
    assert run_blocks(blocks, "inline") == 2
    with pytest.raises(AssertionError, match="inline:6"):
        run_blocks(fenced_blocks(text.replace("    2", "    3")), "inline")


def test_blocks_marked_for_the_rl_extra_run_only_with_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """A block after RL_COMMENT is marked; it runs when the rl extra is installed and is
    skipped, not failed, when it is not."""
    text = "\n".join(["```python", "x = 1", "```", RL_COMMENT, "```python", "y = x + 1", "```"])
    blocks = fenced_blocks(text)
    assert [b.needs_rl for b in blocks] == [False, True]
    monkeypatch.setattr(sys.modules[__name__], "RL_EXTRA", True)
    assert run_blocks(blocks, "inline") == 2
    monkeypatch.setattr(sys.modules[__name__], "RL_EXTRA", False)
    assert run_blocks(blocks, "inline") == 1


def test_the_docs_have_code_to_run() -> None:
    """The pages meant to show code do (so an empty collection cannot pass silently)."""
    names = {str(p.relative_to(ROOT)) for p in PAGES_WITH_CODE}
    assert {
        "README.md",
        "docs/index.md",
        "docs/rules.md",
        "docs/howto/notation.md",
        "docs/howto/rulesets.md",
        "docs/tutorials/write-a-bot.md",
        "docs/howto/records.md",
    } <= names


EXAMPLES = sorted((ROOT / "examples").glob("*.py"))
#: Arguments for the scripts whose full run is too long for the test suite.
EXAMPLE_ARGS = {
    "greedy_bot.py": ["--games", "20"],
    "game_length.py": ["--games", "20"],
    "train_selfplay.py": ["--steps", "4096", "--every", "2048", "--games", "2", "--out", "-"],
}
#: The modules a script needs beyond the project's extras (it is skipped without them).
EXAMPLE_NEEDS = {"train_selfplay.py": ("torch", "sb3_contrib")}


@pytest.mark.parametrize("script", EXAMPLES, ids=lambda p: p.name)
def test_example_script_runs(script: Path) -> None:
    """Each script of examples/ runs to the end with exit status 0 (some with fewer games
    than their full run, EXAMPLE_ARGS; those that need more than the project's extras
    only where it is installed, EXAMPLE_NEEDS)."""
    for module in EXAMPLE_NEEDS.get(script.name, ()):
        pytest.importorskip(module)
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    done = subprocess.run(
        [sys.executable, str(script), *EXAMPLE_ARGS.get(script.name, [])],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip(), "an example should show what it does"


def test_pictures_are_up_to_date() -> None:
    """docs/img/*.svg are what docs/gen_pictures.py draws with the current code."""
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    done = subprocess.run(
        [sys.executable, str(DOCS / "gen_pictures.py"), "--check"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr


# --- completeness of the reference pages ----------------------------------------------------

#: Every rule id of RULES.md (R3.4's points a–d are anchors inside R3.4).
RULE_IDS = [
    *(f"R1.{i}" for i in range(1, 5)),
    *(f"R2.{i}" for i in range(1, 10)),
    *(f"R3.{i}" for i in range(1, 7)),
    *(f"R4.{i}" for i in range(1, 7)),
    *(f"R5.{i}" for i in range(1, 7)),
    *(f"R6.{i}" for i in range(1, 6)),
    *(f"R7.{i}" for i in range(1, 5)),
    *(f"R8.{i}" for i in range(1, 4)),
    *(f"R9.{i}" for i in range(1, 4)),
]
#: The points of RULES.md marked [adaptation] (alone or with [seed]).
ADAPTATIONS = [
    *("R1.2", "R1.4", "R2.3", "R3.4d", "R3.5", "R5.5", "R5.6", "R6.1", "R7.1", "R9.2", "R9.3")
]
#: The points of RULES.md marked [ruling] (alone or with [seed]).
RULINGS = [
    "R2.5",
    "R2.7",
    "R2.8",
    "R2.9",
    "R4.3",
    "R4.4",
    "R4.5",
    "R4.6",
    "R5.3",
    "R6.5",
    "R7.4",
    "R8.1",
    "R8.2",
    "R8.3",
    "R9.1",
]


def heading_anchors(text: str) -> list[str]:
    """The ids given to headings with ``{#id}``, in page order."""
    return re.findall(r"^#{2,4} .*\{#([^}\s]+)\}\s*$", text, flags=re.MULTILINE)


def test_rules_page_has_every_rule_as_an_anchor() -> None:
    """docs/rules.md has a heading anchored at each rule id of RULES.md, in order, plus
    anchors for R3.4a–d."""
    text = (DOCS / "rules.md").read_text(encoding="utf-8")
    anchors = [a for a in heading_anchors(text) if re.fullmatch(r"R\d\.\d", a)]
    assert anchors == RULE_IDS
    for point in "abcd":
        assert f'<a id="R3.4{point}"></a>' in text


def test_rulings_page_lists_every_ruling_and_adaptation() -> None:
    """docs/rulings.md has one section per [adaptation] and [ruling] point of RULES.md."""
    anchors = heading_anchors((DOCS / "rulings.md").read_text(encoding="utf-8"))
    assert [a for a in anchors if a.startswith("R")] == ADAPTATIONS + RULINGS


def _public_modules() -> list[tuple[str, set[str]]]:
    modules = []
    for info in pkgutil.walk_packages(drako_rules.__path__, prefix="drako_rules."):
        if info.name.startswith("drako_rules.env") and not RL_EXTRA:
            continue  # the optional extra is not installed; the package root never exports it
        module = importlib.import_module(info.name)
        modules.append((info.name, set(getattr(module, "__all__", []))))
    return modules


def test_api_reference_covers_every_public_name() -> None:
    """Each name exported by drako_rules is rendered by a page of docs/api/: its module
    (whose __all__ lists it) has a ``:::`` directive, or the name has one of its own."""
    directives = {
        d
        for page in sorted((DOCS / "api").glob("*.md"))
        for d in re.findall(r"^::: (\S+)", page.read_text(encoding="utf-8"), re.MULTILINE)
    }
    modules = _public_modules()
    missing = []
    for name in drako_rules.__all__:
        if name.startswith("__"):
            continue
        homes = {module for module, exported in modules if name in exported}
        own = {d for d in directives if d.endswith(f".{name}")}
        if not (homes & directives or own):
            missing.append(name)
    assert missing == [], f"add these to a page of docs/api/: {missing}"


#: The widest line of a Python example: what a phone or a half-screen window shows
#: without scrolling sideways (the CLI's own output is the CLI's to fit).
CODE_COLUMNS = 80


@pytest.mark.parametrize("page", PAGES_WITH_CODE, ids=lambda p: str(p.relative_to(ROOT)))
def test_python_examples_fit_in_80_columns(page: Path) -> None:
    """Every line of the page's Python blocks, code and shown output, is at most 80
    characters wide (long output wraps: the doctests normalize whitespace)."""
    where = str(page.relative_to(ROOT))
    wide = [
        f"{where}:{block.line + i}: {len(line)}"
        for block in fenced_blocks(page.read_text(encoding="utf-8"))
        if block.is_python
        for i, line in enumerate(block.code.splitlines())
        if len(line.rstrip()) > CODE_COLUMNS
    ]
    assert wide == []
