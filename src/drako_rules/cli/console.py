"""The console of ``drako-rules``: every byte the command reads or writes goes through here.

- **Exit statuses**: only `EXIT_OK` (0),
  `EXIT_MISMATCH` (1),
  `EXIT_INVALID` (2) and
  `EXIT_INTERRUPTED` (130).
- **Output** (`Console.line`): every character that is
  not printable (C0 and C1 controls, bidi overrides, line breaks inside a line) is written as
  a backslash escape, so no game file can drive the terminal; what the stream's encoding
  cannot hold is written as an escape too. JSON (`Console.json`)
  is always ASCII, so it is valid whatever the encoding of standard output.
- **Output failures**: a standard output that is closed, full (``/dev/full``) or a pipe
  whose reader is gone raises `OutputError`; the
  command ends with exit status 2 and one line on standard error (when there is one).
- **Errors**: `Console.error` writes one line,
  ``drako-rules: error: ...``, at most 500 characters; a closed standard error is skipped.
- **Input** (`Console.read`): files and standard
  input (``-``) through the one bounded reader (`drako_rules.inputs`),
  at most ``--max-input-size`` bytes (default 1 MiB).
- **Progress** (`Progress`): a bar on standard error,
  drawn only when it is a terminal.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from typing import IO, Final, NamedTuple, Protocol, TextIO, TypeVar

from drako_rules.errors import CommandError, DrakoError, quote, short
from drako_rules.inputs import DEFAULT_LIMIT, read_text

__all__ = [
    "EXIT_INTERRUPTED",
    "EXIT_INVALID",
    "EXIT_MISMATCH",
    "EXIT_OK",
    "MAX_ERROR_LINE",
    "PROG",
    "Command",
    "Console",
    "OutputError",
    "Progress",
    "Summary",
    "add_input_limit",
    "escape_line",
    "print_summary",
    "run_with_progress",
]

#: Exit status: everything verified, or the command did its work.
EXIT_OK: Final = 0
#: Exit status: a score sheet disagrees with the rules (R5).
EXIT_MISMATCH: Final = 1
#: Exit status: invalid input or usage, or the output could not be written (one line on
#: stderr says what).
EXIT_INVALID: Final = 2
#: Exit status after Ctrl-C (128 + SIGINT, the shell convention); nothing was verified.
EXIT_INTERRUPTED: Final = 130

PROG: Final = "drako-rules"

#: The most characters of one error line.
MAX_ERROR_LINE: Final = 500

_INDENTED_JSON: Final = 64 * 1024


class OutputError(DrakoError):
    """Standard output cannot be written: closed, full, or a pipe whose reader is gone."""


def escape_line(text: str) -> str:
    """``text`` with every unprintable character (C0, C1, bidi overrides, line breaks)
    written as a backslash escape: what a terminal receives from ``drako-rules``."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else short(ch, 12) for ch in text)


def _encodable(text: str, stream: IO[str]) -> str:
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        return text.encode(encoding, "backslashreplace").decode(encoding, "replace")
    except LookupError:
        return text.encode("ascii", "backslashreplace").decode("ascii")


class Console:
    """Where a command reads and writes (a plain class: the command line starts faster
    without generated methods).

    Attributes:
        out: standard output (results); None when it is closed.
        err: standard error (errors, progress); None when it is closed.
        inp: standard input as bytes, for ``-``; None when there is none.
        limit: the most bytes read from one file or stream (``--max-input-size``).
    """

    def __init__(
        self,
        out: TextIO | None,
        err: TextIO | None,
        inp: IO[bytes] | None,
        limit: int = DEFAULT_LIMIT,
    ) -> None:
        self.out = out
        self.err = err
        self.inp = inp
        self.limit = limit

    @classmethod
    def standard(cls) -> Console:
        """The console of the process: ``sys.stdout``, ``sys.stderr`` and ``sys.stdin``."""
        stdin = sys.stdin
        inp = getattr(stdin, "buffer", None) if stdin is not None else None
        if inp is None and stdin is not None and hasattr(stdin, "read"):
            inp = _TextAsBytes(stdin)
        return cls(sys.stdout, sys.stderr, inp)

    def _write(self, text: str) -> None:
        if self.out is None:
            raise OutputError("cannot write the output: standard output is closed")
        try:
            self.out.write(_encodable(text, self.out))
        except BrokenPipeError:
            raise OutputError(
                "cannot write the output: the reader of the pipe has gone (broken pipe)"
            ) from None
        except (OSError, ValueError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            raise OutputError(f"cannot write the output: {reason}") from None

    def line(self, text: str = "") -> None:
        """Write one line of results, escaped (see the module docs)."""
        self._write(escape_line(text) + "\n")

    def raw(self, text: str) -> None:
        """Write text made by the library itself (an SVG picture) as it is, with a final
        line break."""
        self._write(text if text.endswith("\n") else text + "\n")

    def json(self, value: object) -> None:
        """Write ``value`` as JSON, ASCII only (valid in any encoding): indented, or on
        one line when it is larger than 64 KiB (the fast encoder writes only that)."""
        import json  # here: only --json needs it

        text = json.dumps(value, ensure_ascii=True)
        if len(text) <= _INDENTED_JSON:
            text = json.dumps(value, indent=2, ensure_ascii=True)
        self._write(text + "\n")

    def flush(self) -> None:
        """Push the output out; a failure is an `OutputError`."""
        if self.out is None:
            return
        try:
            self.out.flush()
        except BrokenPipeError:
            raise OutputError(
                "cannot write the output: the reader of the pipe has gone (broken pipe)"
            ) from None
        except (OSError, ValueError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            raise OutputError(f"cannot write the output: {reason}") from None

    def error(self, message: str) -> None:
        """Write ``drako-rules: error: message`` as one escaped line on standard error,
        at most `MAX_ERROR_LINE` characters;
        nothing when standard error is closed."""
        text = escape_line(" ".join(str(message).split()) or "?")
        if len(text) > MAX_ERROR_LINE:
            text = text[: MAX_ERROR_LINE - 1] + "…"
        self.note(f"{PROG}: error: {text}")

    def note(self, text: str) -> None:
        """Write one line on standard error (best effort: a closed stderr is skipped)."""
        if self.err is None:
            return
        try:
            self.err.write(_encodable(escape_line(text), self.err) + "\n")
            self.err.flush()
        except (OSError, ValueError):
            pass

    def err_is_terminal(self) -> bool:
        """Whether standard error is a terminal (progress bars are drawn only there)."""
        isatty = getattr(self.err, "isatty", None)
        try:
            return bool(isatty()) if isatty is not None else False
        except (OSError, ValueError):
            return False

    def read(self, source: str, what: str) -> str:
        """The text of the file ``source``, or of standard input when it is ``-``; ``what``
        names it in messages. At most ``limit`` bytes (the one bounded reader).

        Raises:
            DrakoError: the input cannot be read, is over the limit, or is not UTF-8.
        """
        if source == "-":
            if self.inp is None:
                raise CommandError(f"no standard input to read the {what} from")
            return read_text(self.inp, limit=self.limit, name=f"the {what} on stdin")
        return read_text(source, limit=self.limit)

    def quiet_stdout(self) -> None:
        """After an output failure, point file descriptor 1 at ``/dev/null`` so that the
        interpreter's last flush cannot fail (which would exit with status 120)."""
        if self.out is None:
            return
        try:
            fd = self.out.fileno()
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, fd)
            os.close(devnull)
        except (OSError, ValueError, AttributeError):
            pass


class _TextAsBytes:
    """A text stream read as UTF-8 bytes (a ``sys.stdin`` replaced by ``io.StringIO``)."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def read(self, size: int = -1) -> bytes:
        return self.stream.read(size).encode("utf-8", "surrogateescape")


class Progress:
    """A progress bar on standard error, drawn only when it is a terminal and there is
    more than one item of work."""

    WIDTH: Final = 24

    def __init__(self, console: Console, total: int, noun: str) -> None:
        self.console = console
        self.total = total
        self.noun = noun
        self.enabled = total > 1 and console.err_is_terminal()
        self.shown = 0

    def _put(self, text: str) -> None:
        err = self.console.err
        if err is None:
            return
        try:
            err.write(text)
            err.flush()
        except (OSError, ValueError):
            self.enabled = False

    def update(self, done: int, label: str = "") -> None:
        """Draw the bar with ``done`` items of ``total`` finished."""
        if not self.enabled:
            return
        filled = self.WIDTH * done // self.total
        text = f"[{'#' * filled}{'-' * (self.WIDTH - filled)}] {done}/{self.total} {self.noun}"
        if label:
            text += f" {short(label, 30)}"
        text = text[:78]
        self.clear()
        self._put(text)
        self.shown = len(text)

    def clear(self) -> None:
        """Erase the bar (before results are printed, and at the end)."""
        if self.enabled and self.shown:
            self._put("\r" + " " * self.shown + "\r")
            self.shown = 0


class Summary(Protocol):
    """A result a command prints whole: as JSON with ``--json``, else as its text table
    (`drako_rules.simulate.SimulationResult`,
    `drako_rules.arena.ArenaResult`)."""

    def to_json(self) -> dict[str, object]:
        """The result as JSON values."""
        ...

    def table(self) -> str:
        """The result as text lines."""
        ...


#: The type of what a command's run returns.
T = TypeVar("T")


def run_with_progress(
    console: Console, total: int, noun: str, run: Callable[[Callable[[int, int], None]], T]
) -> T:
    """``run(progress)``, with a `Progress` bar of
    ``total`` ``noun`` that ``progress(done, total)`` redraws, erased when ``run`` returns or
    raises (so that nothing of it stays before the results or an error line)."""
    progress = Progress(console, total, noun)
    try:
        return run(lambda done, _total: progress.update(done))
    finally:
        progress.clear()


def print_summary(console: Console, result: Summary, as_json: bool) -> None:
    """Print ``result``: only its JSON when ``as_json`` (``--json``), else its table."""
    if as_json:
        console.json(result.to_json())
    else:
        for line in result.table().split("\n"):
            console.line(line)


class Command(NamedTuple):
    """One subcommand of ``drako-rules``: one module of `drako_rules.cli`.

    Attributes:
        name: the word on the command line (``check``).
        help: one line for ``drako-rules --help``.
        description: the paragraph at the top of ``drako-rules NAME --help``.
        arguments: declares the command's arguments on its parser.
        run: does the work and returns the exit status; raising
            `DrakoError` means invalid input (exit status 2).
    """

    name: str
    help: str
    description: str
    arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace, Console], int]


def _size(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of bytes: {short(text)}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"the size limit is at least 1 byte, not {quote(value)}")
    return value


def add_input_limit(parser: argparse.ArgumentParser) -> None:
    """Add ``--max-input-size BYTES`` to a command that reads files or standard input."""
    parser.add_argument(
        "--max-input-size",
        type=_size,
        default=DEFAULT_LIMIT,
        metavar="BYTES",
        help=f"refuse a file or standard input larger than BYTES (default {DEFAULT_LIMIT:,}, "
        "1 MiB)",
    )
