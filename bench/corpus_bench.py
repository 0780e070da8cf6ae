"""``tmlog stats`` over a large corpus: cold and warm wall time, and peak memory.

Usage::

    python bench/corpus_bench.py [--games 10000] [--jobs 1 2] [--workdir DIR]

Builds a corpus of ``--games`` logs by repeating the 42 real games of
``tests/data/snellman-ledger`` under distinct content (each copy ends with a
comment row of its own, so every log has its own cache key and replays to the
same result as its original), then times ``tmlog stats`` on it:

* **cold**: ``--no-cache``, every log read, parsed and replayed, at each
  ``--jobs`` value;
* **warm**: the same run with a results cache that a previous run filled
  (the filling run is timed too, as ``fill``).

Peak memory is the largest resident set size of the ``tmlog`` process plus
its worker processes, sampled from ``/proc`` every 20 ms (Linux only).
Figures go to standard output as a table; run it on a quiet machine.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LEDGER_DIR = Path(__file__).resolve().parent.parent / "tests" / "data" / "snellman-ledger"


def build_corpus(target: Path, games: int) -> None:
    sources = sorted(LEDGER_DIR.glob("*.txt"))
    texts = [p.read_text(encoding="utf-8") for p in sources]
    target.mkdir(parents=True, exist_ok=True)
    for i in range(games):
        text = texts[i % len(texts)]
        (target / f"game{i:06d}.txt").write_text(f"{text} copy {i}\n", encoding="utf-8")


def _rss_kb(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def _children(pid: int) -> list[int]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children", encoding="ascii") as f:
            kids = [int(x) for x in f.read().split()]
    except OSError:
        return []
    out = list(kids)
    for kid in kids:
        out += _children(kid)
    return out


def timed(args: list[str]) -> tuple[float, float]:
    """Wall seconds and peak total RSS (MB) of a tmlog run."""
    start = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "tmlog", *args], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    peak = 0
    while proc.poll() is None:
        total = sum(_rss_kb(p) for p in [proc.pid, *_children(proc.pid)])
        peak = max(peak, total)
        time.sleep(0.02)
    wall = time.perf_counter() - start
    if proc.returncode != 0:
        err = proc.stderr.read().decode() if proc.stderr else ""
        raise SystemExit(f"tmlog {' '.join(args)} failed ({proc.returncode}):\n{err[-2000:]}")
    return wall, peak / 1024


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--workdir", type=Path, default=None)
    args = ap.parse_args()
    work = args.workdir or Path(tempfile.mkdtemp(prefix="tmlog-bench-"))
    corpus = work / "corpus"
    if not corpus.exists() or len(list(corpus.iterdir())) != args.games:
        shutil.rmtree(corpus, ignore_errors=True)
        build_corpus(corpus, args.games)
    print(f"{args.games} logs in {corpus}; {os.cpu_count()} cores")
    print(f"{'run':28} {'wall s':>8} {'games/s':>8} {'peak MB':>8}")

    def show(label: str, wall: float, peak: float) -> None:
        print(f"{label:28} {wall:8.2f} {args.games / wall:8.1f} {peak:8.1f}", flush=True)

    base = ["stats", str(corpus), "--quiet"]
    for jobs in args.jobs:
        wall, peak = timed([*base, "--no-cache", "--jobs", str(jobs)])
        show(f"cold --jobs {jobs}", wall, peak)
    cache = work / "cache"
    shutil.rmtree(cache, ignore_errors=True)
    jobs = max(args.jobs)
    wall, peak = timed([*base, "--cache", str(cache), "--jobs", str(jobs)])
    show(f"fill cache --jobs {jobs}", wall, peak)
    for jobs in args.jobs:
        wall, peak = timed([*base, "--cache", str(cache), "--jobs", str(jobs)])
        show(f"warm --jobs {jobs}", wall, peak)
    if not args.workdir:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
