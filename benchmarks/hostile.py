"""How long the user-facing layer takes on hostile input, and how long the command starts.

Run ``python benchmarks/hostile.py`` (``--quick`` for fewer runs; ``--src DIR`` measures
another checkout, such as the code before a change). Each
case runs in a fresh ``python`` process on this tree's code (``PYTHONPATH=src``) so that its
wall time and peak memory (``ru_maxrss`` of the child) are its own; a case that runs past
``--timeout`` seconds is stopped and reported as such. Times are the median of ``--repeat``
runs; peak memory is the largest of them.

The cases are those of issue 9:

- ``players-16000``: ``check`` of a 240 KB TOML file holding 16,000 ``[[players]]`` tables
  (each a name, no Kingdom): problem de-duplication was quadratic;
- ``tied-20000``: ``check`` of a JSON file of 20,000 players with the same Kingdom (all
  tied), 0.99 MB written compactly (under the 1 MiB limit): the per-player tie-break scan
  was quadratic;
- ``unknown-keys-1mib``: ``check`` of the worst game file under the default size limit,
  1 MiB of unknown keys (96,000 problems, each with its message);
- ``record-bad-100000``: ``replay`` of a record with 100,000 moves that are all malformed;
- ``record-bad-1000000``: the same with 1,000,000 (skipped with ``--quick``), 6 MB: over
  the default size limit;
- ``startup``: ``drako-rules check examples/two-players.toml`` against its floor, a Python
  that only imports ``attrs``, ``tomllib`` and ``argparse`` (what any such command must load;
  issue 23's target is 1.5x of it), beside ``python -c pass`` and ``python -c "import
  drako_rules"``, their runs interleaved (the load average before and after is printed); with
  ``--instructions``, also the instructions each executes, counted by valgrind, which a loaded
  machine does not change.

The result is printed as a table and, with ``--json FILE``, written as JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Final

ROOT: Final = Path(__file__).resolve().parent.parent
SRC: list[str] = [str(ROOT / "src")]  # --src replaces it (to measure another tree)
KINGDOM: Final = "FEOM/HPWM/SGDO/PPHS"


def players_toml(n: int) -> bytes:
    """A TOML game file of ``n`` players with a name each and no Kingdom."""
    return b"".join(b'[[players]]\nname = "p%d"\n' % i for i in range(n))


def tied_json(n: int) -> bytes:
    """A JSON game file of ``n`` players who all have the same Kingdom (so all tie)."""
    players = [{"name": f"p{i}", "kingdom": KINGDOM} for i in range(n)]
    return json.dumps({"players": players}, separators=(",", ":")).encode()  # 0.99 MB


def unknown_keys_toml(size: int) -> bytes:
    """A TOML game file of one player and then unknown keys (``k0 = 1``...) up to ``size``
    bytes: each is a problem with a message, the most work per byte a game file gives."""
    out = bytearray(b'[[players]]\nname = "A"\nkingdom = "FEOM/HPWM/SGDO/PPHS"\n')
    i = 0
    while True:
        line = b"k%d = 1\n" % i
        if len(out) + len(line) > size:
            return bytes(out)
        out += line
        i += 1


def bad_record(n: int) -> bytes:
    """A record whose ``n`` moves are all malformed (a number where a move object goes)."""
    head = b'{"seed": 1, "players": 2, "first_player": 0, "ruleset": "pocket", '
    head += b'"rules_version": "2026.11", "moves": ['
    return head + b",".join([b"1"] * n) + b"]}"


def run_child(args: list[str], timeout: float) -> tuple[float, int, int | None, float]:
    """Run ``python ARGS``; return its wall time (s), peak memory (KiB), exit status and
    CPU time (user + system, s: less sensitive than wall time to a loaded machine)."""
    # Bytecode caches are written and used, as for an installed package (pip compiles them).
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = SRC[0]
    # The child is waited for by a blocking wait, stopped by a timer past the timeout:
    # subprocess's own wait with a timeout polls, sleeping 0.5 ms, then twice as long each
    # time up to 50 ms, which rounds a start-up of 65 ms up to 114.
    script = (
        "import resource, subprocess, sys, threading, time\n"
        "t = time.perf_counter()\n"
        "child = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL,"
        " stderr=subprocess.DEVNULL)\n"
        f"timer = threading.Timer({timeout}, child.kill)\n"
        "timer.start()\n"
        "rc = child.wait()\n"
        "dt = time.perf_counter() - t\n"
        "stopped = not timer.is_alive()\n"
        "timer.cancel()\n"
        "rc = None if stopped else rc\n"
        "u = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
        "print(dt, u.ru_maxrss, rc, u.ru_utime + u.ru_stime)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script, sys.executable, *args],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    ).stdout.split()
    return float(out[0]), int(out[1]), None if out[2] == "None" else int(out[2]), float(out[3])


def measure(args: list[str], repeat: int, timeout: float) -> dict[str, object]:
    """Median wall time, largest peak memory and the exit statuses of ``repeat`` runs,
    after one warm-up run (which also writes the bytecode caches, as an install has)."""
    run_child(args, timeout)
    runs = [run_child(args, timeout) for _ in range(repeat)]
    return {
        "median_s": round(statistics.median(r[0] for r in runs), 4),
        "median_cpu_s": round(statistics.median(r[3] for r in runs), 4),
        "max_rss_mib": round(max(r[1] for r in runs) / 1024, 1),
        "exit": sorted({str(r[2]) if r[2] is not None else "timeout" for r in runs}),
    }


def measure_interleaved(
    cases: dict[str, list[str]], repeat: int, timeout: float
) -> dict[str, dict[str, object]]:
    """``measure`` for each case, the runs interleaved (one of each case per round), so that
    a change in the machine's load falls on every case alike."""
    for args in cases.values():
        run_child(args, timeout)  # warm-up: bytecode caches written
    runs: dict[str, list[tuple[float, int, int | None, float]]] = {name: [] for name in cases}
    for _ in range(repeat):
        for name, args in cases.items():
            runs[name].append(run_child(args, timeout))
    return {
        name: {
            "median_s": round(statistics.median(r[0] for r in rs), 4),
            "median_cpu_s": round(statistics.median(r[3] for r in rs), 4),
            "max_rss_mib": round(max(r[1] for r in rs) / 1024, 1),
            "exit": sorted({str(r[2]) if r[2] is not None else "timeout" for r in rs}),
        }
        for name, rs in runs.items()
    }


def instructions(args: list[str]) -> int | None:
    """The machine instructions ``python ARGS`` executes, counted by valgrind's callgrind
    (None without valgrind): a figure that, unlike a time, does not depend on the load."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = SRC[0]
    try:
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
             sys.executable, *args],
            capture_output=True, text=True, env=env, check=False, timeout=600,
        )  # fmt: skip
    except (OSError, subprocess.TimeoutExpired):
        return None
    found = re.search(r"Collected : (\d+)", done.stderr)
    return int(found.group(1)) if found else None


def instruction_ratio(results: dict[str, dict[str, object]]) -> float | None:
    """The instructions of ``check`` over those of its floor (a Python importing attrs,
    tomllib and argparse), when counted."""
    check = results["check two-players.toml"].get("instructions")
    base = results["import attrs, tomllib, argparse"].get("instructions")
    if isinstance(check, int) and isinstance(base, int) and base:
        return round(check / base, 2)
    return None


def main() -> None:
    """Measure every case and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--json", metavar="FILE")
    parser.add_argument("--src", metavar="DIR", help="the source tree to measure (default: src)")
    parser.add_argument("--only", choices=["inputs", "startup"], help="measure one group only")
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="also count the instructions of each start-up case (valgrind; load-independent)",
    )
    options = parser.parse_args()
    if options.src:
        SRC[0] = options.src
    repeat = 1 if options.quick else options.repeat
    cli = ["-m", "drako_rules"]
    results: dict[str, dict[str, object]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        files = {
            "players-16000": ("players.toml", players_toml(16_000), "check"),
            "tied-20000": ("tied.json", tied_json(20_000), "check"),
            "record-bad-100000": ("bad100k.json", bad_record(100_000), "replay"),
            "unknown-keys-1mib": ("keys.toml", unknown_keys_toml(1024 * 1024), "check"),
        }
        if not options.quick:
            files["record-bad-1000000"] = ("bad1m.json", bad_record(1_000_000), "replay")
        if options.only == "startup":
            files = {}
        for name, (filename, content, command) in files.items():
            path = Path(tmp) / filename
            path.write_bytes(content)
            case_repeat = 1 if name.startswith("record-bad-1000000") else max(1, repeat // 2)
            results[name] = {
                "bytes": len(content),
                **measure([*cli, command, str(path)], case_repeat, options.timeout),
            }
        startup_repeat = max(repeat * 4, 5) if options.only != "inputs" else 1
        startup = {
            "python -c pass": ["-c", "pass"],
            "import attrs, tomllib, argparse": ["-c", "import attrs, tomllib, argparse"],
            "import drako_rules": ["-c", "import drako_rules"],
            "check two-players.toml": [*cli, "check", str(ROOT / "examples" / "two-players.toml")],
        }
        load = os.getloadavg()[0]
        results.update(measure_interleaved(startup, startup_repeat, options.timeout))
        results["python -c pass"]["load"] = [round(load, 2), round(os.getloadavg()[0], 2)]
        if options.instructions:
            for name, args in startup.items():
                results[name]["instructions"] = instructions(args)
    base = results["import attrs, tomllib, argparse"]["median_s"]
    check = results["check two-players.toml"]["median_s"]
    base_cpu = results["import attrs, tomllib, argparse"]["median_cpu_s"]
    check_cpu = results["check two-players.toml"]["median_cpu_s"]
    assert isinstance(base, float) and isinstance(check, float)
    assert isinstance(base_cpu, float) and isinstance(check_cpu, float)
    summary = {
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, {platform.platform()}",
        "python": platform.python_version(),
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "startup_ratio": round(check / base, 2),
        "startup_cpu_ratio": round(check_cpu / base_cpu, 2),
        "startup_instruction_ratio": instruction_ratio(results),
        "results": results,
    }
    for name, r in results.items():
        print(
            f"{name:<26} {r['median_s']:>9} s wall {r['median_cpu_s']:>9} s cpu "
            f"{r['max_rss_mib']:>7} MiB  exit {r['exit']}"
        )
    print(
        f"start-up: check takes {summary['startup_ratio']}x the wall time and "
        f"{summary['startup_cpu_ratio']}x the CPU time of a Python importing attrs, tomllib, "
        "argparse"
        + (
            f", {summary['startup_instruction_ratio']}x its instructions"
            if summary["startup_instruction_ratio"] is not None
            else ""
        )
        + f" (load {results['python -c pass']['load']})"
    )
    if options.json:
        Path(options.json).write_text(json.dumps(summary, indent=2) + "\n")


if __name__ == "__main__":
    main()
