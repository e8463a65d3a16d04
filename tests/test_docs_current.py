"""The docs say what is true now: no page reads like lab notes.

A page gives one current table, the machine, the command that reproduces it and the
design in a paragraph; the history of each run (clock times, load averages, dates,
attempts, "the previous default", "this round") belongs in the CHANGELOG. This test
looks for those marks in the prose of every page (its code left out), as written and as
built (where the included reports and the API reference's docstrings are too).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from test_site import page_text

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"

#: The marks of lab notes, by kind.
LAB_NOTES = {
    "clock time": re.compile(r"(?<![\w.:\[/-])(?:[01]?\d|2[0-3]):[0-5]\d(?![\w:])"),
    "time zone": re.compile(r"\bUTC\b"),
    "load": re.compile(r"\bload (?:average|of \d|\d)", re.IGNORECASE),
    "attempt": re.compile(r"\battempt", re.IGNORECASE),
    "dated run": re.compile(r"\b20\d\d-[01]\d-[0-3]\d\b"),
    "history": re.compile(
        r"\b(?:this|last|previous|earlier) (?:round|session|runs?|default|design)\b"
        r"|\b(?:there was no time|too busy|tried and removed|today's code)\b",
        re.IGNORECASE,
    ),
}
#: The changelog is the history.
NOT_YET = {"changelog.md"}
_FENCE = re.compile(r"^\s*(```|~~~)")
_CODE_SPAN = re.compile(r"`[^`\n]*`")


def markdown_prose(text: str) -> str:
    """The prose of a Markdown page: fenced blocks and code spans left out."""
    lines = []
    fenced = False
    for line in text.splitlines():
        if _FENCE.match(line):
            fenced = not fenced
        elif not fenced:
            lines.append(_CODE_SPAN.sub("``", line))
    return "\n".join(lines)


def lab_notes(prose: str) -> list[str]:
    """The marks of lab notes in a text, as 'kind: excerpt'."""
    return [
        f"{kind}: {prose[max(0, m.start() - 30) : m.end() + 30]!r}"
        for kind, pattern in LAB_NOTES.items()
        for m in pattern.finditer(prose)
    ]


def test_the_marks_are_seen_and_ordinary_prose_passes() -> None:
    """Each kind of lab note is found; times, ratios, slices and versions are not."""
    notes = [
        ("a run (17:37–17:55 UTC)", "clock time"),
        ("a run at 9:05 this morning", "clock time"),
        ("at a load average of 17 to 25", "load"),
        ("beside other jobs (load 3 to 9)", "load"),
        ("the second attempt", "attempt"),
        ("Measured on 2026-12-01", "dated run"),
        ("the previous default won 68 %", "history"),
        ("an earlier run of this round", "history"),
        ("there was no time for them", "history"),
    ]
    for text, kind in notes:
        assert any(note.startswith(kind) for note in lab_notes(text)), text
    fine = (
        "R4.3 scores 2 × 3; a 16:9 screen is no time; 0.5 s per decision; version 2026.11; "
        "http://127.0.0.1:8000/; the next run's survivors"
    )
    assert lab_notes(fine) == []
    assert markdown_prose("a\n```\n21:45 load average\n```\n`2026-12-01` b\n") == "a\n`` b"


PAGES = sorted(
    page
    for page in [*DOCS.rglob("*.md"), ROOT / "README.md"]
    if page.relative_to(DOCS if DOCS in page.parents else ROOT).as_posix() not in NOT_YET
)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_page_reads_like_lab_notes(page: Path) -> None:
    """The page's prose has no clock time, time zone, load, attempt, dated run or
    history of runs."""
    assert lab_notes(markdown_prose(page.read_text(encoding="utf-8"))) == []


def test_no_built_page_reads_like_lab_notes(built_site: Path) -> None:
    """Nor does the prose of a built page (with its included files and docstrings)."""
    skipped = {str(Path(name).with_suffix("") / "index.html") for name in NOT_YET}
    found = {}
    for page in sorted(built_site.rglob("*.html")):
        where = str(page.relative_to(built_site))
        if where in skipped or where.startswith("checker/"):
            continue
        notes = lab_notes(page_text(page)[0])
        if notes:
            found[where] = notes[:3]
    assert len(list(built_site.rglob("*.html"))) >= 20
    assert found == {}
