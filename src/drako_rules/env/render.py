"""The text the environments render: one player's view (R8) in a few readable lines."""

from __future__ import annotations

from drako_rules.game import PlayerView

__all__ = ["view_text"]


def view_text(view: PlayerView) -> str:
    """What ``view``'s player sees, as text: phase, piles, legend row, every player, legal moves.

    Shows only what the view holds (R8): Unexplored Lands are ``?`` and the drawn card
    appears only in the view of the player who drew it (R8.3).

    Examples:
        >>> from drako_rules import new_game, player_view
        >>> print(view_text(player_view(new_game(2, seed=4), 1)))  # doctest: +ELLIPSIS
        player 1's view: 2 players, pocket, turn 0, player 0 to move (arrange)
        draw pile 8, discard pile empty, legend deck 7
        legend row: battle-goblin-human, three-plains, ..., three-forests
        *player 0: ????/????/????/????  no Legend; hand M S E H
         player 1: ????/????/????/????  no Legend; hand F M P G
    """
    if view.is_over:
        status = "game over"
    else:
        status = f"player {view.current_player} to move ({view.phase.value})"
    discard = view.discard_pile
    top = (
        f"discard pile {len(discard)}, top {discard[-1].english}"
        if discard
        else "discard pile empty"
    )
    lines = [
        f"player {view.viewer}'s view: {len(view.players)} players, {view.ruleset}, "
        f"turn {view.turn}, {status}",
        f"draw pile {view.draw_pile_size}, {top}, legend deck {view.legend_deck_size}",
        "legend row: " + (", ".join(legend.value for legend in view.legend_row) or "empty"),
    ]
    if view.drawn is not None:
        lines.append(f"drawn card: {view.drawn.english}")
    for seat, player in enumerate(view.players):
        mark = "*" if seat == view.current_player and not view.is_over else " "
        legends = ", ".join(legend.value for legend in player.legends) or "no Legend"
        hand = f"; hand {' '.join(c.letter for c in player.hand)}" if player.hand else ""
        lines.append(f"{mark}player {seat}: {player.kingdom}  {legends}{hand}")
    if view.legal_moves:
        lines.append("legal moves: " + ", ".join(str(move) for move in view.legal_moves))
    return "\n".join(lines)
