"""How fast the score checker reads, checks and writes the example games: this checkout
against an older commit, side by side in one process.

``python benchmarks/checker_speed.py`` (``--old b07f5ae`` by default: the checker before
its game-file module was split, issue 24) extracts the old commit's ``src/drako_rules``
beside this checkout's (as [`side_by_side`][benchmarks.side_by_side] does), checks first
that both give the same text and the same report for every example game, then times,
round after round with old and new interleaved, on the example games
(``examples/*.toml``):

- ``parse[toml]``, ``parse[json]``: ``parse_game`` of the game file's text;
- ``check``: ``check_game`` of the game read;
- ``format[toml]``, ``format[json]``: ``format_game`` of the game;
- ``page``: ``drako_rules.web.page_result`` of the game's JSON form (read, check, the
  pictures and the page's answer).

Each figure is the median over the rounds of the time per game of one timed pass over all
the example games (garbage collector off), by the wall clock or, with ``--clock cpu``,
the CPU time of the process.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Final

if __package__ in (None, ""):  # run as a script: import benchmarks.side_by_side from the root
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.side_by_side import CLOCKS, ROOT, extract, load, timed

#: The commit compared against by default: main before the checker's split (issue 24).
DEFAULT_OLD: Final = "b07f5ae"
EXAMPLES: Final = sorted((ROOT / "examples").glob("*.toml"))
CALLS: Final = ("parse[toml]", "parse[json]", "check", "format[toml]", "format[json]", "page")


class Side:
    """One version of the checker, with the example games read and written by it."""

    def __init__(self, package: ModuleType) -> None:
        checker = package.checker
        self.parse_game = checker.parse_game
        self.check_game = checker.check_game
        self.format_game = checker.format_game
        self.page_result = package.web.page_result
        self.toml = [path.read_text(encoding="utf-8") for path in EXAMPLES]
        self.games = [self.parse_game(text) for text in self.toml]
        self.json = [self.format_game(game, "json") for game in self.games]

    def outputs(self) -> list[object]:
        """What this version gives for every example: the texts it writes and the report."""
        return [
            (
                self.format_game(game, "toml"),
                self.format_game(game, "json"),
                self.check_game(game).to_dict(),
                self.page_result(text)["report"],
            )
            for game, text in zip(self.games, self.json, strict=True)
        ]

    def call(self, name: str) -> Callable[[], object]:
        """One pass of the call ``name`` over the example games."""
        passes: dict[str, Callable[[], object]] = {
            "parse[toml]": lambda: [self.parse_game(t) for t in self.toml],
            "parse[json]": lambda: [self.parse_game(t, "json") for t in self.json],
            "check": lambda: [self.check_game(g) for g in self.games],
            "format[toml]": lambda: [self.format_game(g, "toml") for g in self.games],
            "format[json]": lambda: [self.format_game(g, "json") for g in self.games],
            "page": lambda: [self.page_result(t) for t in self.json],
        }
        return passes[name]


def compare(
    old: Side, new: Side, names: Sequence[str], rounds: int, clock: str = "wall"
) -> dict[str, tuple[float, float]]:
    """The median time per game (µs) of each call, old and new, over ``rounds`` interleaved
    rounds (old first on even rounds, new first on odd ones)."""
    timer = CLOCKS[clock]
    games = len(new.games)
    out = {}
    for name in names:
        times: dict[str, list[float]] = {"old": [], "new": []}
        for r in range(rounds):
            order = (("old", old), ("new", new)) if r % 2 == 0 else (("new", new), ("old", old))
            for label, side in order:
                times[label].append(timed(side.call(name), timer) / games * 1e6)
        out[name] = (statistics.median(times["old"]), statistics.median(times["new"]))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: see the module documentation."""
    parser = argparse.ArgumentParser(description="The checker, old against new, in one process.")
    parser.add_argument("--old", default=DEFAULT_OLD, help="the commit to compare against")
    parser.add_argument("--rounds", type=int, default=31, help="interleaved rounds (median)")
    parser.add_argument(
        "--clock", choices=sorted(CLOCKS), default="wall", help="wall clock or CPU time"
    )
    parser.add_argument("names", nargs="*", help=f"calls to time (default: {', '.join(CALLS)})")
    args = parser.parse_args(argv)
    unknown = [n for n in args.names if n not in CALLS]
    if unknown:
        parser.error(f"unknown call {unknown[0]!r}: choose from {', '.join(CALLS)}")
    sys.path.insert(0, str(ROOT / "src"))
    import drako_rules.checker
    import drako_rules.web

    new = Side(drako_rules)
    with tempfile.TemporaryDirectory() as folder:
        old = Side(
            load(extract(args.old, Path(folder)), ["drako_rules.checker", "drako_rules.web"])
        )
    same = old.outputs() == new.outputs()
    print(
        f"{args.old} against this checkout, Python {sys.version.split()[0]}, "
        f"{len(EXAMPLES)} example games, {args.rounds} interleaved rounds, "
        f"median µs per game ({args.clock} clock); same output: {'yes' if same else 'NO'}"
    )
    print(f"{'call':<14} {'old':>10} {'new':>10} {'speed-up':>9}")
    for name, (a, b) in compare(old, new, args.names or CALLS, args.rounds, args.clock).items():
        print(f"{name:<14} {a:>10.1f} {b:>10.1f} {a / b:>8.2f}x")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
