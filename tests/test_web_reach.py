"""``drako-rules web --host ADDRESS`` and ``--lan``: the page served on another address of the
machine, with its address as a QR code and one line saying who can open it (issue 25,
"Reach"). Loopback addresses only: ``127.0.0.2`` stands for an address on the local network,
and ``--lan`` is given ``127.0.0.3`` as the machine's address.
"""

from __future__ import annotations

import argparse
import http.client
import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

import drako_rules
from drako_rules import webserve
from drako_rules.cli import EXIT_INVALID, main
from drako_rules.cli import web as cli_web
from drako_rules.cli.console import Console
from signals import sigint_as_from_a_terminal

ROOT = Path(__file__).resolve().parent.parent
CACHE = Path(os.environ.get("DRAKO_WEB_CACHE") or ROOT / ".cache" / "web")
SRC = str(Path(drako_rules.__file__).resolve().parent.parent)
BLOCKS = set(" █▀▄")


def get(host: str, port: int, path: str, host_header: str) -> tuple[int, bytes]:
    """A GET to ``host:port`` naming ``host_header``: status and body."""
    connection = http.client.HTTPConnection(host, port, timeout=10)
    try:
        connection.putrequest("GET", path, skip_host=True, skip_accept_encoding=True)
        connection.putheader("Host", host_header)
        connection.endheaders()
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def test_host_serves_the_page_there(tmp_path: Path) -> None:
    """``--host 127.0.0.2`` builds the page, serves it on 127.0.0.2, prints the address and its
    QR code, answers requests naming that address and refuses other names; Ctrl-C stops it
    with status 0 and nothing on stderr."""
    command = [
        sys.executable, "-m", "drako_rules", "web", "--host", "127.0.0.2", "--port", "0",
        "--no-browser", "--dir", str(tmp_path / "checker"), "--cache-dir", str(CACHE),
    ]  # fmt: skip
    env = {**os.environ, "PYTHONPATH": SRC, "PYTHONIOENCODING": "utf-8"}
    process = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        preexec_fn=sigint_as_from_a_terminal,
    )
    try:
        assert process.stdout is not None
        first = process.stdout.readline()  # the build takes a few seconds, the cache warm
        assert first.startswith("The score checker is at http://127.0.0.2:"), first
        url = first.split(" at ", 1)[1].split()[0]
        port = int(url.rsplit(":", 1)[1].strip("/"))
        status, body = get("127.0.0.2", port, "/", f"127.0.0.2:{port}")
        assert status == 200 and b"<title>" in body
        status, body = get("127.0.0.2", port, "/?lang=es", f"127.0.0.2:{port}")
        assert status == 200 and b"<title>" in body
        assert get("127.0.0.2", port, "/", f"rebind.example:{port}")[0] == 421
        for path in ("/manifest.webmanifest", "/sw.js", "/icon-192.png"):  # the app, offline
            assert get("127.0.0.2", port, path, f"127.0.0.2:{port}")[0] == 200
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == 0
    assert "Traceback" not in err and "Traceback" not in out
    if cli_web.qr_code("x") is not None:  # the qr extra: the address as a QR code
        lines = out.splitlines()
        assert len(lines) >= 10 and all(set(line) <= BLOCKS for line in lines[:10])
    # a loopback address: no line about the local network
    assert "Anyone on this network" not in out


def run_web(
    argv: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> tuple[list[bytes], str]:
    """Run ``web`` in this process with the build stubbed and one request served."""
    fetched: list[bytes] = []

    def build(directory: Path, *, cache_dir: Path) -> Path:
        directory.mkdir(parents=True, exist_ok=True)
        (directory / "index.html").write_text("<p>checker</p>")
        return directory

    def serve_once(self: webserve.PageServer) -> None:
        self.start()
        with urllib.request.urlopen(self.url, timeout=10) as response:
            fetched.append(response.read())
        raise KeyboardInterrupt

    monkeypatch.setattr(webserve, "build_page", build)
    monkeypatch.setattr(webserve.PageServer, "serve_forever", serve_once)
    parser = argparse.ArgumentParser()
    cli_web.add_arguments(parser)
    args = parser.parse_args(["--port", "0", "--no-browser", "--dir", str(tmp_path / "p"), *argv])
    lines: list[str] = []
    console = Console.standard()
    monkeypatch.setattr(console, "line", lines.append)
    assert cli_web.run(args, console) == 0
    return fetched, "\n".join(lines)


def test_lan_serves_on_the_machines_address(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--lan`` serves on the machine's address on its network, prints it, its QR code and
    the one line saying that anyone on that network can open the page."""
    monkeypatch.setattr(webserve, "lan_address", lambda: "127.0.0.3")
    fetched, out = run_web(["--lan"], tmp_path, monkeypatch)
    assert fetched == [b"<p>checker</p>"]
    assert out.startswith("The score checker is at http://127.0.0.3:")
    assert sum("Anyone on this network can open" in line for line in out.splitlines()) == 1
    if cli_web.qr_code("x") is not None:
        assert "█" in out


def test_without_segno_the_address_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the ``qr`` extra the command prints the address as text, and no QR code."""
    monkeypatch.setitem(sys.modules, "segno", None)
    assert cli_web.qr_code("http://127.0.0.2:8765/") is None
    fetched, out = run_web(["--host", "127.0.0.2"], tmp_path, monkeypatch)
    assert fetched == [b"<p>checker</p>"]
    assert out.splitlines() == [out.splitlines()[0]]
    assert "http://127.0.0.2:" in out


def test_qr_code_is_square_blocks() -> None:
    """The QR code is lines of block characters of one width, twice as wide as tall (two
    rows of modules per line), with a quiet border."""
    pytest.importorskip("segno", reason="the qr extra is not installed")
    code = cli_web.qr_code("http://192.168.1.20:8765/")
    assert code is not None
    lines = code.splitlines()
    assert len({len(line) for line in lines}) == 1
    assert all(set(line) <= BLOCKS for line in lines)
    width = len(lines[0])
    assert 2 * len(lines) - 2 <= width <= 2 * len(lines)
    assert set(lines[0]) == {"█"}  # the border is light, like the light modules


def test_lan_without_a_network_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--lan`` on a machine with loopback only: one line, status 2, nothing built."""
    monkeypatch.setattr(webserve, "lan_address", lambda: None)
    started = time.monotonic()
    status = main(["web", "--lan", "--no-browser", "--dir", str(tmp_path / "p")])
    err = capsys.readouterr().err
    assert status == EXIT_INVALID
    assert err.count("\n") == 1 and "no address on a local network" in err
    assert not (tmp_path / "p").exists()
    assert time.monotonic() - started < 10


@pytest.mark.parametrize("host", ["example.com", "300.1.1.1", "127.0.0.2:80", "", "\x1b[2J"])
def test_a_bad_host_is_refused_before_the_build(
    host: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--host`` of something that is not an IP address: one escaped line, status 2, and
    nothing is built or downloaded."""
    status = main(
        ["web", "--host", host, "--no-browser", "--dir", str(tmp_path / "p"), "--cache-dir",
         str(tmp_path / "cache")]
    )  # fmt: skip
    err = capsys.readouterr().err
    assert status == EXIT_INVALID
    assert err.count("\n") == 1 and "--host takes an IP address" in err
    assert "\x1b" not in err
    assert list(tmp_path.iterdir()) == []


def test_host_and_lan_together_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    """``--host`` and ``--lan`` are one choice: both is a usage error, status 2."""
    assert main(["web", "--lan", "--host", "127.0.0.2"]) == EXIT_INVALID
    assert "not allowed with" in capsys.readouterr().err
