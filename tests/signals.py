"""Start a child process as a terminal would, whatever started the test run."""

from __future__ import annotations

import signal


def sigint_as_from_a_terminal() -> None:
    """``preexec_fn`` of a child that a test stops with Ctrl-C: SIGINT back to its default.

    A program started in the background by a shell without job control (``pytest &`` in a
    script, ``nohup``) inherits SIGINT ignored, and so would every child it starts; Python
    then installs no ``KeyboardInterrupt`` handler, and the command rightly goes on when
    it gets a Ctrl-C. A test of what Ctrl-C does must not depend on how the suite was
    started.
    """
    signal.signal(signal.SIGINT, signal.SIG_DFL)
