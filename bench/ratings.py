"""Ratings over a large results file: read, rate, and the whole ``tmlog ratings`` command.

Usage::

    python bench/ratings.py [--games 100000] [--players 5000] [--seed 7] [--repeat 3]

Writes a synthetic results file of ``--games`` games (the seeded generator of
the rating tests, ``tests/ratings_synth.py``: 2-5 players a game, about 3.8
results per game) to a temporary directory, then times, best of
``--repeat``:

* **read**: :func:`tmlog.games.terra_mystica.results.read_results` (JSON
  parsed and every field checked);
* **rate**: :func:`tmlog.games.terra_mystica.ratings.compute_ratings` (3 passes over every
  pairwise match);
* **command**: ``tmlog ratings FILE --format csv`` in a new process, start-up
  and output included.

The target is 100,000 results in under 10 s. Figures go to standard output;
run it on a quiet machine.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.ratings_synth import synthetic_text  # noqa: E402
from tmlog.games.terra_mystica.ratings import compute_ratings  # noqa: E402
from tmlog.games.terra_mystica.results import read_results  # noqa: E402


def best(repeat: int, func: Callable[[], object]) -> tuple[float, float]:
    """Best wall time and best CPU time (this process and its children) of ``repeat`` runs.

    Both are given: on a shared machine the wall time also counts the waits
    for a core, the CPU time does not.
    """
    walls, cpus = [], []
    for _ in range(repeat):
        cpu = _cpu()
        start = time.perf_counter()
        func()
        walls.append(time.perf_counter() - start)
        cpus.append(_cpu() - cpu)
    return min(walls), min(cpus)


def _cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "results.json"
        path.write_text(synthetic_text(args.seed, args.games, args.players), encoding="utf-8")
        games = read_results(str(path))
        results = sum(len(g.players) for g in games)
        ratings = compute_ratings(games)
        print(
            f"{len(games):,} games, {results:,} results ({path.stat().st_size / 2**20:.1f} MB);"
            f" {ratings.games:,} games rated, {len(ratings.players):,} players with 5+ games"
        )
        read = best(args.repeat, lambda: read_results(str(path)))
        rate = best(args.repeat, lambda: compute_ratings(games))
        command = [sys.executable, "-m", "tmlog", "ratings", str(path), "--format", "csv"]
        if not (ROOT / "tmlog" / "__main__.py").exists():
            command = ["tmlog", "ratings", str(path), "--format", "csv"]
        whole = best(
            args.repeat,
            lambda: subprocess.run(command, check=True, capture_output=True),
        )
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print("          wall     CPU")
    for name, (wall, cpu) in (("read", read), ("rate", rate), ("command", whole)):
        print(f"{name:8s} {wall:6.2f} s {cpu:6.2f} s")
    print("target: 100,000 results in under 10 s")


if __name__ == "__main__":
    main()
