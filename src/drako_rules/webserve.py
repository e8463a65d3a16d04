"""Build the web score checker's static page and serve it on this machine.

The page (``index.html``, ``checker.js``, ``checker.css`` of the package's ``webpage``
folder) runs drako-rules itself in the browser through Pyodide, so
`build_page` puts beside it everything it loads, all from
the page's own origin (it works offline once loaded):

- ``pyodide/``: the runtime files of the ``pyodide`` package of the npm registry, version
  `PYODIDE_VERSION`, from the registry's tarball,
  whose sha512 is checked against `PYODIDE_INTEGRITY`
  (the ``dist.integrity`` the registry publishes);
- ``wheels/``: the pure-Python wheels of attrs, cattrs and what cattrs needs on Pyodide's
  Python (typing-extensions), and tomli-w, downloaded by pip with their sha256 pinned
  (`WHEELS`), and a wheel of drako-rules built from the
  installed package;
- ``wheels.json``: the wheels in install order, with the Pyodide version;
- ``catalogue.json``: `web.catalogue` (cards, colours, Legends), so
  the form is drawn, and cards can be entered, while Python loads.
- ``manifest.webmanifest``, the icons, ``install.js`` and ``sw.js``: the page as an app a
  phone installs, and a service worker that keeps every file above in the browser once the
  page has loaded, so that it opens and checks games with no network afterwards; the build
  writes into ``sw.js`` each file's sha256 and the build's version (a hash of the files),
  which names its cache, so a new build replaces the old cache.

Downloads are kept in a cache folder (by default ``$DRAKO_WEB_CACHE``, else
``~/.cache/drako-rules/web``), so a second build fetches nothing.
`serve` serves a built page, on 127.0.0.1 unless told otherwise,
and nothing but its files.

The work is split by job in the private package ``drako_rules._web``: ``fetch`` (the pinned
downloads), ``build`` (the page folder) and ``offline`` (the service worker's list); this
module serves the page and re-exports their public names.
"""

from __future__ import annotations

import functools
import ipaddress
import os
import shutil
import socket
import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Final

from drako_rules._web.build import (
    MARKER,
    PAGE_FILES,
    PageFolderError,
    build_page,
    check_page_folder,
    drako_wheel,
    page_size,
)
from drako_rules._web.fetch import (
    PYODIDE_FILES,
    PYODIDE_INTEGRITY,
    PYODIDE_VERSION,
    WHEELS,
    WebBuildError,
    default_cache_dir,
    fetch_pyodide,
    fetch_wheels,
)
from drako_rules.errors import expect, quote

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

#: The address the page is served on unless another is given.
HOST: Final = "127.0.0.1"

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
    """A page served over HTTP (see `serve`).

    Attributes:
        host: the address it is bound to, such as ``127.0.0.1``.
        url: the page's address, ``http://HOST:PORT/`` (for an unspecified address such as
            ``0.0.0.0``, the machine's address on its network, see
            `lan_address`).
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
        """Answer requests until `shutdown`
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
    `CONTENT_SECURITY_POLICY`: a folder is
    never listed (a path ending in ``/`` gives its ``index.html``), a hidden file or a
    link out of the folder is not found, and a request whose ``Host`` is not the address
    served (or ``localhost`` for a loopback address) is refused with 421, so that a page of
    another site cannot reach the server through DNS rebinding. A client that goes away,
    or a request that cannot be read, ends that request without a word on the terminal.

    Args:
        directory: a built page (see `build_page`).
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
