"""The page offline and installable (issue 25): the build fills in the service worker.

The page's ``sw.js`` (in the package's ``webpage`` folder, beside ``install.js`` that
registers it, the web app manifest and the icons) holds one line that the build replaces by
what the worker caches: every file of the built page, each with the sha256 the browser
checks it against (subresource integrity), and the build's version, a hash of those files,
which names the cache, so that a new build installs a new worker whose cache replaces the
old one, and the same sources give the same worker.
"""

from __future__ import annotations

import base64
import hashlib
import json
import urllib.parse
from pathlib import Path
from typing import Final

from drako_rules._web.fetch import WebBuildError

__all__ = ["SERVICE_WORKER", "write_service_worker"]

#: The service worker's file in the page's folder.
SERVICE_WORKER: Final = "sw.js"
_BUILD_LINE: Final = 'const BUILD = { version: "unbuilt", files: [] }; // written by the build'


def _integrity(data: bytes) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode()


def write_service_worker(folder: Path, leave_out: frozenset[str] = frozenset()) -> str:
    """Write the list of files to cache, and the build's version, into ``folder/sw.js``;
    return the version (16 hex digits).

    Every file of ``folder`` is listed but the worker itself, hidden files and
    ``leave_out``; the folder's own address (``./``) is listed with ``index.html``'s bytes.

    Raises:
        WebBuildError: ``sw.js`` does not have the line the build fills in.
    """
    names = sorted(
        path.relative_to(folder).as_posix()
        for path in folder.rglob("*")
        if path.is_file()
        and not any(part.startswith(".") for part in path.relative_to(folder).parts)
        and path.name != SERVICE_WORKER
        and path.relative_to(folder).as_posix() not in leave_out
    )
    digests = {name: _integrity((folder / name).read_bytes()) for name in names}
    version = hashlib.sha256(
        "".join(f"{name}\0{digest}\n" for name, digest in digests.items()).encode()
    ).hexdigest()[:16]
    files = [[urllib.parse.quote(name), digest] for name, digest in digests.items()]
    if "index.html" in digests:
        files.insert(0, ["./", digests["index.html"]])
    worker = folder / SERVICE_WORKER
    template = worker.read_text(encoding="utf-8")
    if template.count(_BUILD_LINE) != 1:
        raise WebBuildError(f"{SERVICE_WORKER} of the page has no line for the build to fill")
    build = json.dumps({"version": version, "files": files}, separators=(",", ":"))
    worker.write_text(template.replace(_BUILD_LINE, f"const BUILD = {build};"), encoding="utf-8")
    return version
