"""Train a MaskablePPO agent by self-play, then count its wins against RandomPlayer.

Needs PyTorch and sb3-contrib, which drako-rules does not depend on; install them beside
the ``rl`` extra, for instance in a virtual environment of their own::

    python -m pip install '.[rl]' torch sb3-contrib
    python examples/train_selfplay.py --minutes 30 --out selfplay.zip

The recipe is PettingZoo's for action-masked PPO with Stable-Baselines3 (``MaskablePPO``
with an ``"MlpPolicy"``, the mask from the environment's ``action_masks()``), with one
change: the environment is ``drako_rules.env.SelfPlayEnv`` rather than the recipe's
wrapper of the AEC environment, so that every seat gets its own terminal reward. The
opponents' pool is refreshed as the agent trains: the last ``--pool`` frozen copies of the
learner (NumPy copies of its policy network, which sample as it does) and one
``RandomPlayer``. Training stops after ``--steps`` steps or ``--minutes`` minutes, whichever
comes first; then the agent (deterministic: its most likely legal action) plays ``--games``
seeded 2-player games against ``RandomPlayer`` in ``SingleAgentEnv``, half in each seat,
and the script prints its win rate with a 95 % Wilson interval.

Only ``main`` and ``FrozenPolicy.of`` import torch and sb3-contrib: the environment part
(the environments, the schedule of the opponents' pool, the NumPy copy of a network, the
evaluation and the interval) needs the ``rl`` extra alone, and the test suite runs it
without torch.
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import numpy as np

from drako_rules import RandomPlayer
from drako_rules.env import SelfPlayEnv, SingleAgentEnv, policy_player
from drako_rules.game import Player

if TYPE_CHECKING:
    from sb3_contrib import MaskablePPO

#: A layer of a network: its weights and its biases.
Layer = tuple[np.ndarray, np.ndarray]


class FrozenPolicy:
    """A NumPy copy of the learner's policy network: samples its masked softmax."""

    def __init__(self, layers: Sequence[Layer], out: Layer, seed: int) -> None:
        self.layers = list(layers)
        self.out = out
        self.rng = np.random.default_rng(seed)

    @classmethod
    def of(cls, model: MaskablePPO, seed: int) -> FrozenPolicy:
        """A copy of the policy network of ``model``, a MaskablePPO (needs torch)."""
        import torch

        policy = model.policy
        linear = [m for m in policy.mlp_extractor.policy_net if isinstance(m, torch.nn.Linear)]
        layers = [
            (m.weight.detach().numpy().copy(), m.bias.detach().numpy().copy()) for m in linear
        ]
        out = (
            policy.action_net.weight.detach().numpy().copy(),
            policy.action_net.bias.detach().numpy().copy(),
        )
        return cls(layers, out, seed)

    def __call__(self, observation: np.ndarray, mask: np.ndarray) -> int:
        x = observation
        for weight, bias in self.layers:
            x = np.tanh(weight @ x + bias)  # the default activation of SB3's MlpPolicy
        logits = np.where(mask, self.out[0] @ x + self.out[1], -np.inf)
        p = np.exp(logits - logits.max())
        return int(self.rng.choice(len(p), p=p / p.sum()))


def make_env() -> SelfPlayEnv:
    """One training environment: 2-player self-play."""
    return SelfPlayEnv(players=2)


class PoolSchedule:
    """Every ``every`` steps, adds a frozen copy of the learner to the opponents' pool (the
    last ``size`` copies and one RandomPlayer); stops training after ``seconds`` of wall
    time."""

    def __init__(self, every: int, size: int, seconds: float) -> None:
        self.every, self.size, self.seconds = every, size, seconds
        self.frozen: list[FrozenPolicy] = []
        self.start = time.monotonic()
        self.next_copy = every

    def on_step(
        self,
        steps: int,
        freeze: Callable[[int], FrozenPolicy],
        set_pool: Callable[[list[Player]], object],
    ) -> bool:
        """After ``steps`` steps in all: refresh the pool when due (``freeze(seed)`` copies
        the learner, ``set_pool`` gives the pool to every environment); False to stop."""
        if steps >= self.next_copy:
            self.next_copy += self.every
            self.frozen = [*self.frozen, freeze(len(self.frozen))][-self.size :]
            pool = [policy_player(f) for f in self.frozen] + [RandomPlayer(steps)]
            set_pool(pool)
            elapsed = time.monotonic() - self.start
            print(f"{steps} steps, {elapsed:.0f} s: pool of {len(pool)}", flush=True)
        return time.monotonic() - self.start < self.seconds


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion."""
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def evaluate(choose: Callable[[np.ndarray, np.ndarray], int], games: int) -> tuple[int, int, int]:
    """Wins, ties and losses against RandomPlayer over ``games`` seeded games of the agent
    that plays ``choose(observation, mask)``."""
    wins = ties = losses = 0
    for game in range(games):
        env = SingleAgentEnv(opponents=[RandomPlayer(10_000 + game)], seat=game % 2)
        obs, _ = env.reset(seed=game)
        done, reward = False, 0.0
        while not done:
            action = choose(obs["observation"], env.action_masks())
            obs, reward, terminated, truncated, _ = env.step(action)
            done = terminated or truncated
        wins += reward > 0
        ties += reward == 0
        losses += reward < 0
    return wins, ties, losses


def cpu_name() -> str:
    """The processor's model name, where Linux tells it."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown processor"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=5_000_000, help="most training steps")
    parser.add_argument("--minutes", type=float, default=30.0, help="most training wall time")
    parser.add_argument("--envs", type=int, default=8, help="environments stepped together")
    parser.add_argument("--every", type=int, default=50_000, help="steps between frozen copies")
    parser.add_argument("--pool", type=int, default=5, help="frozen copies kept in the pool")
    parser.add_argument("--games", type=int, default=200, help="evaluation games")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default="selfplay.zip", help="where to save the model; - not")
    args = parser.parse_args()
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.env_util import make_vec_env

    torch.set_num_threads(1)

    class SelfPlayPool(BaseCallback):  # type: ignore[misc]
        """The schedule of the pool, as a callback of Stable-Baselines3."""

        def __init__(self, schedule: PoolSchedule) -> None:
            super().__init__()
            self.schedule = schedule

        def _on_step(self) -> bool:
            return self.schedule.on_step(
                self.num_timesteps,
                lambda seed: FrozenPolicy.of(self.model, seed),
                lambda pool: self.training_env.env_method("set_opponents", pool),
            )

    vec_env = make_vec_env(make_env, n_envs=args.envs, seed=args.seed)
    model = MaskablePPO(
        "MlpPolicy", vec_env, n_steps=256, batch_size=256, seed=args.seed, verbose=0
    )
    pool = SelfPlayPool(PoolSchedule(args.every, args.pool, args.minutes * 60))
    start = time.monotonic()
    model.learn(total_timesteps=args.steps, callback=pool)
    trained = time.monotonic() - start
    if args.out != "-":
        model.save(args.out)

    def choose(observation: np.ndarray, mask: np.ndarray) -> int:
        action, _ = model.predict(observation, action_masks=mask, deterministic=True)
        return int(action)

    wins, ties, losses = evaluate(choose, args.games)
    low, high = wilson(wins, args.games)
    print(f"machine: {cpu_name()}, {os.cpu_count()} cores, {platform.machine()}")
    print(f"python {platform.python_version()}, torch {torch.__version__}, 1 thread")
    print(f"trained {model.num_timesteps} steps in {trained / 60:.1f} min")
    print(
        f"against RandomPlayer, {args.games} games: {wins} won, {ties} tied, {losses} lost; "
        f"win rate {wins / args.games:.1%} (95 % Wilson interval {low:.1%}–{high:.1%})"
    )


if __name__ == "__main__":
    main()
