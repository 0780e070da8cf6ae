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

CPU time is that of the ``tmlog`` process and the workers it waited for
(``wait4``): on a busy machine it says more than wall time. ``main CPU s``
is the ``tmlog`` process's own share (its last ``/proc/PID/stat`` sample
before it ended, so up to 20 ms short): what the process that hands out
the logs and takes the results back costs beside the workers. Peak memory
is the largest resident set size of the ``tmlog`` process plus its worker
processes, sampled from ``/proc`` every 20 ms (Linux only). The load
average before and after each run is shown, as the other figures mean
little without it. Figures go to standard output as a table; run it on a
quiet machine.
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


def _own_cpu(pid: int) -> float | None:
    """CPU seconds of the process itself so far (not its children)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


Figures = tuple[float, float, float, float]


def timed(args: list[str]) -> Figures:
    """Wall seconds, CPU seconds (the run and its workers), the main process's
    own CPU seconds and peak total RSS (MB) of a run."""
    env = dict(os.environ)
    # As for a user: Python keeps the compiled modules (a session that sets
    # PYTHONDONTWRITEBYTECODE would time the compiling of every module instead).
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    start = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "tmlog", *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=env,
        cwd=tempfile.gettempdir(),  # `python -m` would look in the working directory first
    )
    peak = 0
    own = 0.0
    while True:
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            break
        total = sum(_rss_kb(p) for p in [proc.pid, *_children(proc.pid)])
        peak = max(peak, total)
        own = _own_cpu(proc.pid) or own
        time.sleep(0.02)
    wall = time.perf_counter() - start
    # wait4 counts the CPU time of the workers the run waited for, too.
    cpu = usage.ru_utime + usage.ru_stime
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        err = proc.stderr.read().decode() if proc.stderr else ""
        raise SystemExit(f"tmlog {' '.join(args)} failed ({proc.returncode}):\n{err[-2000:]}")
    return wall, cpu, own, peak / 1024


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--workdir", type=Path, default=None)
    ap.add_argument("--no-cold", action="store_true", help="skip the cold runs")
    ap.add_argument(
        "--no-warm", action="store_true", help="skip filling the cache and the warm runs"
    )
    ap.add_argument("--warm-runs", type=int, default=1, help="warm runs at each --jobs")
    args = ap.parse_args()
    work = (args.workdir or Path(tempfile.mkdtemp(prefix="tmlog-bench-"))).resolve()
    corpus = work / "corpus"
    if not corpus.exists() or len(list(corpus.iterdir())) != args.games:
        shutil.rmtree(corpus, ignore_errors=True)
        build_corpus(corpus, args.games)
    print(f"{args.games} logs in {corpus}; {os.cpu_count()} cores")
    print(
        f"{'run':24} {'wall s':>8} {'games/s':>8} {'CPU s':>8} {'main CPU s':>10}"
        f" {'CPU ms/game':>11} {'peak MB':>8} {'load before/after':>18}"
    )

    def show(label: str, run: list[str]) -> None:
        before = os.getloadavg()[0]
        wall, cpu, own, peak = timed(run)
        after = os.getloadavg()[0]
        print(
            f"{label:24} {wall:8.2f} {args.games / wall:8.1f} {cpu:8.2f} {own:10.2f}"
            f" {cpu / args.games * 1000:11.2f} {peak:8.1f} {before:8.2f} /{after:7.2f}",
            flush=True,
        )

    base = ["stats", str(corpus), "--quiet"]
    for jobs in [] if args.no_cold else args.jobs:
        show(f"cold --jobs {jobs}", [*base, "--no-cache", "--jobs", str(jobs)])
    cache = work / "cache"
    if not args.no_warm:
        shutil.rmtree(cache, ignore_errors=True)
        jobs = max(args.jobs)
        show(f"fill cache --jobs {jobs}", [*base, "--cache", str(cache), "--jobs", str(jobs)])
        for jobs in args.jobs:
            for _ in range(args.warm_runs):
                show(f"warm --jobs {jobs}", [*base, "--cache", str(cache), "--jobs", str(jobs)])
    if not args.workdir:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
