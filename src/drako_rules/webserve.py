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
[`serve`][drako_rules.webserve.serve] serves a built page, on 127.0.0.1 unless told otherwise,
and nothing but its files.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import io
import ipaddress
import json
import os
import shutil
import socket
import subprocess
import sys
import tarfile
import tempfile
import threading
import urllib.parse
import urllib.request
import zipfile
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from pathlib import Path
from typing import Any, Final

import drako_rules
from drako_rules.errors import DrakoError, expect, quote
from drako_rules.web import catalogue

__all__ = [
    "CONTENT_SECURITY_POLICY",
    "HOST",
    "MARKER",
    "PAGE_FILES",
    "PYODIDE_FILES",
    "PYODIDE_INTEGRITY",
    "PYODIDE_VERSION",
    "WHEELS",
    "PageFolderError",
    "PageServer",
    "ServeError",
    "WebBuildError",
    "build_page",
    "check_page_folder",
    "default_cache_dir",
    "drako_wheel",
    "fetch_pyodide",
    "fetch_wheels",
    "lan_address",
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
#: The address the page is served on unless another is given.
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


#: The file a build puts in the folder it makes: the list of the files it wrote. A later
#: build replaces a folder only when it holds this file and no file outside that list.
MARKER: Final = ".drako-rules-page"
# the page's top-level names, for a folder of the cache built before the marker existed
_OLD_PAGE_NAMES: Final = frozenset(
    {*PAGE_FILES, "pyodide", "wheels", "wheels.json", "catalogue.json"}
)


class PageFolderError(WebBuildError):
    """A folder the page cannot be built into: a file, a link, the current folder (or one
    that holds it), the cache folder (or one that holds it), or a non-empty folder that an
    earlier build did not make. Nothing is changed when it is raised."""


def _files_under(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if not p.is_dir()}


def _made_by_a_build(folder: Path, cache: Path) -> bool:
    """Whether ``folder`` holds only what a build wrote: its marker lists every file, or
    (a page of the cache built before the marker existed) it is ``CACHE/page`` and holds
    only the page's names."""
    marker = folder / MARKER
    if marker.is_file() and not marker.is_symlink():
        try:
            listed = set(marker.read_text(encoding="utf-8").splitlines())
        except (OSError, UnicodeDecodeError):
            return False
        return _files_under(folder) <= listed | {MARKER}
    return folder.absolute() == (cache / "page").absolute() and all(
        entry.name in _OLD_PAGE_NAMES for entry in folder.iterdir()
    )


def check_page_folder(out_dir: Path, cache_dir: Path | None = None) -> None:
    """Refuse a folder [`build_page`][drako_rules.webserve.build_page] must not replace.

    A build may go into a folder that does not exist, an empty folder, or a folder an
    earlier build made (it holds [`MARKER`][drako_rules.webserve.MARKER], and no file the
    build did not write): everything else is refused, so that no build deletes what it did
    not create.

    Raises:
        PageFolderError: ``out_dir`` is a file or a link, the current folder or a folder
            that holds it, the cache folder or a folder that holds it, or a non-empty
            folder that a build did not make.
    """
    cache = cache_dir if cache_dir is not None else default_cache_dir()
    shown = quote(str(out_dir), 80)
    if out_dir.is_symlink():
        raise PageFolderError(f"{shown} is a link: give the folder itself")
    if out_dir.exists() and not out_dir.is_dir():
        raise PageFolderError(f"{shown} is a file, not a folder: give a new or empty folder")
    target = out_dir.resolve()
    here = Path.cwd().resolve()
    if target == here or target in here.parents:
        raise PageFolderError(
            f"{shown} is the current folder or holds it: give a new or empty folder"
        )
    cache_path = cache.resolve()
    if target == cache_path or target in cache_path.parents:
        raise PageFolderError(
            f"{shown} is the download cache or holds it: give a new or empty folder"
        )
    if out_dir.is_dir() and any(out_dir.iterdir()) and not _made_by_a_build(out_dir, cache):
        raise PageFolderError(
            f"{shown} is not empty and was not made by drako-rules web: "
            "give a new or empty folder (nothing was changed)"
        )


def _write_page(out_dir: Path, tarball: Path, wheels: list[Path]) -> None:
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


def build_page(out_dir: Path, *, cache_dir: Path | None = None) -> Path:
    """Build the web checker into ``out_dir`` and return it.

    The page is built in a fresh folder beside ``out_dir`` and moved into place, so that
    ``out_dir`` holds either the earlier build or the new one, never a part. ``out_dir``
    must be new, empty, or made by an earlier build (see
    [`check_page_folder`][drako_rules.webserve.check_page_folder], checked before anything
    is downloaded); the new folder holds [`MARKER`][drako_rules.webserve.MARKER].

    Args:
        out_dir: the folder that becomes ``checker/`` of the site.
        cache_dir: where downloads are kept
            ([`default_cache_dir`][drako_rules.webserve.default_cache_dir] by default).

    Raises:
        PageFolderError: ``out_dir`` is a folder the build must not replace.
        WebBuildError: a download failed or is not the pinned file.
    """
    cache = cache_dir if cache_dir is not None else default_cache_dir()
    check_page_folder(out_dir, cache)
    tarball = fetch_pyodide(cache)
    wheels = fetch_wheels(cache)
    parent = out_dir.absolute().parent
    try:
        parent.mkdir(parents=True, exist_ok=True)
        fresh = Path(tempfile.mkdtemp(prefix=".drako-rules-page-", dir=parent))
    except OSError as error:
        raise WebBuildError(
            f"cannot make a folder in {quote(str(parent), 80)}: {error.strerror or error}"
        ) from None
    try:
        fresh.chmod(0o755)
        _write_page(fresh, tarball, wheels)
        written = sorted(_files_under(fresh))
        (fresh / MARKER).write_text("".join(f"{name}\n" for name in written), encoding="utf-8")
        check_page_folder(out_dir, cache)  # it may have changed during the downloads
        if out_dir.exists():
            old = Path(tempfile.mkdtemp(prefix=".drako-rules-old-", dir=parent))
            out_dir.replace(old / "page")
            try:
                fresh.replace(out_dir)
            except OSError:
                (old / "page").replace(out_dir)  # the earlier build stays
                old.rmdir()
                raise
            shutil.rmtree(old, ignore_errors=True)
        else:
            fresh.replace(out_dir)
    except OSError as error:
        shutil.rmtree(fresh, ignore_errors=True)
        raise WebBuildError(
            f"cannot build the page in {quote(str(out_dir), 80)}: {error.strerror or error}"
        ) from None
    except BaseException:
        shutil.rmtree(fresh, ignore_errors=True)
        raise
    return out_dir


# What every answer of the server carries: the browser neither guesses a type nor lets
# another site frame the page, and the page may load nothing but its own files
# (Pyodide compiles WebAssembly: 'wasm-unsafe-eval'; the Kingdom pictures carry a style
# attribute: 'unsafe-inline' styles, never scripts).
#: The Content-Security-Policy the server sends with the page (the page satisfies it).
CONTENT_SECURITY_POLICY: Final = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; "
    "style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; "
    "worker-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'none'; frame-ancestors 'none'"
)
_SECURITY_HEADERS: Final = (
    ("X-Content-Type-Options", "nosniff"),
    ("Content-Security-Policy", CONTENT_SECURITY_POLICY),
    ("Referrer-Policy", "no-referrer"),
    ("Cross-Origin-Resource-Policy", "same-origin"),
    ("X-Frame-Options", "DENY"),
    # a new build is seen at the next load; the service worker keeps the page offline
    ("Cache-Control", "no-cache"),
)
_TYPES: Final = {
    ".html": "text/html",
    ".css": "text/css",
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".wasm": "application/wasm",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
    ".png": "image/png",
}
_CHUNK: Final = 64 * 1024
_MAX_PATH: Final = 2048


class ServeError(WebBuildError, ValueError):
    """The page cannot be served: ``serve`` was given a folder that is not one, an address
    that is not an IP address, a port outside 0-65535, or the address cannot be opened
    (for example, the port is in use)."""


def _split_host(value: str) -> tuple[str, str]:
    """A ``Host`` header as (name, port), the name lower-case, an IPv6 one in brackets."""
    value = value.strip().lower()
    if value.startswith("["):
        name, _, rest = value.partition("]")
        return name + "]", rest[1:] if rest.startswith(":") else rest
    name, colon, port = value.rpartition(":")
    return (name, port) if colon else (value, "")


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name.strip("[]"))
    except ValueError:
        return False
    return True


class _Handler(BaseHTTPRequestHandler):
    """Answers GET and HEAD with the files of one folder, and nothing else: no listing of a
    folder, no hidden file, no link out of the folder, only to the ``Host`` names of the
    address it is bound to (a name from elsewhere would be DNS rebinding)."""

    server_version = "drako-rules"
    sys_version = ""
    timeout = 60  # a client that sends nothing is let go

    def __init__(
        self, *args: Any, root: Path, names: frozenset[str], any_ip: bool, **kwargs: Any
    ) -> None:
        self._root = root
        self._names = names
        self._any_ip = any_ip
        super().__init__(*args, **kwargs)

    def log_message(self, format: str, *args: object) -> None:
        """Serve quietly: the page loads a dozen files each time."""

    def handle(self) -> None:
        """Answer the connection; a client that goes away ends it without a word."""
        try:
            super().handle()
        except (OSError, ValueError):
            self.close_connection = True

    def end_headers(self) -> None:
        for name, value in _SECURITY_HEADERS:
            self.send_header(name, value)
        super().end_headers()

    def do_GET(self) -> None:
        self._answer(body=True)

    def do_HEAD(self) -> None:
        self._answer(body=False)

    def _host_ok(self) -> bool:
        hosts = self.headers.get_all("Host") or []
        if len(hosts) != 1:
            return False
        name, port = _split_host(hosts[0])
        bound = self.server.server_address
        if port and isinstance(bound, tuple) and port != str(bound[1]):
            return False
        return name in self._names or (self._any_ip and _is_ip(name))

    def _file(self) -> Path | None:
        """The file the request's path names, or None (not found, or not to be served)."""
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if not path.startswith("/") or len(path) > _MAX_PATH:
            return None
        try:
            text = urllib.parse.unquote(path, errors="strict")
        except UnicodeDecodeError:
            return None
        if not text.isprintable() or "\\" in text:
            return None
        parts = [part for part in text.split("/") if part]
        if any(part.startswith(".") for part in parts):  # '..', '.', and hidden files
            return None
        candidate = self._root.joinpath(*parts)
        if text.endswith("/"):
            candidate = candidate / "index.html"
        try:
            real = candidate.resolve(strict=True)
            inside = real.is_relative_to(self._root) and real.is_file()
        except (OSError, RuntimeError, ValueError):
            return None
        return real if inside else None

    def _answer(self, *, body: bool) -> None:
        if not self._host_ok():
            self.send_error(421 if self.headers.get("Host") else 400, "Unknown host")
            return
        path = self._file()
        if path is None:
            self.send_error(404, "Not found")
            return
        try:
            source = open(path, "rb")  # noqa: SIM115 - closed below, after the headers
        except OSError:
            self.send_error(404, "Not found")
            return
        with source:
            size = os.fstat(source.fileno()).st_size
            self.send_response(200)
            self.send_header("Content-Type", _TYPES.get(path.suffix, "application/octet-stream"))
            self.send_header("Content-Length", str(size))
            self.end_headers()
            if body:
                try:
                    shutil.copyfileobj(source, self.wfile, _CHUNK)
                except OSError:  # the browser went away mid-download
                    self.close_connection = True


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        """A request that fails ends that request only, and prints nothing."""


class _Server6(_Server):
    address_family = socket.AF_INET6


class PageServer:
    """A page served over HTTP (see [`serve`][drako_rules.webserve.serve]).

    Attributes:
        host: the address it is bound to, such as ``127.0.0.1``.
        url: the page's address, ``http://HOST:PORT/`` (for an unspecified address such as
            ``0.0.0.0``, the machine's address on its network, see
            [`lan_address`][drako_rules.webserve.lan_address]).
    """

    def __init__(self, server: ThreadingHTTPServer, host: str = HOST) -> None:
        self._server = server
        self._running = False
        self.host = host
        address = ipaddress.ip_address(host)
        shown = host
        if address.is_unspecified:
            shown = lan_address() or ("::1" if address.version == 6 else HOST)
        if ipaddress.ip_address(shown).version == 6:
            shown = f"[{shown}]"
        self.url = f"http://{shown}:{server.server_address[1]}/"

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


def lan_address() -> str | None:
    """This machine's address on its local network (the one its default route uses), or
    None when it has none but loopback. Nothing is sent: a UDP socket is only connected."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: routed, never answered
            address = str(probe.getsockname()[0])
    except OSError:
        return None
    return None if ipaddress.ip_address(address).is_loopback else address


def serve(directory: Path | str, port: int = 0, *, host: str = HOST) -> PageServer:
    """Serve the files of ``directory`` on ``host`` (default 127.0.0.1) and ``port`` (0:
    any free port).

    Only GET and HEAD of the folder's files are answered, with
    ``X-Content-Type-Options: nosniff`` and
    [`CONTENT_SECURITY_POLICY`][drako_rules.webserve.CONTENT_SECURITY_POLICY]: a folder is
    never listed (a path ending in ``/`` gives its ``index.html``), a hidden file or a
    link out of the folder is not found, and a request whose ``Host`` is not the address
    served (or ``localhost`` for a loopback address) is refused with 421, so that a page of
    another site cannot reach the server through DNS rebinding. A client that goes away,
    or a request that cannot be read, ends that request without a word on the terminal.

    Args:
        directory: a built page (see [`build_page`][drako_rules.webserve.build_page]).
        port: 0 to 65535.
        host: an IP address of this machine, or ``localhost``; another address than
            loopback makes the page reachable by anyone on that network.

    Raises:
        DrakoTypeError: an argument of the wrong type.
        ServeError: ``directory`` is not a folder, ``host`` is not an IP address, ``port``
            is outside 0-65535, or the address cannot be opened (for example, the port is
            in use).
    """
    if not isinstance(directory, str | os.PathLike):
        expect(directory, Path, "a folder (a Path)")
    expect(port, int, "a port (an integer 0 to 65535)")
    expect(host, str, "an IP address such as 127.0.0.1")
    if not 0 <= port <= 65535:
        raise ServeError(f"a port is 0 to 65535, not {quote(port)}")
    name = HOST if host.lower() == "localhost" else host
    try:
        address = ipaddress.ip_address(name)
    except ValueError:
        raise ServeError(
            f"expected an IP address of this machine such as 127.0.0.1, not {quote(host)}"
        ) from None
    try:
        root = Path(directory).resolve(strict=True)
        is_dir = root.is_dir()
    except (OSError, RuntimeError, ValueError):
        is_dir = False
    if not is_dir:
        raise ServeError(f"{quote(str(directory), 80)} is not a folder: build the page first")
    canonical = str(address)
    names = {f"[{canonical}]" if address.version == 6 else canonical}
    if address.is_loopback:
        names |= {"localhost", HOST, "[::1]"}
    handler = functools.partial(
        _Handler, root=root, names=frozenset(names), any_ip=address.is_unspecified
    )
    server_class = _Server6 if address.version == 6 else _Server
    try:
        server = server_class((canonical, port), handler)
    except (OSError, OverflowError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else error
        raise ServeError(f"cannot serve on {canonical}:{port}: {reason}") from None
    return PageServer(server, canonical)


def page_size(directory: Path) -> int:
    """The bytes the page downloads: every file of a built page."""
    return sum(p.stat().st_size for p in directory.rglob("*") if p.is_file())
