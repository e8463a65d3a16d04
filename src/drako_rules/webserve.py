"""Build the web score checker's static page and serve it on this machine.

The page (``index.html``, ``checker.js``, ``checker.css`` of the package's ``webpage``
folder) runs drako-rules itself in the browser through Pyodide, so
[`build_page`][drako_rules.webserve.build_page] puts beside it everything it loads, all from
the page's own origin (it works offline once loaded):

- ``pyodide/``: the runtime files of the ``pyodide`` package of the npm registry, version
  [`PYODIDE_VERSION`][drako_rules.webserve.PYODIDE_VERSION], from the registry's tarball,
  whose sha512 is checked against [`PYODIDE_INTEGRITY`][drako_rules.webserve.PYODIDE_INTEGRITY]
  (the ``dist.integrity`` the registry publishes);
- ``wheels/``: the pure-Python wheels of attrs, cattrs and what cattrs needs on Pyodide's
  Python (typing-extensions), and tomli-w, downloaded by pip with their sha256 pinned
  ([`WHEELS`][drako_rules.webserve.WHEELS]), and a wheel of drako-rules built from the
  installed package;
- ``wheels.json``: the wheels in install order, with the Pyodide version;
- ``catalogue.json``: [`catalogue`][drako_rules.web.catalogue] (cards, colours, Legends), so
  the form is drawn, and cards can be entered, while Python loads.

Downloads are kept in a cache folder (by default ``$DRAKO_WEB_CACHE``, else
``~/.cache/drako-rules/web``), so a second build fetches nothing.
[`serve`][drako_rules.webserve.serve] serves a built page on 127.0.0.1 only.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import threading
import urllib.request
import zipfile
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from pathlib import Path
from typing import Final

import drako_rules
from drako_rules.errors import DrakoError
from drako_rules.web import catalogue

__all__ = [
    "HOST",
    "PAGE_FILES",
    "PYODIDE_FILES",
    "PYODIDE_INTEGRITY",
    "PYODIDE_VERSION",
    "WHEELS",
    "PageServer",
    "WebBuildError",
    "build_page",
    "default_cache_dir",
    "drako_wheel",
    "fetch_pyodide",
    "fetch_wheels",
    "page_size",
    "serve",
]

#: The version of the ``pyodide`` npm package the page runs on (CPython 3.14 in WebAssembly).
PYODIDE_VERSION: Final = "314.0.7"
#: The registry's ``dist.integrity`` of that version's tarball (``npm view pyodide@V dist``).
PYODIDE_INTEGRITY: Final = "sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A=="
_PYODIDE_TARBALL: Final = f"https://registry.npmjs.org/pyodide/-/pyodide-{PYODIDE_VERSION}.tgz"
#: The files of the npm package the page loads (the rest are types, maps and demos).
PYODIDE_FILES: Final = (
    "pyodide.js",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
    "package.json",
)
#: The wheels installed in the browser before drako-rules, in install order:
#: ``(requirement, file name, sha256)``; pure Python, so one wheel fits every Python.
WHEELS: Final = (
    (
        "typing-extensions==4.16.0",
        "typing_extensions-4.16.0-py3-none-any.whl",
        "481caa481374e813c1b176ada14e97f1f67a4539ce9cfeb3f350d78d6370c2e8",
    ),
    (
        "attrs==26.1.0",
        "attrs-26.1.0-py3-none-any.whl",
        "c647aa4a12dfbad9333ca4e71fe62ddc36f4e63b2d260a37a8b83d2f043ac309",
    ),
    (
        "cattrs==26.2.1",
        "cattrs-26.2.1-py3-none-any.whl",
        "a12aaa3453dc8f633a815293179f08b7421ed18d2575c459c3c736f840beac24",
    ),
    (
        "tomli-w==1.2.0",
        "tomli_w-1.2.0-py3-none-any.whl",
        "188306098d013b691fcadc011abd66727d3c414c571bb01b1a174ba8c983cf90",
    ),
)
#: The page's own files, in the package's ``webpage`` folder.
PAGE_FILES: Final = (
    "index.html",
    "checker.js",
    "checker.css",
    "messages.en.json",
    "messages.es.json",
    "messages.fr.json",
)
#: The only address the page is served on.
HOST: Final = "127.0.0.1"

_MAX_DOWNLOAD: Final = 64 * 1024 * 1024  # the tarball is about 6.5 MB
_ZIP_TIME: Final = (1980, 1, 1, 0, 0, 0)


class WebBuildError(DrakoError):
    """The web page cannot be built: a download failed or does not have its pinned hash."""


def default_cache_dir() -> Path:
    """Where downloads are kept: ``$DRAKO_WEB_CACHE``, else ``~/.cache/drako-rules/web``
    (``$XDG_CACHE_HOME`` is honoured)."""
    if os.environ.get("DRAKO_WEB_CACHE"):
        return Path(os.environ["DRAKO_WEB_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "drako-rules" / "web"


def _integrity_ok(data: bytes) -> bool:
    algorithm, _, expected = PYODIDE_INTEGRITY.partition("-")
    digest = base64.b64encode(hashlib.new(algorithm, data).digest()).decode()
    return digest == expected


def fetch_pyodide(cache_dir: Path) -> Path:
    """The npm tarball of Pyodide in ``cache_dir``, downloaded once, its sha512 checked.

    Raises:
        WebBuildError: the registry cannot be reached, or the tarball is not the pinned one.
    """
    target = cache_dir / f"pyodide-{PYODIDE_VERSION}.tgz"
    if target.is_file() and _integrity_ok(target.read_bytes()):
        return target
    try:
        with urllib.request.urlopen(_PYODIDE_TARBALL, timeout=120) as response:
            data = response.read(_MAX_DOWNLOAD + 1)
    except OSError as error:
        raise WebBuildError(f"cannot download {_PYODIDE_TARBALL}: {error}") from None
    if len(data) > _MAX_DOWNLOAD or not _integrity_ok(data):
        raise WebBuildError(
            f"{_PYODIDE_TARBALL} does not have the pinned integrity {PYODIDE_INTEGRITY[:20]}..."
        )
    cache_dir.mkdir(parents=True, exist_ok=True)
    partial = target.with_suffix(".part")
    partial.write_bytes(data)
    partial.replace(target)
    return target


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def fetch_wheels(cache_dir: Path) -> list[Path]:
    """The wheels of [`WHEELS`][drako_rules.webserve.WHEELS] in ``cache_dir/wheels``.

    Missing ones are downloaded by ``pip download --require-hashes`` (pip's own index
    settings apply); every file's sha256 is checked.

    Raises:
        WebBuildError: pip fails, or a wheel does not have its pinned sha256.
    """
    folder = cache_dir / "wheels"
    missing = [w for w in WHEELS if not (folder / w[1]).is_file() or _sha256(folder / w[1]) != w[2]]
    if missing:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory() as tmp:
            requirements = Path(tmp) / "requirements.txt"
            requirements.write_text(
                "".join(f"{req} --hash=sha256:{sha}\n" for req, _, sha in missing)
            )
            command = [
                sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                "--only-binary=:all:", "--require-hashes", "-r", str(requirements), "-d", tmp,
            ]  # fmt: skip
            done = subprocess.run(command, capture_output=True, text=True, check=False)
            if done.returncode != 0:
                last = (done.stderr.strip().splitlines() or ["no message"])[-1]
                raise WebBuildError(f"pip download of the page's wheels failed: {last[:200]}")
            for _, name, _ in missing:
                shutil.copyfile(Path(tmp) / name, folder / name)
    paths = [folder / name for _, name, _ in WHEELS]
    for path, (_, name, sha) in zip(paths, WHEELS, strict=True):
        if _sha256(path) != sha:
            raise WebBuildError(f"{name} does not have the pinned sha256 {sha[:12]}...")
    return paths


def _record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"sha256={digest}"


def drako_wheel(out_dir: Path) -> Path:
    """Write a wheel of the drako-rules package this Python imports into ``out_dir``.

    The wheel holds the package's files as installed (without byte-code caches) and a
    minimal ``dist-info`` (``METADATA``, ``WHEEL``, ``RECORD``), with fixed timestamps so
    the same sources give the same bytes.
    """
    version = drako_rules.__version__
    package = Path(drako_rules.__file__).parent
    dist_info = f"drako_rules-{version}.dist-info"
    files: list[tuple[str, bytes]] = []
    for path in sorted(package.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
            files.append((f"drako_rules/{path.relative_to(package).as_posix()}", path.read_bytes()))
    requires = "".join(f"Requires-Dist: {req.split('==')[0]}\n" for req, _, _ in WHEELS[1:3])
    files.append(
        (
            f"{dist_info}/METADATA",
            f"Metadata-Version: 2.1\nName: drako-rules\nVersion: {version}\n{requires}".encode(),
        )
    )
    files.append(
        (
            f"{dist_info}/WHEEL",
            b"Wheel-Version: 1.0\nGenerator: drako_rules.webserve\n"
            b"Root-Is-Purelib: true\nTag: py3-none-any\n",
        )
    )
    record = "".join(f"{name},{_record_hash(data)},{len(data)}\n" for name, data in files)
    record += f"{dist_info}/RECORD,,\n"
    files.append((f"{dist_info}/RECORD", record.encode()))
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / f"drako_rules-{version}-py3-none-any.whl"
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as wheel:
        for name, data in files:
            info = zipfile.ZipInfo(name, _ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            wheel.writestr(info, data)
    target.write_bytes(buffer.getvalue())
    return target


def _extract_pyodide(tarball: Path, out_dir: Path) -> None:
    out_dir.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tarball, "r:gz") as archive:
        for name in PYODIDE_FILES:
            try:
                member = archive.getmember(f"package/{name}")
            except KeyError:
                raise WebBuildError(f"the Pyodide tarball has no {name}") from None
            source = archive.extractfile(member)
            if source is None:
                raise WebBuildError(f"{name} of the Pyodide tarball is not a file")
            with source, open(out_dir / name, "wb") as target:
                shutil.copyfileobj(source, target)


def build_page(out_dir: Path, *, cache_dir: Path | None = None) -> Path:
    """Build the web checker into ``out_dir`` (emptied first) and return it.

    Args:
        out_dir: the folder that becomes ``checker/`` of the site.
        cache_dir: where downloads are kept
            ([`default_cache_dir`][drako_rules.webserve.default_cache_dir] by default).

    Raises:
        WebBuildError: a download failed or is not the pinned file.
    """
    cache = cache_dir if cache_dir is not None else default_cache_dir()
    tarball = fetch_pyodide(cache)
    wheels = fetch_wheels(cache)
    if out_dir.exists():
        shutil.rmtree(out_dir)
    out_dir.mkdir(parents=True)
    page = resources.files("drako_rules") / "webpage"
    for name in PAGE_FILES:
        (out_dir / name).write_bytes((page / name).read_bytes())
    _extract_pyodide(tarball, out_dir / "pyodide")
    wheel_dir = out_dir / "wheels"
    wheel_dir.mkdir()
    for path in wheels:
        shutil.copyfile(path, wheel_dir / path.name)
    own = drako_wheel(wheel_dir)
    manifest = {
        "pyodide": PYODIDE_VERSION,
        "drako_rules": drako_rules.__version__,
        "wheels": [path.name for path in wheels] + [own.name],
    }
    (out_dir / "wheels.json").write_text(json.dumps(manifest, indent=2) + "\n")
    # the form is drawn from it before Python is loaded
    (out_dir / "catalogue.json").write_text(json.dumps(catalogue(), indent=1) + "\n")
    return out_dir


class _Handler(SimpleHTTPRequestHandler):
    extensions_map = {  # noqa: RUF012 - the base class declares it a plain dict
        **SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".whl": "application/zip",
        ".json": "application/json",
    }

    def log_message(self, format: str, *args: object) -> None:
        """Serve quietly: the page loads a dozen files each time."""


class PageServer:
    """A page served over HTTP on 127.0.0.1 (see [`serve`][drako_rules.webserve.serve]).

    Attributes:
        url: the page's address, ``http://127.0.0.1:PORT/``.
    """

    def __init__(self, server: ThreadingHTTPServer) -> None:
        self._server = server
        self._running = False
        self.url = f"http://{HOST}:{server.server_address[1]}/"

    def serve_forever(self) -> None:
        """Answer requests until [`shutdown`][drako_rules.webserve.PageServer.shutdown]
        (or Ctrl-C)."""
        self._running = True
        self._server.serve_forever()

    def start(self) -> PageServer:
        """Answer requests in a background thread; returns self."""
        self._running = True
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    def shutdown(self) -> None:
        """Stop answering and close the socket."""
        if self._running:
            self._server.shutdown()
            self._running = False
        self._server.server_close()


def serve(directory: Path, port: int = 0) -> PageServer:
    """Serve the files of ``directory`` on 127.0.0.1 (``port`` 0: any free port).

    Raises:
        WebBuildError: the port cannot be opened (for example, it is in use).
    """

    handler = functools.partial(_Handler, directory=str(directory))
    try:
        server = ThreadingHTTPServer((HOST, port), handler)
    except OSError as error:
        raise WebBuildError(f"cannot serve on {HOST}:{port}: {error.strerror or error}") from None
    return PageServer(server)


def page_size(directory: Path) -> int:
    """The bytes the page downloads: every file of a built page."""
    return sum(p.stat().st_size for p in directory.rglob("*") if p.is_file())
