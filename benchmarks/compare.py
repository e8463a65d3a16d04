"""Compare two results of ``benchmarks/bench.py``: the ratio of their medians per benchmark.

``python benchmarks/compare.py OLD.json NEW.json`` prints, for every benchmark in either
result, the old and new median per call (µs), ``new / old`` (below 1: faster) and the
speed-up ``old / new``; then the same for the median of every memory figure (bytes). It warns when the two runs used different Pythons, machines or
inputs, since their figures then measure different things.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Final

#: The fields of a result that should match for the comparison to be fair.
_SAME: Final = (
    ("python", "implementation"),
    ("python", "version"),
    ("machine", "cpu"),
    ("settings", "size"),
    ("settings", "seed"),
)


def _load(path: Path) -> dict[str, object]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise SystemExit(f"cannot read the benchmark result {str(path)!r}: {exc}") from None
    if not isinstance(data, dict) or not isinstance(data.get("results"), dict):
        raise SystemExit(f"{str(path)!r} is not a result of benchmarks/bench.py")
    return data


def _field(data: dict[str, object], section: str, key: str) -> object:
    part = data.get(section)
    return part.get(key) if isinstance(part, dict) else None


def _median(data: dict[str, object], name: str) -> float | None:
    results = data["results"]
    assert isinstance(results, dict)
    entry = results.get(name)
    if isinstance(entry, dict) and isinstance(entry.get("median_us"), int | float):
        return float(entry["median_us"])
    return None


def _memory(data: dict[str, object]) -> dict[str, float]:
    """The median of every memory figure, as ``"benchmark: figure"`` (schema 2 onwards)."""
    memory = data.get("memory")
    out: dict[str, float] = {}
    if not isinstance(memory, dict):
        return out
    for name, entry in memory.items():
        figures = entry.get("figures") if isinstance(entry, dict) else None
        if not isinstance(figures, dict):
            continue
        for figure, stats in figures.items():
            if isinstance(stats, dict) and isinstance(stats.get("median"), int | float):
                out[f"{name}: {figure}"] = float(stats["median"])
    return out


def _rows(
    names: list[str], old: dict[str, float | None], new: dict[str, float | None], digits: int
) -> list[str]:
    lines = []
    for name in names:
        a, b = old.get(name), new.get(name)
        cells = [f"{x:>10.{digits}f}" if x is not None else f"{'-':>10}" for x in (a, b)]
        if a is not None and b is not None and a > 0 and b > 0:
            ratio = f"{b / a:>8.3f} {a / b:>8.2f}x"
        else:
            ratio = f"{'-':>8} {'-':>9}"
        lines.append(f"{name:<22} {cells[0]} {cells[1]} {ratio}")
    return lines


def compare(old: dict[str, object], new: dict[str, object]) -> list[str]:
    """The lines of the comparison table (warnings first), for two loaded results."""
    lines = []
    for section, key in _SAME:
        a, b = _field(old, section, key), _field(new, section, key)
        if a != b:
            lines.append(f"warning: {section} {key} differs: {a!r} vs {b!r}")
    old_results, new_results = old["results"], new["results"]
    assert isinstance(old_results, dict) and isinstance(new_results, dict)
    names = list(old_results) + [n for n in new_results if n not in old_results]
    lines.append(f"{'benchmark':<22} {'old µs':>10} {'new µs':>10} {'new/old':>8} {'speed-up':>9}")
    lines += _rows(
        names,
        {n: _median(old, n) for n in names},
        {n: _median(new, n) for n in names},
        digits=2,
    )
    old_memory, new_memory = _memory(old), _memory(new)
    if old_memory or new_memory:
        figures = list(old_memory) + [n for n in new_memory if n not in old_memory]
        lines.append(
            f"{'memory':<22} {'old bytes':>10} {'new bytes':>10} {'new/old':>8} {'ratio':>9}"
        )
        lines += _rows(figures, dict(old_memory), dict(new_memory), digits=0)
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: ``compare.py OLD.json NEW.json``."""
    parser = argparse.ArgumentParser(description="Ratio of two drako-rules benchmark results.")
    parser.add_argument("old", type=Path, help="the reference result (JSON)")
    parser.add_argument("new", type=Path, help="the result to compare with it (JSON)")
    args = parser.parse_args(argv)
    for line in compare(_load(args.old), _load(args.new)):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
