"""The command-line pages cannot rot: every transcript of the docs runs and prints what
the page shows, the exit statuses documented are the CLI's, and the problems page lists
exactly the problem codes, each with an example that has it.

How transcripts are written and run is in ``tests/transcripts.py``; after a deliberate
change of the output, ``python tests/transcripts.py`` rewrites them.
"""

from __future__ import annotations

import contextlib
import io
import re
import sys
from pathlib import Path

import pytest

import drako_rules.cli as cli
from drako_rules.checker import PROBLEM_CODES, check_game, parse_game
from transcripts import (
    DOCS,
    PAGES,
    ROOT,
    Fence,
    Outcome,
    Shell,
    Step,
    TranscriptError,
    fences,
    has_transcripts,
    run_page,
    steps,
)

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="transcripts run in /bin/sh")

PAGES_WITH_TRANSCRIPTS = [page for page in PAGES if has_transcripts(page)]


def _text(page: Path) -> str:
    return page.read_text(encoding="utf-8")


# --- transcripts ---------------------------------------------------------------------------


@pytest.mark.parametrize("page", PAGES_WITH_TRANSCRIPTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_transcripts_print_what_the_page_shows(page: Path, tmp_path: Path) -> None:
    """Every command of every console block of the page prints, stdout and stderr together,
    exactly the lines shown after it; titled example files hold the repository's data."""
    outcomes, file_errors = run_page(page, tmp_path)
    assert file_errors == []
    assert outcomes, "a page with a console block runs at least one command"
    wrong = [o.describe() for o in outcomes if not o.agrees]
    assert wrong == [], (
        "\n\n".join(wrong) + "\n\n(after a deliberate change: python tests/transcripts.py)"
    )


def test_the_cli_pages_have_transcripts() -> None:
    """The tutorial, the command-line how-to and the problems how-to show real runs, so an
    empty collection cannot pass silently."""
    names = {str(p.relative_to(ROOT)) for p in PAGES_WITH_TRANSCRIPTS}
    assert {
        "docs/tutorials/check-a-game.md",
        "docs/howto/cli.md",
        "docs/howto/problems.md",
    } <= names


def test_every_console_block_is_a_transcript() -> None:
    """Each console block of the docs starts with a ``$ `` command, so none is skipped."""
    for page in PAGES:
        for fence in fences(_text(page)):
            if fence.language == "console":
                assert steps(fence.body), f"{page}:{fence.line}: empty console block"


def test_transcript_parsing() -> None:
    """Commands, continuation lines (backslash or ``> ``) and outputs are told apart, and a
    block that does not start with a command is refused."""
    body = (
        "$ drako-rules score \\",
        "    FEOM/HPWM/SGDO/PPHS",
        "Elves 2",
        "",
        '$ python -c "',
        "> print(1)",
        '> "',
        "1",
        "$ echo $?",
        "0",
    )
    parsed = steps(body)
    assert [s.command for s in parsed] == [
        "drako-rules score \\\n    FEOM/HPWM/SGDO/PPHS",
        'python -c "\nprint(1)\n"',
        "echo $?",
    ]
    assert [s.output for s in parsed] == [("Elves 2", ""), ("1",), ("0",)]
    with pytest.raises(TranscriptError):
        steps(("Elves 2", "$ echo"))


def test_shell_keeps_the_exit_status_and_catches_a_wrong_output(tmp_path: Path) -> None:
    """``$?`` is the previous command's status (here 2, invalid usage), and an output that
    differs from the page is reported with both texts."""
    shell = Shell(tmp_path)
    assert shell.run("drako-rules score FEOM") == (
        "drako-rules: error: expected 4 rows separated by '/' or new lines, got 1 in 'FEOM'",
    )
    assert shell.run("echo $?") == (str(cli.EXIT_INVALID),)
    page = DOCS / "howto" / "cli.md"
    fence = Fence(0, 3, "", "console", None, ("$ echo hello", "goodbye"))
    outcome = Outcome(page, fence, Step(("$ echo hello",), ("goodbye",)), shell.run("echo hello"))
    assert not outcome.agrees
    assert "goodbye" in outcome.describe() and "hello" in outcome.describe()


def test_progress_bar_shown_in_the_how_to_is_what_check_draws(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The progress bar quoted on the command-line page is what check draws on a terminal's
    stderr while it checks four files (after the first, naming the second)."""
    text = " ".join(_text(DOCS / "howto" / "cli.md").split())
    match = re.search(r"`(\[#+-+\] 1/4 files examples/[\w.-]+)`", text)
    assert match is not None

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.chdir(ROOT)
    names = ["four-players", "sheet-mistakes", "three-players", "tie-break"]
    err = Terminal()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        cli.main(["check", *(f"examples/{name}.toml" for name in names)])
    assert match[1] in err.getvalue()


# --- the exit statuses -----------------------------------------------------------------------


def test_documented_exit_statuses_are_the_cli_constants() -> None:
    """The exit status table of docs/howto/cli.md gives each EXIT_ constant of drako_rules.cli
    with its value, and no other."""
    rows = re.findall(
        r"^\| `(\d+)` \| \[`(EXIT_\w+)`\]\[drako_rules\.cli\.\2\] \|",
        _text(DOCS / "howto" / "cli.md"),
        flags=re.MULTILINE,
    )
    documented = {name: int(value) for value, name in rows}
    constants = {
        name: getattr(cli, name)
        for name in dir(cli)
        if name.startswith("EXIT_") and isinstance(getattr(cli, name), int)
    }
    assert documented == constants
    assert len(rows) == len(documented) == 4


# --- the problem codes -----------------------------------------------------------------------


def _problem_sections() -> list[tuple[str, str]]:
    """Each problem code's section of docs/howto/problems.md: (code, text of the section)."""
    text = _text(DOCS / "howto" / "problems.md")
    parts = re.split(r"^### `([a-z-]+)` \{#\1\}\s*$", text, flags=re.MULTILINE)
    return list(zip(parts[1::2], parts[2::2], strict=True))


def test_problems_page_lists_exactly_the_problem_codes() -> None:
    """docs/howto/problems.md has one section per code of PROBLEM_CODES, in the same order."""
    assert [code for code, _ in _problem_sections()] == list(PROBLEM_CODES)


@pytest.mark.parametrize("code", list(PROBLEM_CODES))
def test_problem_example_has_its_problem(code: str) -> None:
    """The section's game file has the problem of its code, carrying the rule id the section
    gives, and the lines shown are what the report prints for it."""
    (section,) = [text for c, text in _problem_sections() if c == code]
    blocks = fences(section)
    (toml,) = [b for b in blocks if b.language == "toml"]
    (shown,) = [b for b in blocks if b.language == "text"]
    rule = re.search(r"^\*\*Rule id:\*\* (?:`([^`]+)`|none)\.$", section, flags=re.MULTILINE)
    assert rule is not None, f"{code}: no '**Rule id:**' line"
    report = check_game(parse_game("\n".join(toml.body)))
    assert [str(p) for p in report.problems] == list(shown.body)
    assert code in {p.code for p in report.problems}
    assert {p.rule for p in report.problems if p.code == code} == {rule[1]}
