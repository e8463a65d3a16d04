"""``drako-rules web``: serve the web score checker on this machine.

    drako-rules web [--port PORT] [--host ADDRESS | --lan] [--no-browser] [--dir DIR]
                    [--cache-dir DIR] [--build-only]

It builds the page (see `webserve.build_page`; the first build
downloads Pyodide and the wheels once, later builds use the cache), serves it on
127.0.0.1, prints its address and opens it in the default browser unless ``--no-browser``
is given. Ctrl-C stops it.

For the phones at the table, ``--host ADDRESS`` serves on another address of this machine
and ``--lan`` on its address on the local network
(`webserve.lan_address`); the command then prints the address as
a QR code too (drawn by ``segno``, the optional extra ``qr``; the address alone without it)
and, for an address other than loopback, says that anyone on that network can open the
page. The server answers only with the page's files, and only to requests naming that
address (see `webserve.serve`). ``--build-only`` builds the page into ``--dir`` and stops
(the static files, to put on any web server). A page that cannot be built or a port that
cannot be opened is one line on stderr, exit status 2.

The page is built in a fresh folder and moved into place: ``--dir`` must be a new folder,
an empty one, or one an earlier build made (it holds the marker file
`webserve.MARKER` and nothing else the build did not write). A folder
holding other files, the current folder, a file, a link and the download cache are refused
(one line, exit status 2), and nothing is changed.
"""

from __future__ import annotations

import argparse
import io
import ipaddress
import webbrowser
from pathlib import Path

from drako_rules import webserve
from drako_rules.cli.console import EXIT_OK, Command, Console
from drako_rules.errors import quote

__all__ = ["COMMAND", "HELP", "add_arguments", "qr_code", "run"]

#: The command's one-line help, for the command line's list of commands.
HELP = "serve the web score checker (on 127.0.0.1, or the local network) and open it"

_DEFAULT_PORT = 8765


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the ``web`` command's options to ``parser``."""
    parser.add_argument(
        "--port",
        type=int,
        default=_DEFAULT_PORT,
        help=f"the port (default {_DEFAULT_PORT}; 0 picks a free one)",
    )
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--host",
        default=None,
        metavar="ADDRESS",
        help="serve on this IP address of the machine (default 127.0.0.1); another address "
        "than loopback lets anyone on that network open the page",
    )
    where.add_argument(
        "--lan",
        action="store_true",
        help="serve on this machine's address on the local network, for the phones at the "
        "table (prints a QR code of the address)",
    )
    parser.add_argument(
        "--no-browser", action="store_true", help="do not open the page in a browser"
    )
    parser.add_argument(
        "--dir",
        type=Path,
        default=None,
        help="build the page into this new or empty folder, or one an earlier build made "
        "(default: a folder of the cache)",
    )
    parser.add_argument(
        "--build-only",
        action="store_true",
        help="build the page (into --dir) and print where, without serving it",
    )
    parser.add_argument(
        "--cache-dir",
        type=Path,
        default=None,
        help="where downloads are kept (default $DRAKO_WEB_CACHE or ~/.cache/drako-rules/web)",
    )


def run(args: argparse.Namespace, console: Console) -> int:
    """Build the page, serve it until Ctrl-C (unless ``--build-only``), return the exit status 0.

    Raises:
        WebBuildError: the page cannot be built (a download failed), ``--host`` is not an
            IP address, ``--lan`` finds no address on a local network, or the address
            cannot be opened; the command line prints it as one line, exit status 2.
    """
    cache: Path = args.cache_dir if args.cache_dir is not None else webserve.default_cache_dir()
    directory: Path = args.dir if args.dir is not None else cache / "page"
    if not 0 <= args.port <= 65535:
        raise webserve.WebBuildError(f"a port is 0 to 65535, not {quote(args.port)}")
    host = _host(args)  # a bad address is refused before anything is downloaded
    webserve.build_page(directory, cache_dir=cache)
    if args.build_only:
        console.line(f"The score checker is built in {directory}")
        console.flush()
        return EXIT_OK
    server = webserve.serve(directory, args.port, host=host)
    console.line(f"The score checker is at {server.url} (Ctrl-C stops it)")
    if args.host is not None or args.lan:
        for line in (qr_code(server.url) or "").splitlines():
            console.line(line)
        if args.lan or not ipaddress.ip_address(server.host).is_loopback:
            console.line(
                "Anyone on this network can open that address: it serves only the "
                "checker's static page, and the page sends nothing back."
            )
    console.flush()
    if not args.no_browser:
        webbrowser.open(server.url)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        console.note("stopped")
    finally:
        server.shutdown()
    return EXIT_OK


def _host(args: argparse.Namespace) -> str:
    """The address to serve on: ``--host``, the machine's LAN address for ``--lan``, else
    127.0.0.1."""
    if args.lan:
        address = webserve.lan_address()
        if address is None:
            raise webserve.ServeError(
                "this machine has no address on a local network (only loopback): "
                "give one with --host ADDRESS"
            )
        return address
    if args.host is None:
        return webserve.HOST
    host = str(args.host)
    try:
        ipaddress.ip_address("127.0.0.1" if host.lower() == "localhost" else host)
    except ValueError:
        raise webserve.ServeError(
            f"--host takes an IP address of this machine such as 192.168.1.20, not {quote(host)}"
        ) from None
    return host


def qr_code(text: str) -> str | None:
    """``text`` (the page's address) as a QR code a phone can scan from the terminal, in
    Unicode block characters, light modules drawn (for a dark terminal); None when
    ``segno`` (the optional extra ``qr``) is not installed."""
    try:
        import segno
    except ImportError:
        return None
    out = io.StringIO()
    segno.make(text, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue().rstrip("\n")


#: The ``web`` command, registered in `COMMAND_MODULES`.
COMMAND = Command(
    "web",
    HELP,
    "Serve the web score checker (the page of the docs site that runs drako-rules in the "
    "browser) on 127.0.0.1, or on the local network for the phones at the table (--lan, "
    "--host), and open it. The first run downloads Pyodide (pinned, its "
    "integrity checked) and the wheels the page needs; later runs use the cache.",
    add_arguments,
    run,
)
