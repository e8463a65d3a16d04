"""Time this checkout's core against an older commit's, side by side in one process.

``python benchmarks/side_by_side.py`` (``--old f44c9ae`` by default) extracts the old
commit's ``src/drako_rules`` with ``git archive`` into a temporary folder, imports it
beside the package of this checkout (each under the name ``drako_rules``, one after the
other, so that each keeps its own modules), and times the same calls on both, old and new
in turn, round after round. Running both in one process, interleaved, makes the ratio
immune to the drift of a shared machine that two separate runs would suffer.

Each figure is the median over the rounds of the time per call of one timed pass (the
garbage collector off, as in :mod:`timeit`). The time is the wall clock
(:func:`time.perf_counter`), or with ``--clock cpu`` the CPU time of the process
(:func:`time.process_time`), which leaves out the time the process waits while other jobs
of a loaded machine run (it still counts what they cost it in caches). The calls:

- ``score.total[pocket]``, ``score.total[classic]``: ``score(k, ruleset=r).total`` on full
  Kingdoms drawn uniformly over the ten kinds;
- ``legends_met``: ``legends_met(k)`` on the same Kingdoms;
- ``game[Np]``: a whole random N-player game, ``new_game`` then each decision drawn
  uniformly over ``legal_moves`` and applied with ``apply_move``, then ``final_scores``.

Every pass gets freshly built ``Kingdom`` objects (built before the timer starts), so no
result cached on a Kingdom could help either side. ``--profile NAME`` runs one of the
calls of the new code under :mod:`cProfile` instead and prints where its time goes.

``--installed`` times, as the new side, the ``drako_rules`` installed in the Python that
runs the script instead of this checkout's ``src/``: a wheel of the compiled build
(``HATCH_BUILD_HOOK_ENABLE_MYPYC=true``, see ``docs/performance.md``) installed in a
virtual environment, run from this checkout. The first line says which build was timed.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import importlib
import io
import pstats
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Final

ROOT: Final = Path(__file__).resolve().parent.parent
#: The commit compared against by default: the core before its rules were given one owner.
DEFAULT_OLD: Final = "f44c9ae"


def _package_modules() -> dict[str, ModuleType]:
    return {
        name: module
        for name, module in sys.modules.items()
        if name == "drako_rules" or name.startswith("drako_rules.")
    }


def load(source: Path, submodules: Sequence[str] = ()) -> ModuleType:
    """Import the ``drako_rules`` package found in ``source`` (a folder holding it), and
    its ``submodules`` (such as ``"drako_rules.env"``, reachable then as attributes of the
    package), and leave ``sys.modules`` as it was: the returned package keeps its own
    modules.

    Every name of the package's ``__all__`` is read here, while ``source`` is first on the
    path: a package that imports its engine on first use (``drako_rules.__getattr__``)
    would otherwise import it later from wherever ``drako_rules`` is installed.
    """
    saved = _package_modules()
    for name in saved:
        del sys.modules[name]
    sys.path.insert(0, str(source))
    try:
        import drako_rules

        package = drako_rules
        for name in getattr(package, "__all__", ()):
            getattr(package, name)
        for name in submodules:
            importlib.import_module(name)
        for name in list(_package_modules()):  # its submodules stay reachable from it
            del sys.modules[name]
    finally:
        sys.path.remove(str(source))
        sys.modules.update(saved)
    return package


def extract(commit: str, into: Path) -> Path:
    """``src/drako_rules`` of ``commit``, extracted into the folder ``into``; its ``src``."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", commit, "src/drako_rules"],
        capture_output=True,
        check=True,
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into / "src"


class Side:
    """One version of the library: the calls the benchmarks make, bound to its modules."""

    def __init__(self, package: ModuleType) -> None:
        self.package = package
        self.Kingdom = package.Kingdom
        self.Card = package.Card
        self.score = package.score
        self.legends_met = package.legends_met
        self.rulesets = {"pocket": package.POCKET, "classic": package.CLASSIC}
        self.new_game = package.new_game
        self.legal_moves = package.legal_moves
        self.apply_move = package.apply_move
        self.final_scores = package.final_scores

    def kingdoms(self, cells: Sequence[tuple[int, ...]]) -> list[object]:
        """Fresh Kingdoms of this version, from cells given as card indices."""
        cards = list(self.Card)
        return [self.Kingdom(tuple(cards[i] for i in row)) for row in cells]

    def game(self, players: int, seed: int) -> object:
        """A whole random game: every decision uniform over the legal moves (R2–R7)."""
        rng = random.Random(seed)
        state = self.new_game(players, seed)
        legal_moves, apply_move = self.legal_moves, self.apply_move
        while legal := legal_moves(state):
            state = apply_move(state, legal[int(rng.random() * len(legal))])
        return self.final_scores(state)


#: A benchmark: (prepare a pass for a side → (the pass, calls in it)).
Bench = Callable[[Side], tuple[Callable[[], object], int]]


def _kingdom_bench(call: Callable[[Side, object], object], cells: list[tuple[int, ...]]) -> Bench:
    def prepare(side: Side) -> tuple[Callable[[], object], int]:
        kingdoms = side.kingdoms(cells)

        def run() -> None:
            for k in kingdoms:
                call(side, k)

        return run, len(kingdoms)

    return prepare


def _game_bench(players: int, seeds: list[int]) -> Bench:
    def prepare(side: Side) -> tuple[Callable[[], object], int]:
        def run() -> None:
            for seed in seeds:
                side.game(players, seed)

        return run, len(seeds)

    return prepare


def benchmarks(size: int, games: int) -> dict[str, Bench]:
    """The benchmarks, on inputs drawn from ``random.Random(2026)``."""
    rng = random.Random(2026)
    cells = [tuple(rng.randrange(10) for _ in range(16)) for _ in range(size)]
    seeds = [rng.randrange(1 << 30) for _ in range(games)]

    def pocket_total(side: Side, kingdom: object) -> object:
        return side.score(kingdom).total

    def classic_total(side: Side, kingdom: object) -> object:
        return side.score(kingdom, ruleset=side.rulesets["classic"]).total

    return {
        "score.total[pocket]": _kingdom_bench(pocket_total, cells),
        "score.total[classic]": _kingdom_bench(classic_total, cells),
        "legends_met": _kingdom_bench(lambda s, k: s.legends_met(k), cells),
        "game[2p]": _game_bench(2, seeds),
        "game[3p]": _game_bench(3, seeds),
        "game[4p]": _game_bench(4, seeds),
    }


#: The clocks a pass may be timed with: wall clock, or the CPU time of the process.
CLOCKS: Final[dict[str, Callable[[], float]]] = {
    "wall": time.perf_counter,
    "cpu": time.process_time,
}


def timed(run: Callable[[], object], clock: Callable[[], float] = time.perf_counter) -> float:
    """The time of one call of ``run``, by ``clock``, with the garbage collector off."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        start = clock()
        run()
        return clock() - start
    finally:
        if enabled:
            gc.enable()


def compare(
    old: Side, new: Side, benches: dict[str, Bench], rounds: int, clock: str = "wall"
) -> dict[str, tuple[float, float]]:
    """The median time per call (µs) of each benchmark, old and new, over ``rounds``
    interleaved rounds (old first on even rounds, new first on odd ones), by the clock
    named ``clock`` (``CLOCKS``)."""
    timer = CLOCKS[clock]
    out = {}
    for name, prepare in benches.items():
        times: dict[str, list[float]] = {"old": [], "new": []}
        for r in range(rounds):
            order = (("old", old), ("new", new)) if r % 2 == 0 else (("new", new), ("old", old))
            for label, side in order:
                run, calls = prepare(side)
                times[label].append(timed(run, timer) / calls * 1e6)
        out[name] = (statistics.median(times["old"]), statistics.median(times["new"]))
    return out


def profile(new: Side, bench: Bench, limit: int) -> str:
    """cProfile of one pass of ``bench`` on the new code: the costliest functions."""
    run, _ = bench(new)
    profiler = cProfile.Profile()
    profiler.runcall(run)
    text = io.StringIO()
    pstats.Stats(profiler, stream=text).sort_stats("tottime").print_stats(limit)
    return text.getvalue()


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: see the module documentation."""
    parser = argparse.ArgumentParser(description="Old core against new, in one process.")
    parser.add_argument("--old", default=DEFAULT_OLD, help="the commit to compare against")
    parser.add_argument("--rounds", type=int, default=31, help="interleaved rounds (median)")
    parser.add_argument("--size", type=int, default=1000, help="Kingdoms per pass")
    parser.add_argument("--games", type=int, default=20, help="games per pass")
    parser.add_argument(
        "--clock", choices=sorted(CLOCKS), default="wall", help="wall clock or CPU time"
    )
    parser.add_argument("--profile", metavar="NAME", help="profile one benchmark (new code)")
    parser.add_argument(
        "--installed",
        action="store_true",
        help="time the drako_rules installed in this Python (such as a wheel of the compiled "
        "build) instead of this checkout's src/",
    )
    parser.add_argument("names", nargs="*", help="benchmarks to run (default: all)")
    args = parser.parse_args(argv)
    benches = benchmarks(args.size, args.games)
    unknown = [
        n for n in [*args.names, *([args.profile] if args.profile else [])] if n not in benches
    ]
    if unknown:
        parser.error(f"unknown benchmark {unknown[0]!r}: choose from {', '.join(benches)}")
    if args.names:
        benches = {n: benches[n] for n in args.names}
    if not args.installed:
        sys.path.insert(0, str(ROOT / "src"))
    import drako_rules
    from drako_rules.version import compiled_modules

    new = Side(drako_rules)
    compiled = len(compiled_modules())
    build = f"{compiled} modules compiled with mypyc" if compiled else "pure Python"
    where = "the installed package" if args.installed else "this checkout"
    if args.profile:
        print(profile(new, benches[args.profile], 25))
        return 0
    with tempfile.TemporaryDirectory() as folder:
        old = Side(load(extract(args.old, Path(folder))))
    print(
        f"{args.old} against {where} ({build}), Python {sys.version.split()[0]}, "
        f"{args.rounds} interleaved rounds, median µs per call ({args.clock} clock)"
    )
    print(f"{'benchmark':<22} {'old':>10} {'new':>10} {'speed-up':>9}")
    for name, (a, b) in compare(old, new, benches, args.rounds, args.clock).items():
        print(f"{name:<22} {a:>10.2f} {b:>10.2f} {a / b:>8.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
