"""A REPL session shown in the docs runs when a reader pastes it (issue 26): an indented
block (``for``, ``while``, ``with``…) ends with an empty ``...`` line before the next
``>>>``, as the interactive interpreter needs, or pasting it is a ``SyntaxError``.

``ruff format`` removes such an empty ``...`` line from the code blocks of a Markdown
page: a page keeps it by putting ``<!-- fmt: off -->`` before the block (before its
``<!-- needs the rl extra -->`` line, which must stay right above the fence) and
``<!-- fmt: on -->`` after it."""

from __future__ import annotations

from pathlib import Path

import pytest

from transcripts import fences

ROOT = Path(__file__).resolve().parent.parent
PAGES = [*sorted((ROOT / "docs").rglob("*.md")), ROOT / "README.md"]


def unended_blocks(lines: list[str]) -> list[int]:
    """The indices of the ``>>>`` lines that follow directly the ``...`` lines of a compound
    statement (its ``>>>`` line ends with a colon): a continued expression needs no end."""
    found, opened = [], False
    for k, line in enumerate(lines):
        text = line.strip()
        if text.startswith(">>>"):
            if opened and lines[k - 1].strip() != "...":
                found.append(k)
            opened = text.split("#", 1)[0].rstrip().endswith(":")
        elif not text.startswith("..."):
            opened = False  # output: the statement ran
    return found


def test_the_check_finds_an_unended_block() -> None:
    """The check flags a loop followed directly by ``>>>`` and accepts one ended by ``...``."""
    bad = [">>> for i in range(2):", "...     x = i", ">>> x"]
    good = [">>> for i in range(2):", "...     x = i", "...", ">>> x"]
    call = [">>> f(1,", "...   2)", ">>> x"]
    assert unended_blocks(bad) == [2] and unended_blocks(good) == unended_blocks(call) == []


#: Pages of other tasks that still show such a session (xfail until they are fixed).
NOT_YET: set[str] = set()


@pytest.mark.parametrize(
    "page",
    [
        pytest.param(p, marks=pytest.mark.xfail(reason="not fixed yet"))
        if str(p.relative_to(ROOT)) in NOT_YET
        else p
        for p in PAGES
    ],
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_every_session_of_the_page_pastes(page: Path) -> None:
    """In every ``pycon`` block of the page, each indented block ends with an empty ``...``."""
    for fence in fences(page.read_text(encoding="utf-8")):
        lines = list(fence.body)
        bad = unended_blocks(lines)
        assert not bad, f"{page.name}:{fence.start + 2 + bad[0]}: {lines[bad[0] - 1]!r}"


SOURCES = sorted((ROOT / "src" / "drako_rules").rglob("*.py"))
#: Modules of other tasks whose docstrings still show such a session.
SOURCES_NOT_YET: set[str] = set()


@pytest.mark.parametrize(
    "module",
    [
        pytest.param(p, marks=pytest.mark.xfail(reason="not fixed yet"))
        if str(p.relative_to(ROOT / "src" / "drako_rules")) in SOURCES_NOT_YET
        else p
        for p in SOURCES
    ],
    ids=lambda p: str(p.relative_to(ROOT / "src")),
)
def test_every_docstring_session_pastes(module: Path) -> None:
    """The examples of the docstrings (what ``help()`` shows) paste as the pages' do."""
    lines = module.read_text(encoding="utf-8").splitlines()
    bad = unended_blocks(lines)
    assert not bad, f"{module.name}:{bad[0] + 1}: {lines[bad[0] - 1]!r}"
