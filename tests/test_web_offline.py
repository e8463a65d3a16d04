"""The web checker offline and installable (issue 25): after one visit online, the page opens
and checks a game with the browser offline; the web app manifest and its icons are there;
a new build replaces the cache.

In a real headless Chromium (Playwright, system Chromium: the session's ``browser`` of
tests/conftest.py), on the page built once for the module and served on 127.0.0.1 (a secure context, as https is, so the service worker runs).
Skipped only when no Chromium is installed.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import struct
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route

from drako_rules.checker import check_game, format_game, load_game
from drako_rules.webserve import PAGE_FILES, PageServer, build_page, serve

ROOT = Path(__file__).resolve().parent.parent
CACHE = Path(os.environ.get("DRAKO_WEB_CACHE") or ROOT / ".cache" / "web")
WEBPAGE = ROOT / "src" / "drako_rules" / "webpage"
GAME = ROOT / "examples" / "four-players.toml"
BUILD_LINE = re.compile(r"^const BUILD = (\{.*\});$", re.MULTILINE)


def b64url(text: str) -> str:
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def built_files(sw: str) -> dict[str, object]:
    found = BUILD_LINE.search(sw)
    assert found is not None, "the build filled in sw.js"
    loaded = json.loads(found.group(1))
    assert isinstance(loaded, dict)
    return loaded


def test_manifest_names_the_app_and_its_icons() -> None:
    """The manifest has a name, a start address, standalone display and icons that exist
    (a 192 and a 512 pixel PNG, and an SVG); the page links it and registers the worker."""
    manifest = json.loads((WEBPAGE / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["name"] and manifest["short_name"]
    assert manifest["start_url"] == "./" and manifest["display"] == "standalone"
    sizes = set()
    for icon in manifest["icons"]:
        data = (WEBPAGE / icon["src"]).read_bytes()
        assert icon["src"] in PAGE_FILES
        if icon["type"] == "image/png":
            assert data[:8] == b"\x89PNG\r\n\x1a\n"
            width, height = struct.unpack(">II", data[16:24])
            assert icon["sizes"] == f"{width}x{height}"
            sizes.add(width)
        else:
            assert data.startswith(b"<svg")
    assert {192, 512} <= sizes
    head = (WEBPAGE / "index.html").read_text(encoding="utf-8").split("</head>")[0]
    assert '<link rel="manifest" href="manifest.webmanifest">' in head
    assert '<script src="install.js" defer></script>' in head


def test_icons_are_what_the_tool_draws() -> None:
    """The committed icons are those ``tools/web_icons.py`` draws (run it after a change)."""
    code = (
        "import sys; sys.path.insert(0, 'tools'); import web_icons;"
        "import json; print(json.dumps({n: d.hex() for n, d in web_icons.icons().items()}))"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
        timeout=120, check=True,
    )  # fmt: skip
    drawn = json.loads(done.stdout)
    for name, data in drawn.items():
        assert (WEBPAGE / name).read_bytes().hex() == data, name


@pytest.fixture(scope="module")
def offline_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[PageServer, Path]]:
    """The page, built for this module and served on 127.0.0.1."""
    page = build_page(tmp_path_factory.mktemp("offline") / "checker", cache_dir=CACHE)
    server = serve(page).start()
    yield server, page
    server.shutdown()


def test_the_build_lists_every_file_for_the_worker(offline_site: tuple[PageServer, Path]) -> None:
    """The built sw.js lists every file of the page (but itself and the marker) with its
    sha256, and its version is a hash of them: two builds of the same sources agree."""
    _, page = offline_site
    build = built_files((page / "sw.js").read_text(encoding="utf-8"))
    files = dict(build["files"])  # type: ignore[call-overload]
    on_disk = {
        p.relative_to(page).as_posix()
        for p in page.rglob("*")
        if p.is_file() and p.name not in ("sw.js", ".drako-rules-page")
    }
    assert set(files) == on_disk | {"./"}
    for name, integrity in files.items():
        data = (page / ("index.html" if name == "./" else name)).read_bytes()
        digest = base64.b64encode(hashlib.sha256(data).digest()).decode()
        assert integrity == f"sha256-{digest}", name
    assert re.fullmatch(r"[0-9a-f]{16}", str(build["version"]))


def visit(context: BrowserContext, url: str) -> Page:
    """Open ``url``, wait for the page and for its service worker to control it."""
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("body[data-ready=true]", timeout=90_000)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=90_000)
    return page


def shown_totals(page: Page, count: int) -> list[str]:
    return [page.text_content(f"[data-total='{i}']") or "" for i in range(count)]


def test_offline_after_one_visit(offline_site: tuple[PageServer, Path], browser: Browser) -> None:
    """One visit online, then offline: a reload opens the page, loads Python and checks the
    game of the link; another game's link and another language (?lang=es) open too."""
    server, _ = offline_site
    game = load_game(GAME)
    report = check_game(game)
    wanted = [str(p.sheet.total) if p.sheet else "–" for p in report.players]
    context = browser.new_context(viewport={"width": 390, "height": 844})
    origin = server.url.rstrip("/")
    refused: list[str] = []

    def route(r: Route) -> None:
        if r.request.url.startswith(origin + "/"):
            r.continue_()
        else:
            refused.append(r.request.url)
            r.abort()

    context.route("**/*", route)
    try:
        page = visit(context, server.url + "#game=" + b64url(format_game(game, "json")))
        assert shown_totals(page, len(wanted)) == wanted
        context.set_offline(True)
        page.reload()
        page.wait_for_selector("body[data-ready=true]", timeout=90_000)
        assert shown_totals(page, len(wanted)) == wanted
        other = load_game(ROOT / "examples" / "two-players.toml")
        page.goto("about:blank")
        page.goto(server.url + "?lang=es#game=" + b64url(format_game(other, "json")))
        page.wait_for_selector("body[data-ready=true]", timeout=90_000)
        expected = [str(p.sheet.total) if p.sheet else "–" for p in check_game(other).players]
        assert shown_totals(page, len(expected)) == expected
        assert page.evaluate("document.documentElement.lang") == "es"
        assert page.evaluate("navigator.onLine") is False
    finally:
        context.close()
    assert refused == []


def test_a_new_build_replaces_the_cache(browser: Browser, tmp_path: Path) -> None:
    """A page whose files changed (a new build) is a new worker: at the next visit it
    caches the new files and the old cache is gone."""
    page_dir = build_page(tmp_path / "checker", cache_dir=CACHE)
    server = serve(page_dir).start()
    context = browser.new_context()
    try:
        page = visit(context, server.url)
        old = built_files((page_dir / "sw.js").read_text(encoding="utf-8"))["version"]
        keys = page.evaluate("() => caches.keys()")
        assert [k for k in keys if k.endswith(f":{old}")] == keys and len(keys) == 1
        # a new build: checker.css changed, and the worker lists its new hash and version
        css = page_dir / "checker.css"
        css.write_bytes(css.read_bytes() + b"\n/* the next build */\n")
        sw = (page_dir / "sw.js").read_text(encoding="utf-8")
        build = built_files(sw)
        digest = base64.b64encode(hashlib.sha256(css.read_bytes()).digest())
        build["files"] = [
            [n, f"sha256-{digest.decode()}" if n == "checker.css" else i]
            for n, i in build["files"]  # type: ignore[attr-defined]
        ]
        build["version"] = "0" * 16
        (page_dir / "sw.js").write_text(
            BUILD_LINE.sub(lambda _: f"const BUILD = {json.dumps(build)};", sw),
            encoding="utf-8",
        )
        page.reload()  # the browser checks sw.js at each visit
        deadline = time.monotonic() + 90
        while page.evaluate("() => caches.keys()") != [f"drako-checker:/:{'0' * 16}"]:
            assert time.monotonic() < deadline, "the new build's worker replaced the cache"
            time.sleep(0.25)
        text = page.evaluate(
            "() => caches.match(new URL('checker.css', location.href).href).then(r => r.text())"
        )
        assert text.endswith("/* the next build */\n")
    finally:
        context.close()
        server.shutdown()


def test_install_button_follows_the_browsers_offer(
    offline_site: tuple[PageServer, Path], browser: Browser
) -> None:
    """Where the browser offers to install the page (``beforeinstallprompt``, simulated here:
    headless Chromium never offers), an Install button appears in the header, in the page's
    language; a tap asks the browser and hides the button."""
    server, _ = offline_site
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.goto(server.url)
        page.wait_for_selector("body[data-ready=true]", timeout=90_000)
        assert page.locator("#install").count() == 0  # no offer, no button
        page.evaluate(
            """() => {
              const offer = new Event("beforeinstallprompt", { cancelable: true });
              offer.prompt = async () => { window.installAsked = true; };
              window.dispatchEvent(offer);
              window.offerRefused = offer.defaultPrevented;
            }"""
        )
        assert page.evaluate("() => window.offerRefused") is True  # the page shows its own
        button = page.locator("header #install")
        assert button.is_visible() and button.text_content() == "Install"
        page.click("[data-lang='fr']")
        page.wait_for_function("() => document.documentElement.lang === 'fr'")
        assert button.text_content() == "Installer"
        button.click()
        page.wait_for_function("() => window.installAsked === true")
        assert not button.is_visible()
    finally:
        context.close()
