"""The arena's CPU time against an older commit's, side by side in one process.

``python benchmarks/arena_cpu.py`` (``--old b07f5ae`` by default: the arena before it was
split by job and refereed by the engine's game loop, issue 24) extracts the old commit's
``src/drako_rules`` (as ``benchmarks/side_by_side.py`` does), imports it beside this
checkout's, and times on both, old and new in turn, round after round:

- ``arena``: ``run_arena(["random", "random"], GAMES, workers=1)``, every move of every
  game watched by the referee (the time limit's alarm, the checks of the move);
- ``simulate``: ``simulate(2, GAMES, workers=1)``, the same number of random games played
  by the engine's fast loop and summed up.

Each figure is the median over the rounds of the CPU time of the process
(``time.process_time``, the garbage collector off) per game, in µs; the ratio old / new
above 1 means the new code is faster. Both run in this process (``workers=1``), so the CPU
time is all of it.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Final

from benchmarks.side_by_side import ROOT, extract, load, timed

#: The commit compared against by default: the arena before issue 24 split it.
DEFAULT_OLD: Final = "b07f5ae"


def _calls(package: ModuleType, games: int) -> dict[str, Callable[[], object]]:
    arena = package.arena
    return {
        "arena": lambda: arena.run_arena(["random", "random"], games, workers=1),
        "simulate": lambda: arena.simulate(2, games, workers=1),
    }


def compare(
    old: ModuleType, new: ModuleType, games: int, rounds: int
) -> dict[str, tuple[float, float]]:
    """The median CPU µs per game of each call, old and new, over interleaved rounds (old
    first on even rounds)."""
    sides = {"old": _calls(old, games), "new": _calls(new, games)}
    if sides["old"]["arena"]().to_json() != sides["new"]["arena"]().to_json():  # type: ignore[attr-defined]
        raise SystemExit("the two arenas disagree: the comparison would be meaningless")
    out = {}
    for name in sides["new"]:
        times: dict[str, list[float]] = {"old": [], "new": []}
        for r in range(rounds):
            for label in ("old", "new") if r % 2 == 0 else ("new", "old"):
                times[label].append(timed(sides[label][name], time.process_time) / games * 1e6)
        out[name] = (statistics.median(times["old"]), statistics.median(times["new"]))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: see the module documentation."""
    parser = argparse.ArgumentParser(description="The arena's CPU time, old against new.")
    parser.add_argument("--old", default=DEFAULT_OLD, help="the commit to compare against")
    parser.add_argument("--games", type=int, default=300, help="games per call")
    parser.add_argument("--rounds", type=int, default=7, help="interleaved rounds (median)")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT / "src"))
    new = load(ROOT / "src", ["drako_rules.arena"])
    with tempfile.TemporaryDirectory() as folder:
        old = load(extract(args.old, Path(folder)), ["drako_rules.arena"])
    print(
        f"{args.old} against this checkout, Python {sys.version.split()[0]}, {args.games} "
        f"random 2-player games per call, {args.rounds} interleaved rounds, median CPU µs "
        "per game"
    )
    print(f"{'call':<10} {'old':>10} {'new':>10} {'old/new':>8}")
    for name, (a, b) in compare(old, new, args.games, args.rounds).items():
        print(f"{name:<10} {a:>10.0f} {b:>10.0f} {a / b:>7.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
