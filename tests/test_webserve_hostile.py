"""The local server never prints a traceback and never serves more than the page (issue 24,
§3.2), and ``serve``'s and ``check_page``'s bad arguments are library errors (§3.6).

One server runs in a child process for the module, on a folder holding a page, a large
file, a folder without ``index.html``, a hidden file and links into and out of the
folder; the tests talk to it over loopback only, with raw sockets where a browser would not
send what they send. At the end its standard error must be empty: nothing a client did put
a word, let alone a traceback, on the user's terminal.
"""

from __future__ import annotations

import http.client
import os
import socket
import struct
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import drako_rules
from drako_rules import web, webserve
from drako_rules.errors import DrakoError, DrakoTypeError

SRC = str(Path(drako_rules.__file__).resolve().parent.parent)
BIG = 8 * 1024 * 1024
SERVER = """
import sys
from pathlib import Path
from drako_rules.webserve import serve
server = serve(Path(sys.argv[1]))
print(server.url, flush=True)
server.serve_forever()
"""


class Served:
    """The child server: its port and (after the module) its standard error."""

    def __init__(self, process: subprocess.Popen[str], port: int, root: Path) -> None:
        self.process = process
        self.port = port
        self.root = root

    def raw(self, request: bytes, read: int = 65536) -> bytes:
        """Send ``request`` as it is; the answer's first ``read`` bytes (b'' if none)."""
        with socket.create_connection(("127.0.0.1", self.port), timeout=10) as sock:
            sock.sendall(request)
            out = b""
            try:
                while len(out) < read:
                    chunk = sock.recv(65536)
                    if not chunk:
                        break
                    out += chunk
            except (ConnectionResetError, TimeoutError):
                pass
            return out

    def get(
        self, path: str, host: str | None = "127.0.0.1", method: str = "GET"
    ) -> tuple[int, dict[str, str], bytes]:
        """A request as a browser sends it: status, headers, body."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        try:
            connection.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
            if host is not None:
                connection.putheader("Host", host)
            connection.endheaders()
            response = connection.getresponse()
            return response.status, dict(response.getheaders()), response.read()
        finally:
            connection.close()


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    base = tmp_path_factory.mktemp("serve")
    root = base / "page"
    root.mkdir()
    (root / "index.html").write_text("<!doctype html><p>checker</p>")
    (root / "checker.js").write_text("// js")
    (root / "big.bin").write_bytes(os.urandom(1024) * (BIG // 1024))
    (root / "sub").mkdir()
    (root / "sub" / "a.json").write_text("{}")
    (root / webserve.MARKER).write_text("index.html\n")
    (base / "secret.txt").write_text("not the page's")
    (root / "out.txt").symlink_to(base / "secret.txt")
    (root / "outdir").symlink_to(base, target_is_directory=True)
    (root / "in.js").symlink_to(root / "checker.js")
    process = subprocess.Popen(
        [sys.executable, "-c", SERVER, str(root)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": SRC},
    )
    assert process.stdout is not None
    url = process.stdout.readline().strip()
    assert url.startswith("http://127.0.0.1:"), url
    server = Served(process, int(url.rsplit(":", 1)[1].rstrip("/")), root)
    yield server
    process.terminate()
    _, err = process.communicate(timeout=30)
    assert err == "", f"the server wrote on stderr: {err[:2000]}"


def status_of(answer: bytes) -> int | None:
    """The status code of a raw answer, or None when the server closed without one."""
    if not answer.startswith(b"HTTP/"):
        return None
    return int(answer.split(b" ", 2)[1])


def test_the_page_is_served_with_nosniff_and_a_content_security_policy(served: Served) -> None:
    for path in ("/", "/index.html", "/checker.js", "/missing.js"):
        status, headers, _ = served.get(path)
        assert status == (404 if path == "/missing.js" else 200), path
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["Content-Security-Policy"] == webserve.CONTENT_SECURITY_POLICY
        assert "'wasm-unsafe-eval'" in headers["Content-Security-Policy"]
        assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
    assert served.get("/")[2] == b"<!doctype html><p>checker</p>"
    assert served.get("/", "localhost")[0] == 200
    assert served.get("/", f"localhost:{served.port}")[0] == 200
    assert served.get("/", f"127.0.0.1:{served.port}")[0] == 200


@pytest.mark.parametrize(
    "host",
    [
        "evil.example",
        f"evil.example:{0}",
        "attacker.test:80",
        "127.0.0.1.nip.io",
        "localhost.evil.example",
        "127.0.0.2",
        "",
        "127.0.0.1:1",
    ],
)
def test_a_foreign_host_header_is_refused(served: Served, host: str) -> None:
    """DNS rebinding: a name that is not the address served (or localhost) gets 421, with
    nothing of the page."""
    status, _, body = served.get("/index.html", host.replace(":0", f":{served.port}"))
    assert status in (400, 421)
    assert b"checker" not in body


def test_no_host_or_two_hosts_are_refused(served: Served) -> None:
    assert served.get("/", None)[0] == 400
    answer = served.raw(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\n\r\n")
    assert status_of(answer) == 421


@pytest.mark.parametrize(
    "path",
    [
        "/sub/",
        "/sub",
        "/outdir/secret.txt",
        "/out.txt",
        "/../secret.txt",
        "/%2e%2e/secret.txt",
        "/sub/..%2f..%2fsecret.txt",
        "/." + webserve.MARKER[1:],
        "/%00",
        "/%ff%fe",
        "/\\..\\secret.txt",
        "/" + "a" * 5000,
        "/" + "a/" * 3000,
    ],
)
def test_only_the_folders_files_are_served(served: Served, path: str) -> None:
    """No folder listing, no link out of the folder, no hidden file, no escape: 404."""
    status, _, body = served.get(path)
    assert status == 404, path
    assert b"not the page's" not in body and b"sub/a.json" not in body


def test_a_link_inside_the_folder_is_served_and_methods_are_get_and_head(served: Served) -> None:
    assert served.get("/in.js")[:3:2] == (200, b"// js")
    status, headers, body = served.get("/checker.js", method="HEAD")
    assert (status, body, headers["Content-Length"]) == (200, b"", "5")
    for method in ("POST", "PUT", "DELETE", "OPTIONS", "PROPFIND"):
        assert served.get("/", method=method)[0] == 501


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    path=st.binary(min_size=0, max_size=300),
    headers=st.lists(st.binary(max_size=80), max_size=3),
)
def test_odd_bytes_get_an_answer_or_a_closed_connection(
    served: Served, path: bytes, headers: list[bytes]
) -> None:
    """Any bytes in the request line or headers: an HTTP error or a closed connection, and
    the server goes on answering (its stderr is checked at the end of the module)."""
    request = b"GET /" + path + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    request += b"".join(h.replace(b"\r", b"").replace(b"\n", b"") + b"\r\n" for h in headers)
    answer = served.raw(request + b"\r\n", read=4096)
    status = status_of(answer)
    assert status is None or status in (200, 400, 404, 414, 421, 431, 505), answer[:200]
    assert b"not the page's" not in answer


def test_aborted_large_downloads_do_not_disturb_the_server(served: Served) -> None:
    """Clients that read a little of an 8 MB file and reset the connection (as a browser
    that is closed mid-download): the server stays quiet and serves the file whole after."""
    for _ in range(5):
        sock = socket.create_connection(("127.0.0.1", served.port), timeout=10)
        sock.sendall(b"GET /big.bin HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        sock.recv(4096)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        sock.close()  # a reset, not a polite close
    half = socket.create_connection(("127.0.0.1", served.port), timeout=10)
    half.sendall(b"GET /big.bin HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    half.close()
    time.sleep(0.5)
    status, headers, body = served.get("/big.bin")
    assert status == 200 and len(body) == BIG == int(headers["Content-Length"])


def test_a_silent_client_is_let_go_without_a_word(served: Served) -> None:
    """A connection that sends half a request and closes: nothing on stderr."""
    with socket.create_connection(("127.0.0.1", served.port), timeout=10) as sock:
        sock.sendall(b"GET /index.html HTTP/1.1\r\nHo")
    assert served.get("/")[0] == 200


# serve()'s and check_page's arguments (issue 24 §3.6)


@given(
    port=st.one_of(
        st.integers().filter(lambda p: not 0 <= p <= 65535),
        st.booleans(),
        st.floats(),
        st.text(max_size=5),
        st.none(),
    )
)
def test_serve_refuses_a_bad_port(port: object) -> None:
    with pytest.raises(DrakoError, match="port"):
        webserve.serve(Path("."), port)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "host", ["example.com", "999.1.1.1", "127.0.0.1 ", "", "\x1b[2J", "1" * 10_000, 5, None, b"::1"]
)
def test_serve_refuses_a_bad_host(host: object) -> None:
    with pytest.raises(DrakoError, match="IP address") as caught:
        webserve.serve(Path("."), 0, host=host)  # type: ignore[arg-type]
    assert len(str(caught.value)) < 200 and "\x1b" not in str(caught.value)


def test_serve_refuses_a_bad_folder_and_a_busy_port(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    for folder in (tmp_path / "file", tmp_path / "missing", "\x00bad"):
        with pytest.raises(webserve.ServeError, match="not a folder"):
            webserve.serve(folder)
    wrong: tuple[object, ...] = (5, None, [tmp_path])
    for thing in wrong:
        with pytest.raises(DrakoTypeError):
            webserve.serve(thing)  # type: ignore[arg-type]
    server = webserve.serve(tmp_path)
    try:
        port = int(server.url.rsplit(":", 1)[1].rstrip("/"))
        with pytest.raises(webserve.ServeError, match="cannot serve"):
            webserve.serve(tmp_path, port)
    finally:
        server.shutdown()


@pytest.mark.parametrize(
    "args",
    [
        (5,),
        (None,),
        (b"{}",),
        ("{}", "xml"),
        ("{}", 5),
        ("{}", None),
        ("{}", "json", 5),
        ("{}", "json", None),
    ],
)
def test_check_page_refuses_bad_arguments(args: tuple[object, ...]) -> None:
    with pytest.raises(DrakoTypeError, match="expected"):
        web.check_page(*args)  # type: ignore[arg-type]


def test_check_page_ignores_odd_picture_indices_in_bounded_time() -> None:
    """Huge or malformed indices are ignored, not converted (no int() of 5 000 digits)."""
    game = '{"players": [{"name": "A", "kingdom": "FEOM/HPWM/SGDO/PPHS"}, {"name": "B"}]}'
    out = web.check_page(game, "json", "9" * 5000 + ",x,-1," + ",".join(["0"] * 100_000))
    assert '"pictures"' in out
