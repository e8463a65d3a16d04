"""The multi-agent environment the way PettingZoo's own environments are made: ``drako_v0.env()``.

PettingZoo's tutorials import an environment module and call its ``env`` (the wrapped AEC
environment) or ``raw_env`` (the bare one), as ``from pettingzoo.classic import chess_v6;
chess_v6.env()``. This module is that for drako-rules:

    >>> from drako_rules.env import drako_v0
    >>> game = drako_v0.env(players=3, render_mode="ansi")
    >>> game.reset(seed=1)
    >>> game.agent_selection
    'player_0'

Like PettingZoo's classic board games it has no ``parallel_env``: players move in turn,
often several decisions in a row (R3, R6.1). ``env`` and ``raw_env`` are
`drako_rules.env.aec.env` and
`drako_rules.env.aec.raw_env`.
"""

from __future__ import annotations

from drako_rules.env.aec import env, raw_env

__all__ = ["env", "raw_env"]
