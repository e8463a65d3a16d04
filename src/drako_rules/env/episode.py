"""The game an environment runs: `Episode`, its state and its record.

Both environments (`raw_env` and
`SingleAgentEnv`) keep their game in one
``Episode``: dealt from a seed with `new_game` (R2.8), every
move applied with `apply_move` and written down, so
that `Episode.record` replays it. Their ``game_state`` and
``record()`` are the episode's.
"""

from __future__ import annotations

from drako_rules.errors import GameError
from drako_rules.game import GameRecord, GameState, Move, apply_move, new_game
from drako_rules.rulesets import Ruleset

__all__ = ["Episode"]


class Episode:
    """One game as an environment plays it: its seed, its state and the moves made so far.

    Args:
        players: 2, 3 or 4 (R1.3), checked by the environment.
        ruleset: the scoring rules (R9).

    Attributes:
        players: the player count.
        ruleset: the ruleset.
        seed: the seed the game was dealt from (R2.8); 0 before the first deal.
        moves: every move of the game so far, in order (its length is the number of
            decisions made, which the move limit counts, R7.4).

    Examples:
        >>> from drako_rules import POCKET, legal_moves, replay
        >>> episode = Episode(2, POCKET)
        >>> state = episode.deal(7)
        >>> state = episode.play(legal_moves(state)[0])
        >>> replay(episode.record()) == episode.game_state
        True
    """

    __slots__ = ("_state", "moves", "players", "ruleset", "seed")

    def __init__(self, players: int, ruleset: Ruleset) -> None:
        self.players = players
        self.ruleset = ruleset
        self.seed = 0
        self.moves: list[Move] = []
        self._state: GameState | None = None

    def deal(self, seed: int) -> GameState:
        """Start the game ``new_game(players, seed)`` (R2.8), with no move yet; return it.

        Raises:
            GameError: ``seed`` is not a game's seed; the episode keeps its game and its
                record as they were.
        """
        state = new_game(self.players, seed, 0, self.ruleset)  # checks the seed first
        self.seed, self.moves, self._state = seed, [], state
        return state

    def play(self, move: Move) -> GameState:
        """Apply ``move`` for the player to move and write it down; return the new state.

        Raises:
            GameError: no game was dealt yet.
            IllegalMoveError: the rules forbid the move now (nothing changes then).
        """
        state = self._state
        if state is None:
            raise GameError("the environment has no game yet: call reset() first")
        state = self._state = apply_move(state, move)
        self.moves.append(move)
        return state

    @property
    def game_state(self) -> GameState:
        """The whole state of the game, hidden cards included: for the trainer's logs and
        replays, never for an agent (R8).

        Raises:
            GameError: no game was dealt yet (the environment's ``reset`` deals one).
        """
        state = self._state
        if state is None:
            raise GameError("the environment has no game yet: call reset() first")
        return state

    def record(self) -> GameRecord:
        """The record of the game so far: its seed and every move (R2.8).

        Raises:
            GameError: no game was dealt yet.
        """
        state = self.game_state
        return GameRecord(
            self.seed, self.players, state.first_player, self.ruleset.name, moves=self.moves
        )
