"""A greedy bot for Drako: Aetherya Pocket, and how often it beats the random player.

``greedy_player`` is a *player*: given its ``PlayerView``, what its seat may see (R8),
it returns one of ``view.legal_moves``. For each legal move it works out its score after
the move, from its own revealed Kingdom (R5; Unexplored Lands count as blank, R4.6) plus
its Legends, and plays the best one:

- a Legend whenever one can be claimed, the one worth most points (R6.1);
- at the start, the arrangement of the four starting cards that scores best (R2.5);
- before taking a card, the discard pile's top onto the position where it scores best,
  unless drawing is worth more on average (R3.1–R3.3): a draw is valued as the mean, over
  the cards it has not seen, of the best thing it could then do with each;
- with a drawn card, the best placement, or discarding it and revealing the Unexplored
  Land that is worth most on average (R3.3).

It never replaces a revealed card unless that raises its score. So each of its card
actions either removes one of its Unexplored Lands or strictly raises its score, which is
bounded: it cannot keep a game going forever (R7.1 needs the last Unexplored Land to go).

Run it to play 300 seeded two-player games against ``RandomPlayer`` and print the
result::

    python examples/greedy_bot.py             # 300 games
    python examples/greedy_bot.py --games 20  # a quick run
    python examples/greedy_bot.py --time      # also print how long the games took
"""

from __future__ import annotations

import argparse
import functools
import math
import statistics
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from drako_rules import (
    Arrange,
    Card,
    Claim,
    Draw,
    GameError,
    Kingdom,
    Move,
    Phase,
    Place,
    Player,
    PlayerView,
    Position,
    RandomPlayer,
    Reveal,
    Take,
    cards_per_kind,
    final_ranking,
    final_scores,
    get_ruleset,
    play_game,
    score,
)

#: The 2×2 centre where an arrangement puts the starting cards, in its order (R2.5).
CENTRE = (Position(1, 1), Position(1, 2), Position(2, 1), Position(2, 2))
#: The 16 positions of a Kingdom, row by row (R4.1).
ALL_POSITIONS = tuple(Position(row, col) for row in range(4) for col in range(4))
#: A guard for play_game: the rules set no limit on the length of a game (R7).
MAX_MOVES = 2000


# --- what the bot knows ----------------------------------------------------------------------


# --8<-- [start:seen]
@functools.lru_cache(maxsize=1 << 16)
def points(kingdom: Kingdom, ruleset: str) -> int:
    """The score of the revealed cards of ``kingdom`` (R5); Unexplored Lands are blank (R4.6)."""
    return score(kingdom, ruleset=get_ruleset(ruleset)).total


def unseen_cards(view: PlayerView) -> Counter[Card]:
    """How many cards of each kind the viewer has not seen (R8).

    The deck holds ``cards_per_kind`` cards of each kind (R1.3); every card face up in a
    Kingdom, a hand or the discard pile, and the card the viewer holds, is seen. The rest
    lies in the draw pile or under an Unexplored Land, and no one knows which (R8.2).
    """
    seen = Counter(view.discard_pile)
    for player in view.players:
        seen.update(card for card in player.kingdom.cells if card is not None)
        seen.update(player.hand)
    if view.drawn is not None:
        seen[view.drawn] += 1
    per_kind = cards_per_kind(len(view.players))
    return Counter({card: per_kind - seen[card] for card in Card if seen[card] < per_kind})


def may_replace(old: Card | None, card: Card) -> bool:
    """Whether ``card`` may go where ``old`` lies (R3.4b–d)."""
    return old is None or (old is not Card.DRAGON and old is not Card.PORTAL and old is not card)


# --8<-- [end:seen]


# --- the value of each decision ----------------------------------------------------------------


# --8<-- [start:values]
def placement_value(kingdom: Kingdom, ruleset: str, position: Position, card: Card) -> float:
    """The score after putting ``card`` on ``position``; minus infinity when the bot would
    not do it: replacing a revealed card without raising the score."""
    after = points(kingdom.replace(position, card), ruleset)
    if kingdom.cells[position.index] is not None and after <= points(kingdom, ruleset):
        return -math.inf
    return after


def reveal_value(
    kingdom: Kingdom, ruleset: str, position: Position, unseen: Counter[Card]
) -> float:
    """The mean score after revealing the Unexplored Land at ``position``, over the unseen cards."""
    total = sum(unseen.values())
    if not total:
        return points(kingdom, ruleset)
    return (
        sum(n * points(kingdom.replace(position, card), ruleset) for card, n in unseen.items())
        / total
    )


def draw_value(view: PlayerView, best_reveal: float, unseen: Counter[Card]) -> float:
    """The mean, over the cards that may be drawn, of the best use of each (R3.3).

    The draw pile holds unseen cards; once it is empty, the next draw comes from the
    discard pile but its top, reshuffled (R3.5), which the bot has seen.
    """
    kingdom, ruleset = view.me.kingdom, view.ruleset
    pile = unseen if view.draw_pile_size else Counter(view.discard_pile[:-1])
    total = sum(pile.values())
    if not total:
        return -math.inf
    value = 0.0
    for card, n in pile.items():
        best = best_reveal
        for position in ALL_POSITIONS:
            if may_replace(kingdom.cells[position.index], card):
                best = max(best, placement_value(kingdom, ruleset, position, card))
        value += n * best
    return value / total


# --8<-- [end:values]


def arranged(hand: Sequence[Card], move: Arrange) -> Kingdom:
    """The Kingdom after the arrangement ``move`` of ``hand`` (R2.5)."""
    kingdom = Kingdom.unexplored()
    for position, card in zip(CENTRE, move.cards(hand), strict=True):
        kingdom = kingdom.replace(position, card)
    return kingdom


# --- the player ----------------------------------------------------------------------------------


# --8<-- [start:player]
def greedy_player(view: PlayerView) -> Move:
    """The legal move that leaves the viewer with the best score it can foresee (see above)."""
    moves = view.legal_moves
    if not moves:
        raise GameError(f"player {view.viewer} has no move to make now")
    claims = [move for move in moves if isinstance(move, Claim)]
    if claims:  # R6.1: a Legend is points that no later move can take away (R6.3).
        return max(claims, key=lambda move: move.legend.points)
    kingdom, ruleset = view.me.kingdom, view.ruleset
    if view.phase is Phase.ARRANGE:
        hand = view.me.hand
        arrangements = [move for move in moves if isinstance(move, Arrange)]
        return max(arrangements, key=lambda move: points(arranged(hand, move), ruleset))
    if view.phase is Phase.AFTER_CARD:
        return moves[-1]  # nothing to claim: End
    unseen = unseen_cards(view)
    reveals = {
        position: reveal_value(kingdom, ruleset, position, unseen)
        for position in kingdom.unexplored_positions
    }
    values: dict[Move, float] = {}
    for move in moves:
        if isinstance(move, Draw):
            values[move] = draw_value(view, max(reveals.values(), default=-math.inf), unseen)
        elif isinstance(move, Take):
            top = view.discard_pile[-1]
            values[move] = placement_value(kingdom, ruleset, move.position, top)
        elif isinstance(move, Place):
            assert view.drawn is not None
            values[move] = placement_value(kingdom, ruleset, move.position, view.drawn)
        elif isinstance(move, Reveal):
            values[move] = reveals[move.position]
    # Ties go to the first move in legal order (Take before Draw, Place before Reveal).
    return max(moves, key=lambda move: values.get(move, -math.inf))


# --8<-- [end:player]


# --- a match against the random player -----------------------------------------------------------


@dataclass(frozen=True)
class MatchResult:
    """The outcome of a match of two-player games, greedy against random."""

    games: int
    wins: int
    draws: int
    losses: int
    unfinished: int  # games not over after MAX_MOVES moves
    totals: tuple[tuple[int, int], ...]  # (greedy's total, random's total) per finished game
    lengths: tuple[int, ...]  # the number of moves of each finished game

    @property
    def finished(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def margins(self) -> tuple[int, ...]:
        """Greedy's total minus random's, per finished game."""
        return tuple(mine - theirs for mine, theirs in self.totals)


def play_match(games: int, seed: int = 0, max_moves: int = MAX_MOVES) -> MatchResult:
    """Play ``games`` two-player games, greedy against random; game ``i`` has seed
    ``seed + i``, and greedy sits in seat ``i % 2`` (the first player, R2.7, in even games)."""
    wins = draws = losses = unfinished = 0
    totals: list[tuple[int, int]] = []
    lengths: list[int] = []
    for i in range(games):
        me = i % 2
        players: list[Player] = [RandomPlayer(seed + i), RandomPlayer(seed + i)]
        players[me] = greedy_player
        try:
            game = play_game(players, seed=seed + i, max_moves=max_moves)
        except GameError:
            unfinished += 1
            continue
        places = final_ranking(game.state).places  # R5.6: ties broken by the categories
        sheets = final_scores(game.state)
        totals.append((sheets[me].total, sheets[1 - me].total))
        lengths.append(len(game.record.moves))
        if places[me] < places[1 - me]:
            wins += 1
        elif places[me] > places[1 - me]:
            losses += 1
        else:
            draws += 1
    return MatchResult(games, wins, draws, losses, unfinished, tuple(totals), tuple(lengths))


def wilson_interval(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% for ``z = 1.96``)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def report(result: MatchResult, seed: int) -> list[str]:
    """The lines that describe a match."""
    n = result.finished
    last = seed + result.games - 1
    lines = [
        f"{result.games} two-player games, greedy against random (seeds {seed}-{last}, "
        "greedy first in even games)",
        f"greedy won {result.wins}, drew {result.draws}, lost {result.losses}; "
        f"{result.unfinished} unfinished after {MAX_MOVES} moves",
    ]
    if n:
        low, high = wilson_interval(result.wins, n)
        lines.append(f"win rate {result.wins / n:.1%} (95% CI {low:.1%} to {high:.1%}, Wilson)")
        mean = statistics.fmean(result.margins)
        half = 1.96 * statistics.stdev(result.margins) / math.sqrt(n) if n > 1 else math.inf
        lines.append(
            f"mean margin {mean:+.1f} points (95% CI {mean - half:+.1f} to {mean + half:+.1f})"
        )
        greedy = statistics.fmean(mine for mine, _ in result.totals)
        random = statistics.fmean(theirs for _, theirs in result.totals)
        lines.append(
            f"mean score: greedy {greedy:.1f}, random {random:.1f}; "
            f"{statistics.fmean(result.lengths):.0f} moves per game on average"
        )
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Play the greedy bot against the random player.")
    parser.add_argument("--games", type=int, default=300, help="how many games (default 300)")
    parser.add_argument("--seed", type=int, default=0, help="the seed of the first game")
    parser.add_argument("--time", action="store_true", help="also print how long it took")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    start = time.perf_counter()
    result = play_match(args.games, args.seed)
    elapsed = time.perf_counter() - start
    print("\n".join(report(result, args.seed)))
    if args.time:
        print(f"time {elapsed:.1f} s ({elapsed / args.games * 1000:.0f} ms per game)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
