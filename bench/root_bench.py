"""Root's parse + replay time per real game, in process and as a whole process.

Usage::

    python bench/root_bench.py [ROOTLOG_DIR] [--rounds N] [--runs K]

``ROOTLOG_DIR`` defaults to ``tests/data/rootlog`` (the 8 real games).

In process: each file is read up front, then parsed (``GAME.parse``, the
Rootlog grammar; the first pass also builds the parser) and replayed on the
board (``GAME.replay``) ``N`` times; per game, the fastest time of each stage
in the process's CPU time (``time.process_time``, little disturbed by other
work on a shared machine), and the median over the games.

Whole process: ``tmlog validate GAME`` (parse, replay, the one-line summary),
``K`` runs per game after one warm-up run (so the grammar's table cache and
the ``.pyc`` files are warm, as for a user's second run); per game, the
fastest CPU time of the child (user + system, from ``wait4``) and wall time.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from tmlog.games.root.game import GAME

DEFAULT_DIR = Path(__file__).resolve().parent.parent / "tests" / "data" / "rootlog"


def in_process(files: list[Path], rounds: int) -> dict[str, tuple[float, float]]:
    """Per game: the fastest parse and replay, in CPU ms."""
    data = {path.name: path.read_bytes() for path in files}
    best: dict[str, tuple[float, float]] = {}
    clock = time.process_time
    for _ in range(rounds):
        for name, text in data.items():
            start = clock()
            log = GAME.parse(text, source=name)
            parsed = clock()
            result = GAME.replay(log)
            done = clock()
            assert result.error is None, result.error
            times = ((parsed - start) * 1e3, (done - parsed) * 1e3)
            old = best.get(name)
            best[name] = times if old is None else (min(old[0], times[0]), min(old[1], times[1]))
    return best


def whole_process(path: Path, runs: int) -> tuple[float, float]:
    """The fastest CPU and wall time (ms) of ``tmlog validate PATH`` over ``runs`` runs."""
    argv = [sys.executable, "-m", "tmlog", "validate", str(path)]
    cpu: list[float] = []
    wall: list[float] = []
    for i in range(runs + 1):
        start = time.perf_counter()
        child = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(child.pid, 0)
        elapsed = (time.perf_counter() - start) * 1e3
        if os.waitstatus_to_exitcode(status) != 0:
            raise SystemExit(f"tmlog validate {path} failed")
        if i:  # the first run warms the caches
            cpu.append((usage.ru_utime + usage.ru_stime) * 1e3)
            wall.append(elapsed)
    return min(cpu), min(wall)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    ap.add_argument("folder", nargs="?", type=Path, default=DEFAULT_DIR)
    ap.add_argument("--rounds", type=int, default=20, help="in-process passes over the games")
    ap.add_argument("--runs", type=int, default=5, help="whole-process runs per game")
    args = ap.parse_args()
    files = sorted(args.folder.glob("*.rootlog"))
    if not files:
        raise SystemExit(f"no .rootlog file in {args.folder}")
    best = in_process(files, args.rounds)
    print(f"{len(files)} Root games, {args.rounds} in-process passes, {args.runs} runs each")
    head = ("game", "parse ms", "replay ms", "sum", "process CPU", "wall")
    print(f"{head[0]:42} {head[1]:>9} {head[2]:>9} {head[3]:>7} {head[4]:>11} {head[5]:>7}")
    rows = []
    for path in files:
        parse_ms, replay_ms = best[path.name]
        cpu_ms, wall_ms = whole_process(path, args.runs)
        rows.append((parse_ms, replay_ms, cpu_ms, wall_ms))
        total = parse_ms + replay_ms
        times = f"{parse_ms:9.2f} {replay_ms:9.2f} {total:7.2f} {cpu_ms:11.1f} {wall_ms:7.1f}"
        print(f"{path.stem:42} {times}")
    med = [statistics.median(column) for column in zip(*rows, strict=True)]
    print(
        f"{'median':42} {med[0]:9.2f} {med[1]:9.2f} {med[0] + med[1]:7.2f} "
        f"{med[2]:11.1f} {med[3]:7.1f}"
    )


if __name__ == "__main__":
    main()
