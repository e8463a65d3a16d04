"""The arena (R2.8, R5.6): seeded games whose results do not depend on who runs them,
statistics checked against hand computations, and players that misbehave reported by name
without losing the finished games."""

from __future__ import annotations

import contextlib
import io
import json
import math
from concurrent.futures import ThreadPoolExecutor

import pytest

from drako_rules import final_ranking, final_scores, play_random_game
from drako_rules.arena import (
    ArenaError,
    bradley_terry,
    chi_square_p_value,
    default_batch_size,
    parse_player,
    player_seed,
    run_arena,
    simulate,
    wilson_interval,
)
from drako_rules.cli import main


def test_results_do_not_depend_on_workers_or_batches() -> None:
    """The same seeded arena gives equal results in this process, in a 2-process pool, on
    threads and with other batch sizes: each game is seeded by its index."""
    players = ["greedy", "random", "random"]
    one = run_arena(players, 12, seed=5, workers=1)
    assert run_arena(players, 12, seed=5, workers=2) == one
    assert run_arena(players, 12, seed=5, workers=2, batch_size=1) == one
    with ThreadPoolExecutor(2) as pool:
        assert run_arena(players, 12, seed=5, executor=pool, batch_size=5) == one
    assert len(one.results) == 12 and one.ok


def test_seats_rotate_so_each_player_sits_everywhere_equally() -> None:
    """Over 6 games of 3 players, each player sits twice in each seat, and the per-seat
    shares of each player sum to its wins."""
    result = run_arena(["random", "greedy", "random"], 6, seed=1, workers=1)
    for summary in result.summaries:
        assert [s.games for s in summary.seats] == [2, 2, 2]
        assert sum(s.wins for s in summary.seats) == pytest.approx(summary.wins)
    assert sum(s.wins for s in result.summaries) == pytest.approx(6)


def test_arena_games_are_the_games_of_their_seeds() -> None:
    """An arena of random players plays, in game i, the players made for it on seed S+i:
    the totals are final scores of a real game (R7.3) and the places their ranking."""
    result = run_arena(["random", "random"], 4, seed=9, workers=1)
    for game in result.results:
        assert game.seed == 9 + game.index
        assert sorted(game.places) in ([1, 2], [1, 1])
        assert (game.totals[0] > game.totals[1]) <= (game.places[0] == 1)


def test_cluster_executor_gives_the_same_results() -> None:
    """A real Dask LocalCluster of two worker processes gives the results of one process."""
    distributed = pytest.importorskip("distributed")
    expected = run_arena(["greedy", "random"], 8, seed=3, workers=1)
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        executor = client.get_executor()
        assert run_arena(["greedy", "random"], 8, seed=3, executor=executor) == expected
        assert simulate(2, 40, seed=2, executor=executor) == simulate(2, 40, seed=2, workers=1)


def test_wilson_interval_by_hand() -> None:
    """50 of 100: 0.5 ± 1.96·√(0.0025 + 1.96²/40000) / (1 + 1.96²/100) = 0.4038 to 0.5962;
    7.5 of 10 (a shared place as half): centre (0.75 + 0.19208)/1.38415 = 0.68068."""
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4)
    assert high == pytest.approx(0.5962, abs=1e-4)
    low, high = wilson_interval(7.5, 10)
    assert (low + high) / 2 == pytest.approx(0.68068, abs=1e-4)


def test_bradley_terry_two_players_by_hand() -> None:
    """7 wins to 3, plus the prior half win each way: strengths 7.5 : 3.5, so the gap is
    400·log10(7.5/3.5) = 132.4 Elo, split ±66.2. The information is n·p·(1−p) with n = 11,
    p = 7.5/11, so Var(gap) = 1/2.3864 = 0.41905 (log units), Var(each) = 0.10476, and the
    interval is ±1.96·√0.10476·400/ln 10 = ±110.2 Elo."""
    a, b = bradley_terry([[0, 7], [3, 0]])
    assert a.elo == pytest.approx(200 * math.log10(7.5 / 3.5), abs=1e-6)
    assert b.elo == pytest.approx(-a.elo, abs=1e-6)
    assert a.high - a.elo == pytest.approx(110.2, abs=0.1)
    assert a.elo - a.low == pytest.approx(a.high - a.elo)


def test_bradley_terry_three_equal_players() -> None:
    """Three players who each beat each other 5 times to 5 are equal: every rating 0, and
    the intervals equal and symmetric."""
    ratings = bradley_terry([[0, 5, 5], [5, 0, 5], [5, 5, 0]])
    assert all(r.elo == pytest.approx(0, abs=1e-9) for r in ratings)
    assert len({round(r.high, 9) for r in ratings}) == 1 and ratings[0].high > 0


def test_chi_square_tails() -> None:
    """The 5 % critical values 3.841 (1 df), 5.991 (2 df) and 7.815 (3 df) give p = 0.05."""
    for x, df in ((3.841, 1), (5.991, 2), (7.815, 3)):
        assert chi_square_p_value(x, df) == pytest.approx(0.05, abs=5e-4)


def test_simulate_counts_match_the_games() -> None:
    """simulate's seat shares are the first places of play_random_game(2, seed + k) games,
    shared places split, and equal for 1 and 2 workers."""
    wins = [0.0, 0.0]
    for k in range(30):
        places = final_ranking(play_random_game(2, 100 + k).state).places
        winners = [s for s in (0, 1) if places[s] == 1]
        for s in winners:
            wins[s] += 1 / len(winners)
    result = simulate(2, 30, seed=100, workers=1)
    assert [s.wins for s in result.seats] == pytest.approx(wins)
    assert simulate(2, 30, seed=100, workers=2, batch_size=7) == result
    assert result.total_mean == pytest.approx(
        sum(sum(x.total for x in final_scores(play_random_game(2, 100 + k).state))
            for k in range(30)) / 60
    )  # fmt: skip


def test_default_batches_are_large_for_many_games() -> None:
    """2,000 games on 2 workers go in 16 batches of 125."""
    assert default_batch_size(2000, 2) == 125


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("alphazero", "unknown player 'alphazero'"),
        ("no_such_module_xyz:Bot", "cannot import module 'no_such_module_xyz'"),
        ("arena_players:Missing", "has no callable 'Missing'"),
        ("arena_players:NOT_CALLABLE", "has no callable 'NOT_CALLABLE'"),
        ("mod:", "unknown player 'mod:'"),
    ],
)
def test_bad_player_specs_are_named(spec: str, message: str) -> None:
    """A spec that names no player is refused before any game, quoting it."""
    with pytest.raises(ArenaError, match=message):
        parse_player(spec)


def test_a_raising_player_fails_only_its_games() -> None:
    """A player that raises in some games fails exactly those, named with the game; the
    other games are all kept, in this process and in a pool alike."""
    players = ["random", "arena_players:Raising"]
    result = run_arena(players, 10, seed=0, workers=1)
    assert run_arena(players, 10, seed=0, workers=2) == result
    assert result.failures and result.results
    assert len(result.failures) + len(result.results) == 10
    for failure in result.failures:
        assert failure.name == "arena_players:Raising" and failure.player == 1
        assert "raised ValueError: 'this player gives up'" in failure.reason
        assert f"game {failure.index} " in str(failure)
    assert result.summaries[0].games == len(result.results)


def test_an_illegal_move_fails_the_game_naming_the_player() -> None:
    """A player that returns an illegal move fails each of its games, naming the move."""
    result = run_arena(["arena_players:Illegal", "random"], 2, seed=0, workers=1)
    assert not result.results and len(result.failures) == 2
    assert all("illegal move 'end'" in f.reason for f in result.failures)


def test_a_hanging_player_is_stopped_by_the_move_time_limit() -> None:
    """A player that sleeps an hour fails its game by the move time limit; the others finish
    (in this process, and in worker processes)."""
    players = ["random", "arena_players:Hanging"]
    for workers in (1, 2):
        result = run_arena(players, 6, seed=0, workers=workers, move_time_limit=0.5)
        assert result.failures and result.results
        assert len(result.failures) + len(result.results) == 6
        assert all(f.reason == "no move within 0.5 s" for f in result.failures)


def test_the_run_timeout_gives_up_late_batches_and_keeps_the_rest() -> None:
    """On two threads (where no alarm can interrupt a move), a player that sleeps 2 s holds
    its batch past a 0.5 s run timeout: those games and the ones queued behind them are
    failures naming the timeout, every game that came back is kept, and none is lost."""
    players = ["random", "arena_players:Slow"]
    slow = {i for i in range(8) if player_seed(2, i, 1) % 3 == 0}
    assert slow == {2, 5, 7}  # games 0 and 1 are played before any thread is held up
    with ThreadPoolExecutor(2) as pool:
        result = run_arena(players, 8, seed=2, executor=pool, batch_size=1, timeout=0.5)
    done = {g.index for g in result.results}
    failed = {f.index for f in result.failures}
    assert {0, 1} <= done and slow <= failed and done | failed == set(range(8))
    assert not done & failed
    for failure in result.failures:
        assert failure.player == -1 and failure.seed == 2 + failure.index
        assert str(failure).endswith("its batch was not back within the run's timeout of 0.5 s")
    assert result.summaries[0].games == len(done)


def test_arena_refuses_uneven_rotation_and_bad_counts() -> None:
    """Games that cannot rotate the seats equally, or a count out of range, are refused."""
    with pytest.raises(ArenaError, match="multiple of 3"):
        run_arena(["random"] * 3, 10)
    with pytest.raises(ArenaError, match="2 to 4 players"):
        run_arena(["random"], 2)
    with pytest.raises(ArenaError, match="number of games"):
        run_arena(["random", "random"], 0)
    for timeout in (0, -1.0, True, "1"):
        with pytest.raises(ArenaError, match="timeout is a number of seconds above 0"):
            run_arena(["random", "random"], 2, timeout=timeout)  # type: ignore[arg-type]


def _cli(*argv: str) -> tuple[int, str, str]:
    """Run ``drako-rules ARGV`` in-process; return the exit status, stdout and stderr."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(argv))
    return status, out.getvalue(), err.getvalue()


def test_cli_arena_prints_json_and_a_table() -> None:
    """``arena greedy random --json`` prints the summary as JSON; without it, a table with
    one line per player, within 80 columns; every game finished gives exit status 0."""
    status, out, err = _cli("arena", "greedy", "random", "--games", "4", "--workers", "1", "--json")
    data = json.loads(out)
    assert status == 0 and err == ""
    assert [p["name"] for p in data["players"]] == ["greedy", "random"]
    assert data["finished"] == 4 and data["players"][0]["win_rate"] == 1.0
    status, out, _ = _cli("arena", "greedy", "random", "--games", "2", "--workers", "1")
    assert status == 0 and out.splitlines()[2].startswith("greedy ")
    assert max(len(line) for line in out.splitlines()) <= 80


def test_cli_arena_table_fits_80_columns_for_four_long_names() -> None:
    """Four players with names longer than 12 characters: the names are cut (with …) and
    both tables stay within 80 columns."""
    spec = "drako_rules:RandomPlayer"
    status, out, _ = _cli("arena", spec, spec, spec, spec, "--games", "8", "--workers", "1")
    assert status == 0
    assert "drako_rules:…" in out and spec not in out
    assert max(len(line) for line in out.splitlines()) <= 80


def test_cli_arena_reports_bad_specs_and_failed_games() -> None:
    """A bad spec is one line on stderr and status 2; failed games are listed with the
    table of the finished games, one line on stderr says how many, and the status is 1."""
    status, out, err = _cli("arena", "random", "nobody", "--games", "2", "--workers", "1")
    assert status == 2 and out == "" and err.count("\n") == 1 and "'nobody'" in err
    status, out, err = _cli(
        "arena", "random", "arena_players:Raising", "--games", "6", "--workers", "1"
    )
    assert status == 1 and out.startswith("6 games (2 finished)")
    assert out.count("failed: game ") == 4
    assert err.count("\n") == 1 and "4 of 6 games failed because of a player" in err


def test_cli_arena_json_is_the_same_for_one_and_two_workers() -> None:
    """The same seeded arena prints the same JSON whatever --workers."""
    args = ("arena", "greedy", "random", "random", "--games", "6", "--seed", "3", "--json")
    one = _cli(*args, "--workers", "1")
    assert one[0] == 0 and _cli(*args, "--workers", "2") == one


def test_cli_simulate_json_is_the_same_for_one_and_two_workers() -> None:
    """``simulate --json`` plays game k on seed S+k wherever it runs: --workers 1 and 2 print
    the same JSON, whose seat shares sum to 1 and carry intervals and the chi-square test."""
    args = ("simulate", "--players", "3", "--games", "30", "--seed", "11", "--json")
    status, out, err = _cli(*args, "--workers", "1")
    assert status == 0 and err == ""
    assert _cli(*args, "--workers", "2") == (status, out, err)
    data = json.loads(out)
    assert data["games"] == 30 and sum(s["win_share"] for s in data["seats"]) == 1.0
    assert all(s["interval"][0] <= s["win_share"] <= s["interval"][1] for s in data["seats"])
    assert 0 <= data["seat_p_value"] <= 1 and data["seat_chi_square"] >= 0


def test_cli_simulate_matches_the_library() -> None:
    """The ``simulate`` text is the library's SimulationResult.table(), line for line."""
    status, out, _ = _cli("simulate", "--games", "10", "--seed", "4", "--workers", "1")
    assert status == 0
    assert out == simulate(2, 10, seed=4, workers=1).table() + "\n"
    assert max(len(line) for line in out.splitlines()) <= 80


def test_on_game_sees_every_game_before_the_run_ends() -> None:
    """The per-game callback receives each finished game once, the same as the result's."""
    seen: list[object] = []
    result = run_arena(["greedy", "random"], 6, seed=2, workers=2, on_game=seen.append)
    assert sorted(seen, key=lambda g: g.index) == list(result.results)  # type: ignore[attr-defined]


class _Terminal(io.StringIO):
    """A captured standard error that claims to be a terminal."""

    def isatty(self) -> bool:
        return True


def test_cli_arena_progress_bar_only_on_a_terminal() -> None:
    """``arena`` draws its progress bar on a terminal's stderr, and erases it; a piped
    stderr gets nothing."""
    args = ["arena", "random", "random", "--games", "4", "--workers", "1"]
    assert _cli(*args)[2] == ""
    err = _Terminal()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        assert main(args) == 0
    assert "4/4 games" in err.getvalue() and err.getvalue().endswith("\r")
