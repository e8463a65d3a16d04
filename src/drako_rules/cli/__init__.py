"""The ``drako-rules`` command: check score sheets, score and explain Kingdoms, replay and
simulate games, and play players against each other.

Run it as ``drako-rules COMMAND ...`` or ``python -m drako_rules COMMAND ...``; every
command has ``--help``. `main` can also be called in-process with a
list of arguments and returns the exit status.

Exit status (also in ``drako-rules --help``); no other status is ever returned:

- ``0`` (`EXIT_OK`): everything verified, or the command did its work;
- ``1`` (`EXIT_MISMATCH`): a score sheet disagrees with the rules
  (``check``), or a player made some games fail (``arena``; the other games are reported);
- ``2`` (`EXIT_INVALID`): invalid input or usage (an
  unreadable or too large file, a file that is not a valid game, an unknown ruleset, a
  Kingdom that cannot be read...), or output that cannot be written (standard output
  closed, full, or a pipe whose reader has gone). One line on stderr says what, starting
  with ``drako-rules: error:``;
- ``130`` (`EXIT_INTERRUPTED`): interrupted with Ctrl-C.

The package: `cli.console` (streams, escaping, limits, exit
statuses, progress, standard input), `cli.options` (options that
several commands share) and `cli.tables` (text tables), and one
module per command, each its arguments and its ``run``, none importing another: `cli.check`, `cli.score` (``score``
and ``explain``), `cli.replay`, `cli.simulate`,
`cli.arena`, `cli.web`.

**Adding a command** is one module and one line: write ``drako_rules/cli/NAME.py`` with a
``COMMAND = Command(name, help, description, arguments, run)``
(`Command`; ``run(args, console)`` returns the exit
status and writes only through the `Console`), then add
``"drako_rules.cli.NAME"`` to `COMMAND_MODULES`. A
command's module is imported only when that command runs (``--help`` imports them all).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence
from typing import Final, NoReturn

from drako_rules.cli.console import (
    EXIT_INTERRUPTED,
    EXIT_INVALID,
    EXIT_MISMATCH,
    EXIT_OK,
    PROG,
    Command,
    Console,
    OutputError,
)
from drako_rules.errors import DrakoError

__all__ = [
    "COMMAND_MODULES",
    "EXIT_INTERRUPTED",
    "EXIT_INVALID",
    "EXIT_MISMATCH",
    "EXIT_OK",
    "EXIT_STATUS_HELP",
    "PROG",
    "Command",
    "Console",
    "commands",
    "main",
]

#: The command modules, in the order ``--help`` lists their commands; each defines
#: ``COMMAND`` (or, for ``score``, ``SCORE`` and ``EXPLAIN``).
COMMAND_MODULES: Final[tuple[tuple[str, str], ...]] = (
    ("check", "drako_rules.cli.check:COMMAND"),
    ("score", "drako_rules.cli.score:SCORE"),
    ("explain", "drako_rules.cli.score:EXPLAIN"),
    ("replay", "drako_rules.cli.replay:COMMAND"),
    ("simulate", "drako_rules.cli.simulate:COMMAND"),
    ("arena", "drako_rules.cli.arena:COMMAND"),
    ("web", "drako_rules.cli.web:COMMAND"),
)

EXIT_STATUS_HELP: Final = f"""\
exit status:
  {EXIT_OK}    all verified (or the command did its work)
  {EXIT_MISMATCH}    a score sheet disagrees with the rules (check), or a player made some
       games fail (arena: the finished games are still reported)
  {EXIT_INVALID}    invalid input or usage (unreadable, too large or invalid game file
       or record, unknown ruleset, a Kingdom that cannot be read, a player spec
       that names no player), or output that cannot be written (stdout closed
       or full, broken pipe); one line on stderr says what
  {EXIT_INTERRUPTED}  interrupted (Ctrl-C)"""

_DESCRIPTION: Final = (
    "The reference rules of Drako: Aetherya Pocket: check score sheets, "
    "score and explain Kingdoms, replay and simulate games, play players against each other."
)


def _command(target: str) -> Command:
    module, _, name = target.partition(":")
    command: Command = getattr(importlib.import_module(module), name)
    return command


def commands() -> tuple[Command, ...]:
    """Every command, in the order of `COMMAND_MODULES`."""
    return tuple(_command(target) for _, target in COMMAND_MODULES)


class _UsageError(Exception):
    """Bad command-line usage: reported as one line, exit status 2."""


class _Exit(Exception):
    """argparse is done (``--help``, ``--version``): return ``status``."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


class _Parser(argparse.ArgumentParser):
    """An argument parser that reports errors as exceptions instead of exiting, and
    writes its help through the console."""

    def __init__(self, *args: object, console: Console, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.console = console

    def error(self, message: str) -> NoReturn:
        raise _UsageError(f"{message} (see '{self.prog} --help')")

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        if message:
            raise _UsageError(message.strip())
        raise _Exit(status)

    def _print_message(self, message: str, file: object = None) -> None:
        if message:
            for line in message.rstrip("\n").split("\n"):
                self.console.line(line)


def _version() -> str:
    from drako_rules.rulesets import RULES_VERSION
    from drako_rules.version import library_version

    return f"{PROG} {library_version()} (rules {RULES_VERSION})"


class _Version(argparse.Action):
    """``--version``: the versions of drako-rules and of the rules, read only when asked."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: object) -> None:
        super().__init__(option_strings, dest, nargs=0, help="show the version and exit")

    def __call__(self, parser: argparse.ArgumentParser, *args: object) -> None:
        assert isinstance(parser, _Parser)
        parser.console.line(_version())
        raise _Exit(EXIT_OK)


def _columns() -> int:
    """The width of the terminal, as ``shutil.get_terminal_size`` finds it: ``COLUMNS``, else
    the terminal of standard output, else 80."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


class _Formatter(argparse.RawDescriptionHelpFormatter):
    """argparse's formatter (descriptions kept as written), its width found without
    importing ``shutil``: argparse makes a formatter for every argument it adds, and
    ``shutil`` (with ``bz2``, ``lzma`` and ``zlib``) is some 3 ms of every command's start."""

    def __init__(
        self,
        prog: str,
        indent_increment: int = 2,
        max_help_position: int = 24,
        width: int | None = None,
    ) -> None:
        super().__init__(
            prog, indent_increment, max_help_position, _columns() - 2 if width is None else width
        )


def _parser(console: Console, argv: Sequence[str]) -> argparse.ArgumentParser:
    """The parser; only the command named in ``argv`` is imported, unless help is asked, and
    the descriptions, which only help shows, are wrapped only then (``textwrap`` is some
    1 ms of start-up)."""
    helping = any(a in ("-h", "--help") for a in argv)

    def paragraph(text: str) -> str:
        if not helping:
            return text
        import textwrap

        return textwrap.fill(text, 78)

    parser = _Parser(
        console=console,
        prog=PROG,
        description=paragraph(_DESCRIPTION),
        epilog=EXIT_STATUS_HELP,
        formatter_class=_Formatter,
        allow_abbrev=False,
    )
    parser.add_argument("--version", action=_Version)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", title="commands")
    wanted = next((a for a in argv if not a.startswith("-")), None)
    for name, target in COMMAND_MODULES:
        if wanted is not None and name != wanted and wanted in dict(COMMAND_MODULES):
            continue  # only the command asked for is parsed
        command = _command(target)
        parser_of = sub.add_parser(
            command.name,
            console=console,
            help=command.help,
            description=paragraph(command.description),
            epilog=EXIT_STATUS_HELP,
            formatter_class=_Formatter,
            allow_abbrev=False,
        )
        command.arguments(parser_of)
        parser_of.set_defaults(run=command.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``drako-rules`` with ``argv`` (default: the process arguments); return the exit status.

    Writes on the current ``sys.stdout`` and ``sys.stderr``; never raises for bad input
    or failed output (exit status 2, one line on stderr).

    Examples:
        >>> main(["score", "FEOM/HPWM/SGDO/PPHS"])
        FEOM/HPWM/SGDO/PPHS  (ruleset pocket, rules ...)
        Elves       2
        Dwarves     4
        Humans      3
        Goblins     3
        Dragons    -3
        Legends     0
        Conflicts  -2
        Total       7
        Legends met (R6.4): four-tribes
        0
    """
    console = Console.standard()
    args_list = [str(a) for a in (sys.argv[1:] if argv is None else argv)]
    status: int
    try:
        try:
            args = _parser(console, args_list).parse_args(args_list)
            if args.command is None:
                raise _UsageError(
                    f"choose a command: {', '.join(n for n, _ in COMMAND_MODULES)} "
                    f"(see '{PROG} --help')"
                )
            else:
                console.limit = getattr(args, "max_input_size", console.limit)
                status = args.run(args, console)
        except _Exit as done:
            status = done.status
        console.flush()
        return status
    except OutputError as error:
        console.error(str(error))
        console.quiet_stdout()
        return EXIT_INVALID
    except (_UsageError, DrakoError) as error:
        console.error(str(error))
        return EXIT_INVALID
    except RecursionError:
        console.error("the input is nested too deeply to be read")
        return EXIT_INVALID
    except MemoryError:
        console.error("out of memory: the input is too large (see --max-input-size)")
        return EXIT_INVALID
    except KeyboardInterrupt:
        console.error("interrupted")
        return EXIT_INTERRUPTED
    except Exception as error:  # a bug: still one line and a documented status
        console.error(
            f"internal error, a bug of drako-rules (please report it): "
            f"{type(error).__name__}: {error}"
        )
        return EXIT_INVALID


def __dir__() -> list[str]:
    """The public API (``__all__``): what ``dir()`` and a REPL's completion offer."""
    return sorted(__all__)
