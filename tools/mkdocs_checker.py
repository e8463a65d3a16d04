"""mkdocs hook: put the web score checker into ``checker/`` of the site.

Configured in mkdocs.yml (``hooks:``). On every build the page is built by
[`drako_rules.webserve.build_page`][drako_rules.webserve.build_page] into ``.cache/web/page``
of the repository (downloads are cached in ``.cache/web``, which git ignores; set
``DRAKO_WEB_CACHE`` to use another folder), and each of its files is added to the site as
``checker/...``, so that ``mkdocs build --strict`` checks the links to it and ``mkdocs
serve`` serves it too.
"""

from __future__ import annotations

import os
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

from drako_rules.webserve import build_page

_ROOT = Path(__file__).resolve().parent.parent


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Build the checker page and add its files under ``checker/``."""
    cache = Path(os.environ.get("DRAKO_WEB_CACHE") or _ROOT / ".cache" / "web")
    page = build_page(cache / "page", cache_dir=cache)
    for path in sorted(page.rglob("*")):
        if path.is_file():
            uri = "checker/" + path.relative_to(page).as_posix()
            files.append(File.generated(config, uri, abs_src_path=str(path)))
    return files
