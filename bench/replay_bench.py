"""Parse + replay + audit time per game over the corpus, and peak memory.

Usage::

    python bench/replay_bench.py [LEDGER_DIR] [--rounds N]

``LEDGER_DIR`` defaults to ``tests/data/snellman-ledger`` (the 42 corpus
games). Files are read up front; each game is then parsed, replayed and
audited (every recorded value compared), on one core, the way ``tmlog
audit`` runs them (with the corpus runner's garbage-collector setting). The
first pass runs with an empty parse memo (cold); later passes are warm.
Per-stage medians are taken over the games of the best pass, in wall-clock
time and in the process's CPU time (``time.process_time``: less disturbed
by other work on a shared machine), and the warm CPU means (the corpus
target is per game on average). A last line times ``replay(log,
rows=False)`` alone, the replay ``tmlog stats`` and ``validate`` run (no
ledger rows kept), in CPU time over the same rounds. Peak memory is the
process's maximum resident set size after the whole run (``ru_maxrss``).

For instruction counts, run it under ``valgrind --tool=callgrind`` with
``--rounds 1`` and ``--rounds 2``: the difference is one warm pass.
"""

from __future__ import annotations

import argparse
import platform
import resource
import statistics
import sys
import time
from pathlib import Path

from tmlog.corpus import _fewer_collections
from tmlog.games.terra_mystica.audit import audit
from tmlog.games.terra_mystica.parse import clear_cache, parse_log
from tmlog.games.terra_mystica.parse.grammar import commands_parser, ledger_parser
from tmlog.games.terra_mystica.replay import replay
from tmlog.games.terra_mystica.replay.stream import LogLike
from tmlog.reading import read_text

DEFAULT_DIR = Path(__file__).resolve().parent.parent / "tests" / "data" / "snellman-ledger"


Times = tuple[float, float, float]
"""Parse, replay and audit of one game, in ms."""


def one_pass(texts: list[tuple[str, str]]) -> tuple[list[Times], list[Times]]:
    """Wall-clock and CPU times of each game."""
    with _fewer_collections():
        return _one_pass(texts)


def _one_pass(texts: list[tuple[str, str]]) -> tuple[list[Times], list[Times]]:
    wall: list[Times] = []
    cpu: list[Times] = []
    clock = time.perf_counter
    cpu_clock = time.process_time
    for name, text in texts:
        c0, t0 = cpu_clock(), clock()
        log = parse_log(text, source=name)
        c1, t1 = cpu_clock(), clock()
        result = replay(log)
        c2, t2 = cpu_clock(), clock()
        report = audit(log, result)
        c3, t3 = cpu_clock(), clock()
        if not report.ok:
            raise SystemExit(f"{name}: audit failed: {report.divergences[:3]} {report.error}")
        wall.append(((t1 - t0) * 1000, (t2 - t1) * 1000, (t3 - t2) * 1000))
        cpu.append(((c1 - c0) * 1000, (c2 - c1) * 1000, (c3 - c2) * 1000))
    return wall, cpu


def rowless_pass(logs: list[tuple[str, LogLike]]) -> list[float]:
    """CPU ms of each game's replay without ledger rows (what ``stats`` and ``validate`` run)."""
    cpu_clock = time.process_time
    out: list[float] = []
    with _fewer_collections():
        for _, log in logs:
            c0 = cpu_clock()
            replay(log, rows=False)
            out.append((cpu_clock() - c0) * 1000)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("directory", nargs="?", type=Path, default=DEFAULT_DIR)
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    paths = sorted(args.directory.glob("*.txt"))
    texts = [(p.name, read_text(str(p))) for p in paths]
    ledger_parser()
    commands_parser()

    clear_cache()
    cold, cold_cpu = one_pass(texts)
    warm = [one_pass(texts) for _ in range(args.rounds)]
    best, _ = min(warm, key=lambda run: sum(sum(t) for t in run[0]))
    best_cpu = min((run[1] for run in warm), key=lambda run: sum(sum(t) for t in run))

    def show(label: str, run: list[Times]) -> None:
        total = [sum(t) for t in run]
        parse = [t[0] for t in run]
        rep = [t[1] for t in run]
        aud = [t[2] for t in run]
        print(
            f"{label:8} total median {statistics.median(total):6.2f} ms"
            f"  p90 {statistics.quantiles(total, n=10)[-1]:6.2f}"
            f"  | parse {statistics.median(parse):5.2f}"
            f"  replay {statistics.median(rep):5.2f}"
            f"  audit {statistics.median(aud):5.2f}"
        )

    logs = [(name, parse_log(text, source=name)) for name, text in texts]
    rowless = min((rowless_pass(logs) for _ in range(args.rounds)), key=sum)

    print(f"{len(texts)} games, Python {platform.python_version()}, {platform.machine()}")
    show("cold", cold)
    show("warm", best)
    show("cold cpu", cold_cpu)
    show("warm cpu", best_cpu)
    for label, run in (("warm cpu", best_cpu),):
        means = [statistics.fmean(t[i] for t in run) for i in range(3)]
        print(
            f"{label:8} total mean   {sum(means):6.2f} ms"
            f"  | parse {means[0]:5.2f}  replay {means[1]:5.2f}  audit {means[2]:5.2f}"
        )
    print(
        f"replay without rows, warm cpu: median {statistics.median(rowless):5.2f} ms"
        f"  mean {statistics.fmean(rowless):5.2f} ms"
    )
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    scale = 1 if sys.platform == "darwin" else 1024
    print(f"peak memory (max RSS) {rss * scale / 2**20:.1f} MB")


if __name__ == "__main__":
    main()
