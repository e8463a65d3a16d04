"""Rewrite the docstrings' cross-references into the form that reads in ``help()``.

A docstring of the library names another object in single backticks, as a reader would
write it where the docstring is: `` `POCKET` ``, `` `Kingdom.parse` ``. The docs build
(docs/hooks/code_crossrefs.py) turns such a name into a link. Markdown cross-reference
syntax (``[`POCKET`][drako_rules.rulesets.POCKET]``) shows as it is in ``help()``; this
tool replaces each one in the docstrings and ``#:`` comments of ``src/``:

- by its own text, when that text names the linked object from the docstring's place
  (``[`POCKET`][drako_rules.rulesets.POCKET]`` becomes `` `POCKET` ``; a call such as
  ``[`new_game(players, s)`][...new_game]`` keeps its arguments);
- else by the shortest end of the object's path that names it from there
  (`` `rulesets.POCKET` ``, at worst the whole path);
- a text that names a member of the linked object or what holds it
  (``[`drako_rules.inputs`][drako_rules.inputs.read_bytes]``), or that is not a name,
  is kept as code and listed (the link then goes to what the text names, or nowhere).

Usage (from the repository's folder)::

    PYTHONPATH=src python tools/docrefs.py           # rewrite, then run `ruff format .`
    PYTHONPATH=src python tools/docrefs.py --check   # list what it would rewrite; exit 1 if any

Exit status: 0 when nothing is (or was) left to rewrite, 1 with ``--check`` when
something is, 2 on a bad command line.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import griffe

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: docs/ is importable from the repository
    sys.path.insert(0, str(ROOT))

from docs.hooks.code_crossrefs import documented, resolve  # noqa: E402

#: A Markdown cross-reference whose text is code: [`text`][identifier] or [`text`][],
#: with the arguments of a call in double backticks right after it, if any
#: ([`observe`][...observe]``(view)``).
CROSSREF = re.compile(r"\[`(?P<text>[^`\n]+)`\]\[(?P<ident>[\w.]*)\](?:``(?P<call>\([^`\n]*\))``)?")
_NAME = re.compile(r"(?P<name>[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)(?P<call>\(.*\))?")


@dataclass(frozen=True)
class Change:
    """One cross-reference of a file and what replaces it."""

    path: Path
    line: int
    old: str
    new: str
    note: str  # "" when the new text links to the same object; else why not


def replacement(where: griffe.Object, text: str, ident: str) -> tuple[str, str]:
    """(the code span that replaces ``[`text`][ident]`` in a docstring of ``where``, a
    note: empty when it links where the cross-reference did)."""
    target = resolve(where.package, ident or text)
    span = f"`{text}`"
    if target is None:
        return span, f"{ident or text!r} names no public object of the package"
    name = _NAME.fullmatch(text)
    if name is not None:
        named = resolve(where, name["name"])
        if named == target:
            return span, ""
        if named is not None and (named.startswith(target + ".") or target.startswith(named + ".")):
            # A member of the linked object, or what holds it: the text says more.
            return span, f"the text names {named}, the link {target}"
    parts = target.split(".")
    for k in range(1, len(parts) + 1):
        short = ".".join(parts[-k:])
        if resolve(where, short) == target:
            if name is None:
                return span, f"the text is not a name; {short!r} would link"
            return f"`{short}{name['call'] or ''}`", ""
    return span, f"no name links to {target} from here"


def _objects_by_file(package: griffe.Module) -> dict[Path, list[griffe.Object]]:
    """The objects defined in each source file of the package."""
    out: dict[Path, list[griffe.Object]] = {}
    for obj in documented(package):
        filepath = obj.filepath
        if isinstance(filepath, Path):
            out.setdefault(filepath.resolve(), []).append(obj)
    return out


def _innermost(objects: list[griffe.Object], line: int) -> griffe.Object:
    """The innermost object of a file whose lines hold ``line`` (its module at worst)."""
    holding = [
        o
        for o in objects
        if o.is_module or (o.lineno is not None and o.lineno <= line <= (o.endlineno or o.lineno))
    ]
    return max(holding, key=lambda o: (0 if o.is_module else 1, o.lineno or 0))


def changes(src: Path, package_name: str) -> list[Change]:
    """Every cross-reference of the package's files and what replaces it."""
    package = griffe.load(package_name, search_paths=[str(src)], resolve_aliases=False)
    assert isinstance(package, griffe.Module)
    out: list[Change] = []
    for path, objects in sorted(_objects_by_file(package).items()):
        text = path.read_text(encoding="utf-8")
        for match in CROSSREF.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            where = _innermost(objects, line)
            new, note = replacement(where, match["text"], match["ident"])
            if match["call"]:  # one code span: `observe(view)`
                new = new[:-1] + match["call"] + "`"
            out.append(Change(path, line, match[0], new, note))
    return out


def rewrite(found: Sequence[Change]) -> None:
    """Make the changes in their files."""
    for path in sorted({c.path for c in found}):
        text = path.read_text(encoding="utf-8")
        mine = {(c.line, c.old): c.new for c in found if c.path == path}

        def swap(
            match: re.Match[str], text: str = text, mine: dict[tuple[int, str], str] = mine
        ) -> str:
            line = text.count("\n", 0, match.start()) + 1
            return mine.get((line, match[0]), match[0])

        path.write_text(CROSSREF.sub(swap, text), encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the tool; return its exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="only list; exit 1 if any")
    parser.add_argument("--src", type=Path, default=ROOT / "src", help="the source folder")
    parser.add_argument("--package", default="drako_rules", help="the package to rewrite")
    args = parser.parse_args(argv)
    found = changes(args.src, args.package)
    for change in found:
        where = f"{change.path.relative_to(args.src.resolve().parent)}:{change.line}"
        if args.src.resolve().parent not in change.path.parents:
            where = f"{change.path}:{change.line}"
        note = f"  ({change.note})" if change.note else ""
        print(f"{where}: {change.old} -> {change.new}{note}")
    if args.check:
        return 1 if found else 0
    rewrite(found)
    print(f"{len(found)} cross-references rewritten; now run `ruff format .`", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
