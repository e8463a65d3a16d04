"""Count the machine instructions of one call, old commit against this checkout.

``python -m benchmarks.instructions`` (``--old f44c9ae`` by default) runs each benchmark
of :mod:`benchmarks.side_by_side` under ``valgrind --tool=callgrind``, for the old
commit's package and for this checkout's, twice: ``--passes`` passes prepared and run,
then as many prepared only (the fresh Kingdoms built, no call made). The difference
divided by the calls is the instructions one call costs, start-up and inputs left out.
Unlike a time, the count does not depend on what else the machine runs, so it compares
two versions reliably on a loaded machine; with string hashing fixed (``PYTHONHASHSEED=0``)
a run counts the same as the last (it does not see the cache misses and branch
mispredictions that a time includes).

``--new DIR`` counts, as the new side, the ``drako_rules`` package found in the folder
``DIR`` instead of this checkout's ``src/``: the ``site-packages`` of a virtual environment
where a wheel of the compiled build is installed, for example (the folder goes first on
the path, so the packages beside it there are the ones imported).

``python -m benchmarks.instructions --run NAME PASSES --source DIR`` is what valgrind
runs: one warm-up pass and ``PASSES`` passes of the benchmark ``NAME`` from the package
folder given with ``--source`` (with ``--untimed``, the passes are prepared, not run).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from benchmarks.side_by_side import DEFAULT_OLD, ROOT, Side, benchmarks, extract, load

_SIZE, _GAMES = 1000, 20


def run(name: str, source: Path, passes: int, *, timed: bool = True) -> None:
    """One warm-up pass, then ``passes`` passes of the benchmark ``name``, on the package
    found in the folder ``source``; with ``timed`` False, only what precedes the timer of
    each pass (the fresh Kingdoms are built, no call is made)."""
    side = Side(load(source))
    prepare = benchmarks(_SIZE, _GAMES)[name]
    prepare(side)[0]()
    for _ in range(passes):
        calls = prepare(side)[0]
        if timed:
            calls()


def count(name: str, source: Path, passes: int, *, timed: bool) -> int:
    """The instructions callgrind counts in a process that runs ``passes`` passes."""
    command = [sys.executable, "-m", "benchmarks.instructions", "--run", name, str(passes)]
    command += ["--source", str(source), *([] if timed else ["--untimed"])]
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *command],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONHASHSEED": "0"},  # the same count on every run
    )
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise SystemExit(f"no instruction count in valgrind's output: {done.stderr[-200:]!r}")
    return int(found.group(1))


def per_call(name: str, source: Path, passes: int) -> float:
    """The instructions of one call of ``name``: the count of ``passes`` passes less that
    of as many passes prepared but not run, divided by the calls."""
    calls = _GAMES if name.startswith("game") else _SIZE
    timed = count(name, source, passes, timed=True)
    return (timed - count(name, source, passes, timed=False)) / (passes * calls)


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: see the module documentation."""
    parser = argparse.ArgumentParser(description="Instructions per call, old against new.")
    parser.add_argument("--old", default=DEFAULT_OLD, help="the commit to compare against")
    parser.add_argument("--passes", type=int, default=2, help="passes counted")
    parser.add_argument(
        "--new",
        type=Path,
        default=ROOT / "src",
        help="the folder holding the new side's drako_rules (default: this checkout's src)",
    )
    parser.add_argument("--run", nargs=2, metavar=("NAME", "PASSES"), help=argparse.SUPPRESS)
    parser.add_argument("--source", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--untimed", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("names", nargs="*", help="benchmarks to count (default: all)")
    args = parser.parse_args(argv)
    if args.run:
        if args.source is None:
            parser.error("--run needs --source")
        run(args.run[0], args.source, int(args.run[1]), timed=not args.untimed)
        return 0
    names = args.names or list(benchmarks(1, 1))
    where = "this checkout" if args.new == ROOT / "src" else str(args.new)
    print(f"{args.old} against {where}, instructions per call (callgrind)")
    print(f"{'benchmark':<22} {'old':>12} {'new':>12} {'ratio':>7}")
    with tempfile.TemporaryDirectory() as folder:
        old_source = extract(args.old, Path(folder))
        for name in names:
            a = per_call(name, old_source, args.passes)
            b = per_call(name, args.new, args.passes)
            print(f"{name:<22} {a:>12,.0f} {b:>12,.0f} {a / b:>6.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
