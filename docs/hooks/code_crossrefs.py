"""A Griffe extension for the API reference: a backticked name in a docstring is a link.

The library's docstrings name other objects the way a reader sees them in ``help()``:
in backticks, as written where the docstring is (`` `POCKET` ``, `` `Kingdom.parse` ``,
`` `new_game(players, s)` ``, or a dotted path such as `` `drako_rules.inputs` ``), with no
cross-reference syntax. On the site, this extension makes each such code span a link to
the object it names, found the way Python would find the name from the docstring's
place:

1. in the documented object itself (a class's members), then in each object around it
   (its class, its module);
2. then among the names of the package (``drako_rules.Kingdom``), or, for a dotted name
   that starts with the package's name, from the package down.

The name must end at an object of the package, reached through public names (no part
starting with ``_``); a single name that is a module (`` `moves` ``, often a parameter) is
not linked, a dotted one is. Anything else stays code: a parameter, ``None``, a name
of the standard library. A member of a class that no page documents on its own (an
attribute such as `` `Ranking.places` ``) links to its class. A span in double backticks (````x````) never links, and
neither does code in a fenced block or a ``>>>`` example. The links are optional
cross-references: one to an object no page documents is plain code, not an error.

mkdocs.yml loads it through mkdocstrings' ``extensions`` option. ``tools/docrefs.py``
rewrites docstrings that still use Markdown cross-reference syntax into this form, with
the same rules (``resolve``).
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator

import griffe

#: A code span in single backticks holding a name, a dotted name, or a call of one
#: (``name(args)``); not part of a Markdown link (``[`x`][y]``, ``[`x`](y)``).
CODE_NAME = re.compile(
    r"(?<![`\[])`(?P<name>[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)(?P<call>\([^`\n]*\))?`(?![`\]])"
)
_FENCE = re.compile(r"^\s*(```|~~~)")


def target_of(obj: griffe.Object | griffe.Alias) -> griffe.Object | None:
    """The object an alias (an import) finally names, or the object itself; None for a
    name from outside the loaded packages."""
    if not isinstance(obj, griffe.Alias):
        return obj
    try:
        return obj.final_target
    except (griffe.AliasResolutionError, griffe.CyclicAliasError):
        return None


def _member(obj: griffe.Object, name: str) -> griffe.Object | griffe.Alias | None:
    """The member ``name`` of an object (an import stays an alias), or None when it has
    none or it is an import from outside the loaded packages."""
    member = obj.members.get(name)
    return None if member is None or target_of(member) is None else member


def _public(path: str, package: str) -> bool:
    """Whether a path names something of the package through public names only."""
    return (path == package or path.startswith(package + ".")) and not any(
        part.startswith("_") for part in path.split(".")
    )


def public_path(member: griffe.Object | griffe.Alias, package: str) -> str | None:
    """The path a link to ``member`` takes: the object's own path when it is public, else
    the last public name on the chain of imports that leads to it (a public module that
    re-exports a name of a private one: `` `webserve.build_page` ``), else None."""
    chain = [member.path]
    current: griffe.Object | griffe.Alias = member
    for _ in range(32):  # an import chain; griffe refuses cycles
        if not isinstance(current, griffe.Alias):
            break
        try:
            current = current.target
        except (griffe.AliasResolutionError, griffe.CyclicAliasError):
            return None
        chain.append(current.path)
    return next((path for path in reversed(chain) if _public(path, package)), None)


def _at(package: griffe.Module, path: str) -> griffe.Object | None:
    """The object at a full path of the package, through imports, or None."""
    found: griffe.Object | None = package
    for part in path.split(".")[1:]:
        member = None if found is None else _member(found, part)
        found = None if member is None else target_of(member)
    return found


def _scopes(where: griffe.Object) -> Iterator[griffe.Object]:
    """The objects whose names a docstring of ``where`` sees: itself, the objects around
    it up to its module, then its package."""
    scope: griffe.Object | None = where
    while scope is not None:
        yield scope
        scope = scope.parent


def resolve(where: griffe.Object, name: str) -> str | None:
    """The path to link for the public object of the package that ``name`` names in a
    docstring of ``where`` (``public_path``), or None when it names none."""
    head, *rest = name.split(".")
    package = where.package
    found: griffe.Object | griffe.Alias | None = None
    if head == package.name:
        found = package
    else:
        for scope in _scopes(where):
            found = _member(scope, head)
            if found is not None:
                break
    if found is None:
        return None
    for part in rest:
        holder = target_of(found)
        found = None if holder is None else _member(holder, part)
        if found is None:
            return None
    final = target_of(found)
    if final is None or (not rest and final.is_module):
        return None
    return public_path(found, package.name)


def _outside_code(text: str) -> Iterator[tuple[bool, str]]:
    """The lines of a docstring (with their line ends), each with whether it is prose:
    not inside a fenced block and not a ``>>>``/``...`` line or its output."""
    fenced = False
    example = False
    for line in text.splitlines(keepends=True):
        stripped = line.strip()
        if _FENCE.match(line):
            fenced = not fenced
            yield False, line
            continue
        if stripped.startswith((">>>", "... ")) or stripped == "...":
            example = True
        elif not stripped:
            example = False
        yield not fenced and not example, line


def link_names(where: griffe.Object, text: str) -> str:
    """The docstring text with each backticked name that names a public object of the
    package (``resolve``) turned into an optional cross-reference to it."""

    def link(match: re.Match[str]) -> str:
        path = resolve(where, match["name"])
        if path is None:
            return match[0]
        code = html.escape(match["name"] + (match["call"] or ""))
        # autorefs tries the "slug" when the identifier has no page: the member's class.
        parent = path.rpartition(".")[0]
        holder = _at(where.package, parent)
        slug = f' slug="{parent}"' if holder is not None and holder.is_class else ""
        return f'<autoref identifier="{path}"{slug} optional><code>{code}</code></autoref>'

    return "".join(
        CODE_NAME.sub(link, line) if prose else line for prose, line in _outside_code(text)
    )


def documented(obj: griffe.Object) -> Iterator[griffe.Object]:
    """The object and, depth first, every object defined in it (no imports)."""
    yield obj
    for member in obj.members.values():
        if not isinstance(member, griffe.Alias):
            yield from documented(member)


class CodeCrossrefs(griffe.Extension):
    """Link the backticked names of every docstring of a loaded package."""

    def on_package(self, *, pkg: griffe.Module, **kwargs: object) -> None:
        """Rewrite each docstring of the package once it is loaded whole."""
        for obj in documented(pkg):
            if obj.docstring is not None:
                obj.docstring.value = link_names(obj, obj.docstring.value)
