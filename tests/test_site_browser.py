"""The built docs site in a real browser, at a phone's width (390 px) and a desktop's
(1280 px): the home page, a tutorial, the rules and an API page load with no request
leaving the site (no web fonts: it works offline), nothing but a scrolling code block or
table is wider than the screen, the pictures shrink to fit, and the API reference's
parameter tables leave their descriptions the width of the text on a phone.

Headless Chromium (Debian's, driven by Playwright) takes a full-page screenshot of each;
they are written to ``$DRAKO_SCREENSHOTS`` when set (for a person to look at), else to a
temporary folder. Skipped only when Chromium or Playwright is missing.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from browser import CHROMIUM

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium binary on PATH")

PAGES = {
    "home": "index.html",
    "tutorial": "tutorials/check-a-game/index.html",
    "rules": "rules/index.html",
    "api": "api/scoring/index.html",
}
WIDTHS = [390, 1280]

#: Every visible element whose box reaches past the right edge of the screen (or before
#: its left edge) and is not inside a box that scrolls or clips sideways (a code block, a
#: table's scroll wrapper), as "tag.class (left-right)".
OVERFLOWING = """
() => {
  const width = document.documentElement.clientWidth;
  const clipped = (el) => {
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const style = getComputedStyle(a);
      const x = style.overflowX;
      if (x === "auto" || x === "scroll" || x === "hidden" || x === "clip") return true;
      if (style.position === "fixed") return true;  // inside a drawer
    }
    return false;
  };
  const out = [];
  for (const el of document.body.querySelectorAll("*")) {
    const style = getComputedStyle(el);
    if (style.display === "none" || style.visibility === "hidden") continue;
    if (style.position === "fixed") continue;  // the navigation drawer, off screen when shut
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    if ((box.right > width + 1 || box.left < -1) && !clipped(el)) {
      out.push(`${el.tagName.toLowerCase()}.${el.className} (${box.left}-${box.right})`);
    }
  }
  return {width, scroll: document.documentElement.scrollWidth, out: out.slice(0, 10)};
}
"""


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the screenshots go."""
    folder = os.environ.get("DRAKO_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        return Path(folder)
    return tmp_path_factory.mktemp("screenshots")


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("name", list(PAGES))
def test_page_fits_the_screen_and_loads_nothing_from_outside(
    browser: object, site_url: str, shots: Path, name: str, width: int
) -> None:
    """At this width the page body does not scroll sideways, no element but those inside a
    scrolling block is wider than the screen, every request stays on the local site, and a
    full-page screenshot is taken."""
    page = browser.new_page(viewport={"width": width, "height": 900})  # type: ignore[attr-defined]
    outside: list[str] = []
    page.on(
        "request",
        lambda request: None if request.url.startswith(site_url) else outside.append(request.url),
    )
    try:
        page.goto(site_url + PAGES[name], wait_until="networkidle")
        found = page.evaluate(OVERFLOWING)
        path = shots / f"{name}-{width}.png"
        page.screenshot(path=str(path), full_page=True)
    finally:
        page.close()
    assert path.stat().st_size > 10_000  # a real picture, not an empty page
    assert outside == []
    assert found["out"] == [], found
    assert found["scroll"] <= found["width"], found


@pytest.mark.parametrize("width", WIDTHS)
def test_pictures_shrink_to_the_page_and_keep_their_shape(
    browser: object, site_url: str, width: int
) -> None:
    """On the home page the Kingdom picture is no wider than the text column, at most its
    natural 530 px, and keeps the proportions of its viewBox (530 × 956)."""
    page = browser.new_page(viewport={"width": width, "height": 900})  # type: ignore[attr-defined]
    try:
        page.goto(site_url + PAGES["home"], wait_until="networkidle")
        box = page.evaluate(
            """() => {
              const img = document.querySelector("article img[src$='.svg']");
              const col = img.closest("article").getBoundingClientRect();
              const r = img.getBoundingClientRect();
              return {w: r.width, h: r.height, col: col.width};
            }"""
        )
    finally:
        page.close()
    assert 0 < box["w"] <= min(530, box["col"]) + 0.5, box
    assert box["h"] / box["w"] == pytest.approx(956 / 530, rel=0.01), box
    if width == 390:
        assert box["w"] >= 320, box  # readable: the names at 9.5 px or more (tests/test_svg.py)


#: For each of the first tables of the page's ``score`` entry (Parameters, Returns,
#: Raises): the width of the text column, of each row's description cell and of its first
#: paragraph, the height of a line of it, and whether the header row shows.
DESCRIPTIONS = """
() => {
  const entry = document.getElementById("drako_rules.scoring.score").closest(".doc-object");
  const column = entry.closest("article").getBoundingClientRect().width;
  return [...entry.querySelectorAll(".doc-contents table")].map((table) => {
    const cells = [...table.querySelectorAll("tbody td")].filter(
      (td) => td.querySelector(".doc-md-description p"));
    return {
      column,
      header: getComputedStyle(table.querySelector("thead")).display !== "none",
      cells: cells.map((td) => {
        const p = td.querySelector(".doc-md-description p");
        const line = parseFloat(getComputedStyle(p).lineHeight);
        return {
          width: td.getBoundingClientRect().width,
          height: p.getBoundingClientRect().height,
          line,
          words: p.textContent.trim().split(/\\s+/).length,
        };
      }),
    };
  });
}
"""


@pytest.mark.parametrize("width", WIDTHS)
def test_parameter_descriptions_read_on_a_phone(browser: object, site_url: str, width: int) -> None:
    """On the scoring API page, each description of ``score``'s Parameters, Returns and
    Raises is at least 85 % of the text column wide at 390 px (the rows stacked, no header
    row) and takes at most one line per 4 words (not one word a line); at 1280 px the
    tables keep their header row and the descriptions the same few lines."""
    page = browser.new_page(viewport={"width": width, "height": 900})  # type: ignore[attr-defined]
    try:
        page.goto(site_url + PAGES["api"], wait_until="networkidle")
        tables = page.evaluate(DESCRIPTIONS)
    finally:
        page.close()
    assert len(tables) >= 3, tables  # Parameters, Returns, Raises
    cells = [cell for table in tables for cell in table["cells"]]
    assert len(cells) >= 5, tables
    for table in tables:
        assert table["header"] is (width > 390), table
        for cell in table["cells"]:
            if width == 390:
                assert cell["width"] >= 0.85 * table["column"], table
            lines = round(cell["height"] / cell["line"])
            assert lines <= max(1, cell["words"] / 4), cell
