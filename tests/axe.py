"""axe-core, the accessibility engine, for the browser tests of the web checker.

[`axe_source`][] returns the text of ``axe.min.js`` of the ``axe-core`` package of the npm
registry, version [`AXE_VERSION`][], from the registry's tarball, whose sha512 is checked
against [`AXE_INTEGRITY`][] (the ``dist.integrity`` the registry publishes, ``npm view
axe-core@4.14.1 dist.integrity``). The tarball is downloaded once and kept in the web
build's cache folder (``.cache/web``, or ``$DRAKO_WEB_CACHE``), as the page's Pyodide is
(see ``drako_rules.webserve.fetch_pyodide``). [`audit`][] injects it into a Playwright page
(opened in a context with ``bypass_csp=True``: the page's Content-Security-Policy allows
only its own scripts) and returns the violations of the impacts asked for.
"""

from __future__ import annotations

import base64
import hashlib
import io
import os
import tarfile
import urllib.request
from pathlib import Path
from typing import Final, TypedDict

from playwright.sync_api import Page

__all__ = ["AXE_INTEGRITY", "AXE_VERSION", "Violation", "audit", "axe_source"]

#: The version of the ``axe-core`` npm package.
AXE_VERSION: Final = "4.14.1"
#: The registry's ``dist.integrity`` of that version's tarball.
AXE_INTEGRITY: Final = "sha512-FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPjCKg2rhu5qb2S4r76ASyFNNtuFooJpZe37OgudVGtQ=="
_TARBALL: Final = f"https://registry.npmjs.org/axe-core/-/axe-core-{AXE_VERSION}.tgz"
_MAX_DOWNLOAD: Final = 16 * 1024 * 1024  # the tarball is about 1 MB
ROOT: Final = Path(__file__).resolve().parent.parent


class Violation(TypedDict):
    """One rule axe found broken: its id, impact, help text and the elements (selectors)."""

    id: str
    impact: str
    help: str
    nodes: list[str]


def _integrity_ok(data: bytes) -> bool:
    algorithm, _, expected = AXE_INTEGRITY.partition("-")
    return base64.b64encode(hashlib.new(algorithm, data).digest()).decode() == expected


def _cache_dir() -> Path:
    return Path(os.environ.get("DRAKO_WEB_CACHE") or ROOT / ".cache" / "web")


def axe_source(cache_dir: Path | None = None) -> str:
    """The text of ``axe.min.js``, the tarball downloaded once into ``cache_dir``.

    Raises:
        RuntimeError: the download failed, or the tarball is not the pinned one.
    """
    folder = cache_dir if cache_dir is not None else _cache_dir()
    target = folder / f"axe-core-{AXE_VERSION}.tgz"
    if target.is_file() and _integrity_ok(target.read_bytes()):
        data = target.read_bytes()
    else:
        with urllib.request.urlopen(_TARBALL, timeout=120) as response:
            data = response.read(_MAX_DOWNLOAD + 1)
        if len(data) > _MAX_DOWNLOAD or not _integrity_ok(data):
            raise RuntimeError(f"{_TARBALL} does not have the pinned integrity")
        folder.mkdir(parents=True, exist_ok=True)
        partial = target.with_suffix(".part")
        partial.write_bytes(data)
        partial.replace(target)
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
        member = tar.extractfile("package/axe.min.js")
        assert member is not None
        return member.read().decode("utf-8")


_RUN = """async (impacts) => {
  const result = await axe.run(document, {resultTypes: ['violations']});
  return result.violations.filter(v => impacts.includes(v.impact)).map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map(n => n.target.join(' ') + ' ' + (n.failureSummary || '').slice(0, 160)),
  }));
}"""


def audit(
    page: Page, source: str, impacts: tuple[str, ...] = ("serious", "critical")
) -> list[Violation]:
    """The violations of ``impacts`` that axe finds on the page as it is now."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(content=source)
    found: list[Violation] = page.evaluate(_RUN, list(impacts))
    return found
