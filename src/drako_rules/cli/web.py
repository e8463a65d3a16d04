"""``drako-rules web``: serve the web score checker on this machine.

    drako-rules web [--port PORT] [--no-browser] [--dir DIR] [--cache-dir DIR] [--build-only]

It builds the page (see [`build_page`][drako_rules.webserve.build_page]; the first build
downloads Pyodide and the wheels once, later builds use the cache), serves it on
127.0.0.1, prints its address and opens it in the default browser unless ``--no-browser``
is given. Ctrl-C stops it. ``--build-only`` builds the page into ``--dir`` and stops
(the static files, to put on any web server). A page that cannot be built or a port that
cannot be opened is one line on stderr, exit status 2.

The page is built in a fresh folder and moved into place: ``--dir`` must be a new folder,
an empty one, or one an earlier build made (it holds the marker file
[`MARKER`][drako_rules.webserve.MARKER] and nothing else the build did not write). A folder
holding other files, the current folder, a file, a link and the download cache are refused
(one line, exit status 2), and nothing is changed.
"""

from __future__ import annotations

import argparse
import webbrowser
from pathlib import Path

from drako_rules import webserve
from drako_rules.cli.console import EXIT_OK, Command, Console

__all__ = ["COMMAND", "HELP", "add_arguments", "run"]

#: The command's one-line help, for the command line's list of commands.
HELP = "serve the web score checker on 127.0.0.1 and open it in a browser"

_DEFAULT_PORT = 8765


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the ``web`` command's options to ``parser``."""
    parser.add_argument(
        "--port",
        type=int,
        default=_DEFAULT_PORT,
        help=f"the port on 127.0.0.1 (default {_DEFAULT_PORT}; 0 picks a free one)",
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
        WebBuildError: the page cannot be built (a download failed) or the port cannot be
            opened; the command line prints it as one line, exit status 2.
    """
    cache: Path = args.cache_dir if args.cache_dir is not None else webserve.default_cache_dir()
    directory: Path = args.dir if args.dir is not None else cache / "page"
    if not 0 <= args.port <= 65535:
        raise webserve.WebBuildError(f"a port is 0 to 65535, not {args.port}")
    webserve.build_page(directory, cache_dir=cache)
    if args.build_only:
        console.line(f"The score checker is built in {directory}")
        console.flush()
        return EXIT_OK
    server = webserve.serve(directory, args.port)
    console.line(f"The score checker is at {server.url} (Ctrl-C stops it)")
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


#: The ``web`` command, registered in [`COMMAND_MODULES`][drako_rules.cli.COMMAND_MODULES].
COMMAND = Command(
    "web",
    HELP,
    "Serve the web score checker (the page of the docs site that runs drako-rules in the "
    "browser) on 127.0.0.1 and open it. The first run downloads Pyodide (pinned, its "
    "integrity checked) and the wheels the page needs; later runs use the cache.",
    add_arguments,
    run,
)
