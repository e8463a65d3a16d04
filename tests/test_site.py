"""The built docs site (HTML, as ``mkdocs build --strict`` writes it) shows what its pages
mean: no include marker, Markdown or attribute list left unrendered, and an API reference
of public names only, every exported name on some page."""

from __future__ import annotations

import html
import importlib
import pkgutil
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

import drako_rules

#: Text that only unrendered Markdown leaves in a page: a snippet include (as written, or
#: as a formatter respaced it), an attribute list, a mkdocstrings directive, a link, an
#: emphasis, a heading, a fence.
UNRENDERED = {
    "snippet include": re.compile(r"-+\s*8\s*<\s*-+"),
    "attribute list": re.compile(r"\{\s*[#:.][\w.:-]+[^}]*\}"),
    "mkdocstrings directive": re.compile(r"^:::\s", re.MULTILINE),
    "Markdown link": re.compile(r"\]\([^)\s]*\)|\]\[[^\]\s]*\]"),
    "Markdown emphasis": re.compile(r"(?<![*\w])\*\*[^*\s][^*]*\*\*"),
    "Markdown heading": re.compile(r"^#{1,6} \S", re.MULTILINE),
    "code fence": re.compile(r"^\s*(```|~~~)", re.MULTILINE),
}
#: The same markers, searched in code blocks too: an include is never meant to be shown.
UNRENDERED_IN_CODE = ("snippet include", "mkdocstrings directive")


class _Text(HTMLParser):
    """The text of an HTML page, split into prose and the text of code (pre/code)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.prose: list[str] = []
        self.code: list[str] = []
        self._code_depth = 0
        self._skip_depth = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("pre", "code"):
            self._code_depth += 1
        elif tag in ("script", "style"):
            self._skip_depth += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("pre", "code"):
            self._code_depth -= 1
        elif tag in ("script", "style"):
            self._skip_depth -= 1

    def handle_data(self, data: str) -> None:
        if self._skip_depth:
            return
        (self.code if self._code_depth else self.prose).append(data)


def page_text(page: Path) -> tuple[str, str]:
    """(prose, code) text of a built page."""
    parser = _Text()
    parser.feed(page.read_text(encoding="utf-8"))
    return "".join(parser.prose), "".join(parser.code)


def unrendered(prose: str, code: str) -> list[str]:
    """What unrendered markup the text of a page holds, as 'kind: excerpt'."""
    found = []
    for kind, pattern in UNRENDERED.items():
        for where in (prose, code) if kind in UNRENDERED_IN_CODE else (prose,):
            for match in pattern.finditer(where):
                found.append(f"{kind}: {match.group(0)[:60]!r}")
    return found


def test_the_markup_detector_sees_each_kind_and_passes_rendered_text() -> None:
    """Each kind of leftover Markdown is found (the reformatted include in code too), and
    rendered prose with brackets, stars and hashes in ordinary use is not flagged."""
    leftovers = [
        ('--8 < --"examples/greedy_bot.py:seen"', "code", "snippet include"),
        ('--8<-- "CHANGELOG.md"', "prose", "snippet include"),
        ("### R4.3 Goblins {#R4.3}", "prose", "attribute list"),
        ("::: drako_rules.kingdom", "prose", "mkdocstrings directive"),
        ("see [the rules](rules.md#R4.3)", "prose", "Markdown link"),
        ("see [`score`][drako_rules.scoring.score]", "prose", "Markdown link"),
        ("a **bold** claim", "prose", "Markdown emphasis"),
        ("## Install", "prose", "Markdown heading"),
        ("```python", "prose", "code fence"),
    ]
    for text, where, kind in leftovers:
        prose, code = (text, "") if where == "prose" else ("", text)
        assert any(f.startswith(kind) for f in unrendered(prose, code)), text
    fine = "Score 2 × 3 [R4.3] = 6; a * b; # of cards; f(**kwargs) {x} [0, 1] (a)"
    assert unrendered(fine, "**kwargs {'a': 1} # comment [x](y)") == []


def test_no_page_of_the_built_site_shows_unrendered_markup(built_site: Path) -> None:
    """Every HTML page of the built site is free of include markers, attribute lists,
    directives and raw Markdown (in prose; includes and directives in code too)."""
    pages = sorted(built_site.rglob("*.html"))
    assert len(pages) >= 20
    problems = {}
    for page in pages:
        found = unrendered(*page_text(page))
        if found:
            problems[str(page.relative_to(built_site))] = found[:5]
    assert problems == {}


def test_the_bot_tutorial_shows_the_greedy_bot(built_site: Path) -> None:
    """Step 7 of the bot tutorial renders the included parts of the greedy player
    (src/drako_rules/players/greedy.py) and of the engine's unseen cards (game/sampling.py)
    as code (their first lines appear in the page's code)."""
    _, code = page_text(built_site / "tutorials" / "write-a-bot" / "index.html")
    src = Path(__file__).resolve().parent.parent / "src" / "drako_rules"
    parts = [
        (src / "game" / "sampling.py", "unseen"),
        (src / "players" / "greedy.py", "seen"),
        (src / "players" / "greedy.py", "values"),
        (src / "players" / "greedy.py", "player"),
    ]
    for path, part in parts:
        source = path.read_text(encoding="utf-8")
        body = source.split(f"# --8<-- [start:{part}]\n", 1)[1].split("# --8<-- [end:", 1)[0]
        first = next(line.strip() for line in body.splitlines() if line.strip())
        assert first in code, part


# --- the API reference ---------------------------------------------------------------------

API_PAGES = [
    "players",
    "web",
    "env",
    "notation",
    "connections",
    "scoring",
    "legends",
    "rulesets",
    "engine",
    "moves",
    "views",
    "records",
    "checker",
    "pictures",
    "cli",
    "errors",
]
_OBJECT_ID = re.compile(r'<h[2-6] id="(drako_rules\.[\w.]+)" class="doc doc-heading')
_SIGNATURE = re.compile(r'<div class="doc-signature[^"]*">(.*?)</div>', re.DOTALL)
_PRIVATE = re.compile(r"(?<![\w.])_[A-Za-z]\w*|__\w+__")


def documented_objects(page: Path) -> list[str]:
    """The full paths of the objects a built API page documents, in order."""
    return _OBJECT_ID.findall(page.read_text(encoding="utf-8"))


def _is_public(path: str) -> bool:
    """Whether a documented path names a public object: each part without a leading
    underscore, and the module-level name exported by its module (or the package)."""
    parts = path.split(".")
    if any(part.startswith("_") for part in parts):
        return False
    for cut in range(len(parts) - 1, 0, -1):
        try:
            module = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        name = parts[cut]
        exported = set(getattr(module, "__all__", ())) | set(drako_rules.__all__)
        return name in exported and hasattr(module, name)
    return False


def test_the_public_name_check_refuses_private_and_unexported_names() -> None:
    """The check accepts exported names and their members, refuses dunders, private names
    and module-level names outside __all__."""
    assert _is_public("drako_rules.kingdom.Kingdom")
    assert _is_public("drako_rules.kingdom.Kingdom.parse")
    assert not _is_public("drako_rules.kingdom.Kingdom.__hash__")
    assert not _is_public("drako_rules.kingdom.Position.__attrs_post_init__")
    assert not _is_public("drako_rules.kingdom._CELLS")
    assert not _is_public("drako_rules.serialization.make_converter")


@pytest.mark.parametrize("name", API_PAGES)
def test_each_api_page_lists_only_public_names(built_site: Path, name: str) -> None:
    """The page documents some objects, every one public (no dunder, no private member, no
    name its module does not export), and no signature shows a private name."""
    page = built_site / "api" / name / "index.html"
    objects = documented_objects(page)
    assert objects, f"api/{name} documents nothing"
    assert [path for path in objects if not _is_public(path)] == []
    signatures = [
        html.unescape(re.sub(r"<[^>]+>", "", s))
        for s in _SIGNATURE.findall(page.read_text(encoding="utf-8"))
    ]
    assert signatures
    assert [s for s in signatures if _PRIVATE.search(s)] == []


def test_every_exported_name_is_on_an_api_page(built_site: Path) -> None:
    """Each name of drako_rules.__all__ is documented at its own heading on some API page,
    and no object is documented twice."""
    pages = [built_site / "api" / name / "index.html" for name in API_PAGES]
    objects = [path for page in pages for path in documented_objects(page)]
    modules = {"drako_rules"} | {
        info.name for info in pkgutil.walk_packages(drako_rules.__path__, prefix="drako_rules.")
    }
    top_level = [o for o in objects if o.rpartition(".")[0] in modules]
    names = {o.rpartition(".")[2] for o in top_level}
    exported = {n for n in drako_rules.__all__ if not n.startswith("__")}
    assert sorted(exported - names) == []
    assert len(top_level) == len(set(top_level))


def test_no_page_sends_readers_to_a_rules_file_they_do_not_have(built_site: Path) -> None:
    """No built page names "RULES.md", a file outside the docs: the rules page and its
    anchors (rules.md#R4.3) are the reference."""
    pages = sorted(built_site.rglob("*.html"))
    naming = [str(p.relative_to(built_site)) for p in pages if "RULES.md" in "".join(page_text(p))]
    assert naming == []
