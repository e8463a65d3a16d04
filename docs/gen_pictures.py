"""Draw the pictures of the docs (docs/img/*.svg) with drako_rules.kingdom_svg.

Run ``python docs/gen_pictures.py`` after changing the pictures or the rules, and commit
the result; ``python docs/gen_pictures.py --check`` only says whether the saved pictures
are up to date (exit 1 if not), which the test suite checks.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import sys
from pathlib import Path

from drako_rules import Kingdom
from drako_rules.cli import EXIT_OK
from drako_rules.cli import main as drako_rules_command
from drako_rules.svg import kingdom_svg

IMG = Path(__file__).resolve().parent / "img"

#: file name: (Kingdom notation, title). Drawn with the score sheet, pocket rules.
PICTURES = {
    "example-1.svg": ("FEOM/HPWM/SGDO/PPHS", "Worked example 1: FEOM/HPWM/SGDO/PPHS"),
    "example-2.svg": ("HHOE/DHGE/OWDW/SSMF", "Worked example 2: HHOE/DHGE/OWDW/SSMF"),
    "example-3.svg": ("GOGS/OHOW/GOEO/SSSG", "Worked example 3: GOGS/OHOW/GOEO/SSSG"),
    "portal-network.svg": (
        "EOWF/HOOG/EODW/??SS",
        "One network of four Portals: EOWF/HOOG/EODW/??SS",
    ),
}

#: file name: the arguments of ``drako-rules explain`` whose picture (``--svg``) it is,
#: for pages that show what the command writes.
COMMAND_PICTURES = {
    "check-a-game-lea.svg": ["explain", "GMMH/SOWP/WWOM/SOGG", "--legend", "two-dwarves"],
}


def command_picture(arguments: list[str]) -> str:
    """What ``drako-rules ARGUMENTS --svg -`` writes: the picture ``--svg FILE`` saves."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = drako_rules_command([*arguments, "--svg", "-"])
    if status != EXIT_OK:
        raise SystemExit(f"drako-rules {' '.join(arguments)} --svg - exited with {status}")
    return out.getvalue()


def pictures() -> dict[str, str]:
    """Each picture's file name and SVG text."""
    drawn = {
        name: kingdom_svg(Kingdom.parse(text), show_score=True, title=title)
        for name, (text, title) in PICTURES.items()
    }
    for name, arguments in COMMAND_PICTURES.items():
        drawn[name] = command_picture(arguments)
    return drawn


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="only check, write nothing")
    args = parser.parse_args(argv)
    stale = []
    for name, svg in pictures().items():
        path = IMG / name
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current == svg:
            continue
        stale.append(name)
        if not args.check:
            IMG.mkdir(exist_ok=True)
            path.write_text(svg, encoding="utf-8")
    if args.check and stale:
        print("out of date: " + ", ".join(stale) + " (run python docs/gen_pictures.py)")
        return 1
    print(("wrote " + ", ".join(stale)) if stale and not args.check else "pictures up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
