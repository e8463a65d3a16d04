"""The docs site has a public address and a deploy workflow (issue 25, "Reach"): mkdocs.yml's
``site_url``, ``.github/workflows/docs.yml`` (GitHub Pages) whose build step is the
``mkdocs build --strict`` of ``.ci/run``, and one link in the README and on the docs home to
the checker page a player opens on a phone (``checker/`` of the site, built there by
``tools/mkdocs_checker.py``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

yaml = pytest.importorskip("yaml", reason="PyYAML (with the docs extra) is not installed")

ROOT = Path(__file__).resolve().parent.parent
SITE_URL = "https://drako-rules.github.io/drako-rules/"
CHECKER_URL = SITE_URL + "checker/"


def workflow() -> dict[object, object]:
    loaded = yaml.safe_load((ROOT / ".github" / "workflows" / "docs.yml").read_text())
    assert isinstance(loaded, dict)
    return loaded


def pick(value: object, *keys: object) -> object:
    """``value[k1][k2]...`` of the loaded YAML, each level checked to be a mapping."""
    for key in keys:
        assert isinstance(value, dict), (keys, value)
        value = value[key]
    return value


def steps(job: str) -> list[dict[str, object]]:
    found = pick(workflow(), "jobs", job, "steps")
    assert isinstance(found, list) and all(isinstance(s, dict) for s in found)
    return found


def test_site_url_is_the_pages_address() -> None:
    """mkdocs.yml gives the site its public address."""
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert re.search(rf"^site_url: {re.escape(SITE_URL)}$", text, re.MULTILINE)


def test_the_workflow_builds_as_ci_does_and_deploys_to_pages() -> None:
    """On a push to main, the build job runs CI's ``mkdocs build --strict`` into the folder
    it uploads as the Pages artifact, and the deploy job publishes it."""
    flow = workflow()
    triggers = flow.get("on", flow.get(True))  # YAML 1.1 reads a bare 'on' as true
    assert pick(triggers, "push") == {"branches": ["main"]}
    assert pick(flow, "permissions", "pages") == "write"
    assert pick(flow, "permissions", "id-token") == "write"
    runs = [str(step.get("run", "")) for step in steps("build")]
    (build,) = [run for run in runs if "mkdocs build" in run]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "mkdocs build --strict" in build and "mkdocs build --strict" in ci
    site_dir = build.split("--site-dir", 1)[1].split()[0]
    uploads = [
        pick(s, "with", "path")
        for s in steps("build")
        if str(s.get("uses", "")).startswith("actions/upload-pages-")
    ]
    assert uploads == [site_dir]
    assert any("pip install" in run and "[docs]" in run for run in runs)
    assert pick(flow, "jobs", "deploy", "needs") == "build"
    assert [str(s["uses"]).split("@")[0] for s in steps("deploy")] == ["actions/deploy-pages"]


def test_readme_links_the_checker_once() -> None:
    """The README gives the player one link: the checker on the public site."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert text.count(f"]({CHECKER_URL})") == 1
    assert text.count(SITE_URL) == 1


def test_docs_home_links_the_checker_once() -> None:
    """The docs home links the checker page of the site once (a relative link, so it is
    the public address on the public site)."""
    text = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    assert text.count("](checker/index.html)") == 1


def test_the_built_site_has_the_checker_at_that_link(built_site: Path) -> None:
    """In the site as built, the home's link leads to the checker page, and the sitemap gives the public address."""
    home = (built_site / "index.html").read_text(encoding="utf-8")
    assert 'href="checker/"' in home  # mkdocs writes the link as the folder's address
    checker = (built_site / "checker" / "index.html").read_text(encoding="utf-8")
    assert "<title>" in checker
    assert (built_site / "checker" / "manifest.webmanifest").is_file()
    assert (built_site / "checker" / "sw.js").is_file()
    assert SITE_URL in (built_site / "sitemap.xml").read_text(encoding="utf-8")
