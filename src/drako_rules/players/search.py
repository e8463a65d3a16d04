"""A search player (R8): `SearchPlayer`, determinized Monte Carlo search.

What a player cannot see, the kinds of the Unexplored Lands, the order of the piles and
another player's drawn card (R8.2–R8.3), the search samples: each iteration deals a full
state consistent with the view (`sample_state`).

By default (``method="rollout"``) the search is a greedy player that looks further: it
ranks the legal moves by what the greedy player foresees of them
(`move_values`), keeps the ``candidates`` best,
and on every sampled state plays each candidate and then the rest of the game, every
seat moving by `quick_move` (a cheap greedy),
to its end (R7.1). The value of a candidate is its mean final lead: the searching seat's
total minus the best other total (R7.3, Legends included, R5.4), or with
``value="win"`` its share of first places (R5.6). The same sampled state serves every
candidate (common random numbers), so the luck of the sample cancels out of their
comparison. Its budget is a count of rollout moves (``moves``), not of samples: a first
turn, whose rollouts play the whole game, gets 5 to 9 samples, a last turn many more,
and no decision plays more than the budget and one sample's moves. With ``prune``,
candidates clearly worse than the best on the samples so far are dropped, and the rest
of the budget goes to the moves still in doubt. The greedy ranking is the search's prior: a
move greedy thinks worthless is not searched, and ties go to greedy's choice. This was
chosen by measurement (see
the "Players and the arena" page): valuing the end of the game rather than the score
after a few moves is what beats the greedy player.

``method="tree"`` is the earlier design, kept for comparison: one tree shared by all the
samples, with chance nodes below each move for what it revealed (the card drawn, R3.3;
the card under the revealed Unexplored Land, R3.3; the Legend that refilled the row,
R6.2); every seat chooses its moves by UCB1 on its own value, the logistic of the change
of its lead (`state_leads`) from the sampled
root, with ``scale`` points for one unit (``hidden=True``: the sampled hidden cards
turned over first, R7.2), after ``rollout_depth`` moves of a rollout policy
(``"quick"``, ``"greedy"``: `greedy_move`, or
``"random"``). It plays at the greedy player's level at best.
"""

from __future__ import annotations

import math
import random
import time
from typing import Final, Literal

import drako_rules.players.rollouts as rollouts
from drako_rules.errors import GameError, quote
from drako_rules.game import (
    Claim,
    Draw,
    GameState,
    Move,
    PlayerView,
    Reveal,
    apply_move,
    final_ranking,
    final_scores,
    legal_moves,
    player_view,
)
from drako_rules.game.ending import revealed_kingdom
from drako_rules.game.sampling import sample_state
from drako_rules.players.greedy import greedy_move, move_values

__all__ = [
    "DEFAULT_ITERATIONS",
    "DEFAULT_MOVES",
    "RolloutPolicy",
    "SearchMethod",
    "SearchPlayer",
    "ValueKind",
    "state_leads",
]

#: The default budget of a decision (``"rollout"``), in rollout moves: sampled states are
#: drawn, and every candidate is played and rolled out to the end of the game on each,
#: until the next sample would take the moves of the decision past this budget. A first
#: turn's rollouts are long (about 45 moves): it gets 5 to 9 samples, of 6 candidates at
#: first and fewer once pruning has dropped some; the last turns' are short and get many
#: more. A count of moves, not a time, so that a seed and a view always
#: give the same move; see the "Players and the arena" page for its time per decision
#: and its strength.
DEFAULT_MOVES: Final = 1600
#: The default cap on the iterations of a decision: sampled states (``"rollout"``, where
#: the budget of moves ends the search first but near the end of a game) or walks of the
#: tree (``"tree"``).
DEFAULT_ITERATIONS: Final = 1000

#: How the moves between a new leaf and its valuation are chosen.
RolloutPolicy = Literal["quick", "greedy", "random"]
#: The search: flat rollouts of the greedy player's best moves, or the tree of every move.
SearchMethod = Literal["rollout", "tree"]
#: How the end of a rollout is valued for the searching seat.
ValueKind = Literal["margin", "win"]

_SQRT2: Final = math.sqrt(2.0)
#: Deals played by every candidate before the search may drop one (``prune``).
_MIN_DEALS: Final = 4


def state_leads(state: GameState, hidden: bool = True) -> tuple[int, ...]:
    """Each seat's lead in ``state``: its total minus the best other total, in points.

    The totals are the players' final scores if the game ended now with every hidden card
    revealed (R7.2, R5.1–R5.5, Legends included); a finished game uses its final scores
    (R7.3).

    Examples:
        >>> from drako_rules import final_scores, play_random_game
        >>> state = play_random_game(2, seed=3).state
        >>> a, b = (sheet.total for sheet in final_scores(state))
        >>> state_leads(state) == (a - b, b - a)
        True
    """
    if state.is_over:
        totals = [sheet.total for sheet in final_scores(state)]
    elif not hidden:
        ruleset = state.ruleset
        totals = [rollouts.total(p.kingdom, p.legends, ruleset) for p in state.players]
    else:
        ruleset = state.ruleset
        totals = [
            rollouts.total(revealed_kingdom(p.kingdom, h), p.legends, ruleset)
            for p, h in zip(state.players, state.hidden, strict=True)
        ]
    return tuple(
        mine - max(t for other, t in enumerate(totals) if other != seat)
        for seat, mine in enumerate(totals)
    )


def _logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, x))))


def _outcome(move: Move, after: GameState, seat: int) -> object:
    """What ``move`` revealed in ``after``: the chance outcome below the move in the tree."""
    if isinstance(move, Draw):
        return after.drawn  # R3.3 (None if the game ended)
    if isinstance(move, Reveal):
        return after.players[seat].kingdom.cells[move.position.index]  # R3.3
    if isinstance(move, Claim):
        return after.legend_row  # R6.2: the Legend that took the slot
    return None


class _Edge:
    """A move of a decision node: its visits, its summed value for the mover, its outcomes."""

    __slots__ = ("outcomes", "value", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.value = 0.0
        self.outcomes: dict[object, _Node] = {}


class _Node:
    """A decision node: its visits and the moves tried from it."""

    __slots__ = ("edges", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.edges: dict[Move, _Edge] = {}


class SearchPlayer:
    """A player that searches: determinized Monte Carlo search over sampled states (R8).

    It decides from its `PlayerView` only: the hidden
    cards it needs are sampled from what the view leaves unseen
    (`sample_state`). A move with no alternative
    is played without search. See the module for the two methods.

    Args:
        seed: the seed of its own generator (samples and tie-breaks); with a budget of
            moves or iterations (no ``time_limit``), the same seed and views give the
            same moves.
        iterations: the most iterations per decision: sampled states (``"rollout"``:
            each rolled out once per candidate) or tree walks (``"tree"``).
        moves: the budget of a decision in rollout moves (``"rollout"``; None: no
            budget but ``iterations``): no new sample is drawn once the moves played so
            far and those of the last sample would exceed it, so a decision plays about
            this many moves, at least one sample. The default is the budget measured
            on the "Players and the arena" page.
        time_limit: if given, a time budget in seconds per decision as well: the search
            stops at whichever comes first (then moves depend on the machine's speed).
        exploration: the UCB1 constant (``"tree"``).
        scale: points of lead for one unit of the valuation's logistic (``"tree"``).
        rollout: the policy of the rollout moves (``"tree"``).
        rollout_depth: how many moves the rollout plays before the valuation
            (``"tree"``; 0: none).
        hidden: value positions with the sampled hidden cards turned over (R7.2)
            rather than blank (R4.6) (``"tree"``).
        method: ``"rollout"`` (greedy's best moves rolled out to the end of the game)
            or ``"tree"`` (the tree search).
        candidates: how many of greedy's best moves are searched (``"rollout"``).
        value: the end of a rollout valued by the final lead (``"margin"``) or by the
            share of first places (``"win"``) (``"rollout"``).
        prune: after 4 samples, stop rolling out a candidate whose mean value is below
            the best candidate's by more than ``prune`` standard errors of their paired
            differences over the same samples, so that the rest of the budget goes to
            the moves still in doubt (``"rollout"``; 0: never).

    Raises:
        GameError: a budget or parameter out of range.

    Examples:
        >>> from drako_rules import new_game, player_view
        >>> bot = SearchPlayer(seed=1, iterations=3)
        >>> view = player_view(new_game(2, seed=1), 0)
        >>> bot(view) in view.legal_moves
        True
    """

    def __init__(
        self,
        seed: int | None = None,
        *,
        iterations: int = DEFAULT_ITERATIONS,
        time_limit: float | None = None,
        exploration: float = 0.4,
        scale: float = 3.0,
        rollout: RolloutPolicy = "quick",
        rollout_depth: int = 0,
        hidden: bool = False,
        method: SearchMethod = "rollout",
        candidates: int = 6,
        value: ValueKind = "margin",
        moves: int | None = DEFAULT_MOVES,
        prune: float = 2.0,
    ) -> None:
        if isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1:
            raise GameError(f"iterations is a whole number from 1, not {quote(iterations)}")
        if time_limit is not None and not time_limit > 0:
            raise GameError(f"time_limit is a number of seconds above 0, not {quote(time_limit)}")
        if not exploration >= 0 or not scale > 0:
            raise GameError("exploration is at least 0 and scale above 0")
        if rollout not in ("quick", "greedy", "random"):
            raise GameError(f"rollout is 'quick', 'greedy' or 'random', not {quote(rollout)}")
        if isinstance(rollout_depth, bool) or not isinstance(rollout_depth, int):
            raise GameError(f"rollout_depth is a whole number, not {quote(rollout_depth)}")
        if rollout_depth < 0:
            raise GameError(f"rollout_depth is at least 0, not {quote(rollout_depth)}")
        if method not in ("rollout", "tree"):
            raise GameError(f"method is 'rollout' or 'tree', not {quote(method)}")
        if isinstance(candidates, bool) or not isinstance(candidates, int) or candidates < 1:
            raise GameError(f"candidates is a whole number from 1, not {quote(candidates)}")
        if value not in ("margin", "win"):
            raise GameError(f"value is 'margin' or 'win', not {quote(value)}")
        if moves is not None and (
            isinstance(moves, bool) or not isinstance(moves, int) or moves < 1
        ):
            raise GameError(f"moves is a whole number from 1 or None, not {quote(moves)}")
        if not prune >= 0:
            raise GameError(f"prune is a number of standard errors, at least 0, not {quote(prune)}")
        self.moves = moves
        self.prune = float(prune)
        #: The number of rollout moves of the last decision (``"rollout"``; each
        #: candidate's own move counts as one).
        self.last_moves = 0
        self.method = method
        self.candidates = candidates
        self.value = value
        self.seed = seed
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.time_limit = time_limit
        self.exploration = exploration
        self.scale = scale
        self.rollout = rollout
        self.rollout_depth = rollout_depth
        self.hidden = hidden
        #: The number of iterations of the last decision (0 when it needed no search).
        self.last_iterations = 0

    def __repr__(self) -> str:
        return (
            f"SearchPlayer(seed={self.seed!r}, iterations={self.iterations}, "
            f"moves={self.moves!r}, time_limit={self.time_limit!r}, method={self.method!r}, "
            f"candidates={self.candidates}, value={self.value!r}, prune={self.prune!r})"
        )

    def __call__(self, view: PlayerView) -> Move:
        moves = view.legal_moves
        if not moves:
            raise GameError(f"player {view.viewer} has no move to make now")
        self.last_iterations = 0
        self.last_moves = 0
        if len(moves) == 1:
            return moves[0]
        if self.method == "rollout":
            return self._rollouts(view)
        root = _Node()
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        for i in range(self.iterations):
            if deadline is not None and i and time.perf_counter() >= deadline:
                break
            self._iterate(root, sample_state(view, self.rng))
            self.last_iterations = i + 1
        edges = root.edges
        return max(
            moves, key=lambda m: (edges[m].visits, edges[m].value) if m in edges else (-1, 0)
        )

    def _rollouts(self, view: PlayerView) -> Move:
        """Rollouts to the end of the game of the greedy player's best moves: the move with
        the best mean value over the sampled states wins (ties: the greedy player's order)."""
        values = move_values(view)
        ranked = sorted(view.legal_moves, key=lambda m: -values[m])  # stable: legal order
        finite = [m for m in ranked if values[m] > -math.inf]
        cands = (finite or ranked)[: self.candidates]
        if len(cands) == 1:
            return cands[0]
        seat = view.viewer
        rows: list[list[float]] = [[] for _ in cands]
        alive = list(range(len(cands)))
        budget = self.moves
        used = 0
        last = 0
        prune = self.prune
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        for i in range(self.iterations):
            if i and budget is not None and used + last > budget:
                break
            if deadline is not None and i and time.perf_counter() >= deadline:
                break
            state = sample_state(view, self.rng)
            start = used
            for k in alive:
                end, n = rollouts.play_out(apply_move(state, cands[k]))
                rows[k].append(self._value(end, seat))
                used += n + 1
            last = used - start
            self.last_iterations = i + 1
            if prune and i + 1 >= _MIN_DEALS and len(alive) > 1:
                alive = rollouts.survivors(rows, alive, prune)
                if len(alive) == 1:
                    break
        self.last_moves = used
        n = len(rows[alive[0]])
        best = max(alive, key=lambda k: (sum(rows[k][:n]), -k))
        return cands[best]

    def _value(self, state: GameState, seat: int) -> float:
        """The end of a rollout for ``seat``: its lead (R7.3), or its win share."""
        if self.value == "margin":
            return float(state_leads(state)[seat])
        places = final_ranking(state).places
        if places[seat] != 1:
            return 0.0
        return 1.0 / places.count(1)  # R7.3: a shared first place

    def _iterate(self, root: _Node, state: GameState) -> None:
        """One iteration: select and expand in the tree, value the leaf, back the values up."""
        rng = self.rng
        c = self.exploration
        node = root
        base = state_leads(state, self.hidden)  # the control variate: the sample's own hidden cards
        path: list[tuple[_Node, _Edge, int]] = []
        while not state.is_over:
            legal = legal_moves(state)
            seat = state.current_player
            edges = node.edges
            untried = [m for m in legal if m not in edges]
            if untried:
                move = untried[int(rng.random() * len(untried))]
                edge = edges[move] = _Edge()
            else:
                log_n = math.log(node.visits + 1)
                best = -math.inf
                move, edge = legal[0], edges[legal[0]]
                for m in legal:
                    e = edges[m]
                    u = e.value / e.visits + c * _SQRT2 * math.sqrt(log_n / e.visits)
                    if u > best:
                        best, move, edge = u, m, e
            state = apply_move(state, move)
            path.append((node, edge, seat))
            key = _outcome(move, state, seat)
            child = edge.outcomes.get(key)
            if child is None:
                edge.outcomes[key] = _Node()
                break
            node = child
        leads = state_leads(self._roll_out(state), self.hidden)
        scale = self.scale
        values = [_logistic((lead - b) / scale) for lead, b in zip(leads, base, strict=True)]
        for n, e, seat in path:
            n.visits += 1
            e.visits += 1
            e.value += values[seat]

    def _roll_out(self, state: GameState) -> GameState:
        """``rollout_depth`` moves of the rollout policy from ``state`` (fewer if it ends)."""
        rng = self.rng
        for _ in range(self.rollout_depth):
            if state.is_over:
                break
            if self.rollout == "quick":
                move = rollouts.quick_move(state)
            elif self.rollout == "greedy":
                move = greedy_move(player_view(state, state.current_player))
            else:
                legal = legal_moves(state)
                move = legal[int(rng.random() * len(legal))]
            state = apply_move(state, move)
        return state
