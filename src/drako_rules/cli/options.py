"""Options that several commands share: ``--ruleset`` and ``--workers``.

Each command adds them to its parser from here, so that no command imports another for
them (see `drako_rules.cli` on commands).
"""

from __future__ import annotations

import argparse
import os

from drako_rules.errors import short
from drako_rules.rulesets import RULESETS

__all__ = ["ruleset_option", "workers_option"]


def ruleset_option(parser: argparse.ArgumentParser) -> None:
    """Add ``--ruleset NAME`` (R9)."""
    parser.add_argument(
        "--ruleset",
        default="pocket",
        metavar="NAME",
        help=f"the ruleset (R9): {', '.join(RULESETS)} (default: pocket)",
    )


def _workers(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of workers: {short(text)}") from None
    if not 1 <= value <= 1024:
        raise argparse.ArgumentTypeError(f"the workers are from 1 to 1024, not {short(text)}")
    return value


def workers_option(parser: argparse.ArgumentParser) -> None:
    """Add ``--workers N`` (processes that play the games; the results do not depend on it)."""
    parser.add_argument(
        "--workers",
        type=_workers,
        default=None,
        metavar="N",
        help=f"worker processes (default: every core, {os.cpu_count() or 1} here; 1: this "
        "process alone); the results are the same whatever N",
    )
