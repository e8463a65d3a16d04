"""Command-line transcripts in the docs: run them, compare them, rewrite them.

A *transcript* is a fenced code block of a Markdown page whose language is ``console``:

    ```console
    $ drako-rules check examples/tie-break.toml
    examples/tie-break.toml: 2 players, ...
    $ echo $?
    0
    ```

Each line starting with ``$ `` is a command; it goes on over the next line when it ends
with a backslash, and over each next line starting with ``> `` (the shell's prompt for
the rest of an unfinished command, such as an open quote). The lines after it, up to the next command, are what it prints, stdout
and stderr together, as a terminal shows them. The commands of one page run in order with
``/bin/sh``, in a scratch directory holding a copy of ``examples/``, with ``drako-rules``
and ``python`` on the ``PATH`` running this tree's code; ``$?`` is the exit status of the
previous command, so ``echo $?`` shows it. Standard error is not a terminal, so no progress
bar is drawn.

A fenced ``toml`` or ``json`` block with ``title="NAME"`` is a file the page asks the reader
to write: it is written as NAME in the scratch directory before the transcripts after it
run. When NAME is a file of the repository (``examples/...``), the block must hold the same
data as that file (comments and layout aside), so that the page shows what the commands
read.

``tests/test_docs_cli.py`` fails when a page and the commands disagree. After a deliberate
change of the output (a new version number, a better message), run
``python tests/transcripts.py`` to rewrite every transcript with what the commands print
now, and read the diff before committing it.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import tomllib
from dataclasses import dataclass
from pathlib import Path

import drako_rules

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
SRC = Path(drako_rules.__file__).resolve().parent.parent  # the src/ of the tested package
PAGES = [*sorted(DOCS.rglob("*.md")), ROOT / "README.md"]
PROMPT = "$ "
CONTINUATION = "> "  # the shell's prompt for the next line of an unfinished command
FILE_LANGUAGES = {"toml", "json"}

_FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})(?P<info>.*)$")
_TITLE = re.compile(r'title="(?P<title>[^"]*)"')


@dataclass(frozen=True)
class Fence:
    """A fenced code block of a page, with the place of its fence lines."""

    start: int  # 0-based index of the opening fence line
    end: int  # 0-based index of the closing fence line
    indent: str
    language: str
    title: str | None
    body: tuple[str, ...]  # the lines between the fences, without the fence's indent
    info: str = ""  # the whole opening fence line after the backticks

    @property
    def line(self) -> int:
        """The 1-based line number of the opening fence, for messages."""
        return self.start + 1


def fences(text: str) -> list[Fence]:
    """Every fenced code block of a Markdown text, indented ones included."""
    lines = text.splitlines()
    out: list[Fence] = []
    i = 0
    while i < len(lines):
        match = _FENCE.match(lines[i])
        if match is None:
            i += 1
            continue
        indent, fence, info = match["indent"], match["fence"], match["info"].strip()
        closing = re.compile(rf"^[ \t]*{re.escape(fence[0])}{{{len(fence)},}}\s*$")
        j = i + 1
        while j < len(lines) and closing.match(lines[j]) is None:
            j += 1
        body = tuple(
            line[len(indent) :] if line.startswith(indent) else line.lstrip()
            for line in lines[i + 1 : j]
        )
        language = info.split()[0].strip("{}.").lower() if info else ""
        title = _TITLE.search(info)
        out.append(Fence(i, j, indent, language, title["title"] if title else None, body, info))
        i = j + 1
    return out


@dataclass(frozen=True)
class Step:
    """One command of a transcript and the output the page shows for it."""

    shown: tuple[str, ...]  # the command's lines as on the page, prompt included
    output: tuple[str, ...]  # the lines the page shows it printing

    @property
    def command(self) -> str:
        """The command for the shell: the prompts removed, the lines kept."""
        lines = [self.shown[0].removeprefix(PROMPT)]
        lines += [line.removeprefix(CONTINUATION) for line in self.shown[1:]]
        return "\n".join(lines)


class TranscriptError(ValueError):
    """A console block that is not a transcript (it does not start with a command)."""


def steps(body: tuple[str, ...]) -> list[Step]:
    """The commands of a transcript with their shown output."""
    out: list[Step] = []
    i = 0
    while i < len(body):
        if not body[i].startswith(PROMPT):
            raise TranscriptError(f"expected a command starting with {PROMPT!r}: {body[i]!r}")
        shown = [body[i]]
        while i + 1 < len(body) and (
            shown[-1].endswith("\\") or body[i + 1].startswith(CONTINUATION)
        ):
            i += 1
            shown.append(body[i])
        i += 1
        output = []
        while i < len(body) and not body[i].startswith(PROMPT):
            output.append(body[i])
            i += 1
        out.append(Step(tuple(shown), tuple(output)))
    return out


def _normal(lines: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """Lines without trailing spaces and without trailing blank lines."""
    out = [line.rstrip() for line in lines]
    while out and not out[-1]:
        out.pop()
    return tuple(out)


@dataclass(frozen=True)
class Outcome:
    """What one command printed, against what the page shows."""

    page: Path
    fence: Fence
    step: Step
    printed: tuple[str, ...]

    @property
    def agrees(self) -> bool:
        return _normal(self.step.output) == _normal(self.printed)

    def describe(self) -> str:
        """The disagreement in words, with both texts."""
        where = f"{self.page.relative_to(ROOT)}:{self.fence.line}"
        return (
            f"{where}: {self.step.shown[0]}\n--- the page shows:\n"
            + "\n".join(self.step.output)
            + "\n--- the command prints:\n"
            + "\n".join(self.printed)
        )


class Shell:
    """Runs the commands of one page in order, in a scratch directory."""

    def __init__(self, workdir: Path) -> None:
        self.workdir = workdir
        self.status = 0
        shutil.copytree(
            ROOT / "examples", workdir / "examples", ignore=shutil.ignore_patterns("__pycache__")
        )
        bin_dir = workdir / ".bin"
        bin_dir.mkdir()
        python = shlex.quote(sys.executable)
        for name, target in (("drako-rules", f"{python} -m drako_rules"), ("python", python)):
            script = bin_dir / name
            script.write_text(f'#!/bin/sh\nexec {target} "$@"\n', encoding="utf-8")
            script.chmod(0o755)
        self.env = {
            **os.environ,
            "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}",
            "PYTHONPATH": str(SRC),
            "PYTHONUNBUFFERED": "1",  # stdout and stderr interleave as on a terminal
            "PYTHONIOENCODING": "utf-8",
            "PYTHONDONTWRITEBYTECODE": "1",
            "COLUMNS": "80",  # argparse wraps its help to the terminal's width
        }

    def run(self, command: str) -> tuple[str, ...]:
        """Run ``command`` with ``$?`` set to the previous status; return its output lines."""
        done = subprocess.run(
            ["/bin/sh", "-c", f"(exit {self.status}); {command}"],
            cwd=self.workdir,
            env=self.env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            encoding="utf-8",
            timeout=300,
            check=False,
        )
        self.status = done.returncode
        return tuple(done.stdout.splitlines())

    def write(self, page: Path, fence: Fence) -> str | None:
        """Write a titled file block into the scratch directory; for a file of the
        repository, say how the block differs from it (None when it holds the same data)."""
        assert fence.title is not None
        name = Path(fence.title)
        assert not name.is_absolute() and ".." not in name.parts, fence.title
        text = "\n".join(fence.body) + "\n"
        if (ROOT / name).is_file():
            if _data(fence.language, text) != _data(fence.language, (ROOT / name).read_text()):
                where = f"{page.relative_to(ROOT)}:{fence.line}"
                return f"{where}: the block titled {fence.title} holds other data than the file"
            return None
        (self.workdir / name).parent.mkdir(parents=True, exist_ok=True)
        (self.workdir / name).write_text(text, encoding="utf-8")
        return None


def _data(language: str, text: str) -> object:
    return tomllib.loads(text) if language == "toml" else json.loads(text)


def has_transcripts(page: Path) -> bool:
    """Whether the page holds a console block."""
    return any(f.language == "console" for f in fences(page.read_text(encoding="utf-8")))


def run_page(page: Path, workdir: Path) -> tuple[list[Outcome], list[str]]:
    """Run every transcript of ``page`` in order; return each command's outcome and the
    titled file blocks that differ from the repository's files."""
    shell = Shell(workdir)
    outcomes: list[Outcome] = []
    file_errors: list[str] = []
    for fence in fences(page.read_text(encoding="utf-8")):
        if fence.language in FILE_LANGUAGES and fence.title not in (None, "not run"):
            error = shell.write(page, fence)
            if error is not None:
                file_errors.append(error)
        elif fence.language == "console":
            for step in steps(fence.body):
                outcomes.append(Outcome(page, fence, step, shell.run(step.command)))
    return outcomes, file_errors


def rewrite(page: Path, outcomes: list[Outcome]) -> bool:
    """Replace the shown outputs of ``page`` with the printed ones; return whether it changed."""
    lines = page.read_text(encoding="utf-8").splitlines()
    by_fence: dict[int, list[Outcome]] = {}
    for outcome in outcomes:
        by_fence.setdefault(outcome.fence.start, []).append(outcome)
    changed = False
    # From the last block up, so that earlier line numbers stay right.
    for start in sorted(by_fence, reverse=True):
        group = by_fence[start]
        fence = group[0].fence
        body: list[str] = []
        for outcome in group:
            body += outcome.step.shown
            body += _normal(outcome.printed)
        new = [f"{fence.indent}{line}" if line else "" for line in body]
        if new != lines[fence.start + 1 : fence.end]:
            lines[fence.start + 1 : fence.end] = new
            changed = True
    if changed:
        page.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return changed


def main() -> int:
    """Rewrite the transcripts of every page with what the commands print now."""
    for page in PAGES:
        if not has_transcripts(page):
            continue
        with tempfile.TemporaryDirectory() as scratch:
            outcomes, file_errors = run_page(page, Path(scratch))
        for error in file_errors:
            print(error, file=sys.stderr)
        if rewrite(page, outcomes):
            print(f"rewrote {page.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
