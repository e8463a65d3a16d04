"""A fork server for mutation runs: pytest started once, each mutant's tests in a fresh child.

Most of a mutant's test run is Python starting and importing pytest and Hypothesis, the
same for every mutant. ``tools/mutate.py`` starts this server once per module, in the
module's scratch directory, before any ``drako_rules`` module or test module is imported
(it checks), and cosmic-ray's test command is the client below: for each mutant the server
forks a child, which runs ``pytest.main`` on the tests. The child imports the package and
the tests from the files on disk, so it sees the mutant exactly as a new process would.
When the client goes away (cosmic-ray's timeout kills it), the child is killed.

    python -m mutation_server SOCKET          # the server, in the scratch directory
    python -S -m mutation_server --client SOCKET PYTEST_ARGS...
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import signal
import socket
import sys
import tempfile


def _client(path: str, args: list[str]) -> int:
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as conn:
        conn.connect(path)
        conn.sendall((json.dumps(args) + "\n").encode())
        data = b""
        while chunk := conn.recv(65536):
            data += chunk
    reply = json.loads(data.decode())
    sys.stdout.write(reply["output"])
    return int(reply["status"])


def _child(args: list[str], out_fd: int) -> None:
    import pytest

    os.dup2(out_fd, 1)
    os.dup2(out_fd, 2)
    try:
        status = int(pytest.main(args))
    except BaseException:  # any failure of the run is a killed mutant
        status = 99
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(status)


def _serve(path: str) -> None:
    import attrs  # noqa: F401 - imported once here, for every child
    import cattrs  # noqa: F401
    import hypothesis  # noqa: F401
    import pytest  # noqa: F401
    from _pytest import assertion, fixtures, python, runner  # noqa: F401

    early = [m for m in sys.modules if m.split(".")[0] in ("drako_rules", "tests", "conftest")]
    if early:
        raise SystemExit(f"mutation_server: imported before any mutant: {early}")
    if os.path.exists(path):
        os.unlink(path)
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as server:
        server.bind(path)
        server.listen(1)
        print("ready", flush=True)
        while True:
            conn, _ = server.accept()
            with conn:
                line = b""
                while not line.endswith(b"\n"):
                    chunk = conn.recv(65536)
                    if not chunk:
                        break
                    line += chunk
                if not line.endswith(b"\n"):
                    continue
                args = json.loads(line.decode())
                with tempfile.TemporaryFile() as out:
                    pid = os.fork()
                    if pid == 0:
                        server.close()
                        conn.close()
                        _child(args, out.fileno())
                    status = None
                    while status is None:
                        done, wait = os.waitpid(pid, os.WNOHANG)
                        if done:
                            status = os.waitstatus_to_exitcode(wait)
                            break
                        readable, _, _ = select.select([conn], [], [], 0.02)
                        if readable and not conn.recv(1):  # the client is gone: stop
                            os.kill(pid, signal.SIGKILL)
                            os.waitpid(pid, 0)
                            break
                    if status is None:
                        continue
                    out.seek(0)
                    output = out.read().decode("utf-8", "replace")
                with contextlib.suppress(OSError):  # the client may have gone meanwhile
                    conn.sendall(json.dumps({"status": status, "output": output}).encode())


if __name__ == "__main__":
    if sys.argv[1:2] == ["--client"]:
        sys.exit(_client(sys.argv[2], sys.argv[3:]))
    _serve(sys.argv[1])
