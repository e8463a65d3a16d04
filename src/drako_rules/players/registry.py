"""The players the arena knows by name, and the specs that name a player of your own.

`parse_player` reads ``random``, ``greedy``,
``search`` or ``module:Name`` (a factory of the user's own players) into a
`PlayerSpec`, a plain value that pickles, which
each worker resolves into a factory of players
(`BUILTIN_PLAYERS`, or the user's module).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Final, TypeAlias

import attrs

from drako_rules.errors import ArenaError
from drako_rules.game import Player, RandomPlayer
from drako_rules.parallel import describe_exception, escaped_prefix
from drako_rules.players.greedy import GreedyPlayer
from drako_rules.players.search import SearchPlayer

__all__ = ["BUILTIN_PLAYERS", "PlayerFactory", "PlayerSpec", "parse_player"]

#: A factory of players: called with a seed (an integer), it returns a fresh player.
PlayerFactory: TypeAlias = Callable[[int], Player]


def _random(seed: int) -> Player:
    return RandomPlayer(seed)


def _greedy(seed: int) -> Player:
    return GreedyPlayer()


def _search(seed: int) -> Player:
    return SearchPlayer(seed)


#: The players the arena knows by name, each a factory from a seed.
BUILTIN_PLAYERS: Final[dict[str, PlayerFactory]] = {
    "random": _random,
    "greedy": _greedy,
    "search": _search,
}


@attrs.frozen
class PlayerSpec:
    """A player named on the command line or in the API: built-in or ``module:Name``.

    A spec is a plain value (it pickles), resolved into a factory where the games are
    played, so a cluster's workers import the user's module themselves.

    Attributes:
        spec: ``random``, ``greedy``, ``search``, or ``module:Name`` where ``Name`` is a
            callable of ``module`` that takes a seed and returns a player (a class such as
            ``drako_rules:RandomPlayer`` is one).
    """

    spec: str

    @property
    def name(self) -> str:
        """The name shown in tables: the spec itself."""
        return self.spec

    def factory(self) -> PlayerFactory:
        """The factory the spec names.

        Raises:
            ArenaError: the module cannot be imported, has no such name, or the name is
                not callable.
        """
        builtin = BUILTIN_PLAYERS.get(self.spec)
        if builtin is not None:
            return builtin
        module_name, _, attribute = self.spec.partition(":")
        try:
            module = importlib.import_module(module_name)
        except KeyboardInterrupt:
            raise
        except BaseException as exc:  # any failure of the user's module, SystemExit too
            raise ArenaError(
                f"player {escaped_prefix(self.spec)}: cannot import module {escaped_prefix(module_name)}: "
                f"{describe_exception(exc, 60)}"
            ) from None
        try:
            factory = getattr(module, attribute, None)
        except Exception:  # a module's __getattr__ that raises
            factory = None
        if not callable(factory):
            raise ArenaError(
                f"player {escaped_prefix(self.spec)}: module {escaped_prefix(module_name)} has no callable "
                f"{escaped_prefix(attribute)}"
            )
        checked: PlayerFactory = factory
        return checked


def parse_player(spec: str) -> PlayerSpec:
    """Read a player spec: ``random``, ``greedy``, ``search`` or ``module:Name``.

    The spec is checked now (the module imported and the name found), so that a typo
    fails before any game is played.

    Raises:
        ArenaError: an unknown name, a malformed ``module:Name`` or one that does not
            resolve.

    Examples:
        >>> parse_player("greedy").name
        'greedy'
        >>> parse_player("drako_rules:RandomPlayer").factory()(7)  # doctest: +ELLIPSIS
        <drako_rules.game.players.RandomPlayer object at ...>
    """
    if not isinstance(spec, str):
        raise ArenaError(f"a player spec is a text, not {type(spec).__name__}")
    if len(spec) > 300:
        raise ArenaError(f"player spec too long ({len(spec)} characters): {escaped_prefix(spec)}")
    if spec not in BUILTIN_PLAYERS:
        module, colon, name = spec.partition(":")
        if not colon or not module or not name.isidentifier():
            known = ", ".join(BUILTIN_PLAYERS)
            raise ArenaError(
                f"unknown player {escaped_prefix(spec)}: use one of {known}, or module:Name "
                "for a factory of your own"
            )
    parsed = PlayerSpec(spec)
    parsed.factory()
    return parsed
