"""``tmlog report DIR -o stats.html`` over a large corpus: cold and warm, as a whole process.

Usage::

    python bench/report_bench.py [--games 10000] [--workdir DIR] [--warm-runs 2]

Builds the corpus of :mod:`corpus_bench` (``--games`` distinct logs, copies of
the 42 real games of ``tests/data/snellman-ledger``), then writes its
dashboard with a results cache of its own (``XDG_CACHE_HOME`` pointed into the
work folder, as ``tmlog report`` takes the user's cache):

* **cold**: the cache empty; every log read, parsed and replayed, and the
  cache filled;
* **warm**: the same command again, every record read from the cache (issue
  26's target: under 10 s for 10,000 logs).

Wall and CPU seconds (the process and the workers it waited for), the main
process's own CPU seconds and peak memory are :func:`corpus_bench.timed`'s;
the page's size is printed too. With ``--profile FILE`` the last warm run is
also run under cProfile, its statistics written to FILE.

Those logs hold 42 games: the copies differ in a comment only, and the
dashboard, as ``tmlog stats``, counts a game once (the others are left out
as duplicates, and said). So the runs time reading 10,000 logs from the
cache; ``--distinct`` times the other part, the page of that many *distinct*
games: the 42 games' records, each copy under an id of its own, given
in-process to the function ``tmlog report DIR`` writes its page with
(:func:`tmlog.cli.reporting.corpus_html`: players rated, every table, the
HTML), with its CPU and wall seconds and the page's size (``--profile`` then
profiles that instead).
"""

from __future__ import annotations

import argparse
import cProfile
import dataclasses
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus_bench import LEDGER_DIR, build_corpus, timed


def distinct(games: int, work: Path, profile: Path | None) -> None:
    """The page of ``games`` distinct games, timed in-process (see the module)."""
    from tmlog.cli.gathering import Failures, gather_records
    from tmlog.cli.reporting import corpus_html
    from tmlog.cli.shell import CorpusSettings

    originals = list(
        gather_records(
            (str(LEDGER_DIR),),
            None,
            Failures(defer=True),
            CorpusSettings(no_cache=True),
            tables=("games", "factions", "vp"),
            vp_variant=None,
            warn=False,
        )
    )
    records = [
        dataclasses.replace(originals[i % len(originals)], game=f"game{i:06d}.txt")
        for i in range(games)
    ]
    profiler = cProfile.Profile() if profile is not None else None
    wall, cpu = time.perf_counter(), time.process_time()
    if profiler is not None:
        profiler.enable()
    page = corpus_html(records, title="bench", links={})
    if profiler is not None:
        profiler.disable()
        profiler.dump_stats(str(profile))
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    (work / "distinct.html").write_text(page, encoding="utf-8")
    print(f"{games} distinct games (records in memory): the page in {wall:.2f} s wall,")
    print(f"{cpu:.2f} s CPU; {len(page.encode()) / 1e6:.2f} MB", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--workdir", type=Path, default=None)
    ap.add_argument("--warm-runs", type=int, default=2, help="warm runs after the cold one")
    ap.add_argument("--no-cold", action="store_true", help="keep the cache a run filled")
    ap.add_argument("--profile", type=Path, default=None, help="cProfile one more warm run")
    ap.add_argument(
        "--distinct", action="store_true", help="time the page of --games distinct games"
    )
    args = ap.parse_args()
    work = (args.workdir or Path(tempfile.mkdtemp(prefix="tmlog-report-bench-"))).resolve()
    if args.distinct:
        work.mkdir(parents=True, exist_ok=True)
        distinct(args.games, work, args.profile)
        return
    corpus = work / "corpus"
    if not corpus.exists() or len(list(corpus.iterdir())) != args.games:
        shutil.rmtree(corpus, ignore_errors=True)
        build_corpus(corpus, args.games)
    cache = work / "cache"
    page = work / "stats.html"
    # `tmlog report` reads and fills the user's cache: this run's own, here.
    os.environ["XDG_CACHE_HOME"] = str(cache)
    print(f"{args.games} logs in {corpus}; {os.cpu_count()} cores")
    print(
        f"{'run':8} {'wall s':>8} {'CPU s':>8} {'main CPU s':>10} {'peak MB':>8}"
        f" {'page MB':>8} {'load before/after':>18}"
    )
    command = ["report", str(corpus), "-o", str(page), "--force"]

    def show(label: str) -> None:
        before = os.getloadavg()[0]
        wall, cpu, own, peak = timed(command)
        after = os.getloadavg()[0]
        size = page.stat().st_size / 1e6
        print(
            f"{label:8} {wall:8.2f} {cpu:8.2f} {own:10.2f} {peak:8.1f} {size:8.2f}"
            f" {before:8.2f} /{after:7.2f}",
            flush=True,
        )

    if not args.no_cold:
        shutil.rmtree(cache, ignore_errors=True)
        show("cold")
    for _ in range(args.warm_runs):
        show("warm")
    if args.profile is not None:
        profiled = [sys.executable, "-m", "cProfile", "-o", str(args.profile.resolve())]
        subprocess.run(
            [*profiled, "-m", "tmlog", *command],
            check=True,
            stdout=subprocess.DEVNULL,
            cwd=tempfile.gettempdir(),
        )
        print(f"profile of a warm run: {args.profile}")
    if not args.workdir:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
