"""What an action mask costs, this checkout beside an older commit, in one process.

Run ``python benchmarks/masks_bench.py`` (``--old COMMIT``, by default ``b07f5ae``, the
commit before the masks were built from the moves' action ids; ``--games N`` games a
round, ``--rounds R``). The old commit's ``src/drako_rules`` is extracted with ``git
archive`` and imported beside this checkout's (as ``benchmarks/side_by_side.py`` does);
old and new alternate within each round, each on games no round played before. It times:

- ``moves_mask``: microseconds per mask of ``drako_rules.env.moves_mask``, over the
  tuples of legal moves of 2-player games of uniform random moves, in the order of the
  games (each side on the tuples its own engine handed out, as an environment would);
- ``single`` and ``selfplay``: steps per second of ``SingleAgentEnv`` and ``SelfPlayEnv``
  (2 players, against ``RandomPlayer``) in the loop sb3-contrib's ``MaskablePPO`` runs:
  ``action_masks()``, a uniform choice among its legal ids, ``step``; and the same loop
  calling ``action_masks()`` 11 times a step rather than once (``×11``): a tenth of the
  difference is what one call costs, in microseconds, and that cost times the steps per
  second is its share of the loop's time (the extra calls make it stand out of the
  noise of a shared machine).

Each pass is timed in CPU time of the process (``time.process_time``), the garbage
collector off; each figure is the median over the rounds. Before timing, the two sides
are checked to give the same masks on the same games.
"""

from __future__ import annotations

import argparse
import functools
import gc
import os
import platform
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

if __package__ in (None, ""):  # run as a script: import benchmarks.side_by_side from the root
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np

import drako_rules
import drako_rules.env
from benchmarks.side_by_side import extract, load

#: The commit before this design: masks cached by the identity of the moves' tuple.
DEFAULT_OLD = "b07f5ae"
LOOPS = ("single", "single ×11", "selfplay", "selfplay ×11")


def legal_tuples(lib: ModuleType, seeds: range) -> list[tuple[object, ...]]:
    """The tuples of legal moves of ``lib``'s engine along games of uniform random moves."""
    out: list[tuple[object, ...]] = []
    for seed in seeds:
        rng = random.Random(seed)
        state = lib.new_game(2, seed)
        while moves := lib.legal_moves(state):
            out.append(moves)
            state = lib.apply_move(state, moves[int(rng.random() * len(moves))])
    return out


def mask_pass(lib: ModuleType, seeds: range) -> tuple[float, int]:
    """CPU seconds of ``moves_mask`` over the legal tuples of the games of ``seeds``."""
    tuples = legal_tuples(lib, seeds)
    moves_mask = lib.env.moves_mask
    gc.disable()
    try:
        start = time.process_time()
        for moves in tuples:
            moves_mask(moves)
        return time.process_time() - start, len(tuples)
    finally:
        gc.enable()


def loop_pass(lib: ModuleType, kind: str, seeds: range) -> tuple[float, int]:
    """CPU seconds and steps of the masked loop of ``kind`` (see the module documentation)."""
    selfplay = kind.startswith("selfplay")
    extra = range(10 if kind.endswith("×11") else 0)
    env = lib.env.SelfPlayEnv(players=2, seat=0) if selfplay else lib.env.SingleAgentEnv()
    steps = 0
    gc.disable()
    try:
        start = time.process_time()
        for seed in seeds:
            rng = random.Random(seed)
            env.reset(seed=seed)
            done = False
            while not done:
                mask = env.action_masks()
                for _ in extra:
                    mask = env.action_masks()
                legal = np.flatnonzero(mask)
                action = int(legal[int(rng.random() * len(legal))])
                _, _, terminated, truncated, _ = env.step(action)
                done = terminated or truncated
                steps += 1
        return time.process_time() - start, steps
    finally:
        gc.enable()


def check_same(old: ModuleType, new: ModuleType, seeds: range) -> None:
    """Both sides give the same masks of the same games' legal moves."""
    for a, b in zip(legal_tuples(old, seeds), legal_tuples(new, seeds), strict=True):
        if old.env.moves_mask(a).tobytes() != new.env.moves_mask(b).tobytes():
            raise SystemExit(f"the two sides' masks differ at {b}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", default=DEFAULT_OLD, help="the commit to compare against")
    parser.add_argument("--games", type=int, default=100, help="games per pass")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        old = load(extract(args.old, Path(folder)), ["drako_rules.env"])
        sides = {"old": old, "new": drako_rules}
        check_same(old, drako_rules, range(10))
        for lib in sides.values():  # warm up: each side's tables and caches
            mask_pass(lib, range(10**6, 10**6 + 10))
            for kind in LOOPS:
                loop_pass(lib, kind, range(10**6, 10**6 + 10))
        per_call: dict[str, list[float]] = {name: [] for name in sides}
        rates: dict[tuple[str, str], list[float]] = {}
        n = args.games
        for r in range(args.rounds):
            passes: list[tuple[str, str, Callable[[range], tuple[float, int]]]] = []
            for name, lib in sides.items():
                passes.append((name, "mask", functools.partial(mask_pass, lib)))
                for kind in LOOPS:
                    passes.append((name, kind, functools.partial(loop_pass, lib, kind)))
            for k, (name, what, run) in enumerate(passes):
                # every pass on its own games: never on games a cache has seen
                seconds, calls = run(
                    range((len(passes) * r + k) * n, (len(passes) * r + k + 1) * n)
                )
                if what == "mask":
                    per_call[name].append(seconds / calls * 1e6)
                else:
                    rates.setdefault((name, what), []).append(calls / seconds)
    median = statistics.median
    print(f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores")
    print(f"python {platform.python_version()}; old = {args.old}, new = this checkout")
    print(f"{args.games} games a pass, medians of {args.rounds} rounds, CPU time\n")
    print("| measure | old | new | new/old |")
    print("|---|---|---|---|")
    o, w = median(per_call["old"]), median(per_call["new"])
    print(f"| µs per `moves_mask` | {o:.2f} | {w:.2f} | {w / o:.2f}× the time |")
    for kind in ("single", "selfplay"):
        o, w = median(rates[("old", kind)]), median(rates[("new", kind)])
        print(f"| `{kind}` steps/s | {o:,.0f} | {w:,.0f} | {w / o:.2f}× as fast |")
        cost = {}
        for name in sides:
            once, eleven = median(rates[(name, kind)]), median(rates[(name, kind + " ×11")])
            cost[name] = (1 / eleven - 1 / once) / 10 * 1e6  # µs per call
        o, w = cost["old"], cost["new"]
        print(f"| µs per `{kind}` `action_masks()` | {o:.2f} | {w:.2f} | {w / o:.2f}× the time |")
        shares = [cost[name] * median(rates[(name, kind)]) / 1e6 for name in sides]
        print(
            f"| `action_masks()` share of the `{kind}` loop | {shares[0]:.1%} | {shares[1]:.1%} | |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
