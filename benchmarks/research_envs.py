"""The research environments' three targets in one run: one table, each target met or not.

1. Through OpenSpiel's ``rl_environment``, Reversis steps/s at least those of OpenSpiel's Hearts
   (C++), with random agents; through PettingZoo at least 10,000 steps/s: the AEC adapter's
   ``env("reversis")`` and ``env("trente-et-un")`` (masked random actions), and the batch API's
   parallel wrapper ``academie.vector.pettingzoo_env.parallel_env("reversis")`` (a masked random
   action for the agent to act; every agent's information-state tensor at every step). The
   loops and their clock (the process's CPU time) are those of ``benchmarks/rl_steps.py``.
2. At least 1,000,000 Reversis steps/s with observations through ``academie.vector`` on this
   machine's cores, beside OpenSpiel's Hearts (C++, through pyspiel, the tensor of the player to
   act at each decision): ``N`` matches on one core and shared among numba's threads; wall
   clock, the loops of ``benchmarks/vector_steps.py``.
3. The worked training example, ``examples/train_trente_et_un.py``, and the duplicate-tournament
   figure it prints (run once after the rounds, with ``--quick`` when it takes that flag;
   :func:`training_example`).

The measures of 1 and 2 run in interleaved rounds (each measure in turn, so that the machine's
load falls on all alike); each figure is the median over the rounds. A step is one decision of
one match (chance outcomes not counted).

Run: ``.venv/bin/python benchmarks/research_envs.py [--rounds 3] [--round-seconds 2] [--size 4096]
[--no-training]`` (``pip install 'academie[fast,openspiel,pettingzoo]'``); about 70 s.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from rl_steps import PETTINGZOO_TARGET, pettingzoo_loop, rl_environment_loop  # noqa: E402
from vector_steps import TARGET as VECTOR_TARGET  # noqa: E402
from vector_steps import hearts_loop, vector_loop  # noqa: E402

CLOCK = time.process_time
TRAINING = HERE.parent / "examples" / "train_trente_et_un.py"


def parallel_loop(seed: int) -> Callable[[float], float]:
    """A measure: steps/s (per CPU second) of the parallel wrapper of the batch API over
    Reversis (the game's default options, four seats), a masked random action
    (``action_space(agent).sample(mask)``) for the agent to act, a new match when one ends."""
    from academie.vector.pettingzoo_env import parallel_env

    env = parallel_env("reversis")
    box = list(env.reset(seed=seed))
    for agent in env.possible_agents:
        env.action_space(agent).seed(seed)

    def measure(seconds: float) -> float:
        steps, t0 = 0, CLOCK()
        observations, infos = box
        while True:
            if not env.agents:
                observations, infos = env.reset()
            agent = next(a for a in env.agents if infos[a]["to_act"])
            action = env.action_space(agent).sample(observations[agent]["action_mask"])
            observations, _, _, _, infos = env.step({agent: action})
            steps += 1
            if steps % 64 == 0 and CLOCK() - t0 >= seconds:
                break
        box[:] = observations, infos
        return steps / (CLOCK() - t0)

    return measure


# --- target 3: the training example, run as a user runs it ---
def training_example(timeout: float = 600.0) -> tuple[str, bool | None]:
    """Target 3: run ``examples/train_trente_et_un.py`` (with ``--quick`` when its ``--help``
    names that flag) and return ``(its figure, met)``: the last line it printed and True when it
    ran to the end; ``met`` None when the example is absent (not run)."""
    if not TRAINING.exists():
        return "not run (examples/train_trente_et_un.py absent)", None
    command = [sys.executable, str(TRAINING)]
    try:
        helped = subprocess.run(command + ["--help"], capture_output=True, text=True, timeout=60)
        if "--quick" in helped.stdout:
            command.append("--quick")
        t0 = time.perf_counter()
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return f"not finished within {timeout:g} s ({' '.join(command[1:])})", False
    lines = [line.strip() for line in done.stdout.splitlines() if line.strip()]
    wall = time.perf_counter() - t0
    if done.returncode != 0 or not lines:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return f"failed (exit {done.returncode}): {last[:100]}", False
    return f"{lines[-1][:100]} ({wall:.0f} s)", True


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="rounds of each measure (default 3)")
    parser.add_argument("--round-seconds", type=float, default=2.0,
                        help="seconds per measure and round (CPU for 1, wall for 2; default 2)")
    parser.add_argument("--size", type=int, default=4096, help="matches N of academie.vector (default 4096)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-training", action="store_true", help="do not run the training example (target 3)")
    args = parser.parse_args(argv)
    import numba

    threads = numba.get_num_threads()
    seed, n = args.seed, args.size
    # name -> (measure, clock); vector and pyspiel measures return (steps/s, CPU s per wall s)
    rl = {
        "rl_reversis": ('rl_environment "python_academie_reversis"', rl_environment_loop("python_academie_reversis", seed)),
        "rl_hearts": ('rl_environment "hearts" (C++)', rl_environment_loop("hearts", seed)),
        "pz_reversis": ('PettingZoo env("reversis")', pettingzoo_loop("reversis", seed)),
        "pz_trente": ('PettingZoo env("trente-et-un")', pettingzoo_loop("trente-et-un", seed)),
        "pz_parallel": ('PettingZoo parallel_env("reversis") (batch API)', parallel_loop(seed)),
    }
    wall = {
        "vec_one": (f"academie.vector reversis N={n}, one core", vector_loop(n, False, seed)),
        "vec_par": (f"academie.vector reversis N={n}, {threads} threads", vector_loop(n, True, seed)),
        "hearts": ("pyspiel hearts (C++), information_state_tensor", hearts_loop(seed)),
    }
    figures: dict[str, list[float]] = {key: [] for key in (*rl, *wall)}
    cpu: dict[str, list[float]] = {key: [] for key in wall}
    t0 = time.perf_counter()
    for _ in range(args.rounds):
        for key, (_, measure) in rl.items():
            figures[key].append(measure(args.round_seconds))
        for key, (_, measure) in wall.items():
            rate, load = measure(args.round_seconds)
            figures[key].append(rate)
            cpu[key].append(load)
    rounds_wall = time.perf_counter() - t0
    median = {key: statistics.median(values) for key, values in figures.items()}
    names = {key: name for key, (name, _) in (*rl.items(), *wall.items())}

    def verdict(ratio: float) -> str:
        return "met" if ratio >= 1 else "NOT met"

    width = max(map(len, names.values())) + 2
    print(f"{args.rounds} interleaved rounds of {args.round_seconds:g} s each ({rounds_wall:.0f} s), medians;"
          f" range in brackets")
    print(f"{'target / measure':<{width}}  {'steps/s':>11}  {'clock':<9} {'ratio':>7}  verdict")

    def row(key: str, clock: str, ratio: float | None = None, target: str = "") -> None:
        values = figures[key]
        spread = f"[{min(values):,.0f}–{max(values):,.0f}]"
        tail = f"{ratio:7.2f}× {target}: {verdict(ratio)}" if ratio is not None else ""
        print(f"  {names[key]:<{width - 2}}  {median[key]:>11,.0f}  {clock:<9} {tail}  {spread}")

    print("1. rl_environment: Reversis ≥ Hearts (C++); PettingZoo ≥ 10,000 steps/s")
    row("rl_reversis", "cpu", median["rl_reversis"] / median["rl_hearts"], "Hearts")
    row("rl_hearts", "cpu")
    for key in ("pz_reversis", "pz_trente", "pz_parallel"):
        row(key, "cpu", median[key] / PETTINGZOO_TARGET, "10,000")
    print(f"2. academie.vector: ≥ 1,000,000 Reversis steps/s with observations, beside Hearts (C++)")
    for key in ("vec_one", "vec_par"):
        load = statistics.median(cpu[key])
        row(key, f"wall {load:3.1f}c", median[key] / VECTOR_TARGET, "1,000,000")
        print(f"  {'':<{width - 2}}  {median[key] / median['hearts']:>10,.1f}× pyspiel Hearts")
    row("hearts", f"wall {statistics.median(cpu['hearts']):3.1f}c")
    print("3. the worked training example (examples/train_trente_et_un.py)")
    if args.no_training:
        figure, met = "not run (--no-training)", None
    else:
        figure, met = training_example()
    state = "not run" if met is None else verdict(1.0 if met else 0.0)
    print(f"  {figure}: {state}")
    print("(clock: cpu = steps per CPU second of this process; wall = per wall second, with the CPU seconds"
          " spent per wall second, 'c', beside: 2 with two threads running at once)")


if __name__ == "__main__":
    main()
