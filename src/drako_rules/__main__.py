"""``python -m drako_rules``: the ``drako-rules`` command (see
`drako_rules.cli`)."""

from __future__ import annotations

import sys

from drako_rules.cli import main

if __name__ == "__main__":
    sys.exit(main())
